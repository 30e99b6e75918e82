//! Fast optimal sliding-tile solving: IDA* with in-place moves and incremental heuristics
//! (Manhattan, linear conflicts, additive disjoint pattern databases with reflection).
//!
//! Boards are handled in *label* form: every tile is renamed after its goal cell, so any goal
//! becomes the identity arrangement and pattern databases are keyed by goal cells only.
//! See `docs/solver.md` for the design and the measured figures.

#![warn(missing_docs)]

pub mod grid;
pub mod heuristic;
pub mod ida;
pub mod instances;
pub mod pdb;
pub mod puzzle;
pub mod solve;

pub use grid::{Grid, Move};
pub use heuristic::{Add, Board, Heuristic, LinearConflict, Manhattan, Max, Zero};
pub use ida::{
    ida_star, ida_star_observed, ida_star_parallel, Counts, IdaObserver, IdaTracer, Limits, NoIdaObserver, Outcome,
    Report,
};
pub use puzzle::{apply_moves, parse_tiles, Puzzle, PuzzleError};
pub use solve::{solve, solve_observed, HeuristicSpec, Solved};
