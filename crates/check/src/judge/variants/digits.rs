//! The 3-digit puzzle's named variants (issues 9 and 15).

use searchlab_core::{DuplicatePolicy, GoalTest, IdsMemory, LimitCounting, TieBreak, COMP3308_EXPANSION_LIMIT};

use super::rule::{PuzzleKind, Variant};
use crate::judge::config::{ExhaustedFringe, Identity, SameDigit, StartIsGoal, SuccessorOrder};

const ALL: &[&str] = &["B", "D", "I", "G", "A", "H"];
const SEARCH: &[&str] = &["B", "D", "I", "G", "A"];
const FRINGE: &[&str] = &["B", "D", "G", "A"];
const INFORMED: &[&str] = &["G", "A", "H"];
const BEST_FIRST: &[&str] = &["G", "A"];

const fn v(
    name: &'static str,
    line: &'static str,
    applies: &'static [&'static str],
    cannot_show: &'static str,
    apply: fn(&mut crate::Config),
) -> Variant {
    Variant { name, line, puzzle: PuzzleKind::Digits, applies, cannot_show, apply }
}

/// The 3-digit variants. Each one's line is its definition; where issue 15's word allowed
/// several readings, the one a real program has is chosen and written there:
///
/// - `stop-at-first-duplicate`: the search ends, with no solution and the nodes expanded so
///   far, the first time it selects a node already expanded (a `break` meant as `continue`).
/// - `duplicate-reexpanded`: children already expanded are not added, but a selected node is
///   not checked, so one that entered the fringe twice before its first expansion is expanded,
///   listed and counted again (the discard-on-selection step left out).
/// - `fringe-insert-drops-worst`: a child is inserted into the sorted fringe before the first
///   node whose priority is not better; when there is none (it is worse than every node in a
///   non-empty fringe) it is dropped, not appended.
/// - `same-digit-from-wrong-parent`: the "same digit" rule is checked against the digit
///   changed by the move into the node's parent (`node.parent.changed`), not into the node.
/// - `ids-stale-children`: a node selected in an earlier IDS iteration gets no children
///   when selected again in a later one (the start is expanded afresh in each iteration).
/// - `ids-keeps-expanded`: one expanded set for all IDS iterations: a node selected in an
///   earlier iteration is discarded (the start excepted: every iteration lists it).
/// - `ids-no-prune`: no discard rule inside an IDS iteration (only the depth limit prunes).
/// - `astar-g-per-number`: A*'s g kept in a table per number: a child's g is the table's entry
///   for its parent's number plus one, and overwrites the entry of its own number.
pub(crate) static VARIANTS: &[Variant] = &[
    v(
        "goal-on-generation",
        "tests the goal when a node is generated, not when it is selected (and lists it last)",
        SEARCH,
        "",
        |c| c.options.goal_test = GoalTest::OnGeneration,
    ),
    v(
        "identity-digits-only",
        "two nodes are the same when their digits are, whatever digit was changed",
        SEARCH,
        "",
        |c| c.identity = Identity::DigitsOnly,
    ),
    v(
        "ties-first-added",
        "on equal priority, takes the node added first; the spec takes the one added last",
        INFORMED,
        "",
        |c| c.options.ties = TieBreak::FirstAdded,
    ),
    v("children-reversed", "generates children in the reverse of the spec's order", ALL, "", |c| {
        c.successors = SuccessorOrder::Reversed
    }),
    v(
        "limit-goal-at-1000th-fails",
        "a goal found as the 1000th expansion is reported as no solution",
        SEARCH,
        "searches that end before 1000 expansions",
        |c| c.options.limit_counting = LimitCounting::GoalAtLimitFails,
    ),
    v(
        "limit-1001",
        "stops after 1001 expansions instead of 1000",
        SEARCH,
        "searches that end before 1000 expansions",
        |c| c.options.expansion_limit = Some(COMP3308_EXPANSION_LIMIT + 1),
    ),
    v(
        "limit-999",
        "stops after 999 expansions instead of 1000",
        SEARCH,
        "searches that end before 999 expansions",
        |c| c.options.expansion_limit = Some(COMP3308_EXPANSION_LIMIT - 1),
    ),
    v(
        "limit-counts-discarded",
        "counts nodes discarded as already expanded toward the 1000 limit",
        SEARCH,
        "searches that end before 1000 selections",
        |c| c.options.limit_counting = LimitCounting::IncludingDiscarded,
    ),
    v("limit-ignored", "has no expansion limit", SEARCH, "searches that end before 1000 expansions", |c| {
        c.options.expansion_limit = None
    }),
    v(
        "forbidden-start-not-expanded",
        "a forbidden start is never expanded: nothing listed, no solution",
        ALL,
        "a start not forbidden",
        |c| c.forbidden.start_not_expanded = true,
    ),
    v("forbidden-start-unlisted", "a forbidden start is expanded but not listed", ALL, "a start not forbidden", |c| {
        c.forbidden.start_unlisted = true
    }),
    v(
        "forbidden-unchecked-at-root",
        "the start's children are not checked against the forbidden list",
        ALL,
        "instances whose start has no forbidden neighbour",
        |c| c.forbidden.unchecked_at_root = true,
    ),
    v("forbidden-goal-reachable", "a forbidden goal can still be reached", ALL, "a goal not forbidden", |c| {
        c.forbidden.goal_reachable = true
    }),
    v(
        "hill-forbidden-child",
        "hill-climbing may step onto a forbidden number",
        &["H"],
        "instances without forbidden numbers",
        |c| c.forbidden.ignored = true,
    ),
    v(
        "hill-first-move-unchecked",
        "hill-climbing takes its first move even when it is worse",
        &["H"],
        "starts with a better child",
        |c| c.options.hill_first_move_unchecked = true,
    ),
    v(
        "start-equals-goal-no-solution",
        "when the start is the goal, prints No solution found.",
        ALL,
        "a start different from the goal",
        |c| c.start_is_goal = StartIsGoal::NoSolution,
    ),
    v(
        "start-equals-goal-prints-nothing",
        "when the start is the goal, prints nothing",
        ALL,
        "a start different from the goal",
        |c| c.start_is_goal = StartIsGoal::PrintsNothing,
    ),
    v(
        "exhausted-fringe-repeats",
        "when the fringe runs empty, repeats the last node up to the limit",
        FRINGE,
        "searches that reach the goal or the limit",
        |c| c.exhausted = ExhaustedFringe::RepeatsLast,
    ),
    v(
        "exhausted-fringe-prints-nothing",
        "when the fringe runs empty, prints nothing",
        FRINGE,
        "searches that reach the goal or the limit",
        |c| c.exhausted = ExhaustedFringe::PrintsNothing,
    ),
    v(
        "duplicate-check-at-generation",
        "marks nodes visited when generated, so a later copy never enters the fringe",
        FRINGE,
        "BFS (the same output)",
        |c| c.options.duplicates = DuplicatePolicy::SkipSeen,
    ),
    v("no-cycle-check", "never discards an already expanded node", FRINGE, "", |c| {
        c.options.duplicates = DuplicatePolicy::NoCheck
    }),
    v(
        "stop-at-first-duplicate",
        "stops with no solution the first time it selects a node that was already expanded",
        BEST_FIRST,
        "searches that never select an already expanded node",
        |c| c.options.duplicates = DuplicatePolicy::StopAtExpanded,
    ),
    v(
        "duplicate-reexpanded",
        "skips children already expanded but never checks a selected node, so a node in the fringe twice is expanded twice",
        FRINGE,
        "searches where no node enters the fringe twice before it is expanded",
        |c| c.options.duplicates = DuplicatePolicy::SkipExpandedOnGeneration,
    ),
    v(
        "fringe-insert-drops-worst",
        "drops a child whose priority is worse than every node in the fringe instead of adding it last",
        BEST_FIRST,
        "searches where no child is worse than the whole fringe",
        |c| c.options.drop_worst_children = true,
    ),
    v(
        "same-digit-from-wrong-parent",
        "forbids changing the digit changed by the move into the parent, not the one into the node",
        ALL,
        "searches that end before a child of the start is expanded",
        |c| c.same_digit = SameDigit::ParentsMove,
    ),
    v(
        "ids-stale-children",
        "IDS: a node selected in an earlier iteration gets no children when selected again (the start excepted)",
        &["I"],
        "searches that end within depth 1",
        |c| c.options.ids_memory = IdsMemory::StaleChildren,
    ),
    v(
        "ids-keeps-expanded",
        "IDS: one expanded set for all iterations, so a node expanded in an earlier one is discarded (the start excepted)",
        &["I"],
        "searches that end within depth 1",
        |c| c.options.ids_memory = IdsMemory::KeepsExpanded,
    ),
    v(
        "ids-no-prune",
        "IDS: never discards an already expanded node within an iteration; only the depth limit prunes",
        &["I"],
        "searches that end before a node is reached twice in one iteration",
        |c| c.options.duplicates = DuplicatePolicy::NoCheck,
    ),
    v(
        "astar-g-per-number",
        "A*: g kept per number, not per node: a child's g is its parent's number's latest g plus one",
        &["A"],
        "searches that never reach a number twice",
        |c| c.g_per_number = true,
    ),
];
