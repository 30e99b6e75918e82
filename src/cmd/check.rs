//! `searchlab check`: run a student's program on test cases, score it as the graders do and
//! name the rules that explain its failures.

use std::path::PathBuf;
use std::time::Duration;

use anyhow::{bail, Context};
use searchlab_check::cases::{methods_in, test_set_in, RandomSpec, TestSet};
use searchlab_check::export::{Exporter, Gradescope, Junit};
use searchlab_check::{
    check_in, format_text, format_text_verbose, list_variants, parse_size, CheckOptions, CommandTemplate,
    Puzzle as Which, RunConfig, Sandbox,
};
use searchlab_npuzzle::Edition;

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
network, sees the file system read-only with /home, /root, /tmp and the suite folder empty
(except its own folder, the folders of files named in the command and the current folder),
may write only in its run folder, gets --memory of heap (1G by default), 60 CPU seconds,
256 processes and 64 MiB files, and every process it started ends with it. Run as root, the
program runs as nobody, so its files must be readable by others. --sandbox-allow DIR shows
another folder read-only (an interpreter installed in a home folder, say).

Editions (--edition, N-puzzle): 2020, the default, grades path_to_goal, cost_of_path,
nodes_expanded, search_depth and max_search_depth exactly (running_time and max_ram_usage
present as numbers, their form a note). 2017 grades the nine lines of that year's handout: fringe_size (nodes left in the
frontier when the goal is found) and max_fringe_size (the most it held) exactly too, and
adds the method ida (IDA*, tree-search iterations on Manhattan distance): an ida test for
every board the set runs. Example:
  searchlab check npuzzle --edition 2017 --methods bfs,ida --cmd 'python3 driver.py {method} {board}'
  (bfs on 1,2,5,3,4,0,6,7,8 expects fringe_size: 11, max_fringe_size: 12) Exit codes: 0 every test passed, 1 some failed, 2 usage error.";

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
    /// The test set: public, random, edge, all (public + random + edge), robustness (opt-in),
    /// or a suite folder written by `searchlab cases`.
    #[arg(long, default_value = "all", value_name = "SET|DIR")]
    pub cases: String,
    /// Random instances (each run with every method).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub n: u32,
    /// The random seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The N-puzzle's board width for random boards, 2 to 5.
    #[arg(long)]
    pub size: Option<usize>,
    /// N-puzzle methods to test (comma-separated: bfs,dfs,ast; ida with --edition 2017); all
    /// by default.
    #[arg(long, value_delimiter = ',')]
    pub methods: Vec<String>,
    /// The N-puzzle assignment's edition: 2020 (seven lines; bfs, dfs, ast) or 2017 (nine
    /// lines with fringe_size and max_fringe_size, scored exactly; ida too). See below.
    #[arg(long, value_name = "YEAR", default_value = "2020", value_parser = super::npuzzle::parse_edition)]
    pub edition: Edition,
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
    /// Run every case of the set. By default the cases that reveal the named rules run first,
    /// and a method stops drawing random cases once its diagnosis is settled (the same
    /// explanation over two rounds of ten, or fifty random cases passed).
    #[arg(long)]
    pub thorough: bool,
    /// List every failed test in the text report (by default: one example per explanation).
    #[arg(long, short)]
    pub verbose: bool,
    /// Also write the results as JUnit XML to FILE.
    #[arg(long, value_name = "FILE")]
    pub junit: Option<PathBuf>,
    /// Also write Gradescope's results.json to FILE (the courses' weights).
    #[arg(long, value_name = "FILE")]
    pub gradescope: Option<PathBuf>,
    /// Run each program in a sandbox (bubblewrap): no network, read-only files, hidden homes
    /// and suite, memory, CPU, process and file-size limits. See below.
    #[arg(long)]
    pub sandbox: bool,
    /// With --sandbox: the memory each run may use (such as 512M or 1G).
    #[arg(long, value_name = "SIZE", default_value = "1G", value_parser = parse_size, requires = "sandbox")]
    pub memory: u64,
    /// With --sandbox: a folder the program may read although it is hidden (repeatable).
    #[arg(long, value_name = "DIR", requires = "sandbox")]
    pub sandbox_allow: Vec<PathBuf>,
    /// List the named rules check can recognise, one a line, and exit.
    #[arg(long)]
    pub list_variants: bool,
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
    let puzzle = match puzzle {
        Puzzle::Npuzzle => Which::Npuzzle,
        Puzzle::Digits => Which::Digits,
    };
    let template = CommandTemplate::parse(&command).context("--cmd")?;
    let wanted = match puzzle {
        Which::Npuzzle if !args.letters.is_empty() => bail!("--letters is for digits: the N-puzzle takes --methods"),
        Which::Digits if !args.methods.is_empty() => {
            bail!("--methods is for npuzzle: the 3-digit puzzle takes --letters")
        }
        Which::Digits if args.size.is_some() => bail!("--size is the N-puzzle's board width: digits has none"),
        Which::Digits if args.edition != Edition::Current => {
            bail!("--edition is the N-puzzle assignment's: for the 3-digit puzzle's 2012 rules see `searchlab digits --dialect 2012`")
        }
        Which::Npuzzle => &args.methods,
        Which::Digits => &args.letters,
    };
    let methods = methods_in(puzzle, wanted, args.edition)?;
    let random = RandomSpec { n: args.n as usize, seed: args.seed, width: args.size.unwrap_or(3) };
    let cases = test_set_in(puzzle, &TestSet::parse(&args.cases)?, &methods, random, args.edition)?;
    if cases.is_empty() {
        bail!("the test set '{}' has no case for {}", args.cases, methods.join(","));
    }
    let timeout = Duration::try_from_secs_f64(args.timeout).ok().filter(|t| !t.is_zero());
    let Some(timeout) = timeout else {
        bail!("--timeout must be a positive number of seconds");
    };
    let sandbox = if args.sandbox {
        Sandbox::probe()?;
        let suite = PathBuf::from(&args.cases);
        let hide = if suite.is_dir() { vec![suite] } else { Vec::new() };
        Some(Sandbox { memory: args.memory, hide, allow: args.sandbox_allow.clone(), ..Sandbox::default() })
    } else {
        None
    };
    let run = RunConfig { timeout, sandbox, ..RunConfig::default() };
    searchlab_check::preflight(puzzle, &template, &run.base_dir)?;
    let report = check_in(
        puzzle,
        &cases,
        &CheckOptions { template, run, jobs: args.jobs, thorough: args.thorough },
        args.edition,
    )?;
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
