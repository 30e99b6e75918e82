//! The N-puzzle to check: `{method} {board}`, the answer in `output.txt`, three methods (four
//! in the 2017 edition).

use searchlab_core::Strategy;
use searchlab_npuzzle::{Board, Edition};

use crate::cases::{
    edge_npuzzle, npuzzle_cases, npuzzle_expected_text_in, npuzzle_public, random_npuzzle, CasesError, EdgeInstance,
    Expected, Puzzle, TestCase, NPUZZLE_METHODS,
};
use crate::judge::oracle::{Graded, Oracle};
use crate::judge::reference_answer::ReferenceAnswer;
use crate::puzzle::CheckedPuzzle;
use crate::{
    read_npuzzle, read_npuzzle_run, Config, Item, Placeholder, RunConfig, RunProblem, RunResult, RunSpec, Values,
    OUTPUT_FILE_NAME,
};

/// Points per N-puzzle item: the grader's 0.75, 8 items a test (the seven lines and "ran"),
/// so 6 points; the 2017 edition's two fringe lines weigh the same.
pub const NPUZZLE_ITEM_WEIGHT: f64 = 0.75;

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

    fn line_as_written(&self, item: &str, value: &str) -> String {
        format!("{item}: {value}")
    }

    fn stopped_item(&self) -> Item {
        Item::RunningTime
    }

    fn item_weight(&self) -> f64 {
        NPUZZLE_ITEM_WEIGHT
    }

    /// The seven lines and "ran", the 2017 edition's two fringe lines besides.
    fn items_per_test(&self, fringe_lines: bool) -> u32 {
        if fringe_lines {
            10
        } else {
            8
        }
    }

    fn methods_in(&self, edition: Edition) -> Vec<&'static str> {
        edition.methods().iter().map(|(name, _)| *name).collect()
    }

    /// The board on one line, ended by a newline.
    fn input_file(&self, input: &str) -> String {
        format!("{input}\n")
    }

    fn input_from_file(&self, text: String) -> String {
        text.trim().to_owned()
    }

    fn strategy_in(&self, method: &str, edition: Edition) -> Option<Strategy> {
        searchlab_npuzzle::parse_method_in(method, edition).ok()
    }

    fn method_of(&self, strategy: Strategy) -> Option<&'static str> {
        Some(searchlab_npuzzle::method_name(strategy))
    }

    fn expected_text(&self, method: &str, input: &str, edition: Edition) -> Result<String, CasesError> {
        npuzzle_expected_text_in(method, input.trim(), edition)
    }

    /// A suite of the other edition: its hash is that edition's answer.
    fn hashed_for_other_edition(&self, case: &TestCase, method: &str, edition: Edition) -> Option<String> {
        let other = other_edition(edition);
        let theirs = self.expected_text(method, &case.input, other);
        theirs.is_ok_and(|t| case.expected.matches(&t)).then(|| wrong_edition(other))
    }

    /// The board and the graded lines, refused when the answer's lines are the other
    /// edition's (the 2017 edition's fringe lines, or their lack).
    fn reference(
        &self,
        case: &TestCase,
        strategy: Strategy,
        text: String,
        edition: Edition,
    ) -> Result<(Config, Oracle, ReferenceAnswer), String> {
        let board = Board::parse(case.input.trim()).map_err(|e| e.to_string())?;
        let plain = TestCase { expected: Expected::Plain(text), ..case.clone() };
        let expected = plain.npuzzle_expected().ok_or_else(|| "the answer lacks a graded line".to_owned())?;
        if expected.has_edition(Edition::Y2017) != edition.has_fringe_lines() {
            return Err(wrong_edition(other_edition(edition)));
        }
        let base = Config::npuzzle(strategy).with_edition(edition);
        Ok((base, Oracle::npuzzle(&board), ReferenceAnswer::Npuzzle(expected)))
    }
}

/// The N-puzzle edition a case of `edition` may have been written for instead.
fn other_edition(edition: Edition) -> Edition {
    if edition.has_fringe_lines() {
        Edition::Current
    } else {
        Edition::Y2017
    }
}

/// Why a case of the `other` edition is refused.
fn wrong_edition(other: Edition) -> String {
    format!("the answer is the {other} edition's: check it with --edition {other}")
}
