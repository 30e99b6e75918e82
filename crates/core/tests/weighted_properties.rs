//! Uniform-cost search and A* (engine and closure shortcuts) against an independent
//! Dijkstra on random weighted directed graphs: same optimal cost, legal paths.

mod common {
    pub mod graph;
}

use common::graph::{graph, reversed, shortest_costs, Graph};
use proptest::prelude::*;
use searchlab_core::{astar, astar_search, dijkstra, uniform_cost_search, DuplicatePolicy, Outcome, SearchOptions};

/// A cost no path reaches: the heuristic of nodes that cannot reach the goal (consistent,
/// since such nodes only lead to such nodes).
const DEAD: u64 = 1_000_000;

/// Whether `path` starts at 0, ends at the goal, follows edges and costs `cost` (taking the
/// cheapest parallel edge where several join the same nodes).
fn legal(g: &Graph, path: &[usize], cost: u64) -> bool {
    let steps: Option<Vec<u64>> =
        path.windows(2).map(|w| g.edges[w[0]].iter().filter(|&&(to, _)| to == w[1]).map(|&(_, c)| c).min()).collect();
    path.first() == Some(&0) && path.last() == Some(&g.goal) && steps.is_some_and(|s| s.iter().sum::<u64>() == cost)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn ucs_and_astar_find_dijkstras_cost((edges, goal) in graph(2..14, 0..5, 0..20)) {
        let truth = shortest_costs(&edges, 0, false)[goal];
        let to_goal = shortest_costs(&reversed(&edges), goal, false);
        let exact: Vec<u64> = to_goal.iter().map(|d| d.unwrap_or(DEAD)).collect();
        let half: Vec<u64> = exact.iter().map(|d| d / 2).collect();
        let zero = vec![0; edges.len()];
        let options = SearchOptions::default().with_duplicates(DuplicatePolicy::DecreaseKey);
        let tree = SearchOptions::default().with_duplicates(DuplicatePolicy::DiscardExpandedOnSelection);

        for (name, h) in [("zero", zero), ("half", half), ("exact", exact)] {
            let g = Graph::new(edges.clone(), goal, h);
            let mut runs = vec![
                ("astar decrease-key", astar_search(&g, &options)),
                ("astar tree", astar_search(&g, &tree)),
            ];
            if name == "zero" {
                runs.push(("ucs decrease-key", uniform_cost_search(&g, &options)));
                runs.push(("ucs tree", uniform_cost_search(&g, &tree)));
            }
            for (run, result) in runs {
                let found = result.solution().map(|p| p.cost);
                prop_assert_eq!(found, truth, "{} with h = {}", run, name);
                match result.solution() {
                    Some(path) => prop_assert!(legal(&g, &path.states, path.cost), "{run}: illegal path"),
                    None => prop_assert_eq!(&result.outcome, &Outcome::Exhausted),
                }
            }

            let successors = |n: &usize| g.edges[*n].clone();
            let shortcut = astar(0, successors, |n| g.h[*n], |n| *n == goal);
            prop_assert_eq!(shortcut.as_ref().map(|(_, c)| *c), truth, "astar() with h = {}", name);
            if let Some((path, cost)) = &shortcut {
                prop_assert!(legal(&g, path, *cost));
            }
        }

        let g = Graph::new(edges.clone(), goal, vec![0; edges.len()]);
        let shortcut = dijkstra(0, |n: &usize| edges[*n].clone(), |n| *n == goal);
        prop_assert_eq!(shortcut.as_ref().map(|(_, c)| *c), truth, "dijkstra()");
        if let Some((path, cost)) = &shortcut {
            prop_assert!(legal(&g, path, *cost));
        }
    }
}
