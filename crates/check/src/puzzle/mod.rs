//! What each puzzle is to check, behind one trait ([`CheckedPuzzle`]): how its programs are
//! invoked, what of a run is graded and how it is read, its methods and its test sets. The
//! stages ask a [`Puzzle`] for its [`CheckedPuzzle`] instead of matching on it.

mod checked;
mod digits;
mod npuzzle;

pub(crate) use checked::CheckedPuzzle;

use crate::cases::Puzzle;

/// Both puzzles, N-puzzle first.
pub(crate) const ALL: [&dyn CheckedPuzzle; 2] = [&npuzzle::Npuzzle, &digits::Digits];

impl Puzzle {
    /// What check knows of this puzzle.
    pub(crate) fn checked(self) -> &'static dyn CheckedPuzzle {
        match self {
            Puzzle::Npuzzle => &npuzzle::Npuzzle,
            Puzzle::Digits => &digits::Digits,
        }
    }
}
