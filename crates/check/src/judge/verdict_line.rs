//! The verdict line: one line saying whether the program agrees with the reference, given as
//! soon as the runs settle it (the first round with a failed test, else the last run), before
//! the diagnosis and the report, so that the person waiting knows the outcome early.

use std::collections::BTreeSet;
use std::fmt;

use crate::judge::notes::FORMAT_ONLY;
use crate::TestReport;

/// Where the verdict line goes (the command line prints it); called at most once a check.
#[derive(Clone, Copy)]
pub struct VerdictHook(pub fn(&str));

impl fmt::Debug for VerdictHook {
    /// The hook's name only: a function pointer says nothing to a reader.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("VerdictHook")
    }
}

/// The tests scored so far, and whether the line was given.
#[derive(Default)]
pub(crate) struct VerdictLine {
    hook: Option<VerdictHook>,
    planned: usize,
    given: bool,
    ran: usize,
    failed: usize,
    format_only: usize,
    methods: BTreeSet<String>,
}

impl VerdictLine {
    /// Nothing scored yet of the `planned` tests (random ones left out later included); the
    /// line goes to `hook` (nowhere without one).
    pub(crate) fn new(hook: Option<VerdictHook>, planned: usize) -> VerdictLine {
        VerdictLine { hook, planned, ..VerdictLine::default() }
    }

    /// Counts a round's scored tests (`format_only`: failed with the reference's values) and
    /// gives the line when one of them failed.
    pub(crate) fn scored<'a>(&mut self, tests: impl Iterator<Item = &'a TestReport>) {
        for t in tests {
            self.ran += 1;
            if !t.passed {
                self.failed += 1;
                self.format_only += usize::from(t.notes.iter().any(|n| n == FORMAT_ONLY));
                self.methods.insert(t.method.clone());
            }
        }
        if self.failed > 0 {
            self.give();
        }
    }

    /// Gives the line if no failure gave it: every test run passed.
    pub(crate) fn finish(&mut self) {
        self.give();
    }

    fn give(&mut self) {
        if self.given {
            return;
        }
        self.given = true;
        if let Some(hook) = self.hook {
            (hook.0)(&self.line());
        }
    }

    /// The line's words.
    fn line(&self) -> String {
        let (ran, failed) = (self.ran, self.failed);
        if failed == 0 {
            let tests = if ran == 1 { "the one test".to_owned() } else { format!("all {ran} tests") };
            return format!("verdict: the program agrees with the reference on {tests} run.");
        }
        let methods = self.methods.iter().map(String::as_str).collect::<Vec<_>>().join(", ");
        let format = match self.format_only {
            0 => String::new(),
            n if n == failed => ", each on its format alone (the values are right)".to_owned(),
            n => format!(", {n} of them on their format alone"),
        };
        let first = if ran < self.planned { "the first " } else { "the " };
        format!(
            "verdict: the program differs from the reference: {failed} of {first}{ran} tests failed ({methods}){format}; the diagnosis follows."
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn test(method: &str, passed: bool, format_only: bool) -> TestReport {
        let mut t = TestReport::new("case", method, "320 110");
        t.passed = passed;
        if format_only {
            t.notes.push(FORMAT_ONLY.to_owned());
        }
        t
    }

    #[test]
    fn the_line_names_the_failures_of_the_round_that_has_the_first() {
        let mut v = VerdictLine::new(None, 10);
        v.scored([test("B", true, false)].iter());
        assert!(!v.given);
        v.scored([test("D", false, true), test("A", false, false), test("B", true, false)].iter());
        assert!(v.given);
        assert_eq!(
            v.line(),
            "verdict: the program differs from the reference: 2 of the first 4 tests failed (A, D), 1 of them on their format alone; the diagnosis follows."
        );
    }

    #[test]
    fn a_format_only_program_and_a_passing_one_have_their_own_words() {
        let mut v = VerdictLine::new(None, 2);
        v.scored([test("B", false, true), test("B", false, true)].iter());
        assert!(v.line().ends_with(
            "2 of the 2 tests failed (B), each on its format alone (the values are right); the diagnosis follows."
        ));
        let mut v = VerdictLine::new(None, 1);
        v.scored([test("B", true, false)].iter());
        v.finish();
        assert_eq!(v.line(), "verdict: the program agrees with the reference on the one test run.");
    }
}
