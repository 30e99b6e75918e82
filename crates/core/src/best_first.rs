//! Best-first search: one loop, three evaluation functions (greedy, uniform cost, A*).

use crate::engine::{run, Evaluation, RunLimits};
use crate::events::{NoObserver, Observer};
use crate::frontier::Priority;
use crate::{finish, Problem, SearchOptions, SearchResult};

fn best_first<P, O>(problem: &P, options: &SearchOptions, evaluation: Evaluation, observer: &mut O) -> SearchResult<P>
where
    P: Problem + ?Sized,
    O: Observer<P>,
{
    let limits = RunLimits { expansions: options.expansion_limit, depth: None };
    let (outcome, stats) = run(problem, options, &mut Priority::new(options.ties), evaluation, limits, observer);
    finish(outcome, stats, observer)
}

/// A* search: best-first on f = g + h, ties broken by [`SearchOptions::ties`].
///
/// Returns an optimal path when the heuristic is admissible and either duplicates are
/// handled by [`crate::DuplicatePolicy::DecreaseKey`] / tree search, or the heuristic is
/// also consistent. With [`crate::DuplicatePolicy::SkipSeen`] a cheaper path to a node
/// already in the frontier is ignored, which can return a longer path (the N-puzzle
/// grader's reading).
///
/// # Example
///
/// ```
/// use searchlab_core::{astar_search, Problem, SearchOptions};
///
/// // Move on a 5×5 grid from (0, 0) to (4, 4); Manhattan distance as heuristic.
/// struct Grid;
/// impl Problem for Grid {
///     type State = (i32, i32);
///     type Action = char;
///     type Key = (i32, i32);
///     fn initial_state(&self) -> (i32, i32) { (0, 0) }
///     fn successors(&self, &(x, y): &(i32, i32), out: &mut Vec<(char, (i32, i32))>) {
///         for (a, dx, dy) in [('R', 1, 0), ('D', 0, 1), ('L', -1, 0), ('U', 0, -1)] {
///             let (nx, ny) = (x + dx, y + dy);
///             if (0..5).contains(&nx) && (0..5).contains(&ny) {
///                 out.push((a, (nx, ny)));
///             }
///         }
///     }
///     fn is_goal(&self, s: &(i32, i32)) -> bool { *s == (4, 4) }
///     fn key(&self, s: &(i32, i32)) -> (i32, i32) { *s }
///     fn heuristic(&self, &(x, y): &(i32, i32)) -> u64 { (8 - x - y) as u64 }
/// }
///
/// let result = astar_search(&Grid, &SearchOptions::graph_search());
/// let path = result.solution().unwrap();
/// assert_eq!(path.cost, 8);
/// assert_eq!(path.len(), 8);
/// ```
pub fn astar_search<P: Problem + ?Sized>(problem: &P, options: &SearchOptions) -> SearchResult<P> {
    astar_search_with(problem, options, &mut NoObserver)
}

/// [`astar_search`] reporting every step to `observer`.
pub fn astar_search_with<P: Problem + ?Sized, O: Observer<P>>(
    problem: &P,
    options: &SearchOptions,
    observer: &mut O,
) -> SearchResult<P> {
    best_first(problem, options, Evaluation::CostPlusHeuristic, observer)
}

/// Greedy best-first search: best-first on h alone. Fast, not optimal.
pub fn greedy_search<P: Problem + ?Sized>(problem: &P, options: &SearchOptions) -> SearchResult<P> {
    greedy_search_with(problem, options, &mut NoObserver)
}

/// [`greedy_search`] reporting every step to `observer`.
pub fn greedy_search_with<P: Problem + ?Sized, O: Observer<P>>(
    problem: &P,
    options: &SearchOptions,
    observer: &mut O,
) -> SearchResult<P> {
    best_first(problem, options, Evaluation::Heuristic, observer)
}

/// Uniform cost search: best-first on g alone (Dijkstra's algorithm). Optimal for
/// non-negative step costs with [`crate::DuplicatePolicy::DecreaseKey`] or tree search.
pub fn uniform_cost_search<P: Problem + ?Sized>(problem: &P, options: &SearchOptions) -> SearchResult<P> {
    uniform_cost_search_with(problem, options, &mut NoObserver)
}

/// [`uniform_cost_search`] reporting every step to `observer`.
pub fn uniform_cost_search_with<P: Problem + ?Sized, O: Observer<P>>(
    problem: &P,
    options: &SearchOptions,
    observer: &mut O,
) -> SearchResult<P> {
    best_first(problem, options, Evaluation::Cost, observer)
}
