//! The one-line rule of a strategy as a puzzle runs it, for the page: the frontier, the tie
//! rule, when the goal is tested, what happens to repeated states and the limits. Derived
//! from the engine options of the [`StrategyEntry`], never typed per puzzle.

use searchlab_core::catalog::{Discipline, StrategyEntry};
use searchlab_core::{DuplicatePolicy, GoalTest, Strategy, TieBreak};

/// The rule of `entry` in one line of short clauses separated by ` · `.
///
/// ```
/// use searchlab_core::catalog::StrategyEntry;
/// use searchlab_core::{SearchOptions, Strategy};
/// let entry = StrategyEntry { name: "bfs", strategy: Strategy::BreadthFirst, options: SearchOptions::columbia_driver() };
/// assert_eq!(
///     searchlab_trace::rules::rule_text(&entry),
///     "queue: first in, first out · goal test when a node is selected · \
///      a child already in the frontier or expanded is skipped"
/// );
/// ```
pub fn rule_text(entry: &StrategyEntry) -> String {
    let rule = entry.frontier();
    let ties = match rule.ties {
        TieBreak::FirstAdded => "ties: the earliest added",
        TieBreak::LastAdded => "ties: the latest added",
    };
    let mut parts: Vec<String> = Vec::new();
    parts.push(match (entry.strategy, rule.discipline) {
        (Strategy::IterativeDeepening, _) => {
            "depth-first with depth limits 0, 1, 2, …; each iteration starts again from the root".into()
        }
        (_, Discipline::Queue) => "queue: first in, first out".into(),
        (_, Discipline::Stack) => "stack: last in, first out".into(),
        (_, Discipline::Priority) => format!("priority queue: lowest {} first, {ties}", rule.priority),
        (_, Discipline::TwoWay) => return two_way_rule(entry, ties),
        (_, Discipline::Recursive) => {
            return "depth-first into the child of lowest f = g + h (the first of equal f) while it is within the \
                    node's f-limit, the best alternative's f above; past it, back up that f and forget the subtree · \
                    goal test when a node is entered · no repeated-state check"
                .to_string()
                + &entry.options.expansion_limit.map(|l| format!(" · stops after {l} selected nodes")).unwrap_or_default()
        }
        (_, Discipline::Current) => {
            format!("keeps only the current node; moves to its child of lowest h ({ties}) if that is lower than the current h, else stops")
        }
    });
    parts.push(
        match entry.options.goal_test {
            GoalTest::OnSelection => "goal test when a node is selected",
            GoalTest::OnGeneration => "goal test when a node is generated",
        }
        .into(),
    );
    parts.push(
        match entry.options.duplicates {
            DuplicatePolicy::DiscardExpandedOnSelection => {
                "every child enters the frontier; a selected node already expanded (same digits, same digit changed) is discarded"
            }
            DuplicatePolicy::SkipSeen => "a child already in the frontier or expanded is skipped",
            DuplicatePolicy::DecreaseKey => {
                "a child already expanded is skipped; a cheaper path to one in the frontier replaces it"
            }
            DuplicatePolicy::Reinsert => "a cheaper path re-enters the frontier; the stale entry is discarded",
            DuplicatePolicy::ExploredOnly => "a child already expanded is skipped",
            DuplicatePolicy::NoCheck => "no repeated-state check",
            DuplicatePolicy::StopAtExpanded => "the search stops the first time it selects a node already expanded",
            DuplicatePolicy::SkipExpandedOnGeneration => {
                "a child already expanded is skipped; a selected node is never checked"
            }
            DuplicatePolicy::CycleOnPath => "a child already on its own path from the start (a cycle) is skipped",
        }
        .into(),
    );
    if let Some(limit) = entry.options.expansion_limit {
        parts.push(format!("stops after {limit} selected nodes"));
    }
    parts.join(" · ")
}

/// Bidirectional search's rule: two frontiers, no goal test, its own repeated-state rule.
fn two_way_rule(entry: &StrategyEntry, ties: &str) -> String {
    let by = entry.frontier().priority;
    let mut parts = vec![
        format!(
            "two frontiers, from the start and from the goal, each by lowest {by} ({ties}); the lower first node is \
             selected, the start's on ties"
        ),
        "a child the other side reached joins a path; stops when the two lowest add up to the best path's".to_string(),
        "a child its own side already reached, no cheaper, is skipped".to_string(),
    ];
    if let Some(limit) = entry.options.expansion_limit {
        parts.push(format!("stops after {limit} selected nodes"));
    }
    parts.join(" · ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use searchlab_core::SearchOptions;

    #[test]
    fn the_3_digit_rules_say_tree_search_and_the_limit() {
        let entry = StrategyEntry { name: "A", strategy: Strategy::AStar, options: SearchOptions::comp3308() };
        assert_eq!(
            rule_text(&entry),
            "priority queue: lowest f = g + h first, ties: the latest added · goal test when a node is selected · \
             every child enters the frontier; a selected node already expanded (same digits, same digit changed) \
             is discarded · stops after 1000 selected nodes"
        );
        let hill = StrategyEntry { strategy: Strategy::HillClimbing, ..entry };
        assert!(rule_text(&hill).starts_with("keeps only the current node"));
    }
}
