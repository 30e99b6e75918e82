//! End-to-end tests of `--trace FILE`: the answer is the same with and without it, and the
//! file holds one typed JSON event per line that agrees with the answer.

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use serde_json::Value;

fn searchlab() -> Command {
    Command::cargo_bin("searchlab").unwrap()
}

fn write_instance(dir: &Path, text: &str) -> PathBuf {
    let path = dir.join("input.txt");
    std::fs::write(&path, text).unwrap();
    path
}

fn read_trace(path: &Path) -> Vec<Value> {
    let text = std::fs::read_to_string(path).unwrap();
    text.lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}"))).collect()
}

#[test]
fn the_answer_is_identical_with_and_without_trace() {
    let dir = tempfile::tempdir().unwrap();
    let input = write_instance(dir.path(), "345\n555\n355,445,554\n");
    for letter in ["B", "D", "I", "G", "A", "H"] {
        for json in [false, true] {
            let mut plain = searchlab();
            plain.args(["digits", letter]).arg(&input);
            let mut traced = searchlab();
            let trace = dir.path().join(format!("{letter}-{json}.jsonl"));
            traced.args(["digits", letter]).arg(&input).arg("--trace").arg(&trace);
            if json {
                plain.arg("--json");
                traced.arg("--json");
            }
            let plain = plain.output().unwrap();
            let traced = traced.output().unwrap();
            assert!(plain.status.success() && traced.status.success());
            if json {
                // Identical but for the measured time.
                let mut a: Value = serde_json::from_slice(&plain.stdout).unwrap();
                let mut b: Value = serde_json::from_slice(&traced.stdout).unwrap();
                a["stats"]["elapsed"] = Value::Null;
                b["stats"]["elapsed"] = Value::Null;
                assert_eq!(a, b, "{letter}");
            } else {
                assert_eq!(plain.stdout, traced.stdout, "{letter}");
            }
            assert!(!read_trace(&trace).is_empty());
        }
    }
}

#[test]
fn the_spec_example_trace_agrees_with_the_answer() {
    // The spec's example: 320 to 110 by BFS finds 320,220,210,110 after 23 expanded nodes.
    let dir = tempfile::tempdir().unwrap();
    let input = write_instance(dir.path(), "320\n110\n");
    let trace = dir.path().join("trace.jsonl");
    let output =
        searchlab().args(["digits", "B"]).arg(&input).arg("--trace").arg(&trace).arg("--json").output().unwrap();
    assert!(output.status.success());
    let answer: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(answer["path"], serde_json::json!(["320", "220", "210", "110"]));

    let events = read_trace(&trace);
    let known = ["start", "iteration", "selected", "goal-test", "generated", "discarded", "expanded", "finished"];
    assert!(events.iter().all(|e| known.contains(&e["type"].as_str().unwrap())));
    assert_eq!(events.first().unwrap()["type"], "start");
    // The selected states, in order, are the answer's expanded list.
    let selected: Vec<Value> =
        events.iter().filter(|e| e["type"] == "selected").map(|e| e["state"]["number"].clone()).collect();
    assert_eq!(selected.len(), 23);
    assert_eq!(Value::Array(selected), answer["expanded"]);
    // The finished event carries the statistics the command prints (all but the time).
    let finished = events.last().unwrap();
    assert_eq!(finished["type"], "finished");
    assert_eq!(finished["kind"], "found");
    for key in ["selected", "expanded", "generated", "discarded", "max_frontier", "max_depth"] {
        assert_eq!(finished["stats"][key], answer["stats"][key], "{key}");
    }
    // The solution path can be rebuilt from the generated events' parents.
    let mut parent = std::collections::HashMap::new();
    let mut number = std::collections::HashMap::new();
    number.insert(0u64, "320".to_string());
    for e in events.iter().filter(|e| e["type"] == "generated") {
        let node = e["node"].as_u64().unwrap();
        parent.insert(node, e["parent"].as_u64().unwrap());
        number.insert(node, e["state"]["number"].as_str().unwrap().to_string());
    }
    let goal_node = events.iter().rev().find(|e| e["type"] == "selected").unwrap()["node"].as_u64().unwrap();
    let mut path = vec![number[&goal_node].clone()];
    let mut node = goal_node;
    while let Some(&p) = parent.get(&node) {
        path.push(number[&p].clone());
        node = p;
    }
    path.reverse();
    assert_eq!(path, ["320", "220", "210", "110"]);
}

#[test]
fn an_unwritable_trace_is_a_usage_error_before_any_search() {
    let dir = tempfile::tempdir().unwrap();
    let input = write_instance(dir.path(), "320\n110\n");
    let output = searchlab()
        .args(["digits", "B"])
        .arg(&input)
        .arg("--trace")
        .arg(dir.path().join("no/such/dir/trace.jsonl"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    assert!(String::from_utf8_lossy(&output.stderr).contains("cannot create"));
}

/// The first five lines of output.txt (the two timing lines vary from run to run).
fn exact_lines(stdout: &[u8]) -> Vec<String> {
    String::from_utf8(stdout.to_vec()).unwrap().lines().take(5).map(String::from).collect()
}

#[test]
fn npuzzle_answers_are_identical_with_and_without_trace() {
    let dir = tempfile::tempdir().unwrap();
    // A 3x3 board (dense table) and a 4x4 board (hashed u64 encoding).
    for (method, board) in [
        ("ast", "8,6,4,2,1,3,5,7,0"),
        ("bfs", "1,2,5,3,4,0,6,7,8"),
        ("dfs", "3,1,2,0,4,5,6,7,8"),
        ("bfs", "4,1,2,3,0,5,6,7,8,9,10,11,12,13,14,15"),
    ] {
        let plain = searchlab().args(["npuzzle", method, board, "-o", "-"]).output().unwrap();
        let trace = dir.path().join(format!("{method}.jsonl"));
        let traced = searchlab().args(["npuzzle", method, board, "-o", "-", "--trace"]).arg(&trace).output().unwrap();
        assert!(plain.status.success() && traced.status.success());
        let lines = exact_lines(&plain.stdout);
        assert_eq!(lines, exact_lines(&traced.stdout), "{method} {board}");

        let events = read_trace(&trace);
        assert_eq!(events[0]["type"], "start");
        let tiles: Vec<String> = board.split(',').map(String::from).collect();
        let start: Vec<String> = events[0]["state"].as_array().unwrap().iter().map(|v| v.to_string()).collect();
        assert_eq!(start, tiles);
        let last = events.last().unwrap();
        assert_eq!(last["type"], "finished");
        assert_eq!(last["kind"], "found");
        let expanded = events.iter().filter(|e| e["type"] == "expanded").count();
        assert_eq!(lines[2], format!("nodes_expanded: {expanded}"));
        assert_eq!(lines[2], format!("nodes_expanded: {}", last["stats"]["expanded"]));
    }
}

#[test]
fn an_unwritable_npuzzle_trace_is_an_input_error() {
    searchlab()
        .args(["npuzzle", "bfs", "1,0,2,3", "-o", "-", "--trace", "/nonexistent-dir/t.jsonl"])
        .assert()
        .code(2)
        .stdout("");
}
