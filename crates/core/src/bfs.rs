//! Breadth-first search.

use std::hash::Hash;

use crate::closures::{no_heuristic, solve, unit_cost};
use crate::engine::{run, Evaluation, RunLimits};
use crate::events::{NoObserver, Observer};
use crate::frontier::Fifo;
use crate::{finish, Problem, SearchOptions, SearchResult};

/// Breadth-first search: expands nodes in the order they were generated (a FIFO queue).
///
/// Returns a [`SearchResult`] whose solution, with unit step costs and goal test on
/// selection, has the fewest steps. Duplicates, goal-test timing and limits follow
/// `options`.
///
/// # Example
///
/// ```
/// use searchlab_core::{breadth_first_search, Problem, SearchOptions};
///
/// // Walk on the integers from 0 to 3, one step left or right.
/// struct Line;
/// impl Problem for Line {
///     type State = i32;
///     type Action = i32;
///     type Key = i32;
///     fn initial_state(&self) -> i32 { 0 }
///     fn successors(&self, s: &i32, out: &mut Vec<(i32, i32)>) {
///         out.extend([(-1, s - 1), (1, s + 1)]);
///     }
///     fn is_goal(&self, s: &i32) -> bool { *s == 3 }
///     fn key(&self, s: &i32) -> i32 { *s }
/// }
///
/// let result = breadth_first_search(&Line, &SearchOptions::default());
/// assert_eq!(result.solution().unwrap().states, vec![0, 1, 2, 3]);
/// assert_eq!(result.stats.expanded, 6); // 0, -1, 1, -2, 2, -3 (the goal is selected, not expanded)
/// ```
pub fn breadth_first_search<P: Problem + ?Sized>(problem: &P, options: &SearchOptions) -> SearchResult<P> {
    breadth_first_search_with(problem, options, &mut NoObserver)
}

/// [`breadth_first_search`] reporting every step to `observer`.
///
/// # Panics
///
/// If the problem's [`crate::KeySpace::Dense`] index function returns an index outside
/// its `0..size`.
#[inline]
pub fn breadth_first_search_with<P, O>(problem: &P, options: &SearchOptions, observer: &mut O) -> SearchResult<P>
where
    P: Problem + ?Sized,
    O: Observer<P>,
{
    let limits = RunLimits::new(options, None);
    let (outcome, stats) = run(problem, options, &mut Fifo::default(), Evaluation::Depth, limits, observer);
    finish(outcome, stats, observer)
}

/// Breadth-first search over a graph given by closures: the path with the fewest steps.
///
/// Returns the nodes of a shortest path (in steps) from `start` to the first node found
/// for which `success` holds, `start` and that node included; `Some(vec![start])` when
/// `start` itself succeeds; `None` when no such node is reachable.
///
/// - `start`: the node to start from.
/// - `successors`: the neighbours of a node, in the order to try them (any
///   `IntoIterator` of nodes: a `Vec`, an array, an iterator).
/// - `success`: whether a node is a goal (a closure, so any test works, not only one
///   fixed node).
///
/// It is [`breadth_first_search`] with [`SearchOptions::default`] (graph search, goal test
/// when a node is selected) on a [`Problem`] made of these closures; nodes are told apart
/// by `Eq` and `Hash`, and no node appears twice on the path. Use the [`Problem`] trait
/// for options, limits, statistics or events. On an infinite graph without a reachable
/// goal it does not return; it also gives up (`None`) after `u32::MAX` nodes.
///
/// # Example
///
/// From 1 to 10 by steps "+1" and "×2":
///
/// ```
/// use searchlab_core::bfs;
///
/// let path = bfs(1u32, |&n| [n + 1, n * 2], |&n| n == 10);
/// assert_eq!(path, Some(vec![1, 2, 4, 5, 10]));
/// ```
pub fn bfs<N, FN, IN, FS>(start: N, successors: FN, success: FS) -> Option<Vec<N>>
where
    N: Eq + Hash + Clone,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
    FS: FnMut(&N) -> bool,
{
    let options = SearchOptions::default();
    let found = solve(start, unit_cost(successors), no_heuristic, success, &options, breadth_first_search);
    found.map(|(path, _)| path)
}
