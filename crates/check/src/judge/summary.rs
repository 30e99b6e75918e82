//! The summary's combinations: every set of up to [`MAX_COMBINATION`] named rules under which
//! the reference reproduces every failed test of a method at once. Candidates are unions of
//! one combination found on each test where its diagnosis found one (a rule that changes
//! nothing alone on a test was skipped by that test's diagnosis, so a test may have none),
//! at most four rules; each candidate is then run on every test, those without a
//! combination of their own included.

use std::collections::BTreeSet;

use crate::cases::Puzzle;
use crate::judge::config::Config;
use crate::judge::oracle::{Graded, Oracle};
use crate::judge::variants::{all_variants, apply_all, Variant};
use crate::MAX_COMBINATION;

/// One failed test whose output could be read: the reference on its case and the base
/// config, the program's graded values and the combinations its diagnosis found.
pub(crate) struct Failure<'a> {
    pub(crate) base: &'a Config,
    pub(crate) oracle: &'a Oracle,
    pub(crate) program: &'a Graded,
    pub(crate) combinations: &'a [String],
}

/// The smallest combinations (names in registry order joined by `+`) under which the
/// reference reproduces every one of `failures` exactly: of those that explain them all, the
/// ones with the fewest rules; empty when there is none or no failure.
pub(crate) fn explain_all(puzzle: Puzzle, failures: &[Failure<'_>]) -> Vec<String> {
    let registry: Vec<&'static Variant> = all_variants().filter(|v| v.puzzle == puzzle).collect();
    let parse = |combination: &String| -> Option<BTreeSet<usize>> {
        combination.split('+').map(|name| registry.iter().position(|v| v.name == name)).collect()
    };
    let mut generators = failures.iter().filter(|f| !f.combinations.is_empty());
    let Some(first) = generators.next() else { return Vec::new() };
    let mut candidates: BTreeSet<BTreeSet<usize>> = first.combinations.iter().filter_map(parse).collect();
    for failure in generators {
        let found: Vec<BTreeSet<usize>> = failure.combinations.iter().filter_map(parse).collect();
        candidates = candidates
            .iter()
            .flat_map(|s| found.iter().map(move |c| s.union(c).copied().collect::<BTreeSet<usize>>()))
            .filter(|u| u.len() <= MAX_COMBINATION)
            .collect();
        if candidates.is_empty() {
            return Vec::new();
        }
    }
    let mut ordered: Vec<BTreeSet<usize>> = candidates.into_iter().collect();
    ordered.sort_by_key(|s| s.len());
    // The fewest rules that explain everything: a combination of more is an equivalent
    // explanation only the cases tried cannot tell apart, and each rule named must be paid
    // for (on the training half's real programs, the larger ones were rarely the mistakes).
    // The candidates come by size, so none larger than the first kept one is run.
    let mut kept: Vec<BTreeSet<usize>> = Vec::new();
    for set in ordered {
        if kept.first().is_some_and(|k| set.len() > k.len()) {
            break;
        }
        let chosen: Vec<&Variant> = set.iter().map(|&i| registry[i]).collect();
        if failures.iter().all(|f| f.oracle.output(&apply_all(f.base, &chosen)) == *f.program) {
            kept.push(set);
        }
    }
    kept.iter().map(|s| s.iter().map(|&i| registry[i].name).collect::<Vec<_>>().join("+")).collect()
}

/// The combinations every list holds (the whole run's summary from the methods'); empty when
/// there is no list.
pub(crate) fn common(lists: &[&[String]]) -> Vec<String> {
    let Some((first, rest)) = lists.split_first() else { return Vec::new() };
    first.iter().filter(|c| rest.iter().all(|l| l.contains(c))).cloned().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn common_keeps_what_every_list_has() {
        let names = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let (a, b) = (names(&["a+c", "b"]), names(&["b", "a+c", "d"]));
        assert_eq!(common(&[&a, &b]), ["a+c", "b"]);
        assert_eq!(common(&[&a, &names(&["d"])]), Vec::<String>::new());
        assert!(common(&[]).is_empty());
    }
}
