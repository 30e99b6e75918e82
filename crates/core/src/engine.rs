//! The one search loop behind BFS, DFS, depth-limited search, greedy, uniform cost and A*.
//!
//! A strategy is a frontier discipline (queue, stack, priority queue) plus an evaluation
//! of nodes; everything else — goal test timing, duplicate handling, limits, statistics
//! and events — is decided here once, by [`SearchOptions`].

use std::sync::atomic::Ordering;
use std::time::Instant;

use crate::events::{Event, Observer};
use crate::frontier::Frontier;
use crate::limits::node_capacity;
pub(crate) use crate::limits::{RunLimits, RunReport};
use crate::node::Arena;
use crate::table::KeyTable;
use crate::{GoalTest, Limit, Outcome, Problem, SearchOptions, Stats};

mod expand;
mod run_state;
mod select;

use expand::{expand, Scratch};
pub(crate) use run_state::Evaluation;
use run_state::{priority, Leftovers, Loop, Rules, Step};
use select::Selection;

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
    let (outcome, mut stats, left) = run_inner(problem, options, frontier, evaluation, limits, observer);
    stats.elapsed = started.elapsed();
    stats.frontier_left = (frontier.len() as u64).saturating_sub(left.stale);
    (outcome, RunReport { stats, next_bound: left.next_bound })
}

/// The loop: selects, checks and expands nodes until a goal, a limit or an empty frontier;
/// the outcome, the counts and the leftovers. Its steps each take the run's [`Loop`].
#[inline]
fn run_inner<P, F, O>(
    problem: &P,
    options: &SearchOptions,
    frontier: &mut F,
    evaluation: Evaluation,
    mut limits: RunLimits<'_, P::Key>,
    observer: &mut O,
) -> (Outcome<P::State, P::Action>, Stats, Leftovers)
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
    let (mut stats, mut left) = (Stats::default(), Leftovers::default());
    let rules = Rules { policy: options.duplicates, goal_test: options.goal_test, evaluation };
    let mut run = Loop {
        problem,
        rules,
        space,
        node_limit: node_capacity(options.node_limit),
        frontier,
        observer,
        stats: &mut stats,
        left: &mut left,
        arena: &mut arena,
        table: &mut table,
    };
    // Every way out of the run is a `break 'run` with its outcome.
    let outcome = 'run: {
        if let Step::Stop(outcome) = start(&mut run) {
            break 'run outcome;
        }
        run.stats.max_frontier = 1;
        loop {
            if options.interrupt.as_ref().is_some_and(|flag| flag.load(Ordering::Relaxed)) {
                break 'run Outcome::Interrupted;
            }
            let Some((id, node_priority)) = run.frontier.pop() else {
                break 'run if cut_off { Outcome::Cutoff } else { Outcome::Exhausted };
            };
            let childless = match select::check(&mut run, limits.carry.as_deref_mut(), id) {
                Selection::Expand { childless } => childless,
                Selection::Stop => break 'run Outcome::Exhausted,
                Selection::Discard(reason) => match select::discard(&mut run, &limits, id, reason) {
                    Step::Next => continue,
                    Step::Stop(outcome) => break 'run outcome,
                },
            };
            let depth = select::select(&mut run, id, node_priority);
            if let Step::Stop(outcome) = select::test(&mut run, &limits, id) {
                break 'run outcome;
            }
            if childless {
                continue;
            }
            if limits.depth.is_some_and(|d| depth >= d) {
                // Cut off only if a deeper node exists: a leaf at the limit hides nothing.
                if !cut_off {
                    scratch.successors.clear();
                    run.problem.successors(&run.arena.0[id as usize].state, &mut scratch.successors);
                    cut_off = !scratch.successors.is_empty();
                }
                continue;
            }
            if let Step::Stop(outcome) = expand(&mut run, &limits, &mut scratch, id) {
                break 'run outcome;
            }
        }
    };
    (outcome, stats, left)
}

/// Puts the root in the arena and the frontier (marked seen under the policies that mark on
/// generation); `Step::Stop(outcome)` when the run ends there: the root is the goal (goal test on
/// generation) or its priority overflows.
#[inline(always)]
fn start<P, F, O>(run: &mut Loop<'_, P, F, O>) -> Step<Outcome<P::State, P::Action>>
where
    P: Problem + ?Sized,
    F: Frontier,
    O: Observer<P>,
{
    let root = run.problem.initial_state();
    run.observer.on_event(&Event::Start { state: &root });
    if run.rules.goal_test == GoalTest::OnGeneration {
        let is_goal = run.problem.is_goal(&root);
        run.observer.on_event(&Event::GoalTest { node: 0, is_goal });
        if is_goal {
            run.arena.push_root(root);
            return Step::Stop(Outcome::Found(run.arena.path_to(0)));
        }
    }
    let Some(root_priority) = priority(run.problem, run.rules.evaluation, &root, 0, 0) else {
        return Step::Stop(Outcome::LimitReached(Limit::Cost));
    };
    if run.rules.policy.marks_on_generation() {
        run.table.insert(run.space, run.problem.key(&root), 0);
    }
    run.arena.push_root(root);
    run.frontier.push(0, root_priority);
    Step::Next
}

#[cfg(test)]
#[path = "engine_tests.rs"]
mod tests;
