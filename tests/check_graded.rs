//! `searchlab check` fails only what the graders grade, on inputs the assignment allows; it
//! explains part of a failure no named rule explains whole; and it refuses, before any run, a
//! command that cannot work. The programs are the corpus's correct N-puzzle driver with lines
//! edited here.

use std::path::{Path, PathBuf};

use assert_cmd::Command;

fn searchlab() -> Command {
    Command::cargo_bin("searchlab").unwrap()
}

const CORRECT: &str = include_str!("check_corpus/npuzzle/correct.py");

/// The correct driver with each `(from, to)` replaced (each `from` must occur), written as
/// `name` into `dir`; the command that runs it.
fn driver(dir: &Path, name: &str, edits: &[(&str, &str)]) -> String {
    let mut text = CORRECT.to_owned();
    for (from, to) in edits {
        assert!(text.contains(from), "{from}");
        text = text.replacen(from, to, 1);
    }
    let path: PathBuf = dir.join(name);
    std::fs::write(&path, text).unwrap();
    format!("python3 {} {{method}} {{board}}", path.display())
}

/// A right search written in forms the handout only shows (`path_to_goal:[…]`, `cost_of_path
/// = 3`, six and two decimals) that prints every expanded state on stdout.
fn loose_form_chatty(dir: &Path) -> String {
    driver(
        dir,
        "loose-form-chatty.py",
        &[
            (
                "        res.expanded += 1\n",
                "        res.expanded += 1\n        print(\"expanding\", state, depth[state])\n",
            ),
            ("\"path_to_goal: %s\\n\"", "\"path_to_goal:%s\\n\""),
            ("\"cost_of_path: %d\\n\"", "\"cost_of_path = %d\\n\""),
            ("\"running_time: %.8f\\n\"", "\"running_time: %.6f\\n\""),
            ("\"max_ram_usage: %.8f\\n\"", "\"max_ram_usage: %.2f\\n\""),
        ],
    )
}

fn json(out: &[u8]) -> serde_json::Value {
    serde_json::from_slice(out).expect("check --json prints one object")
}

#[test]
fn shown_forms_and_stdout_are_not_graded() {
    // A right search written `path_to_goal:[…]`, `cost_of_path = 3`, six and two decimals, that
    // prints every expanded state on stdout: the grader gives it full marks, so does check.
    let dir = tempfile::tempdir().unwrap();
    let cmd = loose_form_chatty(dir.path());
    let out = searchlab()
        .args(["check", "npuzzle", "--cmd", &cmd, "--cases", "public", "--jobs", "2", "--timeout", "120", "--json"])
        .output()
        .unwrap();
    let report = json(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{:#}", report["summary"]);
    assert_eq!(report["summary"]["passed"], report["summary"]["total"]);
    let format = &report["summary"]["methods"]["bfs"]["format"];
    for note in ["spacing", "key-equals-value", "not-eight-decimals"] {
        assert!(format.as_array().unwrap().iter().any(|f| f == note), "{note} noted: {format}");
    }
    let text = searchlab()
        .args(["check", "npuzzle", "--cmd", &cmd, "--cases", "public", "--methods", "ast", "--jobs", "2"])
        .output()
        .unwrap();
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(text.contains("format notes (not graded"), "{text}");
}

#[test]
fn the_default_cases_stay_inside_the_assignment() {
    let dir = tempfile::tempdir().unwrap();
    let cmd = loose_form_chatty(dir.path());
    let run = |cases: &str| {
        let out = searchlab()
            .args(["check", "npuzzle", "--cmd", &cmd, "--cases", cases, "--n", "2", "--methods", "bfs", "--json"])
            .output()
            .unwrap();
        json(&out.stdout)["tests"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["name"].as_str().unwrap().to_owned())
            .collect::<Vec<_>>()
    };
    assert!(!run("all").iter().any(|n| n.contains("two-by-two")), "2x2 boards are outside m = 3, 4, 5, …");
    assert_eq!(run("robustness"), ["edge-two-by-two-bfs"]);
}

#[test]
fn a_test_stopped_at_the_time_limit_fails_on_its_running_time_alone() {
    // The graders grade time over the whole suite (10 minutes for 15 tests), so a search that
    // is right but slower than check's limit is not a wrong answer: its values are unknown.
    let dir = tempfile::tempdir().unwrap();
    let cmd = driver(dir.path(), "slow.py", &[("import sys\n", "import sys\nimport time\ntime.sleep(30)\n")]);
    let out = searchlab()
        .args(["check", "npuzzle", "--cmd", &cmd, "--cases", "public", "--methods", "dfs", "--jobs", "1"])
        .args(["--timeout", "1", "--json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "a stopped test still fails");
    let report = json(&out.stdout);
    let tests = report["tests"].as_array().unwrap();
    assert!(!tests.is_empty());
    for test in tests {
        assert_eq!(test["passed"], false, "{test}");
        let items = test["items"].as_array().unwrap();
        assert_eq!(items.len(), 1, "only the running time is known to be wrong: {test}");
        assert_eq!(items[0]["item"], "running_time", "{test}");
        let got = items[0]["got"].as_str().unwrap();
        assert!(got.contains("(stopped)") || got.contains("not run, predicted"), "{test}");
        assert_eq!(test["first_divergence"]["item"], "running_time", "{test}");
    }
    // The cheapest case runs and is stopped; the costlier ones are left out as predicted.
    let stopped = tests.iter().filter(|t| t["items"][0]["got"].as_str().unwrap().contains("(stopped)")).count();
    assert!(stopped >= 1, "{report}");
    assert_eq!(report["summary"]["methods"]["dfs"]["variants"], serde_json::json!([]), "no rule is blamed");
}

#[test]
fn a_mistake_no_rule_models_leaves_the_others_named() {
    // A* with last-added ties (a named rule) and nodes_expanded written doubled (no rule).
    let dir = tempfile::tempdir().unwrap();
    let cmd = driver(
        dir.path(),
        "partial-lifo-doubled.py",
        &[
            ("manhattan(child, n), counter, child)", "manhattan(child, n), -counter, child)"),
            ("% res.expanded)", "% (2 * res.expanded))"),
        ],
    );
    let out = searchlab()
        .args(["check", "npuzzle", "--cmd", &cmd, "--cases", "public", "--methods", "ast", "--jobs", "2", "--json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let report = json(&out.stdout);
    let ast = &report["summary"]["methods"]["ast"];
    assert_eq!(ast["variants"], serde_json::json!([]), "nothing explains the doubled count");
    let partial = ast["partial"].as_array().unwrap();
    let lifo = partial.iter().find(|p| p["rules"] == "astar-lifo-ties").unwrap_or_else(|| panic!("{partial:?}"));
    assert!(lifo["items"].as_array().unwrap().iter().any(|i| i == "path_to_goal"), "{lifo}");
    assert!(lifo["tests"].as_u64().unwrap() >= 1, "{lifo}");
    assert!(partial.len() <= 6, "at most three of each kind: {partial:?}");
}

#[test]
fn commands_that_cannot_work_are_refused_before_running() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("plain.py"), "print('hi')\n").unwrap();
    for (puzzle, cmd, says) in [
        ("npuzzle", "python3 plain.py {letter} {file}", "which a 3-digit program takes"),
        ("digits", "python3 plain.py {method} {board}", "which an N-puzzle program takes"),
        ("npuzzle", "python3 plain.py {method}", "--cmd has no {board}"),
        ("digits", "python3 plain.py {file}", "--cmd has no {letter}"),
        ("digits", "python3 missing.py {letter} {file}", "there is no file missing.py"),
        ("digits", "./plain.py {letter} {file}", "not executable"),
        ("npuzzle", "no-such-python3 plain.py {method} {board}", "no program of that name on the PATH"),
    ] {
        let out = searchlab().current_dir(dir.path()).args(["check", puzzle, "--cmd", cmd]).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{cmd}: {stderr}");
        assert!(stderr.contains(says) && stderr.lines().count() == 1, "{cmd}: {stderr}");
        assert!(out.stdout.is_empty(), "{cmd}");
    }
}
