//! Typed events the engine reports while it searches, and the observer that receives them.
//!
//! The engine calls [`Observer::on_event`] at every step. With [`NoObserver`] (what the
//! plain search functions use) the calls are empty and inlined away: observing costs
//! nothing unless someone listens. Traces, the expanded list of the 3-digit puzzle and the
//! visual replay are all built on these events.

use crate::{Problem, Stats};

/// Index of a node in one search run (0 is the root; iterations of IDS restart at 0).
///
/// A run numbers at most `u32::MAX` nodes (ids `0..u32::MAX`): a search that would create
/// one more stops with [`crate::Outcome::LimitReached`]`(`[`crate::Limit::Nodes`]`)`; ids
/// never wrap.
pub type NodeId = u32;

/// Why a node or a child was discarded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum DiscardReason {
    /// Selected from the frontier, but a node with its key was already expanded.
    AlreadyExpanded,
    /// A generated child whose key is already in the frontier.
    InFrontier,
    /// A generated child whose key was already expanded.
    Explored,
    /// A frontier entry made stale by a cheaper path to the same node.
    Stale,
    /// A generated child whose priority exceeds IDA*'s bound for this iteration.
    OverBound,
    /// A node taken out of a frontier: beam search's past its width; beam search's or
    /// bidirectional search's replaced by a cheaper path to its state; or a child whose state
    /// was dropped so before, and is no cheaper now.
    Dropped,
    /// A generated child whose key is on its own path from the root (a cycle).
    OnPath,
}

/// How a search run ended, as reported by [`Event::Finished`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum FinishKind {
    /// A goal was found.
    Found,
    /// The frontier emptied without a goal.
    Exhausted,
    /// A depth limit cut the search off (depth-limited search, IDS without termination).
    Cutoff,
    /// The expansion limit was reached.
    ExpansionLimit,
    /// The node limit was reached (or the run numbered all the node ids there are).
    NodeLimit,
    /// A path cost (or f = g + h) would not fit in a `u64`.
    CostLimit,
    /// Beam search's frontier emptied after dropping nodes for its width.
    WidthLimit,
    /// The interrupt flag was raised.
    Interrupted,
    /// Hill-climbing stopped at a node no child improves on.
    LocalOptimum,
}

/// One step of a search.
#[derive(Debug)]
pub enum Event<'a, P: Problem + ?Sized> {
    /// The search begins at this root state.
    Start {
        /// The root state.
        state: &'a P::State,
    },
    /// Bidirectional search: the backward search begins at the goal state, as node `node`
    /// (the root of the backward tree, its own parent).
    GoalStart {
        /// The backward root's id.
        node: NodeId,
        /// The goal state.
        state: &'a P::State,
    },
    /// Bidirectional search: a forward and a backward node hold the same state, and their
    /// paths joined make the best solution found so far.
    Joined {
        /// The forward node (its path leads from the start).
        forward: NodeId,
        /// The backward node (its path leads to the goal).
        backward: NodeId,
    },
    /// Recursive best-first search: the f-limit of the node just selected (the best f of
    /// the alternatives above it; `None`: ∞). Its subtree is searched while f stays within it.
    FLimit {
        /// The node.
        node: NodeId,
        /// Its f-limit, `None` for ∞.
        limit: Option<u64>,
    },
    /// Recursive best-first search: the search returns from `node`, whose children's best f
    /// exceeds its f-limit; that f is backed up as the node's own, and its subtree is
    /// forgotten (the subtree's ids are given again to later nodes).
    BackedUp {
        /// The node returned from.
        node: NodeId,
        /// Its backed-up f, `None` for ∞ (no child).
        f: Option<u64>,
    },
    /// A new IDS iteration (depth limit) begins.
    Iteration {
        /// The depth limit of this iteration.
        depth_limit: u64,
    },
    /// A new IDA* iteration (bound on f = g + h) begins.
    Bound {
        /// The largest f a node of this iteration may have.
        bound: u64,
    },
    /// A node was removed from the frontier and will be goal-tested.
    Selected {
        /// The node.
        node: NodeId,
        /// Its state.
        state: &'a P::State,
        /// Its depth (number of steps from the root).
        depth: u64,
        /// Its path cost g.
        cost: u64,
        /// The priority it was selected with (f for A*, h for greedy, depth otherwise).
        priority: u64,
    },
    /// The goal test of a selected or generated node.
    GoalTest {
        /// The node.
        node: NodeId,
        /// Whether it is a goal.
        is_goal: bool,
    },
    /// A child was generated and added to the frontier.
    Generated {
        /// The child.
        node: NodeId,
        /// Its parent.
        parent: NodeId,
        /// The child's state.
        state: &'a P::State,
        /// The action from the parent.
        action: &'a P::Action,
        /// The child's depth.
        depth: u64,
        /// Its path cost g.
        cost: u64,
        /// Its priority in the frontier.
        priority: u64,
    },
    /// A cheaper path was found to a node still in the frontier, and replaced the old one
    /// ([`crate::DuplicatePolicy::DecreaseKey`]). The node keeps its id (and its place
    /// among equal priorities); its parent, action, depth, cost and priority become these.
    Improved {
        /// The node whose path improved.
        node: NodeId,
        /// Its new parent.
        parent: NodeId,
        /// Its state.
        state: &'a P::State,
        /// The action from the new parent.
        action: &'a P::Action,
        /// Its new depth.
        depth: u64,
        /// Its path cost g before.
        old_cost: u64,
        /// Its path cost g now (lower).
        new_cost: u64,
        /// Its new priority in the frontier.
        priority: u64,
    },
    /// A child was not added, or a selected node was thrown away.
    Discarded {
        /// The state concerned.
        state: &'a P::State,
        /// Why.
        reason: DiscardReason,
    },
    /// A node's successors have all been generated.
    Expanded {
        /// The node.
        node: NodeId,
        /// Its children that entered the frontier, in generation order.
        children: &'a [NodeId],
    },
    /// The search ended.
    Finished {
        /// How.
        kind: FinishKind,
        /// The statistics, as returned in the result.
        stats: &'a Stats,
    },
}

/// Receives the engine's events.
pub trait Observer<P: Problem + ?Sized> {
    /// Called at every step of the search.
    fn on_event(&mut self, event: &Event<'_, P>);
}

/// An observer that ignores everything (and costs nothing).
#[derive(Debug, Clone, Copy, Default)]
pub struct NoObserver;

impl<P: Problem + ?Sized> Observer<P> for NoObserver {
    #[inline(always)]
    fn on_event(&mut self, _event: &Event<'_, P>) {}
}

/// Any `FnMut(&Event)` closure is an observer.
impl<P: Problem + ?Sized, F: FnMut(&Event<'_, P>)> Observer<P> for F {
    fn on_event(&mut self, event: &Event<'_, P>) {
        self(event)
    }
}
