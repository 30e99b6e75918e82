//! Running the cases in rounds, so that the person waiting gets the verdict soon: the cases
//! that reveal the named rules (published, edge, a suite's) and a first batch of random ones
//! go first; then random cases in batches, each method stopping once its diagnosis is settled
//! ([`is_settled`]: the same explanation over two rounds and at least [`SETTLED_FAILURES`]
//! explained or format-only failures, [`SETTLED_UNEXPLAINED`] wrong answers that stay
//! unexplained, or, without a wrong answer, [`SETTLED_PASSES`] random cases passed or
//! [`SETTLED_STOPPED`] stopped by a timeout or a crash).
//! `--thorough` runs every case.

use searchlab_npuzzle::Edition;

use crate::cases::Puzzle;
use crate::judge::notes::{CHANCE, FORMAT_ONLY, NOTHING_EXPLAINS};
use crate::judge::oracle::Graded;
use crate::judge::prepare::{graded, run_diagnosis, spec, PreparedCase, ReferenceAnswer};
use crate::judge::summary::{explain_all, Failure};
use crate::judge::variants::{apply_all, find_variant, Variant};
use crate::judge::verdict::{run_problems, score};
use crate::judge::verdict_line::{VerdictHook, VerdictLine};
use crate::run::batch::run_all_watched;
use crate::{run_all, CommandTemplate, RunConfig, RunResult, RunSpec, TestReport, WRITTEN_LINES};

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
    /// Where the verdict line goes as soon as the runs settle it (none: not given).
    pub verdict: Option<VerdictHook>,
}

/// Random instances per round.
const ROUND_INSTANCES: usize = 10;
/// A method with failures is settled after this many explained ones with a stable explanation.
const SETTLED_FAILURES: usize = 3;
/// A method whose wrong answers no combination explains is settled after this many.
const SETTLED_UNEXPLAINED: usize = 10;
/// A method without wrong answers is settled after this many random cases passed.
pub(crate) const SETTLED_PASSES: usize = 50;
/// ... or after this many random cases whose run was stopped (a timeout, a crash): each is
/// said with its input, and more of them say nothing new while each costs up to twice the
/// time limit (run again alone when another run shared the machine).
pub(crate) const SETTLED_STOPPED: usize = 5;

/// One test's outcome: its report and, when it was diagnosed, the program's graded values.
pub(crate) type Outcome = (TestReport, Option<Graded>);

/// The rounds every program runs whole, whatever its answers: the first (every non-random case
/// and the first random instances) and the second. A method is settled at the earliest after
/// them, so a later round's tests are reported but not scored ([`TestReport::diagnosis_only`]).
pub const SCORED_ROUNDS: usize = 2;

/// Whether a case is one of the seeded random instances (`random-007-bfs`).
fn is_random(name: &str) -> bool {
    name.starts_with("random-")
}

/// The rounds of the cases given as (name, method) in order: indices into them; the first
/// holds every non-random case and the first random instances of each method, the others the
/// next random instances each.
fn rounds<'a>(cases: impl Iterator<Item = (&'a str, &'a str)>) -> Vec<Vec<usize>> {
    let cases: Vec<(&str, &str)> = cases.collect();
    let methods = cases.iter().filter(|(n, _)| is_random(n)).map(|(_, m)| m).collect::<std::collections::BTreeSet<_>>();
    let (random, first): (Vec<usize>, Vec<usize>) = (0..cases.len()).partition(|&i| is_random(cases[i].0));
    let chunk = ROUND_INSTANCES * methods.len().max(1);
    let mut out = vec![first];
    for (k, batch) in random.chunks(chunk).enumerate() {
        if k == 0 {
            out[0].extend_from_slice(batch);
        } else {
            out.push(batch.to_vec());
        }
    }
    out
}

/// The rounds of `prepared`.
fn rounds_of(prepared: &[PreparedCase<'_>]) -> Vec<Vec<usize>> {
    rounds(prepared.iter().map(|p| (p.case.name.as_str(), p.method.as_str())))
}

/// How many of `cases` every program is scored on: all of them with `thorough`, else those of
/// the first [`SCORED_ROUNDS`] rounds.
pub fn scored_cases(cases: &[crate::cases::TestCase], thorough: bool) -> usize {
    if thorough {
        return cases.len();
    }
    let rounds = rounds(cases.iter().map(|c| (c.name.as_str(), c.method.as_str())));
    rounds.iter().take(SCORED_ROUNDS).map(Vec::len).sum()
}

/// Runs the cases round by round (every case when `thorough`) and returns each case's outcome,
/// `None` for a random case left out because its method was settled. A method is settled by
/// failures that are explained or only of format, as by passes; the verdict line is given as
/// soon as a test fails.
pub(crate) fn run_rounds(
    puzzle: Puzzle,
    prepared: &[PreparedCase<'_>],
    options: &CheckOptions,
    run_config: &RunConfig,
    edition: Edition,
) -> Vec<Option<Outcome>> {
    let mut outcomes: Vec<Option<Outcome>> = (0..prepared.len()).map(|_| None).collect();
    let mut settled: Vec<String> = Vec::new();
    let mut last: Vec<(String, Vec<String>)> = Vec::new();
    let mut known = Known::default();
    let verdict = VerdictLine::new(options.verdict);
    for (k, round) in rounds_of(prepared).into_iter().enumerate() {
        let round: Vec<usize> = round.into_iter().filter(|&i| !settled.contains(&prepared[i].method)).collect();
        if round.is_empty() {
            continue;
        }
        let cases: Vec<&PreparedCase<'_>> = round.iter().map(|&i| &prepared[i]).collect();
        for (i, mut outcome) in
            round.iter().zip(run_round(puzzle, &cases, options, run_config, edition, &mut known, &verdict))
        {
            outcome.0.diagnosis_only = !options.thorough && k >= SCORED_ROUNDS;
            outcomes[*i] = Some(outcome);
        }
        if options.thorough {
            continue;
        }
        let now = explanations(puzzle, prepared, &outcomes);
        let settling = k + 1 >= SCORED_ROUNDS;
        for state in now.iter().filter(|s| settling && is_settled(s, &last)) {
            if !settled.contains(&state.method) {
                settled.push(state.method.clone());
            }
        }
        last = now.into_iter().map(|s| (s.method, s.variants)).collect();
    }
    if !crate::run::contain::stopping() {
        verdict.finish(outcomes.iter().flatten().count());
    }
    outcomes
}

/// Whether a method draws no more random cases after this round, its explanations of the round
/// before being `last`: its wrong answers have the same explanation as then (format-only
/// failures count with them: their values are right) over at least [`SETTLED_FAILURES`];
/// [`SETTLED_UNEXPLAINED`] wrong answers stayed unexplained over two rounds (more of them would
/// not name a rule); or it gave no wrong answer over [`SETTLED_PASSES`] random cases passed or
/// [`SETTLED_STOPPED`] random cases stopped (crashes and timeouts are said with their inputs,
/// and more of them add nothing).
fn is_settled(state: &MethodState, last: &[(String, Vec<String>)]) -> bool {
    let stable = last.iter().any(|(m, v)| *m == state.method && *v == state.variants);
    let named = state.explained == 0 || !state.variants.is_empty();
    let failures = state.explained + state.format_only >= SETTLED_FAILURES && named && stable;
    let unexplained = state.explained >= SETTLED_UNEXPLAINED && state.variants.is_empty() && stable;
    let right = state.explained + state.format_only == 0;
    let passes = right && (state.random_passed >= SETTLED_PASSES || state.random_stopped >= SETTLED_STOPPED);
    failures || unexplained || passes
}

/// One method's state after a round.
struct MethodState {
    method: String,
    /// Failures diagnosed (their output read and compared).
    explained: usize,
    /// Failures whose values are the reference's (format faults only).
    format_only: usize,
    /// Random cases passed.
    random_passed: usize,
    /// Random cases whose run was stopped (timeout, crash, memory).
    random_stopped: usize,
    /// The combinations that explain every diagnosed failure.
    variants: Vec<String>,
}

/// Per method so far: diagnosed failures, random cases passed, and the combinations that
/// explain every diagnosed failure.
fn explanations(puzzle: Puzzle, prepared: &[PreparedCase<'_>], outcomes: &[Option<Outcome>]) -> Vec<MethodState> {
    let mut methods: Vec<String> = prepared.iter().map(|p| p.method.clone()).collect();
    methods.sort();
    methods.dedup();
    methods
        .into_iter()
        .map(|method| {
            let mine = || outcomes.iter().zip(prepared).filter(|(_, p)| p.method == method);
            let failures: Vec<Failure<'_>> = mine()
                .filter_map(|(o, p)| {
                    let (t, program) = o.as_ref()?;
                    Some(Failure {
                        base: &p.base,
                        oracle: &p.oracle,
                        program: program.as_ref()?,
                        combinations: &t.variants,
                    })
                })
                .collect();
            let random = |test: fn(&TestReport) -> bool| {
                mine().filter(|(o, p)| is_random(&p.case.name) && o.as_ref().is_some_and(|(t, _)| test(t))).count()
            };
            let (passed, stopped) = (random(|t| t.passed), random(|t| t.stopped.is_some()));
            let format_only = mine().filter(|(o, _)| o.as_ref().is_some_and(|(t, _)| t.has_note(FORMAT_ONLY))).count();
            let variants = if failures.is_empty() { Vec::new() } else { explain_all(puzzle, &failures) };
            MethodState {
                explained: failures.len(),
                format_only,
                random_passed: passed,
                random_stopped: stopped,
                variants,
                method,
            }
        })
        .collect()
}

/// One round: runs the cases, scores each run, settles the failures whose values are right
/// (format only), runs every other failed test again (an answer that changes is chance, not
/// a rule) and diagnoses the failures whose output could be read.
fn run_round(
    puzzle: Puzzle,
    prepared: &[&PreparedCase<'_>],
    options: &CheckOptions,
    run_config: &RunConfig,
    edition: Edition,
    known: &mut Known,
    verdict: &VerdictLine,
) -> Vec<Outcome> {
    let specs: Vec<RunSpec> = prepared.iter().map(|p| spec(p)).collect();
    let scored = |i: usize, run: &Result<RunResult, crate::RunError>| {
        let mut test = score(puzzle, prepared[i], run);
        if let (false, Ok(run)) = (test.passed, run) {
            format_only(puzzle, prepared[i], run, edition, &mut test);
        }
        test
    };
    // Each run is scored as it ends while the verdict line is still to give.
    let ended = |i: usize, run: &Result<RunResult, crate::RunError>| {
        if verdict.open() {
            verdict.scored(&scored(i, run));
        }
    };
    let runs = run_all_watched(&options.template, &specs, run_config, options.jobs, ended);
    let mut outcomes: Vec<Outcome> = runs.iter().enumerate().map(|(i, run)| (scored(i, run), None)).collect();
    let is_format_only = |i: &usize| outcomes[*i].0.has_note(FORMAT_ONLY);
    let failed: Vec<usize> = (0..outcomes.len()).filter(|i| !outcomes[*i].0.passed && !is_format_only(i)).collect();
    let failed = failed.into_iter();
    // A run that timed out while other runs shared the machine is run again alone, after the
    // others: the time limit is the program's own, not shared with check's parallel runs.
    let timed_out = |i: &usize| runs[*i].as_ref().is_ok_and(|r| r.timed_out);
    let (slow, other): (Vec<usize>, Vec<usize>) = failed.partition(|i| options.jobs > 1 && timed_out(i));
    let rerun = |which: &[usize], jobs| {
        let specs: Vec<RunSpec> = which.iter().map(|&i| specs[i].clone()).collect();
        run_all(&options.template, &specs, run_config, jobs)
    };
    let again = rerun(&other, options.jobs);
    for (&i, second) in other.iter().zip(&again) {
        let (Ok(first), Ok(second)) = (&runs[i], second) else { continue };
        let (test, slot) = &mut outcomes[i];
        *slot = diagnose_failure(puzzle, prepared[i], test, (first, second), edition, known);
    }
    let alone = rerun(&slow, 1);
    for (&i, run) in slow.iter().zip(&alone) {
        let Ok(run) = run else { continue };
        if run.timed_out {
            continue;
        }
        // Finished alone: that run is the answer (its chance is not tested: one run only).
        let mut test = score(puzzle, prepared[i], &Ok(run.clone()));
        test.notes.push(format!(
            "timed out while another run shared the machine; run again alone, it finished in {:.1} s",
            run.wall_time.as_secs_f64()
        ));
        let slot = if test.passed {
            None
        } else {
            diagnose_failure(puzzle, prepared[i], &mut test, (run, run), edition, known)
        };
        outcomes[i] = (test, slot);
    }
    outcomes
}

/// The combinations found so far on each method's failed tests (method → `a+b` names), tried
/// first on its next failures: a program that breaks the same rules on every test is then
/// diagnosed with one reference run per test instead of the search over every combination.
#[derive(Default)]
pub(crate) struct Known(std::collections::BTreeMap<String, Vec<String>>);

impl Known {
    /// The known combinations of `p`'s method under which the reference writes `program`.
    fn fitting(&self, puzzle: Puzzle, p: &PreparedCase<'_>, program: &Graded) -> Vec<String> {
        let Some(list) = self.0.get(&p.method) else { return Vec::new() };
        list.iter()
            .filter(|rules| {
                let chosen: Option<Vec<&Variant>> = rules.split('+').map(|n| find_variant(puzzle, n)).collect();
                chosen.is_some_and(|chosen| p.oracle.output(&apply_all(&p.base, &chosen)) == *program)
            })
            .cloned()
            .collect()
    }

    /// Records the combinations a full diagnosis found on a failure of `method`.
    fn add(&mut self, method: &str, found: &[String]) {
        let list = self.0.entry(method.to_owned()).or_default();
        for rules in found {
            if !list.contains(rules) {
                list.push(rules.clone());
            }
        }
    }
}

/// The diagnosis of one failed test from its two runs: chance, a run that went wrong, format
/// only, or the named rules (whole or partial); the program's values when diagnosed. The
/// combinations already `known` on the method that reproduce this test are its diagnosis
/// when there are any; otherwise the search over every combination runs and adds to them.
fn diagnose_failure(
    puzzle: Puzzle,
    p: &PreparedCase<'_>,
    test: &mut TestReport,
    (first, second): (&RunResult, &RunResult),
    edition: Edition,
    known: &mut Known,
) -> Option<Graded> {
    let program = graded(puzzle, first, edition);
    if program != graded(puzzle, second, edition) {
        test.notes.push(CHANCE.to_owned());
        return None;
    }
    // A crash, a hang or a flood is the diagnosis: no rule is blamed for what it left.
    if !run_problems(puzzle, first).is_empty() || puzzle.checked().wrote_nothing(first) {
        return None;
    }
    let fitting = known.fitting(puzzle, p, &program);
    if !fitting.is_empty() {
        test.variants = fitting;
        not_optimal_note(p, first, test);
        return Some(program);
    }
    let d = run_diagnosis(puzzle, p, &program);
    known.add(&p.method, &d.combinations);
    test.variants = d.combinations.clone();
    if d.combinations.is_empty() {
        test.notes.push(format!("{NOTHING_EXPLAINS} ({} of them change the reference's output here)", d.active.len()));
        test.partial = crate::judge::partial::explain_parts(puzzle, p, &program);
    }
    not_optimal_note(p, first, test);
    Some(program)
}

/// Marks a failed test whose run has the reference's values (it ran cleanly and only its
/// format is off) with [`FORMAT_ONLY`] and keeps the first lines it wrote as the example.
fn format_only(puzzle: Puzzle, p: &PreparedCase<'_>, run: &RunResult, edition: Edition, test: &mut TestReport) {
    let checked = puzzle.checked();
    if !run_problems(puzzle, run).is_empty()
        || checked.wrote_nothing(run)
        || graded(puzzle, run, edition) != p.expected_values()
    {
        return;
    }
    test.notes.push(FORMAT_ONLY.to_owned());
    let text = checked.answer_text(run).unwrap_or_default();
    test.written = text.lines().take(WRITTEN_LINES).map(cut).collect();
}

/// A written line cut to its first 100 characters.
fn cut(line: &str) -> String {
    const MAX: usize = 100;
    match line.char_indices().nth(MAX) {
        Some((at, _)) => format!("{}…", &line[..at]),
        None => line.to_owned(),
    }
}

/// The note of an A* answer longer than the optimal path.
fn not_optimal_note(p: &PreparedCase<'_>, run: &RunResult, test: &mut TestReport) {
    let reference_moves = match (&p.reference, p.base.strategy) {
        (ReferenceAnswer::Npuzzle(e), searchlab_core::Strategy::AStar) => Some(e.path_to_goal.len()),
        _ => None,
    };
    crate::judge::verdict::not_optimal_note(reference_moves, run, test);
}

#[cfg(test)]
#[path = "rounds_tests.rs"]
mod tests;
