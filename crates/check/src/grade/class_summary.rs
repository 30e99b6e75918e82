//! The class at a glance as numbers: [`ClassSummary`], computed once from the students' rows
//! (a pure function, so a resumed grading finds the same). `class.md` is rendered from it
//! (`class_report.rs`), and so are `class.html` and its plots (searchlab-report's `class_page`).

use std::collections::BTreeMap;

use super::class_table::{rules_of, ClassTable};
use super::gradebook::StudentResult;
use crate::cases::Puzzle;
use crate::find_variant;

/// How many of the inputs most programs fail on are listed.
pub const TOP_INPUTS: usize = 10;
/// How many bins the score distribution has (10 % each).
pub const BINS: usize = 10;

/// The title of the scores' section (class.md's `##` headings are the four titles).
pub const SCORES_TITLE: &str = "Scores";
/// The title of the students' table.
pub const STUDENTS_TITLE: &str = "Students";
/// The title of the rules' section.
pub const RULES_TITLE: &str = "Rules the programs follow instead of the grader's";
/// The title of the inputs' section.
pub const INPUTS_TITLE: &str = "Inputs most programs fail on";
/// The title of the stops' section.
pub const STOPS_TITLE: &str = "What stopped runs";

/// What the scores' section says when no student was graded.
pub const NO_SCORES: &str = "No student was graded.";
/// What the rules' section says when no summary names a rule.
pub const NO_RULES: &str = "No summary names a rule.";
/// What the inputs' section says when no graded program failed a test.
pub const NO_FAILURES: &str = "Every graded program passed every test.";
/// What the stops' section says when no run was stopped.
pub const NO_STOPS: &str = "No run was stopped: no timeout, crash or limit.";

/// The class's numbers: how many students and how they were run, the distribution of score
/// percentages, the rules the students' summaries name, the inputs most programs fail on and
/// what stopped runs. Made once by [`ClassSummary::of`]; every rendering reads it.
#[derive(Debug, Clone, PartialEq)]
pub struct ClassSummary {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Students in all.
    pub students: usize,
    /// Students graded (their program could be run).
    pub graded: usize,
    /// Students whose programs ran without the sandbox.
    pub unsandboxed: usize,
    /// The students who could not be graded, by name, and why.
    pub not_graded: Vec<NotGraded>,
    /// The graded students' score percentages; `None` when no test was worth anything.
    pub scores: Option<Scores>,
    /// Each rule the graded students' summaries name, most students first.
    pub rules: Vec<RuleCount>,
    /// The [`TOP_INPUTS`] tests most graded programs fail, most students first.
    pub inputs: Vec<InputCount>,
    /// What stopped runs, by kind (`crash`, `timeout`, …) in alphabetical order.
    pub stops: Vec<StopCount>,
    /// A row per student, and what every student is scored out of.
    pub table: ClassTable,
}

/// A student who could not be graded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotGraded {
    /// The student (or pseudonym).
    pub student: String,
    /// Why.
    pub error: String,
}

/// The distribution of score percentages.
#[derive(Debug, Clone, PartialEq)]
pub struct Scores {
    /// How many percentages.
    pub count: usize,
    /// Their mean, in percent.
    pub mean: f64,
    /// Their median, in percent.
    pub median: f64,
    /// Students per 10 % bin: `[0, 10)`, `[10, 20)`, …, `[90, 100]`.
    pub bins: [usize; BINS],
}

impl Scores {
    /// The bounds in percent of bin `i`: `(10 i, 10 (i + 1))`, the last one closed.
    pub fn range(i: usize) -> (usize, usize) {
        (i * 10, (i + 1) * 10)
    }

    /// `Mean 67.5 %, median 72.5 %.`
    pub fn line(&self) -> String {
        format!("Mean {:.1} %, median {:.1} %.", self.mean, self.median)
    }
}

/// How many students' summaries name a rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleCount {
    /// The rule's name (`goal-on-generation`).
    pub rule: String,
    /// Students whose summary names it, alone or in a combination.
    pub students: usize,
    /// What a program following it does, in one line (empty for a rule not known).
    pub explanation: String,
}

/// How many students fail a test.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputCount {
    /// The test's name.
    pub name: String,
    /// Its method or letter.
    pub method: String,
    /// Its input as the student's row has it.
    pub input: String,
    /// Graded students who fail it.
    pub students: usize,
}

impl InputCount {
    /// The test's name with its method where the name does not carry it: `case-06 (A)`,
    /// `random-007-bfs`.
    pub fn label(&self) -> String {
        if self.method.is_empty() || self.name.ends_with(&format!("-{}", self.method)) {
            self.name.clone()
        } else {
            format!("{} ({})", self.name, self.method)
        }
    }
}

/// What stopped runs of one kind.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StopCount {
    /// `timeout`, `memory`, `crash`, …
    pub kind: String,
    /// Runs stopped so.
    pub runs: usize,
    /// Students with such a run.
    pub students: usize,
}

impl ClassSummary {
    /// The numbers of the class of `rows`, graded on `methods` (the table's columns' order).
    pub fn of(puzzle: Puzzle, rows: &[StudentResult], methods: &[String]) -> ClassSummary {
        let graded: Vec<&StudentResult> = rows.iter().filter(|r| r.error.is_none()).collect();
        let not_graded = rows
            .iter()
            .filter_map(|r| r.error.as_ref().map(|e| NotGraded { student: r.student.clone(), error: e.clone() }))
            .collect();
        ClassSummary {
            puzzle,
            students: rows.len(),
            graded: graded.len(),
            unsandboxed: rows.iter().filter(|r| !r.sandboxed).count(),
            not_graded,
            scores: scores(&graded),
            rules: rules(puzzle, &graded),
            inputs: inputs(&graded),
            stops: stops(&graded),
            table: ClassTable::of(rows, methods),
        }
    }

    /// `5 students (digits): 4 graded, 1 could not be graded.`
    pub fn headline(&self) -> String {
        format!(
            "{} students ({}): {} graded, {} could not be graded.",
            self.students,
            self.puzzle,
            self.graded,
            self.students - self.graded
        )
    }

    /// Whether the programs ran in the sandbox, in one sentence.
    pub fn sandbox_line(&self) -> String {
        match self.unsandboxed {
            0 => "Every program ran in the sandbox (bubblewrap).".to_owned(),
            n if n == self.students => "Graded without a sandbox: the programs ran as the grader's user.".to_owned(),
            n => format!("{n} students were graded without a sandbox, the others in it."),
        }
    }
}

/// An input in one line, its line breaks and other control characters escaped (`320\n110\n`).
pub fn one_line(input: &str) -> String {
    input.escape_debug().to_string()
}

/// The distribution of the graded students' score percentages (those whose tests are worth
/// something).
fn scores(rows: &[&StudentResult]) -> Option<Scores> {
    let mut values: Vec<f64> =
        rows.iter().filter(|r| r.max_score > 0.0).map(|r| 100.0 * r.score / r.max_score).collect();
    if values.is_empty() {
        return None;
    }
    values.sort_by(f64::total_cmp);
    let mean = values.iter().sum::<f64>() / values.len() as f64;
    let mid = values.len() / 2;
    let median = if values.len() % 2 == 0 { (values[mid - 1] + values[mid]) / 2.0 } else { values[mid] };
    let mut bins = [0usize; BINS];
    for v in &values {
        bins[((v / 10.0).floor() as usize).min(BINS - 1)] += 1;
    }
    Some(Scores { count: values.len(), mean, median, bins })
}

/// Each rule named (alone or in a combination `a+b`) and how many students name it.
fn rules(puzzle: Puzzle, rows: &[&StudentResult]) -> Vec<RuleCount> {
    let mut count: BTreeMap<String, usize> = BTreeMap::new();
    for row in rows {
        for rule in rules_of(row) {
            *count.entry(rule).or_default() += 1;
        }
    }
    let mut sorted: Vec<(String, usize)> = count.into_iter().collect();
    sorted.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    sorted
        .into_iter()
        .map(|(rule, students)| RuleCount {
            explanation: find_variant(puzzle, &rule).map_or("", |v| v.line).to_owned(),
            rule,
            students,
        })
        .collect()
}

/// The tests most students fail, each student counted once a test.
fn inputs(rows: &[&StudentResult]) -> Vec<InputCount> {
    type Key<'a> = (&'a str, &'a str, &'a str);
    let mut count: BTreeMap<Key<'_>, usize> = BTreeMap::new();
    for row in rows {
        let mut failed: Vec<Key<'_>> =
            row.failed.iter().map(|f| (f.name.as_str(), f.method.as_str(), f.input.as_str())).collect();
        failed.sort_unstable();
        failed.dedup();
        for key in failed {
            *count.entry(key).or_default() += 1;
        }
    }
    let mut sorted: Vec<(Key<'_>, usize)> = count.into_iter().collect();
    sorted.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    sorted
        .into_iter()
        .take(TOP_INPUTS)
        .map(|((name, method, input), students)| InputCount {
            name: name.to_owned(),
            method: method.to_owned(),
            input: input.to_owned(),
            students,
        })
        .collect()
}

/// The runs stopped and the students with one, by kind.
fn stops(rows: &[&StudentResult]) -> Vec<StopCount> {
    let mut count: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    for row in rows {
        for (kind, n) in &row.stopped {
            let entry = count.entry(kind).or_default();
            entry.0 += n;
            entry.1 += 1;
        }
    }
    count.into_iter().map(|(kind, (runs, students))| StopCount { kind: kind.to_owned(), runs, students }).collect()
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::grade::gradebook::FailedTest;

    /// A graded student scoring `score` of 40 points.
    pub(crate) fn row(
        name: &str,
        score: f64,
        rules: &[&str],
        failed: &[&str],
        stopped: &[(&str, usize)],
    ) -> StudentResult {
        StudentResult {
            student: name.to_owned(),
            score,
            max_score: 40.0,
            passed: 0,
            total: 20,
            rules: rules.iter().map(|r| (*r).to_owned()).collect(),
            failed: failed
                .iter()
                .map(|f| FailedTest { name: (*f).to_owned(), method: "B".to_owned(), input: format!("in {f}") })
                .collect(),
            stopped: stopped.iter().map(|(k, n)| ((*k).to_owned(), *n)).collect(),
            sandboxed: true,
            ..StudentResult::default()
        }
    }

    /// Five students: four graded (100, 50, 25 and 95 %), one who could not be.
    pub(crate) fn class() -> Vec<StudentResult> {
        vec![
            row("alice", 40.0, &[], &[], &[]),
            row("bob", 20.0, &["goal-on-generation"], &["t1", "t2"], &[]),
            row("carol", 10.0, &["goal-on-generation+children-reversed"], &["t1"], &[("crash", 3), ("timeout", 1)]),
            row("dan", 38.0, &[], &["t1"], &[("crash", 1)]),
            StudentResult::failed_to_grade("eve", "no file t.py", true),
        ]
    }

    #[test]
    fn the_summary_counts_scores_rules_inputs_and_stops() {
        let summary = ClassSummary::of(Puzzle::Digits, &class(), &[]);
        assert_eq!((summary.students, summary.graded, summary.unsandboxed), (5, 4, 0));
        assert_eq!(summary.not_graded, [NotGraded { student: "eve".into(), error: "no file t.py".into() }]);
        let scores = summary.scores.as_ref().unwrap();
        assert_eq!((scores.count, scores.mean, scores.median), (4, 67.5, 72.5));
        assert_eq!(scores.bins, [0, 0, 1, 0, 0, 1, 0, 0, 0, 2]);
        let rules: Vec<(&str, usize)> = summary.rules.iter().map(|r| (r.rule.as_str(), r.students)).collect();
        assert_eq!(rules, [("goal-on-generation", 2), ("children-reversed", 1)]);
        assert_eq!(summary.rules[0].explanation, find_variant(Puzzle::Digits, "goal-on-generation").unwrap().line);
        let inputs: Vec<(&str, usize)> = summary.inputs.iter().map(|i| (i.name.as_str(), i.students)).collect();
        assert_eq!(inputs, [("t1", 3), ("t2", 1)]);
        let stops: Vec<(&str, usize, usize)> =
            summary.stops.iter().map(|s| (s.kind.as_str(), s.runs, s.students)).collect();
        assert_eq!(stops, [("crash", 4, 2), ("timeout", 1, 1)]);
    }

    #[test]
    fn a_class_nobody_could_be_graded_in_has_no_scores() {
        let rows = [StudentResult::failed_to_grade("eve", "no file t.py", false)];
        let summary = ClassSummary::of(Puzzle::Digits, &rows, &[]);
        assert_eq!(summary.scores, None);
        assert_eq!(summary.sandbox_line(), "Graded without a sandbox: the programs ran as the grader's user.");
        // A multi-line input is one line in a table.
        assert_eq!(one_line("320\n110\n"), "320\\n110\\n");
    }
}
