//! What a check found, in one shape: the text report, `--json`, JUnit and Gradescope are all
//! made from a [`CheckReport`].

use std::collections::BTreeMap;

use crate::cases::Puzzle;
use crate::{Divergence, ItemScore, Score};

/// One test's result.
#[derive(Debug, Clone, serde::Serialize)]
pub struct TestReport {
    /// The case's name.
    pub name: String,
    /// The input in one line (`bfs 1,2,5,3,4,0,6,7,8`).
    pub input: String,
    /// The method or letter.
    pub method: String,
    /// Whether every item passed.
    pub passed: bool,
    /// The scored items.
    pub items: Vec<ItemScore>,
    /// The first item whose value is wrong.
    pub first_divergence: Option<Divergence>,
    /// The combinations of named rules that reproduce the program's output exactly.
    pub variants: Vec<String>,
    /// When no combination reproduces the whole output: those that reproduce some of its
    /// items and keep the right ones right (at most three per part, the smallest first).
    pub partial: Vec<Partial>,
    /// Format faults, each with its fix.
    pub format: Vec<String>,
    /// What went wrong with the run (crash, timeout), in plain words.
    pub problems: Vec<String>,
    /// The last lines of the program's error output when it failed to run cleanly.
    pub stderr_tail: Vec<String>,
    /// Findings in plain words: chance, the reference's non-optimal path, nothing explains it,
    /// the kind of input a crash happened on.
    pub notes: Vec<String>,
    /// The program's wall time, in seconds.
    pub program_seconds: f64,
    /// What stopped the run, when something did: the [`crate::RunProblem::kind`] of its first
    /// problem (`timeout`, `memory`, `cpu-time`, `crash`, `flood`, `truncated`), or
    /// `not-run` when the program could not be started.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<String>,
    /// The first lines the program wrote for the grader (at most [`WRITTEN_LINES`]), kept on
    /// a test whose values are right and whose format is not: the report's example of the fault.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub written: Vec<String>,
    /// Whether the test is reported but not scored: a random case of a round that only
    /// programs whose diagnosis was not settled yet run (every program runs the first
    /// [`crate::SCORED_ROUNDS`], and `--thorough` scores every case).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub diagnosis_only: bool,
}

/// Lines of a format-only failure's output kept in [`TestReport::written`].
pub const WRITTEN_LINES: usize = 12;

impl TestReport {
    /// Whether the test carries `note` (one of [`crate::CHANCE`], [`crate::FORMAT_ONLY`], …).
    pub fn has_note(&self, note: &str) -> bool {
        self.notes.iter().any(|n| n == note)
    }

    /// A test not scored yet: failed, nothing found.
    pub fn new(name: &str, method: &str, input: &str) -> TestReport {
        TestReport {
            name: name.to_owned(),
            input: input.to_owned(),
            method: method.to_owned(),
            passed: false,
            items: Vec::new(),
            first_divergence: None,
            variants: Vec::new(),
            partial: Vec::new(),
            format: Vec::new(),
            problems: Vec::new(),
            stderr_tail: Vec::new(),
            notes: Vec::new(),
            written: Vec::new(),
            diagnosis_only: false,
            program_seconds: 0.0,
            stopped: None,
        }
    }

    /// A test's report from its score; the diagnosis's fields start empty.
    pub fn from_score(name: &str, method: &str, input: &str, score: &Score) -> TestReport {
        let mut report = TestReport::new(name, method, input);
        report.passed = score.all_passed();
        report.items = score.items.clone();
        report.first_divergence = score.first_divergence.clone();
        report
    }
}

/// A partial explanation: a combination of named rules under which the reference writes the
/// program's values for some items (`items`), on `tests` tests.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Partial {
    /// The combination, `a+b`.
    pub rules: String,
    /// The items it reproduces (every graded item when it explains whole tests).
    pub items: Vec<String>,
    /// How many failed tests it explains so (1 on a single test).
    pub tests: usize,
}

/// The tests of one method or letter.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct MethodSummary {
    /// Tests passed.
    pub passed: usize,
    /// Tests run.
    pub total: usize,
    /// Every combination of up to four named rules (`a+b+c`) under which the reference
    /// reproduces every failed test of this method whose output could be read.
    pub variants: Vec<String>,
    /// When `variants` is empty: explanations of part of the failures, the most tests first
    /// (at most three of each kind: whole tests of a subset, and items of tests).
    pub partial: Vec<Partial>,
    /// The format faults found (names), each once.
    pub format: Vec<String>,
    /// Random cases left out once the method's diagnosis was settled (`--thorough` runs them).
    pub not_run: usize,
}

/// The whole run's summary.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Summary {
    /// Tests passed.
    pub passed: usize,
    /// Tests run.
    pub total: usize,
    /// The combinations found for every method that failed (the same for all of them).
    pub variants: Vec<String>,
    /// Per method (`bfs`, …) or letter (`B`, …).
    pub methods: BTreeMap<String, MethodSummary>,
}

/// What `check` found: the shape of `searchlab check --json`.
#[derive(Debug, Clone, serde::Serialize)]
pub struct CheckReport {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// The command that was checked (the template as given).
    pub command: String,
    /// Every test, in the order given.
    pub tests: Vec<TestReport>,
    /// The summary.
    pub summary: Summary,
}

impl CheckReport {
    /// A report of `tests` with the summary's counts (totals, per method, format fault
    /// names) filled in; the combinations are left for the diagnosis.
    pub fn new(puzzle: Puzzle, command: &str, tests: Vec<TestReport>) -> CheckReport {
        let mut summary = Summary { total: tests.len(), ..Summary::default() };
        for t in &tests {
            let m = summary.methods.entry(t.method.clone()).or_default();
            m.total += 1;
            m.passed += usize::from(t.passed);
            summary.passed += usize::from(t.passed);
            for f in &t.format {
                let name = f.split(':').next().unwrap_or(f).to_owned();
                if !m.format.contains(&name) {
                    m.format.push(name);
                }
            }
        }
        CheckReport { puzzle, command: command.to_owned(), tests, summary }
    }

    /// Whether every test passed.
    pub fn all_passed(&self) -> bool {
        self.summary.passed == self.summary.total
    }
}
