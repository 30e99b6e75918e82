//! Searches random 3-digit instances for the limit's edge cases, for `data/edge-digits.json`:
//! for each of B, D, I, G and A, an instance whose goal is the 1000th expansion, and one whose
//! search stops at the limit although the goal is reachable. Run once, result committed:
//!
//! ```sh
//! cargo run -p searchlab-check --example find_edges
//! ```

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use searchlab_check::cases::{digits_expected_text, digits_instance_text};

fn main() {
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    for letter in ["B", "D", "I", "G", "A"] {
        let (mut at_1000, mut limit_reachable) = (None, None);
        for _ in 0..200_000 {
            if at_1000.is_some() && limit_reachable.is_some() {
                break;
            }
            let start: u16 = rng.random_range(0..1000);
            let goal: u16 = rng.random_range(0..1000);
            let count = rng.random_range(0..=12);
            let forbidden: Vec<u16> =
                (0..count).map(|_| rng.random_range(0..1000)).filter(|&f| f != start && f != goal).collect();
            let text = digits_instance_text(start, goal, &forbidden);
            let answer = digits_expected_text(letter, &text).expect("a valid instance");
            let mut lines = answer.lines();
            let (path, expanded) = (lines.next().unwrap_or(""), lines.next().unwrap_or(""));
            let count = expanded.split(',').count();
            if count == 1000 && path != "No solution found." && at_1000.is_none() {
                at_1000 = Some(text.clone());
            }
            let bfs = digits_expected_text("B", &text).expect("a valid instance");
            let reachable = !bfs.starts_with("No solution found.");
            if count == 1000 && path == "No solution found." && reachable && limit_reachable.is_none() {
                limit_reachable = Some(text);
            }
        }
        println!("{letter} goal-at-1000th: {at_1000:?}");
        println!("{letter} limit-reached-goal-reachable: {limit_reachable:?}");
    }
}
