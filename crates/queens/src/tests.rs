//! The board's value and moves, and the textbook's figures for local search on the 8-queens.

use proptest::prelude::*;
use searchlab_core::local::{run_many, LocalOptions, LocalProblem, LocalStrategy};

use super::*;

/// The pairs counted one by one, the definition: same row, or same diagonal.
fn pairs_by_definition(rows: &[u8]) -> u64 {
    let mut pairs = 0;
    for a in 0..rows.len() {
        for b in a + 1..rows.len() {
            let (ra, rb) = (i64::from(rows[a]), i64::from(rows[b]));
            if ra == rb || (ra - rb).abs() == (b - a) as i64 {
                pairs += 1;
            }
        }
    }
    pairs
}

#[test]
fn known_boards() {
    let q = Queens::new(8).unwrap();
    // All queens on one row: 8·7/2 = 28 pairs; on the main diagonal, 28 as well.
    assert_eq!(q.attacking_pairs(&[0; 8]), 28);
    assert_eq!(q.attacking_pairs(&[0, 1, 2, 3, 4, 5, 6, 7]), 28);
    // A solution of the 8-queens (rows by column): no pair.
    assert_eq!(q.attacking_pairs(&q.parse("0,4,7,5,2,6,1,3").unwrap()), 0);
    // AIMA Figure 4.3(a): the board with h = 17, rows read off the figure (top row 0).
    assert_eq!(q.attacking_pairs(&q.parse("4,5,6,3,4,5,6,5").unwrap()), 17);
    let mut around = Vec::new();
    q.neighbours(&vec![0; 8], &mut around);
    assert_eq!(around.len(), 8 * 7);
    assert!(Queens::new(3).is_err() && Queens::new(65).is_err());
    assert!(q.parse("1,2,3").is_err() && q.parse("0,1,2,3,4,5,6,8").is_err());
}

proptest! {
    #[test]
    fn the_value_is_the_pairs_by_definition(rows in proptest::collection::vec(0u8..8, 8)) {
        let q = Queens::new(8).unwrap();
        prop_assert_eq!(q.attacking_pairs(&rows), pairs_by_definition(&rows));
        // The drawing marks as many pairs as the value counts.
        prop_assert_eq!(q.attacks(&rows).len() as u64, pairs_by_definition(&rows));
        let mut around = Vec::new();
        q.neighbours(&rows, &mut around);
        // Each neighbour differs in exactly one column.
        for next in &around {
            prop_assert_eq!(next.iter().zip(&rows).filter(|(a, b)| a != b).count(), 1);
        }
    }
}

/// One share over 2,000 seeded random 8-queens starts.
fn share(strategy: LocalStrategy, options: LocalOptions) -> searchlab_core::local::LocalSummary {
    run_many(&Queens::new(8).unwrap(), strategy, &options, 2_000, 7)
}

/// AIMA section 4.1.1: steepest-ascent hill-climbing solves 14 % of random 8-queens states,
/// taking 4 steps on average when it succeeds and 3 when it gets stuck; with up to 100
/// consecutive sideways moves, 94 % (21 and 64 steps).
#[test]
fn hill_climbing_solves_the_books_shares_of_the_8_queens() {
    let plain = share(LocalStrategy::Hill, LocalOptions::default());
    assert!((plain.solved_share - 0.14).abs() <= 0.03, "{plain:?}");
    assert!((plain.mean_steps_solved.unwrap() - 4.0).abs() <= 1.0, "{plain:?}");
    assert!((plain.mean_steps_stuck.unwrap() - 3.0).abs() <= 1.0, "{plain:?}");
    let sideways = share(LocalStrategy::Hill, LocalOptions { sideways: 100, ..LocalOptions::default() });
    assert!((sideways.solved_share - 0.94).abs() <= 0.03, "{sideways:?}");
    assert!((sideways.mean_steps_solved.unwrap() - 21.0).abs() <= 6.0, "{sideways:?}");
    assert!((sideways.mean_steps_stuck.unwrap() - 64.0).abs() <= 20.0, "{sideways:?}");
}

/// Random restarts and simulated annealing solve nearly all.
#[test]
fn restarts_and_annealing_solve_nearly_all() {
    for strategy in [LocalStrategy::Restart, LocalStrategy::Annealing] {
        let summary = share(strategy, LocalOptions::default());
        assert!(summary.solved_share >= 0.99, "{summary:?}");
    }
}
