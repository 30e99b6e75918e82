//! Iterative deepening search.

use crate::engine::{run, Evaluation, RunLimits};
use crate::events::{Event, NoObserver, Observer};
use crate::frontier::Lifo;
use crate::{finish, IdsTermination, Limit, Outcome, Problem, SearchOptions, SearchResult, Stats};

/// Iterative deepening: depth-limited searches with limits 0, 1, 2, … until one finds a
/// goal.
///
/// Each iteration starts afresh (its own duplicate memory); the expansion limit of
/// `options` counts the selections of all iterations together. The search gives up as
/// [`SearchOptions::ids_termination`] says: after an iteration that nothing cut off
/// (textbook), or only at the expansion limit (the 3-digit puzzle). It also stops at
/// [`SearchOptions::max_depth`] when set. The statistics are summed over the iterations.
///
/// # Example
///
/// ```
/// use searchlab_core::{iterative_deepening_search, Problem, SearchOptions};
///
/// struct Line;
/// impl Problem for Line {
///     type State = i32;
///     type Action = i32;
///     type Key = i32;
///     fn initial_state(&self) -> i32 { 0 }
///     fn successors(&self, s: &i32, out: &mut Vec<(i32, i32)>) {
///         out.extend([(-1, s - 1), (1, s + 1)]);
///     }
///     fn is_goal(&self, s: &i32) -> bool { *s == 2 }
///     fn key(&self, s: &i32) -> i32 { *s }
/// }
///
/// let result = iterative_deepening_search(&Line, &SearchOptions::graph_search());
/// assert_eq!(result.solution().unwrap().states, vec![0, 1, 2]);
/// // Selected per iteration: [0], [0, -1, 1], [0, -1, -2, 1, 2].
/// assert_eq!(result.stats.selected, 1 + 3 + 5);
/// ```
pub fn iterative_deepening_search<P: Problem + ?Sized>(problem: &P, options: &SearchOptions) -> SearchResult<P> {
    iterative_deepening_search_with(problem, options, &mut NoObserver)
}

/// [`iterative_deepening_search`] reporting every step (and every iteration) to `observer`.
pub fn iterative_deepening_search_with<P, O>(problem: &P, options: &SearchOptions, observer: &mut O) -> SearchResult<P>
where
    P: Problem + ?Sized,
    O: Observer<P>,
{
    let mut total = Stats::default();
    let mut depth_limit = 0;
    let outcome = loop {
        observer.on_event(&Event::Iteration { depth_limit });
        let expansions = options.expansion_limit.map(|l| l.saturating_sub(total.selected));
        let limits = RunLimits { expansions, depth: Some(depth_limit) };
        let (outcome, stats) = run(problem, options, &mut Lifo::default(), Evaluation::Depth, limits, observer);
        total = total + stats;
        match outcome {
            Outcome::Cutoff => {}
            Outcome::Exhausted => {
                let until_limit =
                    options.ids_termination == IdsTermination::UntilLimit && options.expansion_limit.is_some();
                if !until_limit {
                    break Outcome::Exhausted;
                }
            }
            other => break other,
        }
        if options.max_depth.is_some_and(|d| depth_limit >= d) {
            break Outcome::LimitReached(Limit::Depth);
        }
        depth_limit += 1;
    };
    finish(outcome, total, observer)
}
