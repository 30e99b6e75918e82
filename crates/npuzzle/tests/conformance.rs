//! Reproduces every row of the conformance contract (`tests/data/npuzzle/`, copied from the
//! shared contract): `cases.tsv` (published figures) and `reference_expected.tsv` (the
//! reference reading's figures on more boards and widths, both A* readings).
//!
//! Empty fields are not checked. Paths are compared letter by letter (`path=ULL`), or by
//! SHA-256 of the Python list text plus length, first four and last four moves.

use std::fmt::Write as _;
use std::path::PathBuf;

use searchlab_core::Strategy;
use searchlab_npuzzle::{
    method_name, parse_method, path_to_python_list, solve, AstarReading, Board, DriverOptions, DriverReport,
};
use sha2::{Digest, Sha256};

fn data(file: &str) -> String {
    let path: PathBuf = [env!("CARGO_MANIFEST_DIR"), "..", "..", "tests", "data", "npuzzle", file].iter().collect();
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// One expected row, whichever file it comes from.
struct Row {
    line: usize,
    method: Strategy,
    board: String,
    astar: AstarReading,
    cost: String,
    nodes_expanded: String,
    search_depth: String,
    max_search_depth: String,
    path: String,
}

fn rows(file: &str) -> Vec<Row> {
    let text = data(file);
    let mut lines = text.lines().enumerate();
    let (_, header) = lines.next().expect("a header line");
    let columns: Vec<&str> = header.split('\t').collect();
    let col =
        |name: &str| columns.iter().position(|c| *c == name).unwrap_or_else(|| panic!("{file}: no column {name}"));
    let (method, board, cost, nodes) = (col("method"), col("board"), col("cost_of_path"), col("nodes_expanded"));
    let (depth, max_depth, path) = (col("search_depth"), col("max_search_depth"), col("path_sha_or_path"));
    let variant = columns.iter().position(|c| *c == "variant");
    lines
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            let f: Vec<&str> = l.split('\t').collect();
            let get = |c: usize| f.get(c).copied().unwrap_or("").trim().to_string();
            let astar = match variant.map(get).as_deref() {
                None | Some("default") | Some("default(fifo,ignore)") => AstarReading::Ignore,
                Some("fifo,decrease-key") => AstarReading::DecreaseKey,
                Some(other) => panic!("{file}:{}: unknown variant {other}", i + 1),
            };
            Row {
                line: i + 1,
                method: parse_method(&get(method)).unwrap_or_else(|e| panic!("{file}:{}: {e}", i + 1)),
                board: get(board),
                astar,
                cost: get(cost),
                nodes_expanded: get(nodes),
                search_depth: get(depth),
                max_search_depth: get(max_depth),
                path: get(path),
            }
        })
        .collect()
}

/// Compares a report with a row; returns the differences.
fn compare(row: &Row, report: &DriverReport) -> Vec<String> {
    let mut diffs = Vec::new();
    let mut check = |name: &str, expected: &str, actual: u64| {
        if !expected.is_empty() && expected != actual.to_string() {
            diffs.push(format!("{name}: expected {expected}, got {actual}"));
        }
    };
    check("cost_of_path", &row.cost, report.cost_of_path());
    check("nodes_expanded", &row.nodes_expanded, report.nodes_expanded);
    check("search_depth", &row.search_depth, report.search_depth);
    check("max_search_depth", &row.max_search_depth, report.max_search_depth);
    let letters: String = report.path.iter().map(|d| d.letter()).collect();
    if let Some(expected) = row.path.strip_prefix("path=") {
        let expected = if expected == "EMPTY" { "" } else { expected };
        if letters != expected {
            diffs.push(format!("path: expected {expected}, got {letters}"));
        }
    } else if let Some(spec) = row.path.strip_prefix("sha256=") {
        let mut parts = spec.split(';');
        let sha = parts.next().unwrap_or("");
        let digest = Sha256::digest(path_to_python_list(&report.path).as_bytes());
        let mut hex = String::new();
        for byte in digest {
            let _ = write!(hex, "{byte:02x}");
        }
        if hex != sha {
            diffs.push(format!("path sha256: expected {sha}, got {hex}"));
        }
        for part in parts {
            let (key, value) = part.split_once('=').unwrap_or((part, ""));
            let ok = match key {
                "len" => value == letters.len().to_string(),
                "head" => letters.starts_with(value),
                "tail" => letters.ends_with(value),
                _ => true, // "published=" repeats the source's elided text
            };
            if !ok {
                diffs.push(format!("path {key}: expected {value}"));
            }
        }
    } else if !row.path.is_empty() {
        diffs.push(format!("unknown path field {}", row.path));
    }
    diffs
}

/// Runs every row of `file` for `method`; returns (rows checked, rows skipped).
fn check_file(file: &str, method: Strategy) -> (usize, usize) {
    let mut failures = Vec::new();
    let (mut checked, mut skipped) = (0, 0);
    for row in rows(file).iter().filter(|r| r.method == method) {
        if row.cost.is_empty() && row.nodes_expanded.is_empty() {
            // reference_expected.tsv leaves DFS on three 4×4 boards blank: the reference
            // "gave up after 3000000 expansions" (the reachable space is 16!/2 states and DFS
            // dives away from the goal). There is no figure to reproduce; the driver's node
            // budget covers that case (see `dfs_on_4x4_hits_the_node_budget`).
            skipped += 1;
            continue;
        }
        let board = Board::parse(&row.board).unwrap_or_else(|e| panic!("{file}:{}: {e}", row.line));
        let goal = Board::goal(board.width()).expect("goal");
        let options = DriverOptions { astar: row.astar, ..DriverOptions::default() };
        match solve(row.method, &board, &goal, &options) {
            Ok(report) => {
                let diffs = compare(row, &report);
                if !diffs.is_empty() {
                    failures.push(format!(
                        "{file}:{} {} {} {:?}: {}",
                        row.line,
                        method_name(method),
                        row.board,
                        row.astar,
                        diffs.join("; ")
                    ));
                }
            }
            Err(e) => failures.push(format!("{file}:{} {} {}: {e}", row.line, method_name(method), row.board)),
        }
        checked += 1;
    }
    assert!(failures.is_empty(), "{} of {checked} rows differ:\n{}", failures.len(), failures.join("\n"));
    (checked, skipped)
}

// The expected row counts (checked, skipped) were counted in the files with awk, so that
// a parsing slip cannot silently skip rows.

#[test]
fn cases_tsv_bfs() {
    assert_eq!(check_file("cases.tsv", Strategy::BreadthFirst), (9, 0));
}

#[test]
fn cases_tsv_dfs() {
    assert_eq!(check_file("cases.tsv", Strategy::DepthFirst), (8, 0));
}

#[test]
fn cases_tsv_ast() {
    assert_eq!(check_file("cases.tsv", Strategy::AStar), (6, 0));
}

#[test]
fn reference_bfs() {
    assert_eq!(check_file("reference_expected.tsv", Strategy::BreadthFirst), (29, 0));
}

#[test]
fn reference_dfs() {
    assert_eq!(check_file("reference_expected.tsv", Strategy::DepthFirst), (26, 3));
}

#[test]
fn reference_ast_both_readings() {
    assert_eq!(check_file("reference_expected.tsv", Strategy::AStar), (58, 0));
}

#[test]
fn dfs_on_4x4_hits_the_node_budget() {
    // The rows skipped above: the goal is one move away, yet DFS dives elsewhere.
    let board = Board::parse("1,0,2,3,4,5,6,7,8,9,10,11,12,13,14,15").expect("board");
    let options = DriverOptions { max_nodes: Some(50_000), ..DriverOptions::default() };
    let result = solve(Strategy::DepthFirst, &board, &Board::goal(4).expect("goal"), &options);
    assert!(matches!(result, Err(searchlab_npuzzle::SolveError::NodeLimit { limit: 50_000, .. })), "{result:?}");
}
