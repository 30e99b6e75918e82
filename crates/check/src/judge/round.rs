//! One round of cases: every case run (those predicted to outlast the time limit left out),
//! each run scored, failures whose values are right settled as format only, every other failed
//! test run again (an answer that changes is chance), a run stopped while others shared the
//! machine run again alone (unless it computed for nearly all of its time), and the failures
//! diagnosed.

use std::sync::Mutex;

use searchlab_npuzzle::Edition;

use crate::cases::Puzzle;
use crate::judge::failure::{diagnose_failure, diagnose_from_one_run, Known, REPEATED};
use crate::judge::notes::FORMAT_ONLY;
use crate::judge::oracle::Graded;
use crate::judge::prepare::{graded, spec, PreparedCase};
use crate::judge::too_slow::{CaseCost, RunSpeed, SlowRuns};
use crate::judge::verdict::{run_problems, score};
use crate::judge::verdict_line::{VerdictHook, VerdictLine};
use crate::run::batch::run_all_gated;
use crate::{run_all, CommandTemplate, RunConfig, RunError, RunResult, RunSpec, TestReport, WRITTEN_LINES};

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
    /// drawing random cases once its diagnosis is settled (`rounds.rs`'s `is_settled`).
    pub thorough: bool,
    /// Where the verdict line goes as soon as the runs settle it (none: not given).
    pub verdict: Option<VerdictHook>,
}

/// One test's outcome: its report and, when it was diagnosed, the program's graded values.
pub(crate) type Outcome = (TestReport, Option<Graded>);

/// What every round of one check shares.
pub(crate) struct Context<'a> {
    pub(crate) puzzle: Puzzle,
    pub(crate) options: &'a CheckOptions,
    pub(crate) run_config: &'a RunConfig,
    pub(crate) edition: Edition,
    pub(crate) verdict: &'a VerdictLine,
}

/// What a round learns for the next: the combinations found on each method and how fast its
/// runs are.
#[derive(Default)]
pub(crate) struct Memory {
    known: Known,
    slow: SlowRuns,
}

/// A run, or `None` for a case left out as predicted to outlast the time limit.
type MaybeRun = Option<Result<RunResult, RunError>>;

impl Context<'_> {
    /// Whether runs share the machine: more than one at a time.
    fn shared(&self) -> bool {
        let jobs = if self.options.jobs == 0 { crate::default_jobs() } else { self.options.jobs };
        jobs > 1
    }

    /// A run of `p` scored, its format-only failure marked.
    fn scored(&self, p: &PreparedCase<'_>, run: &Result<RunResult, RunError>) -> TestReport {
        let mut test = score(self.puzzle, p, run);
        if let (false, Ok(run)) = (test.passed, run) {
            format_only(self.puzzle, p, run, self.edition, &mut test);
        }
        test
    }

    /// Runs `which` of `prepared`, the cheapest for the reference first, `jobs` at a time,
    /// each left out when `slow` predicts it outlasts the time limit (from runs alone only
    /// when `alone_only`; never with `--thorough`); each run's speed is recorded as it ends.
    fn runs(&self, prepared: &[&PreparedCase<'_>], which: &[usize], jobs: usize, slow: &mut SlowRuns) -> Vec<MaybeRun> {
        // order[k]: the position in `which` of the k-th run.
        let mut order: Vec<usize> = (0..which.len()).collect();
        order.sort_by_key(|&at| prepared[which[at]].reference_cost());
        let case = |k: usize| prepared[which[order[k]]];
        let specs: Vec<RunSpec> = (0..order.len()).map(|k| spec(case(k))).collect();
        let costs: Vec<CaseCost<'_>> = (0..order.len()).map(|k| CaseCost::of(case(k))).collect();
        let alone = jobs == 1 || !self.shared();
        let shared = Mutex::new(std::mem::take(slow));
        let lock = || shared.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let admit = |k: usize| self.options.thorough || !lock().predicts(costs[k], alone);
        let finished = |k: usize, run: &Result<RunResult, RunError>| {
            let clean = run.as_ref().is_ok_and(|r| run_problems(self.puzzle, r).is_empty());
            // A run kept busy to its limit says what a run alone would.
            let as_alone = alone || run.as_ref().is_ok_and(RunResult::kept_busy);
            lock().record(costs[k], RunSpeed::of(run, clean), as_alone);
        };
        // Each run is scored as it ends while the verdict line is still to give.
        let ended = |k: usize, run: &Result<RunResult, RunError>| {
            if self.verdict.open() {
                self.verdict.scored(&self.scored(case(k), run));
            }
        };
        let template = &self.options.template;
        let ran = run_all_gated(template, &specs, self.run_config, jobs, &admit, &finished, ended);
        *slow = shared.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner);
        let mut out: Vec<MaybeRun> = which.iter().map(|_| None).collect();
        for (k, run) in ran.into_iter().enumerate() {
            out[order[k]] = run;
        }
        out
    }
}

/// One round: runs the cases (those predicted to outlast the time limit left out), scores
/// each run, settles the failures whose values are right (format only), runs every other
/// failed test again (an answer that changes is chance, not a rule), runs alone a run stopped
/// while others shared the machine that did not compute for nearly all of its time, and
/// diagnoses the failures whose output could be read.
pub(crate) fn run_round(cx: &Context<'_>, prepared: &[&PreparedCase<'_>], memory: &mut Memory) -> Vec<Outcome> {
    let all: Vec<usize> = (0..prepared.len()).collect();
    let runs = cx.runs(prepared, &all, cx.options.jobs, &mut memory.slow);
    let mut outcomes: Vec<Outcome> = runs
        .iter()
        .zip(prepared)
        .map(|(run, p)| match run {
            Some(run) => (cx.scored(p, run), None),
            None => (memory.slow.left_out(p, cx.run_config.timeout, !cx.shared()), None),
        })
        .collect();
    let is_format_only = |i: &usize| outcomes[*i].0.has_note(FORMAT_ONLY);
    let failed: Vec<usize> =
        all.iter().copied().filter(|i| runs[*i].is_some() && !outcomes[*i].0.passed && !is_format_only(i)).collect();
    // A run that timed out while other runs shared the machine is run again alone, after the
    // others: the time limit is the program's own, not shared with check's parallel runs.
    let timed_out = |i: &usize| runs[*i].as_ref().is_some_and(|r| r.as_ref().is_ok_and(|r| r.timed_out));
    // Alone, a run stopped at the time limit has nothing to run again for; nor has one that
    // computed for nearly all of its time beside the others (but `--thorough` runs it).
    let (slow, other): (Vec<usize>, Vec<usize>) = failed.into_iter().partition(|i| timed_out(i));
    let slow = if cx.shared() { slow } else { Vec::new() };
    let (busy, slow): (Vec<usize>, Vec<usize>) =
        slow.into_iter().partition(|&i| !cx.options.thorough && kept_busy(&runs[i]));
    for i in busy {
        let Some(Ok(run)) = &runs[i] else { continue };
        outcomes[i].0.notes.push(busy_note(run));
    }
    second_runs(cx, prepared, (&runs, other), &mut outcomes, memory);
    let alone = cx.runs(prepared, &slow, 1, &mut memory.slow);
    finish_alone(cx, prepared, (&slow, &alone), &mut outcomes, memory, false);
    // Left out on the strength of a run that shared the machine and then finished alone.
    let left_out: Vec<usize> = all.iter().copied().filter(|&i| runs[i].is_none()).collect();
    let revived: Vec<usize> =
        left_out.into_iter().filter(|&i| !memory.slow.predicts(CaseCost::of(prepared[i]), true)).collect();
    let alone = cx.runs(prepared, &revived, 1, &mut memory.slow);
    finish_alone(cx, prepared, (&revived, &alone), &mut outcomes, memory, true);
    outcomes
}

/// The failed tests `failed` (whose first runs are in `runs`) run a second time, an answer
/// that changes being chance, and diagnosed in the round's order. Each method's first
/// [`REPEATED`] failures go first; once its second runs repeated the first, a later failure
/// that a combination found on it reproduces is diagnosed from its one run, and only the
/// others are run again.
fn second_runs(
    cx: &Context<'_>,
    prepared: &[&PreparedCase<'_>],
    (runs, failed): (&[MaybeRun], Vec<usize>),
    outcomes: &mut [Outcome],
    memory: &mut Memory,
) {
    let mut taken: std::collections::BTreeMap<&str, usize> = std::collections::BTreeMap::new();
    let (first, later): (Vec<usize>, Vec<usize>) = failed.into_iter().partition(|&i| {
        let method = prepared[i].method.as_str();
        let n = taken.entry(method).or_default();
        *n += 1;
        !memory.known.repeatable(method) && *n <= REPEATED
    });
    run_twice(cx, prepared, (runs, &first), outcomes, memory);
    let mut again = Vec::new();
    for i in later {
        let Some(Ok(run)) = &runs[i] else { continue };
        let (test, slot) = &mut outcomes[i];
        *slot = diagnose_from_one_run((cx.puzzle, cx.edition), prepared[i], test, run, &memory.known);
        if slot.is_none() {
            again.push(i);
        }
    }
    run_twice(cx, prepared, (runs, &again), outcomes, memory);
}

/// Runs `which` of `prepared` a second time and diagnoses each from both runs.
fn run_twice(
    cx: &Context<'_>,
    prepared: &[&PreparedCase<'_>],
    (runs, which): (&[MaybeRun], &[usize]),
    outcomes: &mut [Outcome],
    memory: &mut Memory,
) {
    if which.is_empty() {
        return;
    }
    let specs: Vec<RunSpec> = which.iter().map(|&i| spec(prepared[i])).collect();
    let again = run_all(&cx.options.template, &specs, cx.run_config, cx.options.jobs);
    for (&i, second) in which.iter().zip(&again) {
        let (Some(Ok(first)), Ok(second)) = (&runs[i], second) else { continue };
        let (test, slot) = &mut outcomes[i];
        *slot = diagnose_failure((cx.puzzle, cx.edition), prepared[i], test, (first, Some(second)), &mut memory.known);
    }
}

/// Whether `run` was stopped at the time limit after computing for nearly all of it.
fn kept_busy(run: &MaybeRun) -> bool {
    run.as_ref().is_some_and(|r| r.as_ref().is_ok_and(RunResult::kept_busy))
}

/// The note of a run stopped while another shared the machine that was not run again alone.
fn busy_note(run: &RunResult) -> String {
    format!(
        "timed out while another run shared the machine, computing for {:.1} of its {} s: alone it would not \
         finish sooner, so it was not run again",
        run.cpu_at_stop.unwrap_or_default().as_secs_f64(),
        run.timeout.as_secs_f64()
    )
}

/// The outcomes of the runs of `which` made alone, first runs when `revived` (cases left out
/// on the strength of a stopped run that then finished alone), else second runs of runs
/// stopped while sharing the machine: a run that finished is the answer (its chance is not
/// tested: one run only); a second run stopped again keeps the first run's report.
fn finish_alone(
    cx: &Context<'_>,
    prepared: &[&PreparedCase<'_>],
    (which, runs): (&[usize], &[MaybeRun]),
    outcomes: &mut [Outcome],
    memory: &mut Memory,
    revived: bool,
) {
    for (&i, run) in which.iter().zip(runs) {
        let Some(run) = run else {
            if revived {
                // Left out again, now on the strength of a run stopped alone: say which.
                outcomes[i] = (memory.slow.left_out(prepared[i], cx.run_config.timeout, true), None);
            }
            continue;
        };
        if revived {
            outcomes[i] = (cx.scored(prepared[i], run), None);
        }
        let Ok(run) = run else { continue };
        if run.timed_out {
            continue;
        }
        let mut test = cx.scored(prepared[i], &Ok(run.clone()));
        if !revived {
            test.notes.push(format!(
                "timed out while another run shared the machine; run again alone, it finished in {:.1} s",
                run.wall_time.as_secs_f64()
            ));
        }
        let slot = if test.passed {
            None
        } else {
            diagnose_failure((cx.puzzle, cx.edition), prepared[i], &mut test, (run, None), &mut memory.known)
        };
        outcomes[i] = (test, slot);
    }
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
