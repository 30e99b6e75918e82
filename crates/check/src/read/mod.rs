//! Stage 2, reading what a program wrote: a 3-digit program's two lines and an N-puzzle
//! program's `output.txt`, leniently, every departure from the format named as a [`crate::Fault`].

pub(crate) mod digits;
pub(crate) mod fault;
pub(crate) mod moves;
pub(crate) mod npuzzle;
