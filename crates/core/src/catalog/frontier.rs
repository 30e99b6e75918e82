//! What a strategy's frontier looks like under given options: derived, never typed by hand.

use std::fmt;

use serde::Serialize;

use crate::{SearchOptions, Strategy, TieBreak};

/// How a frontier hands out its nodes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Discipline {
    /// First in, first out (breadth-first search).
    Queue,
    /// Last in, first out, the first child on top (depth-first search, IDS).
    Stack,
    /// Lowest priority first (greedy, A*, uniform cost).
    Priority,
    /// No frontier: only the current node and its children (hill-climbing).
    Current,
    /// Two priority queues, one grown from the start and one from the goal; the lower of
    /// their first nodes leaves first, the start's on ties (bidirectional search).
    TwoWay,
    /// No frontier queue: the current path, each node with its f-limit (recursive best-first
    /// search).
    Recursive,
}

impl Discipline {
    /// The discipline of `strategy`'s frontier in this crate's engine.
    pub fn of(strategy: Strategy) -> Discipline {
        match strategy {
            Strategy::BreadthFirst => Discipline::Queue,
            Strategy::DepthFirst | Strategy::IterativeDeepening | Strategy::IdaStar => Discipline::Stack,
            Strategy::Greedy | Strategy::AStar | Strategy::UniformCost | Strategy::WeightedAStar | Strategy::Beam => {
                Discipline::Priority
            }
            Strategy::HillClimbing => Discipline::Current,
            Strategy::Bidirectional | Strategy::BidirectionalUniformCost => Discipline::TwoWay,
            Strategy::RecursiveBestFirst => Discipline::Recursive,
        }
    }
}

impl fmt::Display for Discipline {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Discipline::Queue => "Frontier: a queue (first in, first out).",
            Discipline::Stack => "Frontier: a stack (last in, first out; the first child on top).",
            Discipline::Priority => "Frontier: a priority queue.",
            Discipline::Current => "Hill-climbing keeps only the current node; its children are the candidates.",
            Discipline::Recursive => {
                "No frontier queue: the current path, each node with its f-limit; the child of lowest f is entered \
                 while its f is within the limit."
            }
            Discipline::TwoWay => {
                "Frontier: two priority queues, from the start and from the goal; the lower of their first \
                 nodes is selected, the start's on ties."
            }
        })
    }
}

/// What a strategy orders its frontier by (what a trace's `priority` holds).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum PriorityOrder {
    /// The depth (queues and stacks, which ignore it).
    #[serde(rename = "depth")]
    Depth,
    /// The path cost g (uniform cost).
    #[serde(rename = "g")]
    PathCost,
    /// The heuristic h (greedy, hill-climbing).
    #[serde(rename = "h")]
    Heuristic,
    /// f = g + h (A*).
    #[serde(rename = "f = g + h")]
    PathCostPlusHeuristic,
    /// f = g + w·h (weighted A*; a trace's priority is `den·g + num·h` for w = num / den).
    #[serde(rename = "f = g + w·h")]
    WeightedPathCostPlusHeuristic,
}

impl PriorityOrder {
    /// What `strategy` orders by.
    pub fn of(strategy: Strategy) -> PriorityOrder {
        match strategy {
            Strategy::BreadthFirst | Strategy::DepthFirst | Strategy::IterativeDeepening | Strategy::Bidirectional => {
                PriorityOrder::Depth
            }
            Strategy::UniformCost | Strategy::BidirectionalUniformCost => PriorityOrder::PathCost,
            Strategy::Greedy | Strategy::HillClimbing => PriorityOrder::Heuristic,
            Strategy::AStar | Strategy::IdaStar | Strategy::Beam | Strategy::RecursiveBestFirst => {
                PriorityOrder::PathCostPlusHeuristic
            }
            Strategy::WeightedAStar => PriorityOrder::WeightedPathCostPlusHeuristic,
        }
    }
}

impl fmt::Display for PriorityOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PriorityOrder::Depth => "depth",
            PriorityOrder::PathCost => "g",
            PriorityOrder::Heuristic => "h",
            PriorityOrder::PathCostPlusHeuristic => "f = g + h",
            PriorityOrder::WeightedPathCostPlusHeuristic => "f = g + w·h",
        })
    }
}

/// How a strategy's frontier behaves under given options: the discipline, what it orders
/// by, and which of equal priorities leaves first. Serialized as three fields,
/// `discipline`, `priority` and `ties` (`"priority"`, `"f = g + h"`, `"last-added"`); its
/// `Display` is the sentence the web app shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct FrontierRule {
    /// The frontier's discipline.
    pub discipline: Discipline,
    /// What it orders by.
    pub priority: PriorityOrder,
    /// Which of equal priorities is selected first (from the options).
    pub ties: TieBreak,
}

impl FrontierRule {
    /// The frontier of `strategy` run with `options`.
    ///
    /// ```
    /// use searchlab_core::catalog::FrontierRule;
    /// use searchlab_core::{SearchOptions, Strategy, TieBreak};
    /// let rule = FrontierRule::of(Strategy::AStar, &SearchOptions::default().with_ties(TieBreak::FirstAdded));
    /// assert_eq!(
    ///     rule.to_string(),
    ///     "Frontier: a priority queue. Lowest f = g + h first; equal values: the earliest added."
    /// );
    /// ```
    pub fn of(strategy: Strategy, options: &SearchOptions) -> FrontierRule {
        FrontierRule { discipline: Discipline::of(strategy), priority: PriorityOrder::of(strategy), ties: options.ties }
    }
}

impl fmt::Display for FrontierRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.discipline)?;
        if matches!(self.discipline, Discipline::Priority | Discipline::TwoWay) {
            let which = match self.ties {
                TieBreak::FirstAdded => "earliest",
                TieBreak::LastAdded => "latest",
            };
            write!(f, " Lowest {} first; equal values: the {which} added.", self.priority)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn disciplines_and_priorities_follow_the_strategy() {
        let expected = [
            (Strategy::BreadthFirst, Discipline::Queue, "depth"),
            (Strategy::DepthFirst, Discipline::Stack, "depth"),
            (Strategy::IterativeDeepening, Discipline::Stack, "depth"),
            (Strategy::Greedy, Discipline::Priority, "h"),
            (Strategy::AStar, Discipline::Priority, "f = g + h"),
            (Strategy::HillClimbing, Discipline::Current, "h"),
            (Strategy::UniformCost, Discipline::Priority, "g"),
            (Strategy::IdaStar, Discipline::Stack, "f = g + h"),
            (Strategy::WeightedAStar, Discipline::Priority, "f = g + w·h"),
            (Strategy::Beam, Discipline::Priority, "f = g + h"),
            (Strategy::Bidirectional, Discipline::TwoWay, "depth"),
            (Strategy::BidirectionalUniformCost, Discipline::TwoWay, "g"),
            (Strategy::RecursiveBestFirst, Discipline::Recursive, "f = g + h"),
        ];
        for (strategy, discipline, priority) in expected {
            assert_eq!(Discipline::of(strategy), discipline, "{strategy:?}");
            assert_eq!(PriorityOrder::of(strategy).to_string(), priority);
            assert_eq!(serde_json::to_value(PriorityOrder::of(strategy)).unwrap(), priority);
        }
    }

    #[test]
    fn the_rule_serializes_its_three_fields_from_the_options() {
        let last = SearchOptions::default().with_ties(TieBreak::LastAdded);
        let rule = FrontierRule::of(Strategy::Greedy, &last);
        assert_eq!(
            serde_json::to_value(rule).unwrap(),
            serde_json::json!({"discipline": "priority", "priority": "h", "ties": "last-added"})
        );
        assert_eq!(rule.to_string(), "Frontier: a priority queue. Lowest h first; equal values: the latest added.");
        let first = last.with_ties(TieBreak::FirstAdded);
        assert_eq!(
            serde_json::to_value(FrontierRule::of(Strategy::BreadthFirst, &first)).unwrap()["ties"],
            "first-added"
        );
        // Queues and stacks ignore ties: the sentence does not mention them.
        assert_eq!(
            FrontierRule::of(Strategy::BreadthFirst, &first).to_string(),
            "Frontier: a queue (first in, first out)."
        );
    }
}
