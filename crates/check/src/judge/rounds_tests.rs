//! The rounds' unit tests: when a method is settled, and the rounds every program runs.

use super::*;

fn state(explained: usize, random_passed: usize, random_stopped: usize, variants: &[&str]) -> MethodState {
    MethodState {
        method: "dfs".to_owned(),
        explained,
        format_only: 0,
        random_passed,
        latest_mean: 0.1,
        passes_in_a_row: random_passed,
        random_stopped,
        variants: variants.iter().map(|v| (*v).to_owned()).collect(),
        kinds: std::collections::BTreeSet::new(),
    }
}

#[test]
fn a_method_settles_on_explained_failures_passes_or_stopped_runs() {
    let last = |v: &[&str]| vec![state(0, 0, 0, v)];
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
fn fewer_failures_settle_once_the_random_cases_keep_passing() {
    let last = |v: &[&str]| vec![state(0, 0, 0, v)];
    // Two explained failures (fixed cases), then twenty random passes in a row.
    assert!(is_settled(&state(2, SETTLED_IN_A_ROW, 0, &["limit-1001"]), &last(&["limit-1001"])));
    assert!(!is_settled(&state(2, SETTLED_IN_A_ROW - 1, 0, &["limit-1001"]), &last(&["limit-1001"])));
    // ... never while the explanation changes.
    assert!(!is_settled(&state(2, SETTLED_IN_A_ROW, 0, &["limit-1001"]), &last(&["limit-999"])));
    // Failures no rule explains: the same.
    assert!(is_settled(&state(2, SETTLED_IN_A_ROW, 0, &[]), &last(&[])));
    assert!(!is_settled(&state(2, SETTLED_IN_A_ROW - 1, 0, &[]), &last(&[])));
    // A random failure starts the row again.
    let broken = MethodState { passes_in_a_row: 5, ..state(2, SETTLED_IN_A_ROW, 0, &["limit-1001"]) };
    assert!(!is_settled(&broken, &last(&["limit-1001"])));
    // Without a wrong answer twenty passes are not enough: fifty are.
    assert!(!is_settled(&state(0, SETTLED_IN_A_ROW, 0, &[]), &last(&[])));
}

#[test]
fn slow_passing_runs_settle_a_method_sooner() {
    let slow = |passed: usize, mean: f64| MethodState { latest_mean: mean, ..state(0, passed, 0, &[]) };
    assert!(is_settled(&slow(20, SLOW_RUN_SECONDS), &[]));
    assert!(!is_settled(&slow(20, 0.9 * SLOW_RUN_SECONDS), &[]));
    assert!(!is_settled(&slow(0, 0.0), &[]));
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

#[test]
fn named_and_unexplained_failures_settle_when_no_new_kind_comes() {
    let kinds = |k: &[&str]| k.iter().map(|s| (*s).to_owned()).collect::<std::collections::BTreeSet<String>>();
    // Three failures: two named by one rule, one that none explains; the round before saw
    // the same kinds.
    let now = MethodState { kinds: kinds(&["forbidden-start-not-expanded", ""]), ..state(3, 0, 0, &[]) };
    let before = MethodState { kinds: kinds(&["forbidden-start-not-expanded", ""]), ..state(2, 0, 0, &[]) };
    assert!(is_settled(&now, std::slice::from_ref(&before)));
    // A new kind in the round, or too few failures, or none named: not yet.
    let newer = MethodState { kinds: kinds(&["forbidden-start-not-expanded"]), ..state(2, 0, 0, &[]) };
    assert!(!is_settled(&now, &[newer]));
    let few = MethodState { kinds: kinds(&["forbidden-start-not-expanded", ""]), ..state(2, 0, 0, &[]) };
    assert!(!is_settled(&few, std::slice::from_ref(&before)));
    let unnamed = MethodState { kinds: kinds(&[""]), ..state(3, 0, 0, &[]) };
    assert!(!is_settled(&unnamed, &[MethodState { kinds: kinds(&[""]), ..state(2, 0, 0, &[]) }]));
}
