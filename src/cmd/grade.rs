//! `searchlab grade`: check every student of a class (one sub-folder of SUBMISSIONS each) and
//! write a gradebook, a class report (class.md, and class.html with plots drawn by
//! searchlab-report from the same numbers) and each student's reports; `searchlab grade merge`
//! ([`super::grade_merge`]) joins the outputs of shards.

use std::io::{IsTerminal as _, Write as _};
use std::path::PathBuf;

use anyhow::Context;
use indicatif::{ProgressBar, ProgressStyle};
use searchlab_check::grade::{class_key, grade, points, visible, GradeError, GradeOptions, Shard, StudentResult};
use searchlab_check::{CheckOptions, RunConfig};
use searchlab_report::class_page::write_class_page;

use super::case_args::{CaseArgs, Puzzle, Resolved};
use super::sandbox_args::LimitArgs;
use crate::exit::Exit;

const AFTER_HELP: &str = "\
Examples:
  searchlab grade digits submissions/ --cmd 'python3 ThreeDigits.py {letter} {file}' --out graded/
  searchlab grade npuzzle submissions/ --cmd 'python3 {dir}/driver.py {method} {board}' --cases suite/ --out graded/
  searchlab grade digits submissions/ --cmd 'java -cp . ThreeDigits {letter} {file}' --out graded/ --resume
  searchlab grade digits submissions/ --cmd 'python3 ThreeDigits.py {letter} {file}' --shard 2/8 --out part2/
  searchlab grade merge part1/ part2/ part3/ part4/ part5/ part6/ part7/ part8/ --out graded/

Each sub-folder of SUBMISSIONS is a student, by folder name, and so is each NAME.zip (hidden
entries and other plain files are skipped). The folder is copied, or the zip unpacked, into
OUT/work/NAME, readable by others, and checked from there as `searchlab check` would: relative
words of --cmd (driver.py) and {dir} are that copy. A zip whose entries all lie in one folder
is unpacked from inside it; a zip with an absolute or `..` entry (zip-slip), or unpacking to
more than 200 MiB, is not unpacked at all and its row says why.

Sandbox: on by default (bubblewrap; refused with exit 2 when it cannot be made): each run as
with `check --sandbox`: only the system's folders and the student's own copy visible (never
SUBMISSIONS, OUT, the suite, the homes or a searchlab binary), --memory summed over its
processes, 256 processes and --disk per run, counted per run and never per user, so that one
student cannot fail another, in this grade or a parallel one; a row says which limit stopped a
run (memory, processes, disk). --no-sandbox runs the programs as you, and the reports say so.
As root each run has a user id of its own: the folders above OUT must be searchable by others.
Ctrl-C (or SIGTERM) ends every running program and removes its folder; the students finished
keep their rows and --resume goes on from there (exit 130).

Writes into OUT:
  gradebook.csv   a row per student: student, score, max_score (Gradescope points: N-puzzle
                  0.75 an item, 6 a test; 3-digit 1 a line, 2 a test), passed, total, one
                  column per method or letter (passed/total), rules (;-separated), stopped
                  (timeout:2;crash:1), error (why the student could not be graded), sandbox
  class.md        students, score histogram (10 % bins, mean, median), rules named, inputs
                  most programs fail on, what stopped runs
  class.html      the same as one self-contained page (no script, nothing loaded), with the
                  plots inlined
  plots/          scores.svg (score histogram), rules.svg (students per rule), inputs.svg
                  (students failing each input), and each as .png
  students/NAME/  report.txt, results.json (Gradescope), junit.xml, report.json, summary.json

  grade.json      the puzzle, case options, shard and students graded (for merge and --resume)
  anonymize-key.csv  with --anonymize: pseudonym,student (and the salt): the only file with
                  the names; everything else, folder names included, has the pseudonyms

An OUT that holds files is refused unless --resume, which keeps every student who has a
students/NAME/summary.json and grades the others (with the same options and shard only).

Shards: --shard K/N grades the students (sorted by name) whose index i (from 0) has
i % N = K-1, into an ordinary output; `searchlab grade merge DIR... --out DIR` joins the
shards' outputs (or any outputs of the same puzzle and case options) into one, each student
exactly once, and writes class.md, class.html and plots/ again from all the rows.

Pseudonyms: student- and 8 hex digits of SHA-256(salt, name), the salt random and kept in the
key file. --resume reuses OUT's key; shards (and runs that must agree) share one key file with
--anonymize-key FILE: made by the first run that finds none, read by all the others. The
students' own files in OUT/work/ and what their programs print are not rewritten.

Exit codes: 0 every student graded (whatever the scores; a student whose program cannot be
started has a row with its error), 2 usage or input error (no sandbox, OUT in use, no student).";

/// Arguments of `searchlab grade`: a class to grade, or `merge` and the outputs to join.
#[derive(Debug, clap::Args)]
#[command(
    after_help = AFTER_HELP,
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true,
    disable_help_subcommand = true,
    subcommand_help_heading = "Merging shards",
    override_usage = "searchlab grade [OPTIONS] --cmd <COMMAND> --out <DIR> <PUZZLE> <SUBMISSIONS>\n       \
                      searchlab grade merge --out <DIR> <DIR>..."
)]
pub struct Args {
    /// `merge`: join grade outputs instead of grading.
    #[command(subcommand)]
    pub action: Option<Action>,
    /// The puzzle the programs solve.
    #[arg(value_enum, required = true)]
    pub puzzle: Option<Puzzle>,
    /// The folder with one sub-folder per student.
    #[arg(required = true)]
    pub submissions: Option<PathBuf>,
    /// Each student's command line with placeholders {method} {board} (N-puzzle) or {letter}
    /// {file} (3-digit), and {dir} (the student's folder); relative paths are the student's.
    #[arg(long = "cmd", value_name = "COMMAND", required = true)]
    pub command: Option<String>,
    /// The output folder (refused when it holds files, unless --resume).
    #[arg(long, value_name = "DIR", required = true)]
    pub out: Option<PathBuf>,
    /// Which cases, and how they run.
    #[command(flatten)]
    pub case: CaseArgs,
    /// The sandbox's limits and bound folders.
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Run the programs without the sandbox, as your own user.
    #[arg(long, conflicts_with_all = ["memory", "disk", "sandbox_bind"])]
    pub no_sandbox: bool,
    /// Go on grading into OUT: students already graded there are not run again.
    #[arg(long)]
    pub resume: bool,
    /// Grade only shard K of N: the students (sorted by name) whose index i (from 0) has
    /// i % N = K-1. Join the shards' outputs with `searchlab grade merge`.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<String>,
    /// Write pseudonyms (student-1a2b3c4d) instead of the students' names in every output but
    /// OUT/anonymize-key.csv, which maps them back.
    #[arg(long)]
    pub anonymize: bool,
    /// The class's key file for --anonymize, made when missing and read when present: shards
    /// and later runs given the same file use the same pseudonyms (implies --anonymize).
    #[arg(long, value_name = "FILE")]
    pub anonymize_key: Option<PathBuf>,
}

/// What `searchlab grade` does instead of grading.
#[derive(Debug, clap::Subcommand)]
pub enum Action {
    /// Join grade outputs (shards) of the same puzzle and case options into one.
    Merge(super::grade_merge::Args),
}

/// Runs `searchlab grade`.
pub fn run(args: Args) -> anyhow::Result<Exit> {
    if let Some(Action::Merge(merge)) = args.action {
        return super::grade_merge::run(merge);
    }
    // clap requires these without a subcommand.
    let (Some(puzzle), Some(submissions), Some(command), Some(out)) =
        (args.puzzle, args.submissions, args.command.as_deref(), args.out)
    else {
        anyhow::bail!("grade needs PUZZLE, SUBMISSIONS, --cmd and --out (see searchlab grade --help)");
    };
    let shard: Option<Shard> = args.shard.as_deref().map(str::parse).transpose().map_err(anyhow::Error::msg)?;
    let Resolved { puzzle, template, methods, cases, timeout } = args.case.resolve(puzzle, command)?;
    if !submissions.is_dir() {
        anyhow::bail!("{} is not a folder (one sub-folder per student)", submissions.display());
    }
    let run = run_config(&args.limits, args.no_sandbox, &args.case, timeout)?;
    let anonymize = (args.anonymize || args.anonymize_key.is_some())
        .then(|| class_key(&out, args.anonymize_key.as_deref(), args.resume))
        .transpose()
        .map_err(anyhow::Error::msg)?;
    let options = GradeOptions {
        puzzle,
        edition: args.case.edition,
        cases,
        methods,
        check: CheckOptions { template, run, jobs: args.case.jobs, thorough: args.case.thorough, verdict: None },
        submissions,
        out: out.clone(),
        resume: args.resume,
        shard,
        anonymize,
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
    let graded = graded.map_err(|e| match e {
        GradeError::Interrupted => crate::interrupt::interrupted(),
        e => e.into(),
    })?;
    write_class_page(&graded.summary, &out)?;
    let kept = match graded.resumed {
        0 => String::new(),
        n => format!(" ({n} kept from the earlier run)"),
    };
    let without = if args.no_sandbox { ", graded without a sandbox" } else { "" };
    let of = shard.map_or_else(String::new, |s| format!(" (shard {s})"));
    writeln!(
        std::io::stdout(),
        "graded {} students{of} into {}{kept}{without}: gradebook.csv, class.md, class.html, plots/, students/",
        graded.rows.len(),
        out.display()
    )?;
    Ok(Exit::Answered)
}

/// How each student's program runs: in the sandbox unless --no-sandbox, and always in a
/// control group of its own, so that nothing a student starts outlives the run or an interrupt.
fn run_config(
    limits: &LimitArgs,
    no_sandbox: bool,
    case: &CaseArgs,
    timeout: std::time::Duration,
) -> anyhow::Result<RunConfig> {
    let sandbox = match no_sandbox {
        true => None,
        false => Some(
            limits
                .sandbox(case.suite_folder())
                .context("install bubblewrap (apt install bubblewrap) or pass --no-sandbox")?,
        ),
    };
    Ok(RunConfig { timeout, sandbox, group_unsandboxed: true, ..RunConfig::default() })
}

/// `graded 3/30: alice 57/120`, or the error of a student who could not be graded; the
/// name's (and the error's) control characters shown as `\xNN`.
fn line(done: usize, total: usize, row: &StudentResult) -> String {
    let student = visible(&row.student);
    match &row.error {
        Some(error) => format!("graded {done}/{total}: {student} not graded: {}", visible(error)),
        None => format!("graded {done}/{total}: {student} {}/{}", points(row.score), points(row.max_score)),
    }
}
