//! Running a puzzle's strategies on sampled instances.

use indicatif::ProgressBar;
use searchlab_core::catalog::{Puzzle, StrategyEntry};
use searchlab_core::FinishKind;
use searchlab_trace::measure::Measured;

use super::{ReportError, Run, Sample};

/// Runs every entry on every sampled instance with `measure` (a puzzle's own run, counting
/// the nodes held); `label` names an entry's column.
pub(super) fn run_all<I>(
    samples: &[(Sample, I)],
    entries: &[StrategyEntry],
    label: fn(&StrategyEntry) -> String,
    progress: &ProgressBar,
    measure: impl Fn(&I, &StrategyEntry) -> Result<Measured, ReportError>,
) -> Result<Vec<Run>, ReportError> {
    let mut runs = Vec::with_capacity(samples.len() * entries.len());
    for (sample, instance) in samples {
        for entry in entries {
            let measured = measure(instance, entry)?;
            runs.push(Run {
                algorithm: label(entry),
                depth: sample.depth,
                found: measured.finish == FinishKind::Found,
                limit_reached: matches!(measured.finish, FinishKind::ExpansionLimit | FinishKind::NodeLimit),
                path_length: measured.path_length,
                stats: measured.stats,
                stored: measured.stored,
            });
            progress.inc(1);
        }
    }
    Ok(runs)
}

/// [`run_all`] on instances of `P` itself, with [`searchlab_trace::measure::measure`].
pub(super) fn run_all_of<P: Puzzle>(
    samples: &[(Sample, P::Instance)],
    entries: &[StrategyEntry],
    label: fn(&StrategyEntry) -> String,
    progress: &ProgressBar,
) -> Result<Vec<Run>, ReportError> {
    let measure = |instance: &P::Instance, entry: &StrategyEntry| {
        Ok(searchlab_trace::measure::measure::<P>(&P::problem(instance)?, entry))
    };
    run_all(samples, entries, label, progress, measure)
}
