//! Weighted A*: best-first on f = g + w·h.

use crate::best_first::best_first;
use crate::engine::Evaluation;
use crate::events::{NoObserver, Observer};
use crate::{Problem, SearchOptions, SearchResult};

/// Weighted A*: best-first on f = g + w·h, w = [`SearchOptions::weight`] (≥ 1). With w = 1 it
/// is A*; a larger w trusts the heuristic more, expanding fewer nodes for a path at most w
/// times the shortest (with an admissible heuristic); as w grows it behaves like greedy
/// search. The frontier orders by `den·g + num·h` (w = num / den), which keeps priorities
/// whole and the order the same.
///
/// ```
/// use searchlab_core::{weighted_astar_search, Problem, SearchOptions, Weight};
///
/// // From 0 to 6 by +1 or +3, each step costing 1; h = the distance left.
/// struct Line;
/// impl Problem for Line {
///     type State = u32;
///     type Action = u32;
///     type Key = u32;
///     fn initial_state(&self) -> u32 { 0 }
///     fn successors(&self, s: &u32, out: &mut Vec<(u32, u32)>) {
///         out.extend([(1, s + 1), (3, s + 3)].into_iter().filter(|&(_, t)| t <= 6));
///     }
///     fn is_goal(&self, s: &u32) -> bool { *s == 6 }
///     fn key(&self, s: &u32) -> u32 { *s }
///     fn heuristic(&self, s: &u32) -> u64 { u64::from(6 - s) }
/// }
/// let options = SearchOptions::default().with_weight(Weight::parse("2").unwrap());
/// let path = weighted_astar_search(&Line, &options).solution().unwrap().clone();
/// assert_eq!(path.states, vec![0, 3, 6]);
/// ```
pub fn weighted_astar_search<P: Problem + ?Sized>(problem: &P, options: &SearchOptions) -> SearchResult<P> {
    weighted_astar_search_with(problem, options, &mut NoObserver)
}

/// [`weighted_astar_search`] reporting every step to `observer`.
pub fn weighted_astar_search_with<P: Problem + ?Sized, O: Observer<P>>(
    problem: &P,
    options: &SearchOptions,
    observer: &mut O,
) -> SearchResult<P> {
    let (num, den) = (options.weight.num, options.weight.den.max(1));
    best_first(problem, options, Evaluation::Weighted { num, den }, observer)
}
