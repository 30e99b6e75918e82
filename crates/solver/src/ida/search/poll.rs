//! What the expansion loop does every node besides searching: count the expansion (on a
//! [`Countdown`](super::countdown::Countdown)) and, every so many, look at the node budget and the stop flags and report
//! progress.

use std::sync::atomic::Ordering;

use super::{Prune, Search};
use crate::heuristic::Heuristic;
use crate::ida::observer::IdaObserver;
use crate::ida::progress::{IdaProgress, ProgressStage, PROGRESS_PERIOD};

impl<H: Heuristic<N>, const N: usize, O: IdaObserver, P: Prune, const SPLIT: bool> Search<'_, H, N, O, P, SPLIT> {
    /// Counts the node's expansion and polls when it is time; `true` when the search must stop
    /// (the node is then not counted).
    #[inline(always)]
    pub(super) fn must_stop(&mut self) -> bool {
        if self.count.tick() && self.should_stop() {
            return true;
        }
        if O::ENABLED && self.obs.should_stop() {
            self.count.untick();
            return true;
        }
        false
    }

    /// Expansions so far, over all iterations.
    pub(crate) fn expanded(&self) -> u64 {
        self.count.expanded()
    }

    /// The slow path of the per-node check, taken every 65,536 expansions (or sooner when the node
    /// limit is near: a node generates at most 4 children, so the limit is never overshot by more
    /// than one node's children); it also reports progress, every [`PROGRESS_PERIOD`] expansions.
    /// When it returns `false`, the expansion that called it is counted.
    #[cold]
    #[inline(never)]
    fn should_stop(&mut self) -> bool {
        let expanded = self.count.settle();
        let p = self.polls;
        if self.generated >= p.node_limit
            || p.stop.is_some_and(|f| f.load(Ordering::Relaxed))
            || p.found.is_some_and(|f| f.load(Ordering::Relaxed))
        {
            return true;
        }
        let room = ((p.node_limit - self.generated) / 4).clamp(1, 1 << 16);
        self.count.grant(room);
        if let Some((report, started)) = p.progress {
            if expanded >= self.next_progress {
                self.next_progress = expanded + PROGRESS_PERIOD;
                report(&IdaProgress {
                    stage: ProgressStage::Running,
                    iteration: self.iteration,
                    bound: self.bound,
                    expanded,
                    generated: self.generated,
                    seconds: started.elapsed().as_secs_f64(),
                });
            }
        }
        false
    }
}
