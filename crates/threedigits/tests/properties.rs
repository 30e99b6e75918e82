//! Invariants of every strategy on random instances, and a parser that never panics.

use proptest::prelude::*;
use searchlab_core::Strategy as SearchStrategy;
use searchlab_threedigits::{parse_instance, solve, Instance, Number, EXPANSION_LIMIT, STRATEGIES};

fn number() -> impl Strategy<Value = Number> {
    (0u16..1000).prop_map(|v| Number::new(v).unwrap())
}

fn instance() -> impl Strategy<Value = Instance> {
    (number(), number(), prop::collection::vec(number(), 0..40)).prop_map(|(start, goal, forbidden)| Instance {
        start,
        goal,
        forbidden,
    })
}

/// Checks a path against the rules of the puzzle; returns a description of the first
/// broken rule.
fn check_path(instance: &Instance, path: &[Number]) -> Result<(), String> {
    if path.first() != Some(&instance.start) {
        return Err(format!("path does not start at {}", instance.start));
    }
    if path.last() != Some(&instance.goal) {
        return Err(format!("path does not end at {}", instance.goal));
    }
    let mut previous_digit = None;
    for pair in path.windows(2) {
        let (a, b) = (pair[0].digits(), pair[1].digits());
        let changed: Vec<usize> = (0..3).filter(|&i| a[i] != b[i]).collect();
        if changed.len() != 1 {
            return Err(format!("{} -> {} changes {} digits", pair[0], pair[1], changed.len()));
        }
        let i = changed[0];
        if (a[i] as i8 - b[i] as i8).abs() != 1 {
            return Err(format!("{} -> {} is not a ±1 step", pair[0], pair[1]));
        }
        if previous_digit == Some(i) {
            return Err(format!("{} -> {} changes digit {i} twice in a row", pair[0], pair[1]));
        }
        if instance.forbidden.contains(&pair[1]) {
            return Err(format!("{} is forbidden", pair[1]));
        }
        previous_digit = Some(i);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn every_answer_obeys_the_rules(instance in instance()) {
        let mut bfs_len = None;
        for algorithm in STRATEGIES {
            let answer = solve(&instance, algorithm);
            prop_assert!(answer.expanded.len() as u64 <= EXPANSION_LIMIT);
            prop_assert!(!answer.expanded.is_empty());
            prop_assert_eq!(answer.expanded[0], instance.start);
            if let Some(path) = &answer.path {
                if let Err(why) = check_path(&instance, path) {
                    prop_assert!(false, "{:?} broke a rule: {}", algorithm, why);
                }
                prop_assert_eq!(answer.expanded.last(), Some(&instance.goal), "{:?} path does not end the list", algorithm);
                prop_assert!(!answer.limit_reached);
            }
            match algorithm {
                SearchStrategy::BreadthFirst => bfs_len = answer.path.as_ref().map(Vec::len),
                _ => {
                    if let (Some(b), Some(p)) = (bfs_len, answer.path.as_ref()) {
                        prop_assert!(b <= p.len(), "BFS path ({b}) longer than {:?}'s ({})", algorithm, p.len());
                    }
                }
            }
            if algorithm == SearchStrategy::AStar {
                if let (Some(b), Some(p)) = (bfs_len, answer.path.as_ref()) {
                    prop_assert_eq!(b, p.len(), "A* and BFS disagree on the optimal length");
                }
            }
            if answer.limit_reached {
                prop_assert_eq!(answer.expanded.len() as u64, EXPANSION_LIMIT);
                prop_assert!(answer.path.is_none());
            }
        }
    }

    #[test]
    fn the_parser_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..64)) {
        let _ = parse_instance(&bytes);
    }

    #[test]
    fn the_parser_never_panics_on_near_valid_text(text in "[0-9 ,\r\n\t-]{0,40}") {
        let _ = parse_instance(text.as_bytes());
    }
}
