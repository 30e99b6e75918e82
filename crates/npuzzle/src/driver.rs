//! The course driver's three searches, as options of the generic engine.
//!
//! Every method is graph search with the goal test when a node is removed from the
//! frontier, successors in UDLR order, and successors skipped when their state is already
//! in the frontier or explored ([`DuplicatePolicy::SkipSeen`]). BFS uses a queue, DFS a
//! stack (successors pushed in reverse so `Up` pops first), A* a priority queue on
//! f = g + Manhattan with ties in insertion order (FIFO). With [`AstarReading::DecreaseKey`]
//! a cheaper path to a node still in the frontier replaces the old one.

use std::time::{Duration, Instant};

use searchlab_core::{
    search_with, DuplicatePolicy, Limit, NoObserver, Observer, Outcome, Problem, SearchOptions, Stats, Strategy,
};

use crate::{Board, Direction, Encoding};

pub use crate::driver_options::{AstarReading, DriverOptions, DEFAULT_MAX_NODES};
pub use crate::solve_error::SolveError;

/// The default node budget for a board of this width: [`DEFAULT_MAX_NODES`] up to 5×5;
/// beyond, fewer, so that the estimated memory stays at the 5×5 level (about 8.5 GiB).
/// Boards of 6×6 and more keep each state in its own allocation and store it twice (node
/// and key), estimated at `110 + 2 × (m² rounded up to 16, + 16)` bytes per node
/// ([`bytes_per_node`](crate::estimate::bytes_per_node)).
///
/// ```
/// use searchlab_npuzzle::{default_max_nodes, DEFAULT_MAX_NODES};
/// assert_eq!(default_max_nodes(3), DEFAULT_MAX_NODES);
/// assert_eq!(default_max_nodes(5), DEFAULT_MAX_NODES);
/// assert!(default_max_nodes(6) < DEFAULT_MAX_NODES);
/// assert!(default_max_nodes(15) < default_max_nodes(6));
/// ```
pub fn default_max_nodes(width: usize) -> u64 {
    let cells = width * width;
    if cells <= 25 {
        return DEFAULT_MAX_NODES;
    }
    (DEFAULT_MAX_NODES * 175 / crate::estimate::bytes_per_node(width)).min(DEFAULT_MAX_NODES)
}

/// The engine options for a method: goal test on selection, seen states skipped (or
/// decrease-key for A* if asked; no duplicate check in the 2017 edition's `ida`, whose
/// iterations are tree searches), FIFO ties, the node budget and interrupt flag.
pub fn search_options(strategy: Strategy, options: &DriverOptions) -> SearchOptions {
    let duplicates = match (strategy, options.astar) {
        (Strategy::AStar, AstarReading::DecreaseKey) => DuplicatePolicy::DecreaseKey,
        (Strategy::IdaStar, _) => DuplicatePolicy::NoCheck,
        _ => DuplicatePolicy::SkipSeen,
    };
    SearchOptions {
        duplicates,
        node_limit: options.max_nodes,
        interrupt: options.interrupt.clone(),
        ..SearchOptions::columbia_driver()
    }
}

/// What the driver reports about a solved board (everything in `output.txt` except the
/// process's RAM).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DriverReport {
    /// The moves of the blank, from the board to the goal.
    pub path: Vec<Direction>,
    /// Nodes removed from the frontier that were not the goal (their successors were
    /// generated).
    pub nodes_expanded: u64,
    /// The depth of the goal node (= the number of moves).
    pub search_depth: u64,
    /// The deepest node ever added to the frontier (the root counts, at 0).
    pub max_search_depth: u64,
    /// Wall-clock time of the search.
    pub running_time: Duration,
    /// Everything the engine counted.
    pub stats: Stats,
}

impl DriverReport {
    /// The number of moves: unit costs, so the path length.
    pub fn cost_of_path(&self) -> u64 {
        self.path.len() as u64
    }

    /// The 2017 edition's `fringe_size`: the nodes left in the frontier when the goal node
    /// was removed from it (`ida`: in the last iteration).
    pub fn fringe_size(&self) -> u64 {
        self.stats.frontier_left
    }

    /// The 2017 edition's `max_fringe_size`: the most nodes the frontier held at once (the
    /// root alone counts 1; `ida`: over all iterations).
    pub fn max_fringe_size(&self) -> u64 {
        self.stats.max_frontier
    }
}

/// Solves `board` toward `goal` with `strategy` (one of [`METHODS`](crate::METHODS), or the 2017 edition's
/// `ida`, [`Strategy::IdaStar`]), exactly as the course driver counts.
///
/// ```
/// use searchlab_core::Strategy;
/// use searchlab_npuzzle::{solve, Board, DriverOptions};
///
/// let board = Board::parse("1,2,5,3,4,0,6,7,8")?;
/// let report = solve(Strategy::BreadthFirst, &board, &Board::goal(3)?, &DriverOptions::default())?;
/// assert_eq!(report.path.iter().map(|d| d.name()).collect::<Vec<_>>(), ["Up", "Left", "Left"]);
/// assert_eq!((report.nodes_expanded, report.search_depth, report.max_search_depth), (10, 3, 4));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve(
    strategy: Strategy,
    board: &Board,
    goal: &Board,
    options: &DriverOptions,
) -> Result<DriverReport, SolveError> {
    let encoding = Encoding::new(board, goal, options)?;
    crate::with_encoding!(encoding, problem => solve_problem(strategy, &problem, options, &mut NoObserver))
}

/// One driver search of `problem` (an N-puzzle in some encoding), reporting every engine
/// event to `observer` (for traces). The counts are those of [`solve`].
pub fn solve_problem<P, O>(
    strategy: Strategy,
    problem: &P,
    options: &DriverOptions,
    observer: &mut O,
) -> Result<DriverReport, SolveError>
where
    P: Problem<Action = Direction>,
    O: Observer<P>,
{
    let started = Instant::now();
    let search = search_options(strategy, options);
    let result = search_with(problem, strategy, &search, observer);
    let stats = result.stats;
    let path = match result.outcome {
        Outcome::Found(path) => path.actions,
        Outcome::LimitReached(Limit::Nodes) => {
            // Without a node limit, the engine's own: the last node id.
            let limit = search.node_limit.map_or(u64::from(u32::MAX), |n| n.min(u64::from(u32::MAX)));
            return Err(SolveError::NodeLimit { limit, stats });
        }
        Outcome::Interrupted => return Err(SolveError::Interrupted { stats }),
        // No expansion or depth limit is set and these strategies never cut off or stop at
        // a local optimum: what remains is an exhausted frontier.
        _ => return Err(SolveError::Exhausted { stats }),
    };
    let search_depth = path.len() as u64;
    Ok(DriverReport {
        path,
        nodes_expanded: stats.expanded,
        search_depth,
        max_search_depth: stats.max_depth,
        running_time: started.elapsed(),
        stats,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::METHODS;
    use searchlab_core::{GoalTest, TieBreak};
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;

    fn letters(path: &[Direction]) -> String {
        path.iter().map(|d| d.letter()).collect()
    }

    fn run3(method: Strategy, board: &str) -> DriverReport {
        solve(method, &Board::parse(board).unwrap(), &Board::goal(3).unwrap(), &DriverOptions::default()).unwrap()
    }

    #[test]
    fn options_follow_the_reading() {
        let o = search_options(Strategy::AStar, &DriverOptions::default());
        assert_eq!(
            (o.goal_test, o.duplicates, o.ties),
            (GoalTest::OnSelection, DuplicatePolicy::SkipSeen, TieBreak::FirstAdded)
        );
        let dk = DriverOptions { astar: AstarReading::DecreaseKey, ..DriverOptions::default() };
        assert_eq!(search_options(Strategy::AStar, &dk).duplicates, DuplicatePolicy::DecreaseKey);
        assert_eq!(search_options(Strategy::BreadthFirst, &dk).duplicates, DuplicatePolicy::SkipSeen);
    }

    #[test]
    fn spec_example_1_bfs() {
        let r = run3(Strategy::BreadthFirst, "1,2,5,3,4,0,6,7,8");
        assert_eq!((letters(&r.path).as_str(), r.cost_of_path(), r.nodes_expanded), ("ULL", 3, 10));
        assert_eq!((r.search_depth, r.max_search_depth), (3, 4));
    }

    #[test]
    fn spec_example_2_dfs() {
        let r = run3(Strategy::DepthFirst, "1,2,5,3,4,0,6,7,8");
        assert_eq!((letters(&r.path).as_str(), r.nodes_expanded), ("ULL", 181_437));
        assert_eq!((r.search_depth, r.max_search_depth), (3, 66_125));
    }

    #[test]
    fn solved_board_reports_zeros() {
        for (_, m) in METHODS {
            let r = run3(m, "0,1,2,3,4,5,6,7,8");
            assert_eq!((r.path.len(), r.nodes_expanded, r.search_depth, r.max_search_depth), (0, 0, 0, 0));
        }
    }

    #[test]
    fn unsolvable_and_mismatched_boards_are_refused() {
        let bad = Board::parse("1,0,2,3,4,5,6,8,7").unwrap();
        let goal = Board::goal(3).unwrap();
        assert_eq!(solve(Strategy::BreadthFirst, &bad, &goal, &DriverOptions::default()), Err(SolveError::Unsolvable));
        let g4 = Board::goal(4).unwrap();
        assert_eq!(
            solve(Strategy::BreadthFirst, &bad, &g4, &DriverOptions::default()),
            Err(SolveError::WidthMismatch { board: 3, goal: 4 })
        );
    }

    #[test]
    fn without_parity_check_an_unsolvable_3x3_exhausts_its_half() {
        let bad = Board::parse("1,0,2,3,4,5,6,8,7").unwrap();
        let options = DriverOptions { check_parity: false, ..DriverOptions::default() };
        match solve(Strategy::BreadthFirst, &bad, &Board::goal(3).unwrap(), &options) {
            Err(SolveError::Exhausted { stats }) => assert_eq!(stats.expanded, 181_440),
            other => panic!("expected exhaustion, got {other:?}"),
        }
    }

    #[test]
    fn node_budget_stops_the_search() {
        let options = DriverOptions { max_nodes: Some(100), ..DriverOptions::default() };
        let board = Board::parse("8,6,4,2,1,3,5,7,0").unwrap();
        match solve(Strategy::BreadthFirst, &board, &Board::goal(3).unwrap(), &options) {
            Err(SolveError::NodeLimit { limit: 100, stats }) => assert!(stats.expanded > 0 && stats.expanded < 100),
            other => panic!("expected the node limit, got {other:?}"),
        }
    }

    #[test]
    fn interrupt_flag_stops_the_search() {
        let flag = Arc::new(AtomicBool::new(true));
        let options = DriverOptions { interrupt: Some(flag), ..DriverOptions::default() };
        let board = Board::parse("8,6,4,2,1,3,5,7,0").unwrap();
        let result = solve(Strategy::DepthFirst, &board, &Board::goal(3).unwrap(), &options);
        assert!(matches!(result, Err(SolveError::Interrupted { .. })));
    }

    #[test]
    fn a_star_readings_differ_where_the_contract_says() {
        // reference_expected.tsv: ignore → 29 moves after 10810, decrease-key → 27 after 4414.
        let board = Board::parse("8,6,7,2,5,4,3,0,1").unwrap();
        let goal = Board::goal(3).unwrap();
        let ignore = solve(Strategy::AStar, &board, &goal, &DriverOptions::default()).unwrap();
        let dk = DriverOptions { astar: AstarReading::DecreaseKey, ..DriverOptions::default() };
        let dk = solve(Strategy::AStar, &board, &goal, &dk).unwrap();
        assert_eq!((ignore.cost_of_path(), ignore.nodes_expanded), (29, 10_810));
        assert_eq!((dk.cost_of_path(), dk.nodes_expanded), (27, 4_414));
    }

    #[test]
    fn custom_goal() {
        let goal = Board::parse("1,2,3,4,5,6,7,8,0").unwrap();
        let board = Board::parse("1,2,3,4,5,6,7,0,8").unwrap();
        let r = solve(Strategy::BreadthFirst, &board, &goal, &DriverOptions::default()).unwrap();
        assert_eq!(letters(&r.path), "R");
    }
}
