//! One owned, serializable event type for traces: what `--trace FILE` writes as JSON Lines,
//! what the web app records and replays, and what a solver outside the engine (IDA*) emits.
//!
//! [`crate::Event`] borrows the engine's states; [`TraceEvent`] owns the puzzle's *views* of
//! them (`S` for states, `A` for actions, anything serializable), so it can be kept, sent
//! and written. The format is documented in `docs/trace.md`.

use serde::Serialize;

use crate::{DiscardReason, FinishKind, NodeId, Stats};

/// Why a node or a child was discarded, as a trace writes it (`"reason": "in-frontier"`).
///
/// The engine's [`DiscardReason`]s, plus two that come from outside the engine loop:
/// [`TraceDiscard::Forbidden`] (children a puzzle's rules reject before the engine sees
/// them) and [`TraceDiscard::OverBound`] (IDA*'s pruned children).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum TraceDiscard {
    /// A selected node whose key was already expanded (tree search with repeated-state
    /// checks on selection, the 3-digit puzzle's rule).
    AlreadyExpanded,
    /// A generated child whose key is already in the frontier (graph search).
    InFrontier,
    /// A generated child whose key was already expanded (graph search).
    Explored,
    /// A frontier entry made stale by a cheaper path (A* with decrease-key).
    Stale,
    /// A child the puzzle's rules forbid (the 3-digit puzzle's forbidden numbers); never
    /// generated, so not counted in the statistics.
    Forbidden,
    /// A child IDA* pruned because its f = g + h exceeds the iteration's bound; counted in
    /// the solver's generated nodes.
    OverBound,
    /// A node beam search took out of its frontier (past the width, or replaced by a cheaper
    /// path), or a child of a state dropped so before and no cheaper now.
    Dropped,
    /// A generated child whose key is on its own path from the root (depth-limited search's
    /// cycle check).
    OnPath,
}

impl From<DiscardReason> for TraceDiscard {
    fn from(reason: DiscardReason) -> Self {
        match reason {
            DiscardReason::AlreadyExpanded => TraceDiscard::AlreadyExpanded,
            DiscardReason::InFrontier => TraceDiscard::InFrontier,
            DiscardReason::Explored => TraceDiscard::Explored,
            DiscardReason::Stale => TraceDiscard::Stale,
            DiscardReason::OverBound => TraceDiscard::OverBound,
            DiscardReason::Dropped => TraceDiscard::Dropped,
            DiscardReason::OnPath => TraceDiscard::OnPath,
        }
    }
}

/// One line of a trace: a search step with its states and actions as the puzzle's views `S`
/// and `A`. Serialized with a `type` field naming the variant in kebab-case (`"goal-test"`)
/// and the fields in snake_case.
///
/// `T` is what `finished` carries as `stats`: the engine's [`Stats`] by default, a
/// command's own statistics for solvers outside the engine (IDA* in `searchlab solve`).
///
/// ```
/// use searchlab_core::TraceEvent;
/// let line: TraceEvent<Vec<u8>, &str> = TraceEvent::ida_iteration(6);
/// assert_eq!(serde_json::to_string(&line).unwrap(), r#"{"type":"iteration","bound":6}"#);
/// ```
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum TraceEvent<S, A, T = Stats> {
    /// The search begins at this root state.
    Start {
        /// The root state.
        state: S,
    },
    /// Bidirectional search: the backward search begins at this goal state.
    GoalStart {
        /// The backward root's id.
        node: NodeId,
        /// The goal state.
        state: S,
    },
    /// Bidirectional search: the paths to a forward and a backward node of the same state
    /// join into the best solution so far.
    Joined {
        /// The forward node.
        forward: NodeId,
        /// The backward node.
        backward: NodeId,
    },
    /// Recursive best-first search: the f-limit of the node just selected.
    FLimit {
        /// The node.
        node: NodeId,
        /// Its f-limit (absent: ∞).
        #[serde(skip_serializing_if = "Option::is_none")]
        limit: Option<u64>,
    },
    /// Recursive best-first search: returning from a node with its backed-up f; its subtree
    /// is forgotten and the subtree's ids are given again.
    BackedUp {
        /// The node.
        node: NodeId,
        /// Its backed-up f (absent: ∞).
        #[serde(skip_serializing_if = "Option::is_none")]
        f: Option<u64>,
    },
    /// A new iteration begins: an IDS depth limit, or an IDA* f bound. Node ids restart at 0.
    Iteration {
        /// The IDS depth limit (absent for IDA*).
        #[serde(skip_serializing_if = "Option::is_none")]
        depth_limit: Option<u64>,
        /// The IDA* bound on f = g + h (absent for IDS).
        #[serde(skip_serializing_if = "Option::is_none")]
        bound: Option<u64>,
    },
    /// A node left the frontier (IDA*: the search entered it) and will be goal-tested.
    Selected {
        /// The node's id (0 is the root; ids restart at 0 in each iteration).
        node: NodeId,
        /// Its state.
        state: S,
        /// Its depth.
        depth: u64,
        /// Its path cost g.
        cost: u64,
        /// The priority it was selected with (f for A* and IDA*, h for greedy, depth otherwise).
        priority: u64,
    },
    /// A goal test.
    GoalTest {
        /// The node tested.
        node: NodeId,
        /// Whether it is a goal.
        is_goal: bool,
    },
    /// A child was generated and entered the frontier (IDA*: a child within the bound).
    Generated {
        /// The child's id.
        node: NodeId,
        /// Its parent's id.
        parent: NodeId,
        /// Its state.
        state: S,
        /// The action from the parent.
        action: A,
        /// Its depth.
        depth: u64,
        /// Its path cost g.
        cost: u64,
        /// Its priority in the frontier.
        priority: u64,
    },
    /// A cheaper path replaced a node's path in the frontier (A* with decrease-key); the
    /// node keeps its id.
    Improved {
        /// The node's id.
        node: NodeId,
        /// Its new parent's id.
        parent: NodeId,
        /// Its state.
        state: S,
        /// The action from the new parent.
        action: A,
        /// Its new depth.
        depth: u64,
        /// Its path cost g before.
        old_cost: u64,
        /// Its path cost g now.
        new_cost: u64,
        /// Its new priority in the frontier.
        priority: u64,
    },
    /// A child was not added, or a selected node was thrown away.
    Discarded {
        /// The state concerned.
        state: S,
        /// Why.
        reason: TraceDiscard,
    },
    /// A node's successors have all been generated.
    Expanded {
        /// The node.
        node: NodeId,
        /// Its children that entered the frontier, in generation order.
        children: Vec<NodeId>,
    },
    /// The search ended; `stats` are the statistics the command prints.
    Finished {
        /// How it ended.
        kind: FinishKind,
        /// The statistics (the engine's, unless `T` says otherwise).
        stats: T,
    },
}

impl<S, A, T> TraceEvent<S, A, T> {
    /// An IDS iteration with this depth limit.
    pub fn ids_iteration(depth_limit: u64) -> Self {
        TraceEvent::Iteration { depth_limit: Some(depth_limit), bound: None }
    }

    /// An IDA* iteration with this bound on f = g + h.
    pub fn ida_iteration(bound: u64) -> Self {
        TraceEvent::Iteration { depth_limit: None, bound: Some(bound) }
    }

    /// The same event with its states and actions mapped to other views (e.g. borrowed
    /// boards to owned ones, or labels to tile numbers).
    pub fn map<S2, A2>(self, mut state: impl FnMut(S) -> S2, action: impl FnOnce(A) -> A2) -> TraceEvent<S2, A2, T> {
        match self {
            TraceEvent::Start { state: s } => TraceEvent::Start { state: state(s) },
            TraceEvent::GoalStart { node, state: s } => TraceEvent::GoalStart { node, state: state(s) },
            TraceEvent::Joined { forward, backward } => TraceEvent::Joined { forward, backward },
            TraceEvent::FLimit { node, limit } => TraceEvent::FLimit { node, limit },
            TraceEvent::BackedUp { node, f } => TraceEvent::BackedUp { node, f },
            TraceEvent::Iteration { depth_limit, bound } => TraceEvent::Iteration { depth_limit, bound },
            TraceEvent::Selected { node, state: s, depth, cost, priority } => {
                TraceEvent::Selected { node, state: state(s), depth, cost, priority }
            }
            TraceEvent::GoalTest { node, is_goal } => TraceEvent::GoalTest { node, is_goal },
            TraceEvent::Generated { node, parent, state: s, action: a, depth, cost, priority } => {
                TraceEvent::Generated { node, parent, state: state(s), action: action(a), depth, cost, priority }
            }
            TraceEvent::Improved { node, parent, state: s, action: a, depth, old_cost, new_cost, priority } => {
                TraceEvent::Improved {
                    node,
                    parent,
                    state: state(s),
                    action: action(a),
                    depth,
                    old_cost,
                    new_cost,
                    priority,
                }
            }
            TraceEvent::Discarded { state: s, reason } => TraceEvent::Discarded { state: state(s), reason },
            TraceEvent::Expanded { node, children } => TraceEvent::Expanded { node, children },
            TraceEvent::Finished { kind, stats } => TraceEvent::Finished { kind, stats },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json<T: Serialize>(value: &T) -> String {
        serde_json::to_string(value).unwrap()
    }

    #[test]
    fn lines_serialize_as_documented() {
        // docs/trace.md, the IDA* example and the BFS example.
        let start: TraceEvent<Vec<u8>, &str> = TraceEvent::Start { state: vec![1, 2, 0] };
        assert_eq!(json(&start), r#"{"type":"start","state":[1,2,0]}"#);
        let ids: TraceEvent<u8, u8> = TraceEvent::ids_iteration(3);
        assert_eq!(json(&ids), r#"{"type":"iteration","depth_limit":3}"#);
        let test: TraceEvent<u8, u8> = TraceEvent::GoalTest { node: 0, is_goal: false };
        assert_eq!(json(&test), r#"{"type":"goal-test","node":0,"is_goal":false}"#);
        let pruned: TraceEvent<Vec<u8>, &str> =
            TraceEvent::Discarded { state: vec![0, 1], reason: TraceDiscard::OverBound };
        assert_eq!(json(&pruned), r#"{"type":"discarded","state":[0,1],"reason":"over-bound"}"#);
        let generated: TraceEvent<u8, &str> =
            TraceEvent::Generated { node: 1, parent: 0, state: 7, action: "Right", depth: 1, cost: 1, priority: 6 };
        assert_eq!(
            json(&generated),
            r#"{"type":"generated","node":1,"parent":0,"state":7,"action":"Right","depth":1,"cost":1,"priority":6}"#
        );
        let finished: TraceEvent<u8, u8, u32> = TraceEvent::Finished { kind: FinishKind::NodeLimit, stats: 5 };
        assert_eq!(json(&finished), r#"{"type":"finished","kind":"node-limit","stats":5}"#);
    }

    #[test]
    fn engine_reasons_keep_their_names() {
        for (reason, name) in [
            (DiscardReason::AlreadyExpanded, "already-expanded"),
            (DiscardReason::InFrontier, "in-frontier"),
            (DiscardReason::Explored, "explored"),
            (DiscardReason::Stale, "stale"),
            (DiscardReason::OverBound, "over-bound"),
            (DiscardReason::Dropped, "dropped"),
            (DiscardReason::OnPath, "on-path"),
        ] {
            assert_eq!(json(&TraceDiscard::from(reason)), json(&reason));
            assert_eq!(json(&reason), format!("\"{name}\""));
        }
    }

    #[test]
    fn map_changes_views_only() {
        let borrowed: TraceEvent<&[u8], char> =
            TraceEvent::Generated { node: 2, parent: 1, state: &[3, 0], action: 'U', depth: 2, cost: 2, priority: 4 };
        let owned = borrowed.map(<[u8]>::to_vec, |c| c.to_string());
        assert_eq!(
            owned,
            TraceEvent::Generated {
                node: 2,
                parent: 1,
                state: vec![3, 0],
                action: "U".into(),
                depth: 2,
                cost: 2,
                priority: 4
            }
        );
    }
}
