//! Runs too slow to wait for: once a method's run is stopped at the time limit on a case, the
//! cases of that method on which the reference expands at least as many nodes are predicted to
//! be stopped too, unless the program finished one as large, and are not run (`--thorough`
//! runs them). A student whose depth-first search takes minutes then waits for one stopped run
//! per method, not for every such case twice over.

use std::collections::BTreeMap;

use crate::judge::prepare::PreparedCase;
use crate::{RunError, RunResult, Score, TestReport};

/// A case stopped at the time limit: its name and the reference's cost on it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Stopped {
    name: String,
    cost: u64,
}

/// What a run says of the program's speed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RunSpeed {
    /// Stopped at the time limit.
    Stopped,
    /// Finished cleanly within it.
    Finished,
    /// Nothing: it could not start, or it crashed or was stopped by another limit.
    Unknown,
}

impl RunSpeed {
    /// The speed `run` shows, `clean` when it ran without a problem.
    pub(crate) fn of(run: &Result<RunResult, RunError>, clean: bool) -> RunSpeed {
        match run {
            Ok(run) if run.timed_out => RunSpeed::Stopped,
            Ok(_) if clean => RunSpeed::Finished,
            _ => RunSpeed::Unknown,
        }
    }
}

/// What the runs so far say of each method's speed.
#[derive(Debug, Default)]
pub(crate) struct SlowRuns {
    /// Per method: the cheapest case stopped at the time limit, whether or not other runs
    /// shared the machine.
    stopped: BTreeMap<String, Stopped>,
    /// Per method: the cheapest case stopped at the time limit while it ran alone.
    stopped_alone: BTreeMap<String, Stopped>,
    /// Per method: the largest cost of a case the program finished cleanly.
    finished: BTreeMap<String, u64>,
}

/// A case as its speed is judged: its name, its method and what it costs the reference
/// ([`PreparedCase::reference_cost`]).
#[derive(Debug, Clone, Copy)]
pub(crate) struct CaseCost<'a> {
    name: &'a str,
    method: &'a str,
    cost: u64,
}

impl<'a> CaseCost<'a> {
    /// The cost of `p`.
    pub(crate) fn of(p: &'a PreparedCase<'_>) -> CaseCost<'a> {
        CaseCost { name: &p.case.name, method: &p.method, cost: p.reference_cost() }
    }
}

/// Keeps `p` as its method's stop in `map` when it is the cheapest so far.
fn keep_cheapest(map: &mut BTreeMap<String, Stopped>, p: CaseCost<'_>) {
    let stopped = Stopped { name: p.name.to_owned(), cost: p.cost };
    match map.get_mut(p.method) {
        Some(slot) if slot.cost <= p.cost => {}
        Some(slot) => *slot = stopped,
        None => {
            map.insert(p.method.to_owned(), stopped);
        }
    }
}

impl SlowRuns {
    /// Records a run of `p`, which had the machine to itself when `alone`.
    pub(crate) fn record(&mut self, p: CaseCost<'_>, speed: RunSpeed, alone: bool) {
        let cost = p.cost;
        if speed == RunSpeed::Stopped {
            keep_cheapest(&mut self.stopped, p);
            if alone {
                keep_cheapest(&mut self.stopped_alone, p);
            }
        } else if speed == RunSpeed::Finished {
            let largest = self.finished.entry(p.method.to_owned()).or_insert(cost);
            *largest = (*largest).max(cost);
        }
    }

    /// The stopped case that predicts `p` to be stopped too (from runs alone only when
    /// `alone_only`): one of its method no more costly, and no finished case as costly as `p`.
    fn predicting(&self, p: CaseCost<'_>, alone_only: bool) -> Option<&Stopped> {
        let map = if alone_only { &self.stopped_alone } else { &self.stopped };
        let stopped = map.get(p.method)?;
        let cost = p.cost;
        let finished_as_large = self.finished.get(p.method).is_some_and(|&f| f >= cost);
        (stopped.cost <= cost && !finished_as_large).then_some(stopped)
    }

    /// Whether `p` is predicted to be stopped (from runs alone only when `alone_only`).
    pub(crate) fn predicts(&self, p: CaseCost<'_>, alone_only: bool) -> bool {
        self.predicting(p, alone_only).is_some()
    }

    /// The report of `p`, left out as predicted to be stopped (from runs alone only when
    /// `alone_only`): failed and stopped by the time limit, with the case that predicts it.
    pub(crate) fn left_out(&self, p: &PreparedCase<'_>, timeout: std::time::Duration, alone_only: bool) -> TestReport {
        let mut report = TestReport::new(&p.case.name, &p.method, &p.case.input_line());
        report.stopped = Some("timeout".to_owned());
        let why = match self.predicting(CaseCost::of(p), alone_only) {
            Some(s) => format!(
                "was not run: on {} (the reference expands {} nodes) it did not finish within the {} s it was given; \
                 here the reference expands {} and no {} case as large finished (--thorough runs it)",
                s.name,
                s.cost,
                timeout.as_secs_f64(),
                p.reference_cost(),
                p.method
            ),
            None => "was not run: predicted to outlast the time limit (--thorough runs it)".to_owned(),
        };
        report.problems.push(why);
        let score = Score::stopped(
            p.case.puzzle.checked().stopped_item(),
            "no answer: not run, predicted to outlast the time limit",
        );
        report.first_divergence = score.first_divergence;
        report.items = score.items;
        report
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn case(method: &'static str, cost: u64) -> CaseCost<'static> {
        CaseCost { name: "c", method, cost }
    }

    #[test]
    fn a_stopped_run_predicts_the_costlier_cases_of_its_method() {
        let mut slow = SlowRuns::default();
        slow.record(case("dfs", 100), RunSpeed::Stopped, false);
        assert!(slow.predicts(case("dfs", 100), false));
        assert!(slow.predicts(case("dfs", 5000), false));
        assert!(!slow.predicts(case("dfs", 99), false));
        assert!(!slow.predicts(case("bfs", 5000), false));
        // A run stopped while others shared the machine is no evidence for runs made alone.
        assert!(!slow.predicts(case("dfs", 5000), true));
        slow.record(case("dfs", 300), RunSpeed::Stopped, true);
        assert!(slow.predicts(case("dfs", 300), true));
        assert!(!slow.predicts(case("dfs", 299), true));
        // A cheaper stop lowers the bar.
        slow.record(case("dfs", 50), RunSpeed::Stopped, false);
        assert!(slow.predicts(case("dfs", 60), false));
    }

    #[test]
    fn a_finished_run_as_large_lifts_the_prediction() {
        let mut slow = SlowRuns::default();
        slow.record(case("dfs", 100), RunSpeed::Stopped, true);
        slow.record(case("dfs", 500), RunSpeed::Finished, false);
        slow.record(case("dfs", 9000), RunSpeed::Unknown, false);
        assert!(!slow.predicts(case("dfs", 500), false));
        assert!(!slow.predicts(case("dfs", 500), true));
        assert!(slow.predicts(case("dfs", 501), true));
        // A crash says nothing of speed.
        assert!(slow.predicts(case("dfs", 9000), false));
    }
}
