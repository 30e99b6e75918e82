//! Progress of a long search, for a display: reported when an IDA* iteration begins and, within
//! an iteration, about every [`PROGRESS_PERIOD`] expansions. Neither report is in the expansion
//! loop's hot path: the first is in the drivers' loop over iterations, the second in the cold
//! poll that the loop already takes every 65,536 expansions for the stop flag and the node limit.

/// Where a search is, as told to an [`IdaConfig::progress`](crate::IdaConfig::progress) callback.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct IdaProgress {
    /// Why this report: an iteration begins, or one is under way.
    pub stage: ProgressStage,
    /// The iteration, counted from 1 (the last one is [`crate::Counts::iterations`]).
    pub iteration: u32,
    /// Its bound on f = g + h.
    pub bound: u32,
    /// Nodes expanded so far, over all iterations.
    pub expanded: u64,
    /// Nodes generated so far, over all iterations (as [`crate::Counts::generated`] counts them).
    pub generated: u64,
    /// Seconds since the search started.
    pub seconds: f64,
}

impl IdaProgress {
    /// Nodes generated per second so far (0 before any time has passed).
    pub fn nodes_per_second(&self) -> f64 {
        if self.seconds > 0.0 {
            self.generated as f64 / self.seconds
        } else {
            0.0
        }
    }
}

/// Why a progress report was made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProgressStage {
    /// An iteration begins with a new bound: exactly once per iteration, before it searches, with
    /// the counts of the iterations before it.
    IterationStarted,
    /// The iteration is under way (the sequential search only; about every
    /// [`PROGRESS_PERIOD`] expansions).
    Running,
}

/// The callback an [`IdaConfig`](crate::IdaConfig) reports progress to. It runs on the searching
/// thread (the calling thread for [`crate::ida::ida_star_parallel`]), so it should be quick.
pub type ProgressFn<'a> = dyn Fn(&IdaProgress) + Sync + 'a;

/// Expansions between two [`ProgressStage::Running`] reports of the sequential search (a power of
/// two, so a multiple of its poll period of 65,536 expansions).
pub const PROGRESS_PERIOD: u64 = 1 << 20;
