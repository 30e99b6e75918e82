//! First-choice hill-climbing: neighbours drawn at random until one is better.

use super::{must_stop, MoveKind, NoLocalObserver, StopReason};
use super::{ChaCha8Rng, LocalEvent, LocalObserver, LocalOptions, LocalProblem, LocalRun};

/// First-choice hill-climbing from `start` (AIMA section 4.1.1): draws random neighbours
/// ([`LocalProblem::random_neighbour`]) and moves to the first of lower value; gives up after
/// `options.tries` draws without one (or after `options.max_steps` moves). Suits states with
/// many neighbours, which it never lists.
///
/// ```
/// use rand::SeedableRng;
/// use searchlab_core::local::{first_choice_hill_climbing, ChaCha8Rng, LocalOptions, LocalProblem};
///
/// struct Line;
/// impl LocalProblem for Line {
///     type State = i64;
///     fn random_state(&self, _: &mut dyn rand::RngCore) -> i64 { 5 }
///     fn neighbours(&self, n: &i64, out: &mut Vec<i64>) { out.extend([n - 1, n + 1]); }
///     fn value(&self, n: &i64) -> u64 { n.unsigned_abs() }
/// }
/// let run = first_choice_hill_climbing(&Line, 4, &LocalOptions::default(), &mut ChaCha8Rng::seed_from_u64(1));
/// assert_eq!((run.solved, run.steps), (true, 4));
/// ```
pub fn first_choice_hill_climbing<P: LocalProblem + ?Sized>(
    problem: &P,
    start: P::State,
    options: &LocalOptions,
    rng: &mut ChaCha8Rng,
) -> LocalRun<P::State> {
    first_choice_hill_climbing_with(problem, start, options, rng, &mut NoLocalObserver)
}

/// [`first_choice_hill_climbing`], telling `observer` where it starts, each move and why it
/// stops.
pub fn first_choice_hill_climbing_with<P: LocalProblem + ?Sized>(
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
    let reason = 'climb: loop {
        if let Some(reason) = must_stop(value, steps, options.max_steps, observer) {
            break reason;
        }
        for _ in 0..options.tries {
            let Some(next) = problem.random_neighbour(&state, rng) else { break 'climb StopReason::NoNeighbour };
            let next_value = problem.value(&next);
            if next_value < value {
                state = next;
                value = next_value;
                steps += 1;
                observer.on_local(&LocalEvent::Move {
                    state: &state,
                    value,
                    kind: MoveKind::Downhill,
                    temperature: None,
                });
                continue 'climb;
            }
        }
        break StopReason::TriesUsedUp;
    };
    observer.on_local(&LocalEvent::End { reason });
    LocalRun { solved: value == 0, steps, restarts: 0, state, value }
}
