//! The plain-words report of a [`CheckReport`]: every failed test, then per method what
//! explains its failures.

use std::fmt::Write;

use crate::variant::{find_variant, PuzzleKind};
use crate::{CheckReport, Divergence, MethodSummary, TestReport, CHANCE, FORMAT_ONLY};

/// A combination (`a+b`) in plain words: each rule's line, joined by "and".
pub fn explain(puzzle: PuzzleKind, combination: &str) -> String {
    let several = combination.contains('+');
    combination
        .split('+')
        .map(|name| match find_variant(puzzle, name) {
            Some(v) if several => format!("{} ({name})", v.line),
            Some(v) => v.line.to_owned(),
            None => name.to_owned(),
        })
        .collect::<Vec<_>>()
        .join("; and ")
}

fn divergence_text(d: &Divergence) -> String {
    let mut s = format!("{}: expected {}", d.item.name(), shorten(&d.expected));
    let _ = write!(s, ", got {}", d.got.as_deref().map_or_else(|| "nothing".to_owned(), shorten));
    if let Some(at) = &d.at {
        let _ = write!(
            s,
            "\n      first difference at entry {}: expected {}, got {} (expected …{}…, got …{}…)",
            at.index,
            at.expected.as_deref().unwrap_or("the end"),
            at.got.as_deref().unwrap_or("the end"),
            at.expected_window.join(","),
            at.got_window.join(",")
        );
    }
    s
}

fn shorten(text: &str) -> String {
    const MAX: usize = 80;
    if text.chars().count() <= MAX {
        text.to_owned()
    } else {
        format!("{}… ({} characters)", text.chars().take(MAX).collect::<String>(), text.chars().count())
    }
}

fn test_text(puzzle: PuzzleKind, t: &TestReport, out: &mut String) {
    let passed = t.items.iter().filter(|i| i.passed).count();
    let _ = writeln!(out, "FAIL {} ({}): {passed}/{} items", t.name, t.input, t.items.len());
    for p in &t.problems {
        let _ = writeln!(out, "    the program {p}");
    }
    for line in &t.stderr_tail {
        let _ = writeln!(out, "      | {line}");
    }
    for f in &t.format {
        let _ = writeln!(out, "    format: {f}");
    }
    if let Some(d) = &t.first_divergence {
        let _ = writeln!(out, "    first divergence: {}", divergence_text(d));
    }
    for v in &t.variants {
        let _ = writeln!(out, "    explained by {v}: {}", explain(puzzle, v));
    }
    for n in &t.notes {
        let _ = writeln!(out, "    note: {n}");
    }
}

/// The text report.
pub fn format_text(report: &CheckReport) -> String {
    let mut out = String::new();
    for t in report.tests.iter().filter(|t| !t.passed) {
        test_text(report.puzzle, t, &mut out);
    }
    if report.tests.iter().any(|t| !t.passed) {
        out.push('\n');
    }
    for (method, m) in &report.summary.methods {
        method_text(report, method, m, &mut out);
    }
    let s = &report.summary;
    let _ = writeln!(out, "total: {}/{} tests passed", s.passed, s.total);
    out
}

/// How many failed tests of `method` fall in each kind: did not run cleanly, changed between
/// runs, only format faults, and wrong answers (the ones the rules are searched for).
fn failure_kinds(report: &CheckReport, method: &str) -> [usize; 4] {
    let mut kinds = [0; 4];
    for t in report.tests.iter().filter(|t| t.method == method && !t.passed) {
        let has = |note: &str| t.notes.iter().any(|n| n == note);
        let kind = if !t.problems.is_empty() {
            0
        } else if has(CHANCE) {
            1
        } else if has(FORMAT_ONLY) {
            2
        } else {
            3
        };
        kinds[kind] += 1;
    }
    kinds
}

/// One method's paragraph: its score, what its wrong answers have in common, the failures
/// of other kinds, and its format faults.
fn method_text(report: &CheckReport, method: &str, m: &MethodSummary, out: &mut String) {
    let _ = write!(out, "{method}: {}/{} tests passed", m.passed, m.total);
    if m.passed == m.total {
        out.push_str(".\n");
        return;
    }
    let [unclean, chance, format, wrong] = failure_kinds(report, method);
    let failed = m.total - m.passed;
    let which = if wrong == failed { "Every failure".to_owned() } else { format!("The {wrong} wrong answers") };
    match m.variants.as_slice() {
        _ if wrong == 0 => out.push_str(".\n"),
        [] => {
            let _ =
                writeln!(out, ". No combination of up to three named rules explains all of its {wrong} wrong answers.");
        }
        [one] => {
            let _ = writeln!(out, ". {which} is explained by {one}: {}.", explain(report.puzzle, one));
        }
        several => {
            let _ = writeln!(out, ". {which} is explained by each of:");
            for v in several {
                let _ = writeln!(out, "    {v}: {}", explain(report.puzzle, v));
            }
        }
    }
    for (n, what) in [
        (unclean, "did not run cleanly (crash, timeout, flood or no output.txt): see their error output above"),
        (chance, "changed from run to run (ties broken by memory address or random numbers)"),
        (format, "have the reference's values and only format faults"),
    ] {
        if n > 0 {
            let _ = writeln!(out, "    {n} failed tests {what}.");
        }
    }
    if !m.format.is_empty() {
        let _ = writeln!(out, "    format faults: {}", m.format.join(", "));
    }
}
