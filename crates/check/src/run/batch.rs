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
/// is known before the others end. A spec equal to an earlier one is not run again: its slot
/// gets a copy of the earlier run (or is left out with it); only when that run is an error of
/// check's own is it run itself, and the callbacks hear of the first run only.
pub fn run_all_gated(
    template: &CommandTemplate,
    specs: &[RunSpec],
    config: &RunConfig,
    jobs: usize,
    admit: &(dyn Fn(usize) -> bool + Sync),
    finished: &(dyn Fn(usize, &Result<RunResult, RunError>) + Sync),
    mut ended: impl FnMut(usize, &Result<RunResult, RunError>),
) -> Vec<Option<Result<RunResult, RunError>>> {
    let earlier: Vec<Option<usize>> =
        (0..specs.len()).map(|i| specs[..i].iter().position(|s| *s == specs[i])).collect();
    let unique: Vec<usize> = (0..specs.len()).filter(|&i| earlier[i].is_none()).collect();
    let jobs = if jobs == 0 { default_jobs() } else { jobs }.min(unique.len()).max(1);
    let next = AtomicUsize::new(0);
    let mut slots: Vec<Option<Result<RunResult, RunError>>> = specs.iter().map(|_| None).collect();
    let (sender, receiver) = mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let (sender, next, unique) = (sender.clone(), &next, &unique);
            scope.spawn(move || {
                while let Some(&i) = unique.get(next.fetch_add(1, Ordering::Relaxed)) {
                    if !admit(i) {
                        continue;
                    }
                    let result = run_once(template, &specs[i], config);
                    finished(i, &result);
                    if sender.send((i, result)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        for (i, result) in receiver {
            ended(i, &result);
            slots[i] = Some(result);
        }
    });
    for (i, first) in earlier.iter().enumerate() {
        let Some(first) = *first else { continue };
        slots[i] = match &slots[first] {
            Some(Ok(run)) => Some(Ok(run.clone())),
            Some(Err(_)) => Some(run_once(template, &specs[i], config)),
            None => None,
        };
    }
    slots
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::template::Values;

    fn spec(board: &str) -> RunSpec {
        RunSpec { values: Values { board: Some(board.into()), ..Values::default() }, input: None }
    }

    #[test]
    fn an_equal_spec_is_run_once_and_its_slot_gets_the_copy() {
        let dir = tempfile::tempdir().unwrap();
        let log = dir.path().join("runs");
        let template =
            CommandTemplate::parse(&format!("sh -c 'echo {{board}} >> {}; echo {{board}}'", log.display())).unwrap();
        let specs = [spec("a"), spec("b"), spec("a"), spec("a")];
        let runs = run_all(&template, &specs, &RunConfig::default(), 2);
        let outs: Vec<String> = runs.iter().map(|r| r.as_ref().unwrap().stdout.text.trim().to_owned()).collect();
        assert_eq!(outs, ["a", "b", "a", "a"]);
        let mut ran: Vec<String> = std::fs::read_to_string(&log).unwrap().lines().map(str::to_owned).collect();
        ran.sort();
        assert_eq!(ran, ["a", "b"]);
    }

    #[test]
    fn a_copy_is_left_out_with_its_first_run() {
        let template = CommandTemplate::parse("echo {board}").unwrap();
        let specs = [spec("a"), spec("a"), spec("b")];
        let runs = run_all_gated(&template, &specs, &RunConfig::default(), 1, &|i| i != 0, &|_, _| {}, |_, _| {});
        assert!(runs[0].is_none() && runs[1].is_none());
        assert!(runs[2].is_some());
    }
}
