//! Steepest-ascent hill-climbing, with up to `sideways` consecutive sideways moves.

use rand::Rng;

use super::{best_of, ChaCha8Rng, LocalOptions, LocalProblem, LocalRun};

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
    let mut state = start;
    let mut value = problem.value(&state);
    let (mut steps, mut sideways) = (0u64, 0u32);
    let mut neighbours = Vec::new();
    let mut values = Vec::new();
    while value > 0 && steps < options.max_steps {
        neighbours.clear();
        problem.neighbours(&state, &mut neighbours);
        values.clear();
        values.extend(neighbours.iter().map(|n| problem.value(n)));
        let (best, ties) = best_of(&values);
        if ties.is_empty() || best > value || (best == value && sideways >= options.sideways) {
            break;
        }
        sideways = if best == value { sideways + 1 } else { 0 };
        let pick = ties[rng.random_range(0..ties.len())];
        state = neighbours.swap_remove(pick);
        value = best;
        steps += 1;
    }
    LocalRun { solved: value == 0, steps, restarts: 0, state, value }
}
