//! The closure front door: a [`Problem`] made of a start node and closures, so that the
//! shortcuts `bfs`, `dfs`, `iddfs`, `dijkstra`, `greedy` and `astar` (beside their
//! strategies) run on the one engine, in the style of the `pathfinding` crate.

use std::cell::RefCell;
use std::hash::Hash;

use crate::{Outcome, Problem, SearchOptions, SearchResult};

/// A problem given as closures. The action of a step is its cost.
pub(crate) struct Closures<N, FN, FH, FS> {
    start: N,
    // `Problem` takes `&self`; the engine never calls back into a closure while it runs,
    // so these borrows never clash.
    successors: RefCell<FN>,
    heuristic: RefCell<FH>,
    success: RefCell<FS>,
}

/// The heuristic of the uninformed shortcuts.
pub(crate) fn no_heuristic<N>(_: &N) -> u64 {
    0
}

/// Nodes paired with a step cost of 1.
pub(crate) type UnitCost<I, N> = std::iter::Map<I, fn(N) -> (N, u64)>;

/// A search function of this crate, on the closure problem.
type Search<P> = fn(&P, &SearchOptions) -> SearchResult<P>;

/// Successors of unit cost, for the shortcuts whose successors yield nodes alone.
pub(crate) fn unit_cost<N, FN, IN>(mut successors: FN) -> impl FnMut(&N) -> UnitCost<IN::IntoIter, N>
where
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
{
    move |n| successors(n).into_iter().map((|m| (m, 1)) as fn(N) -> (N, u64))
}

impl<N, FN, IN, FH, FS> Problem for Closures<N, FN, FH, FS>
where
    N: Eq + Hash + Clone,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, u64)>,
    FH: FnMut(&N) -> u64,
    FS: FnMut(&N) -> bool,
{
    type State = N;
    type Action = u64;
    type Key = N;

    fn initial_state(&self) -> N {
        self.start.clone()
    }

    fn successors(&self, node: &N, out: &mut Vec<(u64, N)>) {
        let mut successors = self.successors.borrow_mut();
        out.extend((*successors)(node).into_iter().map(|(next, cost)| (cost, next)));
    }

    fn is_goal(&self, node: &N) -> bool {
        (*self.success.borrow_mut())(node)
    }

    fn key(&self, node: &N) -> N {
        node.clone()
    }

    fn heuristic(&self, node: &N) -> u64 {
        (*self.heuristic.borrow_mut())(node)
    }

    fn step_cost(&self, _from: &N, cost: &u64, _to: &N) -> u64 {
        *cost
    }
}

/// Runs `search` on the problem made of the closures, with `options`; returns the nodes of
/// the path found, start first, and its cost.
pub(crate) fn solve<N, FN, IN, FH, FS>(
    start: N,
    successors: FN,
    heuristic: FH,
    success: FS,
    options: &SearchOptions,
    search: Search<Closures<N, FN, FH, FS>>,
) -> Option<(Vec<N>, u64)>
where
    N: Eq + Hash + Clone,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, u64)>,
    FH: FnMut(&N) -> u64,
    FS: FnMut(&N) -> bool,
{
    let problem = Closures {
        start,
        successors: RefCell::new(successors),
        heuristic: RefCell::new(heuristic),
        success: RefCell::new(success),
    };
    match search(&problem, options).outcome {
        Outcome::Found(path) => Some((path.states, path.cost)),
        _ => None,
    }
}
