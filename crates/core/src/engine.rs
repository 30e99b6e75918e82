//! The one search loop behind BFS, DFS, depth-limited search, greedy, uniform cost and A*.
//!
//! A strategy is a frontier discipline (queue, stack, priority queue) plus an evaluation
//! of nodes; everything else — goal test timing, duplicate handling, limits, statistics
//! and events — is decided here once, by [`SearchOptions`].

use std::sync::atomic::Ordering;
use std::time::Instant;

use crate::events::{Event, Observer};
use crate::frontier::Frontier;
pub(crate) use crate::limits::{RunLimits, RunReport};
pub(crate) use crate::node::Arena;
use crate::problem::KeySpace;
use crate::table::KeyTable;
use crate::{DuplicatePolicy, GoalTest, Limit, LimitCounting, Outcome, Problem, SearchOptions, Stats};

mod expand;
mod select;

use expand::{expand, Scratch};
use select::Selection;

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

/// What a step of the loop tells it: go on, or end the run with this outcome.
// A tag of its own (not the outcome's niche): the loop branches on it without decoding, as
// it would on a `return` written in its body (measured by the instruction-count guard).
#[repr(u8)]
enum Step<T> {
    /// The run goes on.
    Next,
    /// The run ends.
    Stop(T),
}

/// What the loop's steps read of the options and the strategy, read once before the loop.
struct Rules {
    /// How repeated states are handled.
    policy: DuplicatePolicy,
    /// When the goal test is applied.
    goal_test: GoalTest,
    /// What a priority is computed from.
    evaluation: Evaluation,
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

/// The loop: selects, checks and expands nodes until a goal, a limit or an empty frontier.
///
/// Over 80 lines on purpose: the engine's hot loop (the instruction-count guard's 3-digit and
/// 8-puzzle rows: `digits-B-limit` 943,433 instructions, `npuzzle-bfs` 197,419,963). Its
/// locals moved into a context cost 25 % on `digits-B-limit` (ARCHITECTURE.md, "Functions
/// over 80 lines").
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
    let mut arena: Arena<P::State, P::Action> = Arena(Vec::new());
    // Kept apart from the table: a dense index function stays known to the loop.
    let space = problem.key_space();
    let mut table: KeyTable<P::Key> = KeyTable::new(space);
    let mut scratch = Scratch::new();
    let mut cut_off = false;
    let rules = Rules { policy: options.duplicates, goal_test: options.goal_test, evaluation };
    if let Step::Stop(outcome) = start(problem, &rules, frontier, observer, &mut arena, space, &mut table) {
        return outcome;
    }
    stats.max_frontier = 1;
    loop {
        if options.interrupt.as_ref().is_some_and(|flag| flag.load(Ordering::Relaxed)) {
            return Outcome::Interrupted;
        }
        let Some((id, node_priority)) = frontier.pop() else {
            return if cut_off { Outcome::Cutoff } else { Outcome::Exhausted };
        };
        let node = &arena.0[id as usize];
        let carry = limits.carry.as_deref_mut();
        let childless =
            match select::check(problem, rules.policy, space, &mut table, left, carry, &node.state, node.closed, id) {
                Selection::Expand { childless } => childless,
                Selection::Stop => return Outcome::Exhausted,
                Selection::Discard(reason) => {
                    stats.discarded += 1;
                    observer.on_event(&Event::Discarded { state: &node.state, reason });
                    if limits.counting == LimitCounting::IncludingDiscarded
                        && limits.expansions.is_some_and(|limit| stats.selected + stats.discarded >= limit)
                    {
                        return Outcome::LimitReached(Limit::Expansions);
                    }
                    continue;
                }
            };
        arena.0[id as usize].closed = true;
        let node = &arena.0[id as usize];
        let depth = node.depth;
        stats.selected += 1;
        observer.on_event(&Event::Selected {
            node: id,
            state: &node.state,
            depth,
            cost: node.cost,
            priority: node_priority,
        });
        if let Step::Stop(outcome) = select::test(problem, rules.goal_test, &limits, stats, observer, &arena, id) {
            return outcome;
        }
        if childless {
            continue;
        }
        if limits.depth.is_some_and(|d| depth >= d) {
            // Cut off only if a deeper node exists: a leaf at the limit hides nothing.
            if !cut_off {
                scratch.successors.clear();
                problem.successors(&arena.0[id as usize].state, &mut scratch.successors);
                cut_off = !scratch.successors.is_empty();
            }
            continue;
        }
        if let Step::Stop(outcome) = expand(
            problem,
            &rules,
            &limits,
            frontier,
            observer,
            stats,
            left,
            &mut arena,
            space,
            &mut table,
            &mut scratch,
            id,
        ) {
            return outcome;
        }
    }
}

/// Puts the root in the arena and the frontier (marked seen under the policies that mark on
/// generation); `Step::Stop(outcome)` when the run ends there: the root is the goal (goal test on
/// generation) or its priority overflows.
#[inline(always)]
fn start<P, F, O>(
    problem: &P,
    rules: &Rules,
    frontier: &mut F,
    observer: &mut O,
    arena: &mut Arena<P::State, P::Action>,
    space: KeySpace<P::Key>,
    table: &mut KeyTable<P::Key>,
) -> Step<Outcome<P::State, P::Action>>
where
    P: Problem + ?Sized,
    F: Frontier,
    O: Observer<P>,
{
    let root = problem.initial_state();
    observer.on_event(&Event::Start { state: &root });
    if rules.goal_test == GoalTest::OnGeneration {
        let is_goal = problem.is_goal(&root);
        observer.on_event(&Event::GoalTest { node: 0, is_goal });
        if is_goal {
            arena.push_root(root);
            return Step::Stop(Outcome::Found(arena.path_to(0)));
        }
    }
    let Some(root_priority) = priority(problem, rules.evaluation, &root, 0, 0) else {
        return Step::Stop(Outcome::LimitReached(Limit::Cost));
    };
    if rules.policy.marks_on_generation() {
        table.insert(space, problem.key(&root), 0);
    }
    arena.push_root(root);
    frontier.push(0, root_priority);
    Step::Next
}

#[cfg(test)]
#[path = "engine_tests.rs"]
mod tests;
