//! A case made ready to run: its canonical method, the reference's config and oracle on its
//! input, the expected answer, and how a program is run on it and its output read.

use searchlab_npuzzle::Edition;

use crate::cases::{CasesError, Expected, Puzzle, TestCase};
use crate::judge::diagnose::{diagnose, Diagnosis};
use crate::judge::oracle::{Graded, Oracle};
use crate::judge::reference_answer::ReferenceAnswer;
use crate::judge::variants::variants_for;
use crate::{Config, RunResult, RunSpec};

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
        self.reference.graded()
    }

    /// What the case costs the reference ([`ReferenceAnswer::cost`]).
    pub(crate) fn reference_cost(&self) -> u64 {
        self.reference.cost()
    }
}

/// `case`, a case of `puzzle` in `edition`, made ready: its method in the canonical spelling,
/// the expected answer (computed from the input and checked against the suite's hash when the
/// suite holds only that) and the reference on its input, each as the puzzle says.
pub(crate) fn prepare(puzzle: Puzzle, case: &TestCase, edition: Edition) -> Result<PreparedCase<'_>, CheckError> {
    let bad = |reason: String| CheckError::BadInput { name: case.name.clone(), reason };
    if case.puzzle != puzzle {
        return Err(CheckError::WrongPuzzle(case.name.clone()));
    }
    let checked = puzzle.checked();
    let strategy = checked
        .strategy_in(&case.method, edition)
        .ok_or_else(|| bad(CasesError::Method(case.method.clone()).to_string()))?;
    let method = checked.method_of(strategy).ok_or_else(|| bad("no letter".to_owned()))?;
    let text = match &case.expected {
        Expected::Plain(text) => text.clone(),
        Expected::Hashed(_) => {
            let text = checked.expected_text(method, &case.input, edition).map_err(|e| bad(e.to_string()))?;
            if !case.expected.matches(&text) {
                return Err(match checked.hashed_for_other_edition(case, method, edition) {
                    Some(why) => bad(why),
                    None => CheckError::AnswerMismatch(case.name.clone()),
                });
            }
            text
        }
    };
    let (base, oracle, reference) = checked.reference(case, strategy, text, edition).map_err(bad)?;
    Ok(PreparedCase { case, method: method.to_owned(), base, oracle, reference })
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
