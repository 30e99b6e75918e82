//! Recursive best-first search against an independent Dijkstra on random weighted directed
//! graphs (positive costs, so that f grows along every path): with an admissible heuristic
//! it finds the cheapest cost, along edges of the graph.

mod common {
    pub mod graph;
}

use common::graph::{graph, reversed, shortest_costs, Graph};
use proptest::prelude::*;
use searchlab_core::{recursive_best_first_search, Limit, Outcome, SearchOptions};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn rbfs_finds_the_cheapest_cost_with_an_admissible_heuristic((edges, goal) in graph(1..9, 0..4, 1..10)) {
        let truth = shortest_costs(&edges, 0, false)[goal];
        let to_goal = shortest_costs(&reversed(&edges), goal, false);
        // Half the true cost to the goal (admissible); 0 where the goal is out of reach.
        let half: Vec<u64> = to_goal.iter().map(|d| d.unwrap_or(0) / 2).collect();
        let options = SearchOptions::default().with_expansion_limit(200_000);
        for h in [vec![0; edges.len()], half] {
            let g = Graph::new(edges.clone(), goal, h);
            let result = recursive_best_first_search(&g, &options);
            match (&result.outcome, truth) {
                (Outcome::Found(path), Some(cost)) => {
                    prop_assert_eq!(path.cost, cost);
                    let steps = path.states.windows(2).zip(&path.actions);
                    prop_assert!(steps.clone().all(|(w, c)| g.edges[w[0]].contains(&(w[1], *c))));
                    prop_assert_eq!(path.actions.iter().sum::<u64>(), cost);
                }
                // Tree search: without a reachable goal, a cycle keeps it going until the limit.
                (Outcome::Exhausted | Outcome::LimitReached(Limit::Expansions), None) => {}
                (outcome, truth) => prop_assert!(false, "{:?} where Dijkstra says {:?}", outcome, truth),
            }
        }
    }
}
