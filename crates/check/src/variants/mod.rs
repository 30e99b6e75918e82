//! The variant lists of each puzzle.

pub(crate) mod digits;
pub(crate) mod npuzzle;
