//! Random weighted directed graphs as search problems, and an independent Dijkstra, for the
//! property tests that check the engine's optimal searches.

use std::ops::Range;

use proptest::prelude::*;
use searchlab_core::Problem;

/// A weighted directed graph: `edges[n]` lists `(to, cost)`; search from 0 to `goal`.
#[derive(Debug, Clone)]
pub struct Graph {
    pub edges: Vec<Vec<(usize, u64)>>,
    /// The same edges, reversed: `into[n]` lists `(from, cost)` (for searching backward).
    pub into: Vec<Vec<(usize, u64)>>,
    pub goal: usize,
    /// The heuristic, one value per node.
    pub h: Vec<u64>,
}

impl Graph {
    /// The graph of `edges` searched toward `goal` with the heuristic `h`.
    pub fn new(edges: Vec<Vec<(usize, u64)>>, goal: usize, h: Vec<u64>) -> Graph {
        let into = reversed(&edges);
        Graph { edges, into, goal, h }
    }
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
    fn goal_state(&self) -> Option<usize> {
        Some(self.goal)
    }
    fn predecessors(&self, n: &usize, out: &mut Vec<(u64, usize)>) {
        out.extend(self.into[*n].iter().map(|&(from, cost)| (cost, from)));
    }
}

/// Textbook Dijkstra, O(n²) with an array (no heap, no engine): the cheapest cost from
/// `from` to every node along `edges`, `None` where unreachable; `unit` counts steps
/// instead of costs.
pub fn shortest_costs(edges: &[Vec<(usize, u64)>], from: usize, unit: bool) -> Vec<Option<u64>> {
    let n = edges.len();
    let mut dist: Vec<Option<u64>> = vec![None; n];
    let mut done = vec![false; n];
    dist[from] = Some(0);
    while let Some(u) = (0..n).filter(|&v| !done[v] && dist[v].is_some()).min_by_key(|&v| dist[v]) {
        done[u] = true;
        let du = dist[u].unwrap();
        for &(v, c) in &edges[u] {
            let c = if unit { 1 } else { c };
            if !matches!(dist[v], Some(dv) if dv <= du + c) {
                dist[v] = Some(du + c);
            }
        }
    }
    dist
}

/// Edges reversed: `(from, cost)` listed under each `to`.
pub fn reversed(edges: &[Vec<(usize, u64)>]) -> Vec<Vec<(usize, u64)>> {
    let mut rev = vec![Vec::new(); edges.len()];
    for (u, out) in edges.iter().enumerate() {
        for &(v, c) in out {
            rev[v].push((u, c));
        }
    }
    rev
}

/// A graph of `nodes` nodes (a range), each with `edges` edges (a range) of a cost in
/// `costs`, and a goal.
pub fn graph(
    nodes: Range<usize>,
    edges: Range<usize>,
    costs: Range<u64>,
) -> impl Strategy<Value = (Vec<Vec<(usize, u64)>>, usize)> {
    nodes.prop_flat_map(move |n| {
        let out = prop::collection::vec(prop::collection::vec((0..n, costs.clone()), edges.clone()), n);
        (out, 0..n)
    })
}
