//! The 3-digit puzzle to check: `{letter} {file}`, the answer on stdout, six letters.

use searchlab_npuzzle::Edition;

use crate::cases::{
    digits_cases, digits_public, edge_digits, random_digits, CasesError, EdgeInstance, Puzzle, TestCase, DIGITS_LETTERS,
};
use crate::judge::oracle::Graded;
use crate::puzzle::CheckedPuzzle;
use crate::{Placeholder, RunConfig, RunProblem, RunResult, RunSpec, Values};

/// The 3-digit puzzle.
pub(crate) struct Digits;

impl CheckedPuzzle for Digits {
    fn puzzle(&self) -> Puzzle {
        Puzzle::Digits
    }

    fn program(&self) -> &'static str {
        "a 3-digit program"
    }

    fn method_word(&self) -> &'static str {
        "letter"
    }

    fn methods(&self) -> &'static [&'static str] {
        &DIGITS_LETTERS
    }

    fn placeholders(&self) -> ([Placeholder; 2], &'static str) {
        ([Placeholder::Letter, Placeholder::File], "'python3 ThreeDigits.py {letter} {file}'")
    }

    fn public_cases(&self) -> Vec<TestCase> {
        digits_public()
    }

    fn edge_instances(&self) -> Vec<EdgeInstance> {
        edge_digits()
    }

    fn random_cases(&self, n: usize, seed: u64, _width: usize, methods: &[&str]) -> Result<Vec<TestCase>, CasesError> {
        let instances = random_digits(n, seed)?;
        let labels: Vec<Vec<String>> = instances.iter().map(|i| vec![i.family.name().to_owned()]).collect();
        let list = instances.iter().zip(&labels).map(|(i, l)| (i.name.as_str(), i.text.as_str(), l.as_slice()));
        digits_cases(list, methods)
    }

    /// The letter on the command line, the input as a file.
    fn run_spec(&self, method: &str, input: &str) -> RunSpec {
        RunSpec {
            values: Values { letter: Some(method.to_owned()), ..Values::default() },
            input: Some(input.to_owned().into_bytes()),
        }
    }

    /// The answer is stdout, where the flood limit stays.
    fn run_config(&self, run: &RunConfig) -> RunConfig {
        run.clone()
    }

    fn run_problems(&self, run: &RunResult) -> Vec<RunProblem> {
        run.problems()
    }

    fn wrote_nothing(&self, _run: &RunResult) -> bool {
        false
    }

    fn answer_text<'r>(&self, run: &'r RunResult) -> Option<&'r str> {
        Some(&run.stdout.text)
    }

    fn graded_run(&self, run: &RunResult, _edition: Edition) -> Graded {
        Graded::of_digits(&run.stdout.text)
    }

    fn graded_output(&self, output: &str) -> Graded {
        Graded::of_digits(output)
    }

    fn graded_items(&self) -> &'static [&'static str] {
        &["path", "expanded"]
    }
}
