//! End-to-end tests of `searchlab npuzzle`: output.txt exactly as the course driver writes
//! it (the two float lines by format), `--output`, `--goal`, `--astar`, exit codes, and no
//! output file on failure. Expected figures come from tests/data/npuzzle/cases.tsv and
//! reference_expected.tsv.

use std::path::Path;

use assert_cmd::Command;
use tempfile::TempDir;

fn searchlab(dir: &Path) -> Command {
    let mut cmd = Command::cargo_bin("searchlab").unwrap();
    cmd.current_dir(dir);
    cmd
}

/// Checks the seven lines: the first five exactly, the last two by name and `%.8f` format.
fn assert_output(text: &str, first_five: &[&str; 5]) {
    assert!(text.ends_with('\n'), "every line ends with a newline: {text:?}");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 7, "{text}");
    assert_eq!(lines[..5], first_five[..]);
    for (line, key) in lines[5..].iter().zip(["running_time", "max_ram_usage"]) {
        let value = line.strip_prefix(key).and_then(|l| l.strip_prefix(": ")).unwrap_or_else(|| panic!("{line}"));
        let (int, frac) = value.split_once('.').unwrap_or_else(|| panic!("{line}"));
        assert!(!int.is_empty() && int.bytes().all(|b| b.is_ascii_digit()), "{line}");
        assert!(frac.len() == 8 && frac.bytes().all(|b| b.is_ascii_digit()), "{line}");
    }
}

const SPEC_EXAMPLE_1: [&str; 5] = [
    "path_to_goal: ['Up', 'Left', 'Left']",
    "cost_of_path: 3",
    "nodes_expanded: 10",
    "search_depth: 3",
    "max_search_depth: 4",
];

#[test]
fn writes_output_txt_in_the_current_directory() {
    let dir = TempDir::new().unwrap();
    searchlab(dir.path()).args(["npuzzle", "bfs", "1,2,5,3,4,0,6,7,8"]).assert().success().stdout("");
    let text = std::fs::read_to_string(dir.path().join("output.txt")).unwrap();
    assert_output(&text, &SPEC_EXAMPLE_1);
}

#[test]
fn spec_example_2_dfs() {
    let dir = TempDir::new().unwrap();
    searchlab(dir.path()).args(["npuzzle", "dfs", "1,2,5,3,4,0,6,7,8"]).assert().success();
    let text = std::fs::read_to_string(dir.path().join("output.txt")).unwrap();
    assert_output(
        &text,
        &[
            "path_to_goal: ['Up', 'Left', 'Left']",
            "cost_of_path: 3",
            "nodes_expanded: 181437",
            "search_depth: 3",
            "max_search_depth: 66125",
        ],
    );
}

#[test]
fn overwrites_an_earlier_output() {
    let dir = TempDir::new().unwrap();
    std::fs::write(dir.path().join("output.txt"), "old\n").unwrap();
    searchlab(dir.path()).args(["npuzzle", "bfs", "1,2,5,3,4,0,6,7,8"]).assert().success();
    assert_output(&std::fs::read_to_string(dir.path().join("output.txt")).unwrap(), &SPEC_EXAMPLE_1);
}

#[test]
fn output_dash_prints_to_stdout_and_writes_no_file() {
    let dir = TempDir::new().unwrap();
    let out = searchlab(dir.path()).args(["npuzzle", "AST", "3,1,2,0,4,5,6,7,8", "--output", "-"]).assert().success();
    let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert_output(
        &stdout,
        &["path_to_goal: ['Up']", "cost_of_path: 1", "nodes_expanded: 1", "search_depth: 1", "max_search_depth: 1"],
    );
    assert!(!dir.path().join("output.txt").exists());
}

#[test]
fn output_to_another_file() {
    let dir = TempDir::new().unwrap();
    searchlab(dir.path()).args(["npuzzle", "Bfs", "1,2,5,3,4,0,6,7,8", "-o", "run1.txt"]).assert().success();
    assert_output(&std::fs::read_to_string(dir.path().join("run1.txt")).unwrap(), &SPEC_EXAMPLE_1);
    assert!(!dir.path().join("output.txt").exists());
}

#[cfg(unix)]
#[test]
fn output_through_a_symlink_writes_the_target_in_place() {
    // The file is written in place, never replaced: a symlink (or a device such as
    // /dev/null) named by --output stays what it is.
    let dir = TempDir::new().unwrap();
    std::fs::write(dir.path().join("real.txt"), "").unwrap();
    std::os::unix::fs::symlink("real.txt", dir.path().join("link.txt")).unwrap();
    searchlab(dir.path()).args(["npuzzle", "bfs", "1,2,5,3,4,0,6,7,8", "-o", "link.txt"]).assert().success();
    assert!(std::fs::symlink_metadata(dir.path().join("link.txt")).unwrap().file_type().is_symlink());
    assert_output(&std::fs::read_to_string(dir.path().join("real.txt")).unwrap(), &SPEC_EXAMPLE_1);
}

#[test]
fn solved_board_gives_an_empty_path() {
    let dir = TempDir::new().unwrap();
    let out = searchlab(dir.path()).args(["npuzzle", "dfs", "0,1,2,3,4,5,6,7,8", "-o", "-"]).assert().success();
    assert_output(
        &String::from_utf8_lossy(&out.get_output().stdout),
        &["path_to_goal: []", "cost_of_path: 0", "nodes_expanded: 0", "search_depth: 0", "max_search_depth: 0"],
    );
}

#[test]
fn a_star_readings() {
    // reference_expected.tsv, 8,6,7,2,5,4,3,0,1: ignore 29 moves / 10810, decrease-key 27 / 4414.
    let dir = TempDir::new().unwrap();
    let run = |extra: &[&str]| {
        let mut args = vec!["npuzzle", "ast", "8,6,7,2,5,4,3,0,1", "-o", "-"];
        args.extend_from_slice(extra);
        let out = searchlab(dir.path()).args(&args).assert().success();
        String::from_utf8_lossy(&out.get_output().stdout).into_owned()
    };
    let default = run(&[]);
    let ignore = run(&["--astar", "ignore"]);
    assert_eq!(default.lines().take(5).collect::<Vec<_>>(), ignore.lines().take(5).collect::<Vec<_>>());
    assert!(default.contains("cost_of_path: 29\nnodes_expanded: 10810\n"), "{default}");
    let dk = run(&["--astar", "decrease-key"]);
    assert!(dk.contains("cost_of_path: 27\nnodes_expanded: 4414\nsearch_depth: 27\nmax_search_depth: 27\n"), "{dk}");
    assert!(
        dk.starts_with("path_to_goal: ['Up', 'Right', 'Down', 'Left', 'Up', 'Up', 'Left', 'Down', 'Down', "),
        "{dk}"
    );
}

#[test]
fn custom_goal() {
    let dir = TempDir::new().unwrap();
    let out = searchlab(dir.path())
        .args(["npuzzle", "bfs", "1,2,3,4,5,6,7,0,8", "--goal", "1,2,3,4,5,6,7,8,0", "-o", "-"])
        .assert()
        .success();
    let stdout = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
    assert!(stdout.starts_with("path_to_goal: ['Right']\ncost_of_path: 1\n"), "{stdout}");
}

#[test]
fn four_by_four_and_five_by_five() {
    // reference_expected.tsv rows.
    let dir = TempDir::new().unwrap();
    let out = searchlab(dir.path())
        .args(["npuzzle", "bfs", "1,2,6,3,4,5,0,7,8,9,10,11,12,13,14,15", "-o", "-"])
        .assert()
        .success();
    assert_output(
        &String::from_utf8_lossy(&out.get_output().stdout),
        &[
            "path_to_goal: ['Up', 'Left', 'Left']",
            "cost_of_path: 3",
            "nodes_expanded: 16",
            "search_depth: 3",
            "max_search_depth: 4",
        ],
    );
    let board5 = "5,1,2,3,4,0,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24";
    let out = searchlab(dir.path()).args(["npuzzle", "dfs", board5, "-o", "-"]).assert().success();
    assert_output(
        &String::from_utf8_lossy(&out.get_output().stdout),
        &["path_to_goal: ['Up']", "cost_of_path: 1", "nodes_expanded: 1", "search_depth: 1", "max_search_depth: 1"],
    );
}

#[test]
fn unsolvable_board_exits_1_without_output() {
    let dir = TempDir::new().unwrap();
    searchlab(dir.path())
        .args(["npuzzle", "bfs", "1,0,2,3,4,5,6,8,7"])
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicates::str::contains("cannot reach the goal"));
    assert!(!dir.path().join("output.txt").exists());
}

#[test]
fn failed_search_keeps_an_earlier_output_and_says_so() {
    let dir = TempDir::new().unwrap();
    searchlab(dir.path()).args(["npuzzle", "bfs", "1,2,5,3,4,0,6,7,8"]).assert().success();
    let earlier = std::fs::read_to_string(dir.path().join("output.txt")).unwrap();
    searchlab(dir.path())
        .args(["npuzzle", "bfs", "1,0,2,3,4,5,6,8,7"])
        .assert()
        .code(1)
        .stderr(predicates::str::contains("the earlier output.txt is left in place (not this run's answer)"));
    assert_eq!(std::fs::read_to_string(dir.path().join("output.txt")).unwrap(), earlier, "not ours to delete");
    // A user's file named by -o is never deleted either.
    std::fs::write(dir.path().join("notes.md"), "my notes\n").unwrap();
    searchlab(dir.path()).args(["npuzzle", "bfs", "1,0,2,3,4,5,6,8,7", "-o", "notes.md"]).assert().code(1);
    assert_eq!(std::fs::read_to_string(dir.path().join("notes.md")).unwrap(), "my notes\n");
}

#[test]
fn node_budget_exits_3_with_statistics_and_no_output() {
    let dir = TempDir::new().unwrap();
    let out = searchlab(dir.path())
        .args(["npuzzle", "dfs", "1,0,2,3,4,5,6,7,8,9,10,11,12,13,14,15", "--max-nodes", "20000"])
        .assert()
        .code(3)
        .stdout("");
    let stderr = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    for needle in ["node budget of 20000 nodes", "nodes_expanded", "max_search_depth", "--max-nodes"] {
        assert!(stderr.contains(needle), "{needle} missing from {stderr}");
    }
    assert!(!dir.path().join("output.txt").exists());
}

#[test]
fn bad_input_exits_2_with_one_line() {
    let dir = TempDir::new().unwrap();
    let cases: &[(&[&str], &str)] = &[
        (&["npuzzle", "bfs", "1,2,3"], "not a square"),
        (&["npuzzle", "bfs", "0"], "not a square"),
        (&["npuzzle", "bfs", ""], "empty"),
        (&["npuzzle", "bfs", "1,2,3,0,"], "empty"),
        (&["npuzzle", "bfs", "1,2,x,0"], "not a number"),
        (&["npuzzle", "bfs", "[1,2,3,0]"], "without brackets, separated by commas"),
        (&["npuzzle", "bfs", "1 2 3 0"], "with commas, not spaces"),
        (&["npuzzle", "bfs", "1,2,9,0"], "out of range"),
        (&["npuzzle", "bfs", "-1,2,3,0"], "out of range"),
        (&["npuzzle", "bfs", "1,1,2,3"], "more than once"),
        (&["npuzzle", "ida", "1,0,2,3"], "unknown method"),
        (&["npuzzle", "bfs", "1,0,2,3", "--goal", "0,1,2,3,4,5,6,7,8"], "goal is 3x3"),
        (&["npuzzle", "bfs", "1,0,2,3", "--goal", "0,1,1,3"], "invalid goal"),
    ];
    for (args, needle) in cases {
        let out = searchlab(dir.path()).args(*args).assert().code(2).stdout("");
        let stderr = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.contains(needle), "{args:?}: {stderr}");
    }
    // clap's own usage errors (missing board, bad option value) also exit 2.
    searchlab(dir.path()).args(["npuzzle", "bfs"]).assert().code(2);
    searchlab(dir.path()).args(["npuzzle", "ast", "1,0,2,3", "--astar", "lazy"]).assert().code(2);
    searchlab(dir.path()).args(["npuzzle", "bfs", "1,0,2,3", "--max-nodes", "0"]).assert().code(2);
    assert!(!dir.path().join("output.txt").exists());
}

#[test]
fn help_teaches() {
    let dir = TempDir::new().unwrap();
    let out = searchlab(dir.path()).args(["npuzzle", "--help"]).assert().success();
    let help = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
    for needle in ["decrease-key", "8,6,7,2,5,4,3,0,1", "Examples:", "--goal", "--max-nodes", "output.txt"] {
        assert!(help.contains(needle), "{needle} missing from help");
    }
}

/// Korf's instance #1 (57 moves, Manhattan distance 41).
const KORF_1: &str = "14,13,15,7,11,12,9,5,6,0,2,1,4,8,10,3";

#[test]
fn hopeless_4x4_bfs_and_dfs_are_refused_up_front_with_the_solve_command() {
    let dir = TempDir::new().unwrap();
    for (method, needles) in [
        ("bfs", ["at least 41 moves away", "at least 7.1e9 nodes", "nothing searched"]),
        ("dfs", ["met no goal in its first 1000000 nodes", "about 5.2e12 nodes", "--max-nodes N runs it"]),
    ] {
        let started = std::time::Instant::now();
        let out = searchlab(dir.path()).args(["npuzzle", method, KORF_1]).assert().code(3).stdout("");
        let seconds = started.elapsed().as_secs_f64();
        // Before: 60 s and 3.6 GB (release) until the budget of 50,000,000 nodes stopped it.
        assert!(seconds < 30.0, "{method} took {seconds:.1} s");
        let stderr = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr.ends_with(&format!("solve it optimally with IDA* instead: searchlab solve {KORF_1}\n")),
            "{stderr}"
        );
        for needle in needles.iter().chain(&["node budget of 50000000 (--max-nodes)", "at about 100 bytes a node"]) {
            assert!(stderr.contains(needle), "{needle} missing from {stderr}");
        }
    }
    // A custom goal goes into the command; a bound below a smaller budget is refused too.
    let out = searchlab(dir.path())
        .args(["npuzzle", "bfs", "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15", "--goal", KORF_1, "--max-nodes", "1000"])
        .assert()
        .code(3);
    let stderr = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    assert!(stderr.contains(&format!("searchlab solve --goal {KORF_1} 0,1,2,")), "{stderr}");
    assert!(!dir.path().join("output.txt").exists());
}

#[test]
fn easy_4x4_boards_are_still_solved_by_bfs_and_dfs() {
    let dir = TempDir::new().unwrap();
    let cases = [
        ("bfs", "1,5,2,3,4,0,6,7,8,9,10,11,12,13,14,15", "['Up', 'Left']"),
        ("dfs", "1,5,2,3,4,0,6,7,8,9,10,11,12,13,14,15", "['Up', 'Left']"),
        ("bfs", "4,1,2,3,8,5,6,7,0,9,10,11,12,13,14,15", "['Up', 'Up']"),
        ("dfs", "4,1,2,3,8,5,6,7,0,9,10,11,12,13,14,15", "['Up', 'Up']"),
        ("bfs", "1,2,0,3,4,5,6,7,8,9,10,11,12,13,14,15", "['Left', 'Left']"),
    ];
    for (method, board, path) in cases {
        let out = searchlab(dir.path()).args(["npuzzle", method, board, "-o", "-"]).assert().success();
        let stdout = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
        assert!(stdout.starts_with(&format!("path_to_goal: {path}\ncost_of_path: 2\n")), "{method} {board}: {stdout}");
    }
    // A budget given with --max-nodes that the memory holds is honoured: that DFS (whose goal
    // is not on its first branch) runs to it, past the 1,000,000-node probe, and stops there.
    let out = searchlab(dir.path())
        .args(["npuzzle", "dfs", "1,2,0,3,4,5,6,7,8,9,10,11,12,13,14,15", "--max-nodes", "1200000"])
        .assert()
        .code(3);
    let stderr = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    assert!(stderr.contains("stopped at the node budget of 1200000 nodes"), "{stderr}");
}
