//! The 2017 edition's `ida`. No course figure for it was ever published, so it is pinned by
//! independent means: counts worked out by hand on tiny boards (the reading is written down
//! in `docs/npuzzle.md`), and path lengths equal to the optimal lengths of
//! `tests/data/npuzzle/reference_expected.tsv` (the contract reference's BFS, which is
//! optimal with unit costs), on every board of that file; a property test replays random
//! boards' paths and compares them with this crate's BFS.

use std::path::PathBuf;

use proptest::prelude::*;
use searchlab_core::Strategy;
use searchlab_npuzzle::{parse_method_in, solve, Board, DriverOptions, DriverReport, Edition};

fn ida(board: &str) -> DriverReport {
    let board = Board::parse(board).expect("board");
    let goal = Board::goal(board.width()).expect("goal");
    solve(Strategy::IdaStar, &board, &goal, &DriverOptions::default()).expect("solved")
}

fn letters(report: &DriverReport) -> String {
    report.path.iter().map(|d| d.letter()).collect()
}

#[test]
fn ida_is_a_2017_method_only() {
    assert_eq!(parse_method_in("ida", Edition::Y2017), Ok(Strategy::IdaStar));
    assert!(parse_method_in("ida", Edition::Current).is_err());
}

#[test]
fn hand_checked_spec_board() {
    // 1,2,5/3,4,0/6,7,8: h = 3, so the bound is 3. Root: Up (h 2, f 3) is pushed; Down and
    // Left have h 4, f 5: pruned. Up's node: Down (back, f 5) pruned, Left (h 1, f 3) pushed.
    // Then Left (h 0, f 3) pushed, Up and Down over the bound. The goal is popped with an
    // empty stack: 3 expanded, fringe 0, the frontier never above 1 node, deepest node 3.
    let r = ida("1,2,5,3,4,0,6,7,8");
    assert_eq!((letters(&r).as_str(), r.nodes_expanded, r.search_depth, r.max_search_depth), ("ULL", 3, 3, 3));
    assert_eq!((r.fringe_size(), r.max_fringe_size()), (0, 1));
}

#[test]
fn hand_checked_2x2_boards() {
    // 1,0/2,3: h = 1 (tile 1). Down (tile 3 up: h 2, f 3) pruned, Left (the goal, f 1)
    // pushed.
    let r = ida("1,0,2,3");
    assert_eq!((letters(&r).as_str(), r.nodes_expanded, r.fringe_size(), r.max_fringe_size()), ("L", 1, 0, 1));
    // 2,1/0,3: h = 1 (tile 2). Up (tile 2 down: the goal, f 1) pushed; Right (tile 3 left:
    // h 2, f 3) pruned. The goal is popped next: 1 expanded.
    let r = ida("2,1,0,3");
    assert_eq!((letters(&r).as_str(), r.nodes_expanded, r.fringe_size(), r.max_fringe_size()), ("U", 1, 0, 1));
    // The solved board: nothing expanded, the root alone in the frontier.
    let r = ida("0,1,2,3,4,5,6,7,8");
    assert_eq!((r.path.len(), r.nodes_expanded, r.fringe_size(), r.max_fringe_size()), (0, 0, 0, 1));
}

/// The contract's optimal length of every board: its BFS rows' `cost_of_path`.
fn optimal_lengths() -> Vec<(String, usize)> {
    let path: PathBuf =
        [env!("CARGO_MANIFEST_DIR"), "..", "..", "tests", "data", "npuzzle", "reference_expected.tsv"].iter().collect();
    let text = std::fs::read_to_string(&path).expect("reference_expected.tsv");
    text.lines()
        .skip(1)
        .filter_map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            (f.first() == Some(&"bfs")).then(|| (f[1].to_string(), f[3].parse().expect("a cost")))
        })
        .collect()
}

#[test]
fn ida_paths_are_as_short_as_the_references_bfs() {
    let boards = optimal_lengths();
    assert_eq!(boards.len(), 29);
    for (board, optimal) in boards {
        let r = ida(&board);
        assert_eq!(r.path.len(), optimal, "{board}");
        assert_eq!((r.search_depth, r.max_search_depth), (optimal as u64, optimal as u64), "{board}");
        let start = Board::parse(&board).expect("board");
        assert_eq!(start.apply_moves(&r.path), Some(Board::goal(start.width()).expect("goal")), "{board}");
        assert!(r.fringe_size() <= r.max_fringe_size() && r.max_fringe_size() >= 1, "{board}");
    }
}

/// A solvable 3×3 board: the goal after `moves` random moves of the blank.
fn scrambled(moves: Vec<u8>) -> Board {
    let mut board = Board::goal(3).expect("goal");
    for m in moves {
        if let Some(next) = board.slide(searchlab_npuzzle::Direction::ALL[usize::from(m % 4)]) {
            board = next;
        }
    }
    board
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn ida_finds_a_shortest_path(moves in proptest::collection::vec(0u8..4, 0..40)) {
        let board = scrambled(moves);
        let goal = Board::goal(3).expect("goal");
        let options = DriverOptions::default();
        let ida = solve(Strategy::IdaStar, &board, &goal, &options).expect("ida");
        let bfs = solve(Strategy::BreadthFirst, &board, &goal, &options).expect("bfs");
        prop_assert_eq!(ida.path.len(), bfs.path.len());
        prop_assert_eq!(board.apply_moves(&ida.path), Some(goal));
        prop_assert!(ida.fringe_size() <= ida.max_fringe_size());
    }
}
