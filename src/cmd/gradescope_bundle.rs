//! `searchlab gradescope-bundle`: write a Gradescope autograder zip that runs `searchlab check`
//! on each submission (the work is `searchlab_check::export::write_bundle`).

use std::path::PathBuf;

use anyhow::Context as _;
use searchlab_check::export::{write_bundle, BundleCases, BundleSpec};

use super::case_args::{CaseArgs, Puzzle, Resolved};
use super::sandbox_args::LimitArgs;
use crate::exit::Exit;

const AFTER_HELP: &str = "\
Examples:
  searchlab cases digits --set all --n 20 --hashed --out suite/
  searchlab gradescope-bundle digits --cmd 'python3 ThreeDigits.py {letter} {file}' --cases suite/ --out autograder.zip
  searchlab gradescope-bundle npuzzle --cmd 'python3 driver.py {method} {board}' --cases suite/ --methods bfs,ast --out autograder.zip

Upload the zip as the autograder of a Gradescope programming assignment. It holds:
  setup.sh        installs the bundled searchlab (this very binary) as /usr/local/bin/searchlab
                  ($SEARCHLAB_BIN_DIR to change the folder), root's only (mode 700), makes the
                  bundle's folder with the suite root's only, installs bubblewrap with apt-get
                  and runs `searchlab --version`
  run_autograder  runs `searchlab check` with these options and --thorough (every case runs, so
                  every student's score has the same total) from inside /autograder/submission
                  (relative words of --cmd and {dir} are the submission's), writing
                  /autograder/results/results.json with --gradescope; the text report goes to
                  the autograder's log. When the check cannot run (no driver.py, say), it writes
                  a results.json with score 0 and the reason. $AUTOGRADER_ROOT replaces
                  /autograder (to try it on your machine).
  searchlab       this binary: it must run on Gradescope's image (Linux x86_64; its C library
                  no newer than the image's, or a static musl build)
  suite/          the --cases folder's manifest and the files it names

The case and sandbox options are check's, passed on as given (see `searchlab check --help` for
editions and the sandbox); --thorough and --sandbox are always on: each student's program runs
in the sandbox as a user of its own, and sees neither the binary nor the suite.

Exit codes: 0 the bundle is written, 2 usage or input error (the suite folder missing, the other
puzzle's placeholders, an existing --out without --force, a folder that cannot be written).";

/// Arguments of `searchlab gradescope-bundle`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = AFTER_HELP,
    mut_arg("thorough", |a| a.help("Always on: the bundle runs every case, so every student's score has the same total"))
)]
pub struct Args {
    /// The puzzle the students' programs solve.
    #[arg(value_enum)]
    pub puzzle: Puzzle,
    /// The program's command line with placeholders {method} {board} (N-puzzle) or
    /// {letter} {file} (3-digit), and {dir} (the submission's folder) for either; split like a
    /// shell, never run by one. Relative paths are the submission's.
    #[arg(long = "cmd", value_name = "COMMAND")]
    pub command: String,
    /// Which cases, and how they run.
    #[command(flatten)]
    pub case: CaseArgs,
    /// The sandbox's limits and bound folders (the bundle always runs the programs in it).
    #[command(flatten)]
    pub limits: LimitArgs,
    /// The zip to write.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Replace the --out file if it exists.
    #[arg(long)]
    pub force: bool,
}

/// Runs `searchlab gradescope-bundle`.
pub fn run(args: Args) -> anyhow::Result<Exit> {
    let cases = BundleCases::parse(&args.case.cases)?;
    let Resolved { puzzle, cases: tests, .. } = args.case.resolve(args.puzzle, &args.command)?;
    let binary = std::env::current_exe().context("cannot find the searchlab binary to bundle")?;
    let mut options = args.case.check_options();
    options.extend(args.limits.check_options());
    let spec = BundleSpec {
        puzzle,
        command: args.command,
        cases,
        options,
        tests: tests.len(),
        fringe_lines: args.case.edition.has_fringe_lines(),
        binary,
    };
    let written = write_bundle(&spec, &args.out, args.force)?;
    let shipped = match (&spec.cases, written.suite_cases) {
        (BundleCases::Suite(_), n) => format!("suite/ ({n} {puzzle} cases)"),
        (BundleCases::Named(set), _) => format!("the binary's {set} cases"),
    };
    crate::output::print(&format!(
        "wrote {} ({:.1} MiB): setup.sh, run_autograder, searchlab, {shipped}; {} tests a submission\n",
        args.out.display(),
        written.bytes as f64 / f64::from(1 << 20),
        tests.len(),
    ))?;
    Ok(Exit::Answered)
}
