//! Running the cases in rounds, so that the person waiting gets the verdict soon: the cases
//! that reveal the named rules (published, edge, a suite's) and a first batch of random ones
//! go first; then random cases in batches, each method stopping once its diagnosis is settled
//! ([`is_settled`]: the same explanation over two rounds and at least [`SETTLED_FAILURES`]
//! explained or format-only failures, [`SETTLED_UNEXPLAINED`] wrong answers that stay
//! unexplained, or fewer of either once [`SETTLED_IN_A_ROW`] random cases in a row passed;
//! without a wrong answer, [`SETTLED_PASSES`] random cases passed or [`SETTLED_STOPPED`]
//! stopped by a timeout or a crash; fewer passes when each takes [`SLOW_RUN_SECONDS`]).
//! `--thorough` runs every case.

use searchlab_npuzzle::Edition;

use crate::cases::Puzzle;
use crate::judge::notes::FORMAT_ONLY;
use crate::judge::prepare::PreparedCase;
use crate::judge::round::{run_round, CheckOptions, Context, Memory, Outcome};
use crate::judge::summary::{explain_all, Failure};
use crate::judge::verdict_line::VerdictLine;
use crate::{RunConfig, TestReport};

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
/// ... or, when its last ten random runs that passed took this long on average (the
/// program's own seconds), after the scored rounds: another round would cost ten seconds or
/// more of runs that so far said nothing.
const SLOW_RUN_SECONDS: f64 = 1.0;
/// A method with wrong answers is settled, whatever their number, once this many random cases
/// in a row passed since its last failure: two rounds that said nothing new.
const SETTLED_IN_A_ROW: usize = 2 * ROUND_INSTANCES;

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
    let mut last: Vec<MethodState> = Vec::new();
    let mut memory = Memory::default();
    let verdict = VerdictLine::new(options.verdict);
    let cx = Context { puzzle, options, run_config, edition, verdict: &verdict };
    for (k, round) in rounds_of(prepared).into_iter().enumerate() {
        let round: Vec<usize> = round.into_iter().filter(|&i| !settled.contains(&prepared[i].method)).collect();
        if round.is_empty() {
            continue;
        }
        let cases: Vec<&PreparedCase<'_>> = round.iter().map(|&i| &prepared[i]).collect();
        for (i, mut outcome) in round.iter().zip(run_round(&cx, &cases, &mut memory)) {
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
        last = now;
    }
    if !crate::run::contain::stopping() {
        verdict.finish(outcomes.iter().flatten().count());
    }
    outcomes
}

/// Whether a method draws no more random cases after this round, its state after the round
/// before being in `last`. With wrong answers: their explanation is the same as then
/// (format-only failures count with them: their values are right), over at least
/// [`SETTLED_FAILURES`] failures, or over fewer once [`SETTLED_IN_A_ROW`] random cases passed
/// since the last failure (more would only pass again); the same for wrong answers that stay
/// unexplained, over [`SETTLED_UNEXPLAINED`] (more of them would not name a rule), or over
/// [`SETTLED_FAILURES`] when some of them are named and the round brought no new kind of
/// failure. Without: [`SETTLED_PASSES`] random cases passed or [`SETTLED_STOPPED`] stopped
/// (crashes and timeouts are said with their inputs, and more of them add nothing). Either
/// way, fewer passes do when the last ten took [`SLOW_RUN_SECONDS`] each.
fn is_settled(state: &MethodState, last: &[MethodState]) -> bool {
    let before = last.iter().find(|l| l.method == state.method);
    let stable = before.is_some_and(|l| l.variants == state.variants);
    let same_kinds = before.is_some_and(|l| l.kinds == state.kinds) && state.kinds.iter().any(|k| !k.is_empty());
    let wrong = state.explained + state.format_only > 0;
    let quiet = state.random_passed >= SETTLED_PASSES || state.latest_mean >= SLOW_RUN_SECONDS;
    let enough = quiet || (wrong && state.passes_in_a_row >= SETTLED_IN_A_ROW);
    let named = state.explained == 0 || !state.variants.is_empty();
    let failures = (state.explained + state.format_only >= SETTLED_FAILURES || enough) && named && stable;
    let unexplained = state.explained > 0
        && (state.explained >= SETTLED_UNEXPLAINED || enough || (same_kinds && state.explained >= SETTLED_FAILURES))
        && state.variants.is_empty()
        && stable;
    let passes = !wrong && (quiet || state.random_stopped >= SETTLED_STOPPED);
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
    /// The program's mean seconds on the last [`ROUND_INSTANCES`] random cases it passed
    /// (what another round of them would cost per case).
    latest_mean: f64,
    /// Random cases passed since its last failed random case (all of them without one).
    passes_in_a_row: usize,
    /// Random cases whose run was stopped (timeout, crash, memory).
    random_stopped: usize,
    /// The combinations that explain every diagnosed failure.
    variants: Vec<String>,
    /// The kinds of its diagnosed failures: each one's combinations (`a+b | c`), empty for
    /// one that none explains.
    kinds: std::collections::BTreeSet<String>,
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
            // The random cases run, in their order (a round takes the next ten).
            let random: Vec<&TestReport> = mine()
                .filter(|(_, p)| is_random(&p.case.name))
                .filter_map(|(o, _)| o.as_ref().map(|(t, _)| t))
                .collect();
            let passes: Vec<f64> = random.iter().filter(|t| t.passed).map(|t| t.program_seconds).collect();
            let latest = &passes[passes.len().saturating_sub(ROUND_INSTANCES)..];
            let latest_mean = latest.iter().sum::<f64>() / latest.len().max(1) as f64;
            let passes_in_a_row = random.iter().fold(0, |row, t| if t.passed { row + 1 } else { 0 });
            let stopped = random.iter().filter(|t| t.stopped.is_some()).count();
            let format_only = mine().filter(|(o, _)| o.as_ref().is_some_and(|(t, _)| t.has_note(FORMAT_ONLY))).count();
            let variants = if failures.is_empty() { Vec::new() } else { explain_all(puzzle, &failures) };
            let kinds = failures.iter().map(|f| f.combinations.join(" | ")).collect();
            MethodState {
                explained: failures.len(),
                format_only,
                random_passed: passes.len(),
                latest_mean,
                passes_in_a_row,
                random_stopped: stopped,
                variants,
                kinds,
                method,
            }
        })
        .collect()
}

#[cfg(test)]
#[path = "rounds_tests.rs"]
mod tests;
