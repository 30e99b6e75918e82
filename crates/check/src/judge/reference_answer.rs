//! The reference's answer to a case, as each puzzle writes it: what a program's answer is
//! compared with, and what the case cost the reference.

use crate::judge::oracle::Graded;
use crate::NpuzzleExpected;

/// The reference's answer to a case, as each puzzle writes it.
pub(crate) enum ReferenceAnswer {
    /// The N-puzzle's graded lines.
    Npuzzle(NpuzzleExpected),
    /// The 3-digit answer's two lines.
    Digits(String),
}

impl ReferenceAnswer {
    /// The answer's graded values.
    pub(crate) fn graded(&self) -> Graded {
        match self {
            ReferenceAnswer::Npuzzle(e) => Graded::of_expected(Some(e)),
            ReferenceAnswer::Digits(text) => Graded::of_digits(text),
        }
    }

    /// What the answer cost the reference: the nodes it expanded (the N-puzzle's
    /// `nodes_expanded`, the length of the 3-digit expanded list).
    pub(crate) fn cost(&self) -> u64 {
        match self {
            ReferenceAnswer::Npuzzle(e) => e.nodes_expanded,
            ReferenceAnswer::Digits(text) => {
                let expanded = text.lines().nth(1).unwrap_or_default();
                expanded.split(',').filter(|s| !s.trim().is_empty()).count() as u64
            }
        }
    }
}
