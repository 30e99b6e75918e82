#![deny(missing_docs)]
//! # searchlab-threedigits
//!
//! The 3-digit puzzle (COMP3308): get from a start number to a goal number by adding or
//! subtracting 1 to one digit per move, never past 9 or below 0, never into a forbidden
//! number, never changing the same digit twice in a row.
//!
//! This crate holds the puzzle — numbers and states ([`Number`], [`State`]), the move rules
//! ([`DigitsProblem`]), the input format ([`parse_instance`]), the grader's letters for the
//! engine's strategies ([`parse_strategy`], [`letter`]) and output ([`Answer`]), and its
//! registration for the views ([`ThreeDigits`]) — and no search code: [`solve`] hands the
//! problem to `searchlab-core` with the options the spec fixes ([`spec_options`]). The
//! assignment's 2012 version is a [`Dialect`]: a named set of rule and output options.

mod algorithm;
mod answer;
mod catalog;
mod dialect;
mod parse;
mod rules;
mod state;

pub use algorithm::{letter, parse_strategy, spec_options, UnknownStrategy, EXPANSION_LIMIT, LETTERS, STRATEGIES};
pub use answer::{optimal_depth, solve, solve_dialect, solve_observed, solve_problem, Answer};
pub use catalog::ThreeDigits;
pub use dialect::{Dialect, UnknownDialect};
pub use parse::{parse_fields, parse_instance, Instance, ParseError};
pub use rules::DigitsProblem;
pub use state::{Move, Number, State};
