//! Iterative deepening search.

use std::hash::Hash;

use crate::carry::Carry;
use crate::closures::{no_heuristic, solve, unit_cost};
use crate::engine::{run, Evaluation, RunLimits};
use crate::events::{Event, NoObserver, Observer};
use crate::frontier::Lifo;
use crate::{finish, IdsMemory, IdsTermination, Limit, Outcome, Problem, SearchOptions, SearchResult, Stats};

/// Iterative deepening: depth-limited searches with limits 0, 1, 2, … until one finds a
/// goal.
///
/// Each iteration starts afresh (its own duplicate memory) unless
/// [`SearchOptions::ids_memory`] says otherwise; the expansion limit of `options` counts the
/// selections of all iterations together. The search gives up as
/// [`SearchOptions::ids_termination`] says: after an iteration that nothing cut off
/// (textbook), or only at the expansion limit (the 3-digit puzzle). It also stops at
/// [`SearchOptions::max_depth`] when set: after the iteration of that depth limit, with
/// [`crate::Outcome::LimitReached`]`(`[`crate::Limit::Depth`]`)`. The statistics are
/// summed over the iterations.
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
/// let result = iterative_deepening_search(&Line, &SearchOptions::default());
/// assert_eq!(result.solution().unwrap().states, vec![0, 1, 2]);
/// // Selected per iteration: [0], [0, -1, 1], [0, -1, -2, 1, 2].
/// assert_eq!(result.stats.selected, 1 + 3 + 5);
/// ```
pub fn iterative_deepening_search<P: Problem + ?Sized>(problem: &P, options: &SearchOptions) -> SearchResult<P> {
    iterative_deepening_search_with(problem, options, &mut NoObserver)
}

/// [`iterative_deepening_search`] reporting every step (and every iteration) to `observer`.
///
/// # Panics
///
/// If the problem's [`crate::KeySpace::Dense`] index function returns an index outside
/// its `0..size`.
pub fn iterative_deepening_search_with<P, O>(problem: &P, options: &SearchOptions, observer: &mut O) -> SearchResult<P>
where
    P: Problem + ?Sized,
    O: Observer<P>,
{
    let mut total = Stats::default();
    let mut depth_limit = 0;
    let mut carry =
        (options.ids_memory != IdsMemory::Fresh).then(|| Carry::new(options.ids_memory, problem.key_space()));
    let outcome = loop {
        observer.on_event(&Event::Iteration { depth_limit });
        let mut limits = RunLimits::new(options, Some(depth_limit));
        limits.expansions = options.expansion_limit.map(|l| l.saturating_sub(total.selected));
        limits.carry = carry.as_mut();
        let (outcome, stats) = run(problem, options, &mut Lifo::default(), Evaluation::Depth, limits, observer);
        if let Some(carry) = carry.as_mut() {
            carry.end_iteration();
        }
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

/// Iterative deepening depth-first search over a graph given by closures: depth-first
/// searches limited to depth 0, 1, 2, … until one finds a goal.
///
/// Returns the nodes of a path from `start` to the first node found for which `success`
/// holds, both included, or `None` when no such node is reachable (found out when an
/// iteration's limit hid no deeper node).
///
/// - `start`: the node to start from.
/// - `successors`: the neighbours of a node, in the order to try them.
/// - `success`: whether a node is a goal.
///
/// It is [`iterative_deepening_search`] with [`SearchOptions::default`] on a [`Problem`]
/// made of these closures: memory grows with the depth, not with the width. Each iteration
/// is a graph search (a node already seen in that iteration is not entered again), so the
/// path is not always the shortest: a node first met deep in one branch is not entered
/// again by a shorter branch in the same iteration. On an infinite graph without a
/// reachable goal it does not return; each iteration gives up (`None`) after `u32::MAX`
/// nodes.
///
/// # Example
///
/// ```
/// use searchlab_core::iddfs;
///
/// // 1 leads to 2 and 6; 2 → 3 → 4 → 5 is long, 6 → 5 short.
/// let successors = |n: &u8| match n {
///     1 => vec![2, 6],
///     2 => vec![3],
///     3 => vec![4],
///     4 | 6 => vec![5],
///     _ => vec![],
/// };
/// // Depth limit 2 finds 5 under 6 (depth-first search would return 1, 2, 3, 4, 5).
/// assert_eq!(iddfs(1, successors, |&n| n == 5), Some(vec![1, 6, 5]));
/// ```
pub fn iddfs<N, FN, IN, FS>(start: N, successors: FN, success: FS) -> Option<Vec<N>>
where
    N: Eq + Hash + Clone,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
    FS: FnMut(&N) -> bool,
{
    let options = SearchOptions::default();
    let found = solve(start, unit_cost(successors), no_heuristic, success, &options, iterative_deepening_search);
    found.map(|(path, _)| path)
}
