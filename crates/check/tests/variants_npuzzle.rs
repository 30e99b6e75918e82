//! Every N-puzzle variant changes the reference's output on a board given here. Expected
//! figures come from `tests/data/npuzzle/README.md` (the readings tried against the
//! course's FAQ, computed independently of this code) where they exist; the report-rule
//! variants are defined as arithmetic on the reference's own counts.

use searchlab_check::{apply_all, find_variant, npuzzle_reference, Config, NpuzzleExpected, PuzzleKind};
use searchlab_core::Strategy;
use searchlab_npuzzle::Board;

fn run(strategy: Strategy, variants: &[&str], board: &str) -> NpuzzleExpected {
    let chosen: Vec<_> = variants.iter().map(|n| find_variant(PuzzleKind::Npuzzle, n).expect(n)).collect();
    let config = apply_all(&Config::npuzzle(strategy), &chosen);
    let board = Board::parse(board).unwrap();
    npuzzle_reference(&config, &board, &Board::goal(3).unwrap()).expect("solvable")
}

fn ast_nodes(variants: &[&str], board: &str) -> u64 {
    run(Strategy::AStar, variants, board).nodes_expanded
}

const FAQ1: &str = "8,6,4,2,1,3,5,7,0";
const FAQ2: &str = "6,1,8,4,0,2,7,3,5";

#[test]
fn reference_reproduces_the_faq() {
    assert_eq!((ast_nodes(&[], FAQ1), ast_nodes(&[], FAQ2)), (1585, 696));
}

/// README §4 item 11, the table of A* readings.
#[test]
fn astar_readings_match_the_table() {
    assert_eq!((ast_nodes(&["astar-decrease-key"], FAQ1), ast_nodes(&["astar-decrease-key"], FAQ2)), (1668, 711));
    assert_eq!((ast_nodes(&["astar-reinsert"], FAQ1), ast_nodes(&["astar-reinsert"], FAQ2)), (1660, 711));
    assert_eq!((ast_nodes(&["astar-lifo-ties"], FAQ1), ast_nodes(&["astar-lifo-ties"], FAQ2)), (1274, 390));
    assert_eq!((ast_nodes(&["astar-udlr-ties"], FAQ1), ast_nodes(&["astar-udlr-ties"], FAQ2)), (1192, 692));
    // README §4 item 11: "With the blank counted in h, FIFO gives 2285 and 1158".
    assert_eq!((ast_nodes(&["manhattan-with-blank"], FAQ1), ast_nodes(&["manhattan-with-blank"], FAQ2)), (2285, 1158));
}

/// A constant h makes A* uniform-cost search, which with unit costs and first-added ties
/// is the BFS order: the official BFS figures of 1,2,5,3,4,0,6,7,8 (path ULL, 10 expanded,
/// max depth 4).
#[test]
fn heuristic_constant_is_breadth_first() {
    let out = run(Strategy::AStar, &["heuristic-constant"], "1,2,5,3,4,0,6,7,8");
    assert_eq!((out.cost_of_path, out.nodes_expanded, out.max_search_depth), (3, 10, 4));
}

#[test]
fn greedy_and_first_eight_change_the_faq_board() {
    assert_ne!(ast_nodes(&["greedy-not-astar"], FAQ1), 1585);
    assert_ne!(ast_nodes(&["heuristic-first-eight"], FAQ1), 1585);
}

/// README §4 items 3, 6 and 8 on bfs 1,2,5,3,4,0,6,7,8: the goal tested at generation
/// gives 5 expanded; counting the goal gives 11; the deepest node expanded is 3, not 4.
#[test]
fn counting_rules_on_the_spec_example() {
    let b = "1,2,5,3,4,0,6,7,8";
    assert_eq!(run(Strategy::BreadthFirst, &["goal-on-generation"], b).nodes_expanded, 5);
    assert_eq!(run(Strategy::BreadthFirst, &["count-goal"], b).nodes_expanded, 11);
    assert_eq!(run(Strategy::BreadthFirst, &["nodes-minus-one"], b).nodes_expanded, 9);
    assert_eq!(run(Strategy::BreadthFirst, &["max-depth-expanded"], b).max_search_depth, 3);
    assert_eq!(run(Strategy::BreadthFirst, &["max-depth-plus-one"], b).max_search_depth, 5);
    // By hand: the last node expanded (depth 3) pushes new children of depth 4, so the
    // deepest generated is the deepest pushed here.
    assert_eq!(run(Strategy::BreadthFirst, &["max-depth-generated"], b).max_search_depth, 4);
}

/// README §4 item 13: dfs 1,3,0,4,2,5,6,7,8 expands 402; pushing in UDLR order gives 38969
/// and an explored-only DFS 30091.
#[test]
fn dfs_rules_on_the_notebook_board() {
    let b = "1,3,0,4,2,5,6,7,8";
    assert_eq!(run(Strategy::DepthFirst, &[], b).nodes_expanded, 402);
    assert_eq!(run(Strategy::DepthFirst, &["dfs-udlr-push"], b).nodes_expanded, 38969);
    assert_eq!(run(Strategy::DepthFirst, &["rldu-successors"], b).nodes_expanded, 38969);
    assert_eq!(run(Strategy::DepthFirst, &["explored-only"], b).nodes_expanded, 30091);
}

/// Pushes, counted by hand on bfs 1,2,5,3,4,0,6,7,8 (UDLR, seen states skipped): the ten
/// expanded nodes push 3 (root: U, D, L), 1, 1, 3, 2 (the goal among them), 2, 2, 2, 2, 3
/// new children: 21.
#[test]
fn pushes_count_children_entering_the_frontier() {
    let out = run(Strategy::BreadthFirst, &["nodes-count-pushes"], "1,2,5,3,4,0,6,7,8");
    assert_eq!(out.nodes_expanded, 21);
}

/// The report rules composed with `goal-on-generation`, as a program that tests each child
/// before pushing it counts. By hand on bfs 1,2,5,3,4,0,6,7,8: the root pushes U, D, L;
/// U pushes 1, D 1, L 3; then U's child 1,0,2,3,4,5,6,7,8 (depth 2) pushes its Down child
/// and finds the goal as its Left child, never pushed: 9 pushes, 5 nodes expanded, the
/// deepest expanded at depth 2. The goal never leaves the frontier, so counting the goal
/// adds nothing, except on a solved board, whose root is removed and counted.
#[test]
fn report_rules_compose_with_the_goal_tested_on_generation() {
    let b = "1,2,5,3,4,0,6,7,8";
    let on = |rule: &str| run(Strategy::BreadthFirst, &["goal-on-generation", rule], b);
    assert_eq!(on("nodes-count-pushes").nodes_expanded, 9);
    assert_eq!(on("count-goal").nodes_expanded, 5);
    assert_eq!(on("max-depth-expanded").max_search_depth, 2);
    assert_eq!(on("max-depth-plus-one").max_search_depth, 4);
    let solved = run(Strategy::BreadthFirst, &["goal-on-generation", "count-goal"], "0,1,2,3,4,5,6,7,8");
    assert_eq!((solved.nodes_expanded, solved.max_search_depth), (1, 0));
}
