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
}

impl Priority {
    pub(crate) fn new(ties: TieBreak) -> Self {
        Priority { heap: BinaryHeap::new(), ties }
    }
}

impl Frontier for Priority {
    fn push(&mut self, node: NodeId, priority: u64) {
        let stamp = match self.ties {
            TieBreak::FirstAdded => node,
            TieBreak::LastAdded => NodeId::MAX - node,
        };
        self.heap.push(Reverse((priority, stamp, node)));
    }
    fn push_children(&mut self, children: &[(NodeId, u64)]) {
        for &(node, priority) in children {
            self.push(node, priority);
        }
    }
    fn pop(&mut self) -> Option<(NodeId, u64)> {
        self.heap.pop().map(|Reverse((priority, _, node))| (node, priority))
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
        let mut last = Priority::new(TieBreak::LastAdded);
        last.push_children(&[(1, 5), (2, 3), (3, 3), (4, 9)]);
        assert_eq!(drain(&mut last), [3, 2, 1, 4]);
        let mut first = Priority::new(TieBreak::FirstAdded);
        first.push_children(&[(1, 5), (2, 3), (3, 3), (4, 9)]);
        assert_eq!(drain(&mut first), [2, 3, 1, 4]);
    }
}
