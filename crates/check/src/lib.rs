//! # searchlab-check
//!
//! The foundation of `searchlab check` and `searchlab grade`, cut along its stages: running a
//! student's program as a black box, reading what it wrote, judging it as the course graders
//! score and diagnosing each failure by running the reference engine (`searchlab-npuzzle`,
//! `searchlab-threedigits`) under named variants, reporting one check, and grading a class.
//! Reading uses running, judging uses both, reporting uses judging, grading uses them all;
//! `cases` (the test cases) and `puzzle` (what differs between the two puzzles: one trait,
//! one implementation each) serve every stage. No file imports itself back through others.
//!
//! | stage | module | job |
//! |---|---|---|
//! | running | `run/` | [`CommandTemplate`] (no shell), [`preflight`], [`run_once`] and [`run_all`] in a fresh folder each, inside a [`Sandbox`] and [`contain`]ed as a whole; a [`RunResult`] |
//! | reading | `read/` | [`read_digits`], [`read_npuzzle`], [`read_npuzzle_run`]: leniently, every [`Fault`] named |
//! | judging | `judge/` | [`score_digits`], [`score_npuzzle`] with the [`Divergence`]; [`check`] in rounds, each failure's [`diagnose`] over the [`Variant`]s; a [`CheckReport`] |
//! | reporting | `report/` | [`format_text`], [`explain`], [`hint`], and the [`export`]ed forms (JUnit, Gradescope) |
//! | grading | [`grade`] | a class's submissions checked, a gradebook and a class summary |
//! | test cases | [`cases`] | the one [`TestCase`] and the test sets: public, random, edge, suites on disk |
//! | puzzles | `puzzle/` | what each puzzle is to check (its command, test sets, graded output), one trait |
//!
//! ```
//! use searchlab_check::{read_digits, score_digits, DigitsExpected};
//!
//! let expected = DigitsExpected::from_text("320,220,210,110\n320,220,420,310,210,110\n")?;
//! let reading = read_digits("320,220,210,110\n320,220,310,420,210,110\n");
//! let score = score_digits(&reading, &expected);
//! assert_eq!((score.passed, score.total), (1, 2));
//! let at = score.first_divergence.unwrap().at.unwrap();
//! assert_eq!((at.index, at.expected.as_deref(), at.got.as_deref()), (2, Some("420"), Some("310")));
//! # Ok::<(), searchlab_check::ExpectedFormatError>(())
//! ```

#![deny(missing_docs)]

pub mod cases;
pub mod grade;
pub(crate) mod judge;
pub(crate) mod puzzle;
pub(crate) mod read;
pub(crate) mod report;
pub(crate) mod run;
mod serde_util;

pub use cases::{digits_public, npuzzle_public, Expected, Puzzle, TestCase};
pub use judge::check::{check, check_in, diagnose_output, partial_of_output};
pub use judge::check_report::{CheckReport, MethodSummary, Partial, Summary, TestReport, WRITTEN_LINES};
pub use judge::config::{
    Config, DepthRule, ExhaustedFringe, ForbiddenRules, HeuristicRule, Identity, NodesRule, SameDigit, StartIsGoal,
    SuccessorOrder,
};
pub use judge::diagnose::{diagnose, Diagnosis, MAX_COMBINATION};
pub use judge::divergence::{first_difference, Divergence, SequenceDivergence, CONTEXT};
pub use judge::notes::{CHANCE, FORMAT_ONLY};
pub use judge::prepare::CheckError;
pub use judge::reference::{
    digits_reference, max_search_depth, nodes_expanded, npuzzle_answer, npuzzle_reference, npuzzle_search, search_key,
    Found,
};
pub use judge::round::CheckOptions;
pub use judge::rounds::{scored_cases, SCORED_ROUNDS};
pub use judge::score::{
    npuzzle_ran, score_digits, score_npuzzle, DigitsExpected, ExpectedFormatError, ItemScore, NpuzzleExpected, Score,
};
pub use judge::variants::{
    all_families, all_variants, apply_all, family_of, find_variant, list_variants, variants_for, Family, Param,
    PuzzleKind, Variant,
};
pub use judge::verdict_line::VerdictHook;
pub use read::digits::{read_digits, DigitsPath, DigitsReading, NO_SOLUTION};
pub use read::fault::{Fault, FormatFault, Item};
pub use read::npuzzle::{
    has_eight_decimals, read_npuzzle, read_npuzzle_file, read_npuzzle_run, NpuzzleReading, OUTPUT_FILE_NAME,
};
pub use report::export;
pub use report::hint::hint;
pub use report::text::{explain, format_text, format_text_verbose};
pub use run::batch::{default_jobs, run_all};
pub use run::capture::Captured;
pub use run::contain;
pub use run::contain::{stop_live_runs, stopping, Containment, Limit};
pub use run::error::RunError;
pub use run::files::FoundFile;
pub use run::once::run_once;
pub use run::preflight::{preflight, preflight_placeholders, Refusal};
pub use run::sandbox::{format_size, is_root, parse_size, run_user, Sandbox, SandboxError, SandboxLimits};
pub use run::spec::{Exit, RunConfig, RunResult, RunSpec, INPUT_FILE_NAME};
pub use run::template::{CommandTemplate, Placeholder, TemplateError, Values};
pub use run::RunProblem;
