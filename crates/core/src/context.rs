//! What a search loop holds during one run, and the steps every loop takes with it: each
//! strategy with a loop of its own (beam, bidirectional, RBFS) selects, goal-tests, costs, adds
//! and discards nodes through one [`RunContext`], so the interrupt, the node limit, a cost that
//! would overflow, the statistics and the events are written once. (The engine's loop borrows
//! the same things into its own `Loop`: on this context, whose arena is owned, it cost 23 % more
//! instructions; ARCHITECTURE.md, "How one search flows".)

use std::sync::atomic::{AtomicBool, Ordering};

use crate::events::{DiscardReason, Event, NodeId, Observer};
use crate::limits::node_capacity;
use crate::node::{Arena, Child};
use crate::{Limit, Path, Problem, SearchOptions, Stats};

/// One run's problem, observer, statistics and nodes, with the limits every loop checks.
pub(crate) struct RunContext<'a, P: Problem + ?Sized, O> {
    /// The problem searched.
    pub(crate) problem: &'a P,
    /// Told every step.
    pub(crate) observer: &'a mut O,
    /// The run's counts.
    pub(crate) stats: &'a mut Stats,
    /// The nodes generated, each with its parent.
    pub(crate) arena: Arena<P::State, P::Action>,
    /// Raised to end the run at its next node.
    interrupt: Option<&'a AtomicBool>,
    /// The most nodes the arena may hold.
    node_limit: u64,
}

impl<'a, P, O> RunContext<'a, P, O>
where
    P: Problem + ?Sized,
    O: Observer<P>,
{
    /// A run of `problem` under `options`' interrupt flag and node limit, with an empty arena.
    #[inline(always)]
    pub(crate) fn new(problem: &'a P, options: &'a SearchOptions, observer: &'a mut O, stats: &'a mut Stats) -> Self {
        let (interrupt, node_limit) = (options.interrupt.as_deref(), node_capacity(options.node_limit));
        RunContext { problem, observer, stats, arena: Arena(Vec::new()), interrupt, node_limit }
    }

    /// Whether the interrupt flag is raised.
    #[inline(always)]
    pub(crate) fn interrupted(&self) -> bool {
        self.interrupt.is_some_and(|flag| flag.load(Ordering::Relaxed))
    }

    /// The cost of reaching `state` from node `parent` by `action`; [`Limit::Cost`] when it
    /// overflows.
    #[inline(always)]
    pub(crate) fn child_cost(&self, parent: NodeId, action: &P::Action, state: &P::State) -> Result<u64, Limit> {
        let node = &self.arena.0[parent as usize];
        node.cost.checked_add(self.problem.step_cost(&node.state, action, state)).ok_or(Limit::Cost)
    }

    /// Adds `child` to the arena and reports it generated; [`Limit::Nodes`] when the arena is
    /// full.
    #[inline(always)]
    pub(crate) fn add_child(&mut self, child: Child<P::State, P::Action>) -> Result<NodeId, Limit> {
        self.arena.add_child(child, self.node_limit, self.observer, self.stats)
    }

    /// Counts and reports `state` discarded for `reason`.
    #[inline(always)]
    pub(crate) fn discard(&mut self, state: &P::State, reason: DiscardReason) {
        self.stats.discarded += 1;
        self.observer.on_event(&Event::Discarded { state, reason });
    }

    /// Counts and reports the state of node `id` discarded for `reason`.
    #[inline(always)]
    pub(crate) fn discard_node(&mut self, id: NodeId, reason: DiscardReason) {
        self.stats.discarded += 1;
        let state = &self.arena.0[id as usize].state;
        self.observer.on_event(&Event::Discarded { state, reason });
    }

    /// Counts and reports node `id` selected with `priority`.
    #[inline(always)]
    pub(crate) fn select(&mut self, id: NodeId, priority: u64) {
        let node = &self.arena.0[id as usize];
        self.stats.selected += 1;
        self.observer.on_event(&Event::Selected {
            node: id,
            state: &node.state,
            depth: node.depth,
            cost: node.cost,
            priority,
        });
    }

    /// Goal-tests node `id` and reports the test.
    #[inline(always)]
    pub(crate) fn goal_test(&mut self, id: NodeId) -> bool {
        let is_goal = self.problem.is_goal(&self.arena.0[id as usize].state);
        self.observer.on_event(&Event::GoalTest { node: id, is_goal });
        is_goal
    }

    /// Reports node `id` expanded into `children`.
    #[inline(always)]
    pub(crate) fn expanded(&mut self, id: NodeId, children: &[NodeId]) {
        self.observer.on_event(&Event::Expanded { node: id, children });
    }

    /// The path from the root to node `id`.
    #[inline(always)]
    pub(crate) fn path_to(&self, id: NodeId) -> Path<P::State, P::Action> {
        self.arena.path_to(id)
    }
}
