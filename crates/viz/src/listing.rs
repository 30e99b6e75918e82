//! The list of puzzles the page builds its form from (`GET /api/puzzles`): each puzzle's
//! fields and strategies, with the frontier and the one-line rule derived from the options.

use searchlab_core::catalog::{ExpandedCount, Field, FrontierRule};
use serde::Serialize;

use crate::registry;

/// One strategy in the list of puzzles: its name, title and frontier.
#[derive(Debug, Clone, Serialize)]
pub struct StrategyInfo {
    /// The name requests use.
    pub name: &'static str,
    /// The name for people.
    pub title: &'static str,
    /// Discipline, priority and ties.
    #[serde(flatten)]
    pub frontier: FrontierRule,
    /// The frontier in a sentence.
    pub frontier_text: String,
    /// The rule in one line (frontier, ties, goal test, repeated states, limits).
    pub rule: String,
}

/// One registered puzzle, as `GET /api/puzzles` lists it.
#[derive(Debug, Clone, Serialize)]
pub struct PuzzleInfo {
    /// The name requests use.
    pub name: &'static str,
    /// The name for people.
    pub title: &'static str,
    /// The instance's fields, in form order.
    pub fields: &'static [Field],
    /// What "expanded" counts.
    pub expanded_counts: ExpandedCount,
    /// That count's name on the page.
    pub expanded_label: &'static str,
    /// The strategies, in order.
    pub strategies: Vec<StrategyInfo>,
    /// The start state of the fields' examples as a trace shows it: the page refuses a trace
    /// whose states have another shape.
    pub example_state: serde_json::Value,
}

/// Every registered puzzle with its fields and strategies, and the 15-puzzle by IDA*
/// ([`crate::ida`]) last.
pub fn puzzles() -> Vec<PuzzleInfo> {
    let mut list: Vec<PuzzleInfo> = registry::PUZZLES
        .iter()
        .map(|p| PuzzleInfo {
            name: p.name(),
            title: p.title(),
            fields: p.fields(),
            expanded_counts: p.expanded_count(),
            expanded_label: p.expanded_label(),
            example_state: p.example_state(),
            strategies: p
                .strategies()
                .iter()
                .map(|e| StrategyInfo {
                    name: e.name,
                    title: e.title(),
                    frontier: e.frontier(),
                    frontier_text: e.frontier().to_string(),
                    rule: crate::rules::rule_text(e),
                })
                .collect(),
        })
        .collect();
    list.push(crate::ida::info());
    list
}

/// The path-search puzzles ([`puzzles`]), then the local-search ones
/// ([`crate::local_listing::local_puzzles`]): the list `GET /api/puzzles` answers and an
/// exported page carries.
pub fn all_puzzles() -> Vec<serde_json::Value> {
    let path = puzzles().into_iter().map(|p| serde_json::to_value(p).unwrap_or_default());
    let local = crate::local_listing::local_puzzles().into_iter();
    path.chain(local.map(|p| serde_json::to_value(p).unwrap_or_default())).collect()
}
