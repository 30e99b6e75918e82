//! The one search loop behind BFS, DFS, depth-limited search, greedy, uniform cost and A*.
//!
//! A strategy is a frontier discipline (queue, stack, priority queue) plus an evaluation
//! of nodes; everything else — goal test timing, duplicate handling, limits, statistics
//! and events — is decided here once, by [`SearchOptions`].

use std::sync::atomic::Ordering;
use std::time::Instant;

use crate::carry::Recall;
use crate::events::{DiscardReason, Event, NodeId, Observer};
use crate::frontier::Frontier;
pub(crate) use crate::limits::{RunLimits, RunReport};
pub(crate) use crate::node::{Arena, Node};
use crate::table::KeyTable;
use crate::{DuplicatePolicy, GoalTest, Limit, LimitCounting, Outcome, Problem, SearchOptions, Stats};

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

/// One run of the search loop. Does not emit [`Event::Finished`]: callers do, once.
///
/// Always inlined into its entry point, which fixes the evaluation and depth limit: the
/// loop then drops the branches they rule out.
#[inline(always)]
pub(crate) fn run<P, F, O>(
    problem: &P,
    options: &SearchOptions,
    frontier: &mut F,
    evaluation: Evaluation,
    limits: RunLimits<'_, P::Key>,
    observer: &mut O,
) -> (Outcome<P::State, P::Action>, Stats)
where
    P: Problem + ?Sized,
    F: Frontier,
    O: Observer<P>,
{
    let (outcome, report) = run_bounded(problem, options, frontier, evaluation, limits, observer);
    (outcome, report.stats)
}

/// [`run`], also telling the next bound (IDA*).
#[inline(always)]
pub(crate) fn run_bounded<P, F, O>(
    problem: &P,
    options: &SearchOptions,
    frontier: &mut F,
    evaluation: Evaluation,
    limits: RunLimits<'_, P::Key>,
    observer: &mut O,
) -> (Outcome<P::State, P::Action>, RunReport)
where
    P: Problem + ?Sized,
    F: Frontier,
    O: Observer<P>,
{
    let started = Instant::now();
    let mut stats = Stats::default();
    let mut left = Leftovers::default();
    let outcome = run_inner(problem, options, frontier, evaluation, limits, observer, &mut stats, &mut left);
    stats.elapsed = started.elapsed();
    stats.frontier_left = (frontier.len() as u64).saturating_sub(left.stale);
    (outcome, RunReport { stats, next_bound: left.next_bound })
}

/// Bookkeeping of one run that is not a statistic.
#[derive(Default)]
struct Leftovers {
    /// Frontier entries of nodes that a cheaper path replaced or re-entered, not yet
    /// removed: the frontier's live size is its length minus these.
    stale: u64,
    /// The smallest priority a bound pruned.
    next_bound: Option<u64>,
}

/// The priority of a node; `None` when g + h overflows.
#[inline]
fn priority<P: Problem + ?Sized>(
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

#[inline]
#[allow(clippy::too_many_arguments)]
fn run_inner<P, F, O>(
    problem: &P,
    options: &SearchOptions,
    frontier: &mut F,
    evaluation: Evaluation,
    mut limits: RunLimits<'_, P::Key>,
    observer: &mut O,
    stats: &mut Stats,
    left: &mut Leftovers,
) -> Outcome<P::State, P::Action>
where
    P: Problem + ?Sized,
    F: Frontier,
    O: Observer<P>,
{
    let policy = options.duplicates;
    let mut arena: Arena<P::State, P::Action> = Arena(Vec::new());
    // Kept apart from the table: a dense index function stays known to the loop.
    let space = problem.key_space();
    let mut table: KeyTable<P::Key> = KeyTable::new(space);
    let mut successors = Vec::new();
    let mut children: Vec<(NodeId, u64)> = Vec::new();
    let mut child_ids: Vec<NodeId> = Vec::new();
    let mut cut_off = false;

    let root = problem.initial_state();
    observer.on_event(&Event::Start { state: &root });
    if options.goal_test == GoalTest::OnGeneration {
        let is_goal = problem.is_goal(&root);
        observer.on_event(&Event::GoalTest { node: 0, is_goal });
        if is_goal {
            arena.0.push(Node { state: root, action: None, parent: 0, depth: 0, cost: 0, closed: false });
            return Outcome::Found(arena.path_to(0));
        }
    }
    let Some(root_priority) = priority(problem, evaluation, &root, 0, 0) else {
        return Outcome::LimitReached(Limit::Cost);
    };
    if policy.marks_on_generation() {
        table.insert(space, problem.key(&root), 0);
    }
    arena.0.push(Node { state: root, action: None, parent: 0, depth: 0, cost: 0, closed: false });
    frontier.push(0, root_priority);
    stats.max_frontier = 1;

    loop {
        if let Some(flag) = &options.interrupt {
            if flag.load(Ordering::Relaxed) {
                return Outcome::Interrupted;
            }
        }
        let Some((id, node_priority)) = frontier.pop() else {
            return if cut_off { Outcome::Cutoff } else { Outcome::Exhausted };
        };
        let node = &arena.0[id as usize];

        // Duplicate handling at selection time.
        let discard = match policy {
            DuplicatePolicy::DiscardExpandedOnSelection
            | DuplicatePolicy::ExploredOnly
            | DuplicatePolicy::StopAtExpanded => {
                let key = problem.key(&node.state);
                if table.get(space, &key).is_some() {
                    if policy == DuplicatePolicy::StopAtExpanded {
                        return Outcome::Exhausted;
                    }
                    Some(DiscardReason::AlreadyExpanded)
                } else {
                    table.insert(space, key, id);
                    None
                }
            }
            DuplicatePolicy::SkipExpandedOnGeneration => {
                table.insert(space, problem.key(&node.state), id);
                None
            }
            // Only a decrease-key or a re-insert leaves a closed entry behind.
            DuplicatePolicy::SkipSeen | DuplicatePolicy::DecreaseKey | DuplicatePolicy::Reinsert => {
                if node.closed {
                    left.stale = left.stale.saturating_sub(1);
                    Some(DiscardReason::Stale)
                } else {
                    None
                }
            }
            DuplicatePolicy::NoCheck => None,
        };
        // What earlier IDS iterations left behind.
        let mut childless = false;
        let discard = match (discard, limits.carry.as_deref_mut()) {
            (None, Some(carry)) => match carry.recall(problem.key(&node.state), id == 0) {
                Recall::Discard => Some(DiscardReason::AlreadyExpanded),
                Recall::Childless => {
                    childless = true;
                    None
                }
                Recall::New => None,
            },
            (discard, _) => discard,
        };
        if let Some(reason) = discard {
            stats.discarded += 1;
            observer.on_event(&Event::Discarded { state: &node.state, reason });
            if limits.counting == LimitCounting::IncludingDiscarded
                && limits.expansions.is_some_and(|limit| stats.selected + stats.discarded >= limit)
            {
                return Outcome::LimitReached(Limit::Expansions);
            }
            continue;
        }
        arena.0[id as usize].closed = true;
        let node = &arena.0[id as usize];
        let (depth, cost) = (node.depth, node.cost);

        stats.selected += 1;
        observer.on_event(&Event::Selected { node: id, state: &node.state, depth, cost, priority: node_priority });
        if let Some(limit) = limits.expansions {
            if limits.counting == LimitCounting::GoalAtLimitFails && stats.selected >= limit {
                return Outcome::LimitReached(Limit::Expansions);
            }
        }
        if options.goal_test == GoalTest::OnSelection {
            let is_goal = problem.is_goal(&node.state);
            observer.on_event(&Event::GoalTest { node: id, is_goal });
            if is_goal {
                return Outcome::Found(arena.path_to(id));
            }
        }
        if let Some(limit) = limits.expansions {
            let used = match limits.counting {
                LimitCounting::IncludingDiscarded => stats.selected + stats.discarded,
                LimitCounting::Selected | LimitCounting::GoalAtLimitFails => stats.selected,
            };
            if used >= limit {
                return Outcome::LimitReached(Limit::Expansions);
            }
        }
        if childless {
            continue;
        }
        if limits.depth.is_some_and(|d| depth >= d) {
            // Cut off only if a deeper node exists: a leaf at the limit hides nothing.
            if !cut_off {
                successors.clear();
                problem.successors(&node.state, &mut successors);
                cut_off = !successors.is_empty();
            }
            continue;
        }

        // Expansion.
        successors.clear();
        problem.successors(&node.state, &mut successors);
        stats.expanded += 1;
        children.clear();
        child_ids.clear();
        // Every way out of this loop is the one `break`, so the drain is dropped in one place.
        let mut stop = None;
        for (action, state) in successors.drain(..) {
            stats.generated += 1;
            let parent = &arena.0[id as usize];
            let Some(child_cost) = cost.checked_add(problem.step_cost(&parent.state, &action, &state)) else {
                stop = Some(Outcome::LimitReached(Limit::Cost));
                break;
            };
            let child_depth = depth + 1;
            let key = match policy {
                DuplicatePolicy::DiscardExpandedOnSelection
                | DuplicatePolicy::NoCheck
                | DuplicatePolicy::StopAtExpanded => None,
                DuplicatePolicy::ExploredOnly | DuplicatePolicy::SkipExpandedOnGeneration => {
                    if table.get(space, &problem.key(&state)).is_some() {
                        stats.discarded += 1;
                        observer.on_event(&Event::Discarded { state: &state, reason: DiscardReason::Explored });
                        continue;
                    }
                    None
                }
                DuplicatePolicy::SkipSeen | DuplicatePolicy::DecreaseKey | DuplicatePolicy::Reinsert => {
                    let key = problem.key(&state);
                    if let Some(seen) = table.get(space, &key) {
                        let old = &arena.0[seen as usize];
                        if policy != DuplicatePolicy::SkipSeen && !old.closed && child_cost < old.cost {
                            // Either way one entry of this node is now dead.
                            left.stale += 1;
                            if policy == DuplicatePolicy::Reinsert {
                                // The old entry stays in the frontier, dead: discarded when selected.
                                arena.0[seen as usize].closed = true;
                            } else {
                                let Some(p) = priority(problem, evaluation, &old.state, child_depth, child_cost) else {
                                    stop = Some(Outcome::LimitReached(Limit::Cost));
                                    break;
                                };
                                observer.on_event(&Event::Improved {
                                    node: seen,
                                    parent: id,
                                    state: &old.state,
                                    action: &action,
                                    depth: child_depth,
                                    old_cost: old.cost,
                                    new_cost: child_cost,
                                    priority: p,
                                });
                                let old = &mut arena.0[seen as usize];
                                old.cost = child_cost;
                                old.depth = child_depth;
                                old.parent = id;
                                old.action = Some(action);
                                // One more entry, one more stale: the live size is unchanged.
                                frontier.push(seen, p);
                                continue;
                            }
                        } else {
                            stats.discarded += 1;
                            let reason = if old.closed { DiscardReason::Explored } else { DiscardReason::InFrontier };
                            observer.on_event(&Event::Discarded { state: &state, reason });
                            continue;
                        }
                    }
                    Some(key)
                }
            };
            let Some(p) = priority(problem, evaluation, &state, child_depth, child_cost) else {
                stop = Some(Outcome::LimitReached(Limit::Cost));
                break;
            };
            if limits.bound.is_some_and(|b| p > b) {
                left.next_bound = Some(left.next_bound.map_or(p, |n| n.min(p)));
                stats.discarded += 1;
                observer.on_event(&Event::Discarded { state: &state, reason: DiscardReason::OverBound });
                continue;
            }
            // Checked: ids stay below `MAX_NODES` whatever the node limit says.
            if arena.0.len() as u64 >= limits.nodes {
                stop = Some(Outcome::LimitReached(Limit::Nodes));
                break;
            }
            let child_id = arena.0.len() as NodeId;
            if let Some(key) = key {
                table.insert(space, key, child_id);
            }
            observer.on_event(&Event::Generated {
                node: child_id,
                parent: id,
                state: &state,
                action: &action,
                depth: child_depth,
                cost: child_cost,
                priority: p,
            });
            stats.max_depth = stats.max_depth.max(child_depth);
            let is_goal = options.goal_test == GoalTest::OnGeneration && problem.is_goal(&state);
            arena.0.push(Node {
                state,
                action: Some(action),
                parent: id,
                depth: child_depth,
                cost: child_cost,
                closed: false,
            });
            if is_goal {
                observer.on_event(&Event::GoalTest { node: child_id, is_goal });
                stop = Some(Outcome::Found(arena.path_to(child_id)));
                break;
            }
            children.push((child_id, p));
            child_ids.push(child_id);
        }
        if let Some(outcome) = stop {
            return outcome;
        }
        frontier.push_children(&children);
        let live = (frontier.len() as u64).saturating_sub(left.stale);
        stats.max_frontier = stats.max_frontier.max(live);
        observer.on_event(&Event::Expanded { node: id, children: &child_ids });
    }
}

#[cfg(test)]
#[path = "engine_tests.rs"]
mod tests;
