//! Scoring tests; expected values from the spec's example and the conformance files.

use std::path::PathBuf;

use super::*;
use crate::{read_npuzzle, read_npuzzle_file, NO_SOLUTION};
use Direction::*;

fn list(s: &str) -> Vec<String> {
    s.split(',').map(String::from).collect()
}

fn conformance(case: &str, letter: char) -> String {
    let path: PathBuf =
        [env!("CARGO_MANIFEST_DIR"), "../../tests/data/threedigits", case, &format!("expected-{letter}.txt")]
            .iter()
            .collect();
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn every_conformance_answer_reads_exactly() {
    let root = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/threedigits"));
    let mut read = 0;
    for case in std::fs::read_dir(&root).unwrap().map(|e| e.unwrap().path()) {
        if !case.file_name().unwrap().to_string_lossy().starts_with("case-") {
            continue;
        }
        for file in std::fs::read_dir(&case).unwrap().map(|e| e.unwrap().path()) {
            if !file.file_name().unwrap().to_string_lossy().starts_with("expected-") {
                continue;
            }
            let text = std::fs::read_to_string(&file).unwrap();
            let reading = read_digits(&text);
            assert!(reading.is_exact(), "{}: {:?}", file.display(), reading.faults);
            assert_eq!(reading.exact_text(), text, "{}", file.display());
            let expected = DigitsExpected::from_text(&text).unwrap();
            assert!(score_digits(&reading, &expected).all_passed());
            read += 1;
        }
    }
    assert_eq!(read, 197, "every expected answer of the 36 cases");
}

#[test]
fn digits_right_answer_scores_two_of_two() {
    let expected = DigitsExpected::from_text(&conformance("case-01", 'A')).unwrap();
    assert_eq!(expected.path, Some(list("320,220,210,110")));
    assert_eq!(expected.expanded, list("320,310,210,220,210,110"));
    let score = score_digits(&read_digits("320,220,210,110\n320,310,210,220,210,110\n"), &expected);
    assert_eq!((score.passed, score.total, score.first_divergence), (2, 2, None));
}

#[test]
fn digits_first_differing_expanded_node_with_neighbours() {
    // The official BFS answer for 320 → 110, and one that expands 410 before 430 (index 10).
    let expected = DigitsExpected::from_text(&conformance("case-01", 'B')).unwrap();
    let got = "320,220,210,110\n320,220,420,310,330,321,210,230,221,410,410,430,421\n";
    let score = score_digits(&read_digits(got), &expected);
    assert_eq!((score.passed, score.total), (1, 2));
    assert!(score.items[0].passed && !score.items[1].passed);
    let d = score.first_divergence.unwrap();
    assert_eq!(d.item, Item::Expanded);
    let at = d.at.unwrap();
    assert_eq!((at.index, at.expected.as_deref(), at.got.as_deref()), (10, Some("430"), Some("410")));
    assert_eq!(at.window_start, 7);
    assert_eq!(at.expected_window, list("230,221,410,430,421,210,410"));
    assert_eq!(at.got_window, list("230,221,410,410,430,421"));
    assert_eq!((at.expected_len, at.got_len), (23, 13));
}

#[test]
fn digits_path_divergence_and_no_solution() {
    let expected = DigitsExpected { path: None, expanded: list("320,310,210") };
    let score = score_digits(&read_digits("320,310,210\n320,310,210\n"), &expected);
    let d = score.first_divergence.unwrap();
    assert_eq!(
        (d.item, d.expected.as_str(), d.got.as_deref(), d.at),
        (Item::Path, NO_SOLUTION, Some("320,310,210"), None)
    );
    let right = score_digits(&read_digits("No solution found.\n320,310,210\n"), &expected);
    assert!(right.all_passed());
    let expected = DigitsExpected { path: Some(list("320,220,210")), expanded: list("320") };
    let d = score_digits(&read_digits("320,221,210\n320\n"), &expected).first_divergence.unwrap();
    assert_eq!(d.at.map(|a| a.index), Some(1));
}

#[test]
fn digits_format_faults_cost_points_but_are_no_divergence() {
    let expected = DigitsExpected::from_text("320,220,210,110\n320,310,210,220,210,110\n").unwrap();
    let score = score_digits(&read_digits("320,220,210,110\n320 310 210 220 210 110\n"), &expected);
    assert_eq!((score.passed, score.first_divergence.clone()), (1, None));
    let item = &score.items[1];
    assert_eq!((item.value_matches, item.passed, item.faults.clone()), (true, false, vec!["spaces-between-numbers"]));
    let header = score_digits(&read_digits("Result\n320,220,210,110\n320,310,210,220,210,110\n"), &expected);
    assert_eq!((header.passed, header.first_divergence), (0, None), "a header shifts both lines");
    let nothing = score_digits(&read_digits(""), &expected);
    assert_eq!(nothing.passed, 0);
    let d = nothing.first_divergence.unwrap();
    assert_eq!((d.item, d.got, d.at), (Item::Expanded, None, None));
    assert!(DigitsExpected::from_text("320 220\n320\n").is_err());
}

/// The spec's example: bfs 1,2,5,3,4,0,6,7,8.
fn example() -> NpuzzleExpected {
    NpuzzleExpected {
        path_to_goal: vec![Up, Left, Left],
        cost_of_path: 3,
        nodes_expanded: 10,
        search_depth: 3,
        max_search_depth: 4,
        fringe_size: None,
        max_fringe_size: None,
    }
}

const OUTPUT: &str = "path_to_goal: ['Up', 'Left', 'Left']\ncost_of_path: 3\nnodes_expanded: 10\nsearch_depth: 3\n\
                      max_search_depth: 4\nrunning_time: 0.00188088\nmax_ram_usage: 0.07812500\n";

#[test]
fn npuzzle_eight_items() {
    let score = score_npuzzle(Some(&read_npuzzle(OUTPUT)), true, &example());
    assert_eq!((score.passed, score.total, score.first_divergence.clone()), (8, 8, None));
    let items: Vec<&str> = score.items.iter().map(|i| i.item.name()).collect();
    assert_eq!(
        items,
        [
            "path_to_goal",
            "cost_of_path",
            "nodes_expanded",
            "search_depth",
            "max_search_depth",
            "running_time",
            "max_ram_usage",
            "ran"
        ]
    );
    let json = serde_json::to_value(&score).unwrap();
    assert_eq!(json["items"][0]["item"], "path_to_goal");
    assert_eq!(json["items"][0]["expected"], "['Up', 'Left', 'Left']");
}

#[test]
fn npuzzle_first_divergence() {
    let off_by_one = OUTPUT
        .replace("nodes_expanded: 10", "nodes_expanded: 11")
        .replace("max_search_depth: 4", "max_search_depth: 5");
    let score = score_npuzzle(Some(&read_npuzzle(&off_by_one)), true, &example());
    assert_eq!(score.passed, 6);
    let d = score.first_divergence.unwrap();
    assert_eq!((d.item, d.expected.as_str(), d.got.as_deref()), (Item::NodesExpanded, "10", Some("11")));
    let other_path = OUTPUT.replace("['Up', 'Left', 'Left']", "['Up', 'Left', 'Down', 'Up', 'Left']");
    let d = score_npuzzle(Some(&read_npuzzle(&other_path)), true, &example()).first_divergence.unwrap();
    let at = d.at.unwrap();
    assert_eq!(
        (d.item, at.index, at.expected.as_deref(), at.got.as_deref()),
        (Item::PathToGoal, 2, Some("Left"), Some("Down"))
    );
}

#[test]
fn npuzzle_form_only_lines_and_format_faults() {
    // The handout: "You will not be graded on the absolute values of your running-time or RAM
    // usage statistics"; its examples show eight decimals, no sentence grades that form.
    let slow = OUTPUT.replace("0.00188088", "123.5").replace("0.07812500", "9.99999999");
    let reading = read_npuzzle(&slow);
    let score = score_npuzzle(Some(&reading), true, &example());
    assert_eq!((score.passed, score.total, score.first_divergence.clone()), (8, 8, None));
    assert!(score.items[5].faults.is_empty());
    assert_eq!(reading.faults.iter().map(|f| f.name()).collect::<Vec<_>>(), ["not-eight-decimals"], "kept as a note");
    let words = OUTPUT.replace("running_time: 0.00188088", "running_time: fast");
    let reading = read_npuzzle(&words);
    let score = score_npuzzle(Some(&reading), true, &example());
    assert!(score.items[5].passed, "not graded: a note, {:?}", score.items[5]);
    assert_eq!(reading.faults.iter().map(|f| f.name()).collect::<Vec<_>>(), ["ungraded-value-not-a-number"]);
    let empty = OUTPUT.replace("max_ram_usage: 0.07812500", "max_ram_usage: ");
    assert!(score_npuzzle(Some(&read_npuzzle(&empty)), true, &example()).items[6].passed, "an empty value is a note");
    let gone = OUTPUT.replace("max_ram_usage: 0.07812500\n", "");
    assert!(!score_npuzzle(Some(&read_npuzzle(&gone)), true, &example()).items[6].passed, "a missing line is not");
    // Spacing around the colon and key=value are shown forms, not graded ones.
    let spaced = OUTPUT.replace("path_to_goal: [", "path_to_goal:[").replace("cost_of_path: 3", "cost_of_path=3");
    let score = score_npuzzle(Some(&read_npuzzle(&spaced)), true, &example());
    assert_eq!(score.passed, 8, "{:?}", score.items);
    // A misspelled move is a wrong value for the grader.
    let typo = OUTPUT.replace("['Up', 'Left', 'Left']", "['Up', 'Lfet', 'Left']");
    let score = score_npuzzle(Some(&read_npuzzle(&typo)), true, &example());
    assert!(!score.items[0].passed, "{:?}", score.items[0]);
    let wrong_name = read_npuzzle_file("Output.txt", OUTPUT);
    let score = score_npuzzle(Some(&wrong_name), false, &example());
    assert_eq!((score.passed, score.first_divergence.clone()), (0, None));
    assert!(score.items[..7].iter().all(|i| i.value_matches && i.faults == ["wrong-file-name"]));
    let none = score_npuzzle(None, false, &example());
    assert_eq!((none.passed, none.total), (0, 8));
    assert_eq!(none.first_divergence.map(|d| (d.item, d.got)), Some((Item::PathToGoal, None)));
}

#[test]
fn npuzzle_2017_edition_scores_the_fringe() {
    let expected = NpuzzleExpected { fringe_size: Some(11), max_fringe_size: Some(12), ..example() };
    let text = OUTPUT.replace("search_depth: 3\n", "fringe_size: 11\nmax_fringe_size: 13\nsearch_depth: 3\n");
    let score = score_npuzzle(Some(&read_npuzzle(&text)), true, &expected);
    assert_eq!((score.passed, score.total), (9, 10));
    let d = score.first_divergence.unwrap();
    assert_eq!((d.item, d.expected.as_str(), d.got.as_deref()), (Item::MaxFringeSize, "12", Some("13")));
}
