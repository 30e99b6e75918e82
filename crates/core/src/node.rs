//! The nodes of one search run: an arena of nodes with parent indices.

use crate::events::{Event, NodeId, Observer};
use crate::{Limit, Path, Problem, Stats};

/// A node of the search tree, stored in an arena and referred to by its index.
pub(crate) struct Node<S, A> {
    pub(crate) state: S,
    pub(crate) action: Option<A>,
    pub(crate) parent: NodeId,
    pub(crate) depth: u64,
    pub(crate) cost: u64,
    /// Expanded (for the graph-search policies).
    pub(crate) closed: bool,
}

/// The nodes of one search run.
pub(crate) struct Arena<S, A>(pub(crate) Vec<Node<S, A>>);

impl<S: Clone, A: Clone> Arena<S, A> {
    /// Stores the root of a run, node 0: no action, no parent, depth and cost 0, not expanded.
    pub(crate) fn push_root(&mut self, state: S) {
        self.0.push(Node { state, action: None, parent: 0, depth: 0, cost: 0, closed: false });
    }

    /// The path from the root to `node`.
    pub(crate) fn path_to(&self, mut node: NodeId) -> Path<S, A> {
        let cost = self.0[node as usize].cost;
        let mut states = Vec::new();
        let mut actions = Vec::new();
        loop {
            let n = &self.0[node as usize];
            states.push(n.state.clone());
            match &n.action {
                Some(a) => {
                    actions.push(a.clone());
                    node = n.parent;
                }
                None => break,
            }
        }
        states.reverse();
        actions.reverse();
        Path { states, actions, cost }
    }
}

/// A child about to join the arena: its state, the action from its parent, and its values.
pub(crate) struct Child<S, A> {
    pub(crate) state: S,
    pub(crate) action: A,
    pub(crate) parent: NodeId,
    pub(crate) depth: u64,
    pub(crate) cost: u64,
    /// The priority reported with it.
    pub(crate) priority: u64,
}

impl<S, A> Arena<S, A> {
    /// Adds `child` as the next node after reporting it ([`Event::Generated`]) and counting
    /// its depth; `Err(Limit::Nodes)`, nothing added, when the arena already holds
    /// `node_limit` nodes (at most `MAX_NODES`, so that ids fit). Used by the engine's loop
    /// and by the loops of their own (beam, bidirectional, RBFS).
    #[inline(always)]
    pub(crate) fn add_child<P, O>(
        &mut self,
        child: Child<S, A>,
        node_limit: u64,
        observer: &mut O,
        stats: &mut Stats,
    ) -> Result<NodeId, Limit>
    where
        P: Problem<State = S, Action = A> + ?Sized,
        O: Observer<P>,
    {
        let id = self.0.len() as NodeId;
        if u64::from(id) >= node_limit {
            return Err(Limit::Nodes);
        }
        let Child { state, action, parent, depth, cost, priority } = child;
        observer.on_event(&Event::Generated {
            node: id,
            parent,
            state: &state,
            action: &action,
            depth,
            cost,
            priority,
        });
        stats.max_depth = stats.max_depth.max(depth);
        self.0.push(Node { state, action: Some(action), parent, depth, cost, closed: false });
        Ok(id)
    }
}
