//! `searchlab grade`: check every student of a class (one sub-folder of SUBMISSIONS each) and
//! write a gradebook, a class report and each student's reports.

use std::io::{IsTerminal as _, Write as _};
use std::path::PathBuf;

use anyhow::Context;
use indicatif::{ProgressBar, ProgressStyle};
use searchlab_check::grade::{grade, points, GradeOptions, StudentResult};
use searchlab_check::{parse_size, CheckOptions, RunConfig, Sandbox};

use super::case_args::{CaseArgs, Puzzle, Resolved};
use crate::exit::Exit;

const AFTER_HELP: &str = "\
Examples:
  searchlab grade digits submissions/ --cmd 'python3 ThreeDigits.py {letter} {file}' --out graded/
  searchlab grade npuzzle submissions/ --cmd 'python3 {dir}/driver.py {method} {board}' --cases suite/ --out graded/
  searchlab grade digits submissions/ --cmd 'java -cp . ThreeDigits {letter} {file}' --out graded/ --resume

Each sub-folder of SUBMISSIONS is a student, by folder name (hidden folders and plain files
are skipped; a .zip gets a row saying zips are not supported yet). The folder is copied into
OUT/work/NAME, readable by others, and checked from there as `searchlab check` would: relative
words of --cmd (driver.py) and {dir} are that copy.

Sandbox: on by default (bubblewrap; refused with exit 2 when it cannot be made): each run as
with `check --sandbox`, --memory of heap, SUBMISSIONS, OUT and a --cases folder hidden, only the
student's own copy visible. --no-sandbox runs the programs as you, and the reports say so. As
root the programs run as nobody: the folders above OUT must be searchable by others.

Writes into OUT:
  gradebook.csv   a row per student: student, score, max_score (Gradescope points: N-puzzle
                  0.75 an item, 6 a test; 3-digit 1 a line, 2 a test), passed, total, one
                  column per method or letter (passed/total), rules (;-separated), stopped
                  (timeout:2;crash:1), error (why the student could not be graded), sandbox
  class.md        students, score histogram (10 % bins, mean, median), rules named, inputs
                  most programs fail on, what stopped runs
  students/NAME/  report.txt, results.json (Gradescope), junit.xml, report.json, summary.json

An OUT that holds files is refused unless --resume, which keeps every student who has a
students/NAME/summary.json and grades the others.

Exit codes: 0 every student graded (whatever the scores; a student whose program cannot be
started has a row with its error), 2 usage or input error (no sandbox, OUT in use, no student).";

/// Arguments of `searchlab grade`.
#[derive(Debug, clap::Args)]
#[command(after_help = AFTER_HELP)]
pub struct Args {
    /// The puzzle the programs solve.
    #[arg(value_enum)]
    pub puzzle: Puzzle,
    /// The folder with one sub-folder per student.
    pub submissions: PathBuf,
    /// Each student's command line with placeholders {method} {board} (N-puzzle) or {letter}
    /// {file} (3-digit), and {dir} (the student's folder); relative paths are the student's.
    #[arg(long = "cmd", value_name = "COMMAND")]
    pub command: String,
    /// The output folder (refused when it holds files, unless --resume).
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// Which cases, and how they run.
    #[command(flatten)]
    pub case: CaseArgs,
    /// The memory each sandboxed run may use (such as 512M or 1G).
    #[arg(long, value_name = "SIZE", default_value = "1G", value_parser = parse_size)]
    pub memory: u64,
    /// Run the programs without the sandbox, as your own user.
    #[arg(long, conflicts_with = "memory")]
    pub no_sandbox: bool,
    /// Go on grading into OUT: students already graded there are not run again.
    #[arg(long)]
    pub resume: bool,
}

/// Runs `searchlab grade`.
pub fn run(args: Args) -> anyhow::Result<Exit> {
    let Resolved { puzzle, template, methods, cases, timeout } = args.case.resolve(args.puzzle, &args.command)?;
    if !args.submissions.is_dir() {
        anyhow::bail!("{} is not a folder (one sub-folder per student)", args.submissions.display());
    }
    let sandbox = if args.no_sandbox {
        None
    } else {
        Sandbox::probe().context("install bubblewrap (apt install bubblewrap) or pass --no-sandbox")?;
        let hide = args.case.suite_folder().into_iter().collect();
        Some(Sandbox { memory: args.memory, hide, ..Sandbox::default() })
    };
    let run = RunConfig { timeout, sandbox, ..RunConfig::default() };
    let options = GradeOptions {
        puzzle,
        edition: args.case.edition,
        cases,
        methods,
        check: CheckOptions { template, run, jobs: args.case.jobs, thorough: args.case.thorough },
        submissions: args.submissions.clone(),
        out: args.out.clone(),
        resume: args.resume,
    };
    let bar = std::io::stderr().is_terminal().then(|| {
        let bar = ProgressBar::new(0);
        bar.set_style(ProgressStyle::with_template("{spinner} [{elapsed_precise}] {msg}").expect("valid template"));
        bar.enable_steady_tick(std::time::Duration::from_millis(200));
        bar.set_message("grading the first student");
        bar
    });
    let mut progress = |done: usize, total: usize, row: &StudentResult| {
        match &bar {
            Some(bar) => {
                bar.println(line(done, total, row));
                bar.set_message(format!("graded {done}/{total}"));
            }
            // Not a terminal: only the students who could not be graded are said.
            None if row.error.is_some() => {
                let _ = writeln!(std::io::stderr(), "searchlab: {}", line(done, total, row));
            }
            None => {}
        }
    };
    let graded = grade(&options, &mut progress);
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let graded = graded?;
    let kept = match graded.resumed {
        0 => String::new(),
        n => format!(" ({n} kept from the earlier run)"),
    };
    let without = if args.no_sandbox { ", graded without a sandbox" } else { "" };
    writeln!(
        std::io::stdout(),
        "graded {} students into {}{kept}{without}: gradebook.csv, class.md, students/",
        graded.rows.len(),
        args.out.display()
    )?;
    Ok(Exit::Answered)
}

/// `graded 3/30: alice 57/120`, or the error of a student who could not be graded.
fn line(done: usize, total: usize, row: &StudentResult) -> String {
    match &row.error {
        Some(error) => format!("graded {done}/{total}: {} not graded: {error}", row.student),
        None => format!("graded {done}/{total}: {} {}/{}", row.student, points(row.score), points(row.max_score)),
    }
}
