//! Every registered puzzle and every strategy it offers reaches every view: the help of
//! `searchlab search`, `report` and `serve`, a search, a report, and the replay's list of
//! puzzles (the page's `GET /api/puzzles`). Registering a puzzle or a strategy needs no edit of
//! a view; this test fails when one of them misses it.

use assert_cmd::Command;
use searchlab_registry::listing::puzzles;
use searchlab_registry::path_puzzles;

fn help(command: &str) -> String {
    let out = Command::cargo_bin("searchlab").unwrap().args([command, "--help"]).output().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn every_registered_puzzle_and_strategy_is_in_every_view() {
    let (search, report, serve) = (help("search"), help("report"), help("serve"));
    let listed = puzzles();
    for puzzle in path_puzzles() {
        let names: Vec<&str> = puzzle.strategies().iter().map(|e| e.name).collect();
        let line = names.join(" ");
        assert!(search.contains(&format!("- {}:", puzzle.name())), "search --help misses {}", puzzle.name());
        assert!(search.contains(&line), "search --help misses the strategies of {}: {line}", puzzle.name());
        assert!(report.contains(&format!("- {}:", puzzle.name())), "report --help misses {}", puzzle.name());
        assert!(report.contains(&format!("(algorithms {line})")), "report --help misses {line}");
        assert!(serve.contains(&format!("{} ({line})", puzzle.title())), "serve --help misses {}", puzzle.name());
        let page = listed.iter().find(|p| p.name == puzzle.name()).expect("the page lists every puzzle");
        let on_page: Vec<&str> = page.strategies.iter().map(|s| s.name).collect();
        assert_eq!(on_page, names, "the page's strategies of {}", puzzle.name());
        assert!(!page.example_state.is_null(), "{}: the page cannot check a trace's puzzle", puzzle.name());
        // A search of each strategy on the fields' examples answers (0, 1 or 3: found, none,
        // a limit), never a usage error.
        for name in &names {
            let mut command = Command::cargo_bin("searchlab").unwrap();
            command.args(["search", puzzle.name(), name, "--json", "--max-expansions", "5000"]);
            for field in puzzle.fields().iter().filter(|f| !f.example.is_empty()) {
                command.arg(format!("--{}", field.name)).arg(field.example);
            }
            let code = command.output().unwrap().status.code();
            assert!(matches!(code, Some(0 | 1 | 3)), "search {} {name}: exit {code:?}", puzzle.name());
        }
    }
}

/// `searchlab search --help` names every row of the strategy table with its title.
#[test]
fn search_help_names_every_strategy_of_the_table() {
    let search = help("search");
    for row in searchlab_core::Strategy::TABLE {
        assert!(search.contains(&format!(" {} = {}", row.name, row.title)), "search --help misses {}", row.name);
    }
    assert!(search.contains("weighted-astar = Weighted A* (--weight)"), "{search}");
    assert!(search.contains("astar = A* (a*)"), "{search}");
}

/// The same for the puzzles registered for local search: every view lists each with every
/// local strategy, and a search, a traced search and a report of each strategy answer.
#[test]
fn every_local_puzzle_and_strategy_is_in_every_view() {
    use searchlab_core::local::LocalStrategy;
    use searchlab_registry::listing::local_listing;
    use searchlab_registry::local_puzzles;
    let (search, report, serve) = (help("search"), help("report"), help("serve"));
    let line = LocalStrategy::names().join(" ");
    let listed = local_listing();
    let dir = tempfile::tempdir().unwrap();
    for puzzle in local_puzzles() {
        let name = puzzle.name();
        assert!(search.contains(&format!("- {name}:")) && search.contains(&line), "search --help misses {name}");
        assert!(report.contains(&format!("- {name}:")) && report.contains(&format!("(algorithms {line})")), "{name}");
        assert!(serve.contains(name) && serve.contains(&format!("({line})")), "serve --help misses {name}");
        let page = listed.iter().find(|p| p.name == name).expect("the page lists every local puzzle");
        let on_page: Vec<&str> = page.strategies.iter().map(|s| s.name).collect();
        assert_eq!(on_page, LocalStrategy::names(), "the page's strategies of {name}");
        for strategy in LocalStrategy::names() {
            let trace = dir.path().join(format!("{name}-{strategy}.jsonl"));
            let mut command = Command::cargo_bin("searchlab").unwrap();
            command.args(["search", name, strategy, "--runs", "2", "--trace"]).arg(&trace);
            for field in puzzle.fields().iter().filter(|f| !f.example.is_empty()) {
                command.arg(format!("--{}", field.name)).arg(field.example);
            }
            let code = command.output().unwrap().status.code();
            assert!(matches!(code, Some(0 | 1)), "search {name} {strategy}: exit {code:?}");
            assert!(std::fs::read_to_string(&trace).unwrap().starts_with("{\"type\":\"run\""), "{name} {strategy}");
        }
        let out = dir.path().join(format!("{name}-report"));
        let mut command = Command::cargo_bin("searchlab").unwrap();
        command.args(["report", name, "--runs", "2", "--out"]).arg(&out);
        assert!(command.output().unwrap().status.success(), "report {name}");
        let csv = std::fs::read_to_string(out.join("report.csv")).unwrap();
        assert_eq!(csv.lines().count(), 1 + LocalStrategy::ALL.len(), "report {name}: a row per strategy");
    }
}
