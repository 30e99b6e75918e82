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
    run_all_watched(template, specs, config, jobs, |_, _| {})
}

/// [`run_all`], telling `ended` (on the calling thread) of each run's index and result as soon
/// as it ends, so that what one run settles is known before the others end.
pub fn run_all_watched(
    template: &CommandTemplate,
    specs: &[RunSpec],
    config: &RunConfig,
    jobs: usize,
    mut ended: impl FnMut(usize, &Result<RunResult, RunError>),
) -> Vec<Result<RunResult, RunError>> {
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
                if sender.send((i, run_once(template, spec, config))).is_err() {
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
    slots.into_iter().map(|slot| slot.expect("every index below specs.len() is taken by exactly one worker")).collect()
}
