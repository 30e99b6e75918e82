//! `searchlab check` on programs whose answers are right and wrapped in heading lines
//! (`tests/check_corpus/digits/format-headings.py`, and the same with Greedy and A* taking
//! the first-added node on ties): the verdict line comes first, the report opens with the
//! format fault and an example, a method whose failures are all of format is settled like an
//! explained one (its random cases left out), and the report stays short.

use assert_cmd::Command;

const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/check_corpus/digits");

/// `searchlab check digits` on a corpus program with `extra` arguments: (exit code, stdout, stderr).
fn check(program: &str, extra: &[&str]) -> (i32, String, String) {
    let cmd = format!("python3 {CORPUS}/{program} {{letter}} {{file}}");
    let out = Command::cargo_bin("searchlab")
        .unwrap()
        .args(["check", "digits", "--cmd", &cmd, "--jobs", "2"])
        .args(extra)
        .output()
        .unwrap();
    let text = |b: &[u8]| String::from_utf8(b.to_vec()).unwrap();
    (out.status.code().unwrap_or(-1), text(&out.stdout), text(&out.stderr))
}

#[test]
fn right_values_under_headings_get_the_format_verdict_first_and_a_short_report() {
    let (code, out, _) = check("format-headings.py", &[]);
    assert_eq!(code, 1, "{out}");
    let lines: Vec<&str> = out.lines().collect();
    // Given at the first failed test, whichever run ends first.
    assert!(
        lines[0].starts_with("verdict: the program differs from the reference: case-")
            && lines[0].ends_with(" failed on its format alone (the values are right); the diagnosis follows."),
        "{out}"
    );
    let total = lines.last().unwrap();
    let (_, counts) = total.split_once(": ").unwrap();
    let run: usize = counts.split(['/', ' ']).nth(1).unwrap().parse().unwrap();
    assert_eq!(lines[1], format!("Your answers are right on {run} of {run} tests; only the format differs:"), "{out}");
    // The two heading lines are the faults, each with its fix; the example shows them.
    assert!(out.contains("extra-line-before-answer: ") && out.contains("==   PATH   =="), "{out}");
    assert!(out.contains("      | == EXPANDED =="), "{out}");
    for letter in ["B", "D", "I", "G", "A", "H"] {
        let line =
            lines.iter().position(|l| l.starts_with(&format!("{letter}: 0/"))).unwrap_or_else(|| panic!("{out}"));
        assert!(lines[line].ends_with("every failure is its format alone (the values are right; the fixes are above)."));
        assert!(lines[line + 1].contains("random cases were left out once the diagnosis was settled"), "{out}");
    }
    assert!(lines.len() <= 40, "{} lines:\n{out}", lines.len());
    assert!(!out.contains("FAIL "), "the opening's example stands for the failed tests:\n{out}");
}

#[test]
fn a_rule_beside_a_format_fault_is_named_and_the_format_still_opens_the_report() {
    let (code, out, _) = check("multi-format-headings-ties-first-added.py", &["--letters", "B,A"]);
    assert_eq!(code, 1, "{out}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("verdict: the program differs from the reference: "), "{out}");
    assert!(
        lines[0].ends_with(" failed; the diagnosis follows.") || lines[0].contains(" failed on its format alone"),
        "{out}"
    );
    assert!(
        lines[1].starts_with("Your answers are right on ") && lines[1].ends_with(" only the format differs:"),
        "{out}"
    );
    let a = lines.iter().find(|l| l.starts_with("A: ")).unwrap();
    assert!(a.contains("explained by ties-first-added"), "{out}");
    let b = lines.iter().find(|l| l.starts_with("B: ")).unwrap();
    assert!(b.ends_with("every failure is its format alone (the values are right; the fixes are above)."), "{out}");
}

#[test]
fn with_json_the_verdict_line_goes_to_stderr_and_each_format_only_test_keeps_its_lines() {
    let (code, out, err) = check("format-headings.py", &["--cases", "public", "--letters", "B", "--json"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.starts_with("verdict: the program differs from the reference: "), "{err}");
    let report: serde_json::Value = serde_json::from_str(&out).expect("stdout is the JSON report alone");
    for t in report["tests"].as_array().unwrap() {
        assert_eq!(t["passed"], false);
        assert_eq!(t["written"][0], "==   PATH   ==", "{t}");
        assert_eq!(t["written"][2], "== EXPANDED ==", "{t}");
        assert_eq!(t["written"].as_array().unwrap().len(), 4, "{t}");
    }
}

#[test]
fn a_correct_program_gets_the_agreeing_verdict_line_before_its_report() {
    let (code, out, _) = check("correct.py", &["--cases", "public", "--letters", "B"]);
    assert_eq!(code, 0, "{out}");
    let first = out.lines().next().unwrap();
    let total = out.lines().last().unwrap();
    let run = total.trim_start_matches("total: ").split('/').next().unwrap();
    assert_eq!(first, format!("verdict: the program agrees with the reference on all {run} tests run."));
}
