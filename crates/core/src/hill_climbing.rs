//! Steepest-ascent hill-climbing.

use std::time::Instant;

use crate::events::{Event, NoObserver, NodeId, Observer};
use crate::{finish, Limit, Outcome, Path, Problem, SearchOptions, SearchResult, Stats, TieBreak};

/// Steepest-ascent hill-climbing on the heuristic, without backtracking.
///
/// Selects the current node (goal test on selection), generates its successors, and
/// moves to the one with the lowest heuristic if that is strictly lower than the current
/// node's; ties among children go by [`SearchOptions::ties`] (last generated, or first).
/// Otherwise stops with [`Outcome::LocalOptimum`] and the path walked so far. Only the
/// expansion limit, the interrupt flag and the tie rule of `options` apply (the goal test
/// is always on selection). A path cost past `u64::MAX` stops the climb with
/// [`Limit::Cost`].
///
/// # Example
///
/// ```
/// use searchlab_core::{hill_climbing, Outcome, Problem, SearchOptions};
///
/// // Walk down to 0 from 5; the heuristic is the distance to 0.
/// struct Down;
/// impl Problem for Down {
///     type State = i32;
///     type Action = i32;
///     type Key = i32;
///     fn initial_state(&self) -> i32 { 5 }
///     fn successors(&self, s: &i32, out: &mut Vec<(i32, i32)>) {
///         out.extend([(-1, s - 1), (1, s + 1)]);
///     }
///     fn is_goal(&self, s: &i32) -> bool { *s == 0 }
///     fn key(&self, s: &i32) -> i32 { *s }
///     fn heuristic(&self, s: &i32) -> u64 { s.unsigned_abs() as u64 }
/// }
///
/// let result = hill_climbing(&Down, &SearchOptions::default());
/// assert_eq!(result.solution().unwrap().states, vec![5, 4, 3, 2, 1, 0]);
/// ```
pub fn hill_climbing<P: Problem + ?Sized>(problem: &P, options: &SearchOptions) -> SearchResult<P> {
    hill_climbing_with(problem, options, &mut NoObserver)
}

/// [`hill_climbing`] reporting every step to `observer`.
pub fn hill_climbing_with<P, O>(problem: &P, options: &SearchOptions, observer: &mut O) -> SearchResult<P>
where
    P: Problem + ?Sized,
    O: Observer<P>,
{
    let started = Instant::now();
    let mut stats = Stats { max_frontier: 1, ..Stats::default() };
    let outcome = climb(problem, options, observer, &mut stats);
    stats.elapsed = started.elapsed();
    finish(outcome, stats, observer)
}

fn climb<P, O>(
    problem: &P,
    options: &SearchOptions,
    observer: &mut O,
    stats: &mut Stats,
) -> Outcome<P::State, P::Action>
where
    P: Problem + ?Sized,
    O: Observer<P>,
{
    let root = problem.initial_state();
    observer.on_event(&Event::Start { state: &root });
    let mut path = Path { states: vec![root], actions: Vec::new(), cost: 0 };
    let mut current_h = problem.heuristic(path.last());
    let mut current_id: NodeId = 0;
    let mut next_id: NodeId = 1;
    let mut successors = Vec::new();
    let mut children = Vec::new();
    loop {
        if let Some(flag) = &options.interrupt {
            if flag.load(std::sync::atomic::Ordering::Relaxed) {
                return Outcome::Interrupted;
            }
        }
        let state = path.last();
        let depth = path.len() as u64;
        stats.selected += 1;
        observer.on_event(&Event::Selected { node: current_id, state, depth, cost: path.cost, priority: current_h });
        let is_goal = problem.is_goal(state);
        observer.on_event(&Event::GoalTest { node: current_id, is_goal });
        if is_goal {
            return Outcome::Found(path);
        }
        if options.expansion_limit.is_some_and(|l| stats.selected >= l) {
            return Outcome::LimitReached(Limit::Expansions);
        }
        successors.clear();
        problem.successors(state, &mut successors);
        stats.expanded += 1;
        children.clear();
        let mut best: Option<(usize, u64, u64)> = None;
        for (i, (action, child)) in successors.iter().enumerate() {
            stats.generated += 1;
            let h = problem.heuristic(child);
            let id = next_id;
            let Some(after) = next_id.checked_add(1) else {
                return Outcome::LimitReached(Limit::Nodes);
            };
            next_id = after;
            children.push(id);
            let Some(cost) = path.cost.checked_add(problem.step_cost(state, action, child)) else {
                return Outcome::LimitReached(Limit::Cost);
            };
            observer.on_event(&Event::Generated {
                node: id,
                parent: current_id,
                state: child,
                action,
                depth: depth + 1,
                cost,
                priority: h,
            });
            let better = match (best, options.ties) {
                (None, _) => true,
                (Some((_, b, _)), TieBreak::LastAdded) => h <= b,
                (Some((_, b, _)), TieBreak::FirstAdded) => h < b,
            };
            if better {
                best = Some((i, h, cost));
            }
        }
        if !children.is_empty() {
            stats.max_depth = stats.max_depth.max(depth + 1);
        }
        observer.on_event(&Event::Expanded { node: current_id, children: &children });
        match best {
            Some((i, h, cost)) if h < current_h || (options.hill_first_move_unchecked && path.actions.is_empty()) => {
                let (action, child) = successors.swap_remove(i);
                path.cost = cost;
                path.actions.push(action);
                path.states.push(child);
                current_h = h;
                current_id = children[i];
            }
            _ => return Outcome::LocalOptimum(path),
        }
    }
}
