//! Gradescope's `results.json`: one entry per test with `score` and `max_score` from the
//! courses' weights, `status`, and an `output` that says what differs; the total `score`.
//!
//! Weights, each puzzle's own (`CheckedPuzzle::item_weight`): the N-puzzle grader gives 0.75
//! points per item, 8 items per test, so 6 points a test; the 3-digit puzzle's two lines 1
//! point each, so 2 points a test.

use super::{CheckReport, ExportError, Exporter, TestReport};
use crate::cases::Puzzle;
pub use crate::puzzle::{DIGITS_LINE_WEIGHT, NPUZZLE_ITEM_WEIGHT};

/// The points an item is worth.
///
/// ```
/// use searchlab_check::{cases::Puzzle, export::item_weight};
/// assert_eq!(item_weight(Puzzle::Npuzzle, "nodes_expanded") * 8.0, 6.0);
/// assert_eq!(item_weight(Puzzle::Digits, "expanded"), 1.0);
/// ```
pub fn item_weight(puzzle: Puzzle, _item: &str) -> f64 {
    puzzle.checked().item_weight()
}

/// The points a test earned and the points it is worth, by the courses' weights: 0.75 per
/// N-puzzle item (8 items, 6 points a test), 1 per 3-digit line (2 points a test); none for a
/// test run for a diagnosis only ([`TestReport::diagnosis_only`]), so that every program is
/// scored on the same tests.
///
/// ```
/// use searchlab_check::{cases::Puzzle, export::test_points, read_digits, score_digits, DigitsExpected, TestReport};
/// let expected = DigitsExpected::from_text("320,220,210,110\n320,220,420,310,210,110\n").unwrap();
/// let score = score_digits(&read_digits("320,220,210,110\n320,220,310,420,210,110\n"), &expected);
/// let test = TestReport::from_score("t", "B", "320\n110\n", &score);
/// assert_eq!(test_points(Puzzle::Digits, &test), (1.0, 2.0));
/// let drawn_later = TestReport { diagnosis_only: true, ..test };
/// assert_eq!(test_points(Puzzle::Digits, &drawn_later), (0.0, 0.0));
/// ```
pub fn test_points(puzzle: Puzzle, test: &TestReport) -> (f64, f64) {
    if test.diagnosis_only {
        return (0.0, 0.0);
    }
    let weight = |i: &crate::ItemScore| item_weight(puzzle, i.item.name());
    let earned = test.items.iter().filter(|i| i.passed).map(weight).sum();
    let worth = test.items.iter().map(weight).sum();
    (earned, worth)
}

/// The Gradescope exporter (`--gradescope FILE`).
#[derive(Debug, Clone, Copy, Default)]
pub struct Gradescope;

#[derive(serde::Serialize)]
struct Results {
    score: f64,
    output: String,
    visibility: &'static str,
    stdout_visibility: &'static str,
    tests: Vec<TestResult>,
}

#[derive(serde::Serialize)]
struct TestResult {
    name: String,
    number: String,
    score: f64,
    max_score: f64,
    status: &'static str,
    output: String,
    tags: Vec<String>,
    visibility: &'static str,
}

fn output(test: &TestReport) -> String {
    let mut lines: Vec<String> = test.problems.clone();
    if let Some(d) = &test.first_divergence {
        lines.push(format!("First difference: {}", super::describe_divergence(d)));
    }
    let failed: Vec<&str> = test.items.iter().filter(|i| !i.passed).map(|i| i.item.name()).collect();
    if !failed.is_empty() {
        lines.push(format!("Items lost: {}", failed.join(", ")));
    }
    if !test.variants.is_empty() {
        lines.push(format!("Your output is the reference's under: {}", test.variants.join(", ")));
    }
    for p in &test.partial {
        lines.push(format!("Your {} are the reference's under: {}", p.items.join(", "), p.rules));
    }
    lines.push(format!("Input ({}): {}", test.method, test.input.escape_debug()));
    lines.join("\n")
}

impl Exporter for Gradescope {
    fn name(&self) -> &'static str {
        "gradescope"
    }

    fn render(&self, report: &CheckReport) -> Result<String, ExportError> {
        let tests: Vec<TestResult> = report
            .tests
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let (score, max_score) = test_points(report.puzzle, t);
                TestResult {
                    name: t.name.clone(),
                    number: (i + 1).to_string(),
                    score,
                    max_score,
                    status: if t.passed { "passed" } else { "failed" },
                    output: output(t),
                    tags: vec![t.method.clone()],
                    visibility: "visible",
                }
            })
            .collect();
        let s = &report.summary;
        let mut summary = format!("{} of {} tests passed.", s.passed, s.total);
        if !s.variants.is_empty() {
            summary.push_str(&format!(" Rules consistent with every failure: {}.", s.variants.join(", ")));
        }
        let results = Results {
            score: tests.iter().map(|t| t.score).sum(),
            output: summary,
            visibility: "visible",
            stdout_visibility: "hidden",
            tests,
        };
        serde_json::to_string_pretty(&results)
            .map(|json| json + "\n")
            .map_err(|e| ExportError::Render { format: "gradescope", reason: e.to_string() })
    }
}
