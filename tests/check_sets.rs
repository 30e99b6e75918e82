//! End-to-end tests of `searchlab check`'s test sets and report files: a suite written by
//! `searchlab cases` (plain and hashed) is run by `check --cases DIR`; the same seed gives the
//! same random cases; `--junit` and `--gradescope` write their files; usage errors exit 2 with
//! one line. The programs are those of `tests/check.rs` (`tests/check_programs/`).

use std::path::{Path, PathBuf};

use assert_cmd::Command;

const DRIVER: &str = include_str!("check_programs/driver.py");
const THREE: &str = include_str!("check_programs/three_digits_bfs.py");

fn searchlab() -> Command {
    Command::cargo_bin("searchlab").unwrap()
}

/// Writes `text` with `from` replaced by `to` (which must occur) as `name` in `dir`, and
/// returns the command that runs it with `args`.
fn program(dir: &Path, name: &str, text: &str, (from, to): (&str, &str), args: &str) -> String {
    assert!(text.contains(from), "{from}");
    let path: PathBuf = dir.join(name);
    std::fs::write(&path, text.replace(from, to)).unwrap();
    format!("python3 {} {args}", path.display())
}

fn json(args: &[&str], code: i32) -> serde_json::Value {
    let out = searchlab().arg("check").args(args).args(["--json", "--jobs", "2"]).output().unwrap();
    assert_eq!(out.status.code(), Some(code), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

fn write_suite(dir: &Path, extra: &[&str]) {
    let mut c = searchlab();
    c.args(["cases", "digits", "--n", "4", "--seed", "2", "--methods", "B", "--set", "all", "--out"]).arg(dir);
    c.args(extra).assert().success();
}

#[test]
fn a_suite_written_by_cases_is_run_by_check_plain_and_hashed() {
    let dir = tempfile::tempdir().unwrap();
    let good = program(dir.path(), "good.py", THREE, ("LIMIT = 1000", "LIMIT = 1000"), "{letter} {file}");
    let bad = program(dir.path(), "bad.py", THREE, ("LIMIT = 1000", "LIMIT = 1001"), "{letter} {file}");
    for (name, extra) in [("plain", &[][..]), ("hashed", &["--hashed"][..])] {
        let suite = dir.path().join(name);
        write_suite(&suite, extra);
        let manifest: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(suite.join("manifest.json")).unwrap()).unwrap();
        let n = manifest["cases"].as_array().unwrap().len();
        let suite = suite.to_str().unwrap();
        let v = json(&["digits", "--cmd", &good, "--cases", suite], 0);
        assert_eq!((v["summary"]["total"].as_u64(), v["summary"]["passed"].as_u64()), (Some(n as u64), Some(n as u64)));
        // The 4th random family reaches the 1000-expansion limit: the program stopping at 1001 fails there.
        let v = json(&["digits", "--cmd", &bad, "--cases", suite], 1);
        assert_eq!(v["summary"]["methods"]["B"]["variants"], serde_json::json!(["limit-1001"]), "{name}");
        let names: Vec<&str> = v["tests"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap()).collect();
        assert!(names.contains(&"random-003-B"), "{names:?}");
    }
}

#[test]
fn the_same_seed_gives_the_same_random_cases() {
    let dir = tempfile::tempdir().unwrap();
    let good = program(
        dir.path(),
        "driver.py",
        DRIVER,
        ("GOAL_ON_GENERATION = False", "GOAL_ON_GENERATION = False"),
        "{method} {board}",
    );
    let inputs = |seed: &str| -> Vec<String> {
        let args = ["npuzzle", "--cmd", &good, "--cases", "random", "--n", "3", "--seed", seed, "--methods", "bfs"];
        let v = json(&args, 0);
        v["tests"].as_array().unwrap().iter().map(|t| t["input"].as_str().unwrap().to_owned()).collect()
    };
    let first = inputs("9");
    assert_eq!(first.len(), 3);
    assert_eq!(first, inputs("9"));
    assert_ne!(first, inputs("10"));
}

#[test]
fn junit_and_gradescope_files_are_written() {
    let dir = tempfile::tempdir().unwrap();
    let bad = program(dir.path(), "bad.py", THREE, ("LIMIT = 1000", "LIMIT = 1001"), "{letter} {file}");
    let (junit, gradescope) = (dir.path().join("junit.xml"), dir.path().join("results.json"));
    let v = json(
        &[
            "digits",
            "--cmd",
            &bad,
            "--cases",
            "public",
            "--letters",
            "B",
            "--junit",
            junit.to_str().unwrap(),
            "--gradescope",
            gradescope.to_str().unwrap(),
        ],
        1,
    );
    let (passed, total) = (v["summary"]["passed"].as_u64().unwrap(), v["summary"]["total"].as_u64().unwrap());
    assert!(passed < total);
    let xml = std::fs::read_to_string(&junit).unwrap();
    assert!(xml.contains(&format!(
        "<testsuites name=\"searchlab check digits\" tests=\"{total}\" failures=\"{}\"",
        total - passed
    )));
    assert!(xml.contains("limit-1001"), "the failure names the rule");
    let results: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&gradescope).unwrap()).unwrap();
    let tests = results["tests"].as_array().unwrap();
    assert_eq!(tests.len() as u64, total);
    assert!(tests.iter().all(|t| t["max_score"] == 2.0));
    // A failed 3-digit test here has its path right and its expanded list wrong: 1 of 2 points.
    assert_eq!(results["score"].as_f64(), Some(2.0 * passed as f64 + (total - passed) as f64));
}

#[test]
fn usage_errors_exit_2_with_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let suite = dir.path().join("suite");
    write_suite(&suite, &[]);
    let suite = suite.to_str().unwrap();
    let npuzzle = ["check", "npuzzle", "--cmd", "x {method} {board}"];
    let digits = ["check", "digits", "--cmd", "x {letter} {file}"];
    for (base, extra, says) in [
        (&npuzzle, &["--cases", "no/such/folder"][..], "unknown test set"),
        (&npuzzle, &["--cases", suite][..], "digits suite"),
        (&npuzzle, &["--letters", "B"][..], "--letters is for digits"),
        (&digits, &["--size", "4"][..], "--size"),
        (&npuzzle, &["--size", "9"][..], "board size 9"),
        (&digits, &["--letters", "Q"][..], "unknown letter `Q`: use one of B, D, I, G, A, H"),
    ] {
        let out = searchlab().args(base).args(extra).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{extra:?}: {stderr}");
        assert!(stderr.contains(says) && stderr.lines().count() == 1, "{extra:?}: {stderr}");
    }
}
