//! Table-driven tests of the N-puzzle reader: every format fault, by name.

use super::*;
use Direction::*;

/// The spec's example output (bfs 1,2,5,3,4,0,6,7,8).
const LINES: [&str; 7] = [
    "path_to_goal: ['Up', 'Left', 'Left']",
    "cost_of_path: 3",
    "nodes_expanded: 10",
    "search_depth: 3",
    "max_search_depth: 4",
    "running_time: 0.00188088",
    "max_ram_usage: 0.07812500",
];

fn text(lines: &[&str]) -> String {
    lines.iter().map(|l| format!("{l}\n")).collect()
}

/// The example with line `i` replaced by `line`.
fn with(i: usize, line: &str) -> String {
    let mut lines = LINES.to_vec();
    lines[i] = line;
    text(&lines)
}

fn names(r: &NpuzzleReading) -> Vec<&'static str> {
    r.faults.iter().map(Fault::name).collect()
}

#[test]
fn the_exact_example_has_no_faults() {
    let r = read_npuzzle(&text(&LINES));
    assert!(r.is_exact(), "{:?}", r.faults);
    assert_eq!(r.path_to_goal, Some(vec![Up, Left, Left]));
    assert_eq!(
        (r.cost_of_path, r.nodes_expanded, r.search_depth, r.max_search_depth),
        (Some(3), Some(10), Some(3), Some(4))
    );
    assert_eq!((r.running_time.as_deref(), r.max_ram_usage.as_deref()), (Some("0.00188088"), Some("0.07812500")));
    assert_eq!((r.fringe_size, r.max_fringe_size), (None, None));
    assert_eq!(r.exact_text(), text(&LINES));
    assert!(read_npuzzle(text(&LINES).trim_end()).is_exact(), "a missing final newline is not a fault");
}

#[test]
fn the_2017_edition_reads_the_fringe_lines() {
    let mut lines = LINES.to_vec();
    lines.splice(3..3, ["fringe_size: 11", "max_fringe_size: 12"]);
    let r = read_npuzzle(&text(&lines));
    assert!(r.is_exact(), "{:?}", r.faults);
    assert_eq!((r.fringe_size, r.max_fringe_size), (Some(11), Some(12)));
    assert_eq!(r.exact_text(), text(&lines));
    let mut late = LINES.to_vec();
    late.push("fringe_size: 11");
    assert_eq!(names(&read_npuzzle(&text(&late))), ["lines-out-of-order"]);
}

#[test]
fn every_fault_is_named() {
    let equals: Vec<String> = LINES.iter().map(|l| l.replacen(": ", "=", 1)).collect();
    let equals: Vec<&str> = equals.iter().map(String::as_str).collect();
    let mut swapped = LINES.to_vec();
    swapped.swap(1, 2);
    let mut duplicated = LINES.to_vec();
    duplicated.insert(2, "cost_of_path: 3");
    let mut blank = LINES.to_vec();
    blank.insert(3, "");
    let mut extra = LINES.to_vec();
    extra.insert(0, "Solved!");
    let table: Vec<(String, Vec<&str>)> = vec![
        (text(&equals), vec!["key-equals-value"; 7]),
        (with(1, "cost_of_path:3"), vec!["spacing"]),
        (with(1, "cost_of_path :  3"), vec!["spacing"]),
        (with(1, "cost_of_path: 3 "), vec!["spacing"]),
        (with(0, r#"path_to_goal: ["Up", "Left", "Left"]"#), vec!["quote-style"]),
        (with(0, "path_to_goal: [u'Up', u'Left', u'Left']"), vec!["quote-style"]),
        (with(0, "path_to_goal: ['Up','Left','Left']"), vec!["list-spacing"]),
        (with(0, "path_to_goal: Up, Left, Left"), vec!["missing-brackets", "quote-style"]),
        (with(0, "path_to_goal: ['Up', 'Lfet', 'Left']"), vec!["misspelled-move"]),
        (with(0, "path_to_goal: ['up', 'left', 'left']"), vec!["move-case", "move-case"]),
        (with(0, "path_to_goal: ['U', 'L', 'L']"), vec!["move-letters"]),
        (with(5, "running_time: 0.0019"), vec!["not-eight-decimals"]),
        (with(6, "max_ram_usage: 1.2e-05"), vec!["not-eight-decimals"]),
        (with(6, "max_ram_usage: 80"), vec!["not-eight-decimals"]),
        (with(5, "running_time: fast"), vec!["ungraded-value-not-a-number"]),
        (with(4, "max_search_depth: deep"), vec!["unreadable-line"]),
        (with(1, "cost_of_path: 3.0"), vec!["not-plain-integer"]),
        (with(1, "cost_of_path: 03"), vec!["not-plain-integer"]),
        (with(1, "Cost of path: 3"), vec!["misspelled-key"]),
        (with(2, "nodes_expnded: 10"), vec!["misspelled-key"]),
        (text(&LINES[..6]), vec!["missing-line"]),
        (text(&swapped), vec!["lines-out-of-order"]),
        (text(&duplicated), vec!["duplicate-line"]),
        (text(&blank), vec!["blank-line"]),
        (text(&extra), vec!["extra-line"]),
        (text(&LINES).replace('\n', "\r\n"), vec!["crlf-line-ends"]),
    ];
    for (text, expected) in table {
        let r = read_npuzzle(&text);
        assert_eq!(names(&r), expected, "{text:?}");
        if expected != ["missing-line"] && expected != ["unreadable-line"] {
            assert_eq!(r.path_to_goal, Some(vec![Up, Left, Left]), "{text:?}");
            assert_eq!(
                (r.cost_of_path, r.nodes_expanded, r.max_search_depth),
                (Some(3), Some(10), Some(4)),
                "{text:?}"
            );
        }
    }
}

#[test]
fn fixes_are_in_the_issues_words() {
    let r = read_npuzzle_file("Output.txt", &text(&LINES));
    assert_eq!(names(&r), ["wrong-file-name"]);
    assert_eq!(r.faults[0].fix(), "writes Output.txt; the grader reads output.txt");
    assert_eq!(r.faults[0].affects, Item::NPUZZLE_LINES);
    assert_eq!(r.file_name.as_deref(), Some("Output.txt"));
    let r = read_npuzzle(&with(0, "path_to_goal: ['Up', 'Left', 'Rigth']"));
    assert_eq!(r.faults[0].fix(), "a misspelled move: Rigth");
    assert_eq!(r.path_to_goal, Some(vec![Up, Left, Right]));
    assert_eq!(r.faults[0].to_string(), "line 1: a misspelled move: Rigth");
    let r = read_npuzzle(&with(1, "cost_of_path=3"));
    assert_eq!(r.faults[0].fix(), "writes `cost_of_path=…`; the grader expects `cost_of_path: …`");
}

#[test]
fn a_fault_costs_its_own_line_only() {
    let r = read_npuzzle(&with(5, "running_time: 0.0019"));
    assert_eq!(r.faults[0].affects, [Item::RunningTime]);
    assert_eq!(r.faults[0].line, Some(6));
    let r = read_npuzzle(&text(&LINES).replace('\n', "\r\n"));
    assert_eq!(r.faults[0].affects, []);
}

#[test]
fn unreadable_values_are_none() {
    let r = read_npuzzle(&with(1, "cost_of_path: three"));
    assert_eq!((r.cost_of_path, names(&r)), (None, vec!["unreadable-line"]));
    let r = read_npuzzle(&with(0, "path_to_goal: ['Up', 'Sideways']"));
    assert_eq!((r.path_to_goal.clone(), names(&r)), (None, vec!["unreadable-line"]));
    let r = read_npuzzle("");
    assert_eq!(names(&r), ["missing-line"; 7]);
    assert_eq!(read_npuzzle("garbage\n\u{0}\u{1}").faults[0].name(), "extra-line");
    assert!(has_eight_decimals("12.34567890"));
    for bad in ["1.2345678", ".12345678", "1e-8", "-1.00000000", "1.123456789"] {
        assert!(!has_eight_decimals(bad), "{bad}");
    }
}
