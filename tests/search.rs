//! End-to-end tests of `searchlab search`: the Romania road map pinned to the textbook's
//! figures (Russell & Norvig, AIMA, 3rd edition, Figures 3.23 and 3.24: written down from the book, not
//! from this project's output), the exit codes, and every registered puzzle accepted.

use assert_cmd::Command;
use serde_json::Value;

fn searchlab() -> Command {
    Command::cargo_bin("searchlab").unwrap()
}

/// `searchlab search romania STRATEGY --from FROM --to TO --json`, which must exit 0.
fn romania(strategy: &str, from: &str, to: &str) -> Value {
    let out = searchlab().args(["search", "romania", strategy, "--from", from, "--to", to, "--json"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(out.stderr.is_empty());
    serde_json::from_slice(&out.stdout).unwrap()
}

fn texts(value: &Value) -> Vec<&str> {
    value.as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect()
}

/// Figure 3.24: A* selects Arad, Sibiu, Rimnicu Vilcea, Fagaras, Pitesti, then Bucharest
/// (reached at 418 through Pitesti, after 450 through Fagaras).
#[test]
fn astar_from_arad_is_figure_3_24() {
    let json = romania("astar", "Arad", "Bucharest");
    assert_eq!(texts(&json["expanded"]), ["Arad", "Sibiu", "Rimnicu Vilcea", "Fagaras", "Pitesti", "Bucharest"]);
    assert_eq!(texts(&json["path"]), ["Arad", "Sibiu", "Rimnicu Vilcea", "Pitesti", "Bucharest"]);
    assert_eq!(json["cost"], 418);
    assert_eq!(json["stats"]["selected"], 6);
    assert!(json["stats"]["generated"].as_u64().unwrap() >= 5);
    assert_eq!(
        (&json["puzzle"], &json["strategy"], &json["finish"]),
        (&"romania".into(), &"astar".into(), &"found".into())
    );
    assert_eq!(texts(&json["moves"]), ["go to Sibiu", "go to Rimnicu Vilcea", "go to Pitesti", "go to Bucharest"]);
}

/// Figure 3.23: greedy best-first search on the straight-line distance goes Arad, Sibiu,
/// Fagaras, Bucharest: 450 km, not the shortest.
#[test]
fn greedy_from_arad_is_figure_3_23() {
    let json = romania("greedy", "arad", "BUCHAREST");
    assert_eq!(texts(&json["expanded"]), ["Arad", "Sibiu", "Fagaras", "Bucharest"]);
    assert_eq!(texts(&json["path"]), ["Arad", "Sibiu", "Fagaras", "Bucharest"]);
    assert_eq!(json["cost"], 450);
}

/// Iterative deepening finds the fewest roads (3, as BFS), one depth at a time; worked out by
/// hand from Figure 3.2's map, neighbours in the map's order, each city skipped only when it is
/// on its own path (Sibiu's child Arad): depth 0 selects Arad; depth 1 Arad and its three
/// neighbours; depth 2 adds their children; depth 3 stops at Bucharest through Fagaras.
#[test]
fn iterative_deepening_deepens_one_road_at_a_time() {
    let json = romania("ids", "Arad", "Bucharest");
    assert_eq!(texts(&json["path"]), ["Arad", "Sibiu", "Fagaras", "Bucharest"]);
    assert_eq!(json["cost"], 450);
    let depth_2 = ["Arad", "Sibiu", "Fagaras", "Oradea", "Rimnicu Vilcea", "Timisoara", "Lugoj", "Zerind", "Oradea"];
    let expected: Vec<&str> = ["Arad"]
        .into_iter()
        .chain(["Arad", "Sibiu", "Timisoara", "Zerind"])
        .chain(depth_2)
        .chain(["Arad", "Sibiu", "Fagaras", "Bucharest"])
        .collect();
    assert_eq!(texts(&json["expanded"]), expected);
}

/// Uniform-cost search finds the shortest route too (140 + 80 + 97 + 101 = 418).
#[test]
fn uniform_cost_finds_418() {
    let json = romania("ucs", "Arad", "Bucharest");
    assert_eq!(texts(&json["path"]), ["Arad", "Sibiu", "Rimnicu Vilcea", "Pitesti", "Bucharest"]);
    assert_eq!(json["cost"], 418);
    assert_eq!(texts(&json["expanded"]).last(), Some(&"Bucharest"));
}

#[test]
fn the_text_answer_is_the_path_its_cost_and_the_expanded_cities() {
    let out = searchlab().args(["search", "romania", "astar", "--from", "Arad", "--to", "Bucharest"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "path: Arad, Sibiu, Rimnicu Vilcea, Pitesti, Bucharest");
    assert_eq!(lines[1], "cost: 418");
    assert_eq!(lines[2], "expanded: Arad, Sibiu, Rimnicu Vilcea, Fagaras, Pitesti, Bucharest");
    assert!(lines[3].starts_with("nodes: 6 expanded, "), "{text}");
}

/// Bad input: one line on stderr, nothing on stdout, exit 2.
#[test]
fn unknown_cities_puzzles_strategies_and_options_are_one_line_and_exit_2() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["romania", "astar", "--from", "Paris", "--to", "Bucharest"],
            "`from`: unknown city `Paris`: the cities are Arad, ",
        ),
        (&["romania", "astar", "--from", "Arad", "--to", "Atlantis"], "`to`: unknown city `Atlantis`"),
        (&["romania", "astar", "--from", "Arad"], "`to`: no city given"),
        (&["chess", "bfs"], "unknown puzzle `chess`: use one of digits, npuzzle, romania, queens"),
        (&["romania", "ida", "--from", "Arad", "--to", "Bucharest"], "unknown strategy `ida` for the Romania road map"),
        (&["romania", "bfs", "--from", "Arad", "--board", "1,2,3"], "--board is not an option of the Romania road map"),
    ];
    for (args, needle) in cases {
        let out = searchlab().arg("search").args(*args).assert().code(2).stdout("");
        let stderr = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.starts_with("searchlab: ") && stderr.contains(needle), "{args:?}: {stderr}");
    }
}

#[test]
fn no_solution_exits_1_and_a_limit_exits_3() {
    // Hill-climbing gets stuck at 210 (the README's example of `digits H`).
    let out = searchlab().args(["search", "digits", "H", "--start", "320", "--goal", "110"]).assert().code(1);
    let text = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
    assert!(text.starts_with("path: none (hill-climbing stuck at 210"), "{text}");
    // An unsolvable board is refused before any search.
    searchlab().args(["search", "npuzzle", "ast", "--board", "1,0,2,3,4,5,6,8,7"]).assert().code(1).stdout("");
    let out = searchlab()
        .args(["search", "romania", "dfs", "--from", "Arad", "--to", "Bucharest", "--max-expansions", "2", "--json"])
        .assert()
        .code(3);
    let json: Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(
        (&json["finish"], &json["path"], &json["stats"]["selected"]),
        (&"expansion-limit".into(), &Value::Null, &2.into())
    );
    let stderr = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    assert_eq!(
        stderr,
        "searchlab: the expansion limit stopped the search after 2 nodes taken from the frontier, none a goal\n"
    );
}

/// A registered puzzle that `searchlab search` does not take fails here: every puzzle of the
/// registry is offered by `--help` and answers its own example instance with every strategy.
#[test]
fn every_registered_puzzle_is_searched_with_every_strategy() {
    use searchlab_registry::path_puzzles;
    let help = searchlab().args(["search", "--help"]).output().unwrap();
    let help = String::from_utf8(help.stdout).unwrap();
    for puzzle in path_puzzles() {
        assert!(help.contains(&format!("  {}", puzzle.name())), "--help lists {}", puzzle.name());
        for entry in puzzle.strategies() {
            let mut args = vec!["search".to_string(), puzzle.name().into(), entry.name.into(), "--json".into()];
            for field in puzzle.fields() {
                args.extend([format!("--{}", field.name), field.example.to_string()]);
            }
            let out = searchlab().args(&args).output().unwrap();
            let what = format!("{args:?}: {}", String::from_utf8_lossy(&out.stderr));
            assert!(matches!(out.status.code(), Some(0 | 1 | 3)), "{what}");
            let json: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{what}: {e}"));
            assert_eq!((json["puzzle"].as_str(), json["strategy"].as_str()), (Some(puzzle.name()), Some(entry.name)));
            let expanded = json["expanded"].as_array().map(|list| list.len() as u64);
            assert_eq!(expanded, json["stats"]["selected"].as_u64(), "{what}");
        }
    }
}

/// `searchlab search queens STRATEGY --n 8 --runs N --seed 7 --json`, which must exit 0.
fn queens(args: &[&str]) -> Value {
    let out =
        searchlab().args(["search", "queens"]).args(args).args(["--n", "8", "--seed", "7", "--json"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

/// AIMA section 4.1.1 on random 8-queens states: steepest ascent solves 14 %, with up to 100
/// sideways moves 94 %; random restarts and simulated annealing nearly all. Over 2,000 seeded
/// starts the command's shares are within 3 points of the book's.
#[test]
fn queens_local_search_reproduces_the_books_shares() {
    let plain = queens(&["hill", "--runs", "2000"]);
    assert_eq!((plain["runs"].as_u64(), plain["puzzle"].as_str()), (Some(2000), Some("queens")));
    assert!((plain["solved_share"].as_f64().unwrap() - 0.14).abs() <= 0.03, "{plain}");
    assert_eq!(plain["solved"].as_u64().unwrap() as f64 / 2000.0, plain["solved_share"].as_f64().unwrap());
    let sideways = queens(&["hill", "--runs", "2000", "--sideways", "100"]);
    assert!((sideways["solved_share"].as_f64().unwrap() - 0.94).abs() <= 0.03, "{sideways}");
    assert!(sideways["mean_steps_solved"].as_f64().unwrap() > plain["mean_steps_solved"].as_f64().unwrap());
    for strategy in ["hill-restart", "annealing"] {
        let all = queens(&[strategy, "--runs", "200"]);
        assert!(all["solved_share"].as_f64().unwrap() >= 0.98, "{all}");
    }
    // The same seed, the same runs.
    assert_eq!(queens(&["hill-stochastic", "--runs", "50"]), queens(&["hill-stochastic", "--runs", "50"]));
    // A beam of 10 states shares what they find: it solves more than 10 independent climbs.
    let beam = queens(&["local-beam", "--runs", "500", "--width", "10"]);
    assert_eq!(beam["width"].as_u64(), Some(10));
    let independent = 1.0 - (1.0 - plain["solved_share"].as_f64().unwrap()).powi(10);
    assert!(beam["solved_share"].as_f64().unwrap() > independent, "{beam} against {independent}");
}

#[test]
fn local_search_options_are_checked_in_one_line() {
    let refused = |args: &[&str], says: &str| {
        let out = searchlab().arg("search").args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says) && err.lines().count() == 1, "{args:?}: {err}");
    };
    refused(
        &["queens", "beam", "--n", "8"],
        "use one of hill, hill-stochastic, hill-first-choice, hill-restart, annealing, local-beam",
    );
    refused(&["queens", "hill", "--width", "3"], "--width applies to local-beam, not to hill");
    refused(&["queens", "annealing", "--sideways", "3"], "--sideways applies to hill, hill-restart and local-beam");
    refused(&["queens", "hill", "--n", "3"], "4 to 64 queens");
    refused(&["queens", "hill", "--from", "Arad"], "--from is not an option of the n-queens");
    refused(
        &["romania", "astar", "--from", "Arad", "--to", "Bucharest", "--runs", "3"],
        "--runs applies to local search",
    );
    refused(
        &["romania", "astar", "--from", "Arad", "--to", "Bucharest", "--width", "3"],
        "--width applies to beam (and local-beam), not to astar",
    );
    refused(&["queens", "hill", "--schedule", "t0=1"], "--schedule applies to annealing, not to hill");
    refused(&["romania", "astar", "--schedule", "t0=1"], "--schedule applies to local search");
    let out = searchlab().args(["search", "queens", "annealing", "--schedule", "alpha=1.5"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("alpha=1.5: the factor is above 0 and below 1"));
}

/// Simulated annealing cooled ten times slower (alpha 0.9999 over up to 100,000 steps instead
/// of 0.999 over 20,000) solves more 16-queens boards from the same starts, in more moves.
#[test]
fn a_slower_annealing_schedule_solves_more_large_boards() {
    let annealing = |extra: &[&str]| -> Value {
        let out = searchlab()
            .args(["search", "queens", "annealing", "--n", "16", "--runs", "100", "--seed", "7", "--json"])
            .args(extra)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
        serde_json::from_slice(&out.stdout).unwrap()
    };
    let fast = annealing(&[]);
    let slow = annealing(&["--schedule", "alpha=0.9999,steps=100000"]);
    assert_eq!(fast["schedule"], "t0=2,alpha=0.999,steps=20000,floor=0.001");
    assert_eq!(slow["schedule"], "t0=2,alpha=0.9999,steps=100000,floor=0.001");
    assert!(slow["solved"].as_u64() > fast["solved"].as_u64(), "{fast} against {slow}");
    assert!(slow["mean_steps_solved"].as_f64() > fast["mean_steps_solved"].as_f64());
}

/// `weighted-astar --weight 1` is A* (AIMA Figure 3.24); Romania's own w = 2 takes Fagaras
/// (f = 239 + 2·176 = 591 < 220 + 2·193 = 606) and pays 450 km.
#[test]
fn weighted_astar_takes_its_weight_from_the_command_line() {
    let one = searchlab()
        .args(["search", "romania", "weighted-astar", "--from", "Arad", "--to", "Bucharest", "--weight", "1", "--json"])
        .output()
        .unwrap();
    assert_eq!(one.status.code(), Some(0));
    let one: Value = serde_json::from_slice(&one.stdout).unwrap();
    assert_eq!(
        one["expanded"],
        serde_json::json!(["Arad", "Sibiu", "Rimnicu Vilcea", "Fagaras", "Pitesti", "Bucharest"])
    );
    assert_eq!(one["cost"], 418);
    let two = romania("weighted-astar", "Arad", "Bucharest");
    assert_eq!(two["cost"], 450);
    for (args, says) in [
        (
            vec!["romania", "weighted-astar", "--from", "Arad", "--to", "Bucharest", "--weight", "0.5"],
            "is not a weight",
        ),
        (
            vec!["romania", "astar", "--from", "Arad", "--to", "Bucharest", "--weight", "2"],
            "--weight applies to weighted-astar",
        ),
    ] {
        let out = searchlab().arg("search").args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(String::from_utf8_lossy(&out.stderr).contains(says), "{args:?}");
    }
}

/// Beam search keeps the `--width` best f = g + h (AIMA Figure 3.24's values). Width 2 (the
/// puzzle's own): after Sibiu it keeps Rimnicu Vilcea (413) and Fagaras (415), after Rimnicu
/// Vilcea Fagaras and Pitesti (417), so it selects A*'s six cities and pays 418. Width 1 follows
/// one path: Arad, Sibiu (393), Rimnicu Vilcea (413), Pitesti (417), Bucharest (418).
#[test]
fn beam_search_keeps_its_width_of_the_best_f() {
    let two = romania("beam", "Arad", "Bucharest");
    assert_eq!(
        two["expanded"],
        serde_json::json!(["Arad", "Sibiu", "Rimnicu Vilcea", "Fagaras", "Pitesti", "Bucharest"])
    );
    assert_eq!((two["cost"].as_u64(), two["stats"]["max_frontier"].as_u64()), (Some(418), Some(2)));
    let one = searchlab()
        .args(["search", "romania", "beam", "--from", "Arad", "--to", "Bucharest", "--width", "1", "--json"])
        .output()
        .unwrap();
    assert_eq!(one.status.code(), Some(0));
    let one: Value = serde_json::from_slice(&one.stdout).unwrap();
    let path = serde_json::json!(["Arad", "Sibiu", "Rimnicu Vilcea", "Pitesti", "Bucharest"]);
    assert_eq!((&one["expanded"], &one["path"], one["cost"].as_u64()), (&path, &path, Some(418)));
}

/// AIMA 4th edition, section 3.4.5: bidirectional breadth-first search from Arad and from
/// Bucharest meets at Fagaras (3 roads, 450 km); the cost-aware version finds 418 km. The
/// `expanded` list names the cities selected on both sides, in order (worked by hand in the
/// Romania crate's tests).
#[test]
fn bidirectional_searches_meet_in_the_middle() {
    let bfs = romania("bidirectional", "Arad", "Bucharest");
    assert_eq!(texts(&bfs["path"]), ["Arad", "Sibiu", "Fagaras", "Bucharest"]);
    assert_eq!(texts(&bfs["expanded"]), ["Arad", "Bucharest", "Sibiu", "Timisoara", "Zerind"]);
    assert_eq!(bfs["cost"].as_u64(), Some(450));
    let ucs = romania("bidirectional-ucs", "Arad", "Bucharest");
    assert_eq!(texts(&ucs["path"]), ["Arad", "Sibiu", "Rimnicu Vilcea", "Pitesti", "Bucharest"]);
    assert_eq!(ucs["cost"].as_u64(), Some(418));
    let text = searchlab()
        .args(["search", "romania", "bidirectional", "--from", "arad", "--to", "bucharest"])
        .output()
        .unwrap();
    assert_eq!(text.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&text.stdout).contains("path: Arad, Sibiu, Fagaras, Bucharest"));
}
