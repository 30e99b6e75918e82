//! `searchlab cases`: writes a test suite (inputs and the reference's answers, or only their
//! SHA-256) that `searchlab check --cases DIR` runs.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use searchlab_check::cases::{methods_in, test_set_in, write_suite, Puzzle, RandomSpec, TestSet};
use searchlab_npuzzle::Edition;

use crate::exit::Exit;

const AFTER_HELP: &str = "\
Writes into --out:

  manifest.json     the cases: name, method or letter, labels, input file, answer file, SHA-256
  inputs/CASE.txt   the board (npuzzle) or the input file (digits)
  expected/CASE.txt the reference's answer (not written with --hashed)

Answers: digits, the two lines exactly; npuzzle, the five lines of output.txt graded exactly
(path_to_goal to max_search_depth; running_time and max_ram_usage are graded for form only);
with --edition 2017, seven: fringe_size and max_fringe_size too, and an ida case for every
board (check the suite with `searchlab check npuzzle --edition 2017 --cases DIR`).
With --hashed the manifest keeps only the SHA-256 of each answer, so a teacher can publish
the suite without its answers. Random sets: npuzzle boards spread over optimal depths (sizes
2 to 5), digits instances cycling through plain, forbidden goal, start = goal, limit reached,
hill-climbing stuck, forbidden start and fringe exhausted; the same --seed gives the same
cases on any machine. The edge set holds fixed instances that reveal the usual mistakes.
An --out folder that holds files is refused unless --force (which only writes the suite's
own files, never removes others).

Examples:
  searchlab cases npuzzle --n 20 --seed 7 --out suite/
  searchlab cases digits --set all --hashed --out public-suite/
  searchlab cases npuzzle --edition 2017 --methods bfs,ida --out suite-2017/";

/// Which puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum PuzzleArg {
    /// The N-puzzle driver (methods bfs, dfs, ast).
    Npuzzle,
    /// The 3-digit puzzle (letters B D I G A H).
    Digits,
}

/// Which cases.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum SetArg {
    /// --n seeded random instances.
    Random,
    /// The fixed edge instances.
    Edge,
    /// Both.
    All,
}

/// Arguments of `searchlab cases`.
#[derive(Debug, clap::Args)]
#[command(after_help = AFTER_HELP)]
pub struct Args {
    /// Which puzzle.
    #[arg(value_enum)]
    pub puzzle: PuzzleArg,
    /// The folder to write the suite into (created if needed).
    #[arg(long)]
    pub out: PathBuf,
    /// Random instances (each run with every method).
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub n: u32,
    /// The random seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The N-puzzle's board width, 2 to 5.
    #[arg(long, default_value_t = 3)]
    pub size: usize,
    /// Which cases.
    #[arg(long, value_enum, default_value = "random")]
    pub set: SetArg,
    /// Comma-separated methods (npuzzle: bfs,dfs,ast) or letters (digits: B,D,I,G,A,H); all by default.
    #[arg(long, value_delimiter = ',')]
    pub methods: Vec<String>,
    /// The N-puzzle assignment's edition: 2020 (five graded lines; bfs, dfs, ast) or 2017
    /// (seven, with fringe_size and max_fringe_size; ida too).
    #[arg(long, value_name = "YEAR", default_value = "2020", value_parser = super::npuzzle::parse_edition)]
    pub edition: Edition,
    /// Keep only the SHA-256 of each answer.
    #[arg(long)]
    pub hashed: bool,
    /// Write into a folder that already holds files.
    #[arg(long)]
    pub force: bool,
}

/// Makes the cases, writes the suite and says where.
pub fn run(args: Args) -> anyhow::Result<Exit> {
    let puzzle = match args.puzzle {
        PuzzleArg::Npuzzle => Puzzle::Npuzzle,
        PuzzleArg::Digits => Puzzle::Digits,
    };
    if puzzle == Puzzle::Digits && args.edition != Edition::Current {
        anyhow::bail!("--edition is the N-puzzle assignment's: digits has none");
    }
    let methods = methods_in(puzzle, &args.methods, args.edition)?;
    let random = RandomSpec { n: args.n as usize, seed: args.seed, width: args.size };
    let mut cases = Vec::new();
    if matches!(args.set, SetArg::Random | SetArg::All) {
        cases.extend(test_set_in(puzzle, &TestSet::Random, &methods, random, args.edition)?);
    }
    if matches!(args.set, SetArg::Edge | SetArg::All) {
        cases.extend(test_set_in(puzzle, &TestSet::Edge, &methods, random, args.edition)?);
    }
    let about = format!(
        "searchlab cases {puzzle} --set {} --n {} --seed {} --size {} --methods {}{}{}",
        format!("{:?}", args.set).to_lowercase(),
        args.n,
        args.seed,
        args.size,
        methods.join(","),
        if args.edition == Edition::Current { String::new() } else { format!(" --edition {}", args.edition) },
        if args.hashed { " --hashed" } else { "" }
    );
    let manifest = write_suite(&args.out, &cases, args.hashed, args.force, &about)
        .with_context(|| format!("cannot write the suite into {}", args.out.display()))?;
    let kind = if args.hashed { "hashed answers" } else { "answers" };
    writeln!(std::io::stdout(), "wrote {} {puzzle} cases with {kind} to {}", manifest.cases.len(), args.out.display())?;
    Ok(Exit::Answered)
}
