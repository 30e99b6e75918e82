//! What every step of the engine's loop takes and answers: the run's state (`Loop`), the
//! rules read once before the loop, a step's answer and a node's priority.

use crate::node::Arena;
use crate::problem::KeySpace;
use crate::table::KeyTable;
use crate::{DuplicatePolicy, GoalTest, Problem, Stats};

/// What a priority is computed from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Evaluation {
    /// The node's depth (queues and stacks ignore it; reported in events).
    Depth,
    /// g: path cost (uniform cost search).
    Cost,
    /// h: the heuristic (greedy best-first).
    Heuristic,
    /// g + h (A*).
    CostPlusHeuristic,
    /// den·g + num·h, the order of g + w·h for w = num / den (weighted A*).
    Weighted {
        /// The weight's numerator.
        num: u64,
        /// The weight's denominator.
        den: u64,
    },
}

/// What a step of the loop tells it: go on, or end the run with this outcome.
// A tag of its own (not the outcome's niche): the loop branches on it without decoding, as
// it would on a `return` written in its body (measured by the instruction-count guard).
#[repr(u8)]
pub(super) enum Step<T> {
    /// The run goes on.
    Next,
    /// The run ends.
    Stop(T),
}

/// What the loop's steps read of the options and the strategy, read once before the loop.
#[derive(Clone, Copy)]
pub(super) struct Rules {
    /// How repeated states are handled.
    pub(super) policy: DuplicatePolicy,
    /// When the goal test is applied.
    pub(super) goal_test: GoalTest,
    /// What a priority is computed from.
    pub(super) evaluation: Evaluation,
}

/// Bookkeeping of one run that is not a statistic.
#[derive(Default)]
pub(super) struct Leftovers {
    /// Frontier entries of nodes that a cheaper path replaced or re-entered, not yet
    /// removed: the frontier's live size is its length minus these.
    pub(super) stale: u64,
    /// The smallest priority a bound pruned.
    pub(super) next_bound: Option<u64>,
}

/// The priority of a node; `None` when g + h overflows.
#[inline]
pub(super) fn priority<P: Problem + ?Sized>(
    problem: &P,
    evaluation: Evaluation,
    state: &P::State,
    depth: u64,
    cost: u64,
) -> Option<u64> {
    match evaluation {
        Evaluation::Depth => Some(depth),
        Evaluation::Cost => Some(cost),
        Evaluation::Heuristic => Some(problem.heuristic(state)),
        Evaluation::CostPlusHeuristic => cost.checked_add(problem.heuristic(state)),
        Evaluation::Weighted { num, den } => {
            cost.checked_mul(den)?.checked_add(problem.heuristic(state).checked_mul(num)?)
        }
    }
}

/// The run's state every step of the loop reads or changes: the problem, the rules, the
/// frontier, the observer, the counts, the nodes and the table of keys seen, borrowed from
/// the loop's locals for the loop's length (so each step takes it and what is its own).
///
/// A struct of borrows, not of owned values: every step is inlined into the loop, so the
/// compiler keeps each field in a register or the local it borrows (measured by the
/// instruction-count guard; a context owning the arena cost 23 to 25 % on `digits-B-limit`).
pub(super) struct Loop<'r, P: Problem + ?Sized, F, O> {
    /// The problem searched.
    pub(super) problem: &'r P,
    /// What the steps read of the options and the strategy.
    pub(super) rules: Rules,
    /// How keys are indexed in `table`.
    pub(super) space: KeySpace<P::Key>,
    /// The most nodes the arena may hold.
    pub(super) node_limit: u64,
    /// The nodes waiting to be selected.
    pub(super) frontier: &'r mut F,
    /// Told every step.
    pub(super) observer: &'r mut O,
    /// The run's counts.
    pub(super) stats: &'r mut Stats,
    /// The run's bookkeeping that is not a statistic.
    pub(super) left: &'r mut Leftovers,
    /// The nodes generated, each with its parent.
    pub(super) arena: &'r mut Arena<P::State, P::Action>,
    /// The keys seen, each with its node.
    pub(super) table: &'r mut KeyTable<P::Key>,
}
