//! # searchlab-npuzzle
//!
//! The N-puzzle (8-puzzle, 15-puzzle, …) exactly as the ColumbiaX / COMS W4701 course
//! driver counts it: `bfs`, `dfs` and `ast` on the generic engine of `searchlab-core`,
//! with the grader's `output.txt`, and the 2017 edition's `ida` and nine-line output. The conformance contract is
//! `tests/data/npuzzle/README.md`.
//!
//! This crate holds the puzzle only; the search loop is the engine's. The pieces:
//!
//! | module | job |
//! |---|---|
//! | [`Board`] | a validated board and its `1,2,5,3,4,0,6,7,8` syntax |
//! | [`BoardError`] | why a board was rejected, in one line |
//! | [`is_solvable`] | the parity rule, for any width and any goal |
//! | [`Direction`] | the blank's moves, in UDLR order |
//! | [`Geometry`] | cell distances, neighbours and the diagonal mirror of one width |
//! | [`packed`] | compact states (`u64`, `u128`, bytes) and the permutation rank |
//! | [`NPuzzle`] | the [`searchlab_core::Problem`] implementation |
//! | [`heuristic`] | the heuristics by name: misplaced tiles, Manhattan distance, linear conflicts |
//! | [`solve`] | the driver: method ([`METHODS`]) → engine options → [`DriverReport`] |
//! | [`Encoding`] | the smallest packed encoding that fits a board |
//! | [`SlidingPuzzle`] | the registration for the views (boards up to 4×4, [`SlidingProblem`]) |
//! | [`Edition`] | the assignment's editions: methods ([`METHODS`], [`METHODS_2017`] with `ida`) and lines |
//! | [`format_output`] | the seven lines of `output.txt` ([`format_edition_output`]: nine in 2017) |
//! | [`bfs`], [`dfs`], [`ast`] | the notebook variant's `(nodes_expanded, path)` |
//! | [`distance_histogram`] | every 8-puzzle board's distance from the goal |
//! | [`estimate`] | what a BFS or DFS will store, known before it runs: bytes per node, lower bounds |
//!
//! ```
//! use searchlab_core::Strategy;
//! use searchlab_npuzzle::{format_output, solve, Board, DriverOptions};
//!
//! let board: Board = "1,2,5,3,4,0,6,7,8".parse()?;
//! let report = solve(Strategy::DepthFirst, &board, &Board::goal(3)?, &DriverOptions::default())?;
//! assert_eq!((report.nodes_expanded, report.max_search_depth), (181_437, 66_125));
//! assert!(format_output(&report, 1.0).starts_with("path_to_goal: ['Up', 'Left', 'Left']\n"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

mod board;
mod catalog;
mod direction;
mod distances;
pub mod driver;
mod driver_options;
mod edition;
mod encoding;
mod error;
pub mod estimate;
mod geometry;
pub mod heuristic;
mod histogram;
mod instance;
mod notebook;
mod output;
pub mod packed;
mod parity;
mod problem;
mod sliding_problem;
mod solve_error;

pub use board::{Board, MAX_WIDTH};
pub use catalog::{DriverAnswer, SlidingPuzzle, SlidingPuzzleOf};
pub use direction::Direction;
pub use distances::{distances, DISTANCES_MAX_CELLS};
pub use driver::{
    default_max_nodes, search_options, solve, solve_problem, AstarReading, DriverOptions, DriverReport, SolveError,
    DEFAULT_MAX_NODES,
};
pub use edition::{
    method_name, parse_method, parse_method_in, Edition, UnknownEdition, UnknownMethod, METHODS, METHODS_2017,
};
pub use encoding::Encoding;
pub use error::BoardError;
pub use geometry::{cell_distance, Geometry};
pub use histogram::{distance_histogram, distance_histogram_with_engine};
pub use instance::{ReplayBoardError, SlidingInstance};
pub use notebook::{ast, bfs, dfs};
pub use output::{format_edition_output, format_output, max_ram_usage_mb, path_to_python_list};
pub use parity::{blank_distance, is_solvable, permutation_is_odd};
pub use problem::{NPuzzle, PuzzleState, SmallNPuzzle};
pub use sliding_problem::{SlidingProblem, VIEWED_MAX_WIDTH};
