use super::*;
use crate::cases::Puzzle;
use crate::MethodSummary;
use crate::{read_digits, read_npuzzle, score_digits, score_npuzzle, DigitsExpected, NpuzzleExpected};
use searchlab_npuzzle::Direction;

fn digits_test(name: &str, output: &str) -> TestReport {
    let expected = DigitsExpected::from_text("320,220,210,110\n320,220,420,310,210,110\n").unwrap();
    let score = score_digits(&read_digits(output), &expected);
    TestReport::from_score(name, "B", "320\n110\n", &score)
}

fn npuzzle_test(output: &str) -> TestReport {
    let expected = NpuzzleExpected {
        path_to_goal: vec![Direction::Up, Direction::Left, Direction::Left],
        cost_of_path: 3,
        nodes_expanded: 10,
        search_depth: 3,
        max_search_depth: 4,
        fringe_size: None,
        max_fringe_size: None,
    };
    let reading = read_npuzzle(output);
    TestReport::from_score("spec-bfs", "bfs", "1,2,5,3,4,0,6,7,8", &score_npuzzle(Some(&reading), true, &expected))
}

const NPUZZLE_RIGHT: &str = "path_to_goal: ['Up', 'Left', 'Left']\ncost_of_path: 3\nnodes_expanded: 10\n\
    search_depth: 3\nmax_search_depth: 4\nrunning_time: 0.00100000\nmax_ram_usage: 0.50000000\n";

/// A report with a pass, a fail with hostile text, and a crash.
fn report() -> CheckReport {
    let pass = digits_test("random-000-B", "320,220,210,110\n320,220,420,310,210,110\n");
    let mut fail = digits_test("edge-<&>\"'-B", "320,220,210,110\n320,220,310,420,210,110\n");
    fail.variants = vec!["ties-first-added".to_owned(), "a+b".to_owned()];
    fail.input = "320\n110\n\u{0}\u{1b}]]>&\n".to_owned();
    let mut crash = digits_test("edge-crash-A", "");
    crash.method = "A".to_owned();
    crash.problems = vec!["exited with status 1: Traceback <module> \"x\" \u{7}".to_owned()];
    CheckReport::new(Puzzle::Digits, "python3 t.py {letter} {file}", vec![pass, fail, crash])
}

#[test]
fn summary_counts_per_method() {
    let r = report();
    assert_eq!((r.summary.passed, r.summary.total), (1, 3));
    assert_eq!(r.summary.methods["B"], MethodSummary { passed: 1, total: 2, ..MethodSummary::default() });
    assert_eq!((r.summary.methods["A"].passed, r.summary.methods["A"].total), (0, 1));
    let json = serde_json::to_value(&r).unwrap();
    for key in ["name", "input", "passed", "items", "first_divergence", "variants"] {
        assert!(json["tests"][0].get(key).is_some(), "{key}");
    }
    assert_eq!(json["summary"]["passed"], 1);
    assert_eq!(json["summary"]["methods"]["A"]["total"], 1);
    assert_eq!(json["command"], "python3 t.py {letter} {file}");
}

/// Parses `xml` with Python's XML parser and returns what it found, one fact a line. Fails
/// (never skips) when python3 is missing.
fn python_parse(xml: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("junit.xml");
    std::fs::write(&path, xml).unwrap();
    let script = "import sys, xml.etree.ElementTree as ET\n\
        root = ET.parse(sys.argv[1]).getroot()\n\
        print(root.tag, root.get('tests'), root.get('failures'))\n\
        for s in root:\n\
        \x20   print(s.tag, s.get('name'), s.get('tests'), s.get('failures'))\n\
        \x20   for c in s:\n\
        \x20       f = c.find('failure')\n\
        \x20       print(c.tag, repr(c.get('name')), 'failed' if f is not None else 'passed')\n\
        \x20       if f is not None: print('message', repr(f.get('message'))); print('body', repr(f.text))\n";
    let out = std::process::Command::new("python3")
        .arg("-c")
        .arg(script)
        .arg(&path)
        .output()
        .expect("python3 is needed to check the JUnit file is well-formed XML");
    assert!(out.status.success(), "not well-formed XML: {}\n{xml}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn junit_is_well_formed_and_has_the_structure() {
    let xml = Junit.render(&report()).unwrap();
    let parsed = python_parse(&xml);
    let lines: Vec<&str> = parsed.lines().collect();
    assert_eq!(lines[0], "testsuites 3 2");
    assert_eq!(lines[1], "testsuite digits B 2 1");
    assert_eq!(lines[2], "testcase 'random-000-B' passed");
    assert_eq!(lines[3], "testcase 'edge-<&>\"\\'-B' failed");
    assert!(lines[4].starts_with("message 'expanded: entry 3 is 310, expected 420"), "{}", lines[4]);
    assert!(lines[5].contains("rules that reproduce this output: ties-first-added, a+b"), "{}", lines[5]);
    assert!(lines[5].contains("\\\\0\\\\u{1b}]]>&"), "the input is shown escaped: {}", lines[5]);
    assert_eq!(lines[6], "testsuite digits A 1 1");
    assert!(lines[8].starts_with("message 'exited with status 1: Traceback <module> \"x\" \u{FFFD}'"), "{}", lines[8]);
}

#[test]
fn gradescope_scores_with_the_course_weights() {
    let right = npuzzle_test(NPUZZLE_RIGHT);
    let wrong = npuzzle_test(
        &NPUZZLE_RIGHT
            .replace("nodes_expanded: 10", "nodes_expanded: 11")
            .replace("max_search_depth: 4", "max_search_depth: 3"),
    );
    let report = CheckReport::new(Puzzle::Npuzzle, "python3 driver.py {method} {board}", vec![right, wrong]);
    let json: serde_json::Value = serde_json::from_str(&Gradescope.render(&report).unwrap()).unwrap();
    let tests = json["tests"].as_array().unwrap();
    assert_eq!((tests[0]["score"].as_f64(), tests[0]["max_score"].as_f64()), (Some(6.0), Some(6.0)));
    assert_eq!((tests[1]["score"].as_f64(), tests[1]["max_score"].as_f64()), (Some(4.5), Some(6.0)));
    assert_eq!((tests[0]["status"].as_str(), tests[1]["status"].as_str()), (Some("passed"), Some("failed")));
    assert_eq!(json["score"].as_f64(), Some(10.5));
    let output = tests[1]["output"].as_str().unwrap();
    assert!(output.contains("nodes_expanded: got 11, expected 10"), "{output}");
    assert!(output.contains("Items lost: nodes_expanded, max_search_depth"), "{output}");

    let digits: serde_json::Value = serde_json::from_str(&Gradescope.render(&super::tests::report()).unwrap()).unwrap();
    let scores: Vec<(f64, f64)> = digits["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| (t["score"].as_f64().unwrap(), t["max_score"].as_f64().unwrap()))
        .collect();
    // Both lines right; line 1 right and line 2 wrong; nothing printed.
    assert_eq!(scores, [(2.0, 2.0), (1.0, 2.0), (0.0, 2.0)]);
}

#[test]
fn an_exporter_writes_its_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("results.json");
    Gradescope.write(&report(), &path).unwrap();
    assert!(std::fs::read_to_string(&path).unwrap().contains("\"max_score\": 2.0"));
    let missing = dir.path().join("no/such/dir/junit.xml");
    assert!(matches!(Junit.write(&report(), &missing), Err(ExportError::Io { .. })));
    assert_eq!((Junit.name(), Gradescope.name()), ("junit", "gradescope"));
}

#[test]
fn a_divergence_deep_in_a_list_shows_its_neighbours_with_ellipses() {
    let e: Vec<String> = (0..20).map(|i| format!("{i:03}")).collect();
    let mut g = e.clone();
    g[10] = "999".to_owned();
    let d = crate::Divergence {
        item: crate::Item::Expanded,
        expected: e.join(","),
        got: Some(g.join(",")),
        at: crate::first_difference(&e, &g, 3),
    };
    assert_eq!(
        describe_divergence(&d),
        "expanded: entry 11 is 999, expected 010 (expected …,007,008,009,010,011,012,013,…; got …,007,008,009,999,011,012,013,…)"
    );
    let short = crate::Divergence { item: crate::Item::CostOfPath, expected: "3".into(), got: None, at: None };
    assert_eq!(describe_divergence(&short), "cost_of_path: got missing, expected 3");
}

#[test]
fn test_points_use_the_courses_weights() {
    // N-puzzle: 0.75 a item, 8 items (seven lines and "ran"): 6 points a test.
    let right = npuzzle_test(NPUZZLE_RIGHT);
    assert_eq!(right.items.len(), 8);
    assert_eq!(test_points(Puzzle::Npuzzle, &right), (6.0, 6.0));
    let wrong = npuzzle_test(&NPUZZLE_RIGHT.replace("nodes_expanded: 10", "nodes_expanded: 11"));
    assert_eq!(test_points(Puzzle::Npuzzle, &wrong), (5.25, 6.0));
    // 3-digit: 1 a line, 2 points a test.
    let r = report();
    let points: Vec<(f64, f64)> = r.tests.iter().map(|t| test_points(Puzzle::Digits, t)).collect();
    assert_eq!(points, [(2.0, 2.0), (1.0, 2.0), (0.0, 2.0)]);
    let json: serde_json::Value = serde_json::from_str(&Gradescope.render(&r).unwrap()).unwrap();
    assert_eq!(json["score"], 3.0);
}
