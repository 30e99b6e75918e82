//! End-to-end tests of `searchlab cases`: the suite's files, the seed, hashing, and the
//! refusal to write into a folder that holds files. Answers are checked against the
//! `digits` and `npuzzle` commands.

use std::path::Path;

use assert_cmd::Command;

fn searchlab() -> Command {
    Command::cargo_bin("searchlab").unwrap()
}

fn cases(args: &[&str], out: &Path) -> std::process::Output {
    searchlab().arg("cases").args(args).arg("--out").arg(out).output().unwrap()
}

fn manifest(dir: &Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(dir.join("manifest.json")).unwrap()).unwrap()
}

#[test]
fn a_digits_suite_holds_the_digits_commands_answers_and_is_reproducible() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a"), dir.path().join("b"));
    let args = ["digits", "--n", "7", "--seed", "7", "--methods", "B,a"];
    for out in [&a, &b] {
        let output = cases(&args, out);
        assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
        assert!(String::from_utf8_lossy(&output.stdout).contains("14 digits cases"));
    }
    assert_eq!(std::fs::read(a.join("manifest.json")).unwrap(), std::fs::read(b.join("manifest.json")).unwrap());
    let m = manifest(&a);
    assert_eq!(
        (m["format"].as_str(), m["puzzle"].as_str(), m["hashed"].as_bool()),
        (Some("searchlab-suite/1"), Some("digits"), Some(false))
    );
    let entries = m["cases"].as_array().unwrap();
    assert_eq!(entries.len(), 14);
    for e in entries {
        let input = a.join(e["input"].as_str().unwrap());
        let expected = std::fs::read_to_string(a.join(e["expected"].as_str().unwrap())).unwrap();
        let letter = e["method"].as_str().unwrap();
        assert!(["B", "A"].contains(&letter));
        let reference = searchlab().arg("digits").arg(letter).arg(&input).output().unwrap();
        assert_eq!(String::from_utf8(reference.stdout).unwrap(), expected, "{}", e["name"]);
    }
    // Every family is there.
    let labels: std::collections::HashSet<&str> = entries.iter().map(|e| e["labels"][0].as_str().unwrap()).collect();
    assert_eq!(labels.len(), 7, "{labels:?}");
}

#[test]
fn an_npuzzle_suite_holds_the_graded_lines_of_the_npuzzle_command() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("suite");
    let output = cases(&["npuzzle", "--n", "3", "--seed", "7", "--set", "all", "--methods", "ast"], &out);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let m = manifest(&out);
    let entries = m["cases"].as_array().unwrap();
    assert!(entries.iter().any(|e| e["name"] == "edge-solved-board-ast"));
    for e in entries {
        let board = std::fs::read_to_string(out.join(e["input"].as_str().unwrap())).unwrap();
        let expected = std::fs::read_to_string(out.join(e["expected"].as_str().unwrap())).unwrap();
        let reference = searchlab().args(["npuzzle", "ast", board.trim(), "-o", "-"]).output().unwrap();
        let reference = String::from_utf8(reference.stdout).unwrap();
        let graded: String = reference.split_inclusive('\n').take(5).collect();
        assert_eq!(graded, expected, "{}", e["name"]);
    }
}

#[test]
fn a_hashed_suite_has_no_answers_and_a_used_folder_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("suite");
    let output = cases(&["digits", "--set", "edge", "--hashed"], &out);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(!out.join("expected").exists());
    let m = manifest(&out);
    let e = m["cases"].as_array().unwrap().iter().find(|e| e["name"] == "edge-spec-example-B").unwrap();
    assert!(e["expected"].is_null());
    let sha = e["expected_sha256"].as_str().unwrap();
    assert_eq!(sha.len(), 64);
    assert!(sha.chars().all(|c| c.is_ascii_hexdigit()));

    std::fs::write(out.join("mine.txt"), "keep me").unwrap();
    let again = cases(&["digits", "--n", "1"], &out);
    assert_eq!(again.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&again.stderr).contains("--force"));
    let forced = cases(&["digits", "--n", "1", "--force"], &out);
    assert!(forced.status.success());
    assert_eq!(std::fs::read_to_string(out.join("mine.txt")).unwrap(), "keep me");
}

#[test]
fn usage_errors_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("s");
    assert_eq!(cases(&["digits", "--methods", "bfs"], &out).status.code(), Some(2));
    assert_eq!(cases(&["npuzzle", "--size", "7"], &out).status.code(), Some(2));
    assert_eq!(cases(&["chess"], &out).status.code(), Some(2));
    assert!(!out.exists(), "nothing written on a usage error");
}
