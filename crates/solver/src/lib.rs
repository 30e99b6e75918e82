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

#![warn(missing_docs)]

pub mod benchmarks;
mod error;
mod grid;
pub mod heuristic;
pub mod ida;
mod label;
pub mod manhattan;
pub mod pdb;
mod solver;
mod spec;

pub use error::{BenchmarkError, HeuristicError, LabelBoardError, PatternError, PdbError, SolverError};
pub use heuristic::{Add, Heuristic, Max, Zero};
pub use ida::{ida_star, ida_star_observed, ida_star_parallel, Counts, IdaConfig, IdaOutcome, IdaReport};
pub use label::LabelBoard;
pub use manhattan::{LinearConflict, Manhattan};
pub use solver::{Solver, SolverConfig};
pub use spec::{HeuristicSpec, PARTITIONS_4X4, PARTITIONS_5X5};
