//! The water-jug puzzle, solved with two strategies of `searchlab-core`.
//!
//! A 4-litre and a 3-litre jug, a tap and a sink: measure exactly 2 litres in the big jug.
//! Run it with `cargo run -p searchlab-core --example water_jugs`.

use searchlab_core::{breadth_first_search, depth_first_search, KeySpace, Problem, SearchOptions, SearchResult};

/// Jug capacities and the amount wanted in the first jug.
struct WaterJugs {
    capacity: [u8; 2],
    target: u8,
}

/// What can be done with the jugs.
#[derive(Debug, Clone, Copy)]
enum Step {
    Fill(usize),
    Empty(usize),
    Pour { from: usize, to: usize },
}

impl Problem for WaterJugs {
    type State = [u8; 2];
    type Action = Step;
    type Key = [u8; 2];

    fn initial_state(&self) -> [u8; 2] {
        [0, 0]
    }

    fn successors(&self, s: &[u8; 2], out: &mut Vec<(Step, [u8; 2])>) {
        for j in 0..2 {
            let mut filled = *s;
            filled[j] = self.capacity[j];
            out.push((Step::Fill(j), filled));
            let mut emptied = *s;
            emptied[j] = 0;
            out.push((Step::Empty(j), emptied));
        }
        for (from, to) in [(0, 1), (1, 0)] {
            let amount = s[from].min(self.capacity[to] - s[to]);
            let mut poured = *s;
            poured[from] -= amount;
            poured[to] += amount;
            out.push((Step::Pour { from, to }, poured));
        }
    }

    fn is_goal(&self, s: &[u8; 2]) -> bool {
        s[0] == self.target
    }

    fn key(&self, s: &[u8; 2]) -> [u8; 2] {
        *s
    }

    fn key_space(&self) -> KeySpace<[u8; 2]> {
        KeySpace::Dense { size: 256 * 256, index: |key| key[0] as usize * 256 + key[1] as usize }
    }
}

impl std::fmt::Display for Step {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Step::Fill(j) => write!(f, "fill jug {}", j + 1),
            Step::Empty(j) => write!(f, "empty jug {}", j + 1),
            Step::Pour { from, to } => write!(f, "pour jug {} into jug {}", from + 1, to + 1),
        }
    }
}

fn show(name: &str, result: &SearchResult<WaterJugs>) {
    let path = result.solution().expect("2 litres can be measured");
    println!("{name}: {} steps, {} nodes expanded", path.len(), result.stats.expanded);
    for (action, state) in path.actions().zip(path.states().skip(1)) {
        println!("  {:<24} -> {state:?}", action.to_string());
    }
}

fn main() {
    let jugs = WaterJugs { capacity: [4, 3], target: 2 };
    let options = SearchOptions::default();
    show("breadth-first", &breadth_first_search(&jugs, &options));
    show("depth-first", &depth_first_search(&jugs, &options));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_strategies_measure_two_litres() {
        let jugs = WaterJugs { capacity: [4, 3], target: 2 };
        let options = SearchOptions::default();
        // The shortest way takes 6 pours (fill 4, pour, empty 3, pour, fill 4, pour).
        let bfs = breadth_first_search(&jugs, &options);
        assert_eq!(bfs.solution().unwrap().len(), 6);
        let dfs = depth_first_search(&jugs, &options);
        let path = dfs.solution().unwrap();
        assert_eq!(path.last()[0], 2);
        assert!(path.len() >= 6);
    }
}
