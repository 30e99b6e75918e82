//! Why the course driver has no path to report: widths that differ, a board the parity rule
//! refuses, or a search that ran out of states, nodes or time.

use searchlab_core::Stats;
use thiserror::Error;

/// Why [`solve`](crate::solve) has no path to report.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SolveError {
    /// The board and the goal have different widths.
    #[error("the board is {board}x{board} but the goal is {goal}x{goal}")]
    WidthMismatch {
        /// The board's width.
        board: usize,
        /// The goal's width.
        goal: usize,
    },
    /// The parity rule says the goal cannot be reached.
    #[error(
        "this board cannot reach the goal: the tiles' permutation and the blank's distance have different parities"
    )]
    Unsolvable,
    /// The search explored every reachable state without meeting the goal (only without
    /// the parity check).
    #[error("the goal is unreachable: searched all {} reachable states", .stats.selected)]
    Exhausted {
        /// What the search did.
        stats: Stats,
    },
    /// The node budget stopped the search.
    #[error("stopped at the node budget of {limit} nodes before reaching the goal")]
    NodeLimit {
        /// The budget.
        limit: u64,
        /// What the search did until then.
        stats: Stats,
    },
    /// The interrupt flag stopped the search.
    #[error("interrupted before reaching the goal")]
    Interrupted {
        /// What the search did until then.
        stats: Stats,
    },
}

impl SolveError {
    /// The engine's statistics, for the errors that ran a search.
    pub fn stats(&self) -> Option<&Stats> {
        match self {
            SolveError::Exhausted { stats }
            | SolveError::NodeLimit { stats, .. }
            | SolveError::Interrupted { stats } => Some(stats),
            SolveError::WidthMismatch { .. } | SolveError::Unsolvable => None,
        }
    }
}
