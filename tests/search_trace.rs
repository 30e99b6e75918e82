//! `searchlab search … --trace FILE`: every registered puzzle's every strategy writes the
//! search it answers with, event by event (`docs/trace.md`), and local search each run's
//! moves; a run that cannot start leaves an earlier file as it was.

use assert_cmd::Command;
use serde_json::Value;

fn searchlab() -> Command {
    Command::cargo_bin("searchlab").unwrap()
}

/// The JSON lines of a trace file.
fn lines(path: &std::path::Path) -> Vec<Value> {
    let text = std::fs::read_to_string(path).unwrap();
    text.lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}"))).collect()
}

#[test]
fn every_registered_puzzle_traces_the_search_it_answers_with() {
    use searchlab_registry::path_puzzles;
    let dir = tempfile::tempdir().unwrap();
    for puzzle in path_puzzles() {
        for entry in puzzle.strategies() {
            let file = dir.path().join(format!("{}-{}.jsonl", puzzle.name(), entry.name));
            let mut args = vec!["search".to_string(), puzzle.name().into(), entry.name.into(), "--json".into()];
            for field in puzzle.fields() {
                args.extend([format!("--{}", field.name), field.example.to_string()]);
            }
            args.extend(["--trace".into(), file.to_str().unwrap().into()]);
            let out = searchlab().args(&args).output().unwrap();
            let what = format!("{args:?}: {}", String::from_utf8_lossy(&out.stderr));
            assert!(matches!(out.status.code(), Some(0 | 1 | 3)), "{what}");
            let json: Value = serde_json::from_slice(&out.stdout).unwrap();
            let trace = lines(&file);
            let selected: Vec<&Value> = trace.iter().filter(|e| e["type"] == "selected").map(|e| &e["state"]).collect();
            let expanded: Vec<&Value> = json["expanded"].as_array().unwrap().iter().collect();
            assert_eq!(selected, expanded, "{what}");
            let last = trace.last().unwrap();
            assert_eq!((&last["type"], &last["stats"]["selected"]), (&"finished".into(), &json["stats"]["selected"]));
            assert_eq!(last["kind"], json["finish"], "{what}");
        }
    }
}

/// AIMA's Figure 3.24, read from the trace: A* selects Arad, Sibiu, Rimnicu Vilcea, Fagaras,
/// Pitesti, Bucharest; Bucharest is generated twice (450 through Fagaras, then 418).
#[test]
fn the_romania_astar_trace_is_the_books_figure() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("astar.jsonl");
    let args = ["search", "romania", "astar", "--from", "Arad", "--to", "Bucharest", "--trace"];
    searchlab().args(args).arg(&file).assert().code(0);
    let trace = lines(&file);
    let selected: Vec<&str> =
        trace.iter().filter(|e| e["type"] == "selected").map(|e| e["state"].as_str().unwrap()).collect();
    assert_eq!(selected, ["Arad", "Sibiu", "Rimnicu Vilcea", "Fagaras", "Pitesti", "Bucharest"]);
    let bucharest: Vec<u64> = trace
        .iter()
        .filter(|e| e["state"] == "Bucharest" && matches!(e["type"].as_str(), Some("generated" | "improved")))
        .map(|e| e["cost"].as_u64().or(e["new_cost"].as_u64()).unwrap())
        .collect();
    assert_eq!(bucharest, [450, 418]);
}

#[test]
fn local_search_traces_every_move_of_every_run() {
    let dir = tempfile::tempdir().unwrap();
    for strategy in searchlab_core::local::LocalStrategy::names() {
        let file = dir.path().join(format!("{strategy}.jsonl"));
        let out = searchlab()
            .args(["search", "queens", strategy, "--n", "6", "--runs", "3", "--seed", "7", "--json", "--trace"])
            .arg(&file)
            .output()
            .unwrap();
        assert!(matches!(out.status.code(), Some(0 | 1)), "{}", String::from_utf8_lossy(&out.stderr));
        let json: Value = serde_json::from_slice(&out.stdout).unwrap();
        let trace = lines(&file);
        let runs: Vec<u64> = trace.iter().filter(|e| e["type"] == "run").map(|e| e["run"].as_u64().unwrap()).collect();
        assert_eq!(runs, [1, 2, 3], "{strategy}");
        assert!(trace.iter().filter(|e| e["type"] == "run").all(|e| e["strategy"] == strategy && e["seed"] == 7));
        // Each run ends once; the moves are the summary's steps; a solved run ends at value 0.
        let ends: Vec<&Value> = trace.iter().filter(|e| e["type"] == "end").collect();
        let solved = ends.iter().filter(|e| e["reason"] == "solved").count() as u64;
        assert_eq!(json["solved"].as_u64(), Some(solved), "{strategy}");
        let moves = trace.iter().filter(|e| e["type"] == "move").count() as f64;
        let mean = |key: &str| json[key].as_f64().unwrap_or(0.0);
        let steps = mean("mean_steps_solved") * solved as f64 + mean("mean_steps_stuck") * (3 - solved) as f64;
        assert_eq!(moves, steps.round(), "{strategy}");
        for e in trace.iter().filter(|e| matches!(e["type"].as_str(), Some("start" | "move"))) {
            assert_eq!(e["state"].as_array().map(Vec::len), Some(6), "{e}");
        }
    }
}

#[test]
fn a_run_that_cannot_be_traced_leaves_an_earlier_file_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("kept.jsonl");
    std::fs::write(&file, "earlier\n").unwrap();
    let cases: [(&[&str], i32, &str); 3] = [
        (&["queens", "hill", "--runs", "101"], 2, "at most 100 runs"),
        (&["npuzzle", "bfs", "--board", "1,2,3,4,5,6,8,7,0"], 1, "cannot reach the goal"),
        (&["queens", "hill", "--n", "3"], 2, "4 to 64"),
    ];
    for (args, code, words) in cases {
        let out = searchlab().arg("search").args(args).arg("--trace").arg(&file).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(code), "{args:?}: {stderr}");
        assert!(stderr.contains(words) && stderr.lines().count() == 1, "{stderr}");
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "earlier\n");
    }
    let missing = dir.path().join("no/such/folder/t.jsonl");
    let out = searchlab().args(["search", "romania", "bfs", "--trace"]).arg(&missing).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot create trace file"));
    let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(names, ["kept.jsonl"], "no temporary file is left");
}

/// The attacking pairs of a board, counted pair by pair (independently of the puzzle's
/// line-by-line count): same row, or as far apart in rows as in columns.
fn attacking_pairs(rows: &[u64]) -> u64 {
    let mut pairs = 0;
    for (a, &ra) in rows.iter().enumerate() {
        for (b, &rb) in rows.iter().enumerate().skip(a + 1) {
            if ra == rb || ra.abs_diff(rb) == (b - a) as u64 {
                pairs += 1;
            }
        }
    }
    pairs
}

/// Steepest ascent, read from its trace: each value is the board's attacking pairs, each move
/// goes to a neighbour (one queen moved in its column) of the lowest value, and the climb ends
/// where no neighbour is lower. The page's example is this command's file, line for line.
#[test]
fn a_hill_climbing_trace_moves_to_a_best_neighbour_and_is_the_pages_example() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("hill.jsonl");
    let args = ["search", "queens", "hill", "--n", "8", "--seed", "7", "--runs", "2", "--trace"];
    searchlab().args(args).arg(&file).assert().code(1);
    let text = std::fs::read_to_string(&file).unwrap();
    let page = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/trace.md")).unwrap();
    assert!(page.contains(&format!("```json\n{text}```")), "docs/trace.md shows this file:\n{text}");
    let best_neighbour = |rows: &[u64]| {
        let mut best = u64::MAX;
        for column in 0..rows.len() {
            for row in (0..rows.len() as u64).filter(|&r| r != rows[column]) {
                let mut next = rows.to_vec();
                next[column] = row;
                best = best.min(attacking_pairs(&next));
            }
        }
        best
    };
    let mut current: Option<Vec<u64>> = None;
    for line in lines(&file) {
        let rows: Option<Vec<u64>> = line["state"].as_array().map(|a| a.iter().map(|v| v.as_u64().unwrap()).collect());
        match line["type"].as_str().unwrap() {
            "start" => current = rows,
            "move" => {
                let (before, after) = (current.take().unwrap(), rows.unwrap());
                assert_eq!(before.iter().zip(&after).filter(|(a, b)| a != b).count(), 1, "one queen moves");
                assert_eq!(attacking_pairs(&after), best_neighbour(&before), "{line}");
                current = Some(after);
            }
            "end" => {
                let last = current.take().unwrap();
                assert_eq!(line["reason"], "no-better-neighbour");
                assert!(best_neighbour(&last) >= attacking_pairs(&last), "{last:?}");
            }
            _ => continue,
        }
        if let Some(rows) = line["state"].as_array() {
            let rows: Vec<u64> = rows.iter().map(|v| v.as_u64().unwrap()).collect();
            assert_eq!(line["value"].as_u64(), Some(attacking_pairs(&rows)), "{line}");
        }
    }
}

#[test]
fn every_trace_begins_with_the_run_it_is_of() {
    // docs/trace.md, "The run line": the puzzle, the strategy and the instance as the replay
    // page names them, so that the page replays the file as what it is.
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("input.txt");
    std::fs::write(&input, "345\n555\n355,445,554\n").unwrap();
    let trace = dir.path().join("t.jsonl");
    let t = trace.to_str().unwrap();
    let runs: [(Vec<&str>, Value); 5] = [
        (
            vec!["digits", "g", input.to_str().unwrap()],
            serde_json::json!({"puzzle": "digits", "strategy": "G",
                "instance": {"start": "345", "goal": "555", "forbidden": "355,445,554"}}),
        ),
        (
            vec!["npuzzle", "dfs", "1,2,5,3,4,0,6,7,8"],
            serde_json::json!({"puzzle": "npuzzle", "strategy": "dfs",
                "instance": {"board": "1,2,5,3,4,0,6,7,8", "goal": "0,1,2,3,4,5,6,7,8", "heuristic": "manhattan"}}),
        ),
        (
            vec!["solve", "--heuristic", "manhattan", "1,2,5,3,4,0,6,7,8"],
            serde_json::json!({"puzzle": "npuzzle", "strategy": "ida",
                "instance": {"board": "1,2,5,3,4,0,6,7,8", "goal": "0,1,2,3,4,5,6,7,8", "heuristic": "manhattan"}}),
        ),
        (
            vec!["solve", "1,2,0,3,4,5,6,7,8,9,10,11,12,13,14,15"],
            serde_json::json!({"puzzle": "npuzzle-ida", "strategy": "ida",
                "instance": {"tiles": "1,2,0,3,4,5,6,7,8,9,10,11,12,13,14,15"}}),
        ),
        (
            vec!["search", "romania", "bfs", "--from", "Arad", "--to", "Bucharest"],
            serde_json::json!({"puzzle": "romania", "strategy": "bfs", "instance": {"from": "Arad", "to": "Bucharest"}}),
        ),
    ];
    for (args, mut want) in runs {
        let out = searchlab().args(&args).args(["--trace", t]).output().unwrap();
        assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        want["type"] = "run".into();
        let lines = lines(&trace);
        assert_eq!(lines[0], want, "{args:?}");
        assert_eq!(lines[1]["type"], "start", "{args:?}");
    }
}
