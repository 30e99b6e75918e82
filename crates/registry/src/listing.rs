//! The list of puzzles the page builds its form from (`GET /api/puzzles`, and an exported
//! page's own copy), read from [`crate::PUZZLES`]: each path-search puzzle's fields and
//! strategies, with the frontier and the one-line rule derived from the options; the
//! 15-puzzle by IDA*; each local-search puzzle (marked `"kind": "local"`) with the seed and
//! sideways fields every one of them adds, and every local strategy with its rule.

use searchlab_core::catalog::{ExpandedCount, Field, FrontierRule};
use searchlab_core::local::LocalStrategy;
use searchlab_trace::rules;
use serde::Serialize;

use crate::ida;

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
    let mut list: Vec<PuzzleInfo> = crate::path_puzzles()
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
                    rule: rules::rule_text(e),
                })
                .collect(),
        })
        .collect();
    list.push(ida_info());
    list
}

/// IDA* as the 15-puzzle's one strategy in the list.
fn ida_strategy() -> StrategyInfo {
    StrategyInfo {
        name: "ida",
        title: "IDA*",
        frontier: ida::rule(),
        frontier_text: ida::FRONTIER_TEXT.into(),
        rule: ida::rule_text(),
    }
}

/// The 15-puzzle by IDA* ([`crate::ida`]) as `GET /api/puzzles` lists it.
fn ida_info() -> PuzzleInfo {
    PuzzleInfo {
        name: ida::NAME,
        title: "15-puzzle",
        fields: ida::FIELDS,
        expanded_counts: ExpandedCount::Expanded,
        expanded_label: "nodes expanded",
        strategies: vec![ida_strategy()],
        example_state: ida::FIELDS[0].example.split(',').map(|t| t.trim().parse::<u64>().unwrap_or(0)).collect(),
    }
}

/// The path-search puzzles ([`puzzles`]), then the local-search ones ([`local_listing`]):
/// the list `GET /api/puzzles` answers and an exported page carries.
pub fn all_puzzles() -> Vec<serde_json::Value> {
    let path = puzzles().into_iter().map(|p| serde_json::to_value(p).unwrap_or_default());
    let local = local_listing().into_iter();
    path.chain(local.map(|p| serde_json::to_value(p).unwrap_or_default())).collect()
}

/// The fields every local-search puzzle adds to its own on the page.
pub const LOCAL_OPTION_FIELDS: [Field; 2] = [
    Field { name: "seed", label: "Seed", example: "1", per_run: false },
    Field { name: "sideways", label: "Sideways moves in a row", example: "0", per_run: false },
];

/// One local strategy in the list of puzzles.
#[derive(Debug, Clone, Serialize)]
pub struct LocalStrategyInfo {
    /// The name requests use.
    pub name: &'static str,
    /// The name for people.
    pub title: &'static str,
    /// How it picks its next state.
    pub rule: &'static str,
}

/// One local-search puzzle, as `GET /api/puzzles` lists it.
#[derive(Debug, Clone, Serialize)]
pub struct LocalPuzzleInfo {
    /// Always `"local"`.
    pub kind: &'static str,
    /// The name requests use.
    pub name: &'static str,
    /// The name for people.
    pub title: &'static str,
    /// The puzzle's fields, then [`LOCAL_OPTION_FIELDS`].
    pub fields: Vec<Field>,
    /// What the value counts (`attacking pairs`), the page's word for it.
    pub value: &'static str,
    /// Every local strategy.
    pub strategies: Vec<LocalStrategyInfo>,
}

/// Every registered local-search puzzle.
pub fn local_listing() -> Vec<LocalPuzzleInfo> {
    crate::local_puzzles()
        .map(|p| LocalPuzzleInfo {
            kind: "local",
            name: p.name(),
            title: p.title(),
            fields: p.fields().iter().chain(&LOCAL_OPTION_FIELDS).copied().collect(),
            value: p.value_name(),
            strategies: LocalStrategy::ALL
                .iter()
                .map(|&(name, s)| LocalStrategyInfo { name, title: s.title(), rule: s.rule() })
                .collect(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_offers_every_local_strategy_with_the_seed_and_sideways_fields() {
        let list = local_listing();
        let queens = list.iter().find(|p| p.name == "queens").unwrap();
        let fields: Vec<&str> = queens.fields.iter().map(|f| f.name).collect();
        assert_eq!(fields, ["n", "seed", "sideways"]);
        assert_eq!(queens.value, "attacking pairs");
        assert_eq!(queens.strategies.len(), LocalStrategy::ALL.len());
    }
}
