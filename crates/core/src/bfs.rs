//! Breadth-first search.

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
/// let result = breadth_first_search(&Line, &SearchOptions::graph_search());
/// assert_eq!(result.solution().unwrap().states, vec![0, 1, 2, 3]);
/// assert_eq!(result.stats.expanded, 6); // 0, -1, 1, -2, 2, -3 (the goal is selected, not expanded)
/// ```
pub fn breadth_first_search<P: Problem + ?Sized>(problem: &P, options: &SearchOptions) -> SearchResult<P> {
    breadth_first_search_with(problem, options, &mut NoObserver)
}

/// [`breadth_first_search`] reporting every step to `observer`.
pub fn breadth_first_search_with<P, O>(problem: &P, options: &SearchOptions, observer: &mut O) -> SearchResult<P>
where
    P: Problem + ?Sized,
    O: Observer<P>,
{
    let limits = RunLimits { expansions: options.expansion_limit, depth: None };
    let (outcome, stats) = run(problem, options, &mut Fifo::default(), Evaluation::Depth, limits, observer);
    finish(outcome, stats, observer)
}
