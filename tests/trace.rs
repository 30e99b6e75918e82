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

/// The trace's events, after its run line (every trace of the command line has one).
fn read_trace(path: &Path) -> Vec<Value> {
    let mut lines = read_lines(path);
    assert_eq!(lines[0]["type"], "run", "{}", lines[0]);
    lines.remove(0);
    lines
}

fn read_lines(path: &Path) -> Vec<Value> {
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
fn decrease_key_improvements_are_traced() {
    // The README's board where the two A* readings differ (29 moves ignoring cheaper
    // paths, 27 with decrease-key): the cheaper paths must appear as `improved` lines.
    let dir = tempfile::tempdir().unwrap();
    let trace = dir.path().join("dk.jsonl");
    let args = ["npuzzle", "ast", "8,6,7,2,5,4,3,0,1", "--astar", "decrease-key", "-o", "-"];
    let out = searchlab().args(args).arg("--trace").arg(&trace).output().unwrap();
    assert!(out.status.success());
    assert_eq!(exact_lines(&out.stdout)[1], "cost_of_path: 27");
    let events = read_trace(&trace);
    // Every node's current cost, by id, as generated and improved lines set it.
    let mut cost = std::collections::HashMap::new();
    let mut improved = 0;
    for e in &events {
        match e["type"].as_str().unwrap() {
            "generated" => {
                cost.insert(e["node"].as_u64().unwrap(), (e["cost"].as_u64().unwrap(), e["state"].clone()));
            }
            "improved" => {
                improved += 1;
                let node = e["node"].as_u64().unwrap();
                let (old, state) = cost[&node].clone();
                assert_eq!((e["old_cost"].as_u64().unwrap(), &e["state"]), (old, &state), "{e}");
                let new = e["new_cost"].as_u64().unwrap();
                assert!(new < old, "{e}");
                // One move from the new parent, whose cost is known.
                assert_eq!(new, cost[&e["parent"].as_u64().unwrap()].0 + 1, "{e}");
                cost.insert(node, (new, state));
            }
            "selected" if e["node"] != 0 => {
                assert_eq!(e["cost"].as_u64().unwrap(), cost[&e["node"].as_u64().unwrap()].0, "{e}");
            }
            _ => {}
        }
    }
    assert!(improved > 0);
    // The ignoring reading never improves anything.
    let trace = dir.path().join("ignore.jsonl");
    let out = searchlab().args(["npuzzle", "ast", "8,6,7,2,5,4,3,0,1", "-o", "-", "--trace"]).arg(&trace).output();
    assert!(out.unwrap().status.success());
    assert!(read_trace(&trace).iter().all(|e| e["type"] != "improved"));
}

#[test]
fn an_unwritable_npuzzle_trace_is_an_input_error() {
    searchlab()
        .args(["npuzzle", "bfs", "1,0,2,3", "-o", "-", "--trace", "/nonexistent-dir/t.jsonl"])
        .assert()
        .code(2)
        .stdout("");
}

/// `searchlab solve --heuristic manhattan --json BOARD [extra…]`: exit status and stdout.
fn solve_json(board: &str, extra: &[&std::ffi::OsStr]) -> (Option<i32>, Vec<u8>) {
    let output = searchlab().args(["solve", "--heuristic", "manhattan", "--json", board]).args(extra).output().unwrap();
    (output.status.code(), output.stdout)
}

/// The `--json` answer without its measured times.
fn untimed(stdout: &[u8]) -> Value {
    let mut answer: Value = serde_json::from_slice(stdout).unwrap();
    let object = answer.as_object_mut().unwrap();
    object.remove("seconds");
    object.remove("pdb_load_seconds");
    answer
}

fn of_type<'a>(events: &'a [Value], t: &str) -> Vec<&'a Value> {
    events.iter().filter(|e| e["type"] == t).collect()
}

/// Checks an IDA* trace against the answer printed with it (docs/trace.md, "IDA*").
fn check_ida_trace(events: &[Value], answer: &Value) {
    let count = |t: &str| of_type(events, t).len() as u64;
    let known = ["start", "iteration", "selected", "goal-test", "generated", "discarded", "expanded", "finished"];
    assert!(events.iter().all(|e| known.contains(&e["type"].as_str().unwrap())));
    assert_eq!(events[0], serde_json::json!({"type": "start", "state": answer["start"]}));
    // One iteration line per bound, increasing, the first at the start's h.
    let bounds: Vec<u64> = of_type(events, "iteration").iter().map(|e| e["bound"].as_u64().unwrap()).collect();
    assert_eq!(bounds.len() as u64, answer["iterations"].as_u64().unwrap());
    assert_eq!(bounds[0], answer["initial_h"].as_u64().unwrap());
    assert!(bounds.windows(2).all(|w| w[0] < w[1]), "{bounds:?}");
    assert_eq!(*bounds.last().unwrap(), answer["length"].as_u64().unwrap());
    // Every node entered is selected and goal-tested; all but the goal are expanded.
    let expanded = answer["nodes_expanded"].as_u64().unwrap();
    assert_eq!(count("selected"), expanded + 1);
    assert_eq!(count("goal-test"), count("selected"));
    assert_eq!(count("expanded"), expanded);
    // Every generated node is searched (`generated`) or pruned over the bound (`discarded`).
    assert!(of_type(events, "discarded").iter().all(|e| e["reason"] == "over-bound"));
    assert_eq!(count("generated") + count("discarded"), answer["nodes_generated"].as_u64().unwrap());
    assert_eq!(count("generated"), count("selected") - bounds.len() as u64);
    let tests = of_type(events, "goal-test");
    assert!(tests[..tests.len() - 1].iter().all(|t| t["is_goal"] == false));
    assert_eq!(tests.last().unwrap()["is_goal"], true);
    let goal_node = (*of_type(events, "selected").last().unwrap()).clone();
    assert_eq!(goal_node["state"], answer["goal"]);
    assert_eq!(goal_node["depth"], answer["length"]);
    assert_eq!(goal_node["priority"], answer["length"]);
    // The parent links of the last iteration lead back to the root along the answer's moves.
    let last = events.iter().rposition(|e| e["type"] == "iteration").unwrap();
    let mut parent = std::collections::HashMap::new();
    for e in of_type(&events[last..], "generated") {
        parent.insert(e["node"].as_u64().unwrap(), (e["parent"].as_u64().unwrap(), e["action"].clone()));
    }
    let mut node = goal_node["node"].as_u64().unwrap();
    let mut moves = Vec::new();
    while let Some((p, action)) = parent.get(&node) {
        moves.push(action.clone());
        node = *p;
    }
    assert_eq!(node, 0);
    moves.reverse();
    assert_eq!(Value::Array(moves), answer["moves"]);
    // `finished` carries the statistics the command printed, time included (the same run).
    let finished = events.last().unwrap();
    assert_eq!(finished["type"], "finished");
    assert_eq!(finished["kind"], "found");
    let stats = finished["stats"].as_object().unwrap();
    let mut printed = answer.as_object().unwrap().clone();
    for key in ["moves", "start", "goal"] {
        printed.remove(key);
    }
    assert_eq!(stats, &printed);
}

#[test]
fn solve_answers_are_identical_with_and_without_trace() {
    let dir = tempfile::tempdir().unwrap();
    // An 8-puzzle of 26 moves (5 iterations) and a 15-puzzle of 22 moves (4 iterations).
    for board in ["8,6,4,2,1,3,5,7,0", "4,1,2,7,5,10,9,11,0,8,6,15,12,13,3,14"] {
        let trace = dir.path().join("ida.jsonl");
        let (code, plain) = solve_json(board, &[]);
        let (traced_code, traced) = solve_json(board, &["--trace".as_ref(), trace.as_os_str()]);
        assert_eq!((code, traced_code), (Some(0), Some(0)));
        assert_eq!(untimed(&plain), untimed(&traced), "{board}");
        check_ida_trace(&read_trace(&trace), &serde_json::from_slice(&traced).unwrap());

        // The text answer, but for the measured time.
        let text = |extra: &[&str]| {
            let out = searchlab().args(["solve", "--heuristic", "manhattan", board]).args(extra).output().unwrap();
            assert!(out.status.success());
            let text = String::from_utf8(out.stdout).unwrap();
            text.lines().map(|l| l.split(';').next().unwrap().to_string()).collect::<Vec<_>>()
        };
        let trace = trace.to_str().unwrap();
        assert_eq!(text(&[]), text(&["--trace", trace]), "{board}");
    }
}

#[test]
fn solve_traces_show_the_users_tiles_for_any_goal() {
    // Blank-last goal: the solver works on relabelled tiles, the trace shows the user's.
    let dir = tempfile::tempdir().unwrap();
    let trace = dir.path().join("goal.jsonl");
    let goal = "1,2,3,4,5,6,7,8,0";
    let (code, stdout) =
        solve_json("4,1,3,7,2,6,0,5,8", &["--goal".as_ref(), goal.as_ref(), "--trace".as_ref(), trace.as_os_str()]);
    assert_eq!(code, Some(0));
    let answer: Value = serde_json::from_slice(&stdout).unwrap();
    assert_eq!(answer["goal"], serde_json::json!([1, 2, 3, 4, 5, 6, 7, 8, 0]));
    check_ida_trace(&read_trace(&trace), &answer);
}

#[test]
fn a_solve_trace_stopped_by_the_node_limit_ends_with_node_limit() {
    let dir = tempfile::tempdir().unwrap();
    let trace = dir.path().join("limit.jsonl");
    let output = searchlab()
        .args(["solve", "--heuristic", "manhattan", "8,6,4,2,1,3,5,7,0", "--max-generated", "100", "--trace"])
        .arg(&trace)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(3));
    assert!(output.stdout.is_empty());
    let events = read_trace(&trace);
    let finished = events.last().unwrap();
    assert_eq!(finished["kind"], "node-limit");
    assert!(finished["stats"].get("length").is_none());
    // The search stopped on a selected node it did not expand.
    let expanded = finished["stats"]["nodes_expanded"].as_u64().unwrap();
    assert_eq!(of_type(&events, "selected").len() as u64, expanded + 1);
    assert_eq!(of_type(&events, "expanded").len() as u64, expanded);
    let generated = of_type(&events, "generated").len() + of_type(&events, "discarded").len();
    assert_eq!(generated as u64, finished["stats"]["nodes_generated"].as_u64().unwrap());
}

#[test]
fn solve_refuses_trace_with_parallel() {
    let dir = tempfile::tempdir().unwrap();
    let trace = dir.path().join("par.jsonl");
    let output = searchlab()
        .args(["solve", "--heuristic", "manhattan", "--parallel", "1,2,5,3,4,8,0,6,7", "--trace"])
        .arg(&trace)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("--parallel"), "{stderr}");
    assert!(!trace.exists());
    // An unwritable trace file is a usage error too.
    searchlab()
        .args(["solve", "--heuristic", "manhattan", "1,2,5,3,4,8,0,6,7", "--trace", "/nonexistent-dir/t.jsonl"])
        .assert()
        .code(2)
        .stdout("");
}
