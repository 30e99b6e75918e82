//! Reports of a check in files other tools read: JUnit XML ([`Junit`]) and Gradescope's
//! `results.json` ([`Gradescope`]), one file per format behind the [`Exporter`] trait.
//!
//! Their input is a [`CheckReport`], the plain shape of `searchlab check --json`: the tests
//! (name, method, input, passed, items, first divergence, variants) and a summary.

mod gradescope;
mod junit;
mod xml;

pub use gradescope::{item_weight, Gradescope, DIGITS_LINE_WEIGHT, NPUZZLE_ITEM_WEIGHT};
pub use junit::Junit;
pub use xml::{escape_attribute, escape_text};

use std::collections::BTreeMap;
use std::path::Path;

use crate::cases::Puzzle;
use crate::{ItemScore, Score};

/// One scored item of a test, as the report shows it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ItemReport {
    /// The item's name (`path`, `expanded`, `nodes_expanded`, `ran`, …).
    pub name: String,
    /// Whether the grader gives the point.
    pub passed: bool,
    /// The expected value (for form-only items, the form).
    pub expected: String,
    /// The program's value, `None` when missing or unreadable.
    pub got: Option<String>,
}

impl From<&ItemScore> for ItemReport {
    fn from(score: &ItemScore) -> ItemReport {
        ItemReport {
            name: score.item.name().to_owned(),
            passed: score.passed,
            expected: score.expected.clone(),
            got: score.got.clone(),
        }
    }
}

/// One test of a check.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct TestReport {
    /// The case's name.
    pub name: String,
    /// Its method (`bfs`) or letter (`B`).
    pub method: String,
    /// The board or the input file's text.
    pub input: String,
    /// Whether every item passed.
    pub passed: bool,
    /// The items, in the grader's order.
    pub items: Vec<ItemReport>,
    /// The first divergence in one line (`None` when nothing differs).
    pub first_divergence: Option<String>,
    /// The named rules that reproduce the program's output on this test.
    #[serde(default)]
    pub variants: Vec<String>,
    /// What went wrong with the run itself (a crash, a timeout), in plain words.
    #[serde(default)]
    pub problems: Vec<String>,
    /// The program's wall-clock time, in seconds.
    #[serde(default)]
    pub seconds: f64,
}

impl TestReport {
    /// A test's report from its score; `variants`, `problems` and `seconds` start empty.
    pub fn from_score(name: &str, method: &str, input: &str, score: &Score) -> TestReport {
        TestReport {
            name: name.to_owned(),
            method: method.to_owned(),
            input: input.to_owned(),
            passed: score.all_passed(),
            items: score.items.iter().map(ItemReport::from).collect(),
            first_divergence: score.first_divergence.as_ref().map(describe_divergence),
            variants: Vec::new(),
            problems: Vec::new(),
            seconds: 0.0,
        }
    }
}

/// The first divergence in one line: the item, and for a list the index and neighbours.
///
/// ```
/// use searchlab_check::{export::describe_divergence, read_digits, score_digits, DigitsExpected};
/// let expected = DigitsExpected::from_text("320,220,210,110\n320,220,420,310,210,110\n").unwrap();
/// let score = score_digits(&read_digits("320,220,210,110\n320,220,310,420,210,110\n"), &expected);
/// let line = describe_divergence(score.first_divergence.as_ref().unwrap());
/// assert_eq!(line, "expanded: entry 3 is 310, expected 420 (expected 320,220,420,310,210,110; got 320,220,310,420,210,110)");
/// ```
pub fn describe_divergence(d: &crate::Divergence) -> String {
    let show = |v: Option<&str>| v.map_or_else(|| "missing".to_owned(), str::to_owned);
    match &d.at {
        Some(at) => {
            let window = |w: &[String], len: usize| {
                let head = if at.window_start > 0 { "…," } else { "" };
                let tail = if at.window_start + w.len() < len { ",…" } else { "" };
                format!("{head}{}{tail}", w.join(","))
            };
            let got = at.got.as_deref().map_or_else(|| "missing (the list ends)".to_owned(), str::to_owned);
            format!(
                "{}: entry {} is {got}, expected {} (expected {}; got {})",
                d.item,
                at.index + 1,
                at.expected.as_deref().map_or_else(|| "nothing (the list ends)".to_owned(), str::to_owned),
                window(&at.expected_window, at.expected_len),
                window(&at.got_window, at.got_len),
            )
        }
        None => format!("{}: got {}, expected {}", d.item, show(d.got.as_deref()), d.expected),
    }
}

/// The results of one method or letter.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct MethodSummary {
    /// Tests passed.
    pub passed: usize,
    /// Tests run.
    pub total: usize,
    /// Combinations of named rules (`a+b`) consistent with every failed test of the method.
    #[serde(default)]
    pub variants: Vec<String>,
    /// Names of the format faults found.
    #[serde(default)]
    pub format: Vec<String>,
}

/// The summary of a check.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Summary {
    /// Tests passed.
    pub passed: usize,
    /// Tests run.
    pub total: usize,
    /// The named rules consistent with every failed test.
    #[serde(default)]
    pub variants: Vec<String>,
    /// Per method or letter.
    #[serde(default)]
    pub methods: BTreeMap<String, MethodSummary>,
}

/// A whole check: the shape of `searchlab check --json`.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct CheckReport {
    /// The puzzle checked.
    pub puzzle: Puzzle,
    /// The command that was checked (the template as given).
    pub command: String,
    /// Every test, in order.
    pub tests: Vec<TestReport>,
    /// The summary.
    pub summary: Summary,
}

impl CheckReport {
    /// A report of `tests` with the summary's counts (totals and per method) filled in;
    /// variants and format faults are left for the diagnosis to fill.
    pub fn new(puzzle: Puzzle, command: &str, tests: Vec<TestReport>) -> CheckReport {
        let mut summary = Summary { total: tests.len(), ..Summary::default() };
        for t in &tests {
            let m = summary.methods.entry(t.method.clone()).or_default();
            m.total += 1;
            if t.passed {
                m.passed += 1;
                summary.passed += 1;
            }
        }
        CheckReport { puzzle, command: command.to_owned(), tests, summary }
    }
}

/// Why an export could not be made.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// Serialising failed (a value JSON cannot hold).
    #[error("cannot write the {format} report: {reason}")]
    Render {
        /// The format.
        format: &'static str,
        /// Why.
        reason: String,
    },
    /// The file could not be written.
    #[error("cannot write {path}: {source}")]
    Io {
        /// The file.
        path: std::path::PathBuf,
        /// The operating system's reason.
        #[source]
        source: std::io::Error,
    },
}

/// A file format for a [`CheckReport`].
pub trait Exporter {
    /// The format's name (`junit`, `gradescope`).
    fn name(&self) -> &'static str;

    /// The file's contents.
    fn render(&self, report: &CheckReport) -> Result<String, ExportError>;

    /// Renders and writes to `path`.
    fn write(&self, report: &CheckReport, path: &Path) -> Result<(), ExportError> {
        let text = self.render(report)?;
        searchlab_files::write_atomically(path, |w| w.write_all(text.as_bytes()))
            .map_err(|e| ExportError::Io { path: path.to_path_buf(), source: e.source })
    }
}

#[cfg(test)]
mod tests;
