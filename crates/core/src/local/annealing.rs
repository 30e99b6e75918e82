//! Simulated annealing: random moves, a worse one taken with a probability that falls with
//! the temperature.

use rand::Rng;

use super::{must_stop, MoveKind, NoLocalObserver, StopReason};
use super::{ChaCha8Rng, LocalEvent, LocalObserver, LocalOptions, LocalProblem, LocalRun};

/// Simulated annealing from `start` (AIMA Figure 4.5): at step t the temperature is
/// `t0 · alpha^t` (`options.schedule`); a random neighbour is taken when it is no worse, and a
/// worse one (by ΔE) with probability `e^(−ΔE / T)`. Stops on a solution, when the schedule's
/// steps run out or the temperature falls below its floor.
///
/// ```
/// use rand::SeedableRng;
/// use searchlab_core::local::{simulated_annealing, ChaCha8Rng, LocalOptions, LocalProblem};
///
/// struct Line;
/// impl LocalProblem for Line {
///     type State = i64;
///     fn random_state(&self, _: &mut dyn rand::RngCore) -> i64 { 5 }
///     fn neighbours(&self, n: &i64, out: &mut Vec<i64>) { out.extend([n - 1, n + 1]); }
///     fn value(&self, n: &i64) -> u64 { n.unsigned_abs() }
/// }
/// let run = simulated_annealing(&Line, 6, &LocalOptions::default(), &mut ChaCha8Rng::seed_from_u64(3));
/// assert!(run.solved && run.steps >= 6);
/// ```
pub fn simulated_annealing<P: LocalProblem + ?Sized>(
    problem: &P,
    start: P::State,
    options: &LocalOptions,
    rng: &mut ChaCha8Rng,
) -> LocalRun<P::State> {
    simulated_annealing_with(problem, start, options, rng, &mut NoLocalObserver)
}

/// [`simulated_annealing`], telling `observer` where it starts, each move taken (with the
/// temperature) and why it stops.
pub fn simulated_annealing_with<P: LocalProblem + ?Sized>(
    problem: &P,
    start: P::State,
    options: &LocalOptions,
    rng: &mut ChaCha8Rng,
    observer: &mut dyn LocalObserver<P::State>,
) -> LocalRun<P::State> {
    let schedule = options.schedule;
    let mut state = start;
    let mut value = problem.value(&state);
    observer.on_local(&LocalEvent::Start { state: &state, value });
    let mut steps = 0u64;
    let mut temperature = schedule.t0;
    let mut t = 0u64;
    let reason = loop {
        // The move limit counts the steps tried, as the schedule does.
        if let Some(reason) = must_stop(value, t, options.max_steps, observer) {
            break reason;
        }
        if t >= schedule.steps || temperature < schedule.floor {
            break StopReason::Cooled;
        }
        t += 1;
        let Some(next) = problem.random_neighbour(&state, rng) else { break StopReason::NoNeighbour };
        let next_value = problem.value(&next);
        let worse = next_value.saturating_sub(value) as f64;
        if next_value <= value || rng.random::<f64>() < (-worse / temperature).exp() {
            let kind = MoveKind::of(value, next_value);
            state = next;
            value = next_value;
            steps += 1;
            observer.on_local(&LocalEvent::Move { state: &state, value, kind, temperature: Some(temperature) });
        }
        temperature *= schedule.alpha;
    };
    observer.on_local(&LocalEvent::End { reason });
    LocalRun { solved: value == 0, steps, restarts: 0, state, value }
}
