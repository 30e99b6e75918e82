//! Running a registered puzzle's strategies on sampled instances, and choosing the sampler.

use indicatif::ProgressBar;
use searchlab_core::catalog::{Puzzle, StrategyEntry};
use searchlab_core::FinishKind;
use searchlab_npuzzle::SlidingPuzzle;
use searchlab_threedigits::ThreeDigits;

use super::{digits_report, npuzzle_report, NodeCounter, ReportError, ReportOptions, Run, Sample, ScalingReport};

/// Runs every entry on every sampled instance with the puzzle's own [`Puzzle::run`],
/// counting the nodes held ([`NodeCounter`]); `label` names an entry's column.
pub(super) fn run_all<P: Puzzle>(
    samples: &[(Sample, P::Instance)],
    entries: &[StrategyEntry],
    label: fn(&StrategyEntry) -> String,
    progress: &ProgressBar,
) -> Result<Vec<Run>, ReportError> {
    let mut runs = Vec::with_capacity(samples.len() * entries.len());
    for (sample, instance) in samples {
        let problem = P::problem(instance)?;
        for entry in entries {
            let mut counter = NodeCounter::default();
            let run = P::run(&problem, entry, &mut counter);
            runs.push(Run {
                algorithm: label(entry),
                depth: sample.depth,
                found: run.finish == FinishKind::Found,
                limit_reached: matches!(run.finish, FinishKind::ExpansionLimit | FinishKind::NodeLimit),
                path_length: (run.finish == FinishKind::Found).then_some(run.moves.len() as u64),
                stats: run.stats,
                stored: counter.peak,
            });
            progress.inc(1);
        }
    }
    Ok(runs)
}

/// The report on the registered puzzle `P` (`size`: the board width, where the puzzle has
/// one) for `entries`, with the sampler that puzzle has: random walks confirmed by
/// breadth-first search for the 3-digit puzzle, every board by exact distance for 2×2 and
/// 3×3 boards, and for any other puzzle its own random instances placed at their depth
/// ([`super::sampled_report`]).
pub fn scaling_report<P: Puzzle>(
    size: usize,
    options: &ReportOptions,
    entries: &[StrategyEntry],
    progress: &ProgressBar,
) -> Result<ScalingReport, ReportError> {
    match P::NAME {
        ThreeDigits::NAME => digits_report(options, entries, progress),
        SlidingPuzzle::NAME => npuzzle_report(size, options, entries, progress)?.ok_or(ReportError::BoardSize(size)),
        _ => super::sampled_report::<P>(options, entries, progress),
    }
}
