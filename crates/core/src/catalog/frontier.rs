//! What a strategy's frontier looks like under given options: derived from its row of the
//! strategy table ([`crate::Strategy::frontier`]), never typed by hand.

use std::fmt;

use serde::Serialize;

use crate::TieBreak;

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
