//! JUnit XML: `<testsuites>` with one `<testsuite>` per method or letter, one `<testcase>`
//! per test, and a `<failure>` for each failed test whose message is the first divergence
//! (or what went wrong with the run) and whose text lists the failed items, the rules that
//! reproduce the output and the input.

use std::fmt::Write as _;

use super::xml::{escape_attribute as attr, escape_text as text};
use super::{CheckReport, ExportError, Exporter, TestReport};

/// The JUnit XML exporter (`--junit FILE`).
#[derive(Debug, Clone, Copy, Default)]
pub struct Junit;

/// A value longer than this is cut in the failure text (a DFS path can be 60,000 moves).
const MAX_VALUE_CHARS: usize = 2000;

fn cut(value: &str) -> String {
    match value.char_indices().nth(MAX_VALUE_CHARS) {
        Some((at, _)) => format!("{}… ({} characters in all)", &value[..at], value.chars().count()),
        None => value.to_owned(),
    }
}

fn failure(out: &mut String, test: &TestReport) {
    let divergence = test.first_divergence.as_ref().map(super::describe_divergence);
    let message = test
        .problems
        .first()
        .or(divergence.as_ref())
        .map_or_else(|| "the output differs from the reference".to_owned(), |m| m.clone());
    let kind = test.items.iter().find(|i| !i.passed).map_or("run", |i| i.item.name());
    let mut body = String::new();
    for problem in &test.problems {
        let _ = writeln!(body, "run: {problem}");
    }
    if let Some(d) = &divergence {
        let _ = writeln!(body, "first divergence: {d}");
    }
    for item in test.items.iter().filter(|i| !i.passed) {
        let got = item.got.as_deref().map_or_else(|| "missing".to_owned(), cut);
        let _ = writeln!(body, "{}: expected {}, got {got}", item.item.name(), cut(&item.expected));
    }
    if !test.variants.is_empty() {
        let _ = writeln!(body, "rules that reproduce this output: {}", test.variants.join(", "));
    }
    for p in &test.partial {
        let _ = writeln!(body, "rules that reproduce {}: {}", p.items.join(", "), p.rules);
    }
    let _ = writeln!(body, "input ({}): {}", test.method, test.input.escape_debug());
    let _ = writeln!(
        out,
        "      <failure message=\"{}\" type=\"{}\">{}</failure>",
        attr(&message),
        attr(kind),
        text(&body)
    );
}

impl Exporter for Junit {
    fn name(&self) -> &'static str {
        "junit"
    }

    fn render(&self, report: &CheckReport) -> Result<String, ExportError> {
        let mut methods: Vec<&str> = Vec::new();
        for t in &report.tests {
            if !methods.contains(&t.method.as_str()) {
                methods.push(&t.method);
            }
        }
        let failures = report.tests.iter().filter(|t| !t.passed).count();
        let seconds: f64 = report.tests.iter().map(|t| t.program_seconds).sum();
        let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        let _ = writeln!(
            out,
            "<testsuites name=\"searchlab check {}\" tests=\"{}\" failures=\"{failures}\" errors=\"0\" time=\"{seconds:.3}\">",
            report.puzzle,
            report.tests.len(),
        );
        for method in methods {
            let tests: Vec<&TestReport> = report.tests.iter().filter(|t| t.method == method).collect();
            let failed = tests.iter().filter(|t| !t.passed).count();
            let time: f64 = tests.iter().map(|t| t.program_seconds).sum();
            let _ = writeln!(
                out,
                "  <testsuite name=\"{} {}\" tests=\"{}\" failures=\"{failed}\" errors=\"0\" skipped=\"0\" time=\"{time:.3}\">",
                report.puzzle,
                attr(method),
                tests.len(),
            );
            for test in tests {
                let open = format!(
                    "    <testcase name=\"{}\" classname=\"searchlab.{}.{}\" time=\"{:.3}\"",
                    attr(&test.name),
                    report.puzzle,
                    attr(method),
                    test.program_seconds
                );
                if test.passed {
                    let _ = writeln!(out, "{open}/>");
                } else {
                    let _ = writeln!(out, "{open}>");
                    failure(&mut out, test);
                    let _ = writeln!(out, "    </testcase>");
                }
            }
            let _ = writeln!(out, "  </testsuite>");
        }
        out.push_str("</testsuites>\n");
        Ok(out)
    }
}
