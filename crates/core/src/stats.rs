//! Statistics the engine collects while it searches.

use std::ops::Add;
use std::time::Duration;

/// What a search did, counted by the engine (never by the problem).
///
/// Two counts of "expanded" exist in the literature and both are kept:
/// [`Stats::selected`] counts nodes taken from the frontier and goal-tested (the 3-digit
/// puzzle's "expanded" list, goal included), [`Stats::expanded`] those whose successors
/// were then generated (the N-puzzle driver's `nodes_expanded`, goal excluded).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Stats {
    /// Nodes removed from the frontier, not discarded, and goal-tested.
    pub selected: u64,
    /// Nodes whose successors were generated.
    pub expanded: u64,
    /// Successor nodes created (including those then skipped or discarded).
    pub generated: u64,
    /// Nodes removed from the frontier and discarded as duplicates, plus children
    /// skipped on generation.
    pub discarded: u64,
    /// The most nodes the frontier held at once (the 2017 N-puzzle driver's
    /// `max_fringe_size`). Entries made stale by a cheaper path (decrease-key, re-insert)
    /// are not counted.
    pub max_frontier: u64,
    /// How many nodes were still in the frontier when the search stopped (after the goal
    /// left it): the 2017 N-puzzle driver's `fringe_size`. Entries made stale by a cheaper
    /// path are not counted. For iterative deepening, the last iteration's.
    #[serde(default)]
    pub frontier_left: u64,
    /// The depth of the deepest node ever added to the frontier (the root counts, at 0).
    pub max_depth: u64,
    /// Wall-clock time spent searching.
    #[serde(with = "duration_secs")]
    pub elapsed: Duration,
}

impl Stats {
    /// Effective branching factor: `generated / expanded`, or 0 when nothing was expanded.
    pub fn branching_factor(&self) -> f64 {
        if self.expanded == 0 {
            0.0
        } else {
            self.generated as f64 / self.expanded as f64
        }
    }
}

impl Add for Stats {
    type Output = Stats;

    /// Sums counts and times; maxima take the larger value; the frontier left is the
    /// later run's (used for IDS iterations and for totals over many runs).
    fn add(self, other: Stats) -> Stats {
        Stats {
            selected: self.selected + other.selected,
            expanded: self.expanded + other.expanded,
            generated: self.generated + other.generated,
            discarded: self.discarded + other.discarded,
            max_frontier: self.max_frontier.max(other.max_frontier),
            frontier_left: other.frontier_left,
            max_depth: self.max_depth.max(other.max_depth),
            elapsed: self.elapsed + other.elapsed,
        }
    }
}

mod duration_secs {
    use serde::{Deserialize, Deserializer, Serializer};
    use std::time::Duration;

    pub fn serialize<S: Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(d.as_secs_f64())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Duration, D::Error> {
        let secs = f64::deserialize(d)?;
        Duration::try_from_secs_f64(secs).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn add_sums_counts_and_keeps_maxima() {
        let a = Stats {
            selected: 1,
            expanded: 2,
            generated: 3,
            discarded: 4,
            max_frontier: 9,
            frontier_left: 3,
            max_depth: 1,
            elapsed: Duration::from_millis(5),
        };
        let b = Stats {
            selected: 10,
            expanded: 20,
            generated: 30,
            discarded: 40,
            max_frontier: 5,
            frontier_left: 4,
            max_depth: 7,
            elapsed: Duration::from_millis(5),
        };
        let c = a + b;
        assert_eq!((c.selected, c.expanded, c.generated, c.discarded), (11, 22, 33, 44));
        assert_eq!((c.max_frontier, c.max_depth, c.frontier_left), (9, 7, 4));
        assert_eq!(c.elapsed, Duration::from_millis(10));
    }

    #[test]
    fn branching_factor_is_zero_without_expansions() {
        assert_eq!(Stats::default().branching_factor(), 0.0);
        let s = Stats { expanded: 4, generated: 10, ..Stats::default() };
        assert_eq!(s.branching_factor(), 2.5);
    }
}
