//! Where in a program to look for a named rule: one line per rule, for the verdict that opens
//! the text report. The rules come in families (ties, successor order, goal test, counts,
//! heuristic, limit, forbidden numbers, …); the family names the place in the code.

/// Whether a rule's name belongs to a family.
type Belongs = fn(&str) -> bool;

/// The families, each a test on the rule's name and the place to look.
const FAMILIES: &[(Belongs, &str)] = &[
    (
        |n| n == "goal-on-generation",
        "where the goal test is: the grader tests a node when it is taken from the frontier, not when it is generated",
    ),
    (
        |n| n.contains("ties") || n == "ties-first-added",
        "the frontier's priority key: what decides between nodes of equal priority",
    ),
    (
        |n| n.contains("successors") || n.contains("children") || n == "dfs-udlr-push",
        "the order in which a node's children are generated and pushed",
    ),
    (
        |n| n.starts_with("astar-decrease-key") || n == "astar-reinsert" || n == "astar-g-per-number",
        "what happens when a cheaper path to a node already in the frontier is found",
    ),
    (|n| n == "greedy-not-astar", "the priority: A* orders the frontier by g + h, not by h alone"),
    (
        |n| n.starts_with("heuristic") || n.starts_with("manhattan"),
        "the heuristic function: Manhattan distance of the tiles, the blank left out",
    ),
    (
        |n| n == "count-goal" || n.starts_with("nodes-"),
        "where nodes_expanded is counted: once per node whose children are generated",
    ),
    (|n| n.starts_with("max-depth"), "where max_search_depth is updated: the deepest node put in the frontier"),
    (|n| n.starts_with("limit"), "the 1000-expansion limit: where expansions are counted and compared with 1000"),
    (
        |n| n.starts_with("forbidden") || n.starts_with("hill-forbidden"),
        "the forbidden-number checks: the start, its children and the goal",
    ),
    (|n| n.starts_with("hill"), "how hill-climbing picks its next number"),
    (|n| n.starts_with("start-equals-goal"), "the case start = goal: the answer is the start on both lines"),
    (
        |n| n.starts_with("exhausted-fringe"),
        "what is printed when the fringe runs empty: `No solution found.` and the expanded list",
    ),
    (|n| n.starts_with("ids"), "the IDS iterations: each starts afresh from the start with a deeper limit"),
    (
        |n| n == "identity-digits-only" || n.starts_with("same-digit"),
        "what makes two nodes the same, and which move the same-digit rule compares with",
    ),
    (
        |n| n.contains("duplicate") || n.contains("cycle") || n == "explored-only" || n.starts_with("fringe-"),
        "the duplicate check: which nodes count as seen, and when they are marked",
    ),
];

/// Where to look for `rule` (a single rule's name), in one line; a generic line for a rule
/// of no family.
///
/// ```
/// assert!(searchlab_check::hint("astar-lifo-ties").contains("equal priority"));
/// ```
pub fn hint(rule: &str) -> &'static str {
    FAMILIES
        .iter()
        .find(|(belongs, _)| belongs(rule))
        .map_or("the rule's description above says what differs", |(_, place)| place)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::variants::all_variants;

    #[test]
    fn every_named_rule_has_a_place_to_look() {
        for v in all_variants() {
            assert_ne!(hint(v.name), "the rule's description above says what differs", "{}", v.name);
        }
    }
}
