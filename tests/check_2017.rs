//! End-to-end tests of `searchlab check npuzzle --edition 2017`, with `searchlab npuzzle`
//! itself as the program under test: in the 2017 edition every test has ten items (the nine
//! lines and "ran"), the fringe lines are scored exactly, and `ida` tests are added and
//! allowed; a program that writes the seven lines of the current edition loses exactly the
//! two fringe items.

use assert_cmd::Command;

fn program(edition: &str) -> String {
    let bin = assert_cmd::cargo::cargo_bin("searchlab");
    format!("{} npuzzle {{method}} {{board}} --edition {edition}", bin.display())
}

fn check(args: &[&str]) -> (Option<i32>, serde_json::Value) {
    let out = Command::cargo_bin("searchlab")
        .unwrap()
        .args(["check", "npuzzle", "--json", "--jobs", "2"])
        .args(args)
        .output()
        .unwrap();
    let json = serde_json::from_slice(&out.stdout).unwrap_or(serde_json::Value::Null);
    (out.status.code(), json)
}

#[test]
fn the_reference_scores_every_item_of_the_2017_edition() {
    let (code, v) = check(&["--cmd", &program("2017"), "--edition", "2017", "--methods", "bfs,ida"]);
    assert_eq!(code, Some(0), "{v}");
    // cases.tsv: 9 bfs rows; one ida test for each of its 13 boards.
    assert_eq!(v["summary"]["methods"]["bfs"]["total"], 9);
    assert_eq!(v["summary"]["methods"]["ida"]["total"], 13);
    for t in v["tests"].as_array().unwrap() {
        assert_eq!(t["passed"], true, "{t}");
        let items: Vec<&str> = t["items"].as_array().unwrap().iter().map(|i| i["item"].as_str().unwrap()).collect();
        assert_eq!(items.len(), 10, "{t}");
        assert!(items.contains(&"fringe_size") && items.contains(&"max_fringe_size"), "{items:?}");
    }
    let first = &v["tests"][0];
    assert_eq!(first["input"], "bfs 1,2,5,3,4,0,6,7,8");
    let fringe: Vec<&serde_json::Value> = first["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| i["item"].as_str().unwrap().contains("fringe"))
        .map(|i| &i["expected"])
        .collect();
    assert_eq!(fringe, [&serde_json::json!("11"), &serde_json::json!("12")]);
}

#[test]
fn seven_lines_lose_the_two_fringe_items() {
    let (code, v) = check(&["--cmd", &program("2020"), "--edition", "2017", "--methods", "bfs"]);
    assert_eq!(code, Some(1));
    for t in v["tests"].as_array().unwrap() {
        let failed: Vec<&str> = t["items"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|i| i["passed"] == false)
            .map(|i| i["item"].as_str().unwrap())
            .collect();
        assert_eq!(failed, ["fringe_size", "max_fringe_size"], "{t}");
    }
}

#[test]
fn ida_needs_the_2017_edition() {
    let (code, _) = check(&["--cmd", &program("2017"), "--methods", "ida"]);
    assert_eq!(code, Some(2));
    // In the default edition the seven lines are scored: eight items.
    let (code, v) = check(&["--cmd", &program("2020"), "--methods", "ast"]);
    assert_eq!(code, Some(0), "{v}");
    assert_eq!(v["tests"][0]["items"].as_array().unwrap().len(), 8);
}
