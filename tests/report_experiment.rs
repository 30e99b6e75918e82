//! End-to-end tests of `searchlab report npuzzle --experiment`: the complete table of the
//! 8-puzzle against its published counts, and the heuristics table's files and layout.

use assert_cmd::Command;

fn report(args: &[&str]) -> std::process::Output {
    Command::cargo_bin("searchlab").unwrap().arg("report").args(args).output().unwrap()
}

#[test]
fn distances_are_the_published_counts() {
    let dir = tempfile::tempdir().unwrap();
    let out = report(&["npuzzle", "--experiment", "distances", "--out", dir.path().to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let csv = std::fs::read_to_string(dir.path().join("distances.csv")).unwrap();
    // OEIS A089473: 8-puzzle boards at each distance from a goal with the blank in a corner.
    let a089473 = "1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893, 2512, 4485, 5638, 9529, 10878, \
                   16993, 17110, 23952, 20224, 24047, 15578, 14560, 6274, 3910, 760, 221, 2";
    let counts: Vec<&str> = csv.lines().skip(1).map(|l| l.split(',').nth(1).unwrap()).collect();
    assert_eq!(counts.join(", "), a089473);
    assert!(csv.starts_with("d,states\n0,1\n"));
    for file in ["report.md", "distances.svg"] {
        assert!(dir.path().join(file).is_file(), "{file}");
    }
}

#[test]
fn the_heuristics_table_writes_every_depth_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().to_str().unwrap();
    let args = ["npuzzle", "--experiment", "branching", "--depths", "2..5", "--per-depth", "4", "--out", path];
    let out = report(&args);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let csv = std::fs::read_to_string(dir.path().join("branching.csv")).unwrap();
    let mut lines = csv.lines();
    assert_eq!(lines.next(), Some("d,strategy,instances,mean_generated,mean_expanded,b_star"));
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    for d in 2..=5 {
        let strategies: Vec<&str> = rows.iter().filter(|r| r[0] == d.to_string()).map(|r| r[1]).collect();
        assert_eq!(strategies[..4], ["bfs", "ids", "astar-misplaced", "astar-manhattan"], "d = {d}");
    }
    // Four boards at each depth.
    assert!(rows.iter().all(|r| r[2] == "4"));
    let md = std::fs::read_to_string(dir.path().join("report.md")).unwrap();
    assert!(md.contains("| 2 |") && md.contains("| 4 |") && !md.contains("| 3 |"), "even d only: {md}");
    assert!(dir.path().join("branching.svg").is_file());
}

#[test]
fn experiments_refuse_what_does_not_apply() {
    let refused = |args: &[&str], message: &str| {
        let out = report(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(message), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    };
    refused(&["romania", "--experiment", "distances"], "--experiment distances runs on the 8-puzzle");
    refused(
        &["npuzzle", "--experiment", "distances", "--depth", "3"],
        "--depth does not apply to --experiment distances",
    );
    refused(&["npuzzle", "--ids-limit", "10"], "--ids-limit applies to --experiment branching");
    refused(&["npuzzle", "--experiment", "branching", "--depth", "40"], "the farthest 8-puzzle instances are 31 moves");
}

#[test]
fn the_report_by_depth_takes_a_heuristic_by_name() {
    // The same seeded boards with misplaced tiles and with Manhattan distance: A* finds the
    // same path lengths, and the larger heuristic (Manhattan is never below misplaced tiles)
    // makes it expand no more on average at each depth.
    let mean_expanded = |heuristic: &str| {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().to_str().unwrap();
        let args = ["npuzzle", "--depth", "8..10", "--per-depth", "5", "--algorithms", "astar"];
        let out = report(&[&args[..], &["--heuristic", heuristic, "--out", path]].concat());
        assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
        let md = std::fs::read_to_string(dir.path().join("report.md")).unwrap();
        assert!(md.contains("h, for every strategy that uses it:"), "{md}");
        let csv = std::fs::read_to_string(dir.path().join("report.csv")).unwrap();
        csv.lines().skip(1).map(|l| l.split(',').nth(8).unwrap().parse::<f64>().unwrap()).collect::<Vec<_>>()
    };
    let (h1, h2) = (mean_expanded("misplaced"), mean_expanded("manhattan"));
    assert_eq!(h1.len(), 3);
    assert!(h1.iter().zip(&h2).all(|(a, b)| a >= b), "{h1:?} {h2:?}");
    let out = report(&["romania", "--heuristic", "misplaced"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn korf100_counts_are_korfs_published_ones() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().to_str().unwrap();
    let args = ["npuzzle", "--experiment", "korf100", "--ids", "9,12", "--heuristic", "manhattan", "--out", path];
    let out = report(&args);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    // Korf (1985), as tabulated in the solver's data file: `# id=N opt=L h_md=H korf85_nodes=G`,
    // G counting the root, which the experiment's `generated` leaves out.
    let published = std::fs::read_to_string("crates/solver/data/korf100.txt").unwrap();
    let field = |line: &str, key: &str| -> u64 {
        let at = line.find(&format!(" {key}=")).unwrap() + key.len() + 2;
        line[at..].split_whitespace().next().unwrap().parse().unwrap()
    };
    let csv = std::fs::read_to_string(dir.path().join("korf100.csv")).unwrap();
    let mut lines = csv.lines();
    assert_eq!(lines.next(), Some("id,d,heuristic,initial_h,generated,expanded,b_star,seconds"));
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    assert_eq!(rows.len(), 2);
    for row in &rows {
        let line = published.lines().find(|l| l.contains(&format!(" id={} ", row[0]))).unwrap();
        let (d, generated): (u64, u64) = (row[1].parse().unwrap(), row[4].parse().unwrap());
        assert_eq!((row[2], d, row[3].parse::<u64>().unwrap()), ("manhattan", field(line, "opt"), field(line, "h_md")));
        assert_eq!(generated + 1, field(line, "korf85_nodes"), "#{}", row[0]);
        // b* (written to 4 decimals) solves N + 1 = 1 + b* + ... + b*^d.
        let b: f64 = row[6].parse().unwrap();
        let tree = |b: f64| -> f64 { (0..=d).map(|i| b.powi(i as i32)).sum() };
        let n = generated as f64 + 1.0;
        assert!(tree(b - 0.00005) <= n && n <= tree(b + 0.00005), "#{}: b* = {b}", row[0]);
    }
    let md = std::fs::read_to_string(dir.path().join("report.md")).unwrap();
    assert!(md.contains("| `manhattan` | 2 | 2,197,038 |"), "{md}");
    assert!(dir.path().join("korf100.svg").is_file());
    // An experiment's own options are refused elsewhere, in one line.
    let out = report(&["npuzzle", "--experiment", "branching", "--ids", "1", "--out", path]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "searchlab: --ids does not apply to --experiment branching\n");
}
