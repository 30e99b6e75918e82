//! Fast optimal sliding-tile solving: IDA* with in-place moves and incremental heuristics
//! (Manhattan, linear conflicts, additive disjoint pattern databases with reflection).
//!
//! Boards, moves, parsing and parity are the N-puzzle crate's ([`searchlab_npuzzle::Board`],
//! [`searchlab_npuzzle::Direction`]). The entry point is [`Solver`]: configured once for a goal
//! (heuristic chosen, databases found or built), then [`Solver::solve`] per start board.
//!
//! Inside, boards are handled in *label* form ([`LabelBoard`]): every tile is renamed after its
//! goal cell, so any goal becomes the identity arrangement and pattern databases are keyed by goal
//! cells only. See `docs/solver.md` for the design and the measured figures.
//!
//! # Soundness
//!
//! No safe function reaches undefined behaviour: the search's unchecked indexing relies on
//! invariants kept in private fields ([`LabelBoard`], [`pdb::Pattern`], [`pdb::PdbTable`]) and
//! checked by their constructors. The move tables and the raw entry reader are not public:
//!
//! ```compile_fail
//! // The successor table the search indexes without checks cannot be built or truncated outside.
//! let grid = searchlab_solver::grid::Grid::new(3);
//! ```
//!
//! ```compile_fail
//! // Reading a packed entry goes through a checked `PdbTable`, never raw bytes.
//! let h = searchlab_solver::pdb::build::entry(&[], 8, 1000);
//! ```
//!
//! ```
//! use searchlab_solver::pdb::{Pattern, PdbTable};
//! let p = Pattern::new(3, 0, vec![1])?; // 9 placements
//! assert!(PdbTable::new(&p, 8, &[]).is_err());
//! assert_eq!(PdbTable::new(&p, 8, &[7; 9])?.entry(1000), None);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![warn(missing_docs)]

pub mod batch;
pub mod benchmarks;
mod error;
mod grid;
pub mod heuristic;
pub mod ida;
mod label;
pub mod manhattan;
pub mod pdb;
mod search_tables;
mod solver;
mod solver_config;
mod spec;
mod table_heuristics;

pub use error::{
    BatchError, BenchmarkError, BuildRefused, HeuristicError, LabelBoardError, PatternError, PdbError, SolverError,
};
pub use heuristic::{Add, Bpmx, Heuristic, Max, Zero};
pub use ida::{ida_star, ida_star_observed, ida_star_parallel, Counts, IdaConfig, IdaOutcome, IdaProgress, IdaReport};
pub use label::LabelBoard;
pub use manhattan::{LinearConflict, Manhattan};
pub use solver::{Solver, SolverConfig};
pub use spec::{HeuristicSpec, PARTITIONS_4X4, PARTITIONS_5X5};
pub use table_heuristics::PatternDatabases;
