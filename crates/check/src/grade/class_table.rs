//! The class as a table, a row per student: the score, passed/total per method or letter,
//! the rules named (a combination `a+b` counts for each of its rules) and what stopped runs;
//! and the line that says out of how many points every student is scored. `class.md` and
//! `class.html` both render it.

use super::gradebook::{method_columns, points, StudentResult};

/// One student's row.
#[derive(Debug, Clone, PartialEq)]
pub struct StudentLine {
    /// The student (or pseudonym).
    pub student: String,
    /// The score in percent (`None` when not graded or no test was worth anything).
    pub percent: Option<f64>,
    /// Points earned.
    pub score: f64,
    /// Points the scored tests were worth.
    pub max_score: f64,
    /// Per column of [`ClassTable::methods`]: tests passed and run (`None`: not run).
    pub methods: Vec<Option<(usize, usize)>>,
    /// Each rule named, alone or in a combination, once.
    pub rules: Vec<String>,
    /// What stopped runs and how many times (`crash 3`).
    pub stopped: Vec<(String, usize)>,
    /// Why the student could not be graded.
    pub error: Option<String>,
}

/// The table: its method columns and a row per student, in the gradebook's order.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClassTable {
    /// The methods or letters, in the course's order.
    pub methods: Vec<String>,
    /// The students.
    pub rows: Vec<StudentLine>,
    /// The line on what every student is scored out of.
    pub scoring: String,
}

impl StudentLine {
    /// The score in percent with one decimal (`62.5`), or `-` when not graded.
    pub fn percent_text(&self) -> String {
        self.percent.map_or_else(|| "-".to_owned(), |p| format!("{p:.1}"))
    }

    /// `25 of 40`, or `-` when not graded.
    pub fn points_text(&self) -> String {
        match self.error {
            Some(_) => "-".to_owned(),
            None => format!("{} of {}", points(self.score), points(self.max_score)),
        }
    }

    /// The column's `passed/total` (`3/5`), empty when the method did not run.
    pub fn method_text(&self, column: usize) -> String {
        self.methods.get(column).copied().flatten().map_or_else(String::new, |(p, t)| format!("{p}/{t}"))
    }

    /// What stopped runs: `crash 3, timeout 1`.
    pub fn stopped_text(&self) -> String {
        self.stopped.iter().map(|(kind, n)| format!("{kind} {n}")).collect::<Vec<_>>().join(", ")
    }
}

impl ClassTable {
    /// The table of `rows`, its columns in the order of `methods` (then any other).
    pub fn of(rows: &[StudentResult], methods: &[String]) -> ClassTable {
        let methods = method_columns(rows, methods);
        let lines = rows.iter().map(|r| line(r, &methods)).collect();
        ClassTable { scoring: scoring(rows), methods, rows: lines }
    }
}

/// Every rule a row names, a combination split into its rules, each once.
pub fn rules_of(row: &StudentResult) -> Vec<String> {
    let mut named: Vec<String> = Vec::new();
    for rule in row.rules.iter().flat_map(|r| r.split('+')) {
        if !named.iter().any(|n| n == rule) {
            named.push(rule.to_owned());
        }
    }
    named
}

fn line(row: &StudentResult, methods: &[String]) -> StudentLine {
    let graded = row.error.is_none() && row.max_score > 0.0;
    StudentLine {
        student: row.student.clone(),
        percent: graded.then(|| 100.0 * row.score / row.max_score),
        score: row.score,
        max_score: row.max_score,
        methods: methods.iter().map(|m| row.methods.get(m).copied()).collect(),
        rules: rules_of(row),
        stopped: row.stopped.iter().map(|(k, n)| (k.clone(), *n)).collect(),
        error: row.error.clone(),
    }
}

/// Out of how many points the graded students are scored, and why it differs where it does.
fn scoring(rows: &[StudentResult]) -> String {
    let graded: Vec<&StudentResult> = rows.iter().filter(|r| r.error.is_none()).collect();
    let Some(first) = graded.first() else {
        return String::new();
    };
    let (low, high) = graded
        .iter()
        .fold((first.max_score, first.max_score), |(lo, hi), r| (lo.min(r.max_score), hi.max(r.max_score)));
    let extra: usize = graded.iter().map(|r| r.unscored).sum();
    let drawn = graded.iter().filter(|r| r.unscored > 0).count();
    let who = match drawn {
        0 => String::new(),
        1 => " One program's diagnosis".to_owned(),
        n => format!(" {n} programs' diagnoses"),
    };
    let later = if drawn == 0 {
        who
    } else {
        format!(
            "{who} drew {extra} further random cases: reported, not scored (--thorough runs and scores every case)."
        )
    };
    if low == high {
        return format!("Every student is scored out of {} points, on the same tests.{later}", points(high));
    }
    format!(
        "Max scores differ ({} to {} points): these students were graded with different options \
         or suites (the summaries of graded folders merged); their percentages compare.{later}",
        points(low),
        points(high)
    )
}

#[cfg(test)]
mod tests {
    use super::super::class_summary::tests::class;
    use super::*;

    #[test]
    fn every_student_has_a_row_and_combinations_count_for_each_rule() {
        let mut rows = class();
        rows[1].methods.insert("B".to_owned(), (3, 5));
        rows[2].unscored = 7;
        let table = ClassTable::of(&rows, &["D".to_owned(), "B".to_owned()]);
        assert_eq!(table.methods, ["B"]);
        let names: Vec<&str> = table.rows.iter().map(|r| r.student.as_str()).collect();
        assert_eq!(names, ["alice", "bob", "carol", "dan", "eve"]);
        assert_eq!(table.rows[1].methods, [Some((3, 5))]);
        assert_eq!(table.rows[0].methods, [None]);
        assert_eq!(table.rows[2].rules, ["goal-on-generation", "children-reversed"]);
        assert_eq!(table.rows[2].percent, Some(25.0));
        assert_eq!(table.rows[4].percent, None);
        assert_eq!(table.rows[2].stopped, [("crash".to_owned(), 3), ("timeout".to_owned(), 1)]);
        assert_eq!(
            table.scoring,
            "Every student is scored out of 40 points, on the same tests. One program's diagnosis drew 7 \
             further random cases: reported, not scored (--thorough runs and scores every case)."
        );
    }

    #[test]
    fn different_max_scores_are_said_with_why() {
        let mut rows = class();
        rows[0].max_score = 80.0;
        let table = ClassTable::of(&rows, &[]);
        assert!(table.scoring.starts_with("Max scores differ (40 to 80 points): "), "{}", table.scoring);
        assert!(ClassTable::of(&rows[4..], &[]).scoring.is_empty());
    }
}
