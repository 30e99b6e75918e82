//! Choosing a strategy by value (for command lines, reports and the web view).

use crate::events::Observer;
use crate::{
    astar_search_with, beam_search_with, bidirectional_search_with, bidirectional_uniform_cost_search_with,
    breadth_first_search_with, depth_first_search_with, greedy_search_with, hill_climbing_with, ida_star_search_with,
    iterative_deepening_search_with, recursive_best_first_search_with, uniform_cost_search_with,
    weighted_astar_search_with, Problem, SearchOptions, SearchResult,
};

/// One of the search strategies of this crate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Strategy {
    /// [`crate::breadth_first_search`].
    BreadthFirst,
    /// [`crate::depth_first_search`].
    DepthFirst,
    /// [`crate::iterative_deepening_search`].
    IterativeDeepening,
    /// [`crate::greedy_search`].
    Greedy,
    /// [`crate::astar_search`].
    AStar,
    /// [`crate::hill_climbing`].
    HillClimbing,
    /// [`crate::uniform_cost_search`].
    UniformCost,
    /// [`crate::ida_star_search`].
    IdaStar,
    /// [`crate::weighted_astar_search`].
    WeightedAStar,
    /// [`crate::beam_search`].
    Beam,
    /// [`crate::bidirectional_search`].
    Bidirectional,
    /// [`crate::bidirectional_uniform_cost_search`].
    BidirectionalUniformCost,
    /// [`crate::recursive_best_first_search`].
    RecursiveBestFirst,
}

impl Strategy {
    /// Every strategy, in a stable order.
    pub const ALL: [Strategy; 13] = [
        Strategy::BreadthFirst,
        Strategy::DepthFirst,
        Strategy::IterativeDeepening,
        Strategy::Greedy,
        Strategy::AStar,
        Strategy::HillClimbing,
        Strategy::UniformCost,
        Strategy::IdaStar,
        Strategy::WeightedAStar,
        Strategy::Beam,
        Strategy::Bidirectional,
        Strategy::BidirectionalUniformCost,
        Strategy::RecursiveBestFirst,
    ];

    /// A short human name ("BFS", "A*", …).
    pub fn name(self) -> &'static str {
        match self {
            Strategy::BreadthFirst => "BFS",
            Strategy::DepthFirst => "DFS",
            Strategy::IterativeDeepening => "IDS",
            Strategy::Greedy => "Greedy",
            Strategy::AStar => "A*",
            Strategy::HillClimbing => "Hill-climbing",
            Strategy::UniformCost => "UCS",
            Strategy::IdaStar => "IDA*",
            Strategy::WeightedAStar => "Weighted A*",
            Strategy::Beam => "Beam",
            Strategy::Bidirectional => "Bidirectional BFS",
            Strategy::BidirectionalUniformCost => "Bidirectional UCS",
            Strategy::RecursiveBestFirst => "RBFS",
        }
    }

    /// Whether the strategy uses the problem's heuristic.
    pub fn uses_heuristic(self) -> bool {
        matches!(
            self,
            Strategy::Greedy
                | Strategy::AStar
                | Strategy::HillClimbing
                | Strategy::IdaStar
                | Strategy::WeightedAStar
                | Strategy::Beam
                | Strategy::RecursiveBestFirst
        )
    }
}

/// Runs `strategy` on `problem`, reporting every step to `observer`.
///
/// # Example
///
/// ```
/// use searchlab_core::{search_with, NoObserver, Problem, SearchOptions, Strategy};
/// # struct Line;
/// # impl Problem for Line {
/// #     type State = i32; type Action = i32; type Key = i32;
/// #     fn initial_state(&self) -> i32 { 0 }
/// #     fn successors(&self, s: &i32, out: &mut Vec<(i32, i32)>) { out.extend([(-1, s - 1), (1, s + 1)]); }
/// #     fn is_goal(&self, s: &i32) -> bool { *s == 2 }
/// #     fn key(&self, s: &i32) -> i32 { *s }
/// #     fn heuristic(&self, s: &i32) -> u64 { (2 - s).unsigned_abs() as u64 }
/// # }
/// for strategy in [Strategy::BreadthFirst, Strategy::AStar] {
///     let result = search_with(&Line, strategy, &SearchOptions::default(), &mut NoObserver);
///     assert_eq!(result.solution().unwrap().len(), 2);
/// }
/// ```
pub fn search_with<P, O>(problem: &P, strategy: Strategy, options: &SearchOptions, observer: &mut O) -> SearchResult<P>
where
    P: Problem + ?Sized,
    O: Observer<P>,
{
    match strategy {
        Strategy::BreadthFirst => breadth_first_search_with(problem, options, observer),
        Strategy::DepthFirst => depth_first_search_with(problem, options, observer),
        Strategy::IterativeDeepening => iterative_deepening_search_with(problem, options, observer),
        Strategy::Greedy => greedy_search_with(problem, options, observer),
        Strategy::AStar => astar_search_with(problem, options, observer),
        Strategy::HillClimbing => hill_climbing_with(problem, options, observer),
        Strategy::UniformCost => uniform_cost_search_with(problem, options, observer),
        Strategy::IdaStar => ida_star_search_with(problem, options, observer),
        Strategy::WeightedAStar => weighted_astar_search_with(problem, options, observer),
        Strategy::Beam => beam_search_with(problem, options, observer),
        Strategy::Bidirectional => bidirectional_search_with(problem, options, observer),
        Strategy::BidirectionalUniformCost => bidirectional_uniform_cost_search_with(problem, options, observer),
        Strategy::RecursiveBestFirst => recursive_best_first_search_with(problem, options, observer),
    }
}
