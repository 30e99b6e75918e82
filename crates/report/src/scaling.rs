//! Choosing a registered puzzle's sampler: random walks for the 3-digit puzzle, every board
//! by exact distance for the small boards, and the puzzle's own random instances otherwise.

use indicatif::ProgressBar;
use searchlab_core::catalog::{Puzzle, StrategyEntry};
use searchlab_npuzzle::SlidingPuzzle;
use searchlab_registry::RegisteredPuzzle;
use searchlab_threedigits::ThreeDigits;

use super::{digits_report, npuzzle_report, ReportError, ReportOptions, ScalingReport};

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
