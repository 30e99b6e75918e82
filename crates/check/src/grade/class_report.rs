//! `class.md`: the class at a glance, made from the students' rows alone (a pure function, so
//! a resumed grading writes the same report).

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::gradebook::StudentResult;
use crate::cases::Puzzle;
use crate::find_variant;

/// How many of the inputs most programs fail on are listed.
const TOP_INPUTS: usize = 10;

/// The class report in Markdown: how many students and how they were run, the distribution of
/// score percentages (10 % bins, mean, median), the rules the students' summaries name (with
/// each rule's one-line explanation), the inputs most programs fail on and what stopped runs.
pub fn class_report(puzzle: Puzzle, rows: &[StudentResult]) -> String {
    let mut out = String::from("# Class report\n\n");
    let graded: Vec<&StudentResult> = rows.iter().filter(|r| r.error.is_none()).collect();
    let _ = writeln!(
        out,
        "{} students ({puzzle}): {} graded, {} could not be graded.",
        rows.len(),
        graded.len(),
        rows.len() - graded.len()
    );
    let unsandboxed = rows.iter().filter(|r| !r.sandboxed).count();
    out.push_str(&match unsandboxed {
        0 => "Every program ran in the sandbox (bubblewrap).\n".to_owned(),
        n if n == rows.len() => "Graded without a sandbox: the programs ran as the grader's user.\n".to_owned(),
        n => format!("{n} students were graded without a sandbox, the others in it.\n"),
    });
    for row in rows.iter().filter(|r| r.error.is_some()) {
        let _ = writeln!(out, "- {} could not be graded: {}", row.student, row.error.as_deref().unwrap_or(""));
    }
    distribution(&mut out, &graded);
    rules(&mut out, puzzle, &graded);
    inputs(&mut out, &graded);
    stopped(&mut out, &graded);
    out
}

/// Score percentages of the graded students (those whose tests are worth something).
fn percentages(rows: &[&StudentResult]) -> Vec<f64> {
    rows.iter().filter(|r| r.max_score > 0.0).map(|r| 100.0 * r.score / r.max_score).collect()
}

fn distribution(out: &mut String, rows: &[&StudentResult]) {
    out.push_str("\n## Scores\n\n");
    let mut values = percentages(rows);
    if values.is_empty() {
        out.push_str("No student was graded.\n");
        return;
    }
    values.sort_by(f64::total_cmp);
    let mean = values.iter().sum::<f64>() / values.len() as f64;
    let mid = values.len() / 2;
    let median = if values.len() % 2 == 0 { (values[mid - 1] + values[mid]) / 2.0 } else { values[mid] };
    let _ = writeln!(out, "Mean {mean:.1} %, median {median:.1} %.\n");
    let mut bins = [0usize; 10];
    for v in &values {
        bins[((v / 10.0).floor() as usize).min(9)] += 1;
    }
    out.push_str("```\n");
    for (i, n) in bins.iter().enumerate() {
        let high = if i == 9 { "100]".to_owned() } else { format!("{:>3})", (i + 1) * 10) };
        let line = format!("[{:>3}, {high} {:>3} {}", i * 10, n, "#".repeat(*n));
        let _ = writeln!(out, "{}", line.trim_end());
    }
    out.push_str("```\n");
}

fn rules(out: &mut String, puzzle: Puzzle, rows: &[&StudentResult]) {
    out.push_str("\n## Rules the programs follow instead of the grader's\n\n");
    let mut count: BTreeMap<&str, usize> = BTreeMap::new();
    for row in rows {
        let mut named: Vec<&str> = row.rules.iter().flat_map(|r| r.split('+')).collect();
        named.sort_unstable();
        named.dedup();
        for rule in named {
            *count.entry(rule).or_default() += 1;
        }
    }
    if count.is_empty() {
        out.push_str("No summary names a rule.\n");
        return;
    }
    let mut sorted: Vec<(&str, usize)> = count.into_iter().collect();
    sorted.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    out.push_str("| rule | students | what the program does |\n|---|---|---|\n");
    for (rule, n) in sorted {
        let line = find_variant(puzzle, rule).map_or("", |v| v.line);
        let _ = writeln!(out, "| `{rule}` | {n} | {} |", cell(line));
    }
}

fn inputs(out: &mut String, rows: &[&StudentResult]) {
    out.push_str("\n## Inputs most programs fail on\n\n");
    let mut count: BTreeMap<(&str, &str), usize> = BTreeMap::new();
    for row in rows {
        let mut failed: Vec<(&str, &str)> = row.failed.iter().map(|f| (f.name.as_str(), f.input.as_str())).collect();
        failed.sort_unstable();
        failed.dedup();
        for key in failed {
            *count.entry(key).or_default() += 1;
        }
    }
    if count.is_empty() {
        out.push_str("Every graded program passed every test.\n");
        return;
    }
    let mut sorted: Vec<((&str, &str), usize)> = count.into_iter().collect();
    sorted.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    out.push_str("| test | input | students failing |\n|---|---|---|\n");
    for ((name, input), n) in sorted.into_iter().take(TOP_INPUTS) {
        let _ = writeln!(out, "| {} | `{}` | {n} |", cell(name), cell(&input.escape_debug().to_string()));
    }
}

fn stopped(out: &mut String, rows: &[&StudentResult]) {
    out.push_str("\n## What stopped runs\n\n");
    let mut count: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    for row in rows {
        for (kind, n) in &row.stopped {
            let entry = count.entry(kind).or_default();
            entry.0 += n;
            entry.1 += 1;
        }
    }
    if count.is_empty() {
        out.push_str("No run was stopped: no timeout, crash or limit.\n");
        return;
    }
    out.push_str("| what | runs | students |\n|---|---|---|\n");
    for (kind, (runs, students)) in count {
        let _ = writeln!(out, "| {kind} | {runs} | {students} |");
    }
}

/// Text safe in a Markdown table cell: no `|`, no line break, no backquote.
fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace(['\n', '\r'], " ").replace('`', "'")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grade::gradebook::FailedTest;

    fn row(name: &str, score: f64, rules: &[&str], failed: &[&str], stopped: &[(&str, usize)]) -> StudentResult {
        StudentResult {
            student: name.to_owned(),
            score,
            max_score: 40.0,
            passed: 0,
            total: 20,
            rules: rules.iter().map(|r| (*r).to_owned()).collect(),
            failed: failed.iter().map(|f| FailedTest { name: (*f).to_owned(), input: format!("in {f}") }).collect(),
            stopped: stopped.iter().map(|(k, n)| ((*k).to_owned(), *n)).collect(),
            sandboxed: true,
            ..StudentResult::default()
        }
    }

    #[test]
    fn the_class_report_counts_rules_inputs_and_stops() {
        let rows = vec![
            row("alice", 40.0, &[], &[], &[]),
            row("bob", 20.0, &["goal-on-generation"], &["t1", "t2"], &[]),
            row("carol", 10.0, &["goal-on-generation+children-reversed"], &["t1"], &[("crash", 3), ("timeout", 1)]),
            row("dan", 38.0, &[], &["t1"], &[("crash", 1)]),
            StudentResult::failed_to_grade("eve", "no file t.py", true),
        ];
        let md = class_report(Puzzle::Digits, &rows);
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
        let md = class_report(Puzzle::Npuzzle, &[alice]);
        assert!(md.contains("Graded without a sandbox"), "{md}");
        assert!(md.contains("Mean 100.0 %, median 100.0 %."), "{md}");
        assert!(md.contains("No summary names a rule."), "{md}");
    }
}
