//! The N-puzzle (boards of up to 9 cells) in traces, reports and replays: how its states
//! look, and the course driver's searches run with an observer.

use searchlab_core::{search_with, Observer, Outcome, SearchResult, Strategy};
use searchlab_npuzzle::packed::Cells;
use searchlab_npuzzle::{search_options, Board, Direction, DriverOptions, Method, NPuzzle, PuzzleState, SmallNPuzzle};

use crate::Describe;

/// A board in a trace: its tiles in row-major order, 0 the blank (`[1,2,5,3,4,0,6,7,8]`).
/// A move is the direction the blank moves: `"Up"`, `"Down"`, `"Left"`, `"Right"`.
impl Describe for SmallNPuzzle {
    type StateView = Vec<u8>;
    type ActionView = &'static str;

    fn view_state(&self, state: &PuzzleState<searchlab_npuzzle::packed::Nibbles>) -> Vec<u8> {
        self.inner().board(state).tiles().to_vec()
    }

    fn view_action(&self, action: &Direction) -> &'static str {
        action.name()
    }
}

/// Boards of any size in any encoding: the same views as [`SmallNPuzzle`]'s.
impl<C: Cells> Describe for NPuzzle<C> {
    type StateView = Vec<u8>;
    type ActionView = &'static str;

    fn view_state(&self, state: &PuzzleState<C>) -> Vec<u8> {
        self.board(state).tiles().to_vec()
    }

    fn view_action(&self, action: &Direction) -> &'static str {
        action.name()
    }
}

/// The engine strategy behind a driver method.
pub fn strategy_of(method: Method) -> Strategy {
    match method {
        Method::Bfs => Strategy::BreadthFirst,
        Method::Dfs => Strategy::DepthFirst,
        Method::Ast => Strategy::AStar,
    }
}

/// What the driver reports, from an observed run (the counts of [`searchlab_npuzzle::solve`]).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct DriverAnswer {
    /// The method.
    pub method: &'static str,
    /// The blank's moves, or `None` when no path was found.
    pub path_to_goal: Option<Vec<&'static str>>,
    /// The number of moves.
    pub cost_of_path: Option<u64>,
    /// Nodes whose successors were generated (the goal excluded).
    pub nodes_expanded: u64,
    /// The goal's depth.
    pub search_depth: Option<u64>,
    /// The deepest node added to the frontier.
    pub max_search_depth: u64,
    /// How the search ended, when it found nothing (`"node-limit"`, `"expansion-limit"`, …).
    pub stopped: Option<&'static str>,
}

/// Runs the driver's `method` on a board of up to 9 cells toward `goal`, reporting every
/// step to `observer`: the engine, the problem and the options are the driver's own
/// ([`search_options`]), so the counts equal [`searchlab_npuzzle::solve`]'s. Returns
/// `None` when the board is too large or the widths differ. Parity is not checked here.
pub fn run_observed<O: Observer<SmallNPuzzle>>(
    method: Method,
    problem: &SmallNPuzzle,
    options: &DriverOptions,
    expansion_limit: Option<u64>,
    observer: &mut O,
) -> SearchResult<SmallNPuzzle> {
    let mut search = search_options(method, options);
    search.expansion_limit = expansion_limit;
    search_with(problem, strategy_of(method), &search, observer)
}

/// The driver's problem for `board` toward the standard goal of its width, for boards of
/// up to 9 cells.
pub fn small_problem(board: &Board) -> Option<SmallNPuzzle> {
    SmallNPuzzle::new(board, &Board::goal(board.width()).ok()?)
}

/// The driver's answer from a search result.
pub fn driver_answer(method: Method, result: &SearchResult<SmallNPuzzle>) -> DriverAnswer {
    let stats = result.stats;
    let (path, stopped) = match &result.outcome {
        Outcome::Found(path) => (Some(path.actions.iter().map(|d| d.name()).collect::<Vec<_>>()), None),
        Outcome::LimitReached(searchlab_core::Limit::Nodes) => (None, Some("node-limit")),
        Outcome::LimitReached(searchlab_core::Limit::Cost) => (None, Some("cost-limit")),
        Outcome::LimitReached(_) => (None, Some("expansion-limit")),
        Outcome::Interrupted => (None, Some("interrupted")),
        _ => (None, Some("exhausted")),
    };
    let moves = path.as_ref().map(|p| p.len() as u64);
    DriverAnswer {
        method: method.name(),
        path_to_goal: path,
        cost_of_path: moves,
        nodes_expanded: stats.expanded,
        search_depth: moves,
        max_search_depth: stats.max_depth,
        stopped,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use searchlab_core::{NoObserver, Problem};

    #[test]
    fn observed_runs_count_like_the_driver() {
        let board = Board::parse("1,2,5,3,4,0,6,7,8").unwrap();
        let goal = Board::goal(3).unwrap();
        let problem = small_problem(&board).unwrap();
        for method in [Method::Bfs, Method::Ast] {
            let driver = searchlab_npuzzle::solve(method, &board, &goal, &DriverOptions::default()).unwrap();
            let result = run_observed(method, &problem, &DriverOptions::default(), None, &mut NoObserver);
            let answer = driver_answer(method, &result);
            let names: Vec<&str> = driver.path.iter().map(|d| d.name()).collect();
            assert_eq!(answer.path_to_goal.as_deref(), Some(names.as_slice()));
            assert_eq!(answer.nodes_expanded, driver.nodes_expanded);
            assert_eq!(answer.max_search_depth, driver.max_search_depth);
        }
        // The spec's BFS example: Up, Left, Left after 10 expansions, max depth 4.
        let result = run_observed(Method::Bfs, &problem, &DriverOptions::default(), None, &mut NoObserver);
        let answer = driver_answer(Method::Bfs, &result);
        assert_eq!(answer.path_to_goal.unwrap(), ["Up", "Left", "Left"]);
        assert_eq!((answer.nodes_expanded, answer.max_search_depth), (10, 4));
        assert_eq!(
            serde_json::to_string(&problem.view_state(&problem.initial_state())).unwrap(),
            "[1,2,5,3,4,0,6,7,8]"
        );
    }
}
