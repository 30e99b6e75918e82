//! What an IDA* search is given and what it returns.

use std::sync::atomic::AtomicBool;

use searchlab_npuzzle::Direction;

use super::fsm::MoveFsm;
use super::progress::ProgressFn;

/// How a search may run: its node budget, its stop flag and whom it tells how far it got.
#[derive(Clone, Copy, Default)]
pub struct IdaConfig<'a> {
    /// Stop after generating this many nodes (exact on one thread; checked between iterations by
    /// [`crate::ida::ida_star_parallel`]).
    pub max_generated: Option<u64>,
    /// Raised by someone else (e.g. Ctrl-C) to stop the search; polled every ~65,536 expansions.
    pub stop: Option<&'a AtomicBool>,
    /// Told when each iteration begins and, on one thread, about every
    /// [`crate::ida::PROGRESS_PERIOD`] expansions within one (see [`crate::ida::IdaProgress`]).
    pub progress: Option<&'a ProgressFn<'a>>,
    /// Prune every path this automaton rejects (duplicate paths, [`MoveFsm`]); `None` prunes only
    /// the move back to the parent, as the published node counts do.
    pub fsm: Option<&'a MoveFsm>,
}

impl std::fmt::Debug for IdaConfig<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("IdaConfig")
            .field("max_generated", &self.max_generated)
            .field("stop", &self.stop)
            .field("progress", &self.progress.map(|_| "Fn(&IdaProgress)"))
            .field("fsm", &self.fsm)
            .finish()
    }
}

/// Counters of one search.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct Counts {
    /// Nodes whose children were generated.
    pub expanded: u64,
    /// Children generated (each node counted once per time it is generated; the root is not counted).
    pub generated: u64,
    /// Number of IDA* iterations (cost thresholds tried).
    pub iterations: u32,
}

/// What an IDA* search ended with.
#[derive(Debug, Clone, PartialEq)]
pub enum IdaOutcome {
    /// An optimal solution: the blank's moves from the start to the goal.
    Solved(Vec<Direction>),
    /// The goal cannot be reached (the parity rule); nothing was searched.
    Unsolvable,
    /// The node budget stopped the search; the last threshold completed is reported.
    LimitReached {
        /// The largest threshold fully searched (a lower bound on the optimal length).
        bound: u32,
    },
    /// The stop flag was raised.
    Interrupted,
}

/// The result of an IDA* search.
#[derive(Debug, Clone)]
pub struct IdaReport {
    /// How it ended.
    pub outcome: IdaOutcome,
    /// Node counts.
    pub counts: Counts,
    /// Heuristic value of the start.
    pub initial_h: u32,
    /// Wall-clock seconds spent searching.
    pub seconds: f64,
}
