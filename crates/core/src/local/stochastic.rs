//! Stochastic hill-climbing: a random move among the improving ones.

use rand::Rng;

use super::{must_stop, MoveKind, NoLocalObserver, StopReason};
use super::{ChaCha8Rng, LocalEvent, LocalObserver, LocalOptions, LocalProblem, LocalRun};

/// Stochastic hill-climbing from `start` (AIMA section 4.1.1): moves to a neighbour drawn
/// uniformly among those of lower value, until none is lower (or `options.max_steps`).
///
/// ```
/// use rand::SeedableRng;
/// use searchlab_core::local::{stochastic_hill_climbing, ChaCha8Rng, LocalOptions, LocalProblem};
///
/// struct Line;
/// impl LocalProblem for Line {
///     type State = i64;
///     fn random_state(&self, _: &mut dyn rand::RngCore) -> i64 { 5 }
///     fn neighbours(&self, n: &i64, out: &mut Vec<i64>) { out.extend([n - 1, n + 1]); }
///     fn value(&self, n: &i64) -> u64 { n.unsigned_abs() }
/// }
/// let run = stochastic_hill_climbing(&Line, -3, &LocalOptions::default(), &mut ChaCha8Rng::seed_from_u64(1));
/// assert_eq!((run.solved, run.steps), (true, 3));
/// ```
pub fn stochastic_hill_climbing<P: LocalProblem + ?Sized>(
    problem: &P,
    start: P::State,
    options: &LocalOptions,
    rng: &mut ChaCha8Rng,
) -> LocalRun<P::State> {
    stochastic_hill_climbing_with(problem, start, options, rng, &mut NoLocalObserver)
}

/// [`stochastic_hill_climbing`], telling `observer` where it starts, each move and why it
/// stops.
pub fn stochastic_hill_climbing_with<P: LocalProblem + ?Sized>(
    problem: &P,
    start: P::State,
    options: &LocalOptions,
    rng: &mut ChaCha8Rng,
    observer: &mut dyn LocalObserver<P::State>,
) -> LocalRun<P::State> {
    let mut state = start;
    let mut value = problem.value(&state);
    observer.on_local(&LocalEvent::Start { state: &state, value });
    let mut steps = 0u64;
    let mut neighbours = Vec::new();
    let reason = loop {
        if let Some(reason) = must_stop(value, steps, options.max_steps, observer) {
            break reason;
        }
        neighbours.clear();
        problem.neighbours(&state, &mut neighbours);
        let better: Vec<(usize, u64)> =
            neighbours.iter().map(|n| problem.value(n)).enumerate().filter(|(_, v)| *v < value).collect();
        if better.is_empty() {
            break if neighbours.is_empty() { StopReason::NoNeighbour } else { StopReason::NoBetterNeighbour };
        }
        let (pick, next) = better[rng.random_range(0..better.len())];
        state = neighbours.swap_remove(pick);
        value = next;
        steps += 1;
        observer.on_local(&LocalEvent::Move { state: &state, value, kind: MoveKind::Downhill, temperature: None });
    };
    observer.on_local(&LocalEvent::End { reason });
    LocalRun { solved: value == 0, steps, restarts: 0, state, value }
}
