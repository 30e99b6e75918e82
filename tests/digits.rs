//! End-to-end tests of `searchlab digits`: every published case and probe, and bad input.

use std::path::{Path, PathBuf};

use assert_cmd::Command;

fn searchlab() -> Command {
    Command::cargo_bin("searchlab").unwrap()
}

fn data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/threedigits")
}

/// The comparison the conformance README prescribes: line by line, ignoring trailing
/// whitespace and trailing empty lines.
fn normalize(text: &str) -> Vec<String> {
    let mut lines: Vec<String> = text.lines().map(|l| l.trim_end().to_string()).collect();
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    lines
}

fn case_dirs() -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    for group in [data(), data().join("probes")] {
        for entry in std::fs::read_dir(&group).unwrap() {
            let path = entry.unwrap().path();
            if path.join("input.txt").is_file() {
                dirs.push(path);
            }
        }
    }
    dirs.sort();
    dirs
}

#[test]
fn every_published_case_and_probe_matches() {
    let mut checked = 0;
    let mut failures = Vec::new();
    let mut missing = Vec::new();
    let dirs = case_dirs();
    assert_eq!(dirs.len(), 36 + 18, "case and probe folders");
    for dir in dirs {
        for letter in ["B", "D", "I", "G", "A", "H"] {
            let expected = dir.join(format!("expected-{letter}.txt"));
            let name = dir.file_name().unwrap().to_string_lossy().into_owned();
            let Ok(expected) = std::fs::read_to_string(&expected) else {
                missing.push(format!("{name} {letter}"));
                continue;
            };
            let output = searchlab().args(["digits", letter]).arg(dir.join("input.txt")).output().unwrap();
            checked += 1;
            let actual = String::from_utf8(output.stdout).unwrap();
            if !output.status.success() || normalize(&actual) != normalize(&expected) {
                failures.push(format!("{} {letter}", dir.file_name().unwrap().to_string_lossy()));
            }
        }
    }
    // 36 cases and 18 probes × 6 letters, less the pairs without a consensus answer
    // (listed in SOURCES.md): exactly 305 files, as `ls */expected-*.txt` counts them.
    assert_eq!(checked, 305, "expected files checked");
    assert!(failures.is_empty(), "{} of {checked} differ: {failures:?}", failures.len());
    // The case/letter pairs with no consensus answer (SOURCES.md), so a lost file is noticed.
    let no_consensus = [
        "case-07 A",
        "case-09 A",
        "case-13 B",
        "case-16 I",
        "case-18 B",
        "case-18 I",
        "case-18 A",
        "case-20 G",
        "case-20 A",
        "case-27 I",
        "case-31 A",
        "case-32 B",
        "case-32 A",
        "case-33 B",
        "case-33 A",
        "case-34 B",
        "case-34 A",
        "case-36 G",
        "case-36 A",
    ];
    assert_eq!(missing, no_consensus, "case/letter pairs without an expected file");
}

#[test]
fn the_spec_example_prints_two_lines_per_strategy() {
    let input = data().join("case-01/input.txt");
    let expected = [
        ("B", "320,220,210,110\n320,220,420,310,330,321,210,230,221,410,430,421,210,410,311,230,430,331,221,421,311,331,110\n"),
        ("D", "320,220,210,110\n320,220,210,110\n"),
        ("G", "320,310,210,211,111,110\n320,310,210,211,111,110\n"),
        ("A", "320,220,210,110\n320,310,210,220,210,110\n"),
        ("H", "No solution found.\n320,310,210\n"),
    ];
    for (letter, out) in expected {
        searchlab().args(["digits", letter]).arg(&input).assert().success().stdout(out.to_string()).stderr("");
    }
}

#[test]
fn names_and_lower_case_letters_are_accepted() {
    let input = data().join("case-01/input.txt");
    for name in ["a", "astar", "A*"] {
        searchlab()
            .args(["digits", name])
            .arg(&input)
            .assert()
            .success()
            .stdout("320,220,210,110\n320,310,210,220,210,110\n");
    }
}

#[test]
fn the_limit_prints_no_solution_and_exactly_1000_nodes() {
    let input = data().join("case-04/input.txt");
    let out = searchlab().args(["digits", "D"]).arg(&input).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "No solution found.");
    assert_eq!(lines[1].split(',').count(), 1000);
}

#[test]
fn json_has_algorithm_path_expanded_and_stats() {
    let input = data().join("case-01/input.txt");
    let out = searchlab().args(["digits", "A", "--json"]).arg(&input).output().unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["algorithm"], "AStar");
    assert_eq!(v["path"], serde_json::json!(["320", "220", "210", "110"]));
    assert_eq!(v["expanded"].as_array().unwrap().len(), 6);
    assert_eq!(v["stats"]["selected"], 6);
    let out = searchlab().args(["digits", "H", "--json"]).arg(&input).output().unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(v["path"].is_null());
}

fn write_input(dir: &tempfile::TempDir, bytes: &[u8]) -> PathBuf {
    let path = dir.path().join("input.txt");
    std::fs::write(&path, bytes).unwrap();
    path
}

#[test]
fn bad_input_is_a_one_line_error_with_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let cases: [(&[u8], &str); 6] = [
        (b"", "empty"),
        (b"345\n", "line 2"),
        (b"3456\n555\n", "line 1: `3456`"),
        (b"345\n555\n455,x45\n", "line 3: `x45`"),
        (b"345\n-55\n", "line 2: `-55`"),
        (b"\xff\xfe\x00", "not text"),
    ];
    for (bytes, needle) in cases {
        let input = write_input(&dir, bytes);
        let out = searchlab().args(["digits", "B"]).arg(&input).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{needle}");
        assert!(out.stdout.is_empty());
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(needle), "{err} lacks {needle}");
    }
}

#[test]
fn usage_errors_exit_2() {
    let input = data().join("case-01/input.txt");
    let out = searchlab().args(["digits", "X"]).arg(&input).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr).unwrap().contains("unknown strategy `X`"));
    searchlab().args(["digits", "B"]).assert().code(2);
    searchlab().args(["digits"]).assert().code(2);
    searchlab().args(["digits", "B", "/nonexistent/file.txt"]).assert().code(2).stdout("");
    searchlab().args(["digits", "B"]).arg(&input).arg("extra").assert().code(2);
}

#[test]
fn lenient_formats_are_accepted() {
    let dir = tempfile::tempdir().unwrap();
    let reference = searchlab().args(["digits", "A"]).arg(data().join("case-04/input.txt")).output().unwrap().stdout;
    for bytes in [&b"345\r\n555\r\n455,545,554\r\n"[..], b"345\n555\n455, 545, 554", b"\n345\n\n555\n455,545,554,\n\n"]
    {
        let input = write_input(&dir, bytes);
        searchlab().args(["digits", "A"]).arg(&input).assert().success().stdout(reference.clone());
    }
    // One- and two-digit numbers are zero-padded.
    let input = write_input(&dir, b"5\n6\n");
    searchlab().args(["digits", "B"]).arg(&input).assert().success().stdout("005,006\n005,105,015,004,006\n");
}
