//! What a 3-digit search remembers: which nodes count as seen, the same-digit rule's move, IDS's
//! iterations and A*'s g.

use super::*;

/// The families of what is remembered.
pub(super) static FAMILIES: &[Family] = &[
    Family {
        name: "duplicates",
        look_at: "the duplicate check: which nodes count as seen, and when they are marked",
        params: &[
            Param {
                what: "when a node counts as seen",
                values: &[
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
                ],
            },
            Param {
                what: "the sorted insertion",
                values: &[
                    v(
                        "fringe-insert-drops-worst",
                        "drops a child whose priority is worse than every node in the fringe instead of adding it last",
                        BEST_FIRST,
                        "searches where no child is worse than the whole fringe",
                        |c| c.options.drop_worst_children = true,
                    ),
                ],
            },
        ],
    },
    Family {
        name: "same digit",
        look_at: "what makes two nodes the same, and which move the same-digit rule compares with",
        params: &[
            Param {
                what: "the move compared",
                values: &[
                    v(
                        "same-digit-from-wrong-parent",
                        "forbids changing the digit changed by the move into the parent, not the one into the node",
                        ALL,
                        "searches that end before a child of the start is expanded",
                        |c| c.same_digit = SameDigit::ParentsMove,
                    ),
                ],
            },
        ],
    },
    Family {
        name: "IDS",
        look_at: "the IDS iterations: each starts afresh from the start with a deeper limit",
        params: &[
            Param {
                what: "what an iteration remembers",
                values: &[
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
                ],
            },
            Param {
                what: "the discard rule inside an iteration",
                values: &[
                    v(
                        "ids-no-prune",
                        "IDS: never discards an already expanded node within an iteration; only the depth limit prunes",
                        &["I"],
                        "searches that end before a node is reached twice in one iteration",
                        |c| c.options.duplicates = DuplicatePolicy::NoCheck,
                    ),
                ],
            },
        ],
    },
    Family {
        name: "A*'s g",
        look_at: "what happens when a cheaper path to a node already in the frontier is found",
        params: &[
            Param {
                what: "where g is kept",
                values: &[
                    v(
                        "astar-g-per-number",
                        "A*: g kept per number, not per node: a child's g is its parent's number's latest g plus one",
                        &["A"],
                        "searches that never reach a number twice",
                        |c| c.g_per_number = true,
                    ),
                ],
            },
        ],
    },
];
