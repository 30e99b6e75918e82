//! End-to-end tests of `searchlab check` on tiny Python programs written into a temporary
//! folder: a correct one scores 100 %, one with the goal tested on generation and one with
//! the expansion limit off by one are each diagnosed with their rule. The programs are in
//! `tests/check_programs/`; the mistakes are made by editing one line of them here.

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use predicates::str::contains;

const DRIVER: &str = include_str!("check_programs/driver.py");
const THREE: &str = include_str!("check_programs/three_digits_bfs.py");

fn searchlab() -> Command {
    Command::cargo_bin("searchlab").unwrap()
}

fn python() -> &'static str {
    "python3"
}

/// Writes `text` with `from` replaced by `to` (which must occur) as `name` in `dir`.
fn program(dir: &Path, name: &str, text: &str, from: &str, to: &str) -> PathBuf {
    assert!(text.contains(from), "{from}");
    let path = dir.join(name);
    std::fs::write(&path, text.replace(from, to)).unwrap();
    path
}

fn check(puzzle: &str, cmd: String, filter: &[&str]) -> assert_cmd::assert::Assert {
    let mut c = searchlab();
    c.args(["check", puzzle, "--cmd", &cmd, "--json"]).args(filter);
    if !filter.contains(&"--jobs") {
        c.args(["--jobs", "2"]);
    }
    if !filter.contains(&"--cases") {
        c.args(["--cases", "public"]);
    }
    c.assert()
}

fn json(assert: &assert_cmd::assert::Assert) -> serde_json::Value {
    serde_json::from_slice(&assert.get_output().stdout).expect("check --json prints one JSON object")
}

#[test]
fn a_correct_npuzzle_driver_scores_every_item() {
    let dir = tempfile::tempdir().unwrap();
    let p = program(dir.path(), "driver.py", DRIVER, "GOAL_ON_GENERATION = False", "GOAL_ON_GENERATION = False");
    let a = check("npuzzle", format!("{} {} {{method}} {{board}}", python(), p.display()), &["--methods", "ast"]);
    let a = a.code(0);
    let v = json(&a);
    assert_eq!(v["summary"]["passed"], v["summary"]["total"]);
    assert_eq!(v["summary"]["methods"]["ast"]["total"], 6);
    for t in v["tests"].as_array().unwrap() {
        assert_eq!(t["passed"], true, "{t}");
        assert_eq!(t["items"].as_array().unwrap().len(), 8);
    }
}

#[test]
fn an_npuzzle_driver_testing_the_goal_on_generation_is_diagnosed() {
    let dir = tempfile::tempdir().unwrap();
    let p = program(dir.path(), "driver.py", DRIVER, "GOAL_ON_GENERATION = False", "GOAL_ON_GENERATION = True");
    let a = check("npuzzle", format!("{} {} {{method}} {{board}}", python(), p.display()), &["--methods", "ast"]);
    let v = json(&a.code(1));
    let failed: Vec<&serde_json::Value> =
        v["tests"].as_array().unwrap().iter().filter(|t| t["passed"] == false).collect();
    assert!(!failed.is_empty());
    for t in &failed {
        let names: Vec<&str> = t["variants"].as_array().unwrap().iter().filter_map(|n| n.as_str()).collect();
        assert!(names.contains(&"goal-on-generation"), "{t}");
        assert_eq!(t["first_divergence"]["item"], "nodes_expanded", "{t}");
    }
    assert!(v["summary"]["methods"]["ast"]["variants"].as_array().unwrap().iter().any(|n| n == "goal-on-generation"));
    assert!(v["summary"]["variants"].as_array().unwrap().iter().any(|n| n == "goal-on-generation"));
}

#[test]
fn a_three_digit_program_is_scored_and_its_limit_off_by_one_named() {
    let dir = tempfile::tempdir().unwrap();
    let good = program(dir.path(), "good.py", THREE, "LIMIT = 1000", "LIMIT = 1000");
    let a = check("digits", format!("{} {} {{letter}} {{file}}", python(), good.display()), &["--letters", "B"]);
    let v = json(&a.code(0));
    assert_eq!(v["summary"]["methods"]["B"]["passed"], v["summary"]["methods"]["B"]["total"]);

    let bad = program(dir.path(), "bad.py", THREE, "LIMIT = 1000", "LIMIT = 1001");
    let cmd = format!("{} {} {{letter}} {{file}}", python(), bad.display());
    let a = check("digits", cmd.clone(), &["--letters", "B"]);
    let v = json(&a.code(1));
    assert_eq!(v["summary"]["methods"]["B"]["variants"], serde_json::json!(["limit-1001"]));
    let failed = v["tests"].as_array().unwrap().iter().find(|t| t["passed"] == false).unwrap();
    assert_eq!(failed["first_divergence"]["at"]["index"], 1000, "{failed}");
    // The text report says it in plain words.
    searchlab()
        .args(["check", "digits", "--cmd", &cmd, "--letters", "B", "--cases", "public"])
        .assert()
        .code(1)
        .stdout(contains("B: "))
        .stdout(contains("Every failure is explained by limit-1001: stops after 1001 expansions instead of 1000"));
}

#[test]
fn list_variants_prints_every_name_with_its_line() {
    searchlab()
        .args(["check", "--list-variants"])
        .assert()
        .code(0)
        .stdout(contains("goal-on-generation"))
        .stdout(contains("astar-lifo-ties"))
        .stdout(contains("limit-goal-at-1000th-fails"))
        .stdout(contains("identity-digits-only"));
}

#[test]
fn usage_errors_exit_2() {
    searchlab().args(["check", "npuzzle"]).assert().code(2);
    searchlab().args(["check", "npuzzle", "--cmd", "x {method} {board}", "--cases", "nope"]).assert().code(2);
    searchlab().args(["check", "digits", "--cmd", "x {letter} {file}", "--letters", "Q"]).assert().code(2);
    searchlab().args(["check", "digits", "--cmd", "'unclosed"]).assert().code(2);
    // An unknown method lists the puzzle's.
    searchlab()
        .args(["check", "npuzzle", "--cmd", "x {method} {board}", "--methods", "astar"])
        .assert()
        .code(2)
        .stderr(contains("unknown method `astar`: use one of bfs, dfs, ast"));
}

/// A program whose answer changes from run to run (here a counter kept outside the run
/// folders) is reported as breaking ties by chance, and no rule is blamed.
#[test]
fn an_answer_that_changes_between_runs_is_put_down_to_chance() {
    let dir = tempfile::tempdir().unwrap();
    let counter = dir.path().join("counter");
    let prog = dir.path().join("changing.py");
    std::fs::write(
        &prog,
        "import os, sys\np = sys.argv[3]\nn = int(open(p).read()) if os.path.exists(p) else 0\n\
         open(p, 'w').write(str(n + 1))\nprint('320,%03d' % (n % 1000))\nprint('320')\n",
    )
    .unwrap();
    let cmd = format!("{} {} {{letter}} {{file}} {}", python(), prog.display(), counter.display());
    let a = check("digits", cmd, &["--letters", "H", "--jobs", "1"]);
    let v = json(&a.code(1));
    for t in v["tests"].as_array().unwrap() {
        assert_eq!(t["passed"], false);
        let notes = t["notes"].as_array().unwrap();
        assert!(notes.iter().any(|n| n.as_str().unwrap().contains("memory address or random numbers")), "{t}");
        assert_eq!(t["variants"], serde_json::json!([]));
    }
}

/// A run that times out while another run shares the machine is run again alone before it
/// counts as too slow. The program here (the reference behind a wrapper) is slow only while
/// another copy of it runs: each run leaves a marker (its pid) in a shared folder and sleeps
/// past the limit when another marked process is alive. With two runs at a time some time out; alone they finish, so
/// every test passes, with a note saying so.
#[test]
fn a_run_slowed_by_a_parallel_run_is_run_again_alone() {
    let dir = tempfile::tempdir().unwrap();
    let markers = dir.path().join("markers");
    std::fs::create_dir(&markers).unwrap();
    let prog = dir.path().join("shy.py");
    std::fs::write(
        &prog,
        "import os, subprocess, sys, time\n\
         bin, letter, path, markers = sys.argv[1:5]\n\
         mine = os.path.join(markers, str(os.getpid()))\n\
         open(mine, 'w').close()\n\
         time.sleep(0.3)\n\
         def alive(pid):\n    try:\n        os.kill(int(pid), 0)\n        return True\n    except OSError:\n        return False\n\
         if sum(alive(p) for p in os.listdir(markers)) > 1:\n    time.sleep(5)\n\
         out = subprocess.run([bin, 'digits', letter, path], capture_output=True, text=True).stdout\n\
         os.remove(mine)\n\
         sys.stdout.write(out)\n",
    )
    .unwrap();
    let bin = env!("CARGO_BIN_EXE_searchlab");
    let cmd = format!("{} {} {bin} {{letter}} {{file}} {}", python(), prog.display(), markers.display());
    let a = check("digits", cmd, &["--letters", "B", "--timeout", "2"]);
    let v = json(&a.code(0));
    let tests = v["tests"].as_array().unwrap();
    assert!(tests.iter().all(|t| t["passed"] == true), "{v}");
    let alone = tests.iter().filter(|t| t["notes"].to_string().contains("run again alone, it finished")).count();
    assert!(alone >= 1, "no run was slowed: {v}");
}

/// Once a run of a method is stopped at the time limit, the cases of that method on which the
/// reference expands more nodes are not run (unless a run as large finished): the program here
/// (the reference behind a wrapper) sleeps past the limit when the reference's expanded list
/// is longer than 150 states. With one run at a time, in the order of the reference's cost, a
/// letter has exactly one stopped run and its costlier cases are left out; `--thorough` runs
/// every one of them.
#[test]
fn cases_costlier_than_a_stopped_run_are_left_out() {
    let dir = tempfile::tempdir().unwrap();
    let runs = dir.path().join("runs");
    std::fs::create_dir(&runs).unwrap();
    let prog = dir.path().join("slow_when_large.py");
    std::fs::write(
        &prog,
        "import os, subprocess, sys, time\n\
         bin, letter, path, runs = sys.argv[1:5]\n\
         open(os.path.join(runs, str(os.getpid())), 'w').close()\n\
         out = subprocess.run([bin, 'digits', letter, path], capture_output=True, text=True).stdout\n\
         lines = out.splitlines()\n\
         if len(lines) > 1 and len(lines[1].split(',')) > 150:\n    time.sleep(5)\n\
         sys.stdout.write(out)\n",
    )
    .unwrap();
    let bin = env!("CARGO_BIN_EXE_searchlab");
    let cmd = format!("{} {} {bin} {{letter}} {{file}} {}", python(), prog.display(), runs.display());
    let large = |t: &serde_json::Value| t["stopped"] == "timeout";
    let left_out = |t: &serde_json::Value| t["problems"].to_string().contains("was not run");
    let a = check("digits", cmd.clone(), &["--letters", "D", "--timeout", "1", "--jobs", "1"]);
    let v = json(&a.code(1));
    let tests = v["tests"].as_array().unwrap();
    let stopped: Vec<&serde_json::Value> = tests.iter().filter(|t| large(t)).collect();
    assert!(stopped.len() >= 3, "too few large cases to show it: {v}");
    assert_eq!(stopped.iter().filter(|t| !left_out(t)).count(), 1, "{v}");
    assert!(tests.iter().filter(|t| !large(t)).all(|t| t["passed"] == true), "{v}");
    let ran = std::fs::read_dir(&runs).unwrap().count();
    assert_eq!(ran + stopped.len() - 1, tests.len(), "{v}");
    // --thorough runs them all: every large case is stopped by the limit, none left out.
    let a = check("digits", cmd, &["--letters", "D", "--timeout", "1", "--jobs", "1", "--thorough"]);
    let v = json(&a.code(1));
    let tests = v["tests"].as_array().unwrap();
    assert!(tests.iter().filter(|t| large(t)).count() >= 3, "{v}");
    assert!(!tests.iter().any(left_out), "{v}");
}

/// A failed test is run a second time (an answer that changes is chance) until its method's
/// second runs repeated the first three times; after that, a failure that a rule already
/// found on the method reproduces is diagnosed from its one run. The corpus's program that
/// takes the first-added of tied nodes, its runs counted by a wrapper, makes exactly three
/// second runs on its 55 failures, and every failure still names the rule.
#[test]
fn failures_a_found_rule_reproduces_are_run_once_after_three_repeats() {
    let dir = tempfile::tempdir().unwrap();
    let runs = dir.path().join("runs");
    std::fs::create_dir(&runs).unwrap();
    let wrapper = dir.path().join("count.py");
    std::fs::write(
        &wrapper,
        "import os, subprocess, sys, tempfile\nruns, prog, letter, path = sys.argv[1:5]\n\
         fd, _ = tempfile.mkstemp(dir=runs)\n\
         os.write(fd, (letter + open(path).read()).encode())\n\
         sys.exit(subprocess.run([sys.executable, prog] + sys.argv[3:]).returncode)\n",
    )
    .unwrap();
    let prog = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/check_corpus/digits/ties-first-added.py");
    let cmd = format!("{} {} {} {} {{letter}} {{file}}", python(), wrapper.display(), runs.display(), prog.display());
    let a = check("digits", cmd, &["--letters", "G", "--cases", "all", "--n", "30", "--thorough"]);
    let v = json(&a.code(1));
    let tests = v["tests"].as_array().unwrap();
    let failed: Vec<&serde_json::Value> = tests.iter().filter(|t| t["passed"] == false).collect();
    assert!(failed.len() > 6, "too few failures to show it: {v}");
    for t in &failed {
        assert!(t["variants"].as_array().unwrap().contains(&serde_json::json!("ties-first-added")), "{t}");
    }
    // Each input run once (two cases with the same input are one run), three of them twice.
    let ran: Vec<String> =
        std::fs::read_dir(&runs).unwrap().map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap()).collect();
    let inputs: std::collections::BTreeSet<&String> = ran.iter().collect();
    assert_eq!(ran.len(), inputs.len() + 3, "{v}");
}
