//! The local-search puzzles in the list the page builds its form from (`GET /api/puzzles`,
//! and an exported page's own copy), marked `"kind": "local"`: each puzzle's fields, the seed
//! and sideways fields every one of them adds, and every local strategy with its rule.

use searchlab_core::catalog::Field;
use searchlab_core::local::LocalStrategy;
use serde::Serialize;

use crate::local_registry::LOCAL_PUZZLES;

/// The fields every local-search puzzle adds to its own on the page.
pub const LOCAL_OPTION_FIELDS: [Field; 2] = [
    Field { name: "seed", label: "Seed", example: "1" },
    Field { name: "sideways", label: "Sideways moves in a row", example: "0" },
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
    /// Every local strategy.
    pub strategies: Vec<LocalStrategyInfo>,
}

/// Every registered local-search puzzle.
pub fn local_puzzles() -> Vec<LocalPuzzleInfo> {
    LOCAL_PUZZLES
        .iter()
        .map(|p| LocalPuzzleInfo {
            kind: "local",
            name: p.name(),
            title: p.title(),
            fields: p.fields().iter().chain(&LOCAL_OPTION_FIELDS).copied().collect(),
            strategies: LocalStrategy::ALL
                .iter()
                .map(|&(name, s)| LocalStrategyInfo { name, title: s.title(), rule: s.rule() })
                .collect(),
        })
        .collect()
}
