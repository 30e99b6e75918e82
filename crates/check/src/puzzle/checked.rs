//! The trait each puzzle implements: everything check does differently for it.

use searchlab_npuzzle::Edition;

use crate::cases::{CasesError, EdgeInstance, Puzzle, TestCase};
use crate::judge::oracle::Graded;
use crate::{Placeholder, RunConfig, RunProblem, RunResult, RunSpec};

/// One puzzle as check sees it (one implementation per puzzle, each in its own file).
pub(crate) trait CheckedPuzzle: Sync {
    /// The puzzle.
    fn puzzle(&self) -> Puzzle;

    /// The program in words: "an N-puzzle program".
    fn program(&self) -> &'static str;

    /// What a method is called: `method` (N-puzzle) or `letter` (3-digit puzzle).
    fn method_word(&self) -> &'static str;

    /// Every method (`bfs`, `dfs`, `ast`) or letter (`B` … `H`), in the canonical spelling.
    fn methods(&self) -> &'static [&'static str];

    /// The two placeholders its command takes, and an example command.
    fn placeholders(&self) -> ([Placeholder; 2], &'static str);

    /// The published cases (embedded).
    fn public_cases(&self) -> Vec<TestCase>;

    /// The edge set's instances, robustness ones included.
    fn edge_instances(&self) -> Vec<EdgeInstance>;

    /// `n` seeded random instances × `methods` as cases (`width`: an N-puzzle board's).
    fn random_cases(&self, n: usize, seed: u64, width: usize, methods: &[&str]) -> Result<Vec<TestCase>, CasesError>;

    /// How a program is run on `input` with `method`: the placeholders' values and stdin.
    fn run_spec(&self, method: &str, input: &str) -> RunSpec;

    /// The run settings for this puzzle's programs, from the user's.
    fn run_config(&self, run: &RunConfig) -> RunConfig;

    /// What went wrong with a run, as far as this puzzle's grader cares.
    fn run_problems(&self, run: &RunResult) -> Vec<RunProblem>;

    /// Whether the run left nothing graded to read (an N-puzzle run without `output.txt`).
    fn wrote_nothing(&self, run: &RunResult) -> bool;

    /// The text the run wrote for the grader (the 3-digit program's stdout, the N-puzzle
    /// program's `output.txt`), `None` when it wrote none.
    fn answer_text<'r>(&self, run: &'r RunResult) -> Option<&'r str>;

    /// The graded values of a run.
    fn graded_run(&self, run: &RunResult, edition: Edition) -> Graded;

    /// The graded values of an output pasted as text (what the program would have written).
    fn graded_output(&self, output: &str) -> Graded;

    /// The names of the graded items, in the order of the output.
    fn graded_items(&self) -> &'static [&'static str];
}
