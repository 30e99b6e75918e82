//! Test sets: seeded random instances, the edge set (instances that reveal each named rule,
//! fixed in `crates/check/data/`), and suites on disk (`searchlab cases`). Every case carries
//! the reference's expected answer, computed by `searchlab-threedigits` / `searchlab-npuzzle`.
//!
//! | part | job |
//! |---|---|
//! | [`random_npuzzle`] | solvable boards spread over optimal solution depths |
//! | [`random_digits`] | random 3-digit instances, the hard families included |
//! | [`edge_npuzzle`], [`edge_digits`] | the fixed instances, each labelled with what it reveals |
//! | [`variant_changes`] | whether a named rule changes the reference's answer to an instance |
//! | [`random_cases`], [`edge_cases`] | the sets as [`SuiteCase`]s |
//! | [`npuzzle_cases`], [`digits_cases`] | instances × methods/letters → [`SuiteCase`]s with expected answers |
//! | [`write_suite`], [`load_suite`] | a suite folder: inputs, expected answers (or their SHA-256), `manifest.json` |

mod canonical;
mod edge;
mod random_digits;
mod random_npuzzle;
mod reference;
mod reveal;
mod sets;
mod suite;

pub use canonical::{canonical_digits, canonical_npuzzle};
pub use edge::{edge_digits, edge_npuzzle, EdgeInstance};
pub use random_digits::{digits_instance_text, random_digits, DigitsFamily, DigitsInstance};
pub use random_npuzzle::{random_npuzzle, NpuzzleInstance, MAX_SPREAD_DEPTH};
pub use reference::{
    digits_cases, digits_expected_text, npuzzle_cases, npuzzle_expected_text, sha256_hex, DIGITS_LETTERS,
    NPUZZLE_METHODS,
};
pub use reveal::variant_changes;
pub use sets::{all_methods, edge_cases, methods_of, random_cases};
pub use suite::{load_suite, write_suite, ManifestEntry, SuiteManifest, MANIFEST_FILE_NAME, MANIFEST_FORMAT};

use std::fmt;

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
/// [`npuzzle_expected_text`] / [`digits_expected_text`].
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
pub struct SuiteCase {
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

/// Why a test set or a suite could not be made or read.
#[derive(Debug, thiserror::Error)]
pub enum CasesError {
    /// A board size the generator does not handle.
    #[error("board size {0} is not supported: use 2 to 5")]
    Size(usize),
    /// An unknown method or letter.
    #[error("unknown method or letter `{0}`")]
    Method(String),
    /// The reference could not answer an instance (a bug in a fixed data file).
    #[error("the reference cannot answer {name}: {reason}")]
    Reference {
        /// The instance.
        name: String,
        /// Why.
        reason: String,
    },
    /// The output folder holds files and overwriting was not asked for.
    #[error("{0} is not empty: choose another folder or pass --force to overwrite it")]
    NotEmpty(std::path::PathBuf),
    /// A file of the suite could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: std::path::PathBuf,
        /// The operating system's reason.
        #[source]
        source: std::io::Error,
    },
    /// The manifest or a data file is not valid.
    #[error("{path}: {reason}")]
    Format {
        /// The file.
        path: std::path::PathBuf,
        /// What is wrong.
        reason: String,
    },
}
