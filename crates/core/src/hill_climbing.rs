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

/// The climb so far: the path, the current node and its h, and the buffers of one step.
struct Climb<S, A> {
    /// From the start to the current state.
    path: Path<S, A>,
    /// The current state's h.
    current_h: u64,
    /// The current node's id.
    current_id: NodeId,
    /// The id the next child gets.
    next_id: NodeId,
    /// The current state's successors.
    successors: Vec<(A, S)>,
    /// Their ids.
    children: Vec<NodeId>,
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
    let current_h = problem.heuristic(&root);
    let path = Path { states: vec![root], actions: Vec::new(), cost: 0 };
    let mut climb = Climb { path, current_h, current_id: 0, next_id: 1, successors: Vec::new(), children: Vec::new() };
    loop {
        if options.interrupt.as_ref().is_some_and(|flag| flag.load(std::sync::atomic::Ordering::Relaxed)) {
            return Outcome::Interrupted;
        }
        let (state, node) = (climb.path.last(), climb.current_id);
        let depth = climb.path.len() as u64;
        stats.selected += 1;
        observer.on_event(&Event::Selected { node, state, depth, cost: climb.path.cost, priority: climb.current_h });
        let is_goal = problem.is_goal(state);
        observer.on_event(&Event::GoalTest { node, is_goal });
        if is_goal {
            return Outcome::Found(climb.path);
        }
        if options.expansion_limit.is_some_and(|l| stats.selected >= l) {
            return Outcome::LimitReached(Limit::Expansions);
        }
        let best = match climb.children_of_current(problem, options.ties, observer, stats) {
            Ok(best) => best,
            Err(limit) => return Outcome::LimitReached(limit),
        };
        match best {
            Some((i, h, cost))
                if h < climb.current_h || (options.hill_first_move_unchecked && climb.path.actions.is_empty()) =>
            {
                let (action, child) = climb.successors.swap_remove(i);
                climb.path.cost = cost;
                climb.path.actions.push(action);
                climb.path.states.push(child);
                climb.current_h = h;
                climb.current_id = climb.children[i];
            }
            _ => return Outcome::LocalOptimum(climb.path),
        }
    }
}

impl<S, A> Climb<S, A> {
    /// Generates and reports the current state's children; the best by h under `ties` as
    /// (its index, h, path cost).
    fn children_of_current<P, O>(
        &mut self,
        problem: &P,
        ties: TieBreak,
        observer: &mut O,
        stats: &mut Stats,
    ) -> Result<Option<(usize, u64, u64)>, Limit>
    where
        P: Problem<State = S, Action = A> + ?Sized,
        O: Observer<P>,
    {
        let (state, depth) = (self.path.last(), self.path.len() as u64);
        self.successors.clear();
        problem.successors(state, &mut self.successors);
        stats.expanded += 1;
        self.children.clear();
        let mut best: Option<(usize, u64, u64)> = None;
        for (i, (action, child)) in self.successors.iter().enumerate() {
            stats.generated += 1;
            let h = problem.heuristic(child);
            let id = self.next_id;
            self.next_id = self.next_id.checked_add(1).ok_or(Limit::Nodes)?;
            self.children.push(id);
            let cost = self.path.cost.checked_add(problem.step_cost(state, action, child)).ok_or(Limit::Cost)?;
            let (parent, depth) = (self.current_id, depth + 1);
            observer.on_event(&Event::Generated { node: id, parent, state: child, action, depth, cost, priority: h });
            let better = match (best, ties) {
                (None, _) => true,
                (Some((_, b, _)), TieBreak::LastAdded) => h <= b,
                (Some((_, b, _)), TieBreak::FirstAdded) => h < b,
            };
            if better {
                best = Some((i, h, cost));
            }
        }
        if !self.children.is_empty() {
            stats.max_depth = stats.max_depth.max(depth + 1);
        }
        observer.on_event(&Event::Expanded { node: self.current_id, children: &self.children });
        Ok(best)
    }
}
