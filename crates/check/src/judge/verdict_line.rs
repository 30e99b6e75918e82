//! The verdict line: one line saying whether the program agrees with the reference, given as
//! soon as a run settles it (the first failed test, scored as its run ends, while the others
//! still run), else after the last run, before the diagnosis and the report, so that the
//! person waiting knows the outcome early.

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::judge::notes::FORMAT_ONLY;
use crate::TestReport;

/// Where the verdict line goes (the command line prints it); called at most once a check,
/// from any thread.
#[derive(Clone, Copy)]
pub struct VerdictHook(pub fn(&str));

impl fmt::Debug for VerdictHook {
    /// The hook's name only: a function pointer says nothing to a reader.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("VerdictHook")
    }
}

/// Whether the line was given, and where it goes.
pub(crate) struct VerdictLine {
    hook: Option<VerdictHook>,
    given: AtomicBool,
}

impl VerdictLine {
    /// Not given yet; the line goes to `hook` (nowhere without one).
    pub(crate) fn new(hook: Option<VerdictHook>) -> VerdictLine {
        VerdictLine { hook, given: AtomicBool::new(false) }
    }

    /// Whether a scored test could still give the line (a hook, and no line yet): scoring a
    /// run early is worth it only then.
    pub(crate) fn open(&self) -> bool {
        self.hook.is_some() && !self.given.load(Ordering::Relaxed)
    }

    /// A test scored as its run ended: the line is given at the first that failed.
    pub(crate) fn scored(&self, test: &TestReport) {
        if !test.passed {
            self.give(|| failure_line(test));
        }
    }

    /// After the last run: the line, if no failure gave it, says that all `ran` tests passed.
    pub(crate) fn finish(&self, ran: usize) {
        self.give(|| {
            let tests = if ran == 1 { "the one test".to_owned() } else { format!("all {ran} tests") };
            format!("verdict: the program agrees with the reference on {tests} run.")
        });
    }

    fn give(&self, line: impl FnOnce() -> String) {
        if let Some(hook) = self.hook {
            if !self.given.swap(true, Ordering::Relaxed) {
                (hook.0)(&line());
            }
        }
    }
}

/// The line of a failed test: which, and its kind when it is not a wrong value (its format
/// alone, or a run that went wrong).
fn failure_line(t: &TestReport) -> String {
    let why = if t.has_note(FORMAT_ONLY) {
        " on its format alone (the values are right)".to_owned()
    } else if let Some(problem) = t.problems.first() {
        format!(": the program {problem}")
    } else {
        String::new()
    };
    format!(
        "verdict: the program differs from the reference: {} ({}) failed{why}; the diagnosis follows.",
        t.name, t.input
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    static GIVEN: AtomicUsize = AtomicUsize::new(0);

    fn count(_: &str) {
        GIVEN.fetch_add(1, Ordering::Relaxed);
    }

    fn test(passed: bool, format_only: bool) -> TestReport {
        let mut t = TestReport::new("case-01", "B", "B 320/110");
        t.passed = passed;
        if format_only {
            t.notes.push(FORMAT_ONLY.to_owned());
        }
        t
    }

    #[test]
    fn the_first_failure_gives_the_line_once_and_a_pass_gives_none() {
        let v = VerdictLine::new(Some(VerdictHook(count)));
        v.scored(&test(true, false));
        assert!(v.open());
        v.scored(&test(false, false));
        v.scored(&test(false, true));
        v.finish(3);
        assert!(!v.open());
        assert_eq!(GIVEN.load(Ordering::Relaxed), 1);
    }

    #[test]
    fn each_kind_of_failure_and_a_pass_have_their_own_words() {
        assert_eq!(
            failure_line(&test(false, true)),
            "verdict: the program differs from the reference: case-01 (B 320/110) failed on its format alone (the values are right); the diagnosis follows."
        );
        let mut crashed = test(false, false);
        crashed.problems.push("exited with status 1".to_owned());
        assert!(failure_line(&crashed).ends_with("failed: the program exited with status 1; the diagnosis follows."));
        assert!(failure_line(&test(false, false)).ends_with("(B 320/110) failed; the diagnosis follows."));
    }
}
