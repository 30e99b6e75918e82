//! End-to-end tests of issue 13: closed pipes and full disks, memory refused up front, files
//! never lost, an unwritable cache, temporary files of killed builds, escaped messages.

use std::io::Read;
use std::process::{Command as Process, Stdio};

use assert_cmd::Command;
use predicates::str::contains;
use tempfile::TempDir;

const BOARD_3X3: &str = "8,6,7,2,5,4,3,0,1";

fn searchlab(dir: &std::path::Path) -> Command {
    let mut cmd = Command::cargo_bin("searchlab").unwrap();
    cmd.current_dir(dir).env("XDG_CACHE_HOME", dir.join("cache"));
    cmd
}

/// Stderr of a failed run: exactly one line, starting `searchlab: `.
fn one_line_error(stderr: &[u8]) -> String {
    let text = String::from_utf8(stderr.to_vec()).unwrap();
    assert!(text.starts_with("searchlab: ") && text.ends_with('\n'), "{text:?}");
    assert_eq!(text.lines().count(), 1, "{text:?}");
    text
}

#[test]
fn a_closed_pipe_is_a_quiet_success() {
    for args in [
        vec!["solve", "--heuristic", "manhattan", BOARD_3X3],
        vec!["npuzzle", "bfs", "1,2,5,3,4,0,6,7,8", "-o", "-"],
        vec!["bench", "korf100", "--heuristic", "manhattan", "--ids", "1", "--max-generated", "10", "--csv"],
    ] {
        let dir = TempDir::new().unwrap();
        let mut child = Process::new(env!("CARGO_BIN_EXE_searchlab"))
            .args(&args)
            .current_dir(dir.path())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take()); // the reader is gone before anything is written
        let mut stderr = String::new();
        child.stderr.take().unwrap().read_to_string(&mut stderr).unwrap();
        let status = child.wait().unwrap();
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        // bench stops with exit 3 on its node limit only after writing; a closed pipe ends it first.
        assert_eq!(status.code(), Some(0), "{args:?}: {stderr}");
    }
}

#[test]
fn a_full_disk_on_stdout_is_a_one_line_error() {
    let dir = TempDir::new().unwrap();
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
    let out = Process::new(env!("CARGO_BIN_EXE_searchlab"))
        .args(["solve", "--heuristic", "manhattan", BOARD_3X3])
        .current_dir(dir.path())
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let line = one_line_error(&out.stderr);
    assert!(line.contains("cannot write to standard output") && line.contains("No space left"), "{line}");
}

#[test]
fn output_files_on_a_full_disk_fail_and_an_earlier_file_is_kept() {
    let dir = TempDir::new().unwrap();
    let out = searchlab(dir.path()).args(["npuzzle", "bfs", "1,2,5,3,4,0,6,7,8", "-o", "/dev/full"]).assert().code(2);
    let line = one_line_error(&out.get_output().stderr);
    assert!(line.contains("cannot write /dev/full"), "{line}");
    // A trace that cannot be written fails the run before the answer is written.
    std::fs::write(dir.path().join("output.txt"), "earlier\n").unwrap();
    searchlab(dir.path())
        .args(["npuzzle", "bfs", "1,2,5,3,4,0,6,7,8", "--trace", "/dev/full"])
        .assert()
        .code(2)
        .stderr(contains("cannot write /dev/full"));
    assert_eq!(std::fs::read_to_string(dir.path().join("output.txt")).unwrap(), "earlier\n");
    let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(names, ["output.txt"], "no temporary file is left");
}

#[test]
fn control_characters_in_messages_are_escaped() {
    let dir = TempDir::new().unwrap();
    std::fs::write(dir.path().join("in.txt"), "320\n110\n").unwrap();
    let out = searchlab(dir.path()).args(["digits", "\u{1b}[2J\u{1b}]0;pwned\u{7}\nB", "in.txt"]).assert().code(2);
    let line = one_line_error(&out.get_output().stderr);
    assert!(line.contains("\\u{1b}[2J\\u{1b}]0;pwned\\u{7}\\nB"), "{line}");
    let out = searchlab(dir.path()).args(["solve", "1,2,3,\u{1b}c"]).assert().code(2);
    assert!(!out.get_output().stderr.contains(&0x1b), "no raw escape reaches the terminal");
}

#[test]
fn absurd_inputs_are_refused_before_memory_is_taken() {
    let dir = TempDir::new().unwrap();
    let out = searchlab(dir.path()).args(["digits", "A", "/dev/zero"]).assert().code(2);
    assert!(one_line_error(&out.get_output().stderr).contains("larger than 1048576 bytes"));
    let out = searchlab(dir.path()).args(["bench", "korf100", "--ids", "1-18446744073709551615"]).assert().code(2);
    assert!(one_line_error(&out.get_output().stderr).contains("out of range"));
    for pattern in ["18446744073709551615-16", "12-3", "11-4", "10-5"] {
        let out = searchlab(dir.path()).args(["pdb", "build", "--size", "4", "--pattern", pattern]).assert().code(2);
        one_line_error(&out.get_output().stderr);
    }
}

#[test]
fn a_database_build_above_the_memory_limit_is_refused_with_its_size() {
    let dir = TempDir::new().unwrap();
    // 9-6 on 4×4: 4,151,347,200 entries, 6.5 bytes each, whatever the machine.
    let out = searchlab(dir.path())
        .args(["pdb", "build", "--size", "4", "--pattern", "9-6", "--memory-limit", "8G"])
        .assert()
        .code(3);
    let line = one_line_error(&out.get_output().stderr);
    assert!(line.contains("4151347200 entries") && line.contains("26983756800 bytes"), "{line}");
    // 3×3, 4-4: 3,024 entries of 6.5 bytes = 19,656 bytes.
    let out = searchlab(dir.path())
        .args(["solve", "--heuristic", "pdb-4-4", "--memory-limit", "19K", BOARD_3X3])
        .assert()
        .code(3);
    assert!(one_line_error(&out.get_output().stderr).contains("19656 bytes"));
    searchlab(dir.path())
        .args(["solve", "--heuristic", "pdb-4-4", "--memory-limit", "20K", BOARD_3X3])
        .assert()
        .code(0);
}

#[test]
fn an_unwritable_cache_still_answers_from_memory() {
    let dir = TempDir::new().unwrap();
    std::fs::write(dir.path().join("file"), "a file, not a folder").unwrap();
    searchlab(dir.path())
        .args(["solve", "--heuristic", "pdb-4-4", "--pdb-dir", "file/pdb", BOARD_3X3])
        .assert()
        .code(0)
        .stdout(contains("Optimal solution: 27 moves"))
        .stderr(contains("was not saved"));
    searchlab(dir.path())
        .args(["pdb", "build", "--size", "3", "--pattern", "4-4", "--pdb-dir", "file/pdb"])
        .assert()
        .code(2)
        .stderr(contains("could not be saved"));
}

#[test]
fn temporary_files_of_killed_builds_are_removed_on_the_next_run() {
    let dir = TempDir::new().unwrap();
    let pdb = dir.path().join("pdb");
    std::fs::create_dir(&pdb).unwrap();
    // A process id above any pid_max: its process is gone.
    let leftover = pdb.join(".pdb-3x3-b0-1.2.3.4-4bit.bin.searchlab-tmp-4294967294");
    let unrelated = pdb.join("notes.txt");
    std::fs::write(&leftover, vec![0u8; 1000]).unwrap();
    std::fs::write(&unrelated, "mine").unwrap();
    searchlab(dir.path()).args(["solve", "--heuristic", "pdb-4-4", "--pdb-dir", "pdb", BOARD_3X3]).assert().code(0);
    assert!(!leftover.exists(), "the leftover is removed");
    assert!(unrelated.exists(), "other files are left alone");
}

#[test]
fn a_database_with_wrong_values_and_valid_checksums_is_refused() {
    use searchlab_solver::pdb::file::{header, HEADER_LEN};
    use searchlab_solver::pdb::Pattern;
    let dir = TempDir::new().unwrap();
    searchlab(dir.path())
        .args(["pdb", "build", "--size", "3", "--pattern", "4-4", "--pdb-dir", "pdb"])
        .assert()
        .code(0);
    let pattern = Pattern::new(3, 0, vec![1, 2, 3, 4]).unwrap();
    let path = dir.path().join("pdb").join(pattern.file_name(4));
    let mut payload = std::fs::read(&path).unwrap()[HEADER_LEN..].to_vec();
    // Every entry raised by 5 (h by 10): the goal itself would look 10 moves away.
    for byte in &mut payload {
        *byte = byte.saturating_add(0x55);
    }
    let mut file = header(&pattern, 4, &payload).to_vec();
    file.extend_from_slice(&payload);
    std::fs::write(&path, file).unwrap();
    let out = searchlab(dir.path())
        .args(["solve", "--heuristic", "pdb-4-4", "--pdb-dir", "pdb", BOARD_3X3])
        .timeout(std::time::Duration::from_secs(60))
        .assert()
        .code(2);
    let line = one_line_error(&out.get_output().stderr);
    assert!(line.contains("its values are wrong although its checksums pass"), "{line}");
}

#[test]
fn a_database_of_every_tile_builds_and_solves() {
    // All three tiles of the 2×2 board: only the placements of the goal's parity are reachable.
    let dir = TempDir::new().unwrap();
    searchlab(dir.path())
        .args(["solve", "--heuristic", "pdb-3", "--pdb-dir", "pdb", "1,3,2,0"])
        .assert()
        .code(0)
        .stdout(contains("Optimal solution: 2 moves"));
}

#[test]
fn a_failed_traced_run_keeps_the_earlier_trace() {
    let dir = TempDir::new().unwrap();
    let earlier = "{\"type\":\"earlier\"}\n";
    for (args, code) in [
        // The heuristic is refused after the trace file was opened.
        (vec!["solve", "--heuristic", "nonsense", BOARD_3X3, "--trace", "t.jsonl"], 2),
        // An unsolvable board: no search, so no trace.
        (vec!["npuzzle", "bfs", "1,0,2,3,4,5,6,8,7", "-o", "-", "--trace", "t.jsonl"], 1),
    ] {
        std::fs::write(dir.path().join("t.jsonl"), earlier).unwrap();
        searchlab(dir.path()).args(&args).assert().code(code);
        assert_eq!(std::fs::read_to_string(dir.path().join("t.jsonl")).unwrap(), earlier, "{args:?}");
        let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names, ["t.jsonl"], "no temporary file is left");
    }
    // A search stopped by its node limit has a whole trace, which replaces the earlier one.
    searchlab(dir.path())
        .args(["npuzzle", "bfs", BOARD_3X3, "--max-nodes", "100", "-o", "-", "--trace", "t.jsonl"])
        .assert()
        .code(3);
    let trace = std::fs::read_to_string(dir.path().join("t.jsonl")).unwrap();
    assert!(trace.lines().last().unwrap().contains("\"kind\":\"node-limit\""), "{}", trace.lines().last().unwrap());
}
