//! First-choice hill-climbing: neighbours drawn at random until one is better.

use super::{ChaCha8Rng, LocalOptions, LocalProblem, LocalRun};

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
    let mut state = start;
    let mut value = problem.value(&state);
    let mut steps = 0u64;
    'climb: while value > 0 && steps < options.max_steps {
        for _ in 0..options.tries {
            let Some(next) = problem.random_neighbour(&state, rng) else { break 'climb };
            let next_value = problem.value(&next);
            if next_value < value {
                state = next;
                value = next_value;
                steps += 1;
                continue 'climb;
            }
        }
        break;
    }
    LocalRun { solved: value == 0, steps, restarts: 0, state, value }
}
