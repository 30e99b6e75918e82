//! Best-first search: one loop, three evaluation functions (greedy, uniform cost, A*).

use std::hash::Hash;

use crate::closures::{solve, unit_cost};
use crate::engine::{run, Evaluation, RunLimits};
use crate::events::{NoObserver, Observer};
use crate::frontier::Priority;
use crate::{finish, DuplicatePolicy, Problem, SearchOptions, SearchResult};

#[inline]
pub(crate) fn best_first<P, O>(
    problem: &P,
    options: &SearchOptions,
    evaluation: Evaluation,
    observer: &mut O,
) -> SearchResult<P>
where
    P: Problem + ?Sized,
    O: Observer<P>,
{
    let limits = RunLimits::new(options, None);
    let (outcome, stats) = run(
        problem,
        options,
        &mut Priority::new(options.ties, options.drop_worst_children),
        evaluation,
        limits,
        observer,
    );
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
/// let result = astar_search(&Grid, &SearchOptions::default());
/// let path = result.solution().unwrap();
/// assert_eq!(path.cost, 8);
/// assert_eq!(path.len(), 8);
/// ```
pub fn astar_search<P: Problem + ?Sized>(problem: &P, options: &SearchOptions) -> SearchResult<P> {
    astar_search_with(problem, options, &mut NoObserver)
}

/// [`astar_search`] reporting every step to `observer`.
///
/// # Panics
///
/// If the problem's [`crate::KeySpace::Dense`] index function returns an index outside
/// its `0..size`.
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
///
/// # Panics
///
/// If the problem's [`crate::KeySpace::Dense`] index function returns an index outside
/// its `0..size`.
pub fn greedy_search_with<P: Problem + ?Sized, O: Observer<P>>(
    problem: &P,
    options: &SearchOptions,
    observer: &mut O,
) -> SearchResult<P> {
    best_first(problem, options, Evaluation::Heuristic, observer)
}

/// Uniform cost search: best-first on g alone (Dijkstra's algorithm). Optimal with
/// [`crate::DuplicatePolicy::DecreaseKey`] or tree search (step costs are never negative);
/// with [`crate::DuplicatePolicy::SkipSeen`] only when all steps cost the same.
pub fn uniform_cost_search<P: Problem + ?Sized>(problem: &P, options: &SearchOptions) -> SearchResult<P> {
    uniform_cost_search_with(problem, options, &mut NoObserver)
}

/// [`uniform_cost_search`] reporting every step to `observer`.
///
/// # Panics
///
/// If the problem's [`crate::KeySpace::Dense`] index function returns an index outside
/// its `0..size`.
pub fn uniform_cost_search_with<P: Problem + ?Sized, O: Observer<P>>(
    problem: &P,
    options: &SearchOptions,
    observer: &mut O,
) -> SearchResult<P> {
    best_first(problem, options, Evaluation::Cost, observer)
}

/// The options of the optimal shortcuts: graph search with decrease-key.
fn optimal_options() -> SearchOptions {
    SearchOptions::default().with_duplicates(DuplicatePolicy::DecreaseKey)
}

/// Dijkstra's algorithm (uniform cost search) over a weighted graph given by closures: a
/// cheapest path.
///
/// Returns the nodes of a cheapest path from `start` to a node for which `success` holds,
/// both included, with its cost (the sum of its step costs), or `None` when no such node
/// is reachable.
///
/// - `start`: the node to start from.
/// - `successors`: the neighbours of a node with the cost of the step to each, as
///   `(node, cost)` pairs, in the order to try them (it breaks ties among equal costs:
///   the first added wins).
/// - `success`: whether a node is a goal.
///
/// It is [`uniform_cost_search`] with [`SearchOptions::default`] and
/// [`DuplicatePolicy::DecreaseKey`] (a cheaper path to a node still in the frontier
/// replaces the old one; the goal test is on selection, which makes the path cheapest).
/// Costs are `u64`, so never negative; a path cost that would overflow makes it give up
/// (`None`), as do more than `u32::MAX` nodes.
///
/// # Example
///
/// ```
/// use searchlab_core::dijkstra;
///
/// let successors = |n: &char| match n {
///     'a' => vec![('b', 1), ('c', 4)],
///     'b' => vec![('c', 2), ('d', 5)],
///     'c' => vec![('d', 1)],
///     _ => vec![],
/// };
/// // a → c costs 4 directly but 3 through b; then c → d.
/// assert_eq!(dijkstra('a', successors, |&n| n == 'd'), Some((vec!['a', 'b', 'c', 'd'], 4)));
/// ```
pub fn dijkstra<N, FN, IN, FS>(start: N, successors: FN, success: FS) -> Option<(Vec<N>, u64)>
where
    N: Eq + Hash + Clone,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, u64)>,
    FS: FnMut(&N) -> bool,
{
    solve(start, successors, crate::closures::no_heuristic, success, &optimal_options(), uniform_cost_search)
}

/// A* over a weighted graph given by closures: a cheapest path, guided by a heuristic.
///
/// Returns the nodes of a path from `start` to a node for which `success` holds, both
/// included, with its cost, or `None` when no such node is reachable. The path is a
/// cheapest one when `heuristic` is *consistent*: it never drops by more than a step's
/// cost along a step (`h(n) <= cost(n, m) + h(m)`), and is 0 at goals. Admissible (never
/// above the true remaining cost) is not enough here, because a node already expanded is
/// never reopened; use [`astar_search`] with tree search for that case.
///
/// - `start`: the node to start from.
/// - `successors`: the neighbours of a node with the cost of the step to each, as
///   `(node, cost)` pairs, in the order to try them.
/// - `heuristic`: an estimate of the cost from a node to the nearest goal.
/// - `success`: whether a node is a goal.
///
/// It is [`astar_search`] with [`SearchOptions::default`] (first-added wins ties among
/// equal f = g + h) and [`DuplicatePolicy::DecreaseKey`]. A cost or f that would overflow
/// a `u64` makes it give up (`None`), as do more than `u32::MAX` nodes.
///
/// # Example
///
/// ```
/// use searchlab_core::astar;
///
/// // A 5×5 grid from (0, 0) to (4, 4); entering the middle column costs 3, other cells 1.
/// let successors = |&(x, y): &(i32, i32)| {
///     [(1, 0), (0, 1), (-1, 0), (0, -1)]
///         .into_iter()
///         .map(move |(dx, dy)| (x + dx, y + dy))
///         .filter(|&(nx, ny)| (0..5).contains(&nx) && (0..5).contains(&ny))
///         .map(|(nx, ny)| ((nx, ny), if nx == 2 { 3 } else { 1 }))
/// };
/// let manhattan = |&(x, y): &(i32, i32)| (8 - x - y) as u64;
/// let (path, cost) = astar((0, 0), successors, manhattan, |&p| p == (4, 4)).unwrap();
/// assert_eq!(cost, 10); // eight steps, one of them into the middle column
/// assert_eq!(path.len(), 9);
/// assert_eq!(path.iter().filter(|&&(x, _)| x == 2).count(), 1);
/// ```
pub fn astar<N, FN, IN, FH, FS>(start: N, successors: FN, heuristic: FH, success: FS) -> Option<(Vec<N>, u64)>
where
    N: Eq + Hash + Clone,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, u64)>,
    FH: FnMut(&N) -> u64,
    FS: FnMut(&N) -> bool,
{
    solve(start, successors, heuristic, success, &optimal_options(), astar_search)
}

/// Greedy best-first search over a graph given by closures: always on to the node that
/// looks closest to a goal.
///
/// Returns the nodes of a path from `start` to the first node found for which `success`
/// holds, both included, or `None` when no such node is reachable. Often fast, never
/// guaranteed short.
///
/// - `start`: the node to start from.
/// - `successors`: the neighbours of a node, in the order to try them (among equal
///   heuristic values, the first added wins).
/// - `heuristic`: an estimate of the distance from a node to the nearest goal.
/// - `success`: whether a node is a goal.
///
/// It is [`greedy_search`] with [`SearchOptions::default`] (graph search, goal test on
/// selection) on a [`Problem`] made of these closures. It gives up (`None`) after
/// `u32::MAX` nodes.
///
/// # Example
///
/// ```
/// use searchlab_core::greedy;
///
/// // From 0 to 7 on the integers, by ±1 or ±3; the heuristic is the distance.
/// let successors = |&n: &i32| [n - 1, n + 1, n - 3, n + 3];
/// let path = greedy(0, successors, |&n| (7 - n).unsigned_abs() as u64, |&n| n == 7).unwrap();
/// assert_eq!(path, vec![0, 3, 6, 7]);
/// ```
pub fn greedy<N, FN, IN, FH, FS>(start: N, successors: FN, heuristic: FH, success: FS) -> Option<Vec<N>>
where
    N: Eq + Hash + Clone,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
    FH: FnMut(&N) -> u64,
    FS: FnMut(&N) -> bool,
{
    let found = solve(start, unit_cost(successors), heuristic, success, &SearchOptions::default(), greedy_search);
    found.map(|(path, _)| path)
}
