//! A case made ready to run: its canonical method, the reference's config and oracle on its
//! input, the expected answer, and how a program is run on it and its output read.

use searchlab_npuzzle::{Board, Edition};
use searchlab_threedigits::parse_instance;

use crate::cases::{digits_expected_text, npuzzle_expected_text_in, CasesError, Expected, Puzzle, TestCase};
use crate::judge::diagnose::{diagnose, Diagnosis};
use crate::judge::oracle::{Graded, Oracle};
use crate::judge::variants::variants_for;
use crate::{Config, NpuzzleExpected, RunResult, RunSpec};

/// A case that cannot be checked.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CheckError {
    /// A case's method, input or answer is not valid.
    #[error("case {name}: {reason}")]
    BadInput {
        /// The case.
        name: String,
        /// Why.
        reason: String,
    },
    /// A case of the other puzzle.
    #[error("case {0} is not a case of this puzzle")]
    WrongPuzzle(String),
    /// A hashed answer that is not the reference's (a suite made by another version).
    #[error("case {0}: the suite's hashed answer is not this version's reference answer")]
    AnswerMismatch(String),
    /// The check was interrupted ([`crate::stop_live_runs`]): its runs were ended, so no
    /// report is made of them.
    #[error("interrupted")]
    Interrupted,
}

/// The reference's answer to a case, as each puzzle writes it.
pub(crate) enum ReferenceAnswer {
    Npuzzle(NpuzzleExpected),
    Digits(String),
}

/// A case ready to run: its canonical method, reference config, the reference on it and the
/// expected answer.
pub(crate) struct PreparedCase<'a> {
    pub(crate) case: &'a TestCase,
    pub(crate) method: String,
    pub(crate) base: Config,
    pub(crate) oracle: Oracle,
    pub(crate) reference: ReferenceAnswer,
}

impl PreparedCase<'_> {
    /// The graded values of the expected answer.
    pub(crate) fn expected_values(&self) -> Graded {
        match &self.reference {
            ReferenceAnswer::Npuzzle(e) => Graded::of_expected(Some(e)),
            ReferenceAnswer::Digits(text) => Graded::of_digits(text),
        }
    }

    /// What the case costs the reference: the nodes it expands (the N-puzzle's
    /// `nodes_expanded`, the length of the 3-digit expanded list).
    pub(crate) fn reference_cost(&self) -> u64 {
        match &self.reference {
            ReferenceAnswer::Npuzzle(e) => e.nodes_expanded,
            ReferenceAnswer::Digits(text) => {
                let expanded = text.lines().nth(1).unwrap_or_default();
                expanded.split(',').filter(|s| !s.trim().is_empty()).count() as u64
            }
        }
    }
}

pub(crate) fn prepare(puzzle: Puzzle, case: &TestCase, edition: Edition) -> Result<PreparedCase<'_>, CheckError> {
    let bad = |reason: String| CheckError::BadInput { name: case.name.clone(), reason };
    if case.puzzle != puzzle {
        return Err(CheckError::WrongPuzzle(case.name.clone()));
    }
    let strategy = match puzzle {
        Puzzle::Npuzzle if edition != Edition::Current => searchlab_npuzzle::parse_method_in(&case.method, edition)
            .map_err(|_| bad(CasesError::Method(case.method.clone()).to_string()))?,
        _ => case.strategy().map_err(|e| bad(e.to_string()))?,
    };
    let method = match puzzle {
        Puzzle::Npuzzle => searchlab_npuzzle::method_name(strategy),
        Puzzle::Digits => searchlab_threedigits::letter(strategy).ok_or_else(|| bad("no letter".to_owned()))?,
    };
    let text = match &case.expected {
        Expected::Plain(text) => text.clone(),
        Expected::Hashed(_) => {
            let text = match puzzle {
                Puzzle::Npuzzle => npuzzle_expected_text_in(method, case.input.trim(), edition),
                Puzzle::Digits => digits_expected_text(method, &case.input),
            };
            let text = text.map_err(|e| bad(e.to_string()))?;
            if !case.expected.matches(&text) {
                let other = other_edition(edition);
                let theirs = || npuzzle_expected_text_in(method, case.input.trim(), other);
                if puzzle == Puzzle::Npuzzle && theirs().is_ok_and(|t| case.expected.matches(&t)) {
                    return Err(bad(wrong_edition(other)));
                }
                return Err(CheckError::AnswerMismatch(case.name.clone()));
            }
            text
        }
    };
    let plain = TestCase { expected: Expected::Plain(text.clone()), ..case.clone() };
    let (base, oracle, reference) = match puzzle {
        Puzzle::Npuzzle => {
            let board = Board::parse(case.input.trim()).map_err(|e| bad(e.to_string()))?;
            let expected = plain.npuzzle_expected().ok_or_else(|| bad("the answer lacks a graded line".to_owned()))?;
            if expected.has_edition(Edition::Y2017) != edition.has_fringe_lines() {
                return Err(bad(wrong_edition(other_edition(edition))));
            }
            let base = Config::npuzzle(strategy).with_edition(edition);
            (base, Oracle::npuzzle(&board), ReferenceAnswer::Npuzzle(expected))
        }
        Puzzle::Digits => {
            let instance =
                parse_instance(case.input.as_bytes()).map_err(|e| bad(format!("the input file is not valid: {e}")))?;
            (Config::digits(strategy), Oracle::Digits(instance), ReferenceAnswer::Digits(text))
        }
    };
    Ok(PreparedCase { case, method: method.to_owned(), base, oracle, reference })
}

/// The N-puzzle edition a case of `edition` may have been written for instead.
fn other_edition(edition: Edition) -> Edition {
    if edition.has_fringe_lines() {
        Edition::Current
    } else {
        Edition::Y2017
    }
}

/// Why a case of the `other` edition is refused.
fn wrong_edition(other: Edition) -> String {
    format!("the answer is the {other} edition's: check it with --edition {other}")
}

/// How a program is run on a prepared case.
pub(crate) fn spec(p: &PreparedCase<'_>) -> RunSpec {
    p.case.puzzle.checked().run_spec(&p.method, &p.case.input)
}

/// The graded values of `run`, a run of a program of `puzzle`.
pub(crate) fn graded(puzzle: Puzzle, run: &RunResult, edition: Edition) -> Graded {
    puzzle.checked().graded_run(run, edition)
}

/// The diagnosis of `program`'s values on a prepared case: the combinations of the
/// method's variants under which the reference writes them.
pub(crate) fn run_diagnosis(puzzle: Puzzle, p: &PreparedCase<'_>, program: &Graded) -> Diagnosis {
    let variants = variants_for(puzzle, &p.method);
    let reference = p.oracle.output(&p.base);
    diagnose(&p.base, &variants, &reference, |c| p.oracle.output(c), |out| out == program)
}
