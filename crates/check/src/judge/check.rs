//! `check`: run a program on test cases, score each run as the graders do, and diagnose
//! every failure (format faults, crashes, chance, then the named rules that explain it).

use searchlab_npuzzle::Edition;

use crate::cases::{Puzzle, TestCase};
use crate::judge::diagnose::Diagnosis;
use crate::judge::notes::NOTHING_EXPLAINS;
use crate::judge::oracle::Graded;
use crate::judge::prepare::{prepare, run_diagnosis, CheckError, PreparedCase};
use crate::judge::round::CheckOptions;
use crate::judge::summary::{common, explain_all, Failure};
use crate::{CheckReport, Partial};

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
    let run_config = puzzle.checked().run_config(&options.run);
    let outcomes = crate::judge::rounds::run_rounds(puzzle, &prepared, options, &run_config, edition);
    if crate::run::contain::stopping() {
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
    let program = puzzle.checked().graded_output(output);
    Ok((p, program))
}

/// The partial explanations of `output` for `case` (each part of the output, or group of
/// parts, that a combination reproduces), as `check` reports them on a failed test that no
/// combination explains whole. Empty when the output is the reference's or cannot be split.
pub fn partial_of_output(puzzle: Puzzle, case: &TestCase, output: &str) -> Result<Vec<Partial>, CheckError> {
    let (p, program) = pasted(puzzle, case, output)?;
    Ok(crate::judge::partial::explain_parts(puzzle, &p, &program))
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
                m.partial = crate::judge::partial::summarize(puzzle, &failures, &partials);
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
