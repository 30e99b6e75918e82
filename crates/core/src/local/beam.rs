//! Local beam search: `width` states at once, the best of all their neighbours kept.

use rand::seq::SliceRandom;

use super::{must_stop, MoveKind, NoLocalObserver, StopReason};
use super::{ChaCha8Rng, LocalEvent, LocalObserver, LocalOptions, LocalProblem, LocalRun};

/// Local beam search (AIMA section 4.1.3): starts from `start` and `options.width - 1` more
/// random states; each step pools the neighbours of every state of the beam and keeps the
/// `width` distinct ones of lowest value (ties broken at random), so that the states share
/// what they find, unlike `width` independent climbs. Stops on a solution; when the new beam's
/// values add up to more than the beam's (or to as much, more than `options.sideways` times in
/// a row), keeping the beam; or after `options.max_steps` steps. The run's state is the best
/// of the last beam.
///
/// ```
/// use rand::SeedableRng;
/// use searchlab_core::local::{local_beam_search, ChaCha8Rng, LocalOptions, LocalProblem};
///
/// struct Line;
/// impl LocalProblem for Line {
///     type State = i64;
///     fn random_state(&self, _: &mut dyn rand::RngCore) -> i64 { 9 }
///     fn neighbours(&self, n: &i64, out: &mut Vec<i64>) { out.extend([n - 1, n + 1]); }
///     fn value(&self, n: &i64) -> u64 { n.unsigned_abs() }
/// }
/// let options = LocalOptions { width: 2, ..LocalOptions::default() };
/// let run = local_beam_search(&Line, 4, &options, &mut ChaCha8Rng::seed_from_u64(1));
/// // The beam {4, 9} becomes {3, 5}, {2, 4}, {1, 3}, then holds 0.
/// assert_eq!((run.solved, run.state, run.steps), (true, 0, 4));
/// ```
pub fn local_beam_search<P: LocalProblem + ?Sized>(
    problem: &P,
    start: P::State,
    options: &LocalOptions,
    rng: &mut ChaCha8Rng,
) -> LocalRun<P::State> {
    local_beam_search_with(problem, start, options, rng, &mut NoLocalObserver)
}

/// [`local_beam_search`], telling `observer` the best state of the first beam and of each
/// next one (a move's kind compares the two beams' total values, the rule that takes it), and
/// why it stops.
pub fn local_beam_search_with<P: LocalProblem + ?Sized>(
    problem: &P,
    start: P::State,
    options: &LocalOptions,
    rng: &mut ChaCha8Rng,
    observer: &mut dyn LocalObserver<P::State>,
) -> LocalRun<P::State> {
    let width = options.width.max(1) as usize;
    let mut beam = vec![(problem.value(&start), start)];
    while beam.len() < width {
        let state = problem.random_state(rng);
        beam.push((problem.value(&state), state));
    }
    let best = |beam: &[(u64, P::State)]| beam.iter().min_by_key(|(v, _)| *v).map(|(v, s)| (*v, s.clone()));
    if let Some((value, state)) = best(&beam) {
        observer.on_local(&LocalEvent::Start { state: &state, value });
    }
    let (mut steps, mut sideways) = (0u64, 0u32);
    let mut neighbours = Vec::new();
    let mut pool: Vec<(u64, P::State)> = Vec::new();
    let mut next: Vec<(u64, P::State)> = Vec::with_capacity(width);
    let total = |beam: &[(u64, P::State)]| beam.iter().map(|(v, _)| u128::from(*v)).sum::<u128>();
    let reason = loop {
        let lowest = beam.iter().map(|(v, _)| *v).min().unwrap_or(u64::MAX);
        if let Some(reason) = must_stop(lowest, steps, options.max_steps, observer) {
            break reason;
        }
        pool.clear();
        for (_, state) in &beam {
            neighbours.clear();
            problem.neighbours(state, &mut neighbours);
            pool.extend(neighbours.drain(..).map(|n| (problem.value(&n), n)));
        }
        // Random order first, then a stable sort by value: ties fall at random.
        pool.shuffle(rng);
        pool.sort_by_key(|(v, _)| *v);
        next.clear();
        for (value, state) in pool.drain(..) {
            if next.len() == width {
                break;
            }
            if !next.iter().any(|(_, kept)| *kept == state) {
                next.push((value, state));
            }
        }
        let (now, then) = (total(&next), total(&beam));
        if next.is_empty() {
            break StopReason::NoNeighbour;
        }
        if now > then || (now == then && options.sideways == 0) {
            break StopReason::NoBetterNeighbour;
        }
        if now == then && sideways >= options.sideways {
            break StopReason::SidewaysUsedUp;
        }
        sideways = if now == then { sideways + 1 } else { 0 };
        std::mem::swap(&mut beam, &mut next);
        steps += 1;
        if let Some((value, state)) = best(&beam) {
            let kind = if now < then { MoveKind::Downhill } else { MoveKind::Sideways };
            observer.on_local(&LocalEvent::Move { state: &state, value, kind, temperature: None });
        }
    };
    observer.on_local(&LocalEvent::End { reason });
    let (value, state) = beam.into_iter().min_by_key(|(v, _)| *v).expect("a beam holds at least one state");
    LocalRun { solved: value == 0, steps, restarts: 0, state, value }
}
