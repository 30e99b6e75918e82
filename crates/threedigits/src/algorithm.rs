//! The six strategies of the assignment, by letter, and the options the spec fixes.

use std::fmt;
use std::str::FromStr;

use searchlab_core::{SearchOptions, Strategy};

/// The spec's limit on expanded nodes (the engine's [`SearchOptions::comp3308`] rule).
pub const EXPANSION_LIMIT: u64 = searchlab_core::COMP3308_EXPANSION_LIMIT;

/// A strategy of the assignment, named by its letter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Algorithm {
    /// `B`: breadth-first search.
    Bfs,
    /// `D`: depth-first search.
    Dfs,
    /// `I`: iterative deepening search.
    Ids,
    /// `G`: greedy best-first search on the Manhattan heuristic.
    Greedy,
    /// `A`: A* with the Manhattan heuristic.
    AStar,
    /// `H`: hill-climbing on the Manhattan heuristic.
    HillClimbing,
}

impl Algorithm {
    /// All six, in the spec's order of letters B D I G A H.
    pub const ALL: [Algorithm; 6] =
        [Algorithm::Bfs, Algorithm::Dfs, Algorithm::Ids, Algorithm::Greedy, Algorithm::AStar, Algorithm::HillClimbing];

    /// The spec's letter.
    pub fn letter(self) -> char {
        match self {
            Algorithm::Bfs => 'B',
            Algorithm::Dfs => 'D',
            Algorithm::Ids => 'I',
            Algorithm::Greedy => 'G',
            Algorithm::AStar => 'A',
            Algorithm::HillClimbing => 'H',
        }
    }

    /// The engine strategy.
    pub fn strategy(self) -> Strategy {
        match self {
            Algorithm::Bfs => Strategy::BreadthFirst,
            Algorithm::Dfs => Strategy::DepthFirst,
            Algorithm::Ids => Strategy::IterativeDeepening,
            Algorithm::Greedy => Strategy::Greedy,
            Algorithm::AStar => Strategy::AStar,
            Algorithm::HillClimbing => Strategy::HillClimbing,
        }
    }

    /// The engine options the spec fixes: goal test when a node is selected; tree search
    /// that discards a selected node whose (digits, changed digit) was already expanded;
    /// ties to the last added node; at most 1000 selected nodes; IDS deepens until the
    /// limit.
    pub fn options(self) -> SearchOptions {
        SearchOptions::comp3308()
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.strategy().name())
    }
}

/// An unknown strategy name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown strategy `{0}`: use one of B D I G A H (or bfs, dfs, ids, greedy, astar, hill)")]
pub struct UnknownAlgorithm(pub String);

impl FromStr for Algorithm {
    type Err = UnknownAlgorithm;

    /// A letter B D I G A H in either case, or a name: bfs, dfs, ids, greedy, astar (a*),
    /// hill (hill-climbing).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(match s.to_ascii_lowercase().as_str() {
            "b" | "bfs" => Algorithm::Bfs,
            "d" | "dfs" => Algorithm::Dfs,
            "i" | "ids" => Algorithm::Ids,
            "g" | "greedy" => Algorithm::Greedy,
            "a" | "astar" | "a*" => Algorithm::AStar,
            "h" | "hill" | "hill-climbing" => Algorithm::HillClimbing,
            _ => return Err(UnknownAlgorithm(s.chars().take(30).collect())),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_and_names_parse() {
        for a in Algorithm::ALL {
            assert_eq!(a.letter().to_string().parse::<Algorithm>(), Ok(a));
            assert_eq!(a.letter().to_ascii_lowercase().to_string().parse::<Algorithm>(), Ok(a));
        }
        assert_eq!("astar".parse::<Algorithm>(), Ok(Algorithm::AStar));
        assert_eq!("HILL".parse::<Algorithm>(), Ok(Algorithm::HillClimbing));
        assert!("X".parse::<Algorithm>().is_err());
        assert!("".parse::<Algorithm>().is_err());
    }
}
