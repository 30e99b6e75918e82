//! Test sets: seeded random instances, the edge set (instances that reveal each named rule,
//! fixed in `crates/check/data/`), and suites on disk (`searchlab cases`). Every case carries
//! the reference's expected answer, computed by `searchlab-threedigits` / `searchlab-npuzzle`.
//!
//! | part | job |
//! |---|---|
//! | [`random_npuzzle`] | solvable boards spread over optimal solution depths |
//! | [`random_digits`] | random 3-digit instances, the hard families included |
//! | [`edge_npuzzle`], [`edge_digits`] | the fixed instances, each labelled with what it reveals |
//! | [`TestCase`] | the one test: a name, the puzzle, method or letter, input, expected answer, labels |
//! | [`variant_changes`] | whether a named rule changes the reference's answer to an instance |
//! | [`answers_differ`] | whether an instance tells two explanations (sets of rules) apart |
//! | [`npuzzle_public`], [`digits_public`] | the published cases (embedded) |
//! | [`random_cases`], [`edge_cases`] | the sets as [`TestCase`]s |
//! | [`test_set_in`], [`methods_in`] | the sets and methods of an N-puzzle edition (2017: fringe lines, `ida`) |
//! | [`npuzzle_cases`], [`digits_cases`] | instances × methods/letters → [`TestCase`]s with expected answers |
//! | [`write_suite`], [`load_suite`] | a suite folder: inputs, expected answers (or their SHA-256), `manifest.json` |

mod canonical;
mod edge;
mod edition;
mod public;
mod random_digits;
mod random_npuzzle;
mod reference;
mod reveal;
mod sets;
mod suite;
mod test_case;

pub use canonical::{canonical_digits, canonical_npuzzle, canonical_npuzzle_in};
pub use edge::{edge_digits, edge_npuzzle, EdgeInstance};
pub use edition::{all_methods_in, methods_in, test_set_in};
pub use public::{digits_public, npuzzle_public};
pub use random_digits::{digits_instance_text, graders_form, random_digits, DigitsFamily, DigitsInstance};
pub use random_npuzzle::{random_npuzzle, NpuzzleInstance, MAX_SPREAD_DEPTH};
pub use reference::{
    digits_cases, digits_expected_text, npuzzle_cases, npuzzle_expected_text, npuzzle_expected_text_in, DIGITS_LETTERS,
    NPUZZLE_METHODS,
};
pub use reveal::{answers_differ, variant_changes};
pub use sets::{all_methods, edge_cases, methods_of, random_cases, test_set, RandomSpec, TestSet};
pub use suite::{
    load_suite, suite_files, write_suite, ManifestEntry, SuiteManifest, MANIFEST_FILE_NAME, MANIFEST_FORMAT,
};
pub use test_case::{sha256_hex, Expected, Puzzle, TestCase};

/// Why a test set or a suite could not be made or read.
#[derive(Debug, thiserror::Error)]
pub enum CasesError {
    /// A board size the generator does not handle.
    #[error("board size {0} is not supported: use 2 to 5")]
    Size(usize),
    /// A `--cases` value that is neither a set's name nor a folder.
    #[error("unknown test set `{0}`: use public, random, edge, all, robustness or a suite folder written by `searchlab cases`")]
    UnknownSet(String),
    /// An unknown method or letter.
    #[error("unknown method or letter `{0}`")]
    Method(String),
    /// A `--methods` or `--letters` value that is not one of the puzzle's, with its choices.
    #[error("unknown {kind} `{name}`: use one of {}", choices.join(", "))]
    UnknownMethod {
        /// `method` (N-puzzle) or `letter` (3-digit puzzle).
        kind: &'static str,
        /// What was given.
        name: String,
        /// The puzzle's methods or letters.
        choices: Vec<&'static str>,
    },
    /// A method of another edition of the assignment (`ida` without `--edition 2017`).
    #[error("`{0}` is a method of the N-puzzle's 2017 edition only: add --edition 2017")]
    EditionMethod(String),
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

impl CasesError {
    /// An unknown `--methods` or `--letters` value of `puzzle`, with the puzzle's `choices`.
    pub(crate) fn unknown_method(puzzle: Puzzle, name: &str, choices: Vec<&'static str>) -> Self {
        let kind = puzzle.checked().method_word();
        CasesError::UnknownMethod { kind, name: name.trim().to_owned(), choices }
    }
}
