//! Solving a list of instances on `jobs` worker threads (one instance per thread, each search on
//! its own thread), with a per-instance time limit.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

use super::clock::{CpuClock, LimitClock};
use super::record::{InstanceRecord, InstanceStatus};
use crate::benchmarks::BenchmarkInstance;
use crate::error::BatchError;
use crate::ida::{IdaOutcome, IdaProgress};
use crate::solver::Solver;

/// How a batch runs.
#[derive(Debug, Clone, Default)]
pub struct BatchConfig {
    /// Instances solved at once, one per worker thread (at least 1, at most one per instance).
    pub jobs: usize,
    /// Limit per instance, on the clock `clock`; an instance that reaches it ends as
    /// [`InstanceStatus::TimeLimit`].
    pub time_limit: Option<Duration>,
    /// The clock `time_limit` is measured on.
    pub clock: LimitClock,
    /// Raised by someone else (e.g. Ctrl-C): the instances in flight stop, none starts, and the
    /// batch ends with [`BatchEnd::Interrupted`].
    pub stop: Option<Arc<AtomicBool>>,
}

/// How a batch ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BatchEnd {
    /// Every instance finished (solved or stopped by a limit).
    Finished,
    /// The stop flag was raised; the instances in flight were dropped.
    Interrupted,
}

/// How often a running instance's watcher looks at its clock and the stop flags.
const WATCH_PERIOD: Duration = Duration::from_millis(20);

/// Solves `instances` with `solver` on `config.jobs` threads, taking them in order. `on_done` runs
/// on the calling thread with each finished instance's position in `instances` and its record, in
/// finishing order; its error (or a solver error) stops the batch and is returned once the
/// instances in flight have stopped.
///
/// ```
/// use searchlab_npuzzle::Board;
/// use searchlab_solver::batch::{run_batch, BatchConfig, BatchEnd, InstanceStatus};
/// use searchlab_solver::benchmarks::BenchmarkInstance;
/// use searchlab_solver::{Solver, SolverConfig};
///
/// let solver = Solver::with_databases(&Board::goal(3)?, SolverConfig::default(), Vec::new())?;
/// let instances: Vec<BenchmarkInstance> = ["1,0,2,3,4,5,6,7,8", "3,1,2,0,4,5,6,7,8"]
///     .iter()
///     .enumerate()
///     .map(|(i, b)| Ok(BenchmarkInstance { id: i + 1, start: Board::parse(b)? }))
///     .collect::<Result<_, searchlab_npuzzle::BoardError>>()?;
/// let mut done = vec![None; 2];
/// let config = BatchConfig { jobs: 2, ..BatchConfig::default() };
/// let end = run_batch(&solver, &instances, &config, |i, record| {
///     done[i] = Some(record);
///     Ok::<(), searchlab_solver::BatchError>(())
/// })?;
/// assert_eq!(end, BatchEnd::Finished);
/// assert!(done.iter().flatten().all(|r| r.status == InstanceStatus::Solved && r.length == Some(1)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn run_batch<E: From<BatchError>>(
    solver: &Solver,
    instances: &[BenchmarkInstance],
    config: &BatchConfig,
    on_done: impl FnMut(usize, InstanceRecord) -> Result<(), E>,
) -> Result<BatchEnd, E> {
    run_batch_reporting(solver, instances, config, None, on_done)
}

/// The progress callback of [`run_batch_reporting`]: an instance's position in the batch's list
/// and how far its search got. It runs on the worker thread solving that instance.
pub type BatchProgressFn<'a> = dyn Fn(usize, &IdaProgress) + Sync + 'a;

/// [`run_batch`] telling `progress` how far each instance's search got, as
/// [`Solver::solve_reporting`] does, with the instance's position in `instances`.
pub fn run_batch_reporting<E: From<BatchError>>(
    solver: &Solver,
    instances: &[BenchmarkInstance],
    config: &BatchConfig,
    progress: Option<&BatchProgressFn<'_>>,
    mut on_done: impl FnMut(usize, InstanceRecord) -> Result<(), E>,
) -> Result<BatchEnd, E> {
    let next = AtomicUsize::new(0);
    let abort = AtomicBool::new(false);
    let stop = config.stop.as_deref();
    let (tx, rx) = mpsc::channel::<(usize, Result<Option<InstanceRecord>, BatchError>)>();
    std::thread::scope(|scope| {
        for _ in 0..config.jobs.clamp(1, instances.len().max(1)) {
            let tx = tx.clone();
            let (next, abort) = (&next, &abort);
            scope.spawn(move || loop {
                if abort.load(Ordering::Relaxed) || stop.is_some_and(|f| f.load(Ordering::Relaxed)) {
                    break;
                }
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(instance) = instances.get(i) else { break };
                let report = progress.map(|p| move |step: &IdaProgress| p(i, step));
                let report = report.as_ref().map(|r| r as &crate::ida::ProgressFn<'_>);
                let limit = (config.time_limit, config.clock);
                let result = run_one(solver, instance, limit, [stop, Some(abort)], report);
                if tx.send((i, result)).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        let mut outcome: Result<BatchEnd, E> = Ok(BatchEnd::Finished);
        for (i, result) in rx {
            if outcome.is_err() {
                continue; // drain the instances in flight (they were told to stop)
            }
            let step = match result {
                Ok(Some(record)) => on_done(i, record),
                Ok(None) => Ok(()), // interrupted: not a result
                Err(e) => Err(E::from(e)),
            };
            if let Err(e) = step {
                abort.store(true, Ordering::Relaxed);
                outcome = Err(e);
            }
        }
        if outcome.is_ok() && stop.is_some_and(|f| f.load(Ordering::Relaxed)) {
            outcome = Ok(BatchEnd::Interrupted);
        }
        outcome
    })
}

/// Solves one instance under `time_limit` measured on `clock`; `None` when one of `stops` was
/// raised before it finished.
fn run_one(
    solver: &Solver,
    instance: &BenchmarkInstance,
    (time_limit, clock): (Option<Duration>, LimitClock),
    stops: [Option<&AtomicBool>; 2],
    progress: Option<&crate::ida::ProgressFn<'_>>,
) -> Result<Option<InstanceRecord>, BatchError> {
    let flag = AtomicBool::new(false);
    let timed_out = AtomicBool::new(false);
    let (done_tx, done_rx) = mpsc::channel::<()>();
    // Read here, on the thread that will search: the watcher reads the same counter from its own.
    let cpu_clock = CpuClock::of_this_thread(solver.config().parallel);
    let cpu0 = cpu_clock.as_ref().and_then(CpuClock::used);
    let clock = if cpu0.is_some() { clock } else { LimitClock::Wall };
    let (report, cpu) = std::thread::scope(|scope| {
        let (flag, timed_out, cpu_clock) = (&flag, &timed_out, &cpu_clock);
        scope.spawn(move || {
            let started = Instant::now();
            let used = || match (clock, cpu_clock.as_ref().and_then(CpuClock::used), cpu0) {
                (LimitClock::Cpu, Some(now), Some(then)) => now.saturating_sub(then),
                _ => started.elapsed(),
            };
            while let Err(mpsc::RecvTimeoutError::Timeout) = done_rx.recv_timeout(WATCH_PERIOD) {
                if time_limit.is_some_and(|limit| used() >= limit) {
                    timed_out.store(true, Ordering::Relaxed);
                    flag.store(true, Ordering::Relaxed);
                    return;
                }
                if stops.iter().flatten().any(|f| f.load(Ordering::Relaxed)) {
                    flag.store(true, Ordering::Relaxed);
                    return;
                }
            }
        });
        let report = solver.solve_until_reporting(&instance.start, flag, progress);
        let cpu = cpu0.zip(cpu_clock.as_ref().and_then(CpuClock::used)).map(|(a, b)| b.saturating_sub(a).as_secs_f64());
        drop(done_tx);
        (report, cpu)
    });
    let report = report?;
    let id = instance.id;
    let (status, moves) = match &report.outcome {
        IdaOutcome::Solved(moves) => {
            if instance.start.apply_moves(moves).as_ref() != Some(solver.goal()) {
                return Err(BatchError::BadSolution { id });
            }
            (InstanceStatus::Solved, Some(moves.iter().map(|m| m.letter()).collect::<String>()))
        }
        IdaOutcome::LimitReached { .. } => (InstanceStatus::NodeLimit, None),
        IdaOutcome::Interrupted if timed_out.load(Ordering::Relaxed) => (InstanceStatus::TimeLimit, None),
        IdaOutcome::Interrupted => return Ok(None),
        IdaOutcome::Unsolvable => return Err(BatchError::Unsolvable { id }),
    };
    Ok(Some(InstanceRecord {
        id,
        board: instance.start.to_string(),
        heuristic: solver.heuristic_name().to_string(),
        status,
        length: moves.as_ref().map(String::len),
        moves,
        initial_h: report.initial_h,
        nodes_expanded: report.counts.expanded,
        nodes_generated: report.counts.generated,
        iterations: report.counts.iterations,
        seconds: report.seconds,
        cpu_seconds: cpu.unwrap_or(report.seconds),
        time_limit: time_limit.map(|d| d.as_secs_f64()),
        limit_clock: clock,
        max_generated: solver.config().max_generated,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::benchmarks::Suite;
    use crate::{HeuristicSpec, SolverConfig};

    fn solver(spec: &str, max_generated: Option<u64>) -> Solver {
        let heuristic = Some(HeuristicSpec::parse(spec).unwrap());
        let config = SolverConfig { heuristic, max_generated, ..SolverConfig::default() };
        Solver::with_databases(&searchlab_npuzzle::Board::goal(4).unwrap(), config, Vec::new()).unwrap()
    }

    fn korf(ids: &[usize]) -> Vec<BenchmarkInstance> {
        let all = Suite::Korf100.instances();
        ids.iter().map(|id| all.iter().find(|i| i.id == *id).unwrap().clone()).collect()
    }

    fn collect(solver: &Solver, instances: &[BenchmarkInstance], config: &BatchConfig) -> Vec<InstanceRecord> {
        let mut done = vec![None; instances.len()];
        let end = run_batch(solver, instances, config, |i, r| {
            assert!(done[i].replace(r).is_none());
            Ok::<_, BatchError>(())
        })
        .unwrap();
        assert_eq!(end, BatchEnd::Finished);
        done.into_iter().map(Option::unwrap).collect()
    }

    #[test]
    fn two_jobs_give_the_records_of_one() {
        let solver = solver("manhattan-lc", None);
        let instances = korf(&[79, 12, 42, 9]);
        let one = collect(&solver, &instances, &BatchConfig { jobs: 1, ..BatchConfig::default() });
        let two = collect(&solver, &instances, &BatchConfig { jobs: 2, ..BatchConfig::default() });
        let without_times = |v: &[InstanceRecord]| {
            v.iter().map(|r| InstanceRecord { seconds: 0.0, cpu_seconds: 0.0, ..r.clone() }).collect::<Vec<_>>()
        };
        assert_eq!(without_times(&one), without_times(&two));
        // Published optimal lengths (Korf 1985): 79 → 42, 12 → 45, 42 → 42, 9 → 46.
        let lengths: Vec<_> = one.iter().map(|r| r.length).collect();
        assert_eq!(lengths, vec![Some(42), Some(45), Some(42), Some(46)]);
        assert!(one.iter().all(|r| r.moves.as_ref().map(String::len) == r.length && r.heuristic == "manhattan-lc"));
    }

    #[test]
    fn limits_stop_an_instance_and_say_which() {
        // Korf #1 needs 276 million nodes with Manhattan: 5 ms cannot solve it.
        let time = BatchConfig { jobs: 1, time_limit: Some(Duration::from_millis(5)), ..BatchConfig::default() };
        let r = collect(&solver("manhattan", None), &korf(&[1]), &time);
        assert_eq!((r[0].status, r[0].length, r[0].time_limit), (InstanceStatus::TimeLimit, None, Some(0.005)));
        assert_eq!(r[0].limit_clock, LimitClock::Wall);
        let nodes = collect(&solver("manhattan", Some(1000)), &korf(&[1, 79]), &BatchConfig::default());
        assert!(nodes.iter().all(|r| r.status == InstanceStatus::NodeLimit && r.max_generated == Some(1000)));
    }

    #[test]
    fn a_cpu_time_limit_stops_an_instance_and_is_recorded() {
        // Korf #1 needs 276 million nodes with Manhattan: 50 ms of CPU cannot solve it, on one
        // thread or on all (a parallel search counts the process's CPU time).
        let cpu =
            BatchConfig { jobs: 1, time_limit: Some(Duration::from_millis(50)), clock: LimitClock::Cpu, stop: None };
        let parallel = {
            let config = SolverConfig {
                heuristic: Some(HeuristicSpec::parse("manhattan").unwrap()),
                parallel: true,
                ..SolverConfig::default()
            };
            Solver::with_databases(&searchlab_npuzzle::Board::goal(4).unwrap(), config, Vec::new()).unwrap()
        };
        for solver in [solver("manhattan", None), parallel] {
            let r = collect(&solver, &korf(&[1]), &cpu);
            assert_eq!((r[0].status, r[0].length, r[0].time_limit), (InstanceStatus::TimeLimit, None, Some(0.05)));
            assert_eq!(r[0].limit_clock, LimitClock::Cpu);
            assert!(r[0].cpu_seconds >= 0.05, "stopped before its limit: {r:?}");
        }
        // Without a limit the record still names the clock chosen.
        let solved = collect(&solver("manhattan", None), &korf(&[79]), &BatchConfig { time_limit: None, ..cpu });
        assert_eq!((solved[0].status, solved[0].limit_clock), (InstanceStatus::Solved, LimitClock::Cpu));
    }

    #[test]
    fn each_thread_has_its_own_cpu_clock() {
        let here = CpuClock::of_this_thread(false).unwrap();
        let there = std::thread::spawn(|| CpuClock::of_this_thread(false).unwrap()).join().unwrap();
        let (CpuClock::Thread(a), CpuClock::Thread(b)) = (&here, &there) else { panic!("{here:?} {there:?}") };
        assert!(a.to_str().unwrap().contains("/task/") && a != b, "{a:?} {b:?}");
        // This thread's clock grows with its work.
        let before = here.used().unwrap();
        let spin = Instant::now();
        while here.used().unwrap() <= before {
            assert!(spin.elapsed() < Duration::from_secs(10), "the thread's CPU time does not grow");
        }
    }

    #[test]
    fn a_raised_stop_flag_ends_the_batch_without_results() {
        let stop = Arc::new(AtomicBool::new(true));
        let config = BatchConfig { jobs: 2, stop: Some(stop), ..BatchConfig::default() };
        let end = run_batch(&solver("manhattan", None), &korf(&[1, 3]), &config, |_, _| -> Result<(), BatchError> {
            panic!("nothing finishes")
        });
        assert_eq!(end.unwrap(), BatchEnd::Interrupted);
    }

    #[test]
    fn an_error_of_the_caller_stops_the_batch() {
        let instances = korf(&[79, 12, 42, 9, 1, 3]);
        let mut calls = 0;
        let end = run_batch(&solver("manhattan", None), &instances, &BatchConfig::default(), |_, _| {
            calls += 1;
            Err(BatchError::BadSolution { id: 0 })
        });
        assert!(matches!(end, Err(BatchError::BadSolution { id: 0 })));
        assert_eq!(calls, 1);
    }
}
