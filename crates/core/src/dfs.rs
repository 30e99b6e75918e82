//! Depth-first search and depth-limited search.

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
pub fn depth_first_search_with<P, O>(problem: &P, options: &SearchOptions, observer: &mut O) -> SearchResult<P>
where
    P: Problem + ?Sized,
    O: Observer<P>,
{
    let limits = RunLimits { expansions: options.expansion_limit, depth: None };
    let (outcome, stats) = run(problem, options, &mut Lifo::default(), Evaluation::Depth, limits, observer);
    finish(outcome, stats, observer)
}

/// Depth-limited search: depth-first, but nodes at depth `limit` are selected and
/// goal-tested without being expanded. Returns [`crate::Outcome::Cutoff`] when the
/// frontier empties after such a cut, [`crate::Outcome::Exhausted`] when nothing was cut.
pub fn depth_limited_search<P: Problem + ?Sized>(problem: &P, limit: u64, options: &SearchOptions) -> SearchResult<P> {
    depth_limited_search_with(problem, limit, options, &mut NoObserver)
}

/// [`depth_limited_search`] reporting every step to `observer`.
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
    let limits = RunLimits { expansions: options.expansion_limit, depth: Some(limit) };
    let (outcome, stats) = run(problem, options, &mut Lifo::default(), Evaluation::Depth, limits, observer);
    finish(outcome, stats, observer)
}
