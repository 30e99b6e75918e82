//! Ctrl-C (SIGINT) everywhere: during a database build, a report, a benchmark, a traced search,
//! `serve` and right after start, the command ends with exit 130 and `searchlab: interrupted`,
//! leaving no partial or temporary file.

#[path = "common/temporaries.rs"]
mod temporaries;
use temporaries::temporaries;

use std::io::Read;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Starts `searchlab args` in `dir`, sends SIGINT after `after`, and returns the exit code,
/// stderr and how long the process took to end after the signal.
fn interrupt(dir: &Path, args: &[&str], after: Duration) -> (Option<i32>, String, Duration) {
    let mut child: Child = Command::new(env!("CARGO_BIN_EXE_searchlab"))
        .args(args)
        .current_dir(dir)
        .env("XDG_CACHE_HOME", dir.join("cache"))
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(after);
    assert!(child.try_wait().unwrap().is_none(), "{args:?} still runs when interrupted");
    let sent = Instant::now();
    let kill = Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    assert!(kill.success());
    let mut stderr = String::new();
    child.stderr.take().unwrap().read_to_string(&mut stderr).unwrap();
    let status = child.wait().unwrap();
    (status.code(), stderr, sent.elapsed())
}

fn assert_interrupted(code: Option<i32>, stderr: &str, took: Duration) {
    assert_eq!(code, Some(130), "{stderr}");
    assert_eq!(stderr.lines().last(), Some("searchlab: interrupted"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(took < Duration::from_secs(10), "ended {took:?} after the signal");
}

#[test]
fn a_database_build_is_interrupted_without_leaving_files() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["pdb", "build", "--size", "4", "--pattern", "7-8", "--pdb-dir", "pdb", "--memory-limit", "4G"];
    let (code, stderr, took) = interrupt(dir.path(), &args, Duration::from_millis(800));
    assert_interrupted(code, &stderr, took);
    assert_eq!(temporaries(dir.path()), Vec::<String>::new());
    let files: Vec<_> = std::fs::read_dir(dir.path().join("pdb")).into_iter().flatten().collect();
    assert!(files.is_empty(), "no database was complete: {files:?}");
}

#[test]
fn a_report_is_interrupted_without_partial_files() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["report", "npuzzle", "--depth", "20..24", "--per-depth", "200", "--out", "report"];
    let (code, stderr, took) = interrupt(dir.path(), &args, Duration::from_millis(800));
    assert_interrupted(code, &stderr, took);
    let files: Vec<_> = std::fs::read_dir(dir.path().join("report")).into_iter().flatten().collect();
    assert!(files.is_empty(), "{files:?}");
}

#[test]
fn a_benchmark_is_interrupted() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["bench", "korf100", "--heuristic", "manhattan", "--ids", "1"];
    let (code, stderr, took) = interrupt(dir.path(), &args, Duration::from_millis(800));
    assert_interrupted(code, &stderr, took);
}

#[test]
fn an_interrupt_right_after_start_is_exit_130() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["solve", "--heuristic", "manhattan", "14,13,15,7,11,12,9,5,6,0,2,1,4,8,10,3"];
    let (code, stderr, took) = interrupt(dir.path(), &args, Duration::from_millis(60));
    assert_interrupted(code, &stderr, took);
}

#[test]
fn the_server_is_interrupted_like_every_command() {
    let dir = tempfile::tempdir().unwrap();
    let (code, stderr, took) = interrupt(dir.path(), &["serve", "--port", "0"], Duration::from_millis(800));
    assert_interrupted(code, &stderr, took);
    assert_eq!(stderr, "searchlab: interrupted\n", "one line");
}

#[test]
fn an_interrupted_trace_leaves_the_earlier_file() {
    for args in [
        // Four swapped pairs: Manhattan distance 8, so BFS is not refused up front (Korf's #1,
        // 41, would be), but 30 moves away: a long search.
        [
            "npuzzle",
            "bfs",
            "0,2,1,3,4,6,5,7,8,10,9,11,12,14,13,15",
            "--max-nodes",
            "100000000",
            "-o",
            "-",
            "--trace",
            "t.jsonl",
        ]
        .as_slice(),
        &[
            "solve",
            "--heuristic",
            "manhattan",
            "14,13,15,7,11,12,9,5,6,0,2,1,4,8,10,3",
            "--max-generated",
            "100000000",
            "--trace",
            "t.jsonl",
        ],
    ] {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("t.jsonl"), "earlier\n").unwrap();
        let (code, stderr, _) = interrupt(dir.path(), args, Duration::from_millis(800));
        // `npuzzle` says how far the search went.
        assert_eq!(code, Some(130), "{stderr}");
        assert!(stderr.starts_with("searchlab: interrupted") && stderr.lines().count() == 1, "{stderr}");
        assert_eq!(std::fs::read_to_string(dir.path().join("t.jsonl")).unwrap(), "earlier\n", "{args:?}");
        assert_eq!(temporaries(dir.path()), Vec::<String>::new());
    }
}
