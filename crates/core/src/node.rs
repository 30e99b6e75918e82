//! The nodes of one search run: an arena of nodes with parent indices.

use crate::events::NodeId;
use crate::Path;

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
