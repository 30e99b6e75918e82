//! The loop's selection steps: whether a node taken from the frontier is expanded, and the
//! limits and goal test of a node selected.

use crate::carry::{Carry, Recall};
use crate::events::{DiscardReason, Event, NodeId, Observer};
use crate::node::Arena;
use crate::problem::KeySpace;
use crate::table::KeyTable;
use crate::{DuplicatePolicy, GoalTest, Limit, LimitCounting, Outcome, Problem, Stats};

use super::{Leftovers, RunLimits, Step};

/// What the duplicate policy and an earlier iteration's leftovers decide about a node just
/// taken from the frontier.
// A tag of its own: the loop branches on it without decoding.
#[repr(u8)]
pub(super) enum Selection {
    /// Selected; `childless` when an earlier IDS iteration found it has no children to add.
    Expand {
        /// Selected and goal-tested, but not expanded.
        childless: bool,
    },
    /// Thrown away, for this reason.
    Discard(DiscardReason),
    /// The run ends, exhausted (`StopAtExpanded` met an expanded state).
    Stop,
}

/// Decides about the node `id` (its `state`, `closed` when a cheaper path replaced it):
/// marks it expanded in `table` under the policies that do so on selection.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
pub(super) fn check<P: Problem + ?Sized>(
    problem: &P,
    policy: DuplicatePolicy,
    space: KeySpace<P::Key>,
    table: &mut KeyTable<P::Key>,
    left: &mut Leftovers,
    carry: Option<&mut Carry<P::Key>>,
    state: &P::State,
    closed: bool,
    id: NodeId,
) -> Selection {
    let discard = match policy {
        DuplicatePolicy::DiscardExpandedOnSelection
        | DuplicatePolicy::ExploredOnly
        | DuplicatePolicy::StopAtExpanded => {
            let key = problem.key(state);
            if table.get(space, &key).is_some() {
                if policy == DuplicatePolicy::StopAtExpanded {
                    return Selection::Stop;
                }
                Some(DiscardReason::AlreadyExpanded)
            } else {
                table.insert(space, key, id);
                None
            }
        }
        DuplicatePolicy::SkipExpandedOnGeneration => {
            table.insert(space, problem.key(state), id);
            None
        }
        // Only a decrease-key or a re-insert leaves a closed entry behind.
        DuplicatePolicy::SkipSeen | DuplicatePolicy::DecreaseKey | DuplicatePolicy::Reinsert => {
            if closed {
                left.stale = left.stale.saturating_sub(1);
                Some(DiscardReason::Stale)
            } else {
                None
            }
        }
        DuplicatePolicy::NoCheck => None,
    };
    // What earlier IDS iterations left behind.
    match (discard, carry) {
        (Some(reason), _) => Selection::Discard(reason),
        (None, Some(carry)) => match carry.recall(problem.key(state), id == 0) {
            Recall::Discard => Selection::Discard(DiscardReason::AlreadyExpanded),
            Recall::Childless => Selection::Expand { childless: true },
            Recall::New => Selection::Expand { childless: false },
        },
        (None, None) => Selection::Expand { childless: false },
    }
}

/// The expansion limit and the goal test of the node `id`, just selected and counted:
/// `Step::Stop(outcome)` ends the run.
#[inline(always)]
pub(super) fn test<P, O>(
    problem: &P,
    goal_test: GoalTest,
    limits: &RunLimits<'_, P::Key>,
    stats: &Stats,
    observer: &mut O,
    arena: &Arena<P::State, P::Action>,
    id: NodeId,
) -> Step<Outcome<P::State, P::Action>>
where
    P: Problem + ?Sized,
    O: Observer<P>,
{
    if let Some(limit) = limits.expansions {
        if limits.counting == LimitCounting::GoalAtLimitFails && stats.selected >= limit {
            return Step::Stop(Outcome::LimitReached(Limit::Expansions));
        }
    }
    if goal_test == GoalTest::OnSelection {
        let is_goal = problem.is_goal(&arena.0[id as usize].state);
        observer.on_event(&Event::GoalTest { node: id, is_goal });
        if is_goal {
            return Step::Stop(Outcome::Found(arena.path_to(id)));
        }
    }
    if let Some(limit) = limits.expansions {
        let used = match limits.counting {
            LimitCounting::IncludingDiscarded => stats.selected + stats.discarded,
            LimitCounting::Selected | LimitCounting::GoalAtLimitFails => stats.selected,
        };
        if used >= limit {
            return Step::Stop(Outcome::LimitReached(Limit::Expansions));
        }
    }
    Step::Next
}
