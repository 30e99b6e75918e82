//! End-to-end tests of `searchlab search npuzzle` with the textbook's strategies beside the
//! course driver's: every path checked by replaying its moves on the board (not against this
//! project's own output), the optimal ones against the board's known distance.

use assert_cmd::Command;
use serde_json::Value;

/// A board 16 moves from the goal `0,1,…,8` (the textbook-experiments issue's example: the
/// shortest path has 16 moves; a search with one set of seen states over an iteration found 24).
const SIXTEEN: &str = "1,5,6,3,0,4,7,8,2";

/// Where `--heuristic pdb-…` keeps its tables (the user's cache folder otherwise).
const CACHE: &str = concat!(env!("CARGO_TARGET_TMPDIR"), "/search-npuzzle-cache");

/// `searchlab search npuzzle STRATEGY --board BOARD --json`, which must exit 0.
fn search(strategy: &str, board: &str) -> Value {
    search_with(strategy, board, &[])
}

/// The same with more options (`--goal`, `--heuristic`).
fn search_with(strategy: &str, board: &str, more: &[&str]) -> Value {
    let out = Command::cargo_bin("searchlab")
        .unwrap()
        .args(["search", "npuzzle", strategy, "--board", board, "--json"])
        .args(more)
        .env("XDG_CACHE_HOME", CACHE)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{strategy}: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

/// The exit code and the error line of a search that must fail.
fn refused(args: &[&str]) -> (Option<i32>, String) {
    let out = Command::cargo_bin("searchlab")
        .unwrap()
        .args(["search", "npuzzle"])
        .args(args)
        .env("XDG_CACHE_HOME", CACHE)
        .output()
        .unwrap();
    assert!(out.stdout.is_empty());
    (out.status.code(), String::from_utf8_lossy(&out.stderr).trim_end().to_string())
}

/// The tiles after sliding the blank by each move of `moves` (`Up` moves the blank up).
fn replay(board: &str, moves: &[&str]) -> Vec<u8> {
    let mut tiles: Vec<u8> = board.split(',').map(|t| t.parse().unwrap()).collect();
    for name in moves {
        let blank = tiles.iter().position(|&t| t == 0).unwrap();
        let (row, col) = (blank / 3, blank % 3);
        let other = match *name {
            "Up" if row > 0 => blank - 3,
            "Down" if row < 2 => blank + 3,
            "Left" if col > 0 => blank - 1,
            "Right" if col < 2 => blank + 1,
            _ => panic!("{name} is not a legal move from {tiles:?}"),
        };
        tiles.swap(blank, other);
    }
    tiles
}

fn moves(json: &Value) -> Vec<&str> {
    json["moves"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect()
}

#[test]
fn the_optimal_strategies_take_the_shortest_path() {
    for strategy in ["ids", "ucs", "astar", "rbfs", "bidirectional", "bidirectional-ucs", "ida"] {
        let json = search(strategy, SIXTEEN);
        let path = moves(&json);
        assert_eq!(path.len(), 16, "{strategy}: {path:?}");
        assert_eq!(json["cost"], 16, "{strategy}");
        assert_eq!(replay(SIXTEEN, &path), (0..9).collect::<Vec<u8>>(), "{strategy}");
        assert_eq!((&json["strategy"], &json["finish"]), (&strategy.into(), &"found".into()));
    }
}

#[test]
fn the_other_strategies_find_a_path_that_reaches_the_goal() {
    for strategy in ["greedy", "weighted-astar", "beam", "bfs", "ast", "a*"] {
        let json = search(strategy, SIXTEEN);
        let path = moves(&json);
        assert!(path.len() >= 16, "{strategy}: {path:?}");
        assert_eq!(replay(SIXTEEN, &path), (0..9).collect::<Vec<u8>>(), "{strategy}");
    }
}

#[test]
fn iterative_deepening_says_it_skips_cycles_on_the_path() {
    // Depth-limited search checks only the node's own path: it discards children "on-path"
    // and never "explored" or "in-frontier" ones.
    let dir = tempfile::tempdir().unwrap();
    let trace = dir.path().join("ids.jsonl");
    Command::cargo_bin("searchlab")
        .unwrap()
        .args(["search", "npuzzle", "ids", "--board", "1,2,5,3,4,0,6,7,8", "--trace"])
        .arg(&trace)
        .assert()
        .success();
    let text = std::fs::read_to_string(&trace).unwrap();
    let reasons: Vec<String> = text
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|e| e["type"] == "discarded")
        .map(|e| e["reason"].as_str().unwrap().to_string())
        .collect();
    assert!(reasons.iter().any(|r| r == "on-path"), "{reasons:?}");
    assert!(reasons.iter().all(|r| r == "on-path"), "{reasons:?}");
}

#[test]
fn the_course_methods_keep_the_drivers_counts() {
    // The assignment's example: BFS on 1,2,5,3,4,0,6,7,8 goes Up, Left, Left after 10 expansions.
    let json = search("bfs", "1,2,5,3,4,0,6,7,8");
    assert_eq!(moves(&json), ["Up", "Left", "Left"]);
    assert_eq!(json["answer"]["nodes_expanded"], 10);
}

#[test]
fn an_unknown_strategy_names_every_strategy_of_the_puzzle() {
    let out = Command::cargo_bin("searchlab")
        .unwrap()
        .args(["search", "npuzzle", "hill", "--board", SIXTEEN])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    let names = ["bfs", "dfs", "ast", "ids", "ucs", "greedy", "astar", "weighted-astar", "beam", "bidirectional"];
    for name in names.into_iter().chain(["bidirectional-ucs", "rbfs", "ida"]) {
        assert!(err.contains(name), "{name} missing from: {err}");
    }
}

#[test]
fn any_goal_board_can_be_the_goal() {
    // aima-python's goal (blank last): its tests say 1,2,3,4,5,7,8,6,0 takes 12 moves.
    let aima = ["--goal", "1,2,3,4,5,6,7,8,0"];
    for strategy in ["astar", "ida", "bfs", "ucs", "bidirectional"] {
        let json = search_with(strategy, "1,2,3,4,5,7,8,6,0", &aima);
        let path = moves(&json);
        assert_eq!(path.len(), 12, "{strategy}: {path:?}");
        assert_eq!(replay("1,2,3,4,5,7,8,6,0", &path), [1, 2, 3, 4, 5, 6, 7, 8, 0], "{strategy}");
    }
    // The goal of the other parity class cannot be reached: exit 1, before any search.
    let (code, err) = refused(&["astar", "--board", "1,2,3,4,5,6,8,7,0", "--goal", "1,2,3,4,5,6,7,8,0"]);
    assert_eq!(code, Some(1));
    assert!(err.contains("cannot reach the goal 1,2,3,4,5,6,7,8,0"), "{err}");
    let (code, err) = refused(&["astar", "--board", SIXTEEN, "--goal", "0,1,2,3"]);
    assert_eq!((code, err.as_str()), (Some(2), "searchlab: the goal 0,1,2,3 is 2x2 but the board is 3x3"));
}

#[test]
fn heuristics_by_name_keep_a_star_optimal_and_the_better_one_expands_less() {
    // Misplaced tiles <= Manhattan distance <= Manhattan + linear conflicts on every board (the
    // heuristic module checks it on all 181,440), so A* expands no more with the larger one here.
    let mut expanded = Vec::new();
    for heuristic in ["misplaced", "manhattan", "linear-conflict"] {
        let json = search_with("astar", SIXTEEN, &["--heuristic", heuristic]);
        let path = moves(&json);
        assert_eq!(path.len(), 16, "{heuristic}");
        assert_eq!(replay(SIXTEEN, &path), (0..9).collect::<Vec<u8>>(), "{heuristic}");
        expanded.push(json["stats"]["selected"].as_u64().unwrap());
    }
    assert!(expanded[0] > expanded[1] && expanded[1] > expanded[2], "{expanded:?}");
    // The default is Manhattan distance: the same counts as without the option.
    assert_eq!(search("astar", SIXTEEN)["stats"]["selected"].as_u64(), Some(expanded[1]));
    for strategy in ["ida", "rbfs"] {
        assert_eq!(moves(&search_with(strategy, SIXTEEN, &["--heuristic", "misplaced"])).len(), 16, "{strategy}");
    }
}

#[test]
fn a_heuristic_where_it_means_nothing_is_said_and_an_unknown_one_refused() {
    let out = Command::cargo_bin("searchlab")
        .unwrap()
        .args(["search", "npuzzle", "bfs", "--board", SIXTEEN, "--heuristic", "misplaced", "--json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "searchlab: note: bfs does not use h, so --heuristic changes nothing (it applies to ast, greedy, astar, \
         weighted-astar, beam, rbfs, ida)\n"
    );
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["cost"], 16);
    let (code, err) = refused(&["astar", "--board", SIXTEEN, "--heuristic", "euclid"]);
    assert_eq!(code, Some(2));
    assert_eq!(
        err,
        "searchlab: unknown heuristic `euclid`: use one of manhattan, misplaced, linear-conflict, gaschnig, \
         pdb-<sizes> (pattern databases: pdb-4-4 on 3x3, pdb-5-5-5, pdb-6-6-3 or pdb-7-8 on 4x4)"
    );
}

#[test]
fn pattern_databases_by_name_and_an_inconsistent_one_said_in_one_line() {
    // 24 moves from the goal, as breadth-first search (optimal for unit step costs) finds.
    const BOARD: &str = "5,3,2,8,0,4,7,1,6";
    let shortest = moves(&search("bfs", BOARD)).len();
    assert_eq!(shortest, 24);
    let pdb = ["--heuristic", "pdb-4-4"];
    let selected = |json: &Value| json["stats"]["selected"].as_u64().unwrap();
    // The tree searches stay optimal with an admissible heuristic, and the databases (never below
    // Manhattan distance) let IDA* select fewer boards.
    for strategy in ["ida", "rbfs"] {
        assert_eq!(moves(&search_with(strategy, BOARD, &pdb)).len(), shortest, "{strategy}");
    }
    assert!(selected(&search_with("ida", BOARD, &pdb)) < selected(&search("ida", BOARD)));
    // Not consistent: A*'s graph search settles a board before its shortest path is known, and
    // says so on standard error before its answer.
    let out = Command::cargo_bin("searchlab")
        .unwrap()
        .args(["search", "npuzzle", "astar", "--board", BOARD, "--json", "--heuristic", "pdb-4-4"])
        .env("XDG_CACHE_HOME", CACHE)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "searchlab: note: the heuristic pdb-4-4 is admissible but not consistent: astar never re-opens an expanded \
         board, so its path may be longer than the shortest (ida and rbfs stay optimal)\n"
    );
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    let path = moves(&json);
    assert_eq!(replay(BOARD, &path), (0..9).collect::<Vec<u8>>());
    assert!(path.len() > shortest, "{}", path.len());
    let (code, err) = refused(&["astar", "--board", BOARD, "--heuristic", "pdb-4-4+dual"]);
    assert_eq!(code, Some(2));
    assert!(err.starts_with("searchlab: heuristic `pdb-4-4+dual`: +dual, +bpmx and +zero are options"), "{err}");
}
