//! Property tests: random solvable boards (random walks from the goal), unsolvable boards
//! (one swap of two tiles), and arbitrary text fed to the parser.

use proptest::prelude::*;
use searchlab_core::Strategy as SearchStrategy;
use searchlab_npuzzle::{
    is_solvable, method_name, solve, AstarReading, Board, Direction, DriverOptions, DriverReport, SolveError,
};

/// The board reached from the goal of `width` by the blank moves chosen by `choices`
/// (each picks one of the legal moves): solvable by construction, at most
/// `choices.len()` moves away.
fn walk(width: usize, choices: &[u8]) -> Board {
    let mut board = Board::goal(width).expect("goal");
    for &c in choices {
        let legal: Vec<Board> = Direction::ALL.iter().filter_map(|&d| board.slide(d)).collect();
        board = legal[usize::from(c) % legal.len()].clone();
    }
    board
}

fn walk_strategy(width: usize, max_len: usize) -> impl Strategy<Value = Board> {
    prop::collection::vec(any::<u8>(), 0..=max_len).prop_map(move |c| walk(width, &c))
}

fn run(method: SearchStrategy, astar: AstarReading, board: &Board) -> DriverReport {
    let options = DriverOptions { astar, ..DriverOptions::default() };
    match solve(method, board, &Board::goal(board.width()).expect("goal"), &options) {
        Ok(report) => report,
        Err(e) => panic!("{} on {board}: {e}", method_name(method)),
    }
}

/// Replays `path` from `board`: every move must be legal and the last board the goal.
fn replays_to_goal(board: &Board, path: &[Direction]) -> bool {
    let mut b = board.clone();
    for &d in path {
        match b.slide(d) {
            Some(next) => b = next,
            None => return false,
        }
    }
    b == Board::goal(board.width()).expect("goal")
}

/// The invariants every report satisfies.
fn check_report(board: &Board, r: &DriverReport) -> Result<(), TestCaseError> {
    prop_assert!(replays_to_goal(board, &r.path), "path does not replay from {}", board);
    prop_assert_eq!(r.cost_of_path(), r.search_depth);
    prop_assert_eq!(r.search_depth, r.path.len() as u64);
    prop_assert!(r.max_search_depth >= r.search_depth);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn every_method_returns_a_path_that_replays(board in walk_strategy(3, 18)) {
        for (method, astar) in [
            (SearchStrategy::BreadthFirst, AstarReading::Ignore),
            (SearchStrategy::AStar, AstarReading::Ignore),
            (SearchStrategy::AStar, AstarReading::DecreaseKey),
        ] {
            check_report(&board, &run(method, astar, &board))?;
        }
    }

    #[test]
    fn bfs_is_optimal_and_decrease_key_a_star_matches_it(choices in prop::collection::vec(any::<u8>(), 0..=18)) {
        let board = walk(3, &choices);
        let bfs = run(SearchStrategy::BreadthFirst, AstarReading::Ignore, &board);
        let dk = run(SearchStrategy::AStar, AstarReading::DecreaseKey, &board);
        let ignore = run(SearchStrategy::AStar, AstarReading::Ignore, &board);
        // The walk is a path, so the shortest one is no longer.
        prop_assert!(bfs.cost_of_path() <= choices.len() as u64);
        // Walks have the parity of their length.
        prop_assert_eq!(bfs.cost_of_path() % 2, choices.len() as u64 % 2);
        prop_assert_eq!(dk.cost_of_path(), bfs.cost_of_path());
        prop_assert!(ignore.cost_of_path() >= bfs.cost_of_path());
        // BFS expands at least one board on each level above the goal's.
        prop_assert!(bfs.nodes_expanded >= bfs.cost_of_path());
        // BFS never puts anything deeper than one level below the goal in its queue.
        prop_assert!(bfs.max_search_depth <= bfs.search_depth + 1);
    }

    #[test]
    fn one_swap_of_two_tiles_makes_a_board_unsolvable(board in walk_strategy(3, 30), i in 0usize..9, j in 0usize..9) {
        let tiles = board.tiles();
        prop_assume!(i != j && tiles[i] != 0 && tiles[j] != 0);
        let mut swapped = tiles.to_vec();
        swapped.swap(i, j);
        let bad = Board::new(3, swapped).expect("still a permutation");
        let goal = Board::goal(3).expect("goal");
        prop_assert!(is_solvable(&board, &goal));
        prop_assert!(!is_solvable(&bad, &goal));
        for method in [SearchStrategy::BreadthFirst, SearchStrategy::DepthFirst, SearchStrategy::AStar] {
            prop_assert_eq!(solve(method, &bad, &goal, &DriverOptions::default()), Err(SolveError::Unsolvable));
        }
    }

    #[test]
    fn parse_never_panics(text in any::<String>()) {
        let _ = Board::parse(&text);
    }

    #[test]
    fn parse_never_panics_on_board_like_text(text in "[0-9, +-]{0,60}") {
        if let Ok(board) = Board::parse(&text) {
            // Whatever parses prints back to a text that parses to the same board.
            prop_assert_eq!(Board::parse(&board.to_string()), Ok(board.clone()));
        }
    }

    #[test]
    fn printed_boards_parse_back(board in walk_strategy(4, 40)) {
        prop_assert_eq!(Board::parse(&board.to_string()), Ok(board.clone()));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    /// DFS on the 8-puzzle typically explores most of its 181,440 states: fewer cases.
    #[test]
    fn dfs_returns_a_path_that_replays(board in walk_strategy(3, 30)) {
        let r = run(SearchStrategy::DepthFirst, AstarReading::Ignore, &board);
        check_report(&board, &r)?;
        // DFS goal-tests each of the 181,440 states at most once.
        prop_assert!(r.nodes_expanded < 181_440);
    }

    #[test]
    fn every_method_on_2x2(board in walk_strategy(2, 12)) {
        for method in [SearchStrategy::BreadthFirst, SearchStrategy::DepthFirst, SearchStrategy::AStar] {
            let r = run(method, AstarReading::Ignore, &board);
            check_report(&board, &r)?;
            // 12 reachable states, the farthest 6 moves away.
            prop_assert!(r.nodes_expanded < 12);
            prop_assert!(r.max_search_depth <= 11);
        }
        prop_assert!(run(SearchStrategy::BreadthFirst, AstarReading::Ignore, &board).cost_of_path() <= 6);
    }

    #[test]
    fn bfs_and_a_star_on_shallow_4x4(choices in prop::collection::vec(any::<u8>(), 0..=8)) {
        let board = walk(4, &choices);
        let bfs = run(SearchStrategy::BreadthFirst, AstarReading::Ignore, &board);
        check_report(&board, &bfs)?;
        prop_assert!(bfs.cost_of_path() <= choices.len() as u64);
        for astar in [AstarReading::Ignore, AstarReading::DecreaseKey] {
            let r = run(SearchStrategy::AStar, astar, &board);
            check_report(&board, &r)?;
            prop_assert!(r.cost_of_path() >= bfs.cost_of_path());
        }
    }

    #[test]
    fn bfs_and_a_star_on_shallow_5x5_and_6x6(width in 5usize..=6, choices in prop::collection::vec(any::<u8>(), 0..=6)) {
        let board = walk(width, &choices);
        let bfs = run(SearchStrategy::BreadthFirst, AstarReading::Ignore, &board);
        check_report(&board, &bfs)?;
        prop_assert!(bfs.cost_of_path() <= choices.len() as u64);
        let dk = run(SearchStrategy::AStar, AstarReading::DecreaseKey, &board);
        check_report(&board, &dk)?;
        prop_assert_eq!(dk.cost_of_path(), bfs.cost_of_path());
    }
}
