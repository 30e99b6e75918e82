//! The published cases, embedded: the N-puzzle's (`tests/data/npuzzle/cases.tsv`) and the
//! 3-digit puzzle's (the case folders of `tests/data/threedigits`, gathered in
//! `crates/check/data/digits-public.jsonl`).

use searchlab_npuzzle::{method_name, parse_method};

use super::{npuzzle_expected_text, Expected, Puzzle, TestCase};

const NPUZZLE_PUBLIC: &str = include_str!("../../../../tests/data/npuzzle/cases.tsv");
const DIGITS_PUBLIC: &str = include_str!("../../data/digits-public.jsonl");

/// The label of every published case.
const PUBLIC: &str = "public";

/// The published N-puzzle cases, named `public-01` …, with the reference's answers (which
/// reproduce every published figure).
pub fn npuzzle_public() -> Vec<TestCase> {
    NPUZZLE_PUBLIC
        .lines()
        .skip(1)
        .enumerate()
        .filter_map(|(i, line)| {
            let mut fields = line.split('\t');
            let method = method_name(parse_method(fields.next()?).ok()?);
            let board = fields.next()?;
            Some(TestCase {
                name: format!("public-{:02}", i + 1),
                puzzle: Puzzle::Npuzzle,
                input: board.to_owned(),
                method: method.to_owned(),
                expected: Expected::Plain(npuzzle_expected_text(method, board).ok()?),
                labels: vec![PUBLIC.to_owned()],
            })
        })
        .collect()
}

#[derive(serde::Deserialize)]
struct DigitsRecord {
    name: String,
    letter: String,
    input: String,
    expected: String,
}

/// The published 3-digit cases, with their published answers, their files in the graders'
/// form ([`super::graders_form`]).
pub fn digits_public() -> Vec<TestCase> {
    DIGITS_PUBLIC
        .lines()
        .filter_map(|line| serde_json::from_str::<DigitsRecord>(line).ok())
        .map(|r| TestCase {
            name: r.name,
            puzzle: Puzzle::Digits,
            input: super::graders_form(&r.input),
            method: r.letter,
            expected: Expected::Plain(r.expected),
            labels: vec![PUBLIC.to_owned()],
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn public_sets_are_complete() {
        let n = npuzzle_public();
        assert_eq!(n.len(), NPUZZLE_PUBLIC.lines().count() - 1);
        assert_eq!(n[0].input_line(), "bfs 1,2,5,3,4,0,6,7,8");
        // The course's published figures for the first case (cases.tsv, line 2).
        let e = n[0].npuzzle_expected().unwrap();
        assert_eq!((e.cost_of_path, e.nodes_expanded, e.max_search_depth), (3, 10, 4));
        let d = digits_public();
        assert_eq!(d.len(), DIGITS_PUBLIC.lines().count());
        assert!(d.iter().any(|c| c.name == "case-01" && c.method == "A"));
        assert_eq!(d[0].input_line(), "B 320/110");
    }
}
