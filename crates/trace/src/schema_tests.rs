use std::collections::BTreeSet;

use searchlab_core::catalog::{Describe, Puzzle, StrategyEntry};
use searchlab_core::{DuplicatePolicy, Event, Observer, SearchOptions, Strategy};
use searchlab_npuzzle::SlidingPuzzle;
use searchlab_romania::Romania;
use searchlab_threedigits::ThreeDigits;

use super::*;
use serde_json::Value;

use crate::compact::CompactTrace;
use crate::compact::Compactor;
use crate::decode::{codes, page_events, restore};
use crate::trace::{TraceSink, Tracer};
use searchlab_core::TraceEvent;

#[test]
fn the_table_is_in_code_order_and_the_module_docs_show_it() {
    for (i, step) in STEPS.iter().enumerate() {
        assert_eq!(step.code as usize, i, "{}", step.event);
        // A list of ids can only be the last field: the fields after it would move.
        let list = step.fields.iter().position(|f| f.encoding == Encoding::List);
        assert!(list.is_none_or(|at| at + 1 == step.fields.len()), "{}", step.event);
    }
    let docs: String = markdown_table().lines().map(|l| format!("//! {l}\n")).collect();
    assert!(include_str!("schema.rs").contains(&docs), "the module's table is not the table:\n{docs}");
}

#[test]
fn the_page_gets_the_table_as_json() {
    let element = schema_element();
    let json = element
        .strip_prefix("<script type=\"application/json\" id=\"event-schema\">")
        .and_then(|rest| rest.strip_suffix("</script>\n"))
        .expect("one JSON script element");
    let schema: Value = serde_json::from_str(json).unwrap();
    assert_eq!(schema["reasons"], serde_json::json!(REASONS));
    assert_eq!(schema["steps"].as_array().unwrap().len(), STEPS.len());
    assert_eq!(
        schema["steps"][13],
        serde_json::json!({"code": 13, "type": "f-limit", "fields": [
            {"name": "node", "encoding": "int"}, {"name": "limit", "encoding": "optional"}]})
    );
    assert_eq!(schema["steps"][9]["fields"][1], serde_json::json!({"name": "children", "encoding": "list"}));
}

#[test]
fn the_page_reads_every_encoding_of_the_table() {
    let script = include_str!("../assets/replay.js");
    for field in STEPS.iter().flat_map(|s| s.fields) {
        let name = encoding_name(field.encoding);
        assert!(script.contains(&format!("\n  {name}: (v")), "replay.js's FIELD_VALUE does not read `{name}`");
    }
    // The page knows no code, reason or event name of its own.
    for gone in ["STEP_LENGTH", "REASONS", "switch (s[at])", "'already-expanded', 'in-frontier'"] {
        assert!(!script.contains(gone), "{gone}");
    }
}

/// The trace's events as `--trace` writes them (each move in words, as the page gets it) and
/// their compaction, side by side.
#[derive(Default)]
struct Both {
    events: Vec<Value>,
    words: Option<String>,
    compactor: Compactor,
}

impl<S: Serialize, A: Serialize, T: Serialize> TraceSink<S, A, T> for Both {
    fn accept(&mut self, event: TraceEvent<S, A, T>) {
        let mut value = serde_json::to_value(&event).unwrap();
        if let (Some(words), Some(action)) = (self.words.take(), value.get_mut("action")) {
            *action = words.clone().into();
            self.compactor.next_move_words(words);
        }
        self.events.push(value);
        self.compactor.add(&event);
    }
}

/// A page recorder ([`crate::record::PageRecorder`]) that also keeps the trace's events.
struct Observed<'p, P: Describe> {
    problem: &'p P,
    tracer: Tracer<'p, P, Both>,
}

impl<P: Describe> Observer<P> for Observed<'_, P> {
    fn on_event(&mut self, event: &Event<'_, P>) {
        if let Event::Generated { action, .. } | Event::Improved { action, .. } = event {
            self.tracer.sink_mut().words = Some(self.problem.action_words(action));
        }
        self.tracer.on_event(event);
    }
}

/// Checks that `trace` decodes through the table into exactly `events`; the codes it wrote.
fn decodes_into(trace: &CompactTrace, events: &[Value], name: &str) -> BTreeSet<i64> {
    let mut decoded = page_events(trace).unwrap_or_else(|e| panic!("{name}: {e}"));
    restore(&mut decoded);
    assert_eq!(decoded.len(), events.len(), "{name}");
    for (i, (got, want)) in decoded.iter().zip(events).enumerate() {
        assert_eq!(got, want, "{name}: event {i}");
    }
    codes(&trace.steps).into_iter().collect()
}

/// Runs `entry` on the instance of `fields`, checks that its compaction decodes through the
/// table into exactly the trace's events, and returns the codes it wrote.
fn round_trip<P: Puzzle>(fields: &[(&str, &str)], entry: &StrategyEntry) -> BTreeSet<i64> {
    let field = |name: &str| fields.iter().find(|(n, _)| *n == name).map_or(String::new(), |(_, v)| v.to_string());
    let problem = P::problem(&P::parse(&field).unwrap()).unwrap();
    let mut observed = Observed { problem: &problem, tracer: Tracer::new(&problem, Both::default()) };
    P::run(&problem, entry, &mut observed);
    let Both { events, compactor, .. } = observed.tracer.into_sink();
    decodes_into(&compactor.finish(), &events, &format!("{} {}", P::NAME, entry.name))
}

/// Events no search of the engine writes as such, as a trace written from code may: a node
/// selected with another cost than it was generated with, children that are not consecutive.
fn written_from_code() -> BTreeSet<i64> {
    let events: Vec<TraceEvent<Vec<u8>, &str>> = vec![
        TraceEvent::Start { state: vec![1, 0] },
        TraceEvent::Generated { node: 2, parent: 0, state: vec![0, 1], action: "Left", depth: 1, cost: 1, priority: 1 },
        TraceEvent::Selected { node: 2, state: vec![0, 1], depth: 1, cost: 2, priority: 1 },
        TraceEvent::Expanded { node: 0, children: vec![2, 1] },
    ];
    let mut both = Both::default();
    for event in events {
        both.accept(event);
    }
    decodes_into(&both.compactor.finish(), &both.events, "written from code")
}

#[test]
fn real_recordings_decode_through_the_table_into_their_traces_events() {
    let mut codes = written_from_code();
    // The 3-digit puzzle: forbidden numbers, IDS's iterations, hill-climbing.
    let digits = [("start", "320"), ("goal", "110"), ("forbidden", "310,221")];
    for entry in ThreeDigits::strategies() {
        codes.extend(round_trip::<ThreeDigits>(&digits, &entry));
    }
    // Romania: beam (dropped), bidirectional (goal-start, joined), RBFS (f-limit, backed-up);
    // the engine's IDA* (iterations with a bound, over-bound) and A* with decrease-key (improved).
    let arad = |to| [("from", "Arad"), ("to", to)];
    for entry in Romania::strategies() {
        codes.extend(round_trip::<Romania>(&arad("Bucharest"), &entry));
    }
    for name in ["bidirectional", "bidirectional-ucs"] {
        codes.extend(round_trip::<Romania>(&arad("Iasi"), &Romania::strategy(name).unwrap()));
    }
    let ida = StrategyEntry { name: "ida", strategy: Strategy::IdaStar, options: SearchOptions::default() };
    codes.extend(round_trip::<Romania>(&arad("Bucharest"), &ida));
    let decrease = SearchOptions::default().with_duplicates(DuplicatePolicy::DecreaseKey);
    let astar = StrategyEntry { name: "astar", strategy: Strategy::AStar, options: decrease };
    let improved = round_trip::<Romania>(&arad("Eforie"), &astar);
    assert!(improved.contains(&Code::Improved.value()));
    codes.extend(improved);
    // The 8-puzzle (its depth-first search goes through most of the 181,440 boards: left out).
    for name in ["bfs", "ast"] {
        let entry = SlidingPuzzle::strategy(name).unwrap();
        codes.extend(round_trip::<SlidingPuzzle>(&[("board", "1,2,5,3,4,0,6,7,8")], &entry));
    }
    // Every code of the table is written, and so checked (the 15-puzzle's IDA*, outside the
    // engine, in searchlab-registry's `ida` tests).
    assert_eq!(codes, (0..STEPS.len() as i64).collect());
}

#[test]
fn steps_that_do_not_follow_the_table_are_refused() {
    let mut compactor = Compactor::new();
    compactor.add(&TraceEvent::<u8, &str>::Start { state: 7 });
    let mut trace = compactor.finish();
    assert_eq!(page_events(&trace).unwrap(), [serde_json::json!({"type": "start", "state": 7})]);
    trace.steps = vec![Code::Start.value(), 3];
    assert!(page_events(&trace).unwrap_err().contains("state: 3"));
    trace.steps = vec![99];
    assert!(page_events(&trace).unwrap_err().contains("unknown code 99"));
    trace.steps = vec![Code::ExpandedList.value(), 0, 4, 1];
    assert!(page_events(&trace).unwrap_err().contains("cut short"));
}
