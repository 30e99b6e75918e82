//! Traces: the engine's events as owned, serializable values, written one JSON object per
//! line (`--trace FILE`) or kept in memory (the web app's recordings).
//!
//! The format is documented in `docs/trace.md`; the line type is core's [`TraceEvent`]. A
//! [`Tracer`] is an [`Observer`]: hand it to any `*_with` search function (or
//! `solve_observed`) and it turns each [`Event`] into a [`TraceEvent`] for its [`TraceSink`].

use std::collections::BTreeMap;
use std::io::{self, BufWriter, Write};

use searchlab_core::catalog::Describe;
use searchlab_core::{Event, NodeId, Observer, Stats};
pub use searchlab_core::{TraceDiscard, TraceEvent};
use serde::Serialize;

/// The first line of a search's trace: what was searched, named as `searchlab search` names it
/// (the puzzle, the strategy, the instance's fields), so that a replay takes the trace for what
/// it is (`docs/trace.md`, "The run line").
///
/// ```
/// use searchlab_trace::trace::RunLine;
/// let line = RunLine::new("npuzzle", "astar", [("board", "1,2,0".to_string())]);
/// assert_eq!(
///     serde_json::to_string(&line).unwrap(),
///     r#"{"type":"run","puzzle":"npuzzle","strategy":"astar","instance":{"board":"1,2,0"}}"#
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename = "run")]
pub struct RunLine {
    /// The registered puzzle's name (`digits`, `npuzzle`, `npuzzle-ida`, `romania`).
    pub puzzle: String,
    /// The strategy's name among the puzzle's (`B`, `ast`, `astar`, `ida`).
    pub strategy: String,
    /// The instance's fields by name, as the puzzle reads them back.
    pub instance: BTreeMap<String, String>,
}

impl RunLine {
    /// The run line of `strategy` on `puzzle`'s instance with these fields.
    pub fn new(puzzle: &str, strategy: &str, instance: impl IntoIterator<Item = (&'static str, String)>) -> Self {
        RunLine {
            puzzle: puzzle.to_string(),
            strategy: strategy.to_string(),
            instance: instance.into_iter().map(|(k, v)| (k.to_string(), v)).collect(),
        }
    }
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

impl<W: Write> JsonLines<W> {
    /// Writes `value` as one line (after a write error, nothing: [`JsonLines::finish`] says it).
    pub fn write_line(&mut self, value: &impl Serialize) {
        if self.error.is_some() {
            return;
        }
        let written = serde_json::to_writer(&mut self.out, value)
            .map_err(io::Error::from)
            .and_then(|()| self.out.write_all(b"\n"));
        match written {
            Ok(()) => self.lines += 1,
            Err(err) => self.error = Some(err),
        }
    }
}

impl<S: Serialize, A: Serialize, T: Serialize, W: Write> TraceSink<S, A, T> for JsonLines<W> {
    fn accept(&mut self, event: TraceEvent<S, A, T>) {
        self.write_line(&event);
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

    /// The sink, still in use, to tell it more than the events say.
    pub fn sink_mut(&mut self) -> &mut K {
        &mut self.sink
    }
}

impl<'p, P: Describe + ?Sized, W: Write> TraceWriter<'p, P, W> {
    /// A tracer writing JSON Lines to `out`.
    pub fn to_writer(problem: &'p P, out: W) -> Self {
        Tracer::new(problem, JsonLines::new(out))
    }

    /// A tracer writing JSON Lines to `out`, beginning with `run` (what is searched).
    pub fn with_run_line(problem: &'p P, out: W, run: &RunLine) -> Self {
        let mut sink = JsonLines::new(out);
        sink.write_line(run);
        Tracer::new(problem, sink)
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
            Event::GoalStart { node, state } => TraceEvent::GoalStart { node, state: p.view_state(state) },
            Event::Joined { forward, backward } => TraceEvent::Joined { forward, backward },
            Event::FLimit { node, limit } => TraceEvent::FLimit { node, limit },
            Event::BackedUp { node, f } => TraceEvent::BackedUp { node, f },
            Event::Iteration { depth_limit } => TraceEvent::ids_iteration(depth_limit),
            Event::Bound { bound } => TraceEvent::ida_iteration(bound),
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
    use searchlab_core::Strategy;
    use searchlab_threedigits::{parse_instance, solve, solve_observed, DigitsProblem, STRATEGIES};
    use serde_json::Value;

    fn trace_lines(input: &[u8], algorithm: Strategy) -> Vec<Value> {
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
        let lines = trace_lines(b"320\n110\n", Strategy::BreadthFirst);
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
        let lines = trace_lines(b"320\n110\n220,330\n", Strategy::BreadthFirst);
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
        let lines = trace_lines(b"320\n110\n", Strategy::IterativeDeepening);
        let limits: Vec<u64> =
            of_type(&lines, "iteration").iter().map(|l| l["depth_limit"].as_u64().unwrap()).collect();
        // The goal is 3 moves away: iterations with limits 0, 1, 2 and 3.
        assert_eq!(limits, [0, 1, 2, 3]);
        assert!(of_type(&lines, "iteration").iter().all(|l| l.get("bound").is_none()));
    }

    #[test]
    fn already_expanded_discards_match_the_statistics() {
        for algorithm in STRATEGIES {
            let lines = trace_lines(b"345\n555\n355,445,554\n", algorithm);
            let mut selected = Vec::new();
            let mut discards = 0;
            for line in &lines {
                match line["type"].as_str().unwrap() {
                    "selected" => selected.push(line["state"].clone()),
                    // Tree search discards a selected node only when its state was expanded.
                    "discarded" if line["reason"] == "already-expanded" => {
                        assert!(selected.contains(&line["state"]), "{algorithm:?}: {line}");
                        discards += 1;
                    }
                    "iteration" => selected.clear(),
                    _ => {}
                }
            }
            assert_eq!(lines.last().unwrap()["stats"]["discarded"], discards, "{algorithm:?}");
        }
    }

    #[test]
    fn the_recorder_keeps_what_the_writer_writes() {
        let instance = parse_instance(b"345\n555\n355,445,554\n").unwrap();
        let problem = DigitsProblem::new(instance.clone());
        let mut recorder = Recorder::recorder(&problem);
        let traced = solve_observed(&instance, Strategy::AStar, &mut recorder);
        let plain = solve(&instance, Strategy::AStar);
        assert_eq!((&traced.path, &traced.expanded), (&plain.path, &plain.expanded));
        let untimed = |s: Stats| Stats { elapsed: Default::default(), ..s };
        assert_eq!(untimed(traced.stats), untimed(plain.stats));
        let written = trace_lines(b"345\n555\n355,445,554\n", Strategy::AStar);
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
