//! The N-puzzle driver's named variants (issues 9 and 15).

use searchlab_core::{DuplicatePolicy, GoalTest, Strategy, TieBreak};

use super::rule::{PuzzleKind, Variant};
use crate::judge::config::{DepthRule, HeuristicRule, NodesRule, SuccessorOrder};

const ALL: &[&str] = &["bfs", "dfs", "ast"];
const AST: &[&str] = &["ast"];

const fn v(
    name: &'static str,
    line: &'static str,
    applies: &'static [&'static str],
    cannot_show: &'static str,
    apply: fn(&mut crate::Config),
) -> Variant {
    Variant { name, line, puzzle: PuzzleKind::Npuzzle, applies, cannot_show, apply }
}

/// The N-puzzle variants.
pub(crate) static VARIANTS: &[Variant] = &[
    v(
        "goal-on-generation",
        "tests the goal when a node is generated, not when it is removed from the frontier",
        ALL,
        "",
        |c| c.options.goal_test = GoalTest::OnGeneration,
    ),
    v("explored-only", "skips a successor only if it was explored, so the frontier holds duplicates", ALL, "", |c| {
        c.options.duplicates = DuplicatePolicy::ExploredOnly
    }),
    v("dfs-udlr-push", "DFS pushes the successors in UDLR order, so Right is expanded first", &["dfs"], "", |c| {
        c.successors = SuccessorOrder::Reversed
    }),
    v("rldu-successors", "generates successors in RLDU order instead of UDLR", ALL, "", |c| {
        c.successors = SuccessorOrder::Reversed
    }),
    v(
        "astar-lifo-ties",
        "on equal f, A* takes the node added last; the grader takes the one added first",
        AST,
        "",
        |c| c.options.ties = TieBreak::LastAdded,
    ),
    v(
        "astar-udlr-ties",
        "on equal f, A* takes the node by its move (Up, Down, Left, Right), then the one added first",
        AST,
        "",
        |c| c.action_ties = true,
    ),
    v("astar-decrease-key", "A* replaces a frontier entry when it finds a cheaper path to it", AST, "", |c| {
        c.options.duplicates = DuplicatePolicy::DecreaseKey
    }),
    v(
        "astar-reinsert",
        "A* pushes a cheaper path to a frontier state again and skips the stale entry later",
        AST,
        "",
        |c| c.options.duplicates = DuplicatePolicy::Reinsert,
    ),
    v("greedy-not-astar", "the A* priority is h alone (greedy best-first), without g", AST, "", |c| {
        c.strategy = Strategy::Greedy
    }),
    v("heuristic-constant", "the heuristic is constant, so A* is uniform-cost search", AST, "", |c| {
        c.heuristic = HeuristicRule::Constant
    }),
    v("manhattan-with-blank", "the Manhattan distance counts the blank as a tile", AST, "", |c| {
        c.heuristic = HeuristicRule::WithBlank
    }),
    v(
        "heuristic-first-eight",
        "the Manhattan distance sums only the tiles on the first eight cells",
        AST,
        "2x2 boards",
        |c| c.heuristic = HeuristicRule::FirstEight,
    ),
    v("count-goal", "nodes_expanded counts the goal node too", ALL, "", |c| c.nodes = NodesRule::CountGoal),
    v("nodes-count-pushes", "nodes_expanded counts the nodes pushed onto the frontier", ALL, "", |c| {
        c.nodes = NodesRule::Pushes
    }),
    v("nodes-minus-one", "nodes_expanded is one less than the grader's", ALL, "an already solved board", |c| {
        c.nodes = NodesRule::MinusOne
    }),
    v(
        "max-depth-expanded",
        "max_search_depth is the deepest node expanded, not the deepest pushed",
        ALL,
        "DFS runs where the deepest node pushed is also removed",
        |c| c.depth = DepthRule::Expanded,
    ),
    v("max-depth-generated", "max_search_depth counts successors rejected as duplicates too", ALL, "", |c| {
        c.depth = DepthRule::Generated
    }),
    v("max-depth-plus-one", "max_search_depth is one more than the grader's", ALL, "", |c| {
        c.depth = DepthRule::PlusOne
    }),
];
