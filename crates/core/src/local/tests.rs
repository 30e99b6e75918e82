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

/// An event with its state copied out.
#[derive(Debug, Clone, PartialEq)]
enum Seen {
    Start(i64, u64),
    Move(i64, u64, MoveKind),
    End(StopReason),
}

fn seen(event: &LocalEvent<'_, i64>) -> Seen {
    match *event {
        LocalEvent::Start { state, value } => Seen::Start(*state, value),
        LocalEvent::Move { state, value, kind, .. } => Seen::Move(*state, value, kind),
        LocalEvent::End { reason } => Seen::End(reason),
    }
}

#[test]
fn steepest_ascent_reports_its_start_moves_and_stop() {
    // Worked by hand: 17 (value 4) has neighbours 16 (3) and 18 (5); 16 then 15 (2), whose
    // neighbours 14 and 16 are both 3: a local minimum.
    let mut events = Vec::new();
    let mut record = |e: &LocalEvent<'_, i64>| events.push(seen(e));
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    steepest_ascent_with(&Valley, 17, &LocalOptions::default(), &mut rng, &mut record);
    assert_eq!(
        events,
        [
            Seen::Start(17, 4),
            Seen::Move(16, 3, MoveKind::Downhill),
            Seen::Move(15, 2, MoveKind::Downhill),
            Seen::End(StopReason::NoBetterNeighbour)
        ]
    );
}

/// Records events and asks to stop after `moves` moves.
struct StopAfter {
    moves: usize,
    events: Vec<Seen>,
}

impl LocalObserver<i64> for StopAfter {
    fn on_local(&mut self, event: &LocalEvent<'_, i64>) {
        self.events.push(seen(event));
    }
    fn should_stop(&self) -> bool {
        self.events.iter().filter(|e| matches!(e, Seen::Move(..))).count() >= self.moves
    }
}

#[test]
fn every_strategy_reports_each_move_it_counts_and_stops_when_asked() {
    for (name, strategy) in LocalStrategy::ALL {
        for seed in 0..20 {
            let mut observer = StopAfter { moves: usize::MAX, events: Vec::new() };
            let run = run_local_with(
                &Valley,
                strategy,
                &LocalOptions::default(),
                &mut ChaCha8Rng::seed_from_u64(seed),
                &mut observer,
            );
            let events = observer.events;
            let moves: Vec<&Seen> = events.iter().filter(|e| matches!(e, Seen::Move(..))).collect();
            assert_eq!(moves.len() as u64, run.steps, "{name} seed {seed}");
            let starts = events.iter().filter(|e| matches!(e, Seen::Start(..))).count();
            let ends = events.iter().filter(|e| matches!(e, Seen::End(_))).count();
            assert_eq!((starts as u64, ends as u64), (run.restarts + 1, run.restarts + 1), "{name} seed {seed}");
            let Some(Seen::End(reason)) = events.last() else { panic!("{name} seed {seed}: no end") };
            assert_eq!(run.solved, *reason == StopReason::Solved, "{name} seed {seed}");
            if strategy != LocalStrategy::Beam {
                // The last reported state is where the run ended (the beam reports its best).
                let last = events.iter().rev().find_map(|e| match e {
                    Seen::Start(s, v) | Seen::Move(s, v, _) => Some((*s, *v)),
                    Seen::End(_) => None,
                });
                assert_eq!(last, Some((run.state, run.value)), "{name} seed {seed}");
            }
            // Each move's kind agrees with the values before and after it.
            let mut before = None;
            for e in &events {
                match e {
                    Seen::Start(_, v) => before = Some(*v),
                    Seen::Move(_, v, kind) if strategy != LocalStrategy::Beam => {
                        assert_eq!(*kind, MoveKind::of(before.unwrap(), *v), "{name} seed {seed}");
                        before = Some(*v);
                    }
                    _ => {}
                }
            }
        }
        let mut stopping = StopAfter { moves: 1, events: Vec::new() };
        let run = run_local_with(
            &Valley,
            strategy,
            &LocalOptions::default(),
            &mut ChaCha8Rng::seed_from_u64(3),
            &mut stopping,
        );
        assert!(run.steps <= 1, "{name}");
        if !run.solved && run.steps == 1 {
            assert_eq!(stopping.events.last(), Some(&Seen::End(StopReason::Stopped)), "{name}");
        }
    }
}
