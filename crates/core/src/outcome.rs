//! What a search returns.

use crate::{Problem, Stats};

/// A path through the state space: the states from the root to the last node (both
/// included), the actions between them, and the total cost.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Path<S, A> {
    /// Every state on the path, root first.
    pub states: Vec<S>,
    /// The actions between consecutive states (one fewer than `states`).
    pub actions: Vec<A>,
    /// The sum of the step costs.
    pub cost: u64,
}

impl<S, A> Path<S, A> {
    /// The number of steps (actions) on the path.
    pub fn len(&self) -> usize {
        self.actions.len()
    }

    /// Whether the path has no steps (the root is the goal).
    pub fn is_empty(&self) -> bool {
        self.actions.is_empty()
    }

    /// The actions, first to last.
    pub fn actions(&self) -> std::slice::Iter<'_, A> {
        self.actions.iter()
    }

    /// The states, root to last.
    pub fn states(&self) -> std::slice::Iter<'_, S> {
        self.states.iter()
    }

    /// The last state (the goal, for a solution).
    pub fn last(&self) -> &S {
        self.states.last().expect("a path holds at least its root")
    }
}

/// Which limit stopped a search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Limit {
    /// [`crate::SearchOptions::expansion_limit`].
    Expansions,
    /// [`crate::SearchOptions::node_limit`], or the last node id: a run numbers at most
    /// `u32::MAX` nodes (see [`crate::NodeId`]).
    Nodes,
    /// [`crate::SearchOptions::max_depth`] (IDS).
    Depth,
    /// A path cost g, or A*'s f = g + h, would overflow a `u64`: the search stops rather
    /// than wrap around.
    Cost,
    /// Beam search's frontier emptied after it had dropped nodes for its width
    /// ([`crate::SearchOptions::beam_width`]): a wider beam may still find a path.
    Width,
}

/// How a search ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome<S, A> {
    /// A goal was reached by this path.
    Found(Path<S, A>),
    /// Failure: the frontier emptied and no goal is reachable under the options.
    Exhausted,
    /// Failure caused by a depth limit: deeper nodes were not explored.
    Cutoff,
    /// A limit stopped the search before it could decide.
    LimitReached(Limit),
    /// The interrupt flag was raised.
    Interrupted,
    /// Hill-climbing stopped where no child improves the heuristic; the path leads there.
    LocalOptimum(Path<S, A>),
}

/// The result of a search: how it ended and what it cost.
pub struct SearchResult<P: Problem + ?Sized> {
    /// How the search ended.
    pub outcome: Outcome<P::State, P::Action>,
    /// What the engine counted.
    pub stats: Stats,
}

impl<P: Problem + ?Sized> SearchResult<P> {
    /// The path to the goal, if one was found.
    pub fn solution(&self) -> Option<&Path<P::State, P::Action>> {
        match &self.outcome {
            Outcome::Found(path) => Some(path),
            _ => None,
        }
    }

    /// Whether a goal was found.
    pub fn is_found(&self) -> bool {
        matches!(self.outcome, Outcome::Found(_))
    }
}

impl<P: Problem + ?Sized> std::fmt::Debug for SearchResult<P>
where
    P::State: std::fmt::Debug,
    P::Action: std::fmt::Debug,
{
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SearchResult").field("outcome", &self.outcome).field("stats", &self.stats).finish()
    }
}
