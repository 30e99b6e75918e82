//! End-to-end tests of `searchlab check npuzzle --edition 2017`, with `searchlab npuzzle`
//! itself as the program under test: in the 2017 edition every test has ten items (the nine
//! lines and "ran"), the fringe lines are scored exactly against the 2017 handout's figures,
//! and `ida` tests are added and allowed; a program that writes the seven lines of the
//! current edition loses exactly the two fringe items.

use assert_cmd::Command;
use serde_json::{json, Value};

fn program(edition: &str) -> String {
    let bin = assert_cmd::cargo::cargo_bin("searchlab");
    format!("{} npuzzle {{method}} {{board}} --edition {edition}", bin.display())
}

fn check(args: &[&str]) -> (Option<i32>, Value) {
    let out = Command::cargo_bin("searchlab")
        .unwrap()
        .args(["check", "npuzzle", "--json", "--jobs", "2"])
        .args(args)
        .output()
        .unwrap();
    let json = serde_json::from_slice(&out.stdout).unwrap_or(Value::Null);
    (out.status.code(), json)
}

fn items(test: &Value, keep: impl Fn(&Value) -> bool) -> Vec<&Value> {
    test["items"].as_array().unwrap().iter().filter(|i| keep(i)).collect()
}

fn named<'a>(test: &'a Value, item: &str) -> &'a Value {
    items(test, |i| i["item"] == item)[0]
}

#[test]
fn the_reference_scores_every_item_of_the_2017_edition() {
    let cmd = program("2017");
    let (code, v) = check(&["--cmd", &cmd, "--edition", "2017", "--methods", "bfs,dfs,ida", "--cases", "public"]);
    assert_eq!(code, Some(0), "{v}");
    // cases.tsv: 9 bfs rows, 8 dfs rows; one ida test for each of its 13 boards (counted with
    // cut and sort -u).
    assert_eq!(v["summary"]["methods"]["bfs"]["total"], 9);
    assert_eq!(v["summary"]["methods"]["dfs"]["total"], 8);
    assert_eq!(v["summary"]["methods"]["ida"]["total"], 13);
    for t in v["tests"].as_array().unwrap() {
        assert_eq!(t["passed"], true, "{t}");
        assert_eq!(items(t, |_| true).len(), 10, "{t}");
    }
    // The 2017 handout's Example #1 (bfs) and #2 (dfs) on 1,2,5,3,4,0,6,7,8.
    let tests = v["tests"].as_array().unwrap();
    for (method, fringe, max_fringe) in [("bfs", "11", "12"), ("dfs", "2", "42913")] {
        let input = format!("{method} 1,2,5,3,4,0,6,7,8");
        let t = tests.iter().find(|t| t["input"] == input.as_str()).unwrap();
        assert_eq!(named(t, "fringe_size")["expected"], json!(fringe), "{method}");
        assert_eq!(named(t, "max_fringe_size")["expected"], json!(max_fringe), "{method}");
    }
    let ida = tests.iter().find(|t| t["input"] == "ida 1,2,5,3,4,0,6,7,8").unwrap();
    assert_eq!(ida["name"], "public-01-ida");
    assert_eq!(named(ida, "path_to_goal")["expected"], "['Up', 'Left', 'Left']");
}

#[test]
fn seven_lines_lose_the_two_fringe_items() {
    let (code, v) = check(&["--cmd", &program("2020"), "--edition", "2017", "--methods", "bfs", "--cases", "public"]);
    assert_eq!(code, Some(1), "{v}");
    for t in v["tests"].as_array().unwrap() {
        let failed: Vec<&Value> = items(t, |i| i["passed"] == false).into_iter().map(|i| &i["item"]).collect();
        assert_eq!(failed, [&json!("fringe_size"), &json!("max_fringe_size")], "{t}");
        assert_eq!(t["first_divergence"]["item"], "fringe_size", "{t}");
        // No named rule changes the fringe lines alone: nothing is blamed.
        assert_eq!(t["variants"], json!([]), "{t}");
    }
}

#[test]
fn ida_needs_the_2017_edition_and_the_default_edition_is_unchanged() {
    let out = Command::cargo_bin("searchlab")
        .unwrap()
        .args(["check", "npuzzle", "--cmd", &program("2017"), "--methods", "ida"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--edition 2017"), "{out:?}");
    // In the default edition the five lines and the form of two are scored: eight items, and a
    // program writing nine lines loses nothing.
    let (code, v) = check(&["--cmd", &program("2017"), "--methods", "ast", "--cases", "public"]);
    assert_eq!(code, Some(0), "{v}");
    assert_eq!(v["tests"][0]["items"].as_array().unwrap().len(), 8);
    let (code, _) = check(&["--cmd", &program("2020"), "--edition", "2012", "--cases", "public"]);
    assert_eq!(code, Some(2));
}

#[test]
fn a_2017_suite_is_checked_in_its_edition_only() {
    let dir = tempfile::tempdir().unwrap();
    let suite = dir.path().join("suite");
    let suite = suite.to_str().unwrap();
    Command::cargo_bin("searchlab")
        .unwrap()
        .args(["cases", "npuzzle", "--edition", "2017", "--n", "2", "--methods", "bfs,ida", "--hashed", "--out", suite])
        .assert()
        .success();
    let (code, v) = check(&["--cmd", &program("2017"), "--edition", "2017", "--cases", suite]);
    assert_eq!(code, Some(0), "{v}");
    assert_eq!(
        (v["summary"]["methods"]["bfs"]["total"].clone(), v["summary"]["methods"]["ida"]["total"].clone()),
        (json!(2), json!(2))
    );
    // The same suite read as the default edition's is refused, with the way out.
    let out = Command::cargo_bin("searchlab")
        .unwrap()
        .args(["check", "npuzzle", "--cmd", &program("2017"), "--cases", suite, "--methods", "bfs"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("check it with --edition 2017"), "{out:?}");
    // So is a plain suite of the default edition read as the 2017 edition's.
    let plain = dir.path().join("plain");
    let plain = plain.to_str().unwrap();
    Command::cargo_bin("searchlab")
        .unwrap()
        .args(["cases", "npuzzle", "--set", "edge", "--methods", "ast", "--out", plain])
        .assert()
        .success();
    let out = Command::cargo_bin("searchlab")
        .unwrap()
        .args(["check", "npuzzle", "--cmd", &program("2017"), "--edition", "2017", "--cases", plain])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("check it with --edition 2020"), "{out:?}");
}
