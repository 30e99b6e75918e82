//! `searchlab check`: run a student's program on test cases, score it as the graders do and
//! name the rules that explain its failures.

use std::time::Duration;

use anyhow::{bail, Context};
use searchlab_check::{
    check, digits_public, format_text, list_variants, npuzzle_public, CheckOptions, CommandTemplate, PuzzleKind,
    RunConfig, TestCase,
};

use crate::exit::Exit;

const AFTER_HELP: &str = "\
Examples:
  searchlab check npuzzle --cmd 'python3 driver.py {method} {board}'
  searchlab check digits --cmd 'python3 ThreeDigits.py {letter} {file}' --letters B,A
  searchlab check --list-variants

The N-puzzle program's output.txt is read from the fresh folder each run gets; the 3-digit
program's stdout is read. Exit codes: 0 every test passed, 1 some failed, 2 usage error.";

/// The puzzle a program solves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Puzzle {
    /// The N-puzzle driver: `{method}` and `{board}`, writes output.txt.
    Npuzzle,
    /// The 3-digit puzzle: `{letter}` and `{file}`, prints two lines.
    Digits,
}

/// Arguments of `searchlab check`.
#[derive(Debug, clap::Args)]
#[command(after_help = AFTER_HELP)]
pub struct Args {
    /// The puzzle the program solves.
    #[arg(value_enum, required_unless_present = "list_variants")]
    pub puzzle: Option<Puzzle>,
    /// The program's command line with placeholders {method} {board} (N-puzzle) or
    /// {letter} {file} (3-digit); split like a shell, never run by one.
    #[arg(long = "cmd", value_name = "COMMAND", required_unless_present = "list_variants")]
    pub command: Option<String>,
    /// The test set: `public` (the published cases, embedded).
    #[arg(long, default_value = "public")]
    pub cases: String,
    /// N-puzzle methods to test (comma-separated: bfs,dfs,ast); all by default.
    #[arg(long, value_delimiter = ',')]
    pub methods: Vec<String>,
    /// 3-digit letters to test (comma-separated: B,D,I,G,A,H); all by default.
    #[arg(long, value_delimiter = ',')]
    pub letters: Vec<String>,
    /// Seconds each run may take before it is killed.
    #[arg(long, default_value_t = 10.0)]
    pub timeout: f64,
    /// Runs at a time (default: one per core).
    #[arg(long, default_value_t = 0)]
    pub jobs: usize,
    /// Print one JSON object instead of the text report.
    #[arg(long)]
    pub json: bool,
    /// List the named rules check can recognise, one a line, and exit.
    #[arg(long)]
    pub list_variants: bool,
}

fn cases(puzzle: PuzzleKind, set: &str) -> anyhow::Result<Vec<TestCase>> {
    match set {
        "public" => Ok(match puzzle {
            PuzzleKind::Npuzzle => npuzzle_public(),
            PuzzleKind::Digits => digits_public(),
        }),
        other => bail!("unknown test set '{other}': use public"),
    }
}

fn keep(cases: &mut Vec<TestCase>, wanted: &[String], what: &str, known: &[&str]) -> anyhow::Result<()> {
    if wanted.is_empty() {
        return Ok(());
    }
    for w in wanted {
        if !known.iter().any(|k| k.eq_ignore_ascii_case(w)) {
            bail!("unknown {what} '{w}': use {}", known.join(","));
        }
    }
    cases.retain(|c| wanted.iter().any(|w| w.eq_ignore_ascii_case(&c.method())));
    Ok(())
}

/// Runs `searchlab check`.
pub fn run(args: Args) -> anyhow::Result<Exit> {
    if args.list_variants {
        print!("{}", list_variants());
        return Ok(Exit::Answered);
    }
    let (Some(puzzle), Some(command)) = (args.puzzle, args.command) else {
        bail!("give the puzzle and --cmd (or --list-variants)");
    };
    let puzzle = match puzzle {
        Puzzle::Npuzzle => PuzzleKind::Npuzzle,
        Puzzle::Digits => PuzzleKind::Digits,
    };
    let template = CommandTemplate::parse(&command).context("--cmd")?;
    let mut cases = cases(puzzle, &args.cases)?;
    match puzzle {
        PuzzleKind::Npuzzle => keep(&mut cases, &args.methods, "method", &["bfs", "dfs", "ast"])?,
        PuzzleKind::Digits => keep(&mut cases, &args.letters, "letter", &["B", "D", "I", "G", "A", "H"])?,
    }
    let timeout = Duration::try_from_secs_f64(args.timeout).ok().filter(|t| !t.is_zero());
    let Some(timeout) = timeout else {
        bail!("--timeout must be a positive number of seconds");
    };
    let run = RunConfig { timeout, ..RunConfig::default() };
    let report = check(puzzle, &cases, &CheckOptions { template, run, jobs: args.jobs })?;
    let text = if args.json { serde_json::to_string_pretty(&report)? + "\n" } else { format_text(&report) };
    crate::output::print(&text)?;
    Ok(if report.all_passed() { Exit::Answered } else { Exit::NoSolution })
}
