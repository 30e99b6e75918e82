//! The one test-case type: what `check` runs, what the test sets make and what a suite on
//! disk holds. A case names its puzzle, its method (`bfs`) or letter (`B`), its input as text
//! (a board, or a 3-digit input file) and the expected answer in the canonical text of
//! [`super::npuzzle_expected_text`] / [`super::digits_expected_text`] (or only its SHA-256).

use std::fmt;

use sha2::{Digest as _, Sha256};

/// Which puzzle a case is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Puzzle {
    /// The N-puzzle driver (`python3 driver.py METHOD BOARD`, writes `output.txt`).
    Npuzzle,
    /// The 3-digit puzzle (`ThreeDigits LETTER FILE`, prints two lines).
    Digits,
}

impl Puzzle {
    /// `npuzzle` or `digits`, as the command line writes it.
    pub fn name(self) -> &'static str {
        match self {
            Puzzle::Npuzzle => "npuzzle",
            Puzzle::Digits => "digits",
        }
    }
}

impl fmt::Display for Puzzle {
    /// The name, as [`Puzzle::name`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The reference's expected answer of a case, in the canonical text of
/// [`super::npuzzle_expected_text`] / [`super::digits_expected_text`].
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase", tag = "kind", content = "value")]
pub enum Expected {
    /// The canonical text itself.
    Plain(String),
    /// The lower-case hex SHA-256 of the canonical text (a suite published without answers).
    Hashed(String),
}

impl Expected {
    /// Whether `canonical` (a program's answer in the canonical text) is the expected one.
    ///
    /// ```
    /// use searchlab_check::cases::{sha256_hex, Expected};
    /// let text = "320,220,210,110\n320,310,210,220,210,110\n";
    /// assert!(Expected::Plain(text.to_owned()).matches(text));
    /// assert!(Expected::Hashed(sha256_hex(text)).matches(text));
    /// assert!(!Expected::Hashed(sha256_hex(text)).matches("No solution found.\n320\n"));
    /// ```
    pub fn matches(&self, canonical: &str) -> bool {
        match self {
            Expected::Plain(text) => text == canonical,
            Expected::Hashed(hex) => hex.eq_ignore_ascii_case(&sha256_hex(canonical)),
        }
    }

    /// The expected text, when the suite has it.
    pub fn text(&self) -> Option<&str> {
        match self {
            Expected::Plain(text) => Some(text),
            Expected::Hashed(_) => None,
        }
    }

    /// This answer with its text replaced by the SHA-256 (unchanged when already hashed).
    pub fn hashed(&self) -> Expected {
        match self {
            Expected::Plain(text) => Expected::Hashed(sha256_hex(text)),
            Expected::Hashed(hex) => Expected::Hashed(hex.clone()),
        }
    }
}

/// One test: a program run on one input with one method (N-puzzle) or letter (3-digit), and
/// the reference's answer.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct TestCase {
    /// A unique, file-name-safe name (`random-007-bfs`, `edge-solved-board-ast`).
    pub name: String,
    /// The puzzle.
    pub puzzle: Puzzle,
    /// N-puzzle: the board text (`1,2,5,3,4,0,6,7,8`); 3-digit: the whole input file's text.
    pub input: String,
    /// N-puzzle: `bfs`, `dfs` or `ast`; 3-digit: the letter `B`, `D`, `I`, `G`, `A` or `H`.
    pub method: String,
    /// The reference's answer.
    pub expected: Expected,
    /// What the instance is there for: its random family (`forbidden-goal`), its optimal
    /// depth (`depth-12`), or the rules an edge instance reveals (`goal-on-generation`).
    #[serde(default)]
    pub labels: Vec<String>,
}

impl TestCase {
    /// A case with no labels.
    pub(super) fn new(name: &str, puzzle: Puzzle, method: &str, input: &str, expected: Expected) -> TestCase {
        TestCase {
            name: name.to_owned(),
            puzzle,
            input: input.to_owned(),
            method: method.to_owned(),
            expected,
            labels: Vec::new(),
        }
    }

    /// The input in one line: `bfs 1,2,5,3,4,0,6,7,8` or `B 320/110/…`.
    ///
    /// ```
    /// use searchlab_check::cases::{digits_cases, Puzzle};
    /// let case = &digits_cases([("x", "320\n110\n\n", &[][..])], &["B"]).unwrap()[0];
    /// assert_eq!((case.puzzle, case.input_line().as_str()), (Puzzle::Digits, "B 320/110/"));
    /// ```
    pub fn input_line(&self) -> String {
        match self.puzzle {
            Puzzle::Npuzzle => format!("{} {}", self.method, self.input.trim()),
            Puzzle::Digits => {
                let lines: Vec<&str> = self.input.lines().map(str::trim).collect();
                format!("{} {}", self.method, lines.join("/"))
            }
        }
    }

    /// The engine's strategy for the case's method (N-puzzle) or letter (3-digit).
    pub fn strategy(&self) -> Result<searchlab_core::Strategy, super::CasesError> {
        let strategy = match self.puzzle {
            Puzzle::Npuzzle => searchlab_npuzzle::parse_method(&self.method).ok(),
            Puzzle::Digits => searchlab_threedigits::parse_strategy(&self.method).ok(),
        };
        strategy.ok_or_else(|| super::CasesError::Method(self.method.clone()))
    }
}

/// The lower-case hex SHA-256 of `text`'s UTF-8 bytes.
///
/// ```
/// assert_eq!(
///     searchlab_check::cases::sha256_hex(""),
///     "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
/// );
/// ```
pub fn sha256_hex(text: &str) -> String {
    Sha256::digest(text.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}
