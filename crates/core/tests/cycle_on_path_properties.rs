//! The textbook's depth-limited search (`DuplicatePolicy::CycleOnPath`: a child on its own path
//! is left out, nothing else) against an independent Dijkstra on random directed graphs:
//! iterative deepening finds the fewest steps and IDA* with h = 0 the cheapest cost, and both
//! say `Exhausted` when the goal cannot be reached.

mod common {
    pub mod graph;
}

use common::graph::{graph, shortest_costs, Graph};
use proptest::prelude::*;
use searchlab_core::{
    ida_star_search, iterative_deepening_search, DuplicatePolicy, Outcome, SearchOptions, SearchResult,
};

fn on_path() -> SearchOptions {
    SearchOptions::default().with_duplicates(DuplicatePolicy::CycleOnPath)
}

/// Whether the path follows edges of `g` from 0 to the goal and visits no state twice.
fn simple_and_legal(g: &Graph, result: &SearchResult<Graph>) -> bool {
    let Some(path) = result.solution() else { return false };
    let steps_exist = path.states.windows(2).zip(&path.actions).all(|(w, c)| g.edges[w[0]].contains(&(w[1], *c)));
    let mut seen = path.states.clone();
    seen.sort_unstable();
    seen.dedup();
    path.states.first() == Some(&0)
        && path.states.last() == Some(&g.goal)
        && steps_exist
        && seen.len() == path.states.len()
}

/// 0 → 1 → 2 → 3 → 5 and 0 → 4 → 3: the goal 5 is three steps away through 4. At the depth
/// limit 3, depth-first search goes through 1 first and generates 3 at depth 3, where the limit
/// stops it; a set of states seen over the iteration then skips 3 when 4 generates it at depth
/// 2, and the iteration finds nothing: the next one returns four steps. Worked out by hand.
#[test]
fn a_state_seen_deeper_first_does_not_hide_the_shortest_path() {
    let edges = vec![vec![(1, 1), (4, 1)], vec![(2, 1)], vec![(3, 1)], vec![(5, 1)], vec![(3, 1)], vec![]];
    let g = Graph::new(edges, 5, vec![0; 6]);
    assert_eq!(iterative_deepening_search(&g, &on_path()).solution().unwrap().states, [0, 4, 3, 5]);
    let seen_set = SearchOptions::default().with_duplicates(DuplicatePolicy::SkipSeen);
    assert_eq!(iterative_deepening_search(&g, &seen_set).solution().unwrap().states, [0, 1, 2, 3, 5]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn depth_limited_searches_with_a_cycle_check_on_the_path_are_optimal((edges, goal) in graph(1..9, 0..4, 1..20)) {
        let g = Graph::new(edges.clone(), goal, vec![0; edges.len()]);
        let steps = shortest_costs(&edges, 0, true)[goal];
        let cost = shortest_costs(&edges, 0, false)[goal];
        let ids = iterative_deepening_search(&g, &on_path());
        let ida = ida_star_search(&g, &on_path());
        match (steps, cost) {
            (Some(steps), Some(cost)) => {
                prop_assert!(simple_and_legal(&g, &ids), "ids: {:?}", ids.outcome);
                prop_assert!(simple_and_legal(&g, &ida), "ida: {:?}", ida.outcome);
                prop_assert_eq!(ids.solution().unwrap().len() as u64, steps);
                prop_assert_eq!(ida.solution().unwrap().cost, cost);
            }
            _ => {
                prop_assert_eq!(&ids.outcome, &Outcome::Exhausted);
                prop_assert_eq!(&ida.outcome, &Outcome::Exhausted);
            }
        }
    }
}
