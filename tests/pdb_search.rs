//! `searchlab pdb search`: the partition search end to end on the 8-puzzle, and its candidates
//! usable as heuristic names.

use assert_cmd::Command;

fn searchlab() -> Command {
    Command::cargo_bin("searchlab").unwrap()
}

/// The optimal length `solve` prints for `board` with `heuristic`.
fn length(board: &str, heuristic: &str, dir: &str) -> u64 {
    let out =
        searchlab().args(["solve", "--json", "--heuristic", heuristic, "--pdb-dir", dir, board]).output().unwrap();
    assert!(out.status.success(), "{heuristic}: {}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    v["length"].as_u64().unwrap()
}

#[test]
fn search_prints_candidates_that_solve_optimally() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let args =
        ["pdb", "search", "--size", "3", "--pattern", "4-4", "--samples", "300", "--restarts", "3", "--exact", "1"];
    let out = searchlab().args(args).args(["--pdb-dir", d]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("partition search on 3×3, 300 boards (seed 1), 4 starts"), "{text}");
    let start = text.lines().find(|l| l.trim_start().starts_with("start")).expect("a start row");
    assert!(start.ends_with("pdb-1.2.3.4/5.6.7.8"), "{start}");
    let best = text.lines().find(|l| l.trim_start().starts_with("1 ")).expect("a first candidate");
    let cols: Vec<&str> = best.split_whitespace().collect();
    // The estimate (pairs and triples) never exceeds the exact mean of the real databases.
    let (estimate, exact): (f64, f64) = (cols[1].parse().unwrap(), cols[2].parse().unwrap());
    assert!(estimate <= exact + 1e-9, "{best}");
    let heuristic = cols[3];
    assert!(heuristic.starts_with("pdb-") && heuristic.contains('/'), "{best}");
    // The candidate is a heuristic name: optimal lengths agree with Manhattan distance's.
    for board in ["8,7,6,5,4,3,2,1,0", "1,2,3,4,5,6,7,8,0", "3,1,2,6,4,5,0,7,8"] {
        assert_eq!(length(board, heuristic, d), length(board, "manhattan", d), "{board}");
    }
    // And `pdb build` takes the same name.
    searchlab().args(["pdb", "build", "--size", "3", "--pattern", &heuristic[4..], "--pdb-dir", d]).assert().success();
}

#[test]
fn a_second_partition_maxed_with_the_first_solves_optimally() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let args =
        ["pdb", "search", "--size", "3", "--pattern", "4-4", "--with", "4-4", "--samples", "300", "--exact", "1"];
    let out = searchlab().args(args).args(["--restarts", "2", "--pdb-dir", d]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let best = text.lines().find(|l| l.trim_start().starts_with("1 ")).expect("a first candidate");
    let cols: Vec<&str> = best.split_whitespace().collect();
    let start = text.lines().find(|l| l.trim_start().starts_with("start")).expect("a start row");
    let start_exact: f64 = start.split_whitespace().nth(2).unwrap().parse().unwrap();
    // Maxing over a second partition never lowers the mean.
    assert!(cols[2].parse::<f64>().unwrap() >= start_exact, "{text}");
    let heuristic = cols[3];
    assert!(heuristic.starts_with("pdb-4-4,"), "{best}");
    for board in ["8,7,6,5,4,3,2,1,0", "3,1,2,6,4,5,0,7,8", "7,2,4,5,0,6,8,3,1"] {
        assert_eq!(length(board, heuristic, d), length(board, "manhattan", d), "{board}");
        let with_bpmx = format!("{heuristic}+bpmx");
        assert_eq!(length(board, &with_bpmx, d), length(board, "manhattan", d), "{board}");
    }
}

#[test]
fn bad_search_arguments_are_usage_errors() {
    for args in [
        &["pdb", "search", "--size", "3", "--pattern", "4-3"][..],
        &["pdb", "search", "--size", "6", "--pattern", "5-5-5-5-5-5-5"],
        &["pdb", "search", "--size", "3", "--pattern", "4-4", "--samples", "0"],
        &["pdb", "search", "--size", "3", "--pattern", "1.2.3/4.5.6.7"],
        &["pdb", "search", "--size", "3", "--pattern", "4-4", "--with", "4-3"],
    ] {
        let out = searchlab().args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
}
