//! The reference solvers under a [`crate::Config`]: the graders' readings and every variant.

mod digits;
mod npuzzle;

pub use digits::digits_reference;
pub(crate) use digits::{digits_answer, DigitsAnswer};
pub use npuzzle::{
    max_search_depth, nodes_expanded, npuzzle_answer, npuzzle_reference, npuzzle_search, search_key, Found,
};
