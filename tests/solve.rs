//! End-to-end tests of `searchlab solve`, `pdb build` and `bench` (small, CI-sized cases).

use assert_cmd::Command;
use predicates::prelude::*;
use serde_json::Value;

fn searchlab() -> Command {
    Command::cargo_bin("searchlab").unwrap()
}

/// Korf #79: optimal length 42 (korf100-opt.txt).
const KORF79: &str = "0,1,9,7,11,13,5,3,14,12,4,2,8,6,10,15";

fn korf79() -> String {
    let text = std::fs::read_to_string("crates/solver/data/korf100.txt").unwrap();
    text.lines().find(|l| l.contains("# id=79 ")).unwrap().split('#').next().unwrap().trim().to_string()
}

#[test]
fn the_constant_is_korf_79() {
    assert_eq!(KORF79, korf79());
}

#[test]
fn solves_an_easy_15_puzzle_optimally() {
    searchlab()
        .args(["solve", "--heuristic", "manhattan-lc", KORF79])
        .assert()
        .success()
        .stdout(predicate::str::contains("Optimal solution: 42 moves"));
}

#[test]
fn json_answer_has_the_documented_fields() {
    let out = searchlab().args(["solve", "--heuristic", "manhattan", "--json", KORF79]).output().unwrap();
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["length"], 42);
    assert_eq!(v["heuristic"], "manhattan");
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 42);
    assert!(moves.iter().all(|m| ["Up", "Down", "Left", "Right"].contains(&m.as_str().unwrap())));
    // Korf (1985) generated 540,860 nodes for #79 with Manhattan, counting the root; we do not.
    assert_eq!(v["nodes_generated"].as_u64().unwrap() + 1, 540_860);
    // Every expanded node generates at least one child (the parent is never regenerated),
    // so a solution found in an interior iteration expands fewer nodes than it generates.
    let expanded = v["nodes_expanded"].as_u64().unwrap();
    assert!(expanded > 0 && expanded < v["nodes_generated"].as_u64().unwrap(), "{v}");
    // The time is measured, not a placeholder: half a million nodes take a positive time.
    let seconds = v["seconds"].as_f64().unwrap();
    assert!(seconds.is_finite() && seconds > 0.0, "{v}");
}

#[test]
fn other_goals_and_sizes_work() {
    // The 8-puzzle with the blank-last goal: one move away.
    searchlab()
        .args(["solve", "--goal", "1,2,3,4,5,6,7,8,0", "1,2,3,4,5,6,7,0,8"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Optimal solution: 1 moves"))
        .stdout(predicate::str::contains("Moves: Right"));
    // Already solved.
    searchlab().args(["solve", "0,1,2,3"]).assert().success().stdout(predicate::str::contains("0 moves"));
}

#[test]
fn unsolvable_boards_exit_1() {
    searchlab().args(["solve", "0,2,1,3,4,5,6,7,8"]).assert().code(1).stderr(predicate::str::contains("unsolvable"));
}

#[test]
fn bad_input_exits_2_with_one_line() {
    for args in [
        vec!["solve", "1,2,3"],
        vec!["solve", "1,1,2,3"],
        vec!["solve", "a,b,c,d"],
        vec!["solve", "--heuristic", "euclid", "0,1,2,3"],
        vec!["solve", "--goal", "0,1,2,3,4,5,6,7,8", "0,1,2,3"],
        vec!["bench", "korf999"],
        vec!["bench", "korf100", "--ids", "101"],
    ] {
        let out = searchlab().args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(!err.contains("panicked"));
    }
}

#[test]
fn node_limit_exits_3() {
    searchlab().args(["solve", "--heuristic", "manhattan", "--max-generated", "100", KORF79]).assert().code(3);
}

#[test]
fn pattern_databases_are_built_once_into_pdb_dir_and_corruption_is_rebuilt() {
    let dir = tempfile::tempdir().unwrap();
    let pdb_dir = dir.path().to_str().unwrap();
    let eight = "8,6,7,2,5,4,3,0,1";
    let first =
        searchlab().args(["solve", "--heuristic", "pdb-4-4", "--pdb-dir", pdb_dir, "--json", eight]).output().unwrap();
    assert!(first.status.success());
    assert!(String::from_utf8_lossy(&first.stderr).contains("building pattern database"));
    let v: Value = serde_json::from_slice(&first.stdout).unwrap();
    assert_eq!(v["heuristic"], "pdb-4-4+reflect");
    let files: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().path()).collect();
    assert_eq!(files.len(), 2, "{files:?}");
    assert!(files.iter().any(|f| f.file_name().unwrap() == "pdb-3x3-b0-1.2.3.4-4bit.bin"));

    // Second run: loaded silently, same answer.
    let second =
        searchlab().args(["solve", "--heuristic", "pdb-4-4", "--pdb-dir", pdb_dir, "--json", eight]).output().unwrap();
    assert!(second.stderr.is_empty(), "{}", String::from_utf8_lossy(&second.stderr));
    let w: Value = serde_json::from_slice(&second.stdout).unwrap();
    assert_eq!(v["length"], w["length"]);

    // Corrupt a payload byte: reported, rebuilt, same answer.
    let path = dir.path().join("pdb-3x3-b0-1.2.3.4-4bit.bin");
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0xFF;
    std::fs::write(&path, bytes).unwrap();
    let third =
        searchlab().args(["solve", "--heuristic", "pdb-4-4", "--pdb-dir", pdb_dir, "--json", eight]).output().unwrap();
    let err = String::from_utf8_lossy(&third.stderr);
    assert!(err.contains("rejected") && err.contains("checksum"), "{err}");
    let x: Value = serde_json::from_slice(&third.stdout).unwrap();
    assert_eq!(v["length"], x["length"]);
}

#[test]
fn pdb_build_reports_files() {
    let dir = tempfile::tempdir().unwrap();
    searchlab()
        .args(["pdb", "build", "--size", "3", "--pattern", "4-4", "--pdb-dir", dir.path().to_str().unwrap()])
        .assert()
        .success()
        .stdout(predicate::str::contains("pdb-3x3-b0-5.6.7.8-4bit.bin"));
}

#[test]
fn bench_checks_published_lengths_and_exports_csv_and_json() {
    let out =
        searchlab().args(["bench", "korf100", "--heuristic", "manhattan", "--ids", "79,12", "--csv"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let mut lines = text.lines();
    assert!(lines.next().unwrap().starts_with("id,optimal,length,ok,"));
    assert!(lines.next().unwrap().starts_with("79,42,42,true,"));
    assert!(lines.next().unwrap().starts_with("12,45,45,true,"));

    let out = searchlab()
        .args(["bench", "korf100", "--heuristic", "manhattan-lc", "--ids", "79", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["totals"]["solved_optimally"], 1);
    assert_eq!(v["instances"][0]["length"], 42);

    searchlab()
        .args(["bench", "korf100", "--heuristic", "manhattan", "--ids", "79"])
        .assert()
        .success()
        .stdout(predicate::str::contains("total: 1/1 optimal"));
}

#[test]
fn duplicate_pruning_keeps_the_optimum_and_generates_fewer_nodes() {
    // Korf #79 with Manhattan: 42 moves (published); Korf's 540,859 generated nodes (without the
    // root) shrink once duplicate paths are pruned, and the heuristic's name says so.
    let dir = tempfile::tempdir().unwrap();
    let pdb_dir = dir.path().to_str().unwrap();
    let args = ["solve", "--heuristic", "manhattan", "--prune-duplicates", "8", "--pdb-dir", pdb_dir, "--json", KORF79];
    let out = searchlab().args(args).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["length"], 42);
    assert_eq!(v["heuristic"], "manhattan+fsm8");
    let generated = v["nodes_generated"].as_u64().unwrap();
    assert!(generated < 540_859 * 9 / 10, "{generated}");
    // The automaton is kept beside the databases; the next run reads it and counts the same.
    let saved = dir.path().join("fsm-8.bin");
    let bytes = std::fs::read(&saved).unwrap();
    assert_eq!(&bytes[..8], b"SLFSM001");
    let again: Value = serde_json::from_slice(&searchlab().args(args).output().unwrap().stdout).unwrap();
    assert_eq!(again["nodes_generated"], v["nodes_generated"]);
    assert_eq!(std::fs::read(&saved).unwrap(), bytes);
    // Bench records carry the name, so a resume file never mixes pruned and unpruned counts.
    searchlab()
        .args(["bench", "korf100", "--heuristic", "manhattan", "--ids", "79", "--prune-duplicates", "6", "--json"])
        .args(["--pdb-dir", pdb_dir])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("\"length\": 42")
                .and(predicate::str::contains("\"heuristic\": \"manhattan+fsm6\"")),
        );
    for bad in ["1", "15", "x"] {
        searchlab()
            .args(["solve", "--prune-duplicates", bad, KORF79])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("--prune-duplicates"));
    }
}

#[test]
fn compact_tables_search_the_same_nodes_as_direct_ones() {
    // The databases are copied into direct tables unless --compact-tables: same heuristic values,
    // so the same length and node counts (Korf #79 with pdb-5-5-5: 42 moves, as published).
    let dir = tempfile::tempdir().unwrap();
    let pdb_dir = dir.path().to_str().unwrap();
    let run = |extra: &[&str]| {
        let mut args = vec!["solve", "--heuristic", "pdb-5-5-5", "--pdb-dir", pdb_dir, "--json", KORF79];
        args.extend_from_slice(extra);
        let out = searchlab().args(&args).output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        serde_json::from_slice::<Value>(&out.stdout).unwrap()
    };
    let (direct, compact) = (run(&[]), run(&["--compact-tables"]));
    assert_eq!(direct["length"], 42);
    assert_eq!(direct["length"], compact["length"]);
    assert_eq!(direct["nodes_generated"], compact["nodes_generated"]);
    assert_eq!(direct["heuristic"], compact["heuristic"]);
}

#[test]
fn zero_aware_tables_are_built_once_and_search_fewer_nodes() {
    // `+zero`: the same optimal length (Korf #79: 42), fewer nodes than the plain tables, and the
    // zero-aware tables kept in --pdb-dir beside the usual ones (read, not rebuilt, next time).
    let dir = tempfile::tempdir().unwrap();
    let pdb_dir = dir.path().to_str().unwrap();
    let run = |heuristic: &str| {
        let args = ["solve", "--heuristic", heuristic, "--pdb-dir", pdb_dir, "--json", KORF79];
        let out = searchlab().args(args).output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        (serde_json::from_slice::<Value>(&out.stdout).unwrap(), String::from_utf8_lossy(&out.stderr).to_string())
    };
    let (plain, _) = run("pdb-5-5-5");
    let (zero, first) = run("pdb-5-5-5+zero");
    assert!(first.contains("zero-pdb-4x4-b0-1.2.3.6.7-4bit.bin"), "{first}");
    assert_eq!(zero["length"], 42);
    assert_eq!(zero["heuristic"], "pdb-5-5-5+reflect+zero");
    assert!(zero["nodes_generated"].as_u64() < plain["nodes_generated"].as_u64(), "{zero} vs {plain}");
    let (again, second) = run("pdb-5-5-5+zero");
    assert!(!second.contains("building"), "{second}");
    assert_eq!(again["nodes_generated"], zero["nodes_generated"]);
    for bad in ["pdb-5-5-5+zero+dual", "pdb-5-5-5+bpmx+zero"] {
        searchlab().args(["solve", "--heuristic", bad, KORF79]).assert().code(2);
    }
    // Eight tiles of the 15-puzzle are too many cell tuples: refused before anything is built.
    searchlab().args(["solve", "--heuristic", "pdb-7-8+zero", "--pdb-dir", pdb_dir, KORF79]).assert().code(2).stderr(
        predicate::str::contains("no zero-aware table for pattern").and(predicate::str::contains("building").not()),
    );
}
