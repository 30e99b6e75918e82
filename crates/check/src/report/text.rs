//! The plain-words report of a [`CheckReport`]: first the verdict per method with where in the
//! program to look, then one example failed test per distinct explanation (the smallest
//! input) with how many more it stands for, then the total. [`format_text_verbose`] lists
//! every failed test instead of the examples.

use std::fmt::Write;

use crate::judge::variants::{find_variant, PuzzleKind};
use crate::{hint, CheckReport, Divergence, MethodSummary, TestReport, CHANCE, FORMAT_ONLY};

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
            at.index + 1,
            at.expected.as_deref().unwrap_or("the end"),
            at.got.as_deref().unwrap_or("the end"),
            at.expected_window.join(","),
            at.got_window.join(",")
        );
    }
    s
}

/// A long value cut to its beginning, with its size in entries (nodes or moves), never in
/// characters; a list of 1000 entries is the 3-digit puzzle's expansion limit.
fn shorten(text: &str) -> String {
    const MAX: usize = 80;
    if text.chars().count() <= MAX {
        return text.to_owned();
    }
    let entries = text.split(',').count();
    let size = if entries == 1000 {
        "1000 entries: the 1000-expansion limit".to_owned()
    } else {
        format!("{entries} entries")
    };
    format!("{}… ({size})", text.chars().take(MAX).collect::<String>())
}

/// One failed test's lines; its format faults left out when the report's opening gave them
/// (`format_said`).
fn test_text(puzzle: PuzzleKind, t: &TestReport, format_said: bool, out: &mut String) {
    let passed = t.items.iter().filter(|i| i.passed).count();
    let _ = writeln!(out, "FAIL {} ({}): {passed}/{} items", t.name, t.input, t.items.len());
    for p in &t.problems {
        let _ = writeln!(out, "    the program {p}");
    }
    for line in &t.stderr_tail {
        let _ = writeln!(out, "      | {line}");
    }
    for f in t.format.iter().filter(|_| !format_said) {
        let _ = writeln!(out, "    format: {f}");
    }
    if let Some(d) = &t.first_divergence {
        let _ = writeln!(out, "    first divergence: {}", divergence_text(d));
    }
    for v in &t.variants {
        let _ = writeln!(out, "    explained by {v}: {}", explain(puzzle, v));
    }
    for p in &t.partial {
        let _ = writeln!(out, "    {} explained by {}: {}", p.items.join(", "), p.rules, explain(puzzle, &p.rules));
    }
    for n in &t.notes {
        let _ = writeln!(out, "    note: {n}");
    }
}

/// The text report: the verdict per method, one example of each distinct explanation, the
/// total.
pub fn format_text(report: &CheckReport) -> String {
    text(report, false)
}

/// The text report with every failed test instead of one example per explanation (`--verbose`).
pub fn format_text_verbose(report: &CheckReport) -> String {
    text(report, true)
}

fn text(report: &CheckReport, verbose: bool) -> String {
    let mut out = String::new();
    let opened = format_opening(report, &mut out);
    for (method, m) in &report.summary.methods {
        method_text(report, method, m, opened, &mut out);
    }
    let failed: Vec<&TestReport> = report.tests.iter().filter(|t| !t.passed).collect();
    // Without --verbose, the opening's example stands for the failures of format alone.
    let shown: Vec<&TestReport> =
        failed.iter().filter(|t| verbose || !(opened && is_format_only(t))).copied().collect();
    if !shown.is_empty() {
        out.push('\n');
    }
    if verbose {
        for t in &shown {
            test_text(report.puzzle, t, opened, &mut out);
        }
    } else {
        for (example, more) in examples(&shown) {
            test_text(report.puzzle, example, opened, &mut out);
            if more > 0 {
                let tests = if more == 1 { "test" } else { "tests" };
                let _ =
                    writeln!(out, "    and {more} more {tests} explained the same way (--verbose lists every test)");
            }
        }
    }
    if !shown.is_empty() {
        out.push('\n');
    }
    let s = &report.summary;
    let _ = writeln!(out, "total: {}/{} tests passed", s.passed, s.total);
    out
}

/// Whether a failed test has the reference's values and only format faults.
fn is_format_only(t: &TestReport) -> bool {
    t.has_note(FORMAT_ONLY)
}

/// The opening of a report with failed tests whose values are right: how many tests are
/// right, each format fault of those tests with its fix, and the first one's expected and
/// written lines. Whether it was written.
fn format_opening(report: &CheckReport, out: &mut String) -> bool {
    let only: Vec<&TestReport> = report.tests.iter().filter(|t| is_format_only(t)).collect();
    let Some(first) = only.first() else { return false };
    let right = only.len() + report.summary.passed;
    let which = if right == only.len() { String::new() } else { format!(" on {} of them", only.len()) };
    let _ = writeln!(
        out,
        "Your answers are right on {right} of {} tests;{which} only the format differs:",
        report.summary.total
    );
    let mut names: Vec<&str> = Vec::new();
    for fault in only.iter().flat_map(|t| &t.format) {
        let name = fault.split(':').next().unwrap_or(fault);
        if !names.contains(&name) {
            names.push(name);
            let _ = writeln!(out, "    {fault}");
        }
    }
    let _ = writeln!(out, "  For example {} ({}), the reference writes:", first.name, first.input);
    for item in first.items.iter().filter(|i| i.item != crate::Item::Ran) {
        let value = shorten(&item.expected);
        let line = report.puzzle.checked().line_as_written(item.item.name(), &value);
        let _ = writeln!(out, "      | {line}");
    }
    let _ = writeln!(out, "    and yours wrote:");
    for line in &first.written {
        let _ = writeln!(out, "      | {}", shorten(line));
    }
    out.push('\n');
    true
}

/// A failed test's method, full explanations, partial ones and kind of failure.
type ExplanationKey = (String, String, String, u8);

/// What a failed test's report has in common with others explained the same way: its
/// method, its explanations (full, then partial), and what kind of failure it is.
fn explanation_key(t: &TestReport) -> ExplanationKey {
    let kind = if !t.problems.is_empty() {
        0
    } else if t.has_note(CHANCE) {
        1
    } else if t.has_note(FORMAT_ONLY) {
        2
    } else {
        3
    };
    let partial: Vec<&str> = t.partial.iter().map(|p| p.rules.as_str()).collect();
    (t.method.clone(), t.variants.join("|"), partial.join("|"), kind)
}

/// One failed test per distinct explanation, the one with the smallest input and answer,
/// in the report's order of first appearance, with how many others it stands for.
fn examples<'a>(failed: &[&'a TestReport]) -> Vec<(&'a TestReport, usize)> {
    let mut groups: Vec<(ExplanationKey, Vec<&'a TestReport>)> = Vec::new();
    for t in failed {
        let key = explanation_key(t);
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, members)) => members.push(t),
            None => groups.push((key, vec![t])),
        }
    }
    let size = |t: &&TestReport| {
        let answer = t.first_divergence.as_ref().map_or(0, |d| d.expected.len());
        (t.input.len() + answer, t.input.clone())
    };
    groups
        .into_iter()
        .map(|(_, members)| {
            let smallest = members.iter().min_by_key(|t| size(t)).copied().expect("a group has a member");
            (smallest, members.len() - 1)
        })
        .collect()
}

/// One "look at" line per rule of `combination`.
fn hints(combination: &str, out: &mut String) {
    for rule in combination.split('+') {
        let _ = writeln!(out, "    look at {}", hint(rule));
    }
}

/// How many failed tests of `method` fall in each kind: did not run cleanly, changed between
/// runs, only format faults, and wrong answers (the ones the rules are searched for).
fn failure_kinds(report: &CheckReport, method: &str) -> [usize; 4] {
    let mut kinds = [0; 4];
    for t in report.tests.iter().filter(|t| t.method == method && !t.passed) {
        let has = |note: &str| t.has_note(note);
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
/// of other kinds, and its format faults (unless the report's opening gave them: `format_said`).
fn method_text(report: &CheckReport, method: &str, m: &MethodSummary, format_said: bool, out: &mut String) {
    let _ = write!(out, "{method}: {}/{} tests passed", m.passed, m.total);
    if m.passed == m.total {
        out.push_str(".\n");
        tail_lines(m, "format notes (not graded; see each fix with --json)", "after 50 passed", out);
        return;
    }
    let [unclean, chance, format, wrong] = failure_kinds(report, method);
    let failed = m.total - m.passed;
    let no_format = MethodSummary { format: Vec::new(), ..m.clone() };
    let m = if format_said { &no_format } else { m };
    if format == failed {
        let _ = writeln!(out, ": every failure is its format alone (the values are right; the fixes are above).");
        tail_lines(m, "", "once the diagnosis was settled", out);
        return;
    }
    let (which, verb) = match wrong {
        _ if wrong == failed => ("Every failure".to_owned(), "is"),
        1 => ("The one wrong answer".to_owned(), "is"),
        _ => (format!("The {wrong} wrong answers"), "are"),
    };
    match m.variants.as_slice() {
        _ if wrong == 0 => out.push_str(".\n"),
        [] => {
            let _ =
                writeln!(out, ". No combination of up to four named rules explains all of its {wrong} wrong answers.");
            for p in &m.partial {
                let what = if p.items.len() >= report.puzzle.checked().graded_items().len() {
                    format!("{} of them whole", p.tests)
                } else {
                    format!("{} on {} of them", p.items.join(", "), p.tests)
                };
                let _ =
                    writeln!(out, "    partly explained by {} ({what}): {}", p.rules, explain(report.puzzle, &p.rules));
            }
            if let Some(p) = m.partial.first() {
                hints(&p.rules, out);
            }
        }
        [one] => {
            let _ = writeln!(out, ". {which} {verb} explained by {one}: {}.", explain(report.puzzle, one));
            hints(one, out);
        }
        several => {
            let _ = writeln!(out, ". {which} {verb} explained by each of:");
            for v in several {
                let _ = writeln!(out, "    {v}: {}", explain(report.puzzle, v));
            }
            for v in several.iter().take(1) {
                hints(v, out);
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
    tail_lines(m, "format faults", "once the diagnosis was settled", out);
}

/// A method's format faults (under `format_label`) and the random cases it left out (`why`).
fn tail_lines(m: &MethodSummary, format_label: &str, why: &str, out: &mut String) {
    if !m.format.is_empty() {
        let _ = writeln!(out, "    {format_label}: {}", m.format.join(", "));
    }
    if m.not_run > 0 {
        let _ = writeln!(out, "    {} random cases were left out {why} (--thorough runs them).", m.not_run);
    }
}
