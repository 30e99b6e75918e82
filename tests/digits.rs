//! End-to-end tests of `searchlab digits`: every published case and probe, bad input, and the
//! 2012 dialect on its 90 files.

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
    // The arguments swapped: said in one line, with the command to type.
    let out = searchlab().arg("digits").arg(&input).arg("B").output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains(&format!("the strategy comes first: searchlab digits B {}", input.display())), "{err}");
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

// The 2012 dialect (`--dialect 2012`): all 90 expected outputs of
// `tests/data/threedigits/variant-2012` (15 cases × 6 letters, from the 2012 version of the
// assignment), compared as above. Without the dialect, 38 of the 90 match, the figure the
// contract gives for its default reference (section 4.10).

fn cases_2012() -> Vec<PathBuf> {
    let root = data().join("variant-2012");
    let mut dirs: Vec<PathBuf> =
        std::fs::read_dir(root).unwrap().map(|e| e.unwrap().path()).filter(|p| p.join("input.txt").is_file()).collect();
    dirs.sort();
    dirs
}

/// Runs every file with `extra` arguments; returns (matching, differing names).
fn run_all_2012(extra: &[&str]) -> (usize, Vec<String>) {
    let dirs = cases_2012();
    assert_eq!(dirs.len(), 15);
    let (mut matching, mut differing) = (0, Vec::new());
    for dir in dirs {
        for letter in ["B", "D", "I", "G", "A", "H"] {
            let expected = std::fs::read_to_string(dir.join(format!("expected-{letter}.txt"))).unwrap();
            let output = Command::cargo_bin("searchlab")
                .unwrap()
                .args(["digits", letter])
                .arg(dir.join("input.txt"))
                .args(extra)
                .output()
                .unwrap();
            assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
            if normalize(&String::from_utf8(output.stdout).unwrap()) == normalize(&expected) {
                matching += 1;
            } else {
                differing.push(format!("{} {letter}", dir.file_name().unwrap().to_string_lossy()));
            }
        }
    }
    (matching, differing)
}

#[test]
fn all_90_files_of_the_2012_dialect_match() {
    let (matching, differing) = run_all_2012(&["--dialect", "2012"]);
    assert!(differing.is_empty(), "{} differ: {differing:?}", differing.len());
    assert_eq!(matching, 90);
}

#[test]
fn the_current_dialect_matches_38_of_them() {
    assert_eq!(run_all_2012(&[]).0, 38);
}

#[test]
fn the_four_differences_one_by_one() {
    let dir = tempfile::TempDir::new().unwrap();
    let run = |input: &str, letter: &str, dialect: &str| {
        let file = dir.path().join("input.txt");
        std::fs::write(&file, input).unwrap();
        let out = Command::cargo_bin("searchlab")
            .unwrap()
            .args(["digits", letter])
            .arg(&file)
            .args(["--dialect", dialect])
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    // 1. The limit: one line.
    assert_eq!(run("000\n999\n899,989,998\n", "B", "2012"), "Depth limit reached\n");
    assert!(run("000\n999\n899,989,998\n", "B", "current").starts_with("No solution found.\n"));
    // 2. The fringe runs empty (every neighbour of 000 is forbidden): an empty line 1.
    assert_eq!(run("000\n111\n100,010,001\n", "B", "2012"), "\n000\n");
    // 3. Hill-climbing stuck: the path to where it stopped (the spec's example).
    assert_eq!(run("320\n110\n", "H", "2012"), "320,310,210\n320,310,210\n");
    // 4. The start number is not expanded again: the current dialect's DFS revisits 000
    //    (case-02 of the published cases), the 2012 one goes on from 010.
    let current = run("000\n001\n", "D", "current");
    assert_eq!(current, "000,100,110,010,000,001\n000,100,110,010,000,001\n");
    let old = run("000\n001\n", "D", "2012");
    assert!(!old.lines().nth(1).unwrap().starts_with("000,100,110,010,000"), "{old}");
    assert!(Command::cargo_bin("searchlab")
        .unwrap()
        .args(["digits", "B", "x", "--dialect", "2013"])
        .assert()
        .try_code(2)
        .is_ok());
}
