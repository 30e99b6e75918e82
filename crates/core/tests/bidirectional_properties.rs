//! Both bidirectional searches against an independent Dijkstra on random weighted directed
//! graphs: bidirectional uniform cost finds the cheapest cost, bidirectional breadth-first
//! the fewest steps, each along edges of the graph.

mod common {
    pub mod graph;
}

use common::graph::{graph, shortest_costs, Graph};
use proptest::prelude::*;
use searchlab_core::{bidirectional_search, bidirectional_uniform_cost_search, Outcome, SearchOptions};

/// Whether `states` and `actions` (each a cost) follow edges of `g` from 0 to the goal and
/// add up to `cost`.
fn legal(g: &Graph, states: &[usize], actions: &[u64], cost: u64) -> bool {
    let steps_exist = states.windows(2).zip(actions).all(|(w, c)| g.edges[w[0]].contains(&(w[1], *c)));
    states.first() == Some(&0)
        && states.last() == Some(&g.goal)
        && actions.len() + 1 == states.len()
        && steps_exist
        && actions.iter().sum::<u64>() == cost
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn bidirectional_searches_find_the_fewest_steps_and_the_cheapest_cost((edges, goal) in graph(1..14, 0..5, 0..20)) {
        let g = Graph::new(edges.clone(), goal, vec![0; edges.len()]);
        let runs = [
            ("bidirectional", bidirectional_search(&g, &SearchOptions::default()), shortest_costs(&edges, 0, true)[goal]),
            ("bidirectional-ucs", bidirectional_uniform_cost_search(&g, &SearchOptions::default()), shortest_costs(&edges, 0, false)[goal]),
        ];
        for (name, result, truth) in runs {
            match result.solution() {
                Some(path) => {
                    prop_assert!(legal(&g, &path.states, &path.actions, path.cost), "{}: illegal path {:?}", name, path);
                    let measured = if name == "bidirectional" { path.len() as u64 } else { path.cost };
                    prop_assert_eq!(Some(measured), truth, "{}", name);
                }
                None => {
                    prop_assert_eq!(&result.outcome, &Outcome::Exhausted, "{}", name);
                    prop_assert_eq!(truth, None, "{}", name);
                }
            }
        }
    }
}
