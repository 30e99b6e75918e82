//! How far a long search got, on stderr when it is a terminal: `solve` prints a line per IDA*
//! iteration under a live line for the one under way; `bench` adds the instances in flight to its
//! bar. Nothing is drawn, and the solver is not asked for progress, when stderr is not a terminal
//! or `--no-progress` is given, so the output and the search are then those of a plain run.

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};
use searchlab_solver::{IdaProgress, IdaReport};

/// How often the live line is redrawn when the search tells nothing new (its clock keeps going).
const TICK: Duration = Duration::from_millis(200);

/// `1234567` as `1.23 M`, for counts of nodes on a progress line.
fn nodes(n: u64) -> String {
    match n {
        0..=9_999 => n.to_string(),
        10_000..=999_999 => format!("{:.1} k", n as f64 / 1e3),
        1_000_000..=999_999_999 => format!("{:.2} M", n as f64 / 1e6),
        _ => format!("{:.2} G", n as f64 / 1e9),
    }
}

/// One search's state in words: `iteration 5, bound 52: 1.23 M nodes, 170.2 M nodes/s`.
pub fn describe(p: &IdaProgress) -> String {
    format!(
        "iteration {}, bound {}: {} nodes generated so far, {:.1} M nodes/s",
        p.iteration,
        p.bound,
        nodes(p.generated),
        p.nodes_per_second() / 1e6
    )
}

/// Whether progress is shown: not asked away, and a bar drawn on stderr would be seen.
pub fn wanted(no_progress: bool, bar: &ProgressBar) -> bool {
    !no_progress && !bar.is_hidden()
}

/// `solve`'s display: a line per finished iteration, and a live line for the one under way.
pub struct SolveProgress {
    bar: ProgressBar,
    /// The report that began the iteration under way.
    current: Mutex<Option<IdaProgress>>,
}

impl SolveProgress {
    /// A live line on stderr, or `None` when progress is not shown (`--no-progress`, or stderr is
    /// not a terminal).
    pub fn new(no_progress: bool) -> Option<SolveProgress> {
        let bar = ProgressBar::new_spinner();
        if !wanted(no_progress, &bar) {
            return None;
        }
        bar.set_style(ProgressStyle::with_template("{spinner} [{elapsed_precise}] {msg}").expect("valid template"));
        bar.enable_steady_tick(TICK);
        Some(SolveProgress { bar, current: Mutex::new(None) })
    }

    /// Hears one report of the search (the solver's progress callback).
    pub fn report(&self, p: &IdaProgress) {
        let mut current = self.current.lock().expect("progress lock");
        if p.stage == searchlab_solver::ida::ProgressStage::IterationStarted {
            if let Some(done) = current.take() {
                self.bar.println(finished(&done, p.generated, p.seconds));
            }
            *current = Some(*p);
        }
        self.bar.set_message(describe(p));
    }

    /// Prints the last iteration's line (when the search ended with a report) and removes the
    /// live line.
    pub fn finish(self, report: Option<&IdaReport>) {
        let last = self.current.lock().expect("progress lock").take();
        if let (Some(last), Some(report)) = (last, report) {
            self.bar.println(finished(&last, report.counts.generated, report.seconds));
        }
        self.bar.finish_and_clear();
    }
}

/// The line of an iteration that began at `start` and ended with `generated` nodes in all after
/// `seconds`.
fn finished(start: &IdaProgress, generated: u64, seconds: f64) -> String {
    let own = generated - start.generated;
    let rate = own as f64 / (seconds - start.seconds).max(1e-9);
    format!(
        "iteration {}, bound {}: {} nodes generated ({} in all), {:.1} M nodes/s, {:.3} s",
        start.iteration,
        start.bound,
        nodes(own),
        nodes(generated),
        rate / 1e6,
        seconds - start.seconds
    )
}

/// `bench`'s addition to its bar: the instances being solved, each with its search's state.
pub struct BenchProgress {
    bar: ProgressBar,
    /// By position in the batch: the instance's id and its last report.
    running: Mutex<BTreeMap<usize, (usize, IdaProgress)>>,
}

impl BenchProgress {
    /// Shows the instances in flight under `bar`.
    pub fn new(bar: ProgressBar) -> BenchProgress {
        BenchProgress { bar, running: Mutex::new(BTreeMap::new()) }
    }

    /// Hears one report of the search of the instance with this id, at this position in the batch.
    pub fn report(&self, position: usize, id: usize, p: &IdaProgress) {
        let mut running = self.running.lock().expect("progress lock");
        running.insert(position, (id, *p));
        self.bar.set_message(Self::message(&running));
    }

    /// The instance at this position in the batch is done.
    pub fn done(&self, position: usize) {
        let mut running = self.running.lock().expect("progress lock");
        running.remove(&position);
        self.bar.set_message(Self::message(&running));
    }

    fn message(running: &BTreeMap<usize, (usize, IdaProgress)>) -> String {
        let lines: Vec<String> = running.values().map(|(id, p)| format!("  #{id}: {}", describe(p))).collect();
        lines.join("\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use searchlab_solver::ida::ProgressStage;

    #[test]
    fn lines_name_the_iteration_bound_nodes_and_rate() {
        let p = IdaProgress {
            stage: ProgressStage::Running,
            iteration: 5,
            bound: 52,
            expanded: 600_000,
            generated: 1_234_567,
            seconds: 0.5,
        };
        assert_eq!(describe(&p), "iteration 5, bound 52: 1.23 M nodes generated so far, 2.5 M nodes/s");
        assert_eq!(
            finished(&p, 3_234_567, 1.5),
            "iteration 5, bound 52: 2.00 M nodes generated (3.23 M in all), 2.0 M nodes/s, 1.000 s"
        );
        let counts = [nodes(999), nodes(54_321), nodes(12_345_678), nodes(36_302_807_931)];
        assert_eq!(counts, ["999", "54.3 k", "12.35 M", "36.30 G"]);
    }
}
