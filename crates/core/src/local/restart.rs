//! Random-restart hill-climbing: steepest ascent again from new random states.

use super::{steepest_ascent_with, ChaCha8Rng, LocalObserver, LocalOptions, LocalProblem, LocalRun, NoLocalObserver};

/// Random-restart hill-climbing (AIMA section 4.1.1): [`steepest_ascent`](super::steepest_ascent) from `start`, then
/// from new random states while it ends unsolved, at most `options.restarts` times. The steps
/// count every climb's moves.
///
/// ```
/// use rand::SeedableRng;
/// use searchlab_core::local::{random_restart, ChaCha8Rng, LocalOptions, LocalProblem};
///
/// struct Line;
/// impl LocalProblem for Line {
///     type State = i64;
///     fn random_state(&self, _: &mut dyn rand::RngCore) -> i64 { 5 }
///     fn neighbours(&self, n: &i64, out: &mut Vec<i64>) { out.extend([n - 1, n + 1]); }
///     fn value(&self, n: &i64) -> u64 { n.unsigned_abs() }
/// }
/// let run = random_restart(&Line, 2, &LocalOptions::default(), &mut ChaCha8Rng::seed_from_u64(1));
/// assert_eq!((run.solved, run.steps, run.restarts), (true, 2, 0));
/// ```
pub fn random_restart<P: LocalProblem + ?Sized>(
    problem: &P,
    start: P::State,
    options: &LocalOptions,
    rng: &mut ChaCha8Rng,
) -> LocalRun<P::State> {
    random_restart_with(problem, start, options, rng, &mut NoLocalObserver)
}

/// [`random_restart`], telling `observer` each climb's start, moves and end.
pub fn random_restart_with<P: LocalProblem + ?Sized>(
    problem: &P,
    start: P::State,
    options: &LocalOptions,
    rng: &mut ChaCha8Rng,
    observer: &mut dyn LocalObserver<P::State>,
) -> LocalRun<P::State> {
    let mut run = steepest_ascent_with(problem, start, options, rng, observer);
    let (mut steps, mut restarts) = (run.steps, 0u64);
    while !run.solved && restarts < u64::from(options.restarts) && !observer.should_stop() {
        restarts += 1;
        let fresh = problem.random_state(rng);
        run = steepest_ascent_with(problem, fresh, options, rng, observer);
        steps += run.steps;
    }
    LocalRun { steps, restarts, ..run }
}
