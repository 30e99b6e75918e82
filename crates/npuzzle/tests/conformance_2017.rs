//! The 2017 edition's two extra lines, `fringe_size` and `max_fringe_size`, for every row of
//! `tests/data/npuzzle/reference_expected.tsv` that has them (columns `fringe_size_2017` and
//! `max_fringe_size_2017`: the contract's reference computed them; the spec's Example #1,
//! BFS 11 / 12, and Example #2, DFS 2 / 42913, are the course's published figures), and the
//! nine-line `output.txt` of the published examples. The seven lines of the same rows are
//! checked by `conformance.rs`.

use std::path::PathBuf;

use searchlab_core::Strategy;
use searchlab_npuzzle::{
    format_edition_output, method_name, parse_method, solve, AstarReading, Board, DriverOptions, Edition,
};

struct Row {
    line: usize,
    method: Strategy,
    board: String,
    astar: AstarReading,
    fringe: String,
    max_fringe: String,
}

fn rows() -> Vec<Row> {
    let path: PathBuf =
        [env!("CARGO_MANIFEST_DIR"), "..", "..", "tests", "data", "npuzzle", "reference_expected.tsv"].iter().collect();
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut lines = text.lines().enumerate();
    let columns: Vec<&str> = lines.next().expect("a header").1.split('\t').collect();
    let col = |name: &str| columns.iter().position(|c| *c == name).unwrap_or_else(|| panic!("no column {name}"));
    let (method, board, variant) = (col("method"), col("board"), col("variant"));
    let (fringe, max_fringe) = (col("fringe_size_2017"), col("max_fringe_size_2017"));
    lines
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            let f: Vec<&str> = l.split('\t').collect();
            let get = |c: usize| f.get(c).copied().unwrap_or("").trim().to_string();
            let astar = match get(variant).as_str() {
                "default" | "default(fifo,ignore)" => AstarReading::Ignore,
                "fifo,decrease-key" => AstarReading::DecreaseKey,
                other => panic!("line {}: unknown variant {other}", i + 1),
            };
            Row {
                line: i + 1,
                method: parse_method(&get(method)).expect("a method"),
                board: get(board),
                astar,
                fringe: get(fringe),
                max_fringe: get(max_fringe),
            }
        })
        .collect()
}

/// Checks every row of `method` that has the two figures; returns (checked, skipped).
fn check(method: Strategy) -> (usize, usize) {
    let (mut checked, mut skipped, mut failures) = (0, 0, Vec::new());
    for row in rows().iter().filter(|r| r.method == method) {
        if row.fringe.is_empty() && row.max_fringe.is_empty() {
            // DFS on three 4×4 boards: the reference gave up (see conformance.rs).
            skipped += 1;
            continue;
        }
        let board = Board::parse(&row.board).expect("a board");
        let goal = Board::goal(board.width()).expect("a goal");
        let options = DriverOptions { astar: row.astar, ..DriverOptions::default() };
        let report = solve(method, &board, &goal, &options).unwrap_or_else(|e| panic!("line {}: {e}", row.line));
        let got = (report.fringe_size().to_string(), report.max_fringe_size().to_string());
        if got != (row.fringe.clone(), row.max_fringe.clone()) {
            failures.push(format!(
                "line {} {} {} {:?}: expected {} / {}, got {} / {}",
                row.line,
                method_name(method),
                row.board,
                row.astar,
                row.fringe,
                row.max_fringe,
                got.0,
                got.1
            ));
        }
        checked += 1;
    }
    assert!(failures.is_empty(), "{} of {checked} rows differ:\n{}", failures.len(), failures.join("\n"));
    (checked, skipped)
}

// Row counts as in conformance.rs (counted in the file with awk).

#[test]
fn fringe_bfs() {
    assert_eq!(check(Strategy::BreadthFirst), (29, 0));
}

#[test]
fn fringe_dfs() {
    assert_eq!(check(Strategy::DepthFirst), (26, 3));
}

#[test]
fn fringe_ast_both_readings() {
    assert_eq!(check(Strategy::AStar), (58, 0));
}

#[test]
fn the_spec_examples_in_nine_lines() {
    let board = Board::parse("1,2,5,3,4,0,6,7,8").expect("board");
    let goal = Board::goal(3).expect("goal");
    for (method, expanded, fringe, max_fringe, max_depth) in
        [(Strategy::BreadthFirst, 10, 11, 12, 4), (Strategy::DepthFirst, 181_437, 2, 42_913, 66_125)]
    {
        let report = solve(method, &board, &goal, &DriverOptions::default()).expect("solved");
        let text = format_edition_output(&report, 0.5, Edition::Y2017);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[..7],
            [
                "path_to_goal: ['Up', 'Left', 'Left']".to_string(),
                "cost_of_path: 3".into(),
                format!("nodes_expanded: {expanded}"),
                format!("fringe_size: {fringe}"),
                format!("max_fringe_size: {max_fringe}"),
                "search_depth: 3".into(),
                format!("max_search_depth: {max_depth}"),
            ]
        );
        assert!(lines[7].starts_with("running_time: ") && lines[8] == "max_ram_usage: 0.50000000");
        assert_eq!(lines.len(), 9);
    }
}
