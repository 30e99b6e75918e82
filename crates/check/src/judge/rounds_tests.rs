//! The rounds' unit tests: when a method is settled, and the rounds every program runs.

use super::*;

fn state(explained: usize, random_passed: usize, random_stopped: usize, variants: &[&str]) -> MethodState {
    MethodState {
        method: "dfs".to_owned(),
        explained,
        format_only: 0,
        random_passed,
        random_stopped,
        variants: variants.iter().map(|v| (*v).to_owned()).collect(),
    }
}

#[test]
fn a_method_settles_on_explained_failures_passes_or_stopped_runs() {
    let last = |v: &[&str]| vec![("dfs".to_owned(), v.iter().map(|s| (*s).to_owned()).collect())];
    // Three failures with the same explanation as the round before.
    assert!(is_settled(&state(3, 0, 0, &["limit-1001"]), &last(&["limit-1001"])));
    assert!(!is_settled(&state(3, 0, 0, &["limit-1001"]), &last(&["limit-999"])));
    assert!(!is_settled(&state(2, 0, 0, &["limit-1001"]), &last(&["limit-1001"])));
    // No wrong answer: fifty passes, or five runs stopped by a timeout or a crash.
    assert!(is_settled(&state(0, SETTLED_PASSES, 0, &[]), &[]));
    assert!(!is_settled(&state(0, SETTLED_PASSES - 1, SETTLED_STOPPED - 1, &[]), &[]));
    assert!(is_settled(&state(0, 3, SETTLED_STOPPED, &[]), &[]));
    // Stopped runs never settle a method with a wrong answer not yet settled.
    assert!(!is_settled(&state(1, 0, SETTLED_STOPPED, &[]), &[]));
}

#[test]
fn every_program_runs_the_same_first_rounds() {
    // Two methods, 25 random instances each (interleaved as the suites write them) and
    // three edge cases: round 1 = the edge cases and 10 instances of each method.
    let mut cases: Vec<(String, &str)> =
        vec![("edge-a-bfs".into(), "bfs"), ("edge-b-dfs".into(), "dfs"), ("edge-c-bfs".into(), "bfs")];
    for i in 0..25 {
        cases.push((format!("random-{i:03}-bfs"), "bfs"));
        cases.push((format!("random-{i:03}-dfs"), "dfs"));
    }
    let sizes: Vec<usize> = rounds(cases.iter().map(|(n, m)| (n.as_str(), *m))).iter().map(Vec::len).collect();
    assert_eq!(sizes, [23, 20, 10]);
}
