//! The three frontier disciplines: a queue, a stack and a priority queue.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

use crate::events::NodeId;
use crate::TieBreak;

/// A frontier of node ids. Children of one expansion are added together, in generation
/// order, so that a stack can reverse them (the first child is then selected first).
pub(crate) trait Frontier {
    /// Adds the root or a re-prioritised node.
    fn push(&mut self, node: NodeId, priority: u64);
    /// Adds the children of one expansion, given in generation order with their priorities.
    fn push_children(&mut self, children: &[(NodeId, u64)]);
    /// Removes the next node to select, with its priority.
    fn pop(&mut self) -> Option<(NodeId, u64)>;
    /// How many entries the frontier holds.
    fn len(&self) -> usize;
}

/// First in, first out (breadth-first).
#[derive(Default)]
pub(crate) struct Fifo(VecDeque<(NodeId, u64)>);

impl Frontier for Fifo {
    #[inline]
    fn push(&mut self, node: NodeId, priority: u64) {
        self.0.push_back((node, priority));
    }
    #[inline]
    fn push_children(&mut self, children: &[(NodeId, u64)]) {
        self.0.extend(children.iter().copied());
    }
    #[inline]
    fn pop(&mut self) -> Option<(NodeId, u64)> {
        self.0.pop_front()
    }
    #[inline]
    fn len(&self) -> usize {
        self.0.len()
    }
}

/// Last in, first out (depth-first); children are pushed in reverse so the first
/// generated child is selected first.
#[derive(Default)]
pub(crate) struct Lifo(Vec<(NodeId, u64)>);

impl Frontier for Lifo {
    #[inline]
    fn push(&mut self, node: NodeId, priority: u64) {
        self.0.push((node, priority));
    }
    #[inline]
    fn push_children(&mut self, children: &[(NodeId, u64)]) {
        self.0.extend(children.iter().rev().copied());
    }
    #[inline]
    fn pop(&mut self) -> Option<(NodeId, u64)> {
        self.0.pop()
    }
    #[inline]
    fn len(&self) -> usize {
        self.0.len()
    }
}

/// Lowest priority first; equal priorities by insertion stamp. A node's stamp is its id,
/// which the engine hands out in insertion order, so a re-pushed node keeps its stamp.
pub(crate) struct Priority {
    heap: BinaryHeap<Reverse<(u64, NodeId, NodeId)>>,
    ties: TieBreak,
    /// Children worse than every entry are dropped ([`crate::SearchOptions::drop_worst_children`]).
    drop_worst: bool,
    /// The largest priority in the heap (kept only under `drop_worst`). Removing the
    /// smallest entry changes it only when the heap becomes empty: either the smallest is
    /// below it, or every entry has it.
    worst: Option<u64>,
}

impl Priority {
    pub(crate) fn new(ties: TieBreak, drop_worst: bool) -> Self {
        Priority { heap: BinaryHeap::new(), ties, drop_worst, worst: None }
    }
}

impl Frontier for Priority {
    fn push(&mut self, node: NodeId, priority: u64) {
        self.heap.push(Reverse((priority, self.ties.stamp(node), node)));
        if self.drop_worst {
            self.worst = Some(self.worst.map_or(priority, |w| w.max(priority)));
        }
    }
    fn push_children(&mut self, children: &[(NodeId, u64)]) {
        for &(node, priority) in children {
            if self.drop_worst && self.worst.is_some_and(|w| priority > w) {
                continue;
            }
            self.push(node, priority);
        }
    }
    fn pop(&mut self) -> Option<(NodeId, u64)> {
        let popped = self.heap.pop().map(|Reverse((priority, _, node))| (node, priority));
        if self.drop_worst && self.heap.is_empty() {
            self.worst = None;
        }
        popped
    }
    fn len(&self) -> usize {
        self.heap.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn drain(f: &mut impl Frontier) -> Vec<NodeId> {
        std::iter::from_fn(|| f.pop().map(|(n, _)| n)).collect()
    }

    #[test]
    fn fifo_keeps_generation_order() {
        let mut f = Fifo::default();
        f.push(0, 0);
        f.push_children(&[(1, 1), (2, 1)]);
        assert_eq!(drain(&mut f), [0, 1, 2]);
    }

    #[test]
    fn lifo_selects_first_child_first() {
        let mut f = Lifo::default();
        f.push_children(&[(1, 1), (2, 1), (3, 1)]);
        assert_eq!(drain(&mut f), [1, 2, 3]);
    }

    #[test]
    fn priority_breaks_ties_by_rule() {
        let mut last = Priority::new(TieBreak::LastAdded, false);
        last.push_children(&[(1, 5), (2, 3), (3, 3), (4, 9)]);
        assert_eq!(drain(&mut last), [3, 2, 1, 4]);
        let mut first = Priority::new(TieBreak::FirstAdded, false);
        first.push_children(&[(1, 5), (2, 3), (3, 3), (4, 9)]);
        assert_eq!(drain(&mut first), [2, 3, 1, 4]);
    }

    #[test]
    fn dropping_the_worst_keeps_ties_and_the_first_child_of_an_empty_frontier() {
        let mut f = Priority::new(TieBreak::LastAdded, true);
        // 5 enters the empty frontier; 3 and a tying 5 enter; 9 and 6 are worse than all.
        f.push_children(&[(1, 5), (2, 3), (3, 5), (4, 9), (5, 6)]);
        assert_eq!(f.pop(), Some((2, 3)));
        f.push_children(&[(6, 7)]);
        assert_eq!(drain(&mut f), [3, 1]);
        // Empty again: anything enters.
        f.push_children(&[(7, 8), (8, 9)]);
        assert_eq!(drain(&mut f), [7]);
    }
}
