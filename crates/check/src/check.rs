//! `check`: run a program on test cases, score each run as the graders do, and diagnose
//! every failure (format faults, crashes, chance, then the named rules that explain it).

use searchlab_npuzzle::{Board, Edition};
use searchlab_threedigits::parse_instance;

use crate::cases::{digits_expected_text, npuzzle_expected_text_in, CasesError, Expected, Puzzle, TestCase};
use crate::diagnose::{diagnose, Diagnosis};
use crate::oracle::{Graded, Oracle};
use crate::summary::{common, explain_all, Failure};
use crate::variant::variants_for;
use crate::{
    read_npuzzle_run, CheckReport, CommandTemplate, Config, NpuzzleExpected, Partial, RunConfig, RunResult, RunSpec,
    Values,
};

/// How `check` runs.
#[derive(Debug, Clone)]
pub struct CheckOptions {
    /// The program's command line, with placeholders.
    pub template: CommandTemplate,
    /// Timeout, output caps, folders.
    pub run: RunConfig,
    /// Parallel runs (0: one per core).
    pub jobs: usize,
    /// Run every case; otherwise the cases that reveal the rules run first and a method stops
    /// drawing random cases once its diagnosis is settled (the same explanation over two
    /// rounds of ten random instances, or fifty random cases passed).
    pub thorough: bool,
}

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
}

fn prepare(puzzle: Puzzle, case: &TestCase, edition: Edition) -> Result<PreparedCase<'_>, CheckError> {
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

pub(crate) fn spec(p: &PreparedCase<'_>) -> RunSpec {
    match p.case.puzzle {
        Puzzle::Npuzzle => RunSpec {
            values: Values {
                method: Some(p.method.clone()),
                board: Some(p.case.input.trim().to_owned()),
                ..Values::default()
            },
            input: None,
        },
        Puzzle::Digits => RunSpec {
            values: Values { letter: Some(p.method.clone()), ..Values::default() },
            input: Some(p.case.input.clone().into_bytes()),
        },
    }
}

pub(crate) fn graded(puzzle: Puzzle, run: &RunResult, edition: Edition) -> Graded {
    match puzzle {
        Puzzle::Npuzzle => Graded::of_npuzzle(read_npuzzle_run(run).as_ref(), edition),
        Puzzle::Digits => Graded::of_digits(&run.stdout.text),
    }
}

/// Runs every case, scores it and diagnoses every failure. Errors only for cases that cannot
/// be checked at all (a bad input file, a case of the other puzzle, a hashed answer that is
/// not the reference's); whatever the program does is a test result.
pub fn check(puzzle: Puzzle, cases: &[TestCase], options: &CheckOptions) -> Result<CheckReport, CheckError> {
    check_in(puzzle, cases, options, Edition::Current)
}

/// [`check`] in the N-puzzle assignment's `edition`: in the 2017 edition the answers have the
/// fringe lines, scored exactly and compared by the diagnosis, and `ida` cases are accepted
/// (no variant applies to them). A case whose plain answer is the other edition's is refused.
pub fn check_in(
    puzzle: Puzzle,
    cases: &[TestCase],
    options: &CheckOptions,
    edition: Edition,
) -> Result<CheckReport, CheckError> {
    let prepared = cases.iter().map(|c| prepare(puzzle, c, edition)).collect::<Result<Vec<_>, _>>()?;
    let run_config = graded_streams(puzzle, &options.run);
    let outcomes = crate::rounds::run_rounds(puzzle, &prepared, options, &run_config, edition);
    if crate::contain::stopping() {
        return Err(CheckError::Interrupted);
    }
    let mut not_run: Vec<&str> = Vec::new();
    let (mut tests, mut programs, mut ran) = (Vec::new(), Vec::new(), Vec::new());
    for (p, outcome) in prepared.iter().zip(outcomes) {
        match outcome {
            Some((test, program)) => {
                tests.push(test);
                programs.push(program);
                ran.push(p);
            }
            None => not_run.push(&p.method),
        }
    }
    let mut report = CheckReport::new(puzzle, options.template.as_str(), tests);
    for method in not_run {
        if let Some(m) = report.summary.methods.get_mut(method) {
            m.not_run += 1;
        }
    }
    summarize(&mut report, &ran, &programs);
    Ok(report)
}

/// The run settings for `puzzle`: the N-puzzle's grader reads `output.txt` and never stdout,
/// so a driver that prints every state is not stopped for it (its timeout still bounds it; only
/// the capped head is kept); the 3-digit answer is stdout, where the flood limit stays.
fn graded_streams(puzzle: Puzzle, run: &RunConfig) -> RunConfig {
    match puzzle {
        Puzzle::Npuzzle => RunConfig { flood_limit: u64::MAX, ..run.clone() },
        Puzzle::Digits => run.clone(),
    }
}

/// Diagnoses `output` as if a program had written it for `case`: an N-puzzle program's
/// `output.txt`, a 3-digit program's stdout. No program is run.
pub fn diagnose_output(puzzle: Puzzle, case: &TestCase, output: &str) -> Result<Diagnosis, CheckError> {
    let (p, program) = pasted(puzzle, case, output)?;
    Ok(run_diagnosis(puzzle, &p, &program))
}

/// The case prepared and `output` read as a program's values, for the diagnoses of an output
/// that no program wrote here.
fn pasted<'a>(puzzle: Puzzle, case: &'a TestCase, output: &str) -> Result<(PreparedCase<'a>, Graded), CheckError> {
    let p = prepare(puzzle, case, Edition::Current)?;
    let program = match puzzle {
        Puzzle::Npuzzle => Graded::of_npuzzle(Some(&crate::read_npuzzle(output)), Edition::Current),
        Puzzle::Digits => Graded::of_digits(output),
    };
    Ok((p, program))
}

/// The partial explanations of `output` for `case` (each part of the output, or group of
/// parts, that a combination reproduces), as `check` reports them on a failed test that no
/// combination explains whole. Empty when the output is the reference's or cannot be split.
pub fn partial_of_output(puzzle: Puzzle, case: &TestCase, output: &str) -> Result<Vec<Partial>, CheckError> {
    let (p, program) = pasted(puzzle, case, output)?;
    Ok(crate::partial::explain_parts(puzzle, &p, &program))
}

/// The note for a program whose answer changes from run to run.
pub const CHANCE: &str = "the answer changes from run to run: ties broken by memory address or random numbers";

/// The note for a failed test that no combination explains.
pub(crate) const NOTHING_EXPLAINS: &str = "no combination of up to three named rules reproduces this output";

/// The note for a failed test whose values are right and whose format is not.
pub const FORMAT_ONLY: &str = "the values are the reference's: only the format differs";

pub(crate) fn run_diagnosis(puzzle: Puzzle, p: &PreparedCase<'_>, program: &Graded) -> Diagnosis {
    let variants = variants_for(puzzle, &p.method);
    let reference = p.oracle.output(&p.base);
    diagnose(&p.base, &variants, &reference, |c| p.oracle.output(c), |out| out == program)
}

/// Fills each method's combinations from its diagnosed failures (`programs[i]` is the
/// program's values on test `i` when it was diagnosed), and the whole run's: those every
/// method with a diagnosed failure has.
fn summarize(report: &mut CheckReport, prepared: &[&PreparedCase<'_>], programs: &[Option<Graded>]) {
    let puzzle = report.puzzle;
    let mut per_method: Vec<(String, Vec<String>)> = Vec::new();
    for (method, m) in report.summary.methods.iter_mut() {
        let failures: Vec<Failure<'_>> = (0..prepared.len())
            .filter(|&i| report.tests[i].method == *method)
            .filter_map(|i| {
                let program = programs[i].as_ref()?;
                let p = &prepared[i];
                Some(Failure { base: &p.base, oracle: &p.oracle, program, combinations: &report.tests[i].variants })
            })
            .collect();
        if !failures.is_empty() {
            m.variants = explain_all(puzzle, &failures);
            if m.variants.is_empty() {
                let partials =
                    (0..prepared.len()).filter(|&i| programs[i].is_some() && report.tests[i].method == *method);
                let partials: Vec<&[crate::Partial]> = partials.map(|i| report.tests[i].partial.as_slice()).collect();
                m.partial = crate::partial::summarize(puzzle, &failures, &partials);
            }
            per_method.push((method.clone(), m.variants.clone()));
        }
    }
    // The method's combinations reproduce each of its diagnosed tests, those whose own search
    // skipped a rule that changes nothing alone there included.
    for (method, variants) in per_method.iter().filter(|(_, v)| !v.is_empty()) {
        for (test, _) in report.tests.iter_mut().zip(programs).filter(|(t, p)| p.is_some() && t.method == *method) {
            if test.variants.is_empty() {
                test.variants = variants.clone();
                test.notes.retain(|n| !n.starts_with(NOTHING_EXPLAINS));
            }
        }
    }
    let lists: Vec<&[String]> = per_method.iter().map(|(_, v)| v.as_slice()).collect();
    report.summary.variants = common(&lists);
}
