//! The page's decoder and the events' table (`searchlab_trace::schema`) agree: recordings that
//! write every code of the table, decoded in Chromium by `replay.js`, are the events of the
//! command line's `--trace` file for the same search.

use std::collections::{BTreeSet, HashMap};
use std::path::Path;

use fantoccini::Client;
use searchlab_core::{FinishKind, Stats, TraceEvent};
use searchlab_trace::compact::compact;
use searchlab_trace::decode::{codes, restore};
use searchlab_trace::schema::STEPS;
use serde_json::Value;

use crate::{cli, http};

/// The requests, and the command line that answers each with a `--trace` file: together they
/// write every code but two (IDS's iterations and the forbidden numbers; bidirectional search's
/// goal-start and joined; RBFS's f-limit and backed-up; beam's drops; IDA*'s bounds and its
/// children that are not consecutive ids). [`written_from_code`] writes the other two.
const CASES: [(&str, &[&str]); 5] = [
    (
        r#"{"puzzle":"digits","start":"320","goal":"110","forbidden":"310,221","algorithm":"I"}"#,
        &["search", "digits", "I", "--start", "320", "--goal", "110", "--forbidden", "310,221"],
    ),
    (
        r#"{"puzzle":"romania","from":"Arad","to":"Iasi","algorithm":"bidirectional-ucs"}"#,
        &["search", "romania", "bidirectional-ucs", "--from", "Arad", "--to", "Iasi"],
    ),
    (
        r#"{"puzzle":"romania","from":"Arad","to":"Bucharest","algorithm":"rbfs"}"#,
        &["search", "romania", "rbfs", "--from", "Arad", "--to", "Bucharest"],
    ),
    (
        r#"{"puzzle":"romania","from":"Arad","to":"Bucharest","algorithm":"beam"}"#,
        &["search", "romania", "beam", "--from", "Arad", "--to", "Bucharest"],
    ),
    (
        r#"{"puzzle":"npuzzle-ida","tiles":"9,4,2,3,12,1,8,7,13,6,11,15,14,0,5,10","algorithm":"ida"}"#,
        &["solve", "--heuristic", "manhattan-lc", "9,4,2,3,12,1,8,7,13,6,11,15,14,0,5,10"],
    ),
];

/// Decodes every event of `trace` (a recording's compact trace) with the page's own decoder.
async fn decoded_by_the_page(c: &Client, trace: &Value) -> Vec<Value> {
    let script = "const source = EventSource.compact(arguments[0], false); \
                  return Array.from({ length: source.length }, (_, i) => source.get(i));";
    let events = c.execute(script, vec![trace.clone()]).await.unwrap();
    serde_json::from_value(events).unwrap()
}

/// Events no registered search writes as such, as a trace written from code may: a node
/// selected with another cost than it was generated with, a cheaper path (decrease-key).
fn written_from_code() -> (Value, Vec<Value>) {
    let events: Vec<TraceEvent<Vec<u8>, &str>> = vec![
        TraceEvent::Start { state: vec![1, 0] },
        TraceEvent::Generated { node: 1, parent: 0, state: vec![0, 1], action: "Left", depth: 1, cost: 3, priority: 3 },
        TraceEvent::Improved {
            node: 1,
            parent: 0,
            state: vec![0, 1],
            action: "Right",
            depth: 1,
            old_cost: 3,
            new_cost: 2,
            priority: 2,
        },
        TraceEvent::Selected { node: 1, state: vec![0, 1], depth: 1, cost: 1, priority: 1 },
        TraceEvent::Finished { kind: FinishKind::Exhausted, stats: Stats::default() },
    ];
    let trace = serde_json::to_value(compact(&events, &[])).unwrap();
    (trace, events.iter().map(|e| serde_json::to_value(e).unwrap()).collect())
}

/// `got` is `want` (a `finished` event: every statistic the page has is the trace's but the
/// time each run took, numbers as the page reads them: `0.0` is `0`).
fn assert_same(got: &Value, want: &Value, what: &str) {
    if got["type"] == "finished" {
        assert_eq!(got["kind"], want["kind"], "{what}");
        for (key, value) in got["stats"].as_object().unwrap().iter().filter(|(k, _)| *k != "elapsed") {
            let wanted = &want["stats"][key];
            match (value.as_f64(), wanted.as_f64()) {
                (Some(a), Some(b)) => assert_eq!(a, b, "{what}: {key}"),
                _ => assert_eq!(value, wanted, "{what}: {key}"),
            }
        }
    } else {
        assert_eq!(got, want, "{what}");
    }
}

/// Every event decoded by the page is the trace's, its move in words: one word per move of the
/// trace and one move per word.
pub(crate) async fn the_page_decodes_every_event_as_the_trace(c: &Client, url: &str, dir: &Path) {
    let (trace, events) = written_from_code();
    let mut decoded = decoded_by_the_page(c, &trace).await;
    restore(&mut decoded);
    assert_eq!(decoded.len(), events.len());
    for (i, (got, want)) in decoded.iter().zip(&events).enumerate() {
        assert_same(got, want, &format!("written from code: event {i}"));
    }
    let mut seen: BTreeSet<i64> =
        codes(&serde_json::from_value::<Vec<i64>>(trace["steps"].clone()).unwrap()).into_iter().collect();
    for (body, args) in CASES {
        let (status, text) = http(url, "POST", "/api/run", body);
        assert_eq!(status, 200, "{body}: {text}");
        let recording: Value = serde_json::from_str(&text).unwrap();
        let file = dir.join("events.jsonl");
        cli(&[args, &["--trace", file.to_str().unwrap()]].concat());
        // The file's events: every line after its run line.
        let trace: Vec<Value> =
            std::fs::read_to_string(&file).unwrap().lines().skip(1).map(|l| serde_json::from_str(l).unwrap()).collect();
        let mut decoded = decoded_by_the_page(c, &recording["trace"]).await;
        restore(&mut decoded);
        assert_eq!(decoded.len(), trace.len(), "{body}");
        let (mut words, mut moves) = (HashMap::new(), HashMap::new());
        for (i, (got, want)) in decoded.iter_mut().zip(&trace).enumerate() {
            if let (Some(word), Some(action)) = (got.get("action").cloned(), want.get("action")) {
                assert_eq!(words.entry(action.to_string()).or_insert(word.clone()), &word, "{body}: event {i}");
                assert_eq!(moves.entry(word.to_string()).or_insert(action.clone()), action, "{body}: event {i}");
                got["action"] = action.clone();
            }
            assert_same(got, want, &format!("{body}: event {i}"));
        }
        seen.extend(codes(&serde_json::from_value::<Vec<i64>>(recording["trace"]["steps"].clone()).unwrap()));
    }
    assert_eq!(seen, (0..STEPS.len() as i64).collect(), "the cases write every code");
}
