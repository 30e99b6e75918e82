//! Where a 3-digit search stops and what it prints at the edges: the 1000-expansion limit,
//! forbidden numbers, hill-climbing's first move, a start that is the goal, a fringe that runs empty.

use super::*;

/// The families of the limit and the edges.
pub(super) static FAMILIES: &[Family] = &[
    Family {
        name: "limit counting",
        look_at: "the 1000-expansion limit: where expansions are counted and compared with 1000",
        params: &[
            Param {
                what: "what is compared with the limit",
                values: &[
                    v(
                        "limit-goal-at-1000th-fails",
                        "a goal found as the 1000th expansion is reported as no solution",
                        SEARCH,
                        "searches that end before 1000 expansions",
                        |c| c.options.limit_counting = LimitCounting::GoalAtLimitFails,
                    ),
                    v(
                        "limit-counts-discarded",
                        "counts nodes discarded as already expanded toward the 1000 limit",
                        SEARCH,
                        "searches that end before 1000 selections",
                        |c| c.options.limit_counting = LimitCounting::IncludingDiscarded,
                    ),
                ],
            },
            Param {
                what: "the bound",
                values: &[
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
                    v("limit-ignored", "has no expansion limit", SEARCH, "searches that end before 1000 expansions", |c| {
                        c.options.expansion_limit = None
                    }),
                ],
            },
            Param {
                what: "when it is compared",
                values: &[
                    v(
                        "limit-at-iteration-end",
                        "IDS: compares the expansions with the limit only when an iteration ends, so the last iteration runs to its end",
                        &["I"],
                        "searches that end before 1000 expansions",
                        |c| c.limit_at_iteration_end = true,
                    ),
                ],
            },
            Param {
                what: "what is printed at the limit",
                values: &[v(
                    "limit-prints-nothing",
                    "when the limit stops the search, prints nothing",
                    SEARCH,
                    "searches that end before 1000 expansions",
                    |c| c.limit_prints_nothing = true,
                )],
            },
        ],
    },
    Family {
        name: "forbidden numbers",
        look_at: "the forbidden-number checks: the start, its children and the goal",
        params: &[
            Param {
                what: "what a forbidden start does",
                values: &[
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
                ],
            },
            Param {
                what: "the start's children",
                values: &[
                    v(
                        "forbidden-unchecked-at-root",
                        "the start's children are not checked against the forbidden list",
                        ALL,
                        "instances whose start has no forbidden neighbour",
                        |c| c.forbidden.unchecked_at_root = true,
                    ),
                ],
            },
            Param {
                what: "a forbidden goal",
                values: &[
                    v("forbidden-goal-reachable", "a forbidden goal can still be reached", ALL, "a goal not forbidden", |c| {
                        c.forbidden.goal_reachable = true
                    }),
                ],
            },
            Param {
                what: "hill-climbing's children",
                values: &[
                    v(
                        "hill-forbidden-child",
                        "hill-climbing may step onto a forbidden number",
                        &["H"],
                        "instances without forbidden numbers",
                        |c| c.forbidden.ignored = true,
                    ),
                ],
            },
        ],
    },
    Family {
        name: "hill-climbing",
        look_at: "how hill-climbing picks its next number",
        params: &[
            Param {
                what: "its first move",
                values: &[
                    v(
                        "hill-first-move-unchecked",
                        "hill-climbing takes its first move even when it is worse",
                        &["H"],
                        "starts with a better child",
                        |c| c.options.hill_first_move_unchecked = true,
                    ),
                ],
            },
        ],
    },
    Family {
        name: "start = goal",
        look_at: "the case start = goal: the answer is the start on both lines",
        params: &[
            Param {
                what: "what is printed",
                values: &[
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
                        "start-equals-goal-empty-path",
                        "when the start is the goal, prints an empty path line (the start left out), then the start as expanded",
                        ALL,
                        "a start different from the goal",
                        |c| c.start_is_goal = StartIsGoal::EmptyPath,
                    ),
                ],
            },
        ],
    },
    Family {
        name: "exhausted fringe",
        look_at: "what is printed when the fringe runs empty: `No solution found.` and the expanded list",
        params: &[
            Param {
                what: "what is printed",
                values: &[
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
                        "exhausted-fringe-start-as-path",
                        "when the fringe runs empty, prints the start as the path instead of No solution found.",
                        FRINGE,
                        "searches that reach the goal or the limit",
                        |c| c.exhausted = ExhaustedFringe::StartAsPath,
                    ),
                    v(
                        "exhausted-fringe-empty-line",
                        "when the fringe runs empty, prints an empty line instead of No solution found.",
                        FRINGE,
                        "searches that reach the goal or the limit",
                        |c| c.exhausted = ExhaustedFringe::EmptyLine,
                    ),
                ],
            },
        ],
    },
];
