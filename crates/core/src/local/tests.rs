//! Tests of the local strategies on a small landscape with a local minimum.

use rand::{Rng, RngCore, SeedableRng};

use super::*;

/// Positions 0..=20 on a line; the value has a local minimum at 15 (value 2) and the global
/// one at 3 (value 0); starts anywhere.
struct Valley;

impl LocalProblem for Valley {
    type State = i64;
    fn random_state(&self, rng: &mut dyn RngCore) -> i64 {
        rng.random_range(0..=20)
    }
    fn neighbours(&self, n: &i64, out: &mut Vec<i64>) {
        out.extend([n - 1, n + 1].into_iter().filter(|m| (0..=20).contains(m)));
    }
    fn value(&self, n: &i64) -> u64 {
        if *n <= 10 {
            (n - 3).unsigned_abs()
        } else {
            2 + (n - 15).unsigned_abs()
        }
    }
}

#[test]
fn steepest_ascent_stops_in_the_local_minimum_and_restarts_leave_it() {
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let stuck = steepest_ascent(&Valley, 17, &LocalOptions::default(), &mut rng);
    assert_eq!((stuck.solved, stuck.state, stuck.value, stuck.steps), (false, 15, 2, 2));
    let restarted = random_restart(&Valley, 17, &LocalOptions::default(), &mut rng);
    assert!(restarted.solved && restarted.restarts >= 1 && restarted.steps >= 2);
}

#[test]
fn names_are_registered_once_and_found_in_any_case() {
    for (name, strategy) in LocalStrategy::ALL {
        assert_eq!(LocalStrategy::named(&name.to_uppercase()), Some(strategy));
        assert_eq!(strategy.name(), name);
    }
    assert_eq!(LocalStrategy::named("beam"), None);
}

#[test]
fn a_seed_fixes_the_runs() {
    for (_, strategy) in LocalStrategy::ALL {
        let a = run_many(&Valley, strategy, &LocalOptions::default(), 50, 4);
        let b = run_many(&Valley, strategy, &LocalOptions::default(), 50, 4);
        assert_eq!(a, b);
        assert_eq!(a.runs, 50);
        assert!(a.solved <= 50);
    }
}

#[test]
fn a_beam_of_one_climbs_like_steepest_ascent() {
    // 17 → 16 → 15, where both neighbours (14 and 16) are worse.
    let one = LocalOptions { width: 1, ..LocalOptions::default() };
    let run = local_beam_search(&Valley, 17, &one, &mut ChaCha8Rng::seed_from_u64(9));
    assert_eq!((run.solved, run.state, run.value, run.steps), (false, 15, 2, 2));
}

#[test]
fn a_wide_beam_solves_more_often_than_one_climb() {
    let wide = LocalOptions { width: 8, ..LocalOptions::default() };
    let beam = run_many(&Valley, LocalStrategy::Beam, &wide, 200, 3);
    let hill = run_many(&Valley, LocalStrategy::Hill, &LocalOptions::default(), 200, 3);
    assert!(beam.solved > hill.solved, "{beam:?} against {hill:?}");
}
