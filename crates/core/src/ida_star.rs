//! Iterative deepening A* (IDA*): depth-first searches bounded by f = g + h.

use crate::engine::{run_bounded, Evaluation, RunLimits};
use crate::events::{Event, NoObserver, Observer};
use crate::frontier::Lifo;
use crate::{finish, Outcome, Problem, SearchOptions, SearchResult, Stats};

/// IDA*: depth-first searches (a stack, the first successor on top) in which a child whose
/// f = g + h exceeds the iteration's bound does not enter the frontier. The first bound is
/// the root's h; each further bound is the smallest f the iteration before pruned. The
/// search ends at the first goal selected, or when an iteration pruned nothing.
///
/// Each iteration is one run of the shared loop, so goal-test timing, duplicate handling
/// and limits come from `options`, as for [`crate::iterative_deepening_search`]: with
/// [`crate::DuplicatePolicy::NoCheck`] every iteration is a tree search, and with an
/// admissible heuristic the path found is a shortest one (the textbook IDA*); with graph
/// search ([`crate::DuplicatePolicy::SkipSeen`]) a state first met on a longer path is not
/// entered again in that iteration, which can cost optimality. The expansion limit counts
/// the selections of all iterations together. Tree-search iterations on a graph with cycles
/// and no reachable goal always prune something, so only a limit (expansions, nodes, the
/// interrupt flag) ends them. The statistics are summed over the
/// iterations; [`Stats::frontier_left`] is the last iteration's.
///
/// # Example
///
/// ```
/// use searchlab_core::{ida_star_search, DuplicatePolicy, Problem, SearchOptions};
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
///     fn is_goal(&self, s: &i32) -> bool { *s == 3 }
///     fn key(&self, s: &i32) -> i32 { *s }
///     fn heuristic(&self, s: &i32) -> u64 { (3 - s).unsigned_abs() as u64 }
/// }
///
/// let options = SearchOptions::default().with_duplicates(DuplicatePolicy::NoCheck);
/// let result = ida_star_search(&Line, &options);
/// assert_eq!(result.solution().unwrap().states, vec![0, 1, 2, 3]);
/// // One iteration (bound 3): 0, 1, 2 expanded; their left children have f = 5.
/// assert_eq!((result.stats.expanded, result.stats.frontier_left), (3, 0));
/// ```
pub fn ida_star_search<P: Problem + ?Sized>(problem: &P, options: &SearchOptions) -> SearchResult<P> {
    ida_star_search_with(problem, options, &mut NoObserver)
}

/// [`ida_star_search`] reporting every step (and every iteration's bound) to `observer`.
///
/// # Panics
///
/// If the problem's [`crate::KeySpace::Dense`] index function returns an index outside
/// its `0..size`.
pub fn ida_star_search_with<P, O>(problem: &P, options: &SearchOptions, observer: &mut O) -> SearchResult<P>
where
    P: Problem + ?Sized,
    O: Observer<P>,
{
    let bound = problem.heuristic(&problem.initial_state());
    bounded_iterations(problem, options, observer, bound, Evaluation::CostPlusHeuristic)
}

/// Depth-first iterations of the shared loop, each bounded on `evaluation` (a child valued
/// above the bound does not enter the frontier): the first bound is `bound`, each further one
/// the smallest value the iteration before pruned, until a goal is selected or an iteration
/// prunes nothing. IDA* (f = g + h from h of the root) and iterative lengthening (g from 0)
/// are this loop.
pub(crate) fn bounded_iterations<P, O>(
    problem: &P,
    options: &SearchOptions,
    observer: &mut O,
    mut bound: u64,
    evaluation: Evaluation,
) -> SearchResult<P>
where
    P: Problem + ?Sized,
    O: Observer<P>,
{
    let mut total = Stats::default();
    let outcome = loop {
        observer.on_event(&Event::Bound { bound });
        let mut limits = RunLimits::new(options, None);
        limits.expansions = options.expansion_limit.map(|l| l.saturating_sub(total.selected));
        limits.bound = Some(bound);
        let (outcome, report) = run_bounded(problem, options, &mut Lifo::default(), evaluation, limits, observer);
        total = total + report.stats;
        match (outcome, report.next_bound) {
            (Outcome::Exhausted, Some(next)) => bound = next,
            (other, _) => break other,
        }
    };
    finish(outcome, total, observer)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::DuplicatePolicy;

    /// A 4-cycle 0–1–2–3–0 with a tail 2 → 4; the goal is the number given.
    struct Ring(u8);
    impl Problem for Ring {
        type State = u8;
        type Action = u8;
        type Key = u8;
        fn initial_state(&self) -> u8 {
            0
        }
        fn successors(&self, s: &u8, out: &mut Vec<(u8, u8)>) {
            match s {
                0 => out.extend([(1, 1), (3, 3)]),
                1 => out.extend([(0, 0), (2, 2)]),
                2 => out.extend([(1, 1), (3, 3), (4, 4)]),
                3 => out.extend([(0, 0), (2, 2)]),
                _ => {}
            }
        }
        fn is_goal(&self, s: &u8) -> bool {
            *s == self.0
        }
        fn key(&self, s: &u8) -> u8 {
            *s
        }
        fn heuristic(&self, s: &u8) -> u64 {
            // Admissible, not exact: the search needs a second bound.
            [2, 1, 1, 1, 0][usize::from(*s)]
        }
    }

    #[test]
    fn bounds_rise_to_the_optimal_cost() {
        let mut bounds = Vec::new();
        let options = SearchOptions::default().with_duplicates(DuplicatePolicy::NoCheck);
        let result = ida_star_search_with(&Ring(4), &options, &mut |e: &Event<'_, Ring>| {
            if let Event::Bound { bound } = e {
                bounds.push(*bound);
            }
        });
        assert_eq!(result.solution().unwrap().states, vec![0, 1, 2, 4]);
        assert_eq!(bounds, [2, 3]);
        // Bound 2: 0 expanded, children 1 and 3 (f = 2) pushed; 1 expanded (0: f 4, 2: f 3
        // pruned); 3 expanded (same). Bound 3: 0, 1 expanded, 2 expanded (1: f 4 pruned,
        // 3: f 4, 4: f 3), goal 4 selected with 3 still in the frontier.
        assert_eq!(result.stats.expanded, 3 + 3);
        assert_eq!(result.stats.frontier_left, 1);
        assert_eq!(result.stats.max_frontier, 2);
    }

    #[test]
    fn exhausts_when_nothing_is_pruned() {
        // The goal 9 is not in the graph: under graph search the bounds rise until no child
        // is pruned.
        let result = ida_star_search(&Ring(9), &SearchOptions::default());
        assert!(matches!(result.outcome, Outcome::Exhausted));
    }
}
