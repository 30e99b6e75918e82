//! The N-puzzle to check: `{method} {board}`, the answer in `output.txt`, three methods (four
//! in the 2017 edition).

use searchlab_npuzzle::Edition;

use crate::cases::{
    edge_npuzzle, npuzzle_cases, npuzzle_public, random_npuzzle, CasesError, EdgeInstance, Puzzle, TestCase,
    NPUZZLE_METHODS,
};
use crate::judge::oracle::Graded;
use crate::puzzle::CheckedPuzzle;
use crate::{
    read_npuzzle, read_npuzzle_run, Placeholder, RunConfig, RunProblem, RunResult, RunSpec, Values, OUTPUT_FILE_NAME,
};

/// The N-puzzle.
pub(crate) struct Npuzzle;

impl CheckedPuzzle for Npuzzle {
    fn puzzle(&self) -> Puzzle {
        Puzzle::Npuzzle
    }

    fn program(&self) -> &'static str {
        "an N-puzzle program"
    }

    fn method_word(&self) -> &'static str {
        "method"
    }

    fn methods(&self) -> &'static [&'static str] {
        &NPUZZLE_METHODS
    }

    fn placeholders(&self) -> ([Placeholder; 2], &'static str) {
        ([Placeholder::Method, Placeholder::Board], "'python3 driver.py {method} {board}'")
    }

    fn public_cases(&self) -> Vec<TestCase> {
        npuzzle_public()
    }

    fn edge_instances(&self) -> Vec<EdgeInstance> {
        edge_npuzzle()
    }

    fn random_cases(&self, n: usize, seed: u64, width: usize, methods: &[&str]) -> Result<Vec<TestCase>, CasesError> {
        let boards = random_npuzzle(n, seed, width)?;
        let labels: Vec<Vec<String>> = boards.iter().map(|b| b.labels()).collect();
        let list = boards.iter().zip(&labels).map(|(b, l)| (b.name.as_str(), b.board.as_str(), l.as_slice()));
        npuzzle_cases(list, methods)
    }

    /// The method and the board on the command line; no input file.
    fn run_spec(&self, method: &str, input: &str) -> RunSpec {
        let values =
            Values { method: Some(method.to_owned()), board: Some(input.trim().to_owned()), ..Values::default() };
        RunSpec { values, input: None }
    }

    /// The grader reads `output.txt` and never stdout, so a driver that prints every state is
    /// not stopped for it (its timeout still bounds it; only the capped head is kept).
    fn run_config(&self, run: &RunConfig) -> RunConfig {
        RunConfig { flood_limit: u64::MAX, ..run.clone() }
    }

    /// Stdout is not graded, so its being cut at the cap is no problem (a note says how much
    /// the program printed).
    fn run_problems(&self, run: &RunResult) -> Vec<RunProblem> {
        let mut problems = run.problems();
        problems.retain(|p| *p != RunProblem::OutputTruncated { stream: "stdout" });
        problems
    }

    fn wrote_nothing(&self, run: &RunResult) -> bool {
        read_npuzzle_run(run).is_none()
    }

    fn answer_text<'r>(&self, run: &'r RunResult) -> Option<&'r str> {
        run.find_file(OUTPUT_FILE_NAME)?.contents.as_deref()
    }

    fn graded_run(&self, run: &RunResult, edition: Edition) -> Graded {
        Graded::of_npuzzle(read_npuzzle_run(run).as_ref(), edition)
    }

    fn graded_output(&self, output: &str) -> Graded {
        Graded::of_npuzzle(Some(&read_npuzzle(output)), Edition::Current)
    }

    fn graded_items(&self) -> &'static [&'static str] {
        &["path_to_goal", "cost_of_path", "nodes_expanded", "search_depth", "max_search_depth"]
    }
}
