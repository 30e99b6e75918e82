//! One failed test's diagnosis: chance (a second run answered otherwise), a run that went
//! wrong, a combination of rules already found on its method, or the search over every
//! combination. What a method's failures showed so far ([`Known`]) makes the next ones cheap:
//! its combinations are tried first, and once its second runs kept repeating the first, a
//! failure that one of them reproduces exactly needs no second run.

use std::collections::BTreeMap;

use searchlab_npuzzle::Edition;

use crate::cases::Puzzle;
use crate::judge::notes::{CHANCE, NOTHING_EXPLAINS};
use crate::judge::oracle::Graded;
use crate::judge::partial::diagnose_with_parts;
use crate::judge::prepare::{graded, PreparedCase};
use crate::judge::reference_answer::ReferenceAnswer;
use crate::judge::variants::{apply_all, find_variant, Variant};
use crate::judge::verdict::run_problems;
use crate::{RunResult, TestReport};

/// Second runs of a method's failed tests that gave the first run's answer, none otherwise,
/// before its failures that a known combination reproduces are diagnosed from one run.
pub(crate) const REPEATED: usize = 3;

/// What each method's failed tests showed so far: the combinations that explained them (`a+b`
/// names), and how many second runs repeated the first (and whether one ever did not).
#[derive(Default)]
pub(crate) struct Known {
    combinations: BTreeMap<String, Vec<String>>,
    repeats: BTreeMap<String, (usize, bool)>,
}

impl Known {
    /// The known combinations of `p`'s method under which the reference writes `program`.
    fn fitting(&self, puzzle: Puzzle, p: &PreparedCase<'_>, program: &Graded) -> Vec<String> {
        let Some(list) = self.combinations.get(&p.method) else { return Vec::new() };
        list.iter()
            .filter(|rules| {
                let chosen: Option<Vec<&Variant>> = rules.split('+').map(|n| find_variant(puzzle, n)).collect();
                chosen.is_some_and(|chosen| p.oracle.output(&apply_all(&p.base, &chosen)) == *program)
            })
            .cloned()
            .collect()
    }

    /// Records the combinations a full diagnosis found on a failure of `method`.
    fn add(&mut self, method: &str, found: &[String]) {
        let list = self.combinations.entry(method.to_owned()).or_default();
        for rules in found {
            if !list.contains(rules) {
                list.push(rules.clone());
            }
        }
    }

    /// Records a second run of a failed test of `method`: it `repeated` the first's answer.
    fn record_repeat(&mut self, method: &str, repeated: bool) {
        let (count, changed) = self.repeats.entry(method.to_owned()).or_default();
        *count += usize::from(repeated);
        *changed |= !repeated;
    }

    /// Whether `method`'s second runs repeated the first [`REPEATED`] times and never changed.
    pub(crate) fn repeatable(&self, method: &str) -> bool {
        self.repeats.get(method).is_some_and(|&(count, changed)| count >= REPEATED && !changed)
    }
}

/// The diagnosis of one failed test from its run and, when it was run twice, its `second`:
/// chance, a run that went wrong, or the named rules (whole or partial); the program's values
/// when diagnosed. The combinations already `known` on the method that reproduce this test
/// are its diagnosis when there are any; otherwise the search over every combination runs and
/// adds to them.
pub(crate) fn diagnose_failure(
    (puzzle, edition): (Puzzle, Edition),
    p: &PreparedCase<'_>,
    test: &mut TestReport,
    (first, second): (&RunResult, Option<&RunResult>),
    known: &mut Known,
) -> Option<Graded> {
    let program = graded(puzzle, first, edition);
    if let Some(second) = second {
        let repeated = program == graded(puzzle, second, edition);
        known.record_repeat(&p.method, repeated);
        if !repeated {
            test.notes.push(CHANCE.to_owned());
            return None;
        }
    }
    // A crash, a hang or a flood is the diagnosis: no rule is blamed for what it left.
    if !readable(puzzle, first) {
        return None;
    }
    if known_diagnosis(puzzle, p, test, first, &program, known) {
        return Some(program);
    }
    let (d, parts) = diagnose_with_parts(puzzle, p, &program);
    known.add(&p.method, &d.combinations);
    test.variants = d.combinations.clone();
    if d.combinations.is_empty() {
        test.notes.push(format!("{NOTHING_EXPLAINS} ({} of them change the reference's output here)", d.active.len()));
        test.partial = parts;
    }
    not_optimal_note(p, first, test);
    Some(program)
}

/// The diagnosis of a failed test from its one run when it needs no second: its method's
/// second runs proved [`Known::repeatable`], it ran cleanly, and a combination found on the
/// method reproduces its answer exactly (a rule's exact output is no accident). `None`: run it
/// again and diagnose it with [`diagnose_failure`].
pub(crate) fn diagnose_from_one_run(
    (puzzle, edition): (Puzzle, Edition),
    p: &PreparedCase<'_>,
    test: &mut TestReport,
    run: &RunResult,
    known: &Known,
) -> Option<Graded> {
    if !known.repeatable(&p.method) || !readable(puzzle, run) {
        return None;
    }
    let program = graded(puzzle, run, edition);
    known_diagnosis(puzzle, p, test, run, &program, known).then_some(program)
}

/// Whether `run` ran cleanly and wrote an answer, so that rules can be weighed against it.
fn readable(puzzle: Puzzle, run: &RunResult) -> bool {
    run_problems(puzzle, run).is_empty() && !puzzle.checked().wrote_nothing(run)
}

/// Gives `test` the combinations already `known` on its method under which the reference
/// writes `program`; whether there were any.
fn known_diagnosis(
    puzzle: Puzzle,
    p: &PreparedCase<'_>,
    test: &mut TestReport,
    run: &RunResult,
    program: &Graded,
    known: &Known,
) -> bool {
    let fitting = known.fitting(puzzle, p, program);
    if fitting.is_empty() {
        return false;
    }
    test.variants = fitting;
    not_optimal_note(p, run, test);
    true
}

/// The note of an A* answer longer than the optimal path.
fn not_optimal_note(p: &PreparedCase<'_>, run: &RunResult, test: &mut TestReport) {
    let reference_moves = match (&p.reference, p.base.strategy) {
        (ReferenceAnswer::Npuzzle(e), searchlab_core::Strategy::AStar) => Some(e.path_to_goal.len()),
        _ => None,
    };
    crate::judge::verdict::not_optimal_note(reference_moves, run, test);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_method_is_repeatable_after_three_repeats_and_no_change() {
        let mut known = Known::default();
        for _ in 0..REPEATED - 1 {
            known.record_repeat("G", true);
        }
        assert!(!known.repeatable("G"));
        known.record_repeat("G", true);
        assert!(known.repeatable("G"));
        assert!(!known.repeatable("A"));
        known.record_repeat("G", false);
        assert!(!known.repeatable("G"), "one changed answer is enough to run every failure twice");
        known.record_repeat("G", true);
        assert!(!known.repeatable("G"));
    }
}
