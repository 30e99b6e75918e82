//! End-to-end tests of `searchlab npuzzle --edition 2017`: the nine lines of the course's
//! 2017 examples (Example #1: fringe 11 / 12; Example #2: fringe 2 / 42913), `ida` accepted
//! only there, and `ida`'s path as long as `searchlab solve`'s optimal solution.

use assert_cmd::Command;

fn searchlab(args: &[&str]) -> std::process::Output {
    Command::cargo_bin("searchlab").unwrap().args(args).output().unwrap()
}

fn stdout(out: &std::process::Output) -> String {
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout.clone()).unwrap()
}

#[test]
fn the_2017_examples_have_nine_lines() {
    for (method, fringe, max_fringe) in [("bfs", 11, 12), ("dfs", 2, 42_913)] {
        let args = ["npuzzle", method, "1,2,5,3,4,0,6,7,8", "-o", "-"];
        let nine = stdout(&searchlab(&[&args[..], &["--edition", "2017"]].concat()));
        let seven = stdout(&searchlab(&args));
        let mut lines: Vec<&str> = nine.lines().collect();
        assert_eq!(lines.len(), 9, "{nine}");
        // The two new lines sit between nodes_expanded and search_depth; the rest is the
        // current edition's output.
        let fringe_lines: Vec<&str> = lines.drain(3..5).collect();
        assert_eq!(fringe_lines, [format!("fringe_size: {fringe}"), format!("max_fringe_size: {max_fringe}")]);
        assert_eq!(lines[..5], seven.lines().take(5).collect::<Vec<_>>()[..]);
        assert!(lines[5].starts_with("running_time: ") && lines[6].starts_with("max_ram_usage: "));
    }
}

#[test]
fn the_default_edition_keeps_seven_lines() {
    let default = stdout(&searchlab(&["npuzzle", "bfs", "1,2,5,3,4,0,6,7,8", "-o", "-"]));
    let named = stdout(&searchlab(&["npuzzle", "bfs", "1,2,5,3,4,0,6,7,8", "--edition", "2020", "-o", "-"]));
    assert_eq!(default.lines().count(), 7);
    assert!(!default.contains("fringe"));
    let strip = |t: &str| t.lines().take(5).collect::<Vec<_>>().join("\n");
    assert_eq!(strip(&default), strip(&named));
}

#[test]
fn ida_belongs_to_the_2017_edition() {
    let out = searchlab(&["npuzzle", "ida", "1,2,5,3,4,0,6,7,8", "-o", "-"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("2017 edition adds ida"));
    let out = searchlab(&["npuzzle", "bfs", "1,2,5,3,4,0,6,7,8", "--edition", "2018"]);
    assert_eq!(out.status.code(), Some(2));
    let text = stdout(&searchlab(&["npuzzle", "IDA", "1,2,5,3,4,0,6,7,8", "--edition", "2017", "-o", "-"]));
    // Worked out by hand in crates/npuzzle/tests/ida_2017.rs.
    assert!(text.starts_with(
        "path_to_goal: ['Up', 'Left', 'Left']\ncost_of_path: 3\nnodes_expanded: 3\nfringe_size: 0\n\
         max_fringe_size: 1\nsearch_depth: 3\nmax_search_depth: 3\n"
    ));
}

#[test]
fn ida_paths_are_as_long_as_the_optimal_solvers() {
    // Two 8-puzzles (26 and 31 moves) and a shallow 15-puzzle: `solve` is the other IDA*,
    // the solver crate's, with its own loop and heuristic code.
    for board in ["8,6,4,2,1,3,5,7,0", "8,0,6,5,4,7,2,3,1", "4,1,2,3,0,5,6,7,8,9,10,11,12,13,14,15"] {
        let solved = stdout(&searchlab(&["solve", board, "--heuristic", "manhattan", "--json"]));
        let json: serde_json::Value = serde_json::from_str(&solved).unwrap();
        let optimal = json["length"].as_u64().unwrap();
        let text = stdout(&searchlab(&["npuzzle", "ida", board, "--edition", "2017", "-o", "-"]));
        assert!(text.contains(&format!("\ncost_of_path: {optimal}\n")), "{board}: {text}");
        assert!(text.contains(&format!("\nsearch_depth: {optimal}\n")), "{board}: {text}");
    }
}
