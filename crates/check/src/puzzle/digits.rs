//! The 3-digit puzzle to check: `{letter} {file}`, the answer on stdout, six letters.

use searchlab_core::Strategy;
use searchlab_npuzzle::Edition;
use searchlab_threedigits::parse_instance;

use crate::cases::{
    digits_cases, digits_expected_text, digits_public, edge_digits, random_digits, CasesError, EdgeInstance, Puzzle,
    TestCase, DIGITS_LETTERS,
};
use crate::judge::oracle::{Graded, Oracle};
use crate::judge::reference_answer::ReferenceAnswer;
use crate::puzzle::CheckedPuzzle;
use crate::{Config, Item, Placeholder, RunConfig, RunProblem, RunResult, RunSpec, Values};

/// Points per 3-digit line: the course publishes no per-line marks, and both lines (the path,
/// the expanded list) must be exact, so each is worth 1 point, 2 a test.
pub const DIGITS_LINE_WEIGHT: f64 = 1.0;

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

    fn line_as_written(&self, _item: &str, value: &str) -> String {
        value.to_owned()
    }

    fn stopped_item(&self) -> Item {
        Item::Ran
    }

    fn item_weight(&self) -> f64 {
        DIGITS_LINE_WEIGHT
    }

    /// The two graded lines.
    fn items_per_test(&self, _fringe_lines: bool) -> u32 {
        self.graded_items().len() as u32
    }

    /// The six letters in every edition (the editions are the N-puzzle's).
    fn methods_in(&self, _edition: Edition) -> Vec<&'static str> {
        self.methods().to_vec()
    }

    /// The input file as it is, its lines and blank lines kept.
    fn input_file(&self, input: &str) -> String {
        input.to_owned()
    }

    fn input_from_file(&self, text: String) -> String {
        text
    }

    fn strategy_in(&self, method: &str, _edition: Edition) -> Option<Strategy> {
        searchlab_threedigits::parse_strategy(method).ok()
    }

    fn method_of(&self, strategy: Strategy) -> Option<&'static str> {
        searchlab_threedigits::letter(strategy)
    }

    fn expected_text(&self, method: &str, input: &str, _edition: Edition) -> Result<String, CasesError> {
        digits_expected_text(method, input)
    }

    fn hashed_for_other_edition(&self, _case: &TestCase, _method: &str, _edition: Edition) -> Option<String> {
        None
    }

    fn reference(
        &self,
        case: &TestCase,
        strategy: Strategy,
        text: String,
        _edition: Edition,
    ) -> Result<(Config, Oracle, ReferenceAnswer), String> {
        let instance =
            parse_instance(case.input.as_bytes()).map_err(|e| format!("the input file is not valid: {e}"))?;
        Ok((Config::digits(strategy), Oracle::Digits(instance), ReferenceAnswer::Digits(text)))
    }
}
