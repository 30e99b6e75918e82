//! Partial explanations, for real programs that break rules no combination covers: on one
//! test, the combinations under which the reference writes the program's values for a part of
//! the output (the path, the node count, the deepest depth) while keeping its right parts
//! right; over a method, the combinations that explain a subset of its failed tests whole, and
//! the item explanations most tests share.

use std::collections::{BTreeMap, BTreeSet};

use crate::cases::Puzzle;
use crate::judge::diagnose::{diagnose_each, Diagnosis};
use crate::judge::oracle::Graded;
use crate::judge::prepare::PreparedCase;
use crate::judge::summary::Failure;
use crate::judge::variants::{apply_all, find_variant, variants_for, Variant};
use crate::Partial;

/// Whether an output matches the program's on one part.
type Matcher<'a> = Box<dyn Fn(&Graded) -> bool + Sync + 'a>;

/// At most this many explanations of each kind.
const KEEP: usize = 3;

/// At most this many tests' combinations are tried on every failure of a method.
const MAX_CANDIDATES: usize = 24;

/// A method's partial explanation is shown when it accounts for at least this many failed
/// tests: one that fits a single test is often a coincidence of that test's output (on the
/// real programs of `../shared/real-programs/`, most names given on one test alone were not
/// the program's mistakes).
const EVIDENCE: usize = 2;

/// The best this many whole-test explanations are shown even below [`EVIDENCE`], so that a
/// mistake that shows on one test only still gets a name.
const ALWAYS_WHOLE: usize = 2;

/// The item explanations of one test whose output no combination reproduces whole: for each
/// part the program gets wrong, the smallest combinations (at most [`KEEP`]) that write its
/// values there and leave the parts it gets right as they are; when none does (two mistakes
/// whose effects cross: one fixes what the other breaks), those that write that part alone.
pub(crate) fn explain_parts(puzzle: Puzzle, p: &PreparedCase<'_>, program: &Graded) -> Vec<Partial> {
    whole_or_parts(puzzle, p, program, false).1
}

/// The diagnosis of one failed test and, when no combination reproduces its output whole,
/// its item explanations ([`explain_parts`]), in one search: each configuration is run once
/// for both.
pub(crate) fn diagnose_with_parts(puzzle: Puzzle, p: &PreparedCase<'_>, program: &Graded) -> (Diagnosis, Vec<Partial>) {
    let (diagnosis, parts) = whole_or_parts(puzzle, p, program, true);
    let diagnosis = diagnosis.expect("asked for the whole output");
    let parts = if diagnosis.combinations.is_empty() { parts } else { Vec::new() };
    (diagnosis, parts)
}

/// The search behind [`explain_parts`], with the whole output's diagnosis first when `whole`.
fn whole_or_parts(
    puzzle: Puzzle,
    p: &PreparedCase<'_>,
    program: &Graded,
    whole: bool,
) -> (Option<Diagnosis>, Vec<Partial>) {
    let reference = p.oracle.output(&p.base);
    let parts = program.part_count();
    let right: Vec<usize> = (0..parts).filter(|&k| program.part_eq(&reference, k)).collect();
    let mut wrong: Vec<usize> = (0..parts).filter(|k| !right.contains(k)).collect();
    if wrong.is_empty() || right.is_empty() && wrong.len() == 1 {
        wrong.clear(); // nothing to split: the whole-output diagnosis tries this
    }
    let keeps_right = |out: &Graded| right.iter().all(|&j| out.part_eq(program, j));
    let mut matchers: Vec<Matcher<'_>> = Vec::new();
    if whole {
        matchers.push(Box::new(move |out: &Graded| out == program));
    }
    for &k in &wrong {
        matchers.push(Box::new(move |out: &Graded| out.part_eq(program, k) && keeps_right(out)));
        matchers.push(Box::new(move |out: &Graded| out.part_eq(program, k)));
    }
    if matchers.is_empty() {
        return (None, Vec::new());
    }
    let refs: Vec<&(dyn Fn(&Graded) -> bool + Sync)> = matchers.iter().map(|m| m.as_ref()).collect();
    let variants = variants_for(puzzle, &p.method);
    let mut found = diagnose_each(&p.base, &variants, &reference, |c| p.oracle.output(c), &refs, whole);
    let diagnosis = whole.then(|| Diagnosis {
        combinations: found.combinations.remove(0),
        active: found.active.clone(),
        runs: found.runs,
    });
    let mut out = Vec::new();
    for (&k, pair) in wrong.iter().zip(found.combinations.chunks(2)) {
        let mut combinations = if pair[0].is_empty() { pair[1].clone() } else { pair[0].clone() };
        combinations.sort_by_key(|c| c.split('+').count());
        for rules in combinations.into_iter().take(KEEP) {
            let items = program.part_items(k).iter().map(|s| (*s).to_owned()).collect();
            out.push(Partial { rules, items, tests: 1 });
        }
    }
    (diagnosis, out)
}

/// A method's partial explanations when none explains all its failed tests: the
/// combinations found on single tests that reproduce the most of them whole, then the item
/// explanations the most tests share, as [`choose`] keeps them.
pub(crate) fn summarize(puzzle: Puzzle, failures: &[Failure<'_>], partials: &[&[Partial]]) -> Vec<Partial> {
    // Each combination some test found, tried on every failure: those reproducing most.
    let mut candidates: Vec<&String> = failures.iter().flat_map(|f| f.combinations.iter()).collect();
    candidates.sort();
    candidates.dedup();
    let items: Vec<String> = puzzle.checked().graded_items().iter().map(|s| (*s).to_owned()).collect();
    let whole: Vec<Partial> = candidates
        .into_iter()
        .take(MAX_CANDIDATES)
        .filter_map(|rules| {
            let chosen: Vec<&Variant> = rules.split('+').map(|n| find_variant(puzzle, n)).collect::<Option<_>>()?;
            let tests = failures.iter().filter(|f| f.oracle.output(&apply_all(f.base, &chosen)) == *f.program).count();
            Some(Partial { rules: rules.clone(), items: items.clone(), tests })
        })
        .collect();
    let mut counts: BTreeMap<(String, Vec<String>), usize> = BTreeMap::new();
    for test in partials {
        for p in test.iter() {
            *counts.entry((p.rules.clone(), p.items.clone())).or_default() += 1;
        }
    }
    let shared: Vec<Partial> =
        counts.into_iter().map(|((rules, items), tests)| Partial { rules, items, tests }).collect();
    choose(whole, shared)
}

/// How well a whole-test explanation is supported: the tests it reproduces, less one for each
/// rule beyond its first (a combination of more rules is tried in more ways, so it fits more
/// outputs by chance: each rule more must be paid for with a test more).
fn support(p: &Partial) -> usize {
    (p.tests + 1).saturating_sub(p.rules.split('+').count())
}

/// The explanations shown, from a method's whole-test ones and its item ones: the best
/// [`ALWAYS_WHOLE`] whole ones by [`support`] and the others whose support is at least
/// [`EVIDENCE`], then the item ones that at least [`EVIDENCE`] tests share and whose rules are
/// not all named by one shown before (and the most shared one when no explanation fits two
/// tests); at most [`KEEP`] of each, the best supported first, then the fewest rules.
fn choose(mut whole: Vec<Partial>, mut shared: Vec<Partial>) -> Vec<Partial> {
    let order = |p: &Partial| (std::cmp::Reverse(p.tests), p.rules.split('+').count());
    whole.sort_by_key(|p| (std::cmp::Reverse(support(p)), p.rules.split('+').count()));
    shared.sort_by_key(order);
    let whole = whole.into_iter().filter(|p| p.tests > 0).enumerate();
    let whole = whole.filter(|(i, p)| *i < ALWAYS_WHOLE || support(p) >= EVIDENCE);
    let mut out: Vec<Partial> = whole.map(|(_, p)| p).take(KEEP).collect();
    let rules_of = |p: &Partial| p.rules.split('+').map(str::to_owned).collect::<BTreeSet<String>>();
    let mut named: Vec<BTreeSet<String>> = out.iter().map(rules_of).collect();
    let fallback = shared.first().cloned();
    let mut kept = 0;
    for p in shared {
        let rules = rules_of(&p);
        if kept < KEEP && p.tests >= EVIDENCE && !named.iter().any(|n| rules.is_subset(n)) {
            named.push(rules);
            out.push(p);
            kept += 1;
        }
    }
    // Nothing fits two tests: the best item explanation is as good as the whole ones shown.
    if kept == 0 && out.iter().all(|p| p.tests < EVIDENCE) {
        out.extend(fallback);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn partial(rules: &str, items: &[&str], tests: usize) -> Partial {
        Partial { rules: rules.to_owned(), items: items.iter().map(|s| (*s).to_owned()).collect(), tests }
    }

    fn rules(out: &[Partial]) -> Vec<&str> {
        out.iter().map(|p| p.rules.as_str()).collect()
    }

    #[test]
    fn one_test_alone_is_not_enough_beyond_the_best_two() {
        let whole = vec![partial("c", &["path"], 1), partial("a", &["path"], 5), partial("b", &["path"], 1)];
        let whole = [whole, vec![partial("d", &["path"], 1)]].concat();
        // a (5 tests) and the next best (one test, the fewest rules first: c and b tie, stable order)
        assert_eq!(rules(&choose(whole, Vec::new())), ["a", "c"]);
    }

    #[test]
    fn each_rule_beyond_the_first_costs_a_test() {
        // Three rules on two tests (support 0) lose to one rule on one test and to two rules
        // on two (support 1 each), and are not shown beyond the best two.
        let whole = vec![partial("a+b+c", &["path"], 2), partial("d+e", &["path"], 2), partial("f", &["path"], 1)];
        assert_eq!(rules(&choose(whole, Vec::new())), ["f", "d+e"]);
        // Four rules on five tests (support 2) are well supported.
        let whole = vec![partial("a+b+c+d", &["path"], 5), partial("e", &["path"], 1), partial("f", &["path"], 1)];
        assert_eq!(rules(&choose(whole, Vec::new())), ["a+b+c+d", "e"]);
    }

    #[test]
    fn well_supported_whole_explanations_all_show_up_to_three() {
        let whole = (0..5).map(|i| partial(&format!("r{i}"), &["path"], 2 + i)).collect();
        assert_eq!(rules(&choose(whole, Vec::new())), ["r4", "r3", "r2"]);
    }

    #[test]
    fn item_explanations_need_two_tests_and_something_new() {
        let whole = vec![partial("a+b", &["path", "expanded"], 4)];
        let shared = vec![
            partial("a", &["path"], 6), // named by the whole one
            partial("c", &["path"], 1), // one test only
            partial("d", &["expanded"], 3),
            partial("d", &["path"], 2), // named by the item one before it
        ];
        assert_eq!(rules(&choose(whole, shared)), ["a+b", "d"]);
    }

    #[test]
    fn the_most_shared_item_explanation_when_nothing_fits_two_tests() {
        let shared = vec![partial("x", &["path"], 1), partial("y+z", &["path"], 1)];
        assert_eq!(rules(&choose(Vec::new(), shared.clone())), ["x"]);
        let weak = vec![partial("w", &["path", "expanded"], 1)];
        assert_eq!(rules(&choose(weak, shared.clone())), ["w", "x"]);
        let strong = vec![partial("s", &["path", "expanded"], 2)];
        assert_eq!(rules(&choose(strong, shared)), ["s"]);
        assert!(choose(Vec::new(), Vec::new()).is_empty());
    }
}
