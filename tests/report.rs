//! End-to-end tests of `searchlab report`: the files, the seed, and the depth grouping
//! checked against the `digits` command.

use std::path::Path;

use assert_cmd::Command;

fn searchlab() -> Command {
    Command::cargo_bin("searchlab").unwrap()
}

fn report(args: &[&str], out: &Path) {
    let output = searchlab().arg("report").args(args).arg("--out").arg(out).output().unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(String::from_utf8_lossy(&output.stdout).contains("report.md"));
}

/// The CSV without its time column, the only one a seed does not fix.
fn untimed_csv(dir: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(dir.join("report.csv")).unwrap();
    let header: Vec<&str> = text.lines().next().unwrap().split(',').collect();
    let time = header.iter().position(|h| *h == "mean_ms").unwrap();
    text.lines()
        .map(|l| l.split(',').enumerate().filter(|(i, _)| *i != time).map(|(_, c)| c).collect::<Vec<_>>().join(","))
        .collect()
}

#[test]
fn digits_report_files_are_reproducible_and_grouped_by_true_depth() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a"), dir.path().join("b"));
    let args = ["digits", "--depth", "1..5", "--per-depth", "3", "--seed", "42"];
    report(&args, &a);
    report(&args, &b);
    for file in ["report.md", "report.csv", "instances.csv", "nodes.svg", "time.svg", "solved.svg"] {
        assert!(a.join(file).is_file(), "{file}");
    }
    assert_eq!(untimed_csv(&a), untimed_csv(&b));
    assert_eq!(std::fs::read(a.join("instances.csv")).unwrap(), std::fs::read(b.join("instances.csv")).unwrap());
    // 6 algorithms x 5 depths, plus the header.
    assert_eq!(untimed_csv(&a).len(), 1 + 6 * 5);
    let md = std::fs::read_to_string(a.join("report.md")).unwrap();
    assert!(md.contains("| BFS | 1 | 3 |"));
    // Side by side: one row per depth, a cell per algorithm, starting with solved/runs.
    assert!(md.contains("| depth | BFS | DFS | IDS | Greedy | A* | Hill-climbing |"), "{md}");
    let depth_rows: Vec<&str> = md.lines().filter(|l| l.starts_with("| 1 | 3/3 ")).collect();
    assert_eq!(depth_rows.len(), 1, "{md}");
    // Failures are counted, never averaged: wherever a row has no solved run, its means are empty.
    let csv = std::fs::read_to_string(a.join("report.csv")).unwrap();
    for line in csv.lines().skip(1) {
        let cells: Vec<&str> = line.split(',').collect();
        let (runs, solved, failures): (u32, u32, u32) =
            (cells[3].parse().unwrap(), cells[4].parse().unwrap(), cells[6].parse().unwrap());
        assert_eq!(solved + failures, runs, "{line}");
        assert_eq!(cells[8].is_empty(), solved == 0, "{line}");
    }
    assert!(std::fs::read_to_string(a.join("nodes.svg")).unwrap().starts_with("<svg"));

    // Each instance's depth is its BFS path length through the digits command.
    let instances = std::fs::read_to_string(a.join("instances.csv")).unwrap();
    for line in instances.lines().skip(1) {
        let (depth, instance) = line.split_once(',').unwrap();
        let mut parts = instance.split(' ');
        let (start, goal) = (parts.next().unwrap(), parts.next().unwrap());
        let forbidden = parts.next().unwrap_or("").replace(';', ",");
        let input = dir.path().join("input.txt");
        std::fs::write(&input, format!("{start}\n{goal}\n{forbidden}\n")).unwrap();
        let output = searchlab().args(["digits", "B"]).arg(&input).output().unwrap();
        let stdout = String::from_utf8(output.stdout).unwrap();
        let path = stdout.lines().next().unwrap();
        assert_eq!(path.split(',').count() - 1, depth.parse::<usize>().unwrap(), "{line}: {path}");
    }

    let other = dir.path().join("other");
    report(&["digits", "--depth", "1..5", "--per-depth", "3", "--seed", "43"], &other);
    assert_ne!(std::fs::read(a.join("instances.csv")).unwrap(), std::fs::read(other.join("instances.csv")).unwrap());
}

#[test]
fn npuzzle_report_is_reproducible() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a"), dir.path().join("b"));
    let args =
        ["npuzzle", "--size", "3", "--depth", "2..=6", "--per-depth", "2", "--seed", "1", "--algorithms", "bfs,ast"];
    report(&args, &a);
    report(&args, &b);
    assert_eq!(untimed_csv(&a), untimed_csv(&b));
    assert_eq!(untimed_csv(&a).len(), 1 + 2 * 5);
    let instances = std::fs::read_to_string(a.join("instances.csv")).unwrap();
    assert_eq!(instances.lines().count(), 1 + 2 * 5);
    assert!(instances.lines().nth(1).unwrap().starts_with("2,\""), "{instances}");
}

/// `mean_expanded` of `algorithm` at `depth` in a report's CSV.
fn mean_expanded(dir: &Path, algorithm: &str, depth: u32) -> f64 {
    let text = std::fs::read_to_string(dir.join("report.csv")).unwrap();
    let header: Vec<&str> = text.lines().next().unwrap().split(',').collect();
    let column = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let row = text
        .lines()
        .map(|l| l.split(',').collect::<Vec<_>>())
        .find(|r| r[column("algorithm")] == algorithm && r[column("depth")] == depth.to_string());
    row.unwrap_or_else(|| panic!("no {algorithm} at {depth}: {text}"))[column("mean_expanded")].parse().unwrap()
}

#[test]
fn npuzzle_report_takes_the_solver_pattern_databases_as_heuristic() {
    let dir = tempfile::tempdir().unwrap();
    let (manhattan, pdb) = (dir.path().join("manhattan"), dir.path().join("pdb"));
    let args =
        ["npuzzle", "--size", "3", "--depth", "12..=12", "--per-depth", "5", "--seed", "1", "--algorithms", "ida"];
    report(&args, &manhattan);
    let output = searchlab()
        .arg("report")
        .args(args)
        .args(["--heuristic", "pdb-4-4", "--out"])
        .arg(&pdb)
        .env("XDG_CACHE_HOME", dir.path().join("cache"))
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let text = std::fs::read_to_string(pdb.join("report.md")).unwrap();
    assert!(text.contains("h, for every strategy that uses it: additive pattern databases 4-4"), "{text}");
    // The same five boards (one seed): the databases are never below Manhattan distance.
    assert!(mean_expanded(&pdb, "ida", 12) <= mean_expanded(&manhattan, "ida", 12));
}

#[test]
fn bad_report_arguments_are_usage_errors() {
    let dir = tempfile::tempdir().unwrap();
    for args in [
        &["digits", "--depth", "5..2"][..],
        &["digits", "--algorithms", "X"],
        &["npuzzle", "--size", "4"],
        &["npuzzle", "--algorithms", "hill"],
        &["digits", "--per-depth", "0"],
        &["sudoku"],
        // The farthest 8-puzzle boards are 31 moves from the goal, the 3-puzzle's 6.
        &["npuzzle", "--size", "3", "--depth", "30..32", "--per-depth", "1"],
        &["npuzzle", "--size", "2", "--depth", "7"],
    ] {
        let output = searchlab().arg("report").args(args).arg("--out").arg(dir.path()).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(!output.stderr.is_empty());
    }
}

/// The width and height in a PNG file's header (its first chunk, IHDR), after the signature.
fn png_size(file: &[u8]) -> (u32, u32) {
    assert!(file.starts_with(b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR"), "a PNG file");
    let word = |i: usize| u32::from_be_bytes(file[i..i + 4].try_into().unwrap());
    (word(16), word(20))
}

#[test]
fn plots_are_written_as_png_svg_or_both() {
    let dir = tempfile::tempdir().unwrap();
    let args =
        |format| ["digits", "--depth", "1..3", "--per-depth", "2", "--algorithms", "B,A", "--plot-format", format];
    let (png, both) = (dir.path().join("png"), dir.path().join("both"));
    report(&args("png"), &png);
    report(&args("both"), &both);
    for plot in ["nodes", "time", "solved"] {
        assert_eq!(png_size(&std::fs::read(png.join(format!("{plot}.png"))).unwrap()), (900, 560), "{plot}");
        assert!(!png.join(format!("{plot}.svg")).exists(), "png only");
        assert!(both.join(format!("{plot}.png")).is_file() && both.join(format!("{plot}.svg")).is_file());
    }
    // The same report either way: the PNG files of both runs are identical, pixel for pixel.
    for plot in ["nodes.png", "solved.png"] {
        assert_eq!(std::fs::read(png.join(plot)).unwrap(), std::fs::read(both.join(plot)).unwrap(), "{plot}");
    }
    let bad = searchlab().args(["report", "digits", "--plot-format", "jpg"]).output().unwrap();
    assert_eq!(bad.status.code(), Some(2));
}

/// Every registered puzzle is reported on (`searchlab report NAME` for each name the registry
/// lists); Romania by its own random cities, each at its fewest roads to Bucharest.
#[test]
fn every_registered_path_puzzle_is_reported_on() {
    let dir = tempfile::tempdir().unwrap();
    for name in searchlab_registry::path_puzzles().map(|p| p.name()) {
        let out = dir.path().join(name);
        report(&[name, "--depth", "1..3", "--per-depth", "2", "--seed", "5"], &out);
        assert!(out.join("report.md").is_file(), "{name}");
    }
    let instances = std::fs::read_to_string(dir.path().join("romania/instances.csv")).unwrap();
    // The fewest roads from these cities to Bucharest (AIMA Figure 3.1).
    for (city, depth) in [("Pitesti", 1), ("Fagaras", 1), ("Sibiu", 2), ("Craiova", 2), ("Arad", 3), ("Oradea", 3)] {
        for line in instances.lines().filter(|l| l.contains(&format!("{city} Bucharest"))) {
            assert!(line.starts_with(&format!("{depth},")), "{city}: {line}");
        }
    }
}

#[test]
fn queens_report_compares_the_local_strategies_with_the_search_commands_figures() {
    let dir = tempfile::tempdir().unwrap();
    report(
        &["queens", "--instance", "n=8", "--runs", "300", "--seed", "7", "--algorithms", "hill,annealing"],
        dir.path(),
    );
    let md = std::fs::read_to_string(dir.path().join("report.md")).unwrap();
    assert!(dir.path().join("solved.svg").exists());
    // Each row is what `searchlab search queens STRATEGY --runs 300 --seed 7` prints.
    for strategy in ["hill", "annealing"] {
        let output = searchlab()
            .args(["search", "queens", strategy, "--n", "8", "--runs", "300", "--seed", "7", "--json"])
            .output()
            .unwrap();
        let summary: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        let share = 100.0 * summary["solved_share"].as_f64().unwrap();
        let row = format!("| {strategy} | 300 | {} | {share:.1} % |", summary["solved"]);
        assert!(md.contains(&row), "{row} not in\n{md}");
    }
    // Options of path search, an unknown field or strategy: usage errors, nothing written.
    for args in [
        &["queens", "--depth", "3"][..],
        &["queens", "--instance", "m=8"],
        &["queens", "--instance", "n=3"],
        &["queens", "--algorithms", "bfs"],
        &["romania", "--runs", "5"],
    ] {
        let out = tempfile::tempdir().unwrap();
        let output = searchlab().arg("report").args(args).arg("--out").arg(out.path().join("r")).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(!out.path().join("r").exists(), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&output.stderr).lines().count(), 1, "{args:?}");
    }
}

/// `--sweep n=4..7`: a row per board size and strategy, each what `searchlab search queens
/// STRATEGY --n N --runs 100 --seed 3` prints, and the two plots against n.
#[test]
fn queens_report_sweeps_board_sizes() {
    let dir = tempfile::tempdir().unwrap();
    report(
        &["queens", "--sweep", "n=4..7", "--runs", "100", "--seed", "3", "--algorithms", "hill,hill-restart"],
        dir.path(),
    );
    let csv = std::fs::read_to_string(dir.path().join("report.csv")).unwrap();
    assert_eq!(csv.lines().count(), 1 + 4 * 2, "{csv}");
    for n in 4..=7 {
        for strategy in ["hill", "hill-restart"] {
            let n = n.to_string();
            let output = searchlab()
                .args(["search", "queens", strategy, "--n", &n, "--runs", "100", "--seed", "3", "--json"])
                .output()
                .unwrap();
            let summary: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
            let row =
                format!("{n},{strategy},100,{},{:.4},", summary["solved"], summary["solved_share"].as_f64().unwrap());
            assert!(csv.lines().any(|l| l.starts_with(&row)), "{row} not in\n{csv}");
        }
    }
    for (plot, title) in [("solved.svg", "runs solved by n"), ("steps.svg", "moves of the solved runs by n")] {
        let svg = std::fs::read_to_string(dir.path().join(plot)).unwrap();
        assert!(svg.contains("hill-restart") && svg.contains(title), "{plot}");
    }
    // A field the puzzle does not read, a size it refuses, both --instance and --sweep of one
    // field, or a sweep of a path-search puzzle: usage errors in one line, nothing written.
    for args in [
        &["queens", "--sweep", "m=4..6"][..],
        &["queens", "--sweep", "n=2..5"],
        &["queens", "--sweep", "n=4..6", "--instance", "n=8"],
        &["romania", "--sweep", "n=4..6"],
    ] {
        let out = tempfile::tempdir().unwrap();
        let output = searchlab().arg("report").args(args).arg("--out").arg(out.path().join("r")).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(!out.path().join("r").exists(), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&output.stderr).lines().count(), 1, "{args:?}");
    }
    let output = searchlab().args(["report", "queens", "--sweep", "n=4..100"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("more than 64 values"));
}
