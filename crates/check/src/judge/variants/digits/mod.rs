//! The 3-digit puzzle's families of named rules, in three files by what they decide: the
//! search's order, its limit and edges, and what it remembers.

mod edges;
mod memory;
mod order;

use searchlab_core::{DuplicatePolicy, GoalTest, IdsMemory, LimitCounting, TieBreak, COMP3308_EXPANSION_LIMIT};

use super::rule::{Family, Param, PuzzleKind, Variant};
use crate::judge::config::{ExhaustedFringe, Identity, SameDigit, StartIsGoal, SuccessorOrder};

const ALL: &[&str] = &["B", "D", "I", "G", "A", "H"];
const SEARCH: &[&str] = &["B", "D", "I", "G", "A"];
const FRINGE: &[&str] = &["B", "D", "G", "A"];
const INFORMED: &[&str] = &["G", "A", "H"];
const BEST_FIRST: &[&str] = &["G", "A"];

const fn v(
    name: &'static str,
    line: &'static str,
    applies: &'static [&'static str],
    cannot_show: &'static str,
    apply: fn(&mut crate::Config),
) -> Variant {
    Variant { name, line, puzzle: PuzzleKind::Digits, applies, cannot_show, apply, shows_alone: true }
}

/// The 3-digit families, in the order their rules are listed and combinations are named.
/// Each rule's line is its definition; where a rule's name allows several readings, the one a
/// real program has is chosen and written there:
///
/// - `stop-at-first-duplicate`: the search ends, with no solution and the nodes expanded so
///   far, the first time it selects a node already expanded (a `break` meant as `continue`).
/// - `duplicate-reexpanded`: children already expanded are not added, but a selected node is
///   not checked, so one that entered the fringe twice before its first expansion is expanded,
///   listed and counted again (the discard-on-selection step left out).
/// - `fringe-insert-drops-worst`: a child is inserted into the sorted fringe before the first
///   node whose priority is not better; when there is none (it is worse than every node in a
///   non-empty fringe) it is dropped, not appended.
/// - `same-digit-from-wrong-parent`: the "same digit" rule is checked against the digit
///   changed by the move into the node's parent (`node.parent.changed`), not into the node.
/// - `ids-stale-children`: a node selected in an earlier IDS iteration gets no children
///   when selected again in a later one (the start is expanded afresh in each iteration).
/// - `ids-keeps-expanded`: one expanded set for all IDS iterations: a node selected in an
///   earlier iteration is discarded (the start excepted: every iteration lists it).
/// - `ids-no-prune`: no discard rule inside an IDS iteration (only the depth limit prunes).
/// - `astar-g-per-number`: A*'s g kept in a table per number: a child's g is the table's entry
///   for its parent's number plus one, and overwrites the entry of its own number.
pub(crate) fn families() -> impl Iterator<Item = &'static Family> {
    order::FAMILIES.iter().chain(edges::FAMILIES.iter()).chain(memory::FAMILIES.iter())
}
