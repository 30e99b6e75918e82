//! How a 3-digit search orders its work: the goal test, what makes two nodes the same, ties and
//! the order children are made.

use super::*;

/// The families of the search's order.
pub(super) static FAMILIES: &[Family] = &[
    Family {
        name: "goal test",
        look_at: "where the goal test is: the grader tests a node when it is taken from the frontier, not when it is generated",
        params: &[
            Param {
                what: "when a node is tested",
                values: &[
                    v(
                        "goal-on-generation",
                        "tests the goal when a node is generated, not when it is selected (and lists it last)",
                        SEARCH,
                        "",
                        |c| c.options.goal_test = GoalTest::OnGeneration,
                    ),
                ],
            },
        ],
    },
    Family {
        name: "identity",
        look_at: "what makes two nodes the same, and which move the same-digit rule compares with",
        params: &[
            Param {
                what: "what makes two nodes the same",
                values: &[
                    v(
                        "identity-digits-only",
                        "two nodes are the same when their digits are, whatever digit was changed",
                        SEARCH,
                        "",
                        |c| c.identity = Identity::DigitsOnly,
                    ),
                ],
            },
        ],
    },
    Family {
        name: "ties",
        look_at: "the frontier's priority key: what decides between nodes of equal priority",
        params: &[
            Param {
                what: "which of equal priority is taken",
                values: &[
                    v(
                        "ties-first-added",
                        "on equal priority, takes the node added first; the spec takes the one added last",
                        INFORMED,
                        "",
                        |c| c.options.ties = TieBreak::FirstAdded,
                    ),
                ],
            },
        ],
    },
    Family {
        name: "successor order",
        look_at: "the order in which a node's children are generated and pushed",
        params: &[
            Param {
                what: "the order children are made",
                values: &[
                    v("children-reversed", "generates children in the reverse of the spec's order", ALL, "", |c| {
                        c.successors = SuccessorOrder::Reversed
                    }),
                ],
            },
        ],
    },
];
