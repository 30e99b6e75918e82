//! # searchlab-check
//!
//! The foundation of `searchlab check`: running a student's program as a black box, reading
//! what it wrote, and scoring it the way the course graders do. It knows nothing of the
//! search engine; the diagnosis (which rule a program breaks) is built on top of it.
//!
//! | part | job |
//! |---|---|
//! | [`CommandTemplate`] | `python3 driver.py {method} {board}`, split like a shell, no shell run |
//! | [`run_once`], [`run_all`] | each run in a fresh temporary folder, stdin closed, output capped, a timeout that kills the process group, bounded parallelism |
//! | [`Sandbox`] | bubblewrap around each run: no network, an allow-listed read-only file system, CPU and file-size limits per process |
//! | [`contain`] | each run as a whole: memory, processes and disk per run (cgroups, else a supervisor), every process ended with it, every run ended on an interrupt |
//! | [`RunResult`] | exit status or signal, timeout, wall time, stdout head, stderr tail, files left |
//! | [`read_digits`] | a 3-digit program's two lines, leniently, with every [`Fault`] named |
//! | [`read_npuzzle`], [`read_npuzzle_run`] | an N-puzzle `output.txt` (2017 lines too), leniently |
//! | [`score_digits`], [`score_npuzzle`] | per-item pass/fail and the [`Divergence`] |
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
pub use judge::check_report::{CheckReport, MethodSummary, Partial, Summary, TestReport};
pub use judge::config::{
    Config, DepthRule, ExhaustedFringe, ForbiddenRules, HeuristicRule, Identity, NodesRule, SameDigit, StartIsGoal,
    SuccessorOrder,
};
pub use judge::diagnose::{diagnose, Diagnosis, MAX_COMBINATION};
pub use judge::divergence::{first_difference, Divergence, SequenceDivergence, CONTEXT};
pub use judge::prepare::CheckError;
pub use judge::reference::{
    digits_reference, max_search_depth, nodes_expanded, npuzzle_answer, npuzzle_reference, npuzzle_search, search_key,
    Found,
};
pub use judge::rounds::{CheckOptions, CHANCE, FORMAT_ONLY};
pub use judge::score::{
    npuzzle_ran, score_digits, score_npuzzle, DigitsExpected, ExpectedFormatError, ItemScore, NpuzzleExpected, Score,
};
pub use judge::variants::{all_variants, apply_all, find_variant, list_variants, variants_for, PuzzleKind, Variant};
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
