//! Uniform-cost search and A* (engine and closure shortcuts) against an independent
//! Dijkstra on random weighted directed graphs: same optimal cost, legal paths.

use proptest::prelude::*;
use searchlab_core::{
    astar, astar_search, dijkstra, uniform_cost_search, DuplicatePolicy, Outcome, Problem, SearchOptions,
};

/// A weighted directed graph: `edges[n]` lists `(to, cost)`; search from 0 to `goal`.
#[derive(Debug, Clone)]
struct Graph {
    edges: Vec<Vec<(usize, u64)>>,
    goal: usize,
    /// The heuristic, one value per node.
    h: Vec<u64>,
}

impl Problem for Graph {
    type State = usize;
    type Action = u64;
    type Key = usize;
    fn initial_state(&self) -> usize {
        0
    }
    fn successors(&self, n: &usize, out: &mut Vec<(u64, usize)>) {
        out.extend(self.edges[*n].iter().map(|&(to, cost)| (cost, to)));
    }
    fn is_goal(&self, n: &usize) -> bool {
        *n == self.goal
    }
    fn key(&self, n: &usize) -> usize {
        *n
    }
    fn heuristic(&self, n: &usize) -> u64 {
        self.h[*n]
    }
    fn step_cost(&self, _: &usize, cost: &u64, _: &usize) -> u64 {
        *cost
    }
}

/// Textbook Dijkstra, O(n²) with an array (no heap, no engine): the cheapest cost from
/// `from` to every node along `edges`, `None` where unreachable.
fn shortest_costs(edges: &[Vec<(usize, u64)>], from: usize) -> Vec<Option<u64>> {
    let n = edges.len();
    let mut dist: Vec<Option<u64>> = vec![None; n];
    let mut done = vec![false; n];
    dist[from] = Some(0);
    loop {
        let next = (0..n).filter(|&v| !done[v] && dist[v].is_some()).min_by_key(|&v| dist[v]);
        let Some(u) = next else { break };
        done[u] = true;
        let du = dist[u].unwrap();
        for &(v, c) in &edges[u] {
            if !matches!(dist[v], Some(dv) if dv <= du + c) {
                dist[v] = Some(du + c);
            }
        }
    }
    dist
}

/// Edges reversed, to compute every node's true cost to the goal.
fn reversed(edges: &[Vec<(usize, u64)>]) -> Vec<Vec<(usize, u64)>> {
    let mut rev = vec![Vec::new(); edges.len()];
    for (u, out) in edges.iter().enumerate() {
        for &(v, c) in out {
            rev[v].push((u, c));
        }
    }
    rev
}

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

fn graph() -> impl Strategy<Value = (Vec<Vec<(usize, u64)>>, usize)> {
    (2usize..14).prop_flat_map(|n| {
        let edges = prop::collection::vec(prop::collection::vec((0..n, 0u64..20), 0..5), n);
        (edges, 0..n)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn ucs_and_astar_find_dijkstras_cost((edges, goal) in graph()) {
        let truth = shortest_costs(&edges, 0)[goal];
        let to_goal = shortest_costs(&reversed(&edges), goal);
        let exact: Vec<u64> = to_goal.iter().map(|d| d.unwrap_or(DEAD)).collect();
        let half: Vec<u64> = exact.iter().map(|d| d / 2).collect();
        let zero = vec![0; edges.len()];
        let options = SearchOptions::default().with_duplicates(DuplicatePolicy::DecreaseKey);
        let tree = SearchOptions::default().with_duplicates(DuplicatePolicy::DiscardExpandedOnSelection);

        for (name, h) in [("zero", zero), ("half", half), ("exact", exact)] {
            let g = Graph { edges: edges.clone(), goal, h };
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

        let g = Graph { edges: edges.clone(), goal, h: vec![0; edges.len()] };
        let shortcut = dijkstra(0, |n: &usize| edges[*n].clone(), |n| *n == goal);
        prop_assert_eq!(shortcut.as_ref().map(|(_, c)| *c), truth, "dijkstra()");
        if let Some((path, cost)) = &shortcut {
            prop_assert!(legal(&g, path, *cost));
        }
    }
}
