//! How a solver searches: its heuristic, its node budget, parallel or not, its stop flag, how
//! duplicate paths are pruned and how its tables are laid out.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use crate::spec::HeuristicSpec;

/// How a [`Solver`](crate::Solver) searches.
#[derive(Debug, Clone, Default)]
pub struct SolverConfig {
    /// The heuristic; `None` picks the best available (see [`Solver::new`](crate::Solver::new)).
    pub heuristic: Option<HeuristicSpec>,
    /// Give up after generating this many nodes ([`crate::IdaOutcome::LimitReached`]).
    pub max_generated: Option<u64>,
    /// Search each iteration's subtrees on all rayon threads ([`crate::ida::ida_star_parallel`]).
    pub parallel: bool,
    /// A flag someone else raises to stop the search ([`crate::IdaOutcome::Interrupted`]).
    pub stop: Option<Arc<AtomicBool>>,
    /// Prune duplicate paths: forbid every move string of at most this many moves that an earlier
    /// string does the same as ([`MoveFsm`](crate::ida::MoveFsm)); the heuristic's name gains `+fsm<moves>`. `None`:
    /// only the move back to the parent is skipped, as in the published node counts. [`Solver::new`](crate::Solver::new)
    /// keeps the automaton in the cache folder ([`crate::ida::fsm_path`]).
    pub duplicate_pruning: Option<usize>,
    /// Search the compact tables as stored (each lookup ranks its placement) instead of copying
    /// them into direct tables indexed by cells ([`crate::pdb::DirectTable`]: the same values,
    /// faster lookups, about twice the memory). Dual lookups always use the compact tables.
    pub compact_tables: bool,
}
