//! Traces: the engine's events as owned, serializable values, written one JSON object per
//! line (`--trace FILE`) or kept in memory (the web app's recordings).
//!
//! The format is documented in `docs/trace.md`. A [`Tracer`] is an
//! [`Observer`]: hand it to any `*_with` search function (or `solve_observed`) and it turns
//! each [`Event`] into a [`TraceEvent`] for its [`TraceSink`].

use std::io::{self, BufWriter, Write};

use searchlab_core::{DiscardReason, Event, FinishKind, NodeId, Observer, Stats};
use serde::Serialize;

use crate::Describe;

/// Why a node or a child was discarded, as a trace writes it (`"reason": "in-frontier"`).
///
/// The engine's [`DiscardReason`]s plus [`TraceDiscard::Forbidden`], which the puzzle
/// reports through [`Describe::rejected_children`].
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
    /// A child IDA* pruned because its f = g + h exceeds the iteration's bound (`searchlab
    /// solve`); counted in the statistics' generated nodes.
    OverBound,
}

impl From<DiscardReason> for TraceDiscard {
    fn from(reason: DiscardReason) -> Self {
        match reason {
            DiscardReason::AlreadyExpanded => TraceDiscard::AlreadyExpanded,
            DiscardReason::InFrontier => TraceDiscard::InFrontier,
            DiscardReason::Explored => TraceDiscard::Explored,
            DiscardReason::Stale => TraceDiscard::Stale,
        }
    }
}

/// One line of a trace: an engine [`Event`] with its states and actions turned into the
/// puzzle's views `S` and `A`. Serialized with a `type` field naming the variant in
/// kebab-case (`"goal-test"`) and the fields in snake_case.
///
/// `T` is what `finished` carries as `stats`: the engine's [`Stats`] by default, the
/// command's own statistics for solvers outside the engine (IDA* in `searchlab solve`).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum TraceEvent<S, A, T = Stats> {
    /// The search begins at this root state.
    Start {
        /// The root state.
        state: S,
    },
    /// A new iteration begins: an IDS depth limit, or an IDA* f bound.
    Iteration {
        /// The IDS depth limit (absent for IDA*).
        #[serde(skip_serializing_if = "Option::is_none")]
        depth_limit: Option<u64>,
        /// The IDA* bound on f = g + h (absent for IDS).
        #[serde(skip_serializing_if = "Option::is_none")]
        bound: Option<u64>,
    },
    /// A node left the frontier and will be goal-tested.
    Selected {
        /// The node's id (0 is the root; ids restart at 0 in each iteration).
        node: NodeId,
        /// Its state.
        state: S,
        /// Its depth.
        depth: u64,
        /// Its path cost g.
        cost: u64,
        /// The priority it was selected with (f for A*, h for greedy, depth otherwise).
        priority: u64,
    },
    /// A goal test.
    GoalTest {
        /// The node tested.
        node: NodeId,
        /// Whether it is a goal.
        is_goal: bool,
    },
    /// A child was generated and entered the frontier.
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

/// Where a [`Tracer`] sends its events (`T`: what `finished` carries, see [`TraceEvent`]).
pub trait TraceSink<S, A, T = Stats> {
    /// Takes one event.
    fn accept(&mut self, event: TraceEvent<S, A, T>);
}

/// Keeps every event in memory (the web app's recordings).
impl<S, A, T> TraceSink<S, A, T> for Vec<TraceEvent<S, A, T>> {
    fn accept(&mut self, event: TraceEvent<S, A, T>) {
        self.push(event);
    }
}

/// Writes events as JSON Lines to a buffered writer. Write errors cannot stop a search: the
/// first one is kept, later events are dropped, and [`JsonLines::finish`] returns it.
#[derive(Debug)]
pub struct JsonLines<W: Write> {
    out: BufWriter<W>,
    error: Option<io::Error>,
    lines: u64,
}

impl<W: Write> JsonLines<W> {
    /// A sink writing to `out` (buffered here: pass the file itself).
    pub fn new(out: W) -> Self {
        JsonLines { out: BufWriter::new(out), error: None, lines: 0 }
    }

    /// How many lines were written so far.
    pub fn lines(&self) -> u64 {
        self.lines
    }

    /// Flushes and returns the writer, or the first write error.
    pub fn finish(mut self) -> io::Result<W> {
        if let Some(err) = self.error.take() {
            return Err(err);
        }
        self.out.into_inner().map_err(io::IntoInnerError::into_error)
    }
}

impl<S: Serialize, A: Serialize, T: Serialize, W: Write> TraceSink<S, A, T> for JsonLines<W> {
    fn accept(&mut self, event: TraceEvent<S, A, T>) {
        if self.error.is_some() {
            return;
        }
        let written = serde_json::to_writer(&mut self.out, &event)
            .map_err(io::Error::from)
            .and_then(|()| self.out.write_all(b"\n"));
        match written {
            Ok(()) => self.lines += 1,
            Err(err) => self.error = Some(err),
        }
    }
}

/// An [`Observer`] that turns engine events into [`TraceEvent`]s for a sink, adding the
/// puzzle's rejected children (reason `forbidden`) before each `expanded` event.
pub struct Tracer<'p, P: Describe + ?Sized, K> {
    problem: &'p P,
    sink: K,
    selected: Option<(NodeId, P::State)>,
    rejected: Vec<P::State>,
}

/// A tracer writing JSON Lines: what `--trace FILE` uses.
pub type TraceWriter<'p, P, W> = Tracer<'p, P, JsonLines<W>>;

/// A tracer keeping the events in memory: what the web app records.
pub type Recorder<'p, P> = Tracer<'p, P, Vec<TraceEvent<<P as Describe>::StateView, <P as Describe>::ActionView>>>;

impl<'p, P: Describe + ?Sized, K: TraceSink<P::StateView, P::ActionView>> Tracer<'p, P, K> {
    /// A tracer of searches on `problem`, sending events to `sink`.
    pub fn new(problem: &'p P, sink: K) -> Self {
        Tracer { problem, sink, selected: None, rejected: Vec::new() }
    }

    /// Sends an event the engine does not produce itself (e.g. an IDA* `iteration` with its
    /// bound, from a solver outside the engine).
    pub fn emit(&mut self, event: TraceEvent<P::StateView, P::ActionView>) {
        self.sink.accept(event);
    }

    /// The sink, with everything sent to it.
    pub fn into_sink(self) -> K {
        self.sink
    }

    /// The sink, still in use.
    pub fn sink(&self) -> &K {
        &self.sink
    }
}

impl<'p, P: Describe + ?Sized, W: Write> TraceWriter<'p, P, W> {
    /// A tracer writing JSON Lines to `out`.
    pub fn to_writer(problem: &'p P, out: W) -> Self {
        Tracer::new(problem, JsonLines::new(out))
    }

    /// Flushes the trace; returns the writer, or the first write error.
    pub fn finish(self) -> io::Result<W> {
        self.sink.finish()
    }
}

impl<'p, P: Describe + ?Sized> Recorder<'p, P> {
    /// A tracer keeping the events in memory.
    pub fn recorder(problem: &'p P) -> Self {
        Tracer::new(problem, Vec::new())
    }

    /// The events recorded so far.
    pub fn events(&self) -> &[TraceEvent<P::StateView, P::ActionView>] {
        &self.sink
    }
}

impl<'p, P: Describe + ?Sized, K: TraceSink<P::StateView, P::ActionView>> Observer<P> for Tracer<'p, P, K> {
    fn on_event(&mut self, event: &Event<'_, P>) {
        let p = self.problem;
        let traced = match *event {
            Event::Start { state } => TraceEvent::Start { state: p.view_state(state) },
            Event::Iteration { depth_limit } => TraceEvent::Iteration { depth_limit: Some(depth_limit), bound: None },
            Event::Selected { node, state, depth, cost, priority } => {
                self.selected = Some((node, state.clone()));
                TraceEvent::Selected { node, state: p.view_state(state), depth, cost, priority }
            }
            Event::GoalTest { node, is_goal } => TraceEvent::GoalTest { node, is_goal },
            Event::Generated { node, parent, state, action, depth, cost, priority } => TraceEvent::Generated {
                node,
                parent,
                state: p.view_state(state),
                action: p.view_action(action),
                depth,
                cost,
                priority,
            },
            Event::Improved { node, parent, state, action, depth, old_cost, new_cost, priority } => {
                TraceEvent::Improved {
                    node,
                    parent,
                    state: p.view_state(state),
                    action: p.view_action(action),
                    depth,
                    old_cost,
                    new_cost,
                    priority,
                }
            }
            Event::Discarded { state, reason } => {
                TraceEvent::Discarded { state: p.view_state(state), reason: reason.into() }
            }
            Event::Expanded { node, children } => {
                if let Some((selected, state)) = self.selected.take() {
                    if selected == node {
                        self.rejected.clear();
                        p.rejected_children(&state, &mut self.rejected);
                        for child in &self.rejected {
                            let state = p.view_state(child);
                            self.sink.accept(TraceEvent::Discarded { state, reason: TraceDiscard::Forbidden });
                        }
                    }
                }
                TraceEvent::Expanded { node, children: children.to_vec() }
            }
            Event::Finished { kind, stats } => TraceEvent::Finished { kind, stats: *stats },
        };
        self.sink.accept(traced);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use searchlab_threedigits::{parse_instance, solve, solve_observed, Algorithm, DigitsProblem};
    use serde_json::Value;

    fn trace_lines(input: &[u8], algorithm: Algorithm) -> Vec<Value> {
        let instance = parse_instance(input).unwrap();
        let problem = DigitsProblem::new(instance.clone());
        let mut writer = TraceWriter::to_writer(&problem, Vec::new());
        solve_observed(&instance, algorithm, &mut writer);
        let bytes = writer.finish().unwrap();
        String::from_utf8(bytes).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect()
    }

    fn of_type<'a>(lines: &'a [Value], t: &str) -> Vec<&'a Value> {
        lines.iter().filter(|l| l["type"] == t).collect()
    }

    #[test]
    fn bfs_trace_of_the_spec_example() {
        // The spec's example: 320 to 110 by BFS expands 23 nodes and finds 320,220,210,110.
        let lines = trace_lines(b"320\n110\n", Algorithm::Bfs);
        assert_eq!(lines[0], serde_json::json!({"type": "start", "state": {"number": "320", "changed": null}}));
        let selected = of_type(&lines, "selected");
        assert_eq!(selected.len(), 23);
        assert_eq!(selected[0]["node"], 0);
        assert_eq!(selected[22]["state"]["number"], "110");
        let last = lines.last().unwrap();
        assert_eq!(last["type"], "finished");
        assert_eq!(last["kind"], "found");
        assert_eq!(last["stats"]["selected"], 23);
        // The root's five children in the spec's order: 220, 420, 310, 330, 321 (the last
        // digit cannot go below 0).
        let first_expanded = of_type(&lines, "expanded")[0];
        assert_eq!(first_expanded["node"], 0);
        assert_eq!(first_expanded["children"], serde_json::json!([1, 2, 3, 4, 5]));
        let generated: Vec<&str> =
            of_type(&lines, "generated").iter().take(5).map(|g| g["state"]["number"].as_str().unwrap()).collect();
        assert_eq!(generated, ["220", "420", "310", "330", "321"]);
        // Every goal test follows a selection; only the last one succeeds.
        let tests = of_type(&lines, "goal-test");
        assert_eq!(tests.len(), 23);
        assert!(tests[..22].iter().all(|t| t["is_goal"] == false));
        assert_eq!(tests[22]["is_goal"], true);
    }

    #[test]
    fn forbidden_children_are_reported_before_the_expansion() {
        // 320 with 220 and 330 forbidden: the root's children are 420, 310, 321.
        let lines = trace_lines(b"320\n110\n220,330\n", Algorithm::Bfs);
        let expanded_at = lines.iter().position(|l| l["type"] == "expanded").unwrap();
        let forbidden: Vec<&str> = lines[..expanded_at]
            .iter()
            .filter(|l| l["type"] == "discarded" && l["reason"] == "forbidden")
            .map(|l| l["state"]["number"].as_str().unwrap())
            .collect();
        assert_eq!(forbidden, ["220", "330"]);
        assert_eq!(lines[expanded_at]["children"], serde_json::json!([1, 2, 3]));
    }

    #[test]
    fn ids_reports_each_iteration() {
        let lines = trace_lines(b"320\n110\n", Algorithm::Ids);
        let limits: Vec<u64> =
            of_type(&lines, "iteration").iter().map(|l| l["depth_limit"].as_u64().unwrap()).collect();
        // The goal is 3 moves away: iterations with limits 0, 1, 2 and 3.
        assert_eq!(limits, [0, 1, 2, 3]);
        assert!(of_type(&lines, "iteration").iter().all(|l| l.get("bound").is_none()));
    }

    #[test]
    fn already_expanded_discards_match_the_statistics() {
        for algorithm in Algorithm::ALL {
            let lines = trace_lines(b"345\n555\n355,445,554\n", algorithm);
            let mut selected = Vec::new();
            let mut discards = 0;
            for line in &lines {
                match line["type"].as_str().unwrap() {
                    "selected" => selected.push(line["state"].clone()),
                    // Tree search discards a selected node only when its state was expanded.
                    "discarded" if line["reason"] == "already-expanded" => {
                        assert!(selected.contains(&line["state"]), "{algorithm}: {line}");
                        discards += 1;
                    }
                    "iteration" => selected.clear(),
                    _ => {}
                }
            }
            assert_eq!(lines.last().unwrap()["stats"]["discarded"], discards, "{algorithm}");
        }
    }

    #[test]
    fn the_recorder_keeps_what_the_writer_writes() {
        let instance = parse_instance(b"345\n555\n355,445,554\n").unwrap();
        let problem = DigitsProblem::new(instance.clone());
        let mut recorder = Recorder::recorder(&problem);
        let traced = solve_observed(&instance, Algorithm::AStar, &mut recorder);
        let plain = solve(&instance, Algorithm::AStar);
        assert_eq!((&traced.path, &traced.expanded), (&plain.path, &plain.expanded));
        let untimed = |s: Stats| Stats { elapsed: Default::default(), ..s };
        assert_eq!(untimed(traced.stats), untimed(plain.stats));
        let written = trace_lines(b"345\n555\n355,445,554\n", Algorithm::AStar);
        assert_eq!(recorder.events().len(), written.len());
    }

    #[test]
    fn write_errors_are_returned_at_the_end() {
        #[derive(Debug)]
        struct Broken;
        impl Write for Broken {
            fn write(&mut self, _: &[u8]) -> io::Result<usize> {
                Err(io::Error::other("disk full"))
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        let mut sink = JsonLines::new(Broken);
        for _ in 0..10_000 {
            TraceSink::<u8, u8>::accept(&mut sink, TraceEvent::GoalTest { node: 0, is_goal: false });
        }
        assert_eq!(sink.finish().unwrap_err().to_string(), "disk full");
    }
}
