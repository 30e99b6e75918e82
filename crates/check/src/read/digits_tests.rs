//! Table-driven tests of the 3-digit reader: every format fault, by name.

use super::*;

const PATH: &str = "320,220,210,110";
const EXPANDED: &str = "320,310,210,220,210,110";

fn list(s: &str) -> Vec<String> {
    s.split(',').map(String::from).collect()
}

fn path_of(s: &str) -> DigitsPath {
    DigitsPath::Path(list(s))
}

fn names(r: &DigitsReading) -> Vec<&'static str> {
    r.faults.iter().map(Fault::name).collect()
}

#[test]
fn exact_output_has_no_faults() {
    for text in [format!("{PATH}\n{EXPANDED}\n"), format!("{PATH}\n{EXPANDED}")] {
        let r = read_digits(&text);
        assert_eq!(r.path, DigitsPath::Path(list(PATH)));
        assert_eq!(r.expanded, Some(list(EXPANDED)));
        assert!(r.is_exact(), "{:?}", r.faults);
        assert_eq!(r.exact_text(), format!("{PATH}\n{EXPANDED}\n"));
    }
    let r = read_digits("No solution found.\n320,310,210\n");
    assert_eq!((r.path, r.expanded, r.faults), (DigitsPath::NoSolution, Some(list("320,310,210")), vec![]));
}

#[test]
fn every_fault_is_named() {
    let no = DigitsPath::NoSolution;
    let path = DigitsPath::Path(list(PATH));
    let table: Vec<(&str, DigitsPath, Option<&str>, Vec<&str>)> = vec![
        ("No solution found\n320,310,210\n", no.clone(), Some("320,310,210"), vec!["no-solution-missing-full-stop"]),
        ("No path found.\n320,310,210\n", no.clone(), Some("320,310,210"), vec!["no-solution-wording"]),
        ("No solution Found\n320,310,210\n", no.clone(), Some("320,310,210"), vec!["no-solution-wording"]),
        ("Limit reached.\n320,310,210\n", no.clone(), Some("320,310,210"), vec!["no-solution-wording"]),
        (
            "Limit reached.\n\nNo solution found.\n320,310,210\n",
            no.clone(),
            Some("320,310,210"),
            vec!["extra-line-before-answer", "blank-line"],
        ),
        ("320 220 210 110\n320,310,210,220,210,110\n", path.clone(), Some(EXPANDED), vec!["spaces-between-numbers"]),
        (
            "320,220,210,110\n320, 310, 210, 220, 210, 110\n",
            path.clone(),
            Some(EXPANDED),
            vec!["spaces-between-numbers"],
        ),
        (
            "Path: 320,220,210,110\nExpanded: 320,310,210,220,210,110\n",
            path.clone(),
            Some(EXPANDED),
            vec!["label-before-numbers", "label-before-numbers"],
        ),
        (
            "BFS:\n320,220,210,110\n320,310,210,220,210,110\n",
            path.clone(),
            Some(EXPANDED),
            vec!["extra-line-before-answer"],
        ),
        ("\n320,220,210,110\n320,310,210,220,210,110\n", path.clone(), Some(EXPANDED), vec!["blank-line"]),
        ("\n555\n", DigitsPath::Path(vec![]), Some("555"), vec![]),
        (" \n555\n", DigitsPath::Path(vec![]), Some("555"), vec!["stray-spaces"]),
        ("\n555\n\n", path_of("555"), None, vec!["blank-line", "blank-line", "missing-line"]),
        ("320,220,210,110\n\n320,310,210,220,210,110\n", path.clone(), Some(EXPANDED), vec!["blank-line"]),
        ("320,220,210,110\n320,310,210,220,210,110\n\n", path.clone(), Some(EXPANDED), vec!["blank-line"]),
        ("320,220,210,110\r\n320,310,210,220,210,110\r\n", path.clone(), Some(EXPANDED), vec!["crlf-line-ends"]),
        (
            "[320, 220, 210, 110]\n320,310,210,220,210,110\n",
            path.clone(),
            Some(EXPANDED),
            vec!["list-brackets", "spaces-between-numbers"],
        ),
        ("['320','220','210','110']\n320,310,210,220,210,110\n", path.clone(), Some(EXPANDED), vec!["list-brackets"]),
        ("320,220,210,110\n", path.clone(), None, vec!["missing-line"]),
        ("", DigitsPath::Missing, None, vec!["missing-line", "missing-line"]),
        ("320,220,210,110,\n320,310,210,220,210,110\n", path.clone(), Some(EXPANDED), vec!["trailing-comma"]),
        ("320,220,,210,110\n320,310,210,220,210,110\n", path.clone(), Some(EXPANDED), vec!["empty-number"]),
        (" 320,220,210,110\n320,310,210,220,210,110\n", path.clone(), Some(EXPANDED), vec!["stray-spaces"]),
        ("320,220,210,110\n320,310,210,220,210,110\nDone.\n", path.clone(), Some(EXPANDED), vec!["extra-line"]),
        ("320,220,210,110\nexpanding...\n320,310,210,220,210,110\n", path.clone(), Some(EXPANDED), vec!["extra-line"]),
        (
            "45,145\n45\n",
            DigitsPath::Path(list("045,145")),
            Some("045"),
            vec!["missing-leading-zeros", "missing-leading-zeros"],
        ),
    ];
    for (text, path, expanded, expected) in table {
        let r = read_digits(text);
        assert_eq!((&r.path, r.expanded.clone(), names(&r)), (&path, expanded.map(list), expected), "{text:?}");
    }
}

#[test]
fn fixes_are_in_the_issues_words() {
    let fix = |text: &str| read_digits(text).faults[0].fix();
    assert_eq!(fix("No solution found\n320\n"), "`No solution found` lacks its full stop");
    assert!(fix("320 220\n320\n").starts_with("spaces between numbers"));
    assert!(fix("Output:\n320,220\n320\n").starts_with("an extra line before the answer"));
    assert_eq!(fix("No path found.\n320\n"), "writes `No path found.`; the grader expects `No solution found.`");
}

#[test]
fn faults_cost_the_items_a_line_grader_would_fail() {
    let r = read_digits("Header\n320,220\n320 220\nTrailer\n");
    let costs: Vec<(&str, Vec<Item>)> = r.faults.iter().map(|f| (f.name(), f.affects.clone())).collect();
    assert_eq!(
        costs,
        [
            ("extra-line-before-answer", vec![Item::Path, Item::Expanded]),
            ("spaces-between-numbers", vec![Item::Expanded]),
            ("extra-line", vec![]),
        ]
    );
    assert_eq!(r.faults[1].line, Some(3));
}

#[test]
fn garbage_is_no_answer() {
    let r = read_digits("Traceback (most recent call last):\n  File \"x.py\", line 3\nKeyError: 5\n");
    assert_eq!((&r.path, &r.expanded), (&DigitsPath::Missing, &None));
    assert_eq!(
        names(&r),
        [
            "extra-line-before-answer",
            "extra-line-before-answer",
            "extra-line-before-answer",
            "missing-line",
            "missing-line"
        ]
    );
}
