//! The 3-digit puzzle's named variants (issues 9 and 15).

use searchlab_core::{DuplicatePolicy, GoalTest, LimitCounting, TieBreak, COMP3308_EXPANSION_LIMIT};

use crate::config::{ExhaustedFringe, Identity, StartIsGoal, SuccessorOrder};
use crate::variant::{PuzzleKind, Variant};

const ALL: &[&str] = &["B", "D", "I", "G", "A", "H"];
const SEARCH: &[&str] = &["B", "D", "I", "G", "A"];
const FRINGE: &[&str] = &["B", "D", "G", "A"];
const INFORMED: &[&str] = &["G", "A", "H"];

const fn v(
    name: &'static str,
    line: &'static str,
    applies: &'static [&'static str],
    cannot_show: &'static str,
    apply: fn(&mut crate::Config),
) -> Variant {
    Variant { name, line, puzzle: PuzzleKind::Digits, applies, cannot_show, apply }
}

/// The 3-digit variants.
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
];
