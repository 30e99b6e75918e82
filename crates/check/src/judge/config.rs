//! What a variant changes: the engine's options, the puzzle's rule set and the report rules,
//! all in one [`Config`] that the reference runs under.

use searchlab_core::{SearchOptions, Strategy};
use searchlab_npuzzle::{search_options, DriverOptions, Edition};

/// The order in which a node's successors are generated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SuccessorOrder {
    /// The spec's order (N-puzzle: UDLR; 3-digit: digit 1 −/+, digit 2 −/+, digit 3 −/+).
    #[default]
    Spec,
    /// The spec's order reversed (N-puzzle: RLDU).
    Reversed,
}

/// The heuristic the informed strategies use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum HeuristicRule {
    /// The spec's Manhattan distance (N-puzzle: the blank excluded).
    #[default]
    Spec,
    /// h = 0 everywhere (A* becomes uniform-cost search).
    Constant,
    /// N-puzzle: the blank's distance counted too.
    WithBlank,
    /// N-puzzle: only the tiles on the first eight cells counted.
    FirstEight,
}

/// Which nodes are the same (3-digit puzzle).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Identity {
    /// Same digits and same digit changed last, the start a node of its own.
    #[default]
    Spec,
    /// Same digits.
    DigitsOnly,
}

/// Which move's digit the rule "never change the same digit twice in a row" is checked
/// against when a node's children are generated (3-digit puzzle).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SameDigit {
    /// The digit changed by the move into the node.
    #[default]
    Spec,
    /// The digit changed by the move into the node's parent (`node.parent.changed` for
    /// `node.changed`): the start's children and grandchildren may change any digit, deeper
    /// nodes may change the digit changed into them again.
    ParentsMove,
}

/// How forbidden numbers are handled (3-digit puzzle).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ForbiddenRules {
    /// A forbidden start is not expanded: nothing is listed, no solution.
    pub start_not_expanded: bool,
    /// A forbidden start is expanded but not listed.
    pub start_unlisted: bool,
    /// The start's children are not checked against the forbidden list.
    pub unchecked_at_root: bool,
    /// A forbidden goal can still be stepped on.
    pub goal_reachable: bool,
    /// No child is ever checked against the forbidden list.
    pub ignored: bool,
}

/// What is printed when the start is the goal (3-digit puzzle).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum StartIsGoal {
    /// `S` / `S`.
    #[default]
    Spec,
    /// `No solution found.` / `S`.
    NoSolution,
    /// Nothing.
    PrintsNothing,
    /// An empty path line (the path rebuilt without its start), then `S`.
    EmptyPath,
}

/// What is printed when the fringe runs empty before the limit (3-digit puzzle).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ExhaustedFringe {
    /// `No solution found.` and the nodes expanded.
    #[default]
    Spec,
    /// The last expanded node repeated up to the expansion limit.
    RepeatsLast,
    /// Nothing.
    PrintsNothing,
    /// The start on the first line instead of `No solution found.`, then the nodes expanded.
    StartAsPath,
    /// An empty first line instead of `No solution found.`, then the nodes expanded.
    EmptyLine,
}

/// How `nodes_expanded` is derived from the engine's statistics (N-puzzle).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum NodesRule {
    /// Nodes whose successors were generated (the goal not counted).
    #[default]
    Expanded,
    /// The nodes removed from the frontier: the spec's count plus one for the goal, unless
    /// the goal was found when generated (it never left the frontier; the root still counts).
    CountGoal,
    /// Nodes pushed onto the frontier (the root not counted).
    Pushes,
    /// One less than the spec's count.
    MinusOne,
}

/// How `max_search_depth` is derived from the engine's statistics (N-puzzle).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DepthRule {
    /// The deepest node added to the frontier.
    #[default]
    Frontier,
    /// The deepest node expanded (the goal is not).
    Expanded,
    /// The deepest successor generated, even one then rejected as a duplicate.
    Generated,
    /// One more than the spec's count.
    PlusOne,
}

/// Which parent the path is rebuilt from (N-puzzle).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PathRule {
    /// Each node's own parent, from the goal node taken from the frontier.
    #[default]
    NodeChain,
    /// A board -> (parent board, move) map written at every push and overwritten by a later
    /// push of the same board, followed from the goal's board to the start.
    LatestParent,
}

/// Everything a reference run depends on: engine options, strategy, puzzle rules, report
/// rules. [`Config::npuzzle`] and [`Config::digits`] are the graders' readings; a variant
/// changes one or a few fields.
#[derive(Debug, Clone)]
pub struct Config {
    /// The engine's options.
    pub options: SearchOptions,
    /// The engine's strategy.
    pub strategy: Strategy,
    /// Successor order.
    pub successors: SuccessorOrder,
    /// The heuristic.
    pub heuristic: HeuristicRule,
    /// Ties on equal priority broken by the move's index (UDLR) before insertion order.
    pub action_ties: bool,
    /// Node identity (3-digit).
    pub identity: Identity,
    /// The "same digit" rule's digit (3-digit).
    pub same_digit: SameDigit,
    /// A*'s g kept in one table per number, not per node (3-digit): a child's g is the
    /// table's entry for its parent's number, read when the parent is expanded, plus one, and
    /// is written to the child's number's entry when the child is generated (the start's
    /// entry is 0). Its f, fixed when it enters the fringe, is that g plus h.
    pub g_per_number: bool,
    /// Forbidden numbers (3-digit).
    pub forbidden: ForbiddenRules,
    /// Start = goal output (3-digit).
    pub start_is_goal: StartIsGoal,
    /// Exhausted-fringe output (3-digit).
    pub exhausted: ExhaustedFringe,
    /// IDS compares the expansions with the limit only when an iteration ends (3-digit).
    pub limit_at_iteration_end: bool,
    /// A search stopped by the limit prints nothing (3-digit).
    pub limit_prints_nothing: bool,
    /// `nodes_expanded` (N-puzzle).
    pub nodes: NodesRule,
    /// `max_search_depth` (N-puzzle).
    pub depth: DepthRule,
    /// The path's parents (N-puzzle).
    pub path: PathRule,
    /// The N-puzzle assignment's edition: 2017 adds `fringe_size` and `max_fringe_size`
    /// to the answer (and the method `ida`).
    pub edition: Edition,
}

impl Config {
    /// The grader's reading of the N-puzzle driver for `strategy`: the driver's own engine
    /// options ([`search_options`]; `ida` runs tree-search iterations).
    pub fn npuzzle(strategy: Strategy) -> Config {
        let options = SearchOptions { node_limit: None, ..search_options(strategy, &DriverOptions::default()) };
        Config::with(options, strategy)
    }

    /// This config with the N-puzzle answer of `edition`.
    pub fn with_edition(self, edition: Edition) -> Config {
        Config { edition, ..self }
    }

    /// The grader's reading of the 3-digit puzzle for `strategy`.
    pub fn digits(strategy: Strategy) -> Config {
        Config::with(SearchOptions::comp3308(), strategy)
    }

    fn with(options: SearchOptions, strategy: Strategy) -> Config {
        Config {
            options,
            strategy,
            successors: SuccessorOrder::Spec,
            heuristic: HeuristicRule::Spec,
            action_ties: false,
            identity: Identity::Spec,
            same_digit: SameDigit::Spec,
            g_per_number: false,
            forbidden: ForbiddenRules::default(),
            start_is_goal: StartIsGoal::Spec,
            exhausted: ExhaustedFringe::Spec,
            limit_at_iteration_end: false,
            limit_prints_nothing: false,
            nodes: NodesRule::Expanded,
            depth: DepthRule::Frontier,
            path: PathRule::NodeChain,
            edition: Edition::Current,
        }
    }
}
