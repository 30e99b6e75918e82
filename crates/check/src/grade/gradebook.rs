//! One student's grade in a few numbers ([`StudentResult`], kept as `summary.json` for
//! `--resume`) and the class's `gradebook.csv`, a row per student.

use std::borrow::Cow;
use std::collections::BTreeMap;

use super::escape::csv_cell;
use crate::cases::Puzzle;
use crate::report::export::test_points;
use crate::CheckReport;

/// A test a student's program failed: its name, method and input in one line.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub struct FailedTest {
    /// The case's name.
    pub name: String,
    /// The method or letter (empty in a summary written before it was kept).
    #[serde(default)]
    pub method: String,
    /// The input in one line.
    pub input: String,
}

/// What the gradebook and the class report need of one student.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct StudentResult {
    /// The student's folder name.
    pub student: String,
    /// Gradescope points earned.
    pub score: f64,
    /// Gradescope points the tests run were worth.
    pub max_score: f64,
    /// Tests passed.
    pub passed: usize,
    /// Tests run.
    pub total: usize,
    /// Per method or letter: (passed, total).
    pub methods: BTreeMap<String, (usize, usize)>,
    /// The rules (combinations `a+b`) the summary names.
    pub rules: Vec<String>,
    /// What stopped runs (`timeout`, `memory`, `crash`, …) and how many times.
    pub stopped: BTreeMap<String, usize>,
    /// The tests failed.
    pub failed: Vec<FailedTest>,
    /// Tests run for a diagnosis only, reported but not scored ([`crate::TestReport::diagnosis_only`]).
    #[serde(default)]
    pub unscored: usize,
    /// Why the student could not be graded; every count is then 0.
    pub error: Option<String>,
    /// Whether the programs ran in the sandbox.
    pub sandboxed: bool,
}

impl StudentResult {
    /// The row of a student graded from `report`.
    pub fn from_report(student: &str, report: &CheckReport, sandboxed: bool) -> StudentResult {
        let mut result = StudentResult {
            student: student.to_owned(),
            passed: report.summary.passed,
            total: report.summary.total,
            rules: report.summary.variants.clone(),
            sandboxed,
            ..StudentResult::default()
        };
        for (method, m) in &report.summary.methods {
            result.methods.insert(method.clone(), (m.passed, m.total));
        }
        for test in &report.tests {
            result.unscored += usize::from(test.diagnosis_only);
            let (earned, worth) = test_points(report.puzzle, test);
            result.score += earned;
            result.max_score += worth;
            if let Some(kind) = &test.stopped {
                *result.stopped.entry(kind.clone()).or_default() += 1;
            }
            if !test.passed {
                result.failed.push(FailedTest {
                    name: test.name.clone(),
                    method: test.method.clone(),
                    input: test.input.clone(),
                });
            }
        }
        result
    }

    /// The row of a student who could not be graded, and why.
    pub fn failed_to_grade(student: &str, error: &str, sandboxed: bool) -> StudentResult {
        StudentResult {
            student: student.to_owned(),
            error: Some(error.to_owned()),
            sandboxed,
            ..StudentResult::default()
        }
    }
}

/// The points a test of `puzzle` is worth: 8 N-puzzle items at 0.75 (10 in the 2017 edition),
/// or 2 3-digit lines at 1.
pub fn points_per_test(puzzle: Puzzle, fringe_lines: bool) -> f64 {
    let checked = puzzle.checked();
    checked.item_weight() * checked.items_per_test(fringe_lines) as f64
}

/// A number of points without a needless `.0`: `57`, `40.5`, `5.25`.
pub fn points(value: f64) -> String {
    let rounded = (value * 100.0).round() / 100.0;
    if rounded.fract() == 0.0 {
        format!("{rounded:.0}")
    } else {
        rounded.to_string()
    }
}

/// The methods or letters some row has, in the order of `methods`, then any other.
pub fn method_columns(rows: &[StudentResult], methods: &[String]) -> Vec<String> {
    let mut columns: Vec<String> =
        methods.iter().filter(|m| rows.iter().any(|r| r.methods.contains_key(*m))).cloned().collect();
    for row in rows {
        for method in row.methods.keys() {
            if !columns.contains(method) {
                columns.push(method.clone());
            }
        }
    }
    columns
}

/// `gradebook.csv`: columns `student, score, max_score, passed, total`, one per method or
/// letter some row has (`passed/total`, in the order of `methods`, then any other), `rules`
/// (`;`-separated), `stopped` (`timeout:2;crash:3`), `error` and `sandbox` (`yes` or `no`).
/// Text cells (the names and errors above all) go through [`csv_cell`]: a spreadsheet shows
/// them and never computes them; the numbers are written as they are.
pub fn gradebook_csv(rows: &[StudentResult], methods: &[String]) -> Result<String, csv::Error> {
    let columns = method_columns(rows, methods);
    let mut out = csv::Writer::from_writer(Vec::new());
    let mut header: Vec<Cow<str>> = ["student", "score", "max_score", "passed", "total"].map(Cow::from).to_vec();
    header.extend(columns.iter().map(|m| csv_cell(m)));
    header.extend(["rules", "stopped", "error", "sandbox"].map(Cow::from));
    out.write_record(header.iter().map(|h| h.as_bytes()))?;
    for row in rows {
        let mut record = vec![
            csv_cell(&row.student).into_owned(),
            points(row.score),
            points(row.max_score),
            row.passed.to_string(),
            row.total.to_string(),
        ];
        for method in &columns {
            record.push(row.methods.get(method).map_or_else(String::new, |(p, t)| format!("{p}/{t}")));
        }
        record.push(csv_cell(&row.rules.join(";")).into_owned());
        let stopped: Vec<String> = row.stopped.iter().map(|(kind, n)| format!("{kind}:{n}")).collect();
        record.push(csv_cell(&stopped.join(";")).into_owned());
        record.push(csv_cell(row.error.as_deref().unwrap_or_default()).into_owned());
        record.push(if row.sandboxed { "yes" } else { "no" }.to_owned());
        out.write_record(&record)?;
    }
    let bytes = out.into_inner().map_err(|e| csv::Error::from(e.into_error()))?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{read_digits, score_digits, DigitsExpected, TestReport};

    const RIGHT: &str = "320,220,210,110\n320,220,420,310,210,110\n";

    fn test(name: &str, method: &str, output: &str) -> TestReport {
        let expected = DigitsExpected::from_text(RIGHT).unwrap();
        TestReport::from_score(name, method, "320\n110\n", &score_digits(&read_digits(output), &expected))
    }

    /// A 3-digit report: B passes twice, fails once on the expanded line; A crashes once.
    pub(crate) fn report() -> CheckReport {
        let mut crash = test("c-A", "A", "");
        crash.stopped = Some("crash".to_owned());
        let tests = vec![
            test("a-B", "B", RIGHT),
            test("b-B", "B", RIGHT),
            test("c-B", "B", "320,220,210,110\n320,220,310,420,210,110\n"),
            crash,
        ];
        let mut report = CheckReport::new(Puzzle::Digits, "python3 t.py {letter} {file}", tests);
        report.summary.variants =
            vec!["goal-on-generation".to_owned(), "ties-first-added+children-reversed".to_owned()];
        report
    }

    #[test]
    fn a_row_counts_points_tests_and_stops() {
        let row = StudentResult::from_report("alice", &report(), true);
        // Two lines at 1 point: 2 + 2 + 1 (path right) + 0 of 4 tests × 2.
        assert_eq!((row.score, row.max_score, row.passed, row.total), (5.0, 8.0, 2, 4));
        assert_eq!(row.methods["B"], (2, 3));
        assert_eq!(row.methods["A"], (0, 1));
        assert_eq!(row.stopped.get("crash"), Some(&1));
        assert_eq!(row.failed.iter().map(|f| f.name.as_str()).collect::<Vec<_>>(), ["c-B", "c-A"]);
    }

    #[test]
    fn the_gradebook_has_a_row_per_student() {
        let rows = vec![
            StudentResult::from_report("alice", &report(), true),
            StudentResult::failed_to_grade("bob, jr", "cannot start `python3 t.py`: there is no file t.py", true),
        ];
        let letters: Vec<String> = ["B", "D", "A"].map(str::to_owned).to_vec();
        let csv = gradebook_csv(&rows, &letters).unwrap();
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines[0], "student,score,max_score,passed,total,B,A,rules,stopped,error,sandbox");
        assert_eq!(
            lines[1],
            "alice,5,8,2,4,2/3,0/1,goal-on-generation;ties-first-added+children-reversed,crash:1,,yes"
        );
        assert_eq!(lines[2], "\"bob, jr\",0,0,0,0,,,,,cannot start `python3 t.py`: there is no file t.py,yes");
        assert_eq!(lines.len(), 3);
    }

    #[test]
    fn names_and_errors_cannot_be_formulas_or_escapes() {
        let hyperlink = "=HYPERLINK(\"http://evil\",\"x\")";
        let mut minus = StudentResult::failed_to_grade("-2", "@SUM(A1)", false);
        minus.stopped.insert("+crash".to_owned(), 1);
        let rows = vec![
            StudentResult::failed_to_grade(hyperlink, "cannot copy esc\u{1b}[31mred", true),
            minus,
            StudentResult::from_report("\tX\u{9b}", &report(), true),
        ];
        let csv = gradebook_csv(&rows, &["B".to_owned()]).unwrap();
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(
            lines[1],
            "\"'=HYPERLINK(\"\"http://evil\"\",\"\"x\"\")\",0,0,0,0,,,,,cannot copy esc\\x1B[31mred,yes"
        );
        assert_eq!(lines[2], "'-2,0,0,0,0,,,,'+crash:1,'@SUM(A1),no");
        // The numbers stay numbers; the name loses its tab and its C1 character.
        assert!(lines[3].starts_with("'\\x09X\\x9B,5,8,2,4,2/3,0/1,"), "{}", lines[3]);
        let mut reader = csv::Reader::from_reader(csv.as_bytes());
        let students: Vec<String> = reader.records().map(|r| r.unwrap()[0].to_owned()).collect();
        assert_eq!(students, [format!("'{hyperlink}"), "'-2".to_owned(), "'\\x09X\\x9B".to_owned()]);
    }

    #[test]
    fn points_per_test_are_the_courses() {
        assert_eq!(points_per_test(Puzzle::Npuzzle, false), 6.0);
        assert_eq!(points_per_test(Puzzle::Npuzzle, true), 7.5);
        assert_eq!(points_per_test(Puzzle::Digits, false), 2.0);
        assert_eq!((points(57.0), points(40.5), points(5.25)), ("57".to_owned(), "40.5".to_owned(), "5.25".to_owned()));
    }
}
