//! The loop's expansion step: the children of a selected node, each checked against the
//! duplicate policy (a cheaper path may improve a node already in the frontier), the bound
//! and the node limit, then added to the arena and the frontier.

use crate::events::{DiscardReason, Event, NodeId, Observer};
use crate::frontier::Frontier;
use crate::node::Child;
use crate::{DuplicatePolicy, GoalTest, Limit, Outcome, Problem};

use super::run_state::{priority, Loop, Step};
use crate::limits::RunLimits;

/// The buffers one expansion fills, kept across expansions so that none allocates.
pub(super) struct Scratch<S, A> {
    /// The successors of the node expanded.
    pub(super) successors: Vec<(A, S)>,
    /// The children added, with their priorities.
    children: Vec<(NodeId, u64)>,
    /// The children added (the `Expanded` event's list).
    child_ids: Vec<NodeId>,
}

impl<S, A> Scratch<S, A> {
    /// Empty buffers.
    pub(super) fn new() -> Self {
        Scratch { successors: Vec::new(), children: Vec::new(), child_ids: Vec::new() }
    }
}

/// Expands the selected node `id`: generates its children, adds the new ones to the arena
/// and the frontier, and reports them. `Step::Stop(outcome)` ends the run (a goal generated, a
/// limit met).
#[inline(always)]
pub(super) fn expand<P, F, O>(
    run: &mut Loop<'_, P, F, O>,
    limits: &RunLimits<'_, P::Key>,
    scratch: &mut Scratch<P::State, P::Action>,
    id: NodeId,
) -> Step<Outcome<P::State, P::Action>>
where
    P: Problem + ?Sized,
    F: Frontier,
    O: Observer<P>,
{
    let problem = run.problem;
    let (depth, cost) = (run.arena.0[id as usize].depth, run.arena.0[id as usize].cost);
    scratch.successors.clear();
    problem.successors(&run.arena.0[id as usize].state, &mut scratch.successors);
    run.stats.expanded += 1;
    scratch.children.clear();
    scratch.child_ids.clear();
    // Every way out of this loop is the one `break`, so the drain is dropped in one place.
    let mut stop = None;
    for (action, state) in scratch.successors.drain(..) {
        run.stats.generated += 1;
        let parent = &run.arena.0[id as usize];
        let Some(child_cost) = cost.checked_add(problem.step_cost(&parent.state, &action, &state)) else {
            stop = Some(Outcome::LimitReached(Limit::Cost));
            break;
        };
        let child_depth = depth + 1;
        let key = match check_child(run, id, &state, &action, child_depth, child_cost) {
            ChildCheck::New(key) => key,
            ChildCheck::Discard(reason) => {
                run.stats.discarded += 1;
                run.observer.on_event(&Event::Discarded { state: &state, reason });
                continue;
            }
            ChildCheck::Improved => continue,
            ChildCheck::Stop(limit) => {
                stop = Some(Outcome::LimitReached(limit));
                break;
            }
        };
        let Some(p) = priority(problem, run.rules.evaluation, &state, child_depth, child_cost) else {
            stop = Some(Outcome::LimitReached(Limit::Cost));
            break;
        };
        if limits.bound.is_some_and(|b| p > b) {
            run.left.next_bound = Some(run.left.next_bound.map_or(p, |n| n.min(p)));
            run.stats.discarded += 1;
            run.observer.on_event(&Event::Discarded { state: &state, reason: DiscardReason::OverBound });
            continue;
        }
        let child = Child { state, action, parent: id, depth: child_depth, cost: child_cost, priority: p };
        let child_id = match run.arena.add_child(child, run.node_limit, run.observer, run.stats) {
            Ok(child_id) => child_id,
            Err(limit) => {
                stop = Some(Outcome::LimitReached(limit));
                break;
            }
        };
        if let Some(key) = key {
            run.table.insert(run.space, key, child_id);
        }
        if run.rules.goal_test == GoalTest::OnGeneration && problem.is_goal(&run.arena.0[child_id as usize].state) {
            run.observer.on_event(&Event::GoalTest { node: child_id, is_goal: true });
            stop = Some(Outcome::Found(run.arena.path_to(child_id)));
            break;
        }
        scratch.children.push((child_id, p));
        scratch.child_ids.push(child_id);
    }
    if let Some(outcome) = stop {
        return Step::Stop(outcome);
    }
    run.frontier.push_children(&scratch.children);
    let live = (run.frontier.len() as u64).saturating_sub(run.left.stale);
    run.stats.max_frontier = run.stats.max_frontier.max(live);
    run.observer.on_event(&Event::Expanded { node: id, children: &scratch.child_ids });
    Step::Next
}

/// What the duplicate policy decides about a child just generated.
// A tag of its own (no niche in the key): the loop branches on it without decoding.
#[repr(u8)]
enum ChildCheck<K> {
    /// A new node, with the key to mark it by (`None` when the policy marks nothing).
    New(Option<K>),
    /// Not added, for this reason.
    Discard(DiscardReason),
    /// A cheaper path to a node still in the frontier: the node took it (decrease-key).
    Improved,
    /// The run ends at this limit (a priority overflowed).
    Stop(Limit),
}

/// The duplicate policy on generation for the child `(state, action, depth, cost)` of
/// `parent`: discards a child already seen, or gives a node in the frontier the child's
/// cheaper path (its old entry dead under `Reinsert`, moved under `DecreaseKey`).
#[inline(always)]
fn check_child<P, F, O>(
    run: &mut Loop<'_, P, F, O>,
    parent: NodeId,
    state: &P::State,
    action: &P::Action,
    depth: u64,
    cost: u64,
) -> ChildCheck<P::Key>
where
    P: Problem + ?Sized,
    F: Frontier,
    O: Observer<P>,
{
    let (problem, space) = (run.problem, run.space);
    let policy = run.rules.policy;
    match policy {
        DuplicatePolicy::DiscardExpandedOnSelection | DuplicatePolicy::NoCheck | DuplicatePolicy::StopAtExpanded => {
            ChildCheck::New(None)
        }
        DuplicatePolicy::CycleOnPath => match on_path(run, parent, &problem.key(state)) {
            true => ChildCheck::Discard(DiscardReason::OnPath),
            false => ChildCheck::New(None),
        },
        DuplicatePolicy::ExploredOnly | DuplicatePolicy::SkipExpandedOnGeneration => {
            match run.table.get(space, &problem.key(state)) {
                Some(_) => ChildCheck::Discard(DiscardReason::Explored),
                None => ChildCheck::New(None),
            }
        }
        DuplicatePolicy::SkipSeen | DuplicatePolicy::DecreaseKey | DuplicatePolicy::Reinsert => {
            let key = problem.key(state);
            let Some(seen) = run.table.get(space, &key) else {
                return ChildCheck::New(Some(key));
            };
            let old = &run.arena.0[seen as usize];
            if policy == DuplicatePolicy::SkipSeen || old.closed || cost >= old.cost {
                let reason = if old.closed { DiscardReason::Explored } else { DiscardReason::InFrontier };
                return ChildCheck::Discard(reason);
            }
            // Either way one entry of this node is now dead.
            run.left.stale += 1;
            if policy == DuplicatePolicy::Reinsert {
                // The old entry stays in the frontier, dead: discarded when selected.
                run.arena.0[seen as usize].closed = true;
                return ChildCheck::New(Some(key));
            }
            let Some(p) = priority(problem, run.rules.evaluation, &old.state, depth, cost) else {
                return ChildCheck::Stop(Limit::Cost);
            };
            run.observer.on_event(&Event::Improved {
                node: seen,
                parent,
                state: &old.state,
                action,
                depth,
                old_cost: old.cost,
                new_cost: cost,
                priority: p,
            });
            let old = &mut run.arena.0[seen as usize];
            old.cost = cost;
            old.depth = depth;
            old.parent = parent;
            old.action = Some(action.clone());
            // One more entry, one more stale: the live size is unchanged.
            run.frontier.push(seen, p);
            ChildCheck::Improved
        }
    }
}

/// Whether a node on the path from the root to `node` (both included) has `key`: the child's
/// own path when `node` is its parent.
#[inline(always)]
fn on_path<P: Problem + ?Sized, F, O>(run: &Loop<'_, P, F, O>, node: NodeId, key: &P::Key) -> bool {
    let mut at = node;
    loop {
        let here = &run.arena.0[at as usize];
        if run.problem.key(&here.state) == *key {
            return true;
        }
        if at == 0 {
            return false;
        }
        at = here.parent;
    }
}
