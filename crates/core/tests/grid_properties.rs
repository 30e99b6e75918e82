//! Invariants of the strategies on random grid mazes, against an independent shortest-path
//! computation.

use std::collections::VecDeque;

use proptest::prelude::*;
use searchlab_core::{
    astar, astar_search, bfs, breadth_first_search, depth_first_search, dfs, dijkstra, greedy, greedy_search, iddfs,
    iterative_deepening_search, uniform_cost_search, DuplicatePolicy, Outcome, Problem, SearchOptions, SearchResult,
};

const W: usize = 7;

/// A 7×7 maze: walls, start at the top-left, goal at the bottom-right.
#[derive(Debug, Clone)]
struct Maze {
    walls: Vec<bool>,
}

impl Maze {
    fn open(&self, x: i32, y: i32) -> bool {
        (0..W as i32).contains(&x) && (0..W as i32).contains(&y) && !self.walls[y as usize * W + x as usize]
    }

    /// Shortest distance by a plain BFS written independently of the engine.
    fn distance(&self) -> Option<usize> {
        let mut dist = vec![usize::MAX; W * W];
        let mut queue = VecDeque::from([(0i32, 0i32)]);
        dist[0] = 0;
        while let Some((x, y)) = queue.pop_front() {
            for (dx, dy) in [(0, -1), (0, 1), (-1, 0), (1, 0)] {
                let (nx, ny) = (x + dx, y + dy);
                if self.open(nx, ny) && dist[ny as usize * W + nx as usize] == usize::MAX {
                    dist[ny as usize * W + nx as usize] = dist[y as usize * W + x as usize] + 1;
                    queue.push_back((nx, ny));
                }
            }
        }
        let d = dist[W * W - 1];
        (d != usize::MAX).then_some(d)
    }
}

impl Problem for Maze {
    type State = (i32, i32);
    type Action = char;
    type Key = (i32, i32);

    fn initial_state(&self) -> (i32, i32) {
        (0, 0)
    }

    fn successors(&self, &(x, y): &(i32, i32), out: &mut Vec<(char, (i32, i32))>) {
        for (a, dx, dy) in [('U', 0, -1), ('D', 0, 1), ('L', -1, 0), ('R', 1, 0)] {
            if self.open(x + dx, y + dy) {
                out.push((a, (x + dx, y + dy)));
            }
        }
    }

    fn is_goal(&self, s: &(i32, i32)) -> bool {
        *s == (W as i32 - 1, W as i32 - 1)
    }

    fn key(&self, s: &(i32, i32)) -> (i32, i32) {
        *s
    }

    fn heuristic(&self, &(x, y): &(i32, i32)) -> u64 {
        (2 * (W as i32 - 1) - x - y) as u64
    }
}

fn maze() -> impl Strategy<Value = Maze> {
    prop::collection::vec(prop::bool::weighted(0.3), W * W).prop_map(|mut walls| {
        walls[0] = false;
        walls[W * W - 1] = false;
        Maze { walls }
    })
}

/// The path is legal: each step is a successor of the previous state, and it ends at a goal.
fn legal(maze: &Maze, result: &SearchResult<Maze>) -> bool {
    let Some(path) = result.solution() else { return true };
    let mut out = Vec::new();
    path.states.windows(2).zip(path.actions()).all(|(pair, action)| {
        out.clear();
        maze.successors(&pair[0], &mut out);
        out.iter().any(|(a, s)| a == action && *s == pair[1])
    }) && maze.is_goal(path.last())
        && path.states[0] == (0, 0)
        && path.cost == path.len() as u64
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn strategies_agree_with_an_independent_bfs(maze in maze()) {
        let truth = maze.distance();
        let graph = SearchOptions::default();
        let tree = SearchOptions::default().with_duplicates(DuplicatePolicy::DiscardExpandedOnSelection);
        let optimal = [
            ("bfs", breadth_first_search(&maze, &graph)),
            ("astar", astar_search(&maze, &graph)),
            ("astar decrease-key", astar_search(&maze, &graph.clone().with_duplicates(DuplicatePolicy::DecreaseKey))),
            ("astar tree", astar_search(&maze, &tree)),
            ("ucs", uniform_cost_search(&maze, &graph.clone().with_duplicates(DuplicatePolicy::DecreaseKey))),
            ("bfs tree", breadth_first_search(&maze, &tree)),
        ];
        for (name, result) in &optimal {
            prop_assert!(legal(&maze, result), "{name} returned an illegal path");
            prop_assert_eq!(result.solution().map(|p| p.len()), truth, "{}", name);
            if truth.is_none() {
                prop_assert_eq!(&result.outcome, &Outcome::Exhausted, "{}", name);
            }
        }
        // Complete but not optimal: a path exactly when one exists.
        for (name, result) in [
            ("dfs", depth_first_search(&maze, &graph)),
            ("dfs tree", depth_first_search(&maze, &tree)),
            ("greedy", greedy_search(&maze, &graph)),
            ("ids", iterative_deepening_search(&maze, &graph)),
        ] {
            prop_assert!(legal(&maze, &result), "{name} returned an illegal path");
            prop_assert_eq!(result.solution().is_some(), truth.is_some(), "{}", name);
            if let (Some(p), Some(t)) = (result.solution(), truth) {
                prop_assert!(p.len() >= t);
            }
        }
        // The closure shortcuts: the same answers from a start cell and closures.
        let neighbours = |&(x, y): &(i32, i32)| {
            [(0, -1), (0, 1), (-1, 0), (1, 0)].map(|(dx, dy)| (x + dx, y + dy)).into_iter().filter(|&(nx, ny)| maze.open(nx, ny))
        };
        let goal = |p: &(i32, i32)| maze.is_goal(p);
        let steps = |path: Option<Vec<(i32, i32)>>| path.map(|p| p.len() - 1);
        prop_assert_eq!(steps(bfs((0, 0), neighbours, goal)), truth);
        let weighted = |c: &(i32, i32)| neighbours(c).map(|n| (n, 1));
        prop_assert_eq!(dijkstra((0, 0), weighted, goal).map(|(p, c)| (p.len() - 1, c as usize)), truth.map(|t| (t, t)));
        let h = |c: &(i32, i32)| maze.heuristic(c);
        prop_assert_eq!(astar((0, 0), weighted, h, goal).map(|(_, c)| c as usize), truth);
        for (name, path) in [
            ("dfs()", dfs((0, 0), neighbours, goal)),
            ("iddfs()", iddfs((0, 0), neighbours, goal)),
            ("greedy()", greedy((0, 0), neighbours, h, goal)),
        ] {
            prop_assert_eq!(path.is_some(), truth.is_some(), "{}", name);
            if let Some(p) = path {
                prop_assert!(p.len() > truth.unwrap_or(0), "{}", name);
                prop_assert!(p.windows(2).all(|w| neighbours(&w[0]).any(|n| n == w[1])), "{}", name);
                prop_assert!(p[0] == (0, 0) && goal(p.last().unwrap()), "{}", name);
            }
        }
    }

    #[test]
    fn expansion_limit_is_respected(maze in maze(), limit in 1u64..30) {
        let options = SearchOptions::default().with_expansion_limit(limit);
        for result in [breadth_first_search(&maze, &options), depth_first_search(&maze, &options), astar_search(&maze, &options)] {
            prop_assert!(result.stats.selected <= limit);
            if let Outcome::LimitReached(_) = result.outcome {
                prop_assert_eq!(result.stats.selected, limit);
            }
        }
    }
}
