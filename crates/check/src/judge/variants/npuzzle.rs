//! The N-puzzle driver's families of named rules.

use searchlab_core::{DuplicatePolicy, GoalTest, Strategy, TieBreak};

use super::rule::{Family, Param, PuzzleKind, Variant};
use crate::judge::config::{DepthRule, HeuristicRule, NodesRule, PathRule, SuccessorOrder};

const ALL: &[&str] = &["bfs", "dfs", "ast"];
const AST: &[&str] = &["ast"];

const fn v(
    name: &'static str,
    line: &'static str,
    applies: &'static [&'static str],
    cannot_show: &'static str,
    apply: fn(&mut crate::Config),
) -> Variant {
    Variant { name, line, puzzle: PuzzleKind::Npuzzle, applies, cannot_show, apply, shows_alone: true }
}

/// A rule that shows only beside another ([`Variant::shows_alone`]).
const fn beside_others(variant: Variant) -> Variant {
    Variant { shows_alone: false, ..variant }
}

/// A family.
const fn family(name: &'static str, look_at: &'static str, params: &'static [Param]) -> Family {
    Family { name, look_at, params }
}

/// The N-puzzle families, in the order their rules are listed and combinations are named.
pub(crate) static FAMILIES: &[Family] = &[
    family(
        "goal test",
        "where the goal test is: the grader tests a node when it is taken from the frontier, not when it is generated",
        &[Param {
            what: "when a node is tested",
            values: &[v(
                "goal-on-generation",
                "tests the goal when a node is generated, not when it is removed from the frontier",
                ALL,
                "",
                |c| c.options.goal_test = GoalTest::OnGeneration,
            )],
        }],
    ),
    family(
        "duplicate check",
        "the duplicate check: which nodes count as seen, and when they are marked",
        &[Param {
            what: "which successors are skipped",
            values: &[v(
                "explored-only",
                "skips a successor only if it was explored, so the frontier holds duplicates",
                ALL,
                "",
                |c| c.options.duplicates = DuplicatePolicy::ExploredOnly,
            ), v(
                "explored-only-reexpanded",
                "skips a successor only if it was explored and never checks a board taken from the frontier, so a board pushed twice is expanded and counted twice",
                ALL,
                "searches where no board is pushed twice before it is expanded",
                |c| c.options.duplicates = DuplicatePolicy::SkipExpandedOnGeneration,
            )],
        }],
    ),
    family(
        "successor order",
        "the order in which a node's children are generated and pushed",
        &[Param {
            what: "the order successors enter the frontier",
            values: &[
                v("dfs-udlr-push", "DFS pushes the successors in UDLR order, so Right is expanded first", &["dfs"], "", |c| {
                    c.successors = SuccessorOrder::Reversed
                }),
                v("rldu-successors", "generates successors in RLDU order instead of UDLR", ALL, "", |c| {
                    c.successors = SuccessorOrder::Reversed
                }),
            ],
        }],
    ),
    family(
        "ties",
        "the frontier's priority key: what decides between nodes of equal priority",
        &[
            Param {
                what: "which of equal f is added first",
                values: &[v(
                    "astar-lifo-ties",
                    "on equal f, A* takes the node added last; the grader takes the one added first",
                    AST,
                    "",
                    |c| c.options.ties = TieBreak::LastAdded,
                )],
            },
            Param {
                what: "whether the move decides first",
                values: &[v(
                    "astar-udlr-ties",
                    "on equal f, A* takes the node by its move (Up, Down, Left, Right), then the one added first",
                    AST,
                    "",
                    |c| c.action_ties = true,
                )],
            },
        ],
    ),
    family(
        "cheaper path",
        "what happens when a cheaper path to a node already in the frontier is found",
        &[Param {
            what: "what a cheaper path does",
            values: &[
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
            ],
        }],
    ),
    family(
        "priority",
        "the priority: A* orders the frontier by g + h, not by h alone",
        &[Param {
            what: "what the priority adds",
            values: &[v("greedy-not-astar", "the A* priority is h alone (greedy best-first), without g", AST, "", |c| {
                c.strategy = Strategy::Greedy
            })],
        }],
    ),
    family(
        "heuristic",
        "the heuristic function: Manhattan distance of the tiles, the blank left out",
        &[Param {
            what: "what h sums",
            values: &[
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
            ],
        }],
    ),
    family(
        "nodes_expanded",
        "where nodes_expanded is counted: once per node whose children are generated",
        &[Param {
            what: "what it counts",
            values: &[
                v("count-goal", "nodes_expanded counts the goal node too", ALL, "", |c| c.nodes = NodesRule::CountGoal),
                v("nodes-count-pushes", "nodes_expanded counts the nodes pushed onto the frontier", ALL, "", |c| {
                    c.nodes = NodesRule::Pushes
                }),
                v("nodes-minus-one", "nodes_expanded is one less than the grader's", ALL, "an already solved board", |c| {
                    c.nodes = NodesRule::MinusOne
                }),
            ],
        }],
    ),
    family(
        "max_search_depth",
        "where max_search_depth is updated: the deepest node put in the frontier",
        &[Param {
            what: "which nodes it measures",
            values: &[
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
            ],
        }],
    ),
    family(
        "path",
        "how the path is rebuilt: follow each node's own parent, from the goal node taken from the frontier",
        &[Param {
            what: "which parent a path is rebuilt from",
            values: &[beside_others(v(
                "path-from-overwritten-parent-map",
                "rebuilds the path from a board -> parent map that a later push of the same board overwrote, so it takes another parent",
                ALL,
                "searches where no board is pushed twice before the goal (only explored-only frontiers hold it twice)",
                |c| c.path = PathRule::LatestParent,
            ))],
        }],
    ),
];
