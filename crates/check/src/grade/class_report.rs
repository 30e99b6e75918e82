//! `class.md`: the class at a glance in Markdown, rendered from the [`ClassSummary`] that
//! `class_summary.rs` computes (nothing is counted here).

use std::fmt::Write as _;

use super::class_summary::{one_line, NO_FAILURES, NO_RULES, NO_SCORES, NO_STOPS};
use super::class_summary::{ClassSummary, Scores, BINS, INPUTS_TITLE, RULES_TITLE, SCORES_TITLE, STOPS_TITLE};

impl ClassSummary {
    /// `class.md`: the summary in Markdown.
    pub fn markdown(&self) -> String {
        let mut out = String::from("# Class report\n\n");
        let _ = writeln!(out, "{}", self.headline());
        let _ = writeln!(out, "{}", self.sandbox_line());
        for n in &self.not_graded {
            let _ = writeln!(out, "- {} could not be graded: {}", n.student, n.error);
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
        let _ = write!(out, "\n## {RULES_TITLE}\n\n");
        if self.rules.is_empty() {
            let _ = writeln!(out, "{NO_RULES}");
        } else {
            out.push_str("| rule | students | what the program does |\n|---|---|---|\n");
            for r in &self.rules {
                let _ = writeln!(out, "| `{}` | {} | {} |", r.rule, r.students, cell(&r.explanation));
            }
        }
        let _ = write!(out, "\n## {INPUTS_TITLE}\n\n");
        if self.inputs.is_empty() {
            let _ = writeln!(out, "{NO_FAILURES}");
        } else {
            out.push_str("| test | input | students failing |\n|---|---|---|\n");
            for i in &self.inputs {
                let input = cell(&one_line(&i.input));
                let _ = writeln!(out, "| {} | `{input}` | {} |", cell(&i.name), i.students);
            }
        }
        let _ = write!(out, "\n## {STOPS_TITLE}\n\n");
        if self.stops.is_empty() {
            let _ = writeln!(out, "{NO_STOPS}");
        } else {
            out.push_str("| what | runs | students |\n|---|---|---|\n");
            for s in &self.stops {
                let _ = writeln!(out, "| {} | {} | {} |", s.kind, s.runs, s.students);
            }
        }
        out
    }
}

/// Text safe in a Markdown table cell: no `|`, no line break, no backquote.
fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace(['\n', '\r'], " ").replace('`', "'")
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
        let md = ClassSummary::of(Puzzle::Digits, &class()).markdown();
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
        assert!(md.contains("| t1 | `in t1` | 3 |\n| t2 | `in t2` | 1 |"), "{md}");
        assert!(md.contains("| crash | 4 | 2 |\n| timeout | 1 | 1 |"), "{md}");
    }

    #[test]
    fn a_class_without_a_sandbox_says_so() {
        let mut alice = row("alice", 40.0, &[], &[], &[]);
        alice.sandboxed = false;
        let summary = ClassSummary::of(Puzzle::Npuzzle, &[alice]);
        let md = summary.markdown();
        assert!(md.contains("Graded without a sandbox"), "{md}");
        assert!(md.contains("Mean 100.0 %, median 100.0 %."), "{md}");
        assert!(md.contains(NO_RULES) && md.contains(NO_FAILURES) && md.contains(NO_STOPS), "{md}");
        assert!(summary.rules.is_empty() && summary.inputs.is_empty() && summary.stops.is_empty());
    }

    #[test]
    fn a_class_nobody_could_be_graded_in_says_so() {
        let rows = [StudentResult::failed_to_grade("eve", "no file t.py", false)];
        let md = ClassSummary::of(Puzzle::Digits, &rows).markdown();
        assert!(md.contains(&format!("## {SCORES_TITLE}\n\n{NO_SCORES}\n")), "{md}");
        assert!(md.contains("- eve could not be graded: no file t.py\n"), "{md}");
    }
}
