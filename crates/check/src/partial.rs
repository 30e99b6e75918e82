//! Partial explanations, for real programs that break rules no combination covers: on one
//! test, the combinations under which the reference writes the program's values for a part of
//! the output (the path, the node count, the deepest depth) while keeping its right parts
//! right; over a method, the combinations that explain a subset of its failed tests whole, and
//! the item explanations most tests share.

use std::collections::BTreeMap;

use crate::cases::Puzzle;
use crate::check::PreparedCase;
use crate::diagnose::diagnose_each;
use crate::oracle::Graded;
use crate::summary::Failure;
use crate::variant::{apply_all, find_variant, variants_for, Variant};
use crate::Partial;

/// Whether an output matches the program's on one part.
type Matcher<'a> = Box<dyn Fn(&Graded) -> bool + 'a>;

/// At most this many explanations of each kind.
const KEEP: usize = 3;

/// At most this many tests' combinations are tried on every failure of a method.
const MAX_CANDIDATES: usize = 24;

/// The item explanations of one test whose output no combination reproduces whole: for each
/// part the program gets wrong, the smallest combinations (at most [`KEEP`]) that write its
/// values there and leave the parts it gets right as they are; when none does (two mistakes
/// whose effects cross: one fixes what the other breaks), those that write that part alone.
pub(crate) fn explain_parts(puzzle: Puzzle, p: &PreparedCase<'_>, program: &Graded) -> Vec<Partial> {
    let reference = p.oracle.output(&p.base);
    let parts = program.part_count();
    let right: Vec<usize> = (0..parts).filter(|&k| program.part_eq(&reference, k)).collect();
    let wrong: Vec<usize> = (0..parts).filter(|k| !right.contains(k)).collect();
    if wrong.is_empty() || right.is_empty() && wrong.len() == 1 {
        return Vec::new(); // nothing to split: the whole-output diagnosis already tried this
    }
    let keeps_right = |out: &Graded| right.iter().all(|&j| out.part_eq(program, j));
    let mut matchers: Vec<Matcher<'_>> = Vec::new();
    for &k in &wrong {
        matchers.push(Box::new(move |out: &Graded| out.part_eq(program, k) && keeps_right(out)));
        matchers.push(Box::new(move |out: &Graded| out.part_eq(program, k)));
    }
    let refs: Vec<&dyn Fn(&Graded) -> bool> = matchers.iter().map(|m| m.as_ref()).collect();
    let variants = variants_for(puzzle, &p.method);
    let found = diagnose_each(&p.base, &variants, &reference, |c| p.oracle.output(c), &refs);
    let mut out = Vec::new();
    for (&k, pair) in wrong.iter().zip(found.combinations.chunks(2)) {
        let mut combinations = if pair[0].is_empty() { pair[1].clone() } else { pair[0].clone() };
        combinations.sort_by_key(|c| c.split('+').count());
        for rules in combinations.into_iter().take(KEEP) {
            let items = program.part_items(k).iter().map(|s| (*s).to_owned()).collect();
            out.push(Partial { rules, items, tests: 1 });
        }
    }
    out
}

/// A method's partial explanations when none explains all its failed tests: the
/// combinations found on single tests that reproduce the most of them whole, then the item
/// explanations the most tests share; at most [`KEEP`] of each.
pub(crate) fn summarize(puzzle: Puzzle, failures: &[Failure<'_>], partials: &[&[Partial]]) -> Vec<Partial> {
    let mut out = Vec::new();
    // Each combination some test found, tried on every failure: those reproducing most.
    let mut candidates: Vec<&String> = failures.iter().flat_map(|f| f.combinations.iter()).collect();
    candidates.sort();
    candidates.dedup();
    let items: Vec<String> = match puzzle {
        Puzzle::Npuzzle => ["path_to_goal", "cost_of_path", "nodes_expanded", "search_depth", "max_search_depth"]
            .map(str::to_owned)
            .to_vec(),
        Puzzle::Digits => vec!["path".to_owned(), "expanded".to_owned()],
    };
    let mut whole: Vec<Partial> = candidates
        .into_iter()
        .take(MAX_CANDIDATES)
        .filter_map(|rules| {
            let chosen: Vec<&Variant> = rules.split('+').map(|n| find_variant(puzzle, n)).collect::<Option<_>>()?;
            let tests = failures.iter().filter(|f| f.oracle.output(&apply_all(f.base, &chosen)) == *f.program).count();
            Some(Partial { rules: rules.clone(), items: items.clone(), tests })
        })
        .collect();
    whole.sort_by_key(|p| (std::cmp::Reverse(p.tests), p.rules.split('+').count()));
    out.extend(whole.into_iter().take(KEEP));
    let mut counts: BTreeMap<(String, Vec<String>), usize> = BTreeMap::new();
    for test in partials {
        for p in test.iter() {
            *counts.entry((p.rules.clone(), p.items.clone())).or_default() += 1;
        }
    }
    let mut shared: Vec<Partial> =
        counts.into_iter().map(|((rules, items), tests)| Partial { rules, items, tests }).collect();
    shared.sort_by_key(|p| (std::cmp::Reverse(p.tests), p.rules.split('+').count()));
    out.extend(shared.into_iter().take(KEEP));
    out
}
