//! Which paths the expansion loop prunes beyond the move back to the parent, as a type: the
//! loop is compiled once per kind, so a search without the duplicate-path automaton has no
//! automaton state, no per-child test and no table read left in its machine code.
//!
//! Measured on IDA* + Manhattan (Korf #95, #16, #42, callgrind): with the automaton an
//! `Option` read at run time, the loop kept a four-entry state array, tested every child against
//! [`DEAD`] and spilled the successor entry to the stack: 74.4 instructions per generated node,
//! 60.3 with the rule as a type (`docs/solver.md`, "Instructions per node, measured").

use crate::grid::Successors;
use crate::ida::fsm::{MoveFsm, DEAD};

/// The pruning rule of one compiled search loop.
pub(crate) trait Prune: Copy + Send + Sync {
    /// Whether any child can be pruned (a constant: `false` folds every test away).
    const ACTIVE: bool;

    /// The automaton's state after move `m` (an index into Korf's order) from state `q`, or
    /// [`DEAD`] when the path is pruned.
    fn next(self, q: u32, m: usize) -> u32;

    /// The states after each of `s`'s moves from `q` ([`DEAD`]: pruned; all 0 when nothing is
    /// pruned) and how many moves survive.
    #[inline(always)]
    fn successors(self, s: &Successors, q: u32) -> ([u32; 4], usize) {
        if !Self::ACTIVE {
            return ([0; 4], s.len as usize);
        }
        let mut next = [DEAD; 4];
        let mut alive = 0;
        for (n, &m) in next.iter_mut().zip(&s.moves).take(s.len as usize) {
            *n = self.next(q, m as usize);
            alive += usize::from(*n != DEAD);
        }
        (next, alive)
    }

    /// How many children after child `i` of `s` survive (`next` from [`Prune::successors`]):
    /// counted as generated, never searched once the solution is found below child `i`.
    #[inline(always)]
    fn unvisited(next: &[u32; 4], i: usize, s: &Successors) -> u64 {
        if !Self::ACTIVE {
            return (s.len as usize - 1 - i) as u64;
        }
        next[i + 1..s.len as usize].iter().filter(|&&q| q != DEAD).count() as u64
    }

    /// Whether the child whose state is `q` is pruned (a constant `false` when nothing is).
    #[inline(always)]
    fn pruned(q: u32) -> bool {
        Self::ACTIVE && q == DEAD
    }
}

/// Only the move back to the parent is pruned (the successor table already leaves it out): the
/// published node counts.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct ParentOnly;

impl Prune for ParentOnly {
    const ACTIVE: bool = false;

    #[inline(always)]
    fn next(self, _q: u32, _m: usize) -> u32 {
        MoveFsm::ROOT
    }
}

impl Prune for &MoveFsm {
    const ACTIVE: bool = true;

    #[inline(always)]
    fn next(self, q: u32, m: usize) -> u32 {
        MoveFsm::next(self, q, m)
    }
}

/// The automaton when there is one, decided at run time (for the observed search, where a
/// second compiled copy would buy nothing: the observer's calls dominate its time).
impl Prune for Option<&MoveFsm> {
    const ACTIVE: bool = true;

    #[inline(always)]
    fn next(self, q: u32, m: usize) -> u32 {
        match self {
            Some(fsm) => fsm.next(q, m),
            None => MoveFsm::ROOT,
        }
    }
}
