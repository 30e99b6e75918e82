//! The tests `check` runs: one [`TestCase`] per program run, and the published cases.

use searchlab_core::Strategy;
use searchlab_npuzzle::{method_name, parse_method, Board};
use searchlab_threedigits::{letter, parse_strategy};

use crate::NpuzzleExpected;

/// What a program is run on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CaseInput {
    /// An N-puzzle driver run: `{method}` and `{board}`.
    Npuzzle {
        /// The method (breadth-first, depth-first or A*).
        method: Strategy,
        /// The board (toward the standard goal).
        board: Board,
    },
    /// A 3-digit run: `{letter}` and `{file}`.
    Digits {
        /// The strategy (one of the six with a letter).
        letter: Strategy,
        /// The input file's exact bytes.
        file: Vec<u8>,
    },
}

/// The expected answer, when the test set fixes it (otherwise the reference computes it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expected {
    /// The N-puzzle values graded exactly; `None` when no `output.txt` is expected.
    Npuzzle(Option<NpuzzleExpected>),
    /// The 3-digit program's exact output.
    Digits(String),
}

/// One test: a name, the input, and optionally its expected answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TestCase {
    /// A short name, unique in its set (`public-03`).
    pub name: String,
    /// The input.
    pub input: CaseInput,
    /// The expected answer; `None`: the reference's answer.
    pub expected: Option<Expected>,
}

impl TestCase {
    /// The method (`bfs`) or letter (`B`) the test runs.
    pub fn method(&self) -> String {
        match &self.input {
            CaseInput::Npuzzle { method, .. } => method_name(*method).to_owned(),
            CaseInput::Digits { letter: l, .. } => letter(*l).unwrap_or("?").to_owned(),
        }
    }

    /// The input in one line: `bfs 1,2,5,3,4,0,6,7,8` or `B 320/110/…`.
    pub fn input_line(&self) -> String {
        match &self.input {
            CaseInput::Npuzzle { method, board } => format!("{} {}", method_name(*method), board_text(board)),
            CaseInput::Digits { letter: l, file } => {
                let text = String::from_utf8_lossy(file);
                let lines: Vec<&str> = text.lines().map(str::trim).collect();
                format!("{} {}", letter(*l).unwrap_or("?"), lines.join("/"))
            }
        }
    }
}

/// A board as the driver's argument: `1,2,5,3,4,0,6,7,8`.
pub fn board_text(board: &Board) -> String {
    board.tiles().iter().map(u8::to_string).collect::<Vec<_>>().join(",")
}

const NPUZZLE_PUBLIC: &str = include_str!("../../../tests/data/npuzzle/cases.tsv");
const DIGITS_PUBLIC: &str = include_str!("../data/digits-public.jsonl");

/// The published N-puzzle cases (`tests/data/npuzzle/cases.tsv`), expected values from the
/// reference (which reproduces every one of them).
pub fn npuzzle_public() -> Vec<TestCase> {
    NPUZZLE_PUBLIC
        .lines()
        .skip(1)
        .enumerate()
        .filter_map(|(i, line)| {
            let mut fields = line.split('\t');
            let method = parse_method(fields.next()?).ok()?;
            let board = Board::parse(fields.next()?).ok()?;
            let input = CaseInput::Npuzzle { method, board };
            Some(TestCase { name: format!("public-{:02}", i + 1), input, expected: None })
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

/// The published 3-digit cases (the case folders of `tests/data/threedigits`), with their
/// expected outputs.
pub fn digits_public() -> Vec<TestCase> {
    DIGITS_PUBLIC
        .lines()
        .filter_map(|line| serde_json::from_str::<DigitsRecord>(line).ok())
        .filter_map(|r| {
            let letter = parse_strategy(&r.letter).ok()?;
            let input = CaseInput::Digits { letter, file: r.input.into_bytes() };
            Some(TestCase { name: r.name, input, expected: Some(Expected::Digits(r.expected)) })
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
        let d = digits_public();
        assert_eq!(d.len(), DIGITS_PUBLIC.lines().count());
        assert!(d.iter().any(|c| c.name == "case-01" && c.method() == "A"));
        assert_eq!(d[0].input_line(), "B 320/110");
    }
}
