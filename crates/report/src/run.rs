//! Running a puzzle's strategies on sampled instances, and choosing the sampler.

use indicatif::ProgressBar;
use searchlab_core::catalog::{Puzzle, StrategyEntry};
use searchlab_core::FinishKind;
use searchlab_npuzzle::SlidingPuzzle;
use searchlab_registry::RegisteredPuzzle;
use searchlab_threedigits::ThreeDigits;
use searchlab_trace::measure::Measured;

use super::{digits_report, npuzzle_report, ReportError, ReportOptions, Run, Sample, ScalingReport};

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

/// The report on the registered puzzle `puzzle` (`size`: the board width, where the puzzle has
/// one) for `entries`, with the sampler that puzzle has: random walks confirmed by
/// breadth-first search for the 3-digit puzzle, every board by exact distance for 2×2 and
/// 3×3 boards, and for any other puzzle its own random instances placed at their depth
/// ([`super::sampled_report`]).
pub fn scaling_report(
    puzzle: &dyn RegisteredPuzzle,
    size: usize,
    options: &ReportOptions,
    entries: &[StrategyEntry],
    progress: &ProgressBar,
) -> Result<ScalingReport, ReportError> {
    match puzzle.name() {
        ThreeDigits::NAME => digits_report(options, entries, progress),
        SlidingPuzzle::NAME => npuzzle_report(size, options, entries, progress)?.ok_or(ReportError::BoardSize(size)),
        _ => super::sampled_report(puzzle, options, entries, progress),
    }
}
