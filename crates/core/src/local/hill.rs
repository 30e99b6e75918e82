//! Steepest-ascent hill-climbing, with up to `sideways` consecutive sideways moves.

use rand::Rng;

use super::{best_of, ChaCha8Rng, LocalEvent, LocalObserver, LocalOptions, LocalProblem, LocalRun};
use super::{must_stop, MoveKind, NoLocalObserver, StopReason};

/// Steepest-ascent hill-climbing from `start` (AIMA Figure 4.2): moves to the neighbour of
/// lowest value, ties broken at random, while it is lower than the current value; a neighbour
/// of equal value is taken too, up to `options.sideways` times in a row (a plateau's
/// shoulder). Stops on a solution, at a local minimum, when the sideways moves run out, or
/// after `options.max_steps` moves.
///
/// ```
/// use rand::SeedableRng;
/// use searchlab_core::local::{steepest_ascent, ChaCha8Rng, LocalOptions, LocalProblem};
///
/// // Walk down to 0 on the integers: the neighbours of n are n - 1 and n + 1.
/// struct Line;
/// impl LocalProblem for Line {
///     type State = i64;
///     fn random_state(&self, _: &mut dyn rand::RngCore) -> i64 { 5 }
///     fn neighbours(&self, n: &i64, out: &mut Vec<i64>) { out.extend([n - 1, n + 1]); }
///     fn value(&self, n: &i64) -> u64 { n.unsigned_abs() }
/// }
/// let run = steepest_ascent(&Line, 5, &LocalOptions::default(), &mut ChaCha8Rng::seed_from_u64(1));
/// assert!(run.solved);
/// assert_eq!((run.state, run.steps), (0, 5));
/// ```
pub fn steepest_ascent<P: LocalProblem + ?Sized>(
    problem: &P,
    start: P::State,
    options: &LocalOptions,
    rng: &mut ChaCha8Rng,
) -> LocalRun<P::State> {
    steepest_ascent_with(problem, start, options, rng, &mut NoLocalObserver)
}

/// [`steepest_ascent`], telling `observer` where it starts, each move and why it stops.
pub fn steepest_ascent_with<P: LocalProblem + ?Sized>(
    problem: &P,
    start: P::State,
    options: &LocalOptions,
    rng: &mut ChaCha8Rng,
    observer: &mut dyn LocalObserver<P::State>,
) -> LocalRun<P::State> {
    let mut state = start;
    let mut value = problem.value(&state);
    observer.on_local(&LocalEvent::Start { state: &state, value });
    let (mut steps, mut sideways) = (0u64, 0u32);
    let mut neighbours = Vec::new();
    let mut values = Vec::new();
    let reason = loop {
        if let Some(reason) = must_stop(value, steps, options.max_steps, observer) {
            break reason;
        }
        neighbours.clear();
        problem.neighbours(&state, &mut neighbours);
        values.clear();
        values.extend(neighbours.iter().map(|n| problem.value(n)));
        let (best, ties) = best_of(&values);
        if ties.is_empty() {
            break StopReason::NoNeighbour;
        }
        if best > value || (best == value && options.sideways == 0) {
            break StopReason::NoBetterNeighbour;
        }
        if best == value && sideways >= options.sideways {
            break StopReason::SidewaysUsedUp;
        }
        sideways = if best == value { sideways + 1 } else { 0 };
        let pick = ties[rng.random_range(0..ties.len())];
        state = neighbours.swap_remove(pick);
        let kind = MoveKind::of(value, best);
        value = best;
        steps += 1;
        observer.on_local(&LocalEvent::Move { state: &state, value, kind, temperature: None });
    };
    observer.on_local(&LocalEvent::End { reason });
    LocalRun { solved: value == 0, steps, restarts: 0, state, value }
}
