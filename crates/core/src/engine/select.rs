//! The loop's selection steps: whether a node taken from the frontier is expanded, and the
//! limits and goal test of a node selected.

use crate::carry::{Carry, Recall};
use crate::events::{DiscardReason, Event, NodeId, Observer};
use crate::{DuplicatePolicy, GoalTest, Limit, LimitCounting, Outcome, Problem};

use super::run_state::{Loop, Step};
use crate::limits::RunLimits;

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

/// Decides about the node `id`, just taken from the frontier (closed when a cheaper path
/// replaced it): marks it expanded in the table under the policies that do so on selection.
#[inline(always)]
pub(super) fn check<P, F, O>(run: &mut Loop<'_, P, F, O>, carry: Option<&mut Carry<P::Key>>, id: NodeId) -> Selection
where
    P: Problem + ?Sized,
{
    let (problem, policy, space) = (run.problem, run.rules.policy, run.space);
    let node = &run.arena.0[id as usize];
    let (state, closed) = (&node.state, node.closed);
    let table = &mut *run.table;
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
                run.left.stale = run.left.stale.saturating_sub(1);
                Some(DiscardReason::Stale)
            } else {
                None
            }
        }
        DuplicatePolicy::NoCheck | DuplicatePolicy::CycleOnPath => None,
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

/// Counts and reports the node `id`, just taken from the frontier, discarded for `reason`;
/// `Step::Stop` when the expansion limit counts discarded nodes and is met.
#[inline(always)]
pub(super) fn discard<P, F, O>(
    run: &mut Loop<'_, P, F, O>,
    limits: &RunLimits<'_, P::Key>,
    id: NodeId,
    reason: DiscardReason,
) -> Step<Outcome<P::State, P::Action>>
where
    P: Problem + ?Sized,
    O: Observer<P>,
{
    run.stats.discarded += 1;
    let state = &run.arena.0[id as usize].state;
    run.observer.on_event(&Event::Discarded { state, reason });
    if limits.counting == LimitCounting::IncludingDiscarded
        && limits.expansions.is_some_and(|limit| run.stats.selected + run.stats.discarded >= limit)
    {
        return Step::Stop(Outcome::LimitReached(Limit::Expansions));
    }
    Step::Next
}

/// Closes, counts and reports the node `id` selected with `priority`; its depth.
#[inline(always)]
pub(super) fn select<P, F, O>(run: &mut Loop<'_, P, F, O>, id: NodeId, priority: u64) -> u64
where
    P: Problem + ?Sized,
    O: Observer<P>,
{
    run.arena.0[id as usize].closed = true;
    let node = &run.arena.0[id as usize];
    run.stats.selected += 1;
    run.observer.on_event(&Event::Selected {
        node: id,
        state: &node.state,
        depth: node.depth,
        cost: node.cost,
        priority,
    });
    node.depth
}

/// The expansion limit and the goal test of the node `id`, just selected and counted:
/// `Step::Stop(outcome)` ends the run.
#[inline(always)]
pub(super) fn test<P, F, O>(
    run: &mut Loop<'_, P, F, O>,
    limits: &RunLimits<'_, P::Key>,
    id: NodeId,
) -> Step<Outcome<P::State, P::Action>>
where
    P: Problem + ?Sized,
    O: Observer<P>,
{
    if let Some(limit) = limits.expansions {
        if limits.counting == LimitCounting::GoalAtLimitFails && run.stats.selected >= limit {
            return Step::Stop(Outcome::LimitReached(Limit::Expansions));
        }
    }
    if run.rules.goal_test == GoalTest::OnSelection {
        let is_goal = run.problem.is_goal(&run.arena.0[id as usize].state);
        run.observer.on_event(&Event::GoalTest { node: id, is_goal });
        if is_goal {
            return Step::Stop(Outcome::Found(run.arena.path_to(id)));
        }
    }
    if let Some(limit) = limits.expansions {
        let used = match limits.counting {
            LimitCounting::IncludingDiscarded => run.stats.selected + run.stats.discarded,
            LimitCounting::Selected | LimitCounting::GoalAtLimitFails => run.stats.selected,
        };
        if used >= limit {
            return Step::Stop(Outcome::LimitReached(Limit::Expansions));
        }
    }
    Step::Next
}
