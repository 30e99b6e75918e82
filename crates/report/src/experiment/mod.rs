//! The textbook's experiments on the 8-puzzle, each a report of its own: the complete table
//! of boards by distance ([`distances`]) and the heuristics table of search cost and
//! effective branching factor by solution length ([`branching`]).

mod branching;
mod branching_page;
mod distances;

pub use branching::{branching, Branching, BranchingOptions, BranchingRow, Column, BOOK_COLUMNS, COLUMNS};
pub use distances::{distances, Distances};
