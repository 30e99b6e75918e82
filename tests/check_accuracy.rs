//! Issue 15, must-show 7: `check`'s accuracy over the corpus of student-style programs
//! (`tests/check_corpus/`, whose manifest names each program's true rules). Each program is
//! checked on small explicit sets: for each of its rules, edge instances that reveal it, one
//! at a time (with the witness case), on the methods where it applies (the witness's first),
//! until the rule is named; a program without rules on its witness case, and a correct one
//! on every edge instance of its witness's method. Asserted: a correct program passes and is never blamed; a crash, a hang or garbage is never put down to a
//! rule; every true rule is among the rules named. Measured and printed (`cargo test --test
//! check_accuracy -- --nocapture`): accuracy = true rules named exactly (in a combination of
//! true rules only) / true rules present, and the share of named combinations made of true
//! rules only.

use std::collections::BTreeSet;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use searchlab_check::cases::{edge_cases, edge_digits, edge_npuzzle, Puzzle, TestSet};
use searchlab_check::{check, find_variant, CheckOptions, CheckReport, RunConfig, TestCase};

mod corpus;
use corpus::{manifest, require_tools, template, Program};

fn puzzle(p: &Program) -> Puzzle {
    if p.puzzle == "digits" {
        Puzzle::Digits
    } else {
        Puzzle::Npuzzle
    }
}

/// The edge case `edge-NAME-METHOD` of `p`'s puzzle.
fn edge_case(p: &Program, name: &str, method: &str) -> TestCase {
    let puzzle = puzzle(p);
    let full = format!("edge-{name}-{method}");
    let mut all = edge_cases(puzzle, &[method]).unwrap();
    let random = searchlab_check::cases::RandomSpec { n: 0, seed: 0, width: 3 };
    all.extend(searchlab_check::cases::test_set(puzzle, &TestSet::Robustness, &[method], random).unwrap());
    all.into_iter().find(|c| c.name == full).unwrap_or_else(|| panic!("{}: no case {full}", p.file))
}

/// The sets to try, in order, until one shows `rule`: for each method where `p` may show it
/// (the witness's method first) and each edge instance that reveals it there, that case (with
/// the witness case on its method). One or two cases a set: an A* diagnosis on a FAQ board
/// costs seconds.
fn revealing(p: &Program, rule: &str) -> Vec<Vec<TestCase>> {
    let puzzle = puzzle(p);
    let edges = if puzzle == Puzzle::Digits { edge_digits() } else { edge_npuzzle() };
    let variant = find_variant(puzzle, rule).unwrap_or_else(|| panic!("{}: unknown rule {rule}", p.file));
    let mut methods: Vec<&String> = std::iter::once(&p.witness.method).chain(&p.methods).collect();
    methods.dedup();
    let mut sets = Vec::new();
    for m in methods.into_iter().filter(|m| p.methods.contains(m) && variant.applies_to(m)) {
        let witness = (*m == p.witness.method).then_some(&p.witness.case);
        for e in edges.iter().filter(|e| e.reveals.iter().any(|r| r == rule) && e.methods.contains(m)) {
            let names: BTreeSet<&String> = [witness, Some(&e.name)].into_iter().flatten().collect();
            sets.push(names.into_iter().map(|name| edge_case(p, name, m)).collect());
        }
    }
    sets
}

/// Checks `p` on `cases`.
fn run(p: &Program, cases: &[TestCase]) -> CheckReport {
    let classes = tempfile::tempdir().unwrap();
    let timeout = Duration::from_secs(if p.kind == "hang" { 3 } else { 60 });
    let run = RunConfig { timeout, ..RunConfig::default() };
    check(
        puzzle(p),
        cases,
        &CheckOptions { template: template(p, classes.path()), run, jobs: 2, thorough: true, verdict: None },
    )
    .unwrap()
}

/// Every combination the report names, per method and on each test.
fn named(report: &CheckReport) -> BTreeSet<String> {
    let methods = report.summary.methods.values().flat_map(|m| m.variants.iter());
    methods.chain(report.tests.iter().flat_map(|t| t.variants.iter())).cloned().collect()
}

/// What one program adds to the figures: true rules, those named exactly, combinations named
/// per method and those of true rules only, and the line that shows them.
#[derive(Default)]
struct Tally {
    present: usize,
    exact: usize,
    combinations: usize,
    true_combinations: usize,
    line: Option<String>,
}

/// Checks one program: a correct, crashing, hanging or garbage one is put down to no rule (and a
/// correct one passes); a program with mistakes has each true rule named on the first method
/// where it shows.
fn assess(p: &Program) -> Tally {
    let witness = edge_case(p, &p.witness.case, &p.witness.method);
    let truth: BTreeSet<&str> = p.variants.iter().map(String::as_str).collect();
    if p.kind != "mistakes" {
        let puzzle = puzzle(p);
        let edges = if puzzle == Puzzle::Digits { edge_digits() } else { edge_npuzzle() };
        let mut cases = vec![witness];
        if p.kind == "correct" {
            let on = edges.iter().filter(|e| e.methods.contains(&p.witness.method) && e.name != p.witness.case);
            cases.extend(on.map(|e| edge_case(p, &e.name, &p.witness.method)));
        }
        let report = run(p, &cases);
        let names = named(&report);
        assert!(names.is_empty(), "{} ({}) is put down to a rule: {names:?}", p.file, p.kind);
        assert!(p.kind != "correct" || report.all_passed(), "{} fails", p.file);
        return Tally::default();
    }
    let (mut names, mut summary) = (BTreeSet::new(), BTreeSet::new());
    for rule in &truth {
        let has = |c: &String| c.split('+').any(|r| r == *rule);
        for cases in revealing(p, rule) {
            let report = run(p, &cases);
            names.extend(named(&report));
            summary.extend(report.summary.methods.values().flat_map(|m| m.variants.clone()));
            if names.iter().any(has) {
                break;
            }
        }
        assert!(names.iter().any(has), "{}: {rule} is not named; named {names:?}", p.file);
    }
    let only_true = |c: &String| c.split('+').all(|r| truth.contains(r));
    let exact = truth
        .iter()
        .filter(|rule| names.iter().filter(|c| only_true(c)).any(|c| c.split('+').any(|r| r == **rule)))
        .count();
    Tally {
        present: truth.len(),
        exact,
        combinations: summary.len(),
        true_combinations: summary.iter().filter(|c| only_true(c)).count(),
        line: Some(format!("{:<55} true {:?}, named per method {summary:?}", p.file, p.variants)),
    }
}

#[test]
fn check_names_the_true_rules_of_every_program_of_the_corpus() {
    require_tools();
    let programs = manifest().programs;
    // The programs are independent: one worker per core takes the next one (the report lines
    // are printed in the manifest's order afterwards).
    let next = AtomicUsize::new(0);
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get()).min(programs.len());
    let mut tallies: Vec<(usize, Tally)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(p) = programs.get(i) else { break done };
                        done.push((i, assess(p)));
                    }
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().expect("a worker panicked (its message is above)")).collect()
    });
    tallies.sort_by_key(|(i, _)| *i);
    let (mut present, mut exact, mut combinations, mut true_combinations) = (0, 0, 0, 0);
    for (_, t) in &tallies {
        present += t.present;
        exact += t.exact;
        combinations += t.combinations;
        true_combinations += t.true_combinations;
        if let Some(line) = &t.line {
            eprintln!("{line}");
        }
    }
    eprintln!(
        "accuracy: {exact}/{present} true rules named exactly ({:.1} %); {true_combinations}/{combinations} combinations named per method are of true rules only",
        100.0 * exact as f64 / present as f64
    );
}
