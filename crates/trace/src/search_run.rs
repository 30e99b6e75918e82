//! One search of any registered puzzle, as `searchlab search` reports it: the path's states
//! and its cost, every selected state in order, and the engine's statistics. All of it is
//! collected from the engine's events ([`Collector`]), so every registered puzzle has it
//! without reporting it itself.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use searchlab_core::catalog::{Describe, Puzzle, StrategyEntry};
use searchlab_core::{Event, FinishKind, NoObserver, NodeId, Observer, Problem, Stats};
use serde::Serialize;
use serde_json::value::RawValue;
use serde_json::{Map, Value};

/// What a caller adds to a strategy's own options for one search.
#[derive(Debug, Clone, Default)]
pub struct SearchSettings {
    /// Stop after this many selected nodes (the puzzle's own limit, if smaller, still applies).
    pub expansion_limit: Option<u64>,
    /// Raised from elsewhere (Ctrl-C) to stop the search at its next node.
    pub interrupt: Option<Arc<AtomicBool>>,
    /// Weighted A*'s w, instead of the entry's own.
    pub weight: Option<searchlab_core::Weight>,
    /// Beam search's width, instead of the entry's own.
    pub beam_width: Option<u32>,
}

impl SearchSettings {
    /// `entry`'s options with these settings added: the smaller expansion limit, the weight,
    /// the width and the interrupt flag when given.
    pub fn apply(self, entry: &mut StrategyEntry) {
        let limit = &mut entry.options.expansion_limit;
        *limit = match (*limit, self.expansion_limit) {
            (Some(own), Some(asked)) => Some(own.min(asked)),
            (own, asked) => own.or(asked),
        };
        if let Some(weight) = self.weight {
            entry.options.weight = weight;
        }
        if let Some(width) = self.beam_width {
            entry.options.beam_width = Some(width);
        }
        if self.interrupt.is_some() {
            entry.options.interrupt = self.interrupt;
        }
    }
}

/// One search, reported for any puzzle (`searchlab search --json` prints it).
#[derive(Debug, Clone, Serialize)]
pub struct SearchRun {
    /// The puzzle's name (`romania`).
    pub puzzle: &'static str,
    /// The strategy's name as the puzzle spells it (`astar`).
    pub strategy: &'static str,
    /// The strategy's name for people (`A*`).
    pub algorithm: &'static str,
    /// The instance's fields as the puzzle reads them back (`{"from": "Arad", "to": "Bucharest"}`).
    pub instance: Map<String, Value>,
    /// How the search ended (`found`, `exhausted`, `expansion-limit`, …).
    pub finish: FinishKind,
    /// The states from start to goal as traces show them (Romania: the city names), or
    /// `None` without a solution.
    pub path: Option<Vec<Box<RawValue>>>,
    /// The same states in words.
    #[serde(skip)]
    pub path_words: Option<Vec<String>>,
    /// The moves of the path, in words (`go to Sibiu`, `Up`).
    pub moves: Vec<String>,
    /// The path's cost (the sum of its step costs), or `None` without a solution.
    pub cost: Option<u64>,
    /// Every state selected from the frontier and goal-tested, in order, the goal included
    /// (iterative deepening: every iteration's, one after the other).
    pub expanded: Vec<Box<RawValue>>,
    /// The same states in words.
    #[serde(skip)]
    pub expanded_words: Vec<String>,
    /// The engine's statistics.
    pub stats: Stats,
    /// The puzzle's own answer (what its registration's run answers: the web app's `answer`).
    pub answer: Value,
}

/// A node of the search tree as the events describe it.
struct Node<S> {
    parent: NodeId,
    state: S,
    cost: u64,
}

/// An observer that keeps every selected state, and every node's parent, state and cost so
/// that the goal's path can be followed back to the root. Node ids restart with each
/// `start` event (each iteration of iterative deepening and IDA*).
pub struct Collector<P: Problem> {
    nodes: Vec<Option<Node<P::State>>>,
    selected: Vec<P::State>,
    goal: Option<NodeId>,
    /// Bidirectional search: the forward and backward nodes whose paths join.
    joined: Option<(NodeId, NodeId)>,
}

impl<P: Problem> Default for Collector<P> {
    fn default() -> Self {
        Collector { nodes: Vec::new(), selected: Vec::new(), goal: None, joined: None }
    }
}

impl<P: Problem> Collector<P> {
    fn set(&mut self, id: NodeId, node: Node<P::State>) {
        let at = id as usize;
        if self.nodes.len() <= at {
            self.nodes.resize_with(at + 1, || None);
        }
        self.nodes[at] = Some(node);
    }

    /// The states selected so far, in order.
    pub fn selected(&self) -> &[P::State] {
        &self.selected
    }

    /// The states from the root to the last node that passed the goal test, with the cost of
    /// that path; `None` before a goal test passed.
    /// A joined bidirectional path counts as passed.
    pub fn goal_path(&self) -> Option<(Vec<P::State>, u64)> {
        if let Some((forward, backward)) = self.joined {
            let (mut states, cost) = self.chain(forward)?;
            states.reverse();
            let (rest, back_cost) = self.chain(backward)?;
            states.extend(rest.into_iter().skip(1));
            return Some((states, cost + back_cost));
        }
        let (mut states, cost) = self.chain(self.goal?)?;
        states.reverse();
        Some((states, cost))
    }

    /// The states from `node` up to its tree's root (its own parent), and `node`'s cost.
    fn chain(&self, node: NodeId) -> Option<(Vec<P::State>, u64)> {
        let cost = self.nodes.get(node as usize)?.as_ref()?.cost;
        let mut states = Vec::new();
        let mut at = node;
        // A path never revisits a node: the bound only guards against a broken event stream.
        for _ in 0..=self.nodes.len() {
            let node = self.nodes.get(at as usize)?.as_ref()?;
            states.push(node.state.clone());
            if node.parent == at {
                return Some((states, cost));
            }
            at = node.parent;
        }
        None
    }
}

impl<P: Problem> Observer<P> for Collector<P> {
    fn on_event(&mut self, event: &Event<'_, P>) {
        match event {
            Event::Start { state } => {
                self.nodes.clear();
                self.goal = None;
                self.joined = None;
                self.set(0, Node { parent: 0, state: (*state).clone(), cost: 0 });
            }
            Event::GoalStart { node, state } => {
                self.set(*node, Node { parent: *node, state: (*state).clone(), cost: 0 })
            }
            Event::Joined { forward, backward } => self.joined = Some((*forward, *backward)),
            Event::Selected { state, .. } => self.selected.push((*state).clone()),
            Event::Generated { node, parent, state, cost, .. } => {
                self.set(*node, Node { parent: *parent, state: (*state).clone(), cost: *cost })
            }
            Event::Improved { node, parent, state, new_cost, .. } => {
                self.set(*node, Node { parent: *parent, state: (*state).clone(), cost: *new_cost })
            }
            Event::GoalTest { node, is_goal: true } => self.goal = Some(*node),
            _ => {}
        }
    }
}

/// A state as traces show it, as JSON text.
fn view<D: Describe>(problem: &D, state: &D::State) -> Box<RawValue> {
    serde_json::value::to_raw_value(&problem.view_state(state)).unwrap_or_else(|_| RawValue::NULL.to_owned())
}

/// Runs `entry` (with its options as given) on `problem` through the puzzle's own run, and
/// reports it; `fields` are the instance's.
pub fn search<P: Puzzle>(
    problem: &P::Problem,
    entry: &StrategyEntry,
    fields: Vec<(&'static str, String)>,
) -> SearchRun {
    search_observed::<P>(problem, entry, fields, &mut NoObserver)
}

/// Tells both observers every event.
struct Both<'a, P: Problem>(&'a mut Collector<P>, &'a mut dyn Observer<P>);

impl<P: Problem> Observer<P> for Both<'_, P> {
    fn on_event(&mut self, event: &Event<'_, P>) {
        self.0.on_event(event);
        self.1.on_event(event);
    }
}

/// [`search`], telling `also` every event too (`searchlab search --trace FILE`: a
/// [`crate::trace::TraceWriter`]).
pub fn search_observed<P: Puzzle>(
    problem: &P::Problem,
    entry: &StrategyEntry,
    fields: Vec<(&'static str, String)>,
    also: &mut dyn Observer<P::Problem>,
) -> SearchRun {
    let mut collector = Collector::<P::Problem>::default();
    let run = P::run(problem, entry, &mut Both(&mut collector, also));
    let path = if run.finish == FinishKind::Found { collector.goal_path() } else { None };
    let views = |states: &[<P::Problem as Problem>::State]| states.iter().map(|s| view(problem, s)).collect();
    let words = |states: &[<P::Problem as Problem>::State]| states.iter().map(|s| problem.state_words(s)).collect();
    SearchRun {
        puzzle: P::NAME,
        strategy: entry.name,
        algorithm: entry.title(),
        instance: fields.into_iter().map(|(name, text)| (name.to_string(), Value::String(text))).collect(),
        finish: run.finish,
        path: path.as_ref().map(|(states, _)| views(states)),
        path_words: path.as_ref().map(|(states, _)| words(states)),
        moves: run.moves,
        cost: path.as_ref().map(|(_, cost)| *cost),
        expanded: views(collector.selected()),
        expanded_words: words(collector.selected()),
        stats: run.stats,
        answer: serde_json::to_value(&run.answer).unwrap_or(Value::Null),
    }
}
