//! Depth-first search and depth-limited search.

use std::hash::Hash;

use crate::closures::{no_heuristic, solve, unit_cost};
use crate::engine::{run, Evaluation, RunLimits};
use crate::events::{NoObserver, Observer};
use crate::frontier::Lifo;
use crate::{finish, Problem, SearchOptions, SearchResult};

/// Depth-first search: always expands the most recently generated node (a LIFO stack).
/// The children of a node are pushed in reverse, so the first successor is expanded first.
///
/// No recursion: the stack lives on the heap, so very deep searches (the 8-puzzle's
/// DFS reaches depth 66,125) are fine. The path found is usually not the shortest.
///
/// # Example
///
/// ```
/// use searchlab_core::{depth_first_search, Problem, SearchOptions};
///
/// // Binary strings of length 3; the goal is "011".
/// struct Bits;
/// impl Problem for Bits {
///     type State = String;
///     type Action = char;
///     type Key = String;
///     fn initial_state(&self) -> String { String::new() }
///     fn successors(&self, s: &String, out: &mut Vec<(char, String)>) {
///         if s.len() < 3 {
///             out.push(('0', format!("{s}0")));
///             out.push(('1', format!("{s}1")));
///         }
///     }
///     fn is_goal(&self, s: &String) -> bool { s == "011" }
///     fn key(&self, s: &String) -> String { s.clone() }
/// }
///
/// let result = depth_first_search(&Bits, &SearchOptions::default());
/// assert_eq!(result.solution().unwrap().last(), "011");
/// // Selected in order: "", 0, 00, 000, 001, 01, 010, 011.
/// assert_eq!(result.stats.selected, 8);
/// ```
pub fn depth_first_search<P: Problem + ?Sized>(problem: &P, options: &SearchOptions) -> SearchResult<P> {
    depth_first_search_with(problem, options, &mut NoObserver)
}

/// [`depth_first_search`] reporting every step to `observer`.
///
/// # Panics
///
/// If the problem's [`crate::KeySpace::Dense`] index function returns an index outside
/// its `0..size`.
#[inline]
pub fn depth_first_search_with<P, O>(problem: &P, options: &SearchOptions, observer: &mut O) -> SearchResult<P>
where
    P: Problem + ?Sized,
    O: Observer<P>,
{
    let limits = RunLimits::new(options, None);
    let (outcome, stats) = run(problem, options, &mut Lifo::default(), Evaluation::Depth, limits, observer);
    finish(outcome, stats, observer)
}

/// Depth-limited search: depth-first, but nodes at depth `limit` are selected and
/// goal-tested without being expanded.
///
/// Without a goal, returns [`crate::Outcome::Cutoff`] when the limit hid deeper nodes (a
/// node at depth `limit` had successors), [`crate::Outcome::Exhausted`] when it hid
/// nothing: then no goal is reachable under `options` at any depth.
///
/// # Example
///
/// ```
/// use searchlab_core::{depth_limited_search, Outcome, Problem, SearchOptions};
///
/// // A chain 0 → 1 → 2 → 3 that ends at 3; no goal.
/// struct Chain;
/// impl Problem for Chain {
///     type State = u8;
///     type Action = ();
///     type Key = u8;
///     fn initial_state(&self) -> u8 { 0 }
///     fn successors(&self, s: &u8, out: &mut Vec<((), u8)>) {
///         if *s < 3 { out.push(((), s + 1)); }
///     }
///     fn is_goal(&self, _: &u8) -> bool { false }
///     fn key(&self, s: &u8) -> u8 { *s }
/// }
///
/// let options = SearchOptions::default();
/// assert_eq!(depth_limited_search(&Chain, 2, &options).outcome, Outcome::Cutoff); // 3 was hidden
/// assert_eq!(depth_limited_search(&Chain, 3, &options).outcome, Outcome::Exhausted); // 3 is a leaf
/// ```
pub fn depth_limited_search<P: Problem + ?Sized>(problem: &P, limit: u64, options: &SearchOptions) -> SearchResult<P> {
    depth_limited_search_with(problem, limit, options, &mut NoObserver)
}

/// [`depth_limited_search`] reporting every step to `observer`.
///
/// # Panics
///
/// If the problem's [`crate::KeySpace::Dense`] index function returns an index outside
/// its `0..size`.
pub fn depth_limited_search_with<P, O>(
    problem: &P,
    limit: u64,
    options: &SearchOptions,
    observer: &mut O,
) -> SearchResult<P>
where
    P: Problem + ?Sized,
    O: Observer<P>,
{
    let limits = RunLimits::new(options, Some(limit));
    let (outcome, stats) = run(problem, options, &mut Lifo::default(), Evaluation::Depth, limits, observer);
    finish(outcome, stats, observer)
}

/// Depth-first search over a graph given by closures: a path, found by always following
/// the newest branch first.
///
/// Returns the nodes of a path from `start` to the first node found for which `success`
/// holds, both included, or `None` when no such node is reachable. The path is usually not
/// the shortest.
///
/// - `start`: the node to start from.
/// - `successors`: the neighbours of a node, in the order to try them (the first is
///   followed first).
/// - `success`: whether a node is a goal.
///
/// It is [`depth_first_search`] with [`SearchOptions::default`] (graph search: a node
/// already seen is not entered again, goal test on selection) on a [`Problem`] made of
/// these closures; nodes are told apart by `Eq` and `Hash`. The stack lives on the heap,
/// so deep graphs do not overflow the call stack. On an infinite graph it may follow one
/// branch forever; it gives up (`None`) after `u32::MAX` nodes.
///
/// # Example
///
/// ```
/// use searchlab_core::dfs;
///
/// // 1 leads to 2 and 6; 2 → 3 → 4 → 5 is long, 6 → 5 short.
/// let successors = |n: &u8| match n {
///     1 => vec![2, 6],
///     2 => vec![3],
///     3 => vec![4],
///     4 | 6 => vec![5],
///     _ => vec![],
/// };
/// assert_eq!(dfs(1, successors, |&n| n == 5), Some(vec![1, 2, 3, 4, 5]));
/// ```
pub fn dfs<N, FN, IN, FS>(start: N, successors: FN, success: FS) -> Option<Vec<N>>
where
    N: Eq + Hash + Clone,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
    FS: FnMut(&N) -> bool,
{
    let options = SearchOptions::default();
    let found = solve(start, unit_cost(successors), no_heuristic, success, &options, depth_first_search);
    found.map(|(path, _)| path)
}
