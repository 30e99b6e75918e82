#![deny(missing_docs)]
//! # searchlab-threedigits
//!
//! The 3-digit puzzle (COMP3308): get from a start number to a goal number by adding or
//! subtracting 1 to one digit per move, never past 9 or below 0, never into a forbidden
//! number, never changing the same digit twice in a row.
//!
//! This crate holds the puzzle — numbers and states ([`Number`], [`State`]), the move rules
//! ([`DigitsProblem`]), the input format ([`parse_instance`]) and the grader's output
//! ([`Answer`]) — and no search code: [`solve`] hands the problem to `searchlab-core` with
//! the options the spec fixes ([`Algorithm::options`]).

mod algorithm;
mod answer;
mod parse;
mod rules;
mod state;

pub use algorithm::{Algorithm, UnknownAlgorithm, EXPANSION_LIMIT};
pub use answer::{solve, solve_observed, Answer};
pub use parse::{parse_instance, Instance, ParseError};
pub use rules::DigitsProblem;
pub use state::{Move, Number, State};
