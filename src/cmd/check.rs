//! `searchlab check`: run a student's program on test cases, score it as the graders do and
//! name the rules that explain its failures.

use std::path::PathBuf;

use anyhow::bail;
use searchlab_check::export::{Exporter, Gradescope, Junit};
use searchlab_check::{
    check_in, format_text, format_text_verbose, list_variants, CheckError, CheckOptions, RunConfig, VerdictHook,
};

use super::case_args::Resolved;
pub use super::case_args::{CaseArgs, Puzzle};
use super::sandbox_args::SandboxArgs;

use crate::exit::Exit;

const AFTER_HELP: &str = "\
Examples:
  searchlab check npuzzle --cmd 'python3 driver.py {method} {board}'
  searchlab check digits --cmd 'python3 ThreeDigits.py {letter} {file}' --letters B,A
  searchlab check digits --cmd 'java ThreeDigits {letter} {file}' --cases suite/ --gradescope results.json
  searchlab check --list-variants
  searchlab check digits --cmd 'python3 ThreeDigits.py {letter} {file}' --cases suite/ --sandbox --memory 512M

Test sets (--cases): public (the published cases), random (--n seeded random instances,
each run with every method; --size for N-puzzle boards), edge (instances that reveal the
named rules), all (public + random + edge, the default), robustness (opt-in: inputs outside
the assignment, a 2x2 board or a forbidden list with spaces), or a folder written by
`searchlab cases` (plain or --hashed). The same --seed gives the same cases on any machine.

What fails: the values the graders grade. N-puzzle forms the handout only shows (8 decimals,
spacing around the colon, quotes) are notes with their fix, and stdout is not read. A command
that cannot work (the other puzzle's placeholders, a missing one, a program or script that
does not exist) is refused before any run, with exit 2.

The N-puzzle program's output.txt is read from the fresh folder each run gets; the 3-digit
program's stdout is read.

Sandbox (--sandbox, for programs you do not trust; needs bubblewrap): each run has no
network and sees only an allow list, read-only: the system's folders (/usr, /bin, /lib…), the
few files of /etc that programs need, a private /dev, /proc and /tmp, the current folder (the
program's), the folders of files named in the command, the interpreter's folder when it is
not a system one (a pyenv), and --sandbox-bind PATH (repeatable); never the suite, the homes,
/run, /var or any searchlab binary or Python package (the answer key). It writes only in its
run folder. Each run gets --memory (1G) summed over all its processes and 256 processes (a
cgroup, else a supervisor), --disk (256M) for its folder and its /tmp, 60 CPU seconds and
64 MiB a file, and every process it started ends with it, also on Ctrl-C. Run as root, each
run has a user id of its own, so the program's files must be readable by others.

Editions (--edition, N-puzzle): 2020, the default, grades path_to_goal, cost_of_path,
nodes_expanded, search_depth and max_search_depth exactly (running_time and max_ram_usage
present as numbers, their form a note). 2017 grades the nine lines of that year's handout: fringe_size (nodes left in the
frontier when the goal is found) and max_fringe_size (the most it held) exactly too, and
adds the method ida (IDA*, tree-search iterations on Manhattan distance): an ida test for
every board the set runs. Example:
  searchlab check npuzzle --edition 2017 --methods bfs,ida --cmd 'python3 driver.py {method} {board}'
  (bfs on 1,2,5,3,4,0,6,7,8 expects fringe_size: 11, max_fringe_size: 12) Exit codes: 0 every test passed, 1 some failed, 2 usage error.";

/// Arguments of `searchlab check`.
#[derive(Debug, clap::Args)]
#[command(after_help = AFTER_HELP)]
pub struct Args {
    /// The puzzle the program solves.
    #[arg(value_enum, required_unless_present = "list_variants")]
    pub puzzle: Option<Puzzle>,
    /// The program's command line with placeholders {method} {board} (N-puzzle) or
    /// {letter} {file} (3-digit), and {dir} (the program's folder) for either; split like a
    /// shell, never run by one.
    #[arg(long = "cmd", value_name = "COMMAND", required_unless_present = "list_variants")]
    pub command: Option<String>,
    /// Which cases, and how they run.
    #[command(flatten)]
    pub case: CaseArgs,
    /// Print one JSON object instead of the text report.
    #[arg(long)]
    pub json: bool,
    /// List every failed test in the text report (by default: one example per explanation).
    #[arg(long, short)]
    pub verbose: bool,
    /// Also write the results as JUnit XML to FILE.
    #[arg(long, value_name = "FILE")]
    pub junit: Option<PathBuf>,
    /// Also write Gradescope's results.json to FILE (the courses' weights).
    #[arg(long, value_name = "FILE")]
    pub gradescope: Option<PathBuf>,
    /// Whether and how each program runs in the sandbox.
    #[command(flatten)]
    pub sandbox: SandboxArgs,
    /// List the named rules check can recognise, one a line, and exit.
    #[arg(long)]
    pub list_variants: bool,
}

/// Where the verdict line goes as soon as the runs settle it: first on stdout, before the
/// report; on stderr when stdout is the JSON report.
fn verdict_hook(json: bool) -> VerdictHook {
    fn to_stdout(line: &str) {
        // A closed stdout is found again, and said, when the report is printed.
        let _ = crate::output::print(&format!("{line}\n"));
    }
    fn to_stderr(line: &str) {
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), "{line}");
    }
    VerdictHook(if json { to_stderr } else { to_stdout })
}

/// Runs `searchlab check`.
pub fn run(args: Args) -> anyhow::Result<Exit> {
    if args.list_variants {
        crate::output::print(&list_variants())?;
        return Ok(Exit::Answered);
    }
    let (Some(puzzle), Some(command)) = (args.puzzle, args.command) else {
        bail!("give the puzzle and --cmd (or --list-variants)");
    };
    let Resolved { puzzle, template, cases, timeout, .. } = args.case.resolve(puzzle, &command)?;
    let sandbox = args.sandbox.resolve(args.case.suite_folder())?;
    let run = RunConfig { timeout, sandbox, ..RunConfig::default() };
    searchlab_check::preflight(puzzle, &template, &run.base_dir)?;
    let report = check_in(
        puzzle,
        &cases,
        &CheckOptions {
            template,
            run,
            jobs: args.case.jobs,
            thorough: args.case.thorough,
            verdict: Some(verdict_hook(args.json)),
        },
        args.case.edition,
    )
    .map_err(|e| match e {
        CheckError::Interrupted => crate::interrupt::interrupted(),
        e => e.into(),
    })?;
    if let Some(path) = &args.junit {
        Junit.write(&report, path)?;
    }
    if let Some(path) = &args.gradescope {
        Gradescope.write(&report, path)?;
    }
    let text = match (args.json, args.verbose) {
        (true, _) => serde_json::to_string_pretty(&report)? + "\n",
        (false, true) => format_text_verbose(&report),
        (false, false) => format_text(&report),
    };
    crate::output::print(&text)?;
    Ok(if report.all_passed() { Exit::Answered } else { Exit::NoSolution })
}
