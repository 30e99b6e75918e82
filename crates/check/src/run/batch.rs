//! Many runs at once, with bounded parallelism.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

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
    let jobs = if jobs == 0 { default_jobs() } else { jobs }.min(specs.len()).max(1);
    let next = AtomicUsize::new(0);
    let slots: Vec<Mutex<Option<Result<RunResult, RunError>>>> = specs.iter().map(|_| Mutex::new(None)).collect();
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(spec) = specs.get(i) else { break };
                let result = run_once(template, spec, config);
                *slots[i].lock().unwrap_or_else(|e| e.into_inner()) = Some(result);
            });
        }
    });
    slots
        .into_iter()
        .map(|slot| {
            let result = slot.into_inner().unwrap_or_else(|e| e.into_inner());
            result.expect("every index below specs.len() is taken by exactly one worker")
        })
        .collect()
}
