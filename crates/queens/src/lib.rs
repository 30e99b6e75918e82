//! # searchlab-queens
//!
//! The n-queens puzzle of AIMA section 4.1 as a complete-state problem for local search
//! ([`searchlab_core::local::LocalProblem`]): a board has one queen per column, a move changes
//! one queen's row (n·(n−1) neighbours), and the value h is the number of pairs of queens that
//! attack each other, directly or indirectly (same row or same diagonal). A solution has h = 0.

mod board;
mod catalog;
mod drawing;

pub use board::{Queens, QueensError, MAX_N};
pub use catalog::NQueens;
