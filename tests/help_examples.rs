//! Every example a subcommand's `--help` shows runs as shown and exits 0, each in a fresh
//! scratch folder that holds the file the examples name (`sample.txt`), with this build's
//! `searchlab` first on the `PATH`. The few that cannot run in a test are in [`NOT_RUN`], each
//! with the reason and the test that covers it instead, so a new example runs unless it is
//! added there.

use std::path::Path;
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_searchlab");

/// Examples not run here, matched by their beginning, each with why.
const NOT_RUN: &[(&str, &str)] = &[
    ("searchlab serve", "a server runs until it is stopped (tests/serve/ runs it)"),
    ("searchlab check npuzzle --cmd", "runs a student's program (tests/check*.rs run programs of their own)"),
    ("searchlab check digits --cmd", "runs a student's program (tests/check*.rs run programs of their own)"),
    ("searchlab grade", "grades a class's submissions (tests/grade*.rs)"),
    ("searchlab gradescope-bundle", "needs a student's program and a suite (tests/gradescope_bundle.rs)"),
    ("searchlab bench", "benchmarks of minutes to hours (tests/solve.rs runs bench on a few boards)"),
    ("searchlab pdb build --size 4 --pattern 7-8", "minutes of work"),
    ("searchlab pdb build --size 4 --pattern 6-6-3", "writes into the user's database folder"),
    ("searchlab pdb build --size 5", "the 24-puzzle's databases: hours"),
    ("searchlab pdb search", "a search over groupings: minutes"),
    ("searchlab solve --heuristic pdb-7-8", "builds the 7-8 databases first: minutes"),
    ("searchlab report npuzzle --size 3 --depth 2..24", "a minute of searches (tests/report.rs draws smaller ranges)"),
    ("searchlab report npuzzle --depth 2..20", "ten seconds of searches (tests/report.rs draws smaller ranges)"),
    ("searchlab report queens --sweep", "half a minute of runs (tests/report.rs)"),
    ("searchlab completions", "writes into the user's shell folders (tests/completions.rs)"),
    ("searchlab man", "writes into the user's man folder or pipes to man (tests/man.rs)"),
];

/// A subcommand's long help.
fn help(path: &[&str]) -> String {
    let out = Command::new(BIN).args(path).arg("--help").output().unwrap();
    assert!(out.status.success(), "searchlab {} --help", path.join(" "));
    String::from_utf8(out.stdout).unwrap()
}

/// The names listed under a help's `Commands:` heading (`help` left out).
fn subcommands(help: &str) -> Vec<String> {
    let listed = help.lines().skip_while(|l| !l.starts_with("Commands:")).skip(1);
    listed
        .take_while(|l| l.starts_with(' '))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_owned)
        .collect()
}

/// The command lines of a help's `Examples:` section, each cut before its description (two
/// spaces or more).
fn examples(help: &str) -> Vec<String> {
    let section = help.lines().skip_while(|l| !l.starts_with("Examples:")).skip(1);
    section
        .take_while(|l| l.is_empty() || l.starts_with(' '))
        .map(str::trim_start)
        .filter(|l| l.starts_with("searchlab "))
        .map(|l| l.split("  ").next().unwrap_or(l).trim_end().to_owned())
        .collect()
}

/// Every example of every subcommand, nested ones included.
fn all_examples() -> Vec<String> {
    let mut out = Vec::new();
    let mut todo: Vec<Vec<String>> = subcommands(&help(&[])).into_iter().map(|c| vec![c]).collect();
    while let Some(path) = todo.pop() {
        let words: Vec<&str> = path.iter().map(String::as_str).collect();
        let text = help(&words);
        out.extend(examples(&text));
        todo.extend(subcommands(&text).into_iter().map(|c| [path.clone(), vec![c]].concat()));
    }
    out
}

/// Runs `example` with `sh` in a fresh folder; the failure's words when it does not exit 0.
fn run(example: &str, bin_dir: &Path) -> Option<String> {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("sample.txt"), "320\n110\n").unwrap();
    let path = format!("{}:{}", bin_dir.display(), std::env::var("PATH").unwrap_or_default());
    let out = Command::new("sh").args(["-c", example]).current_dir(dir.path()).env("PATH", path).output().unwrap();
    (!out.status.success()).then(|| format!("`{example}`: {}\n{}", out.status, String::from_utf8_lossy(&out.stderr)))
}

#[test]
fn every_help_example_runs_as_shown() {
    let examples = all_examples();
    assert!(examples.len() > 40, "too few examples found: {examples:?}");
    let bin_dir = Path::new(BIN).parent().unwrap();
    let (skipped, to_run): (Vec<&String>, Vec<&String>) =
        examples.iter().partition(|e| NOT_RUN.iter().any(|(start, _)| e.starts_with(start)));
    // Every entry of the list still names an example.
    for (start, why) in NOT_RUN {
        assert!(skipped.iter().any(|e| e.starts_with(start)), "no example starts with `{start}` ({why})");
    }
    assert!(to_run.len() > 25, "too few examples run: {to_run:?}");
    let failures: Vec<String> = to_run.iter().filter_map(|e| run(e, bin_dir)).collect();
    assert!(failures.is_empty(), "{} of {} examples failed:\n{}", failures.len(), to_run.len(), failures.join("\n"));
}
