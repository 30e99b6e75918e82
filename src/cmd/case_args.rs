//! The case options `check` and `grade` share (`--cases`, `--n`, `--seed`, `--size`,
//! `--methods`, `--letters`, `--edition`, `--timeout`, `--jobs`, `--thorough`), how they
//! become the puzzle, the command template, the methods and the cases, and how they are
//! written again for a `check` run elsewhere (`gradescope-bundle`).

use std::path::PathBuf;
use std::time::Duration;

use anyhow::{bail, Context};
use searchlab_check::cases::{methods_in, test_set_in, RandomSpec, TestSet};
use searchlab_check::{CommandTemplate, Puzzle as Which, TestCase};
use searchlab_npuzzle::Edition;

/// The puzzle a program solves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Puzzle {
    /// The N-puzzle driver: `{method}` and `{board}`, writes output.txt.
    Npuzzle,
    /// The 3-digit puzzle: `{letter}` and `{file}`, prints two lines.
    Digits,
}

/// Which cases to run and how.
#[derive(Debug, clap::Args)]
pub struct CaseArgs {
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
    /// Run every case of the set. By default the cases that reveal the named rules run first,
    /// and a method stops drawing random cases once its diagnosis is settled (the same
    /// explanations over two rounds with three failures, or with twenty random cases passed in
    /// a row since the last; without a failure, fifty random cases passed, fewer when each
    /// takes a second, or five stopped by a timeout or a crash); once a method's run is stopped
    /// at the time limit, its cases that cost the reference more are left out unless one as
    /// large finished, and a run stopped while computing all its time beside another is not run
    /// again alone. Every program is scored on the same first two rounds.
    #[arg(long)]
    pub thorough: bool,
}

/// The case options resolved.
pub struct Resolved {
    /// The puzzle.
    pub puzzle: Which,
    /// The command template.
    pub template: CommandTemplate,
    /// The methods or letters tested.
    pub methods: Vec<String>,
    /// The cases.
    pub cases: Vec<TestCase>,
    /// Each run's timeout.
    pub timeout: Duration,
}

impl CaseArgs {
    /// The puzzle, template, methods, cases and timeout; an error for options of the other
    /// puzzle, an unknown method, an empty set or a timeout that is not a positive number.
    pub fn resolve(&self, puzzle: Puzzle, command: &str) -> anyhow::Result<Resolved> {
        let puzzle = match puzzle {
            Puzzle::Npuzzle => Which::Npuzzle,
            Puzzle::Digits => Which::Digits,
        };
        let template = CommandTemplate::parse(command).context("--cmd")?;
        let wanted = match puzzle {
            Which::Npuzzle if !self.letters.is_empty() => {
                bail!("--letters is for digits: the N-puzzle takes --methods")
            }
            Which::Digits if !self.methods.is_empty() => {
                bail!("--methods is for npuzzle: the 3-digit puzzle takes --letters")
            }
            Which::Digits if self.size.is_some() => bail!("--size is the N-puzzle's board width: digits has none"),
            Which::Digits if self.edition != Edition::Current => {
                bail!("--edition is the N-puzzle assignment's: for the 3-digit puzzle's 2012 rules see `searchlab digits --dialect 2012`")
            }
            Which::Npuzzle => &self.methods,
            Which::Digits => &self.letters,
        };
        let methods = methods_in(puzzle, wanted, self.edition)?;
        let random = RandomSpec { n: self.n as usize, seed: self.seed, width: self.size.unwrap_or(3) };
        let cases = test_set_in(puzzle, &TestSet::parse(&self.cases)?, &methods, random, self.edition)?;
        if cases.is_empty() {
            bail!("the test set '{}' has no case for {}", self.cases, methods.join(","));
        }
        let timeout = Duration::try_from_secs_f64(self.timeout).ok().filter(|t| !t.is_zero());
        let Some(timeout) = timeout else {
            bail!("--timeout must be a positive number of seconds");
        };
        let methods = methods.into_iter().map(str::to_owned).collect();
        Ok(Resolved { puzzle, template, methods, cases, timeout })
    }

    /// These options as `searchlab check` takes them, one word each, but `--cases` and
    /// `--thorough` (`gradescope-bundle` writes those itself): `--timeout` always, `--n`,
    /// `--seed` and `--size` when the set has random cases, the others when given.
    pub fn check_options(&self) -> Vec<String> {
        let mut words = Vec::new();
        if matches!(self.cases.as_str(), "random" | "all") {
            words.extend(["--n".to_owned(), self.n.to_string(), "--seed".to_owned(), self.seed.to_string()]);
            if let Some(size) = self.size {
                words.extend(["--size".to_owned(), size.to_string()]);
            }
        }
        if !self.methods.is_empty() {
            words.extend(["--methods".to_owned(), self.methods.join(",")]);
        }
        if self.edition != Edition::Current {
            words.extend(["--edition".to_owned(), self.edition.to_string()]);
        }
        if !self.letters.is_empty() {
            words.extend(["--letters".to_owned(), self.letters.join(",")]);
        }
        words.extend(["--timeout".to_owned(), self.timeout.to_string()]);
        if self.jobs != 0 {
            words.extend(["--jobs".to_owned(), self.jobs.to_string()]);
        }
        words
    }

    /// The suite folder `--cases` names, if it names one (never readable by sandboxed programs).
    pub fn suite_folder(&self) -> Option<PathBuf> {
        let suite = PathBuf::from(&self.cases);
        suite.is_dir().then_some(suite)
    }
}
