//! Iterative lengthening search: depth-first searches bounded by the path cost g, the
//! iterative analogue of uniform cost search (Russell & Norvig's exercise on it).

use crate::engine::Evaluation;
use crate::events::{NoObserver, Observer};
use crate::ida_star::bounded_iterations;
use crate::{Problem, SearchOptions, SearchResult};

/// Iterative lengthening: depth-first searches (a stack, the first successor on top) in
/// which a child whose path cost g exceeds the iteration's limit does not enter the frontier.
/// The first limit is 0; each further limit is the smallest g the iteration before pruned,
/// so the limits are path costs that exist, and the first goal selected is a cheapest one
/// under tree search, whatever the step costs. It is IDA* with h = 0: the memory of
/// depth-first search, at the price of one iteration per distinct path cost below the
/// optimum (with step costs spread over [ε, 1], up to C*/ε of them).
///
/// Goal-test timing, duplicate handling and limits come from `options`, as for
/// [`crate::ida_star_search`]; the statistics are summed over the iterations.
///
/// # Example
///
/// ```
/// use searchlab_core::{iterative_lengthening_search_with, DuplicatePolicy, Event, Problem, SearchOptions};
///
/// /// 0 → 1 (cost 1), 0 → 2 (cost 4), 1 → 3 (cost 5), 2 → 3 (cost 1): the goal 3 costs 6
/// /// through 1 and 5 through 2.
/// struct Roads;
/// impl Problem for Roads {
///     type State = u8;
///     type Action = u8;
///     type Key = u8;
///     fn initial_state(&self) -> u8 { 0 }
///     fn successors(&self, s: &u8, out: &mut Vec<(u8, u8)>) {
///         match s {
///             0 => out.extend([(1, 1), (2, 2)]),
///             1 | 2 => out.push((3, 3)),
///             _ => {}
///         }
///     }
///     fn is_goal(&self, s: &u8) -> bool { *s == 3 }
///     fn key(&self, s: &u8) -> u8 { *s }
///     fn step_cost(&self, from: &u8, _: &u8, to: &u8) -> u64 {
///         match (from, to) { (0, 1) | (2, 3) => 1, (0, 2) => 4, _ => 5 }
///     }
/// }
///
/// let options = SearchOptions::default().with_duplicates(DuplicatePolicy::NoCheck);
/// let mut limits = Vec::new();
/// let result = iterative_lengthening_search_with(&Roads, &options, &mut |e: &Event<'_, Roads>| {
///     if let Event::Bound { bound } = e {
///         limits.push(*bound);
///     }
/// });
/// let path = result.solution().unwrap();
/// assert_eq!((path.states.clone(), path.cost), (vec![0, 2, 3], 5));
/// // Limit 0 prunes g = 1 and 4; limit 1 prunes 4 and 6; limit 4 prunes 5 and 6; limit 5 finds it.
/// assert_eq!(limits, [0, 1, 4, 5]);
/// ```
pub fn iterative_lengthening_search<P: Problem + ?Sized>(problem: &P, options: &SearchOptions) -> SearchResult<P> {
    iterative_lengthening_search_with(problem, options, &mut NoObserver)
}

/// [`iterative_lengthening_search`] reporting every step (and every iteration's limit, as
/// [`crate::Event::Bound`]) to `observer`.
pub fn iterative_lengthening_search_with<P, O>(
    problem: &P,
    options: &SearchOptions,
    observer: &mut O,
) -> SearchResult<P>
where
    P: Problem + ?Sized,
    O: Observer<P>,
{
    bounded_iterations(problem, options, observer, 0, Evaluation::Cost)
}
