//! Many runs at once, with bounded parallelism.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

use crate::{run_once, CommandTemplate, RunConfig, RunError, RunResult, RunSpec};

/// The default number of parallel runs: the number of cores (1 if unknown).
pub fn default_jobs() -> usize {
    std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1)
}

/// Runs every spec with at most `jobs` programs at a time (0 means [`default_jobs`]); the
/// results come back in the order of `specs`.
pub fn run_all(
    template: &CommandTemplate,
    specs: &[RunSpec],
    config: &RunConfig,
    jobs: usize,
) -> Vec<Result<RunResult, RunError>> {
    let runs = run_all_gated(template, specs, config, jobs, &|_| true, &|_, _| {}, |_, _| {});
    runs.into_iter().map(|run| run.expect("the gate admits every run")).collect()
}

/// [`run_all`], each run started only if `admit` allows it when its turn comes (`None` in its
/// slot otherwise); `finished` hears of each run on the worker that ran it, before that worker
/// asks `admit` about its next spec, so that a run's outcome bears on the very next start;
/// `ended` hears of it on the calling thread as soon as it ends, so that what one run settles
/// is known before the others end.
pub fn run_all_gated(
    template: &CommandTemplate,
    specs: &[RunSpec],
    config: &RunConfig,
    jobs: usize,
    admit: &(dyn Fn(usize) -> bool + Sync),
    finished: &(dyn Fn(usize, &Result<RunResult, RunError>) + Sync),
    mut ended: impl FnMut(usize, &Result<RunResult, RunError>),
) -> Vec<Option<Result<RunResult, RunError>>> {
    let jobs = if jobs == 0 { default_jobs() } else { jobs }.min(specs.len()).max(1);
    let next = AtomicUsize::new(0);
    let mut slots: Vec<Option<Result<RunResult, RunError>>> = specs.iter().map(|_| None).collect();
    let (sender, receiver) = mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let (sender, next) = (sender.clone(), &next);
            scope.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(spec) = specs.get(i) else { break };
                if !admit(i) {
                    continue;
                }
                let result = run_once(template, spec, config);
                finished(i, &result);
                if sender.send((i, result)).is_err() {
                    break;
                }
            });
        }
        drop(sender);
        for (i, result) in receiver {
            ended(i, &result);
            slots[i] = Some(result);
        }
    });
    slots
}
