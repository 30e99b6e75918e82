//! `class.md`: the class at a glance in Markdown, rendered from the [`ClassSummary`] that
//! `class_summary.rs` computes (nothing is counted here). Every text of the class (names,
//! errors, test names, inputs, rules) is written literally ([`markdown_text`],
//! [`markdown_code`]): no student's name becomes HTML, a link or a table cell of its own.

use std::fmt::Write as _;

use super::class_summary::{one_line, NO_FAILURES, NO_RULES, NO_SCORES, NO_STOPS};
use super::class_summary::{
    ClassSummary, Scores, BINS, INPUTS_TITLE, RULES_TITLE, SCORES_TITLE, STOPS_TITLE, STUDENTS_TITLE,
};
use super::escape::{markdown_code, markdown_text};

impl ClassSummary {
    /// `class.md`: the summary in Markdown.
    pub fn markdown(&self) -> String {
        let mut out = String::from("# Class report\n\n");
        let _ = writeln!(out, "{}", self.headline());
        let _ = writeln!(out, "{}", self.sandbox_line());
        for n in &self.not_graded {
            let _ = writeln!(out, "- {} could not be graded: {}", markdown_text(&n.student), markdown_text(&n.error));
        }
        let _ = write!(out, "\n## {SCORES_TITLE}\n\n");
        match &self.scores {
            None => {
                let _ = writeln!(out, "{NO_SCORES}");
            }
            Some(scores) => {
                let _ = writeln!(out, "{}\n", scores.line());
                out.push_str("```\n");
                for (i, n) in scores.bins.iter().enumerate() {
                    let (low, high) = Scores::range(i);
                    let high = if i == BINS - 1 { format!("{high}]") } else { format!("{high:>3})") };
                    let line = format!("[{low:>3}, {high} {n:>3} {}", "#".repeat(*n));
                    let _ = writeln!(out, "{}", line.trim_end());
                }
                out.push_str("```\n");
            }
        }
        self.students_markdown(&mut out);
        let _ = write!(out, "\n## {RULES_TITLE}\n\n");
        if self.rules.is_empty() {
            let _ = writeln!(out, "{NO_RULES}");
        } else {
            out.push_str("| rule | students | what the program does |\n|---|---|---|\n");
            for r in &self.rules {
                let (rule, line) = (markdown_code(&r.rule), markdown_text(&r.explanation));
                let _ = writeln!(out, "| {rule} | {} | {line} |", r.students);
            }
        }
        let _ = write!(out, "\n## {INPUTS_TITLE}\n\n");
        if self.inputs.is_empty() {
            let _ = writeln!(out, "{NO_FAILURES}");
        } else {
            out.push_str("| test | input | students failing |\n|---|---|---|\n");
            for i in &self.inputs {
                let (name, input) = (markdown_text(&i.label()), markdown_code(&one_line(&i.input)));
                let _ = writeln!(out, "| {name} | {input} | {} |", i.students);
            }
        }
        let _ = write!(out, "\n## {STOPS_TITLE}\n\n");
        if self.stops.is_empty() {
            let _ = writeln!(out, "{NO_STOPS}");
        } else {
            out.push_str("| what | runs | students |\n|---|---|---|\n");
            for s in &self.stops {
                let _ = writeln!(out, "| {} | {} | {} |", markdown_text(&s.kind), s.runs, s.students);
            }
        }
        out
    }

    /// The students' table: a row per student, the scoring line above it.
    fn students_markdown(&self, out: &mut String) {
        let table = &self.table;
        if table.rows.is_empty() {
            return;
        }
        let _ = write!(out, "\n## {STUDENTS_TITLE}\n\n");
        if !table.scoring.is_empty() {
            let _ = writeln!(out, "{}\n", table.scoring);
        }
        let methods: Vec<String> = table.methods.iter().map(|m| format!(" {} |", markdown_text(m))).collect();
        let _ = writeln!(out, "| student | score (%) | points |{} rules | stopped |", methods.concat());
        let _ = writeln!(out, "|---|--:|--:|{}---|---|", "--:|".repeat(methods.len()));
        for row in &table.rows {
            let cells: Vec<String> = (0..table.methods.len()).map(|i| format!(" {} |", row.method_text(i))).collect();
            let rules = match &row.error {
                Some(error) => format!("could not be graded: {}", markdown_text(error)),
                None => row.rules.iter().map(|r| markdown_code(r)).collect::<Vec<_>>().join(", "),
            };
            let (name, stopped) = (markdown_text(&row.student), markdown_text(&row.stopped_text()));
            let _ = writeln!(
                out,
                "| {name} | {} | {} |{} {rules} | {stopped} |",
                row.percent_text(),
                row.points_text(),
                cells.concat()
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::class_summary::tests::{class, row};
    use super::*;
    use crate::cases::Puzzle;
    use crate::find_variant;
    use crate::grade::StudentResult;

    #[test]
    fn the_class_report_shows_the_summary() {
        let md = ClassSummary::of(Puzzle::Digits, &class(), &[]).markdown();
        assert!(md.contains("5 students (digits): 4 graded, 1 could not be graded."), "{md}");
        assert!(md.contains("Every program ran in the sandbox"), "{md}");
        assert!(md.contains("- eve could not be graded: no file t.py"), "{md}");
        // 100, 50, 25, 95 %: mean 67.5, median (50 + 95) / 2.
        assert!(md.contains("Mean 67.5 %, median 72.5 %."), "{md}");
        assert!(md.contains("[ 20,  30)   1 #\n"), "{md}");
        assert!(md.contains("[ 50,  60)   1 #\n"), "{md}");
        assert!(md.contains("[ 90, 100]   2 ##\n"), "{md}");
        let generation = find_variant(Puzzle::Digits, "goal-on-generation").unwrap().line;
        assert!(md.contains(&format!("| `goal-on-generation` | 2 | {generation} |")), "{md}");
        assert!(md.contains("| `children-reversed` | 1 |"), "{md}");
        // Each test with its method (the same name may be a test of each letter).
        assert!(md.contains("| t1 (B) | `in t1` | 3 |\n| t2 (B) | `in t2` | 1 |"), "{md}");
        // A row per student, a combination counting for each of its rules.
        assert!(md.contains("## Students\n\nEvery student is scored out of 40 points, on the same tests.\n"), "{md}");
        assert!(md.contains("| student | score (%) | points | rules | stopped |\n"), "{md}");
        assert!(
            md.contains("| carol | 25.0 | 10 of 40 | `goal-on-generation`, `children-reversed` | crash 3, timeout 1 |"),
            "{md}"
        );
        assert!(md.contains("| eve | - | - | could not be graded: no file t.py |  |"), "{md}");
        assert!(md.contains("| crash | 4 | 2 |\n| timeout | 1 | 1 |"), "{md}");
    }

    #[test]
    fn a_class_without_a_sandbox_says_so() {
        let mut alice = row("alice", 40.0, &[], &[], &[]);
        alice.sandboxed = false;
        let summary = ClassSummary::of(Puzzle::Npuzzle, &[alice], &[]);
        let md = summary.markdown();
        assert!(md.contains("Graded without a sandbox"), "{md}");
        assert!(md.contains("Mean 100.0 %, median 100.0 %."), "{md}");
        assert!(md.contains(NO_RULES) && md.contains(NO_FAILURES) && md.contains(NO_STOPS), "{md}");
        assert!(summary.rules.is_empty() && summary.inputs.is_empty() && summary.stops.is_empty());
    }

    #[test]
    fn names_errors_and_inputs_are_literal_markdown() {
        let mut carol = row("carol", 10.0, &["goal-on-generation"], &["t|1"], &[]);
        carol.failed[0].input = "`x` <b>\n".to_owned();
        let rows = [
            carol,
            StudentResult::failed_to_grade("<img src=x onerror=alert(1)>", "no file t.py", true),
            StudentResult::failed_to_grade("esc\u{1b}[31mred", "cannot copy work/esc\u{1b}[31mred: *no*", true),
            StudentResult::failed_to_grade("- [x](http://evil)", "<script>", true),
        ];
        let md = ClassSummary::of(Puzzle::Digits, &rows, &[]).markdown();
        assert!(md.contains("- &lt;img src=x onerror=alert(1)&gt; could not be graded: no file t.py\n"), "{md}");
        let esc = "esc\\\\x1B\\[31mred";
        assert!(md.contains(&format!("- {esc} could not be graded: cannot copy work/{esc}: \\*no\\*\n")), "{md}");
        assert!(md.contains("- \\- \\[x\\](http://evil) could not be graded: &lt;script&gt;\n"), "{md}");
        // In a code span the text is shown as it is: only a longer fence and `|` escaped.
        assert!(md.contains("| t\\|1 (B) | `` `x` <b>\\n `` | 1 |"), "{md}");
        assert!(!md.contains('\u{1b}') && !md.contains("<img") && !md.contains("<script"), "{md}");
    }

    #[test]
    fn a_class_nobody_could_be_graded_in_says_so() {
        let rows = [StudentResult::failed_to_grade("eve", "no file t.py", false)];
        let md = ClassSummary::of(Puzzle::Digits, &rows, &[]).markdown();
        assert!(md.contains(&format!("## {SCORES_TITLE}\n\n{NO_SCORES}\n")), "{md}");
        assert!(md.contains("- eve could not be graded: no file t.py\n"), "{md}");
    }
}
