//! IDA* on one thread: thresholds rise to the smallest f that exceeded the last one.

use std::sync::atomic::Ordering;

use super::fsm::MoveFsm;
use super::observer::{IdaObserver, NoIdaObserver};
use super::progress::{IdaProgress, ProgressStage};
use super::report::{Counts, IdaConfig, IdaOutcome, IdaReport};
use super::search::{ParentOnly, Polls, Prune, Root, Search};
use crate::grid::NO_MOVE;
use crate::heuristic::Heuristic;
use crate::label::LabelBoard;

/// Runs IDA* from `start` (a board in label form, so the goal is `0,1,…,N-1`) with heuristic `h`.
///
/// An unsolvable start ends at once with [`IdaOutcome::Unsolvable`].
///
/// ```
/// use searchlab_solver::{ida_star, IdaConfig, IdaOutcome, LabelBoard, Manhattan};
/// let start = LabelBoard::<9>::new(&[1, 0, 2, 3, 4, 5, 6, 7, 8], 0)?;
/// let report = ida_star(&Manhattan::<9>::new(0), &start, &IdaConfig::default());
/// assert!(matches!(report.outcome, IdaOutcome::Solved(ref moves) if moves.len() == 1));
/// let unsolvable = LabelBoard::<9>::new(&[0, 2, 1, 3, 4, 5, 6, 7, 8], 0)?;
/// assert_eq!(ida_star(&Manhattan::<9>::new(0), &unsolvable, &IdaConfig::default()).outcome, IdaOutcome::Unsolvable);
/// # Ok::<(), searchlab_solver::LabelBoardError>(())
/// ```
pub fn ida_star<H: Heuristic<N>, const N: usize>(h: &H, start: &LabelBoard<N>, config: &IdaConfig<'_>) -> IdaReport {
    run(h, start, config, NoIdaObserver)
}

/// [`ida_star`] reporting every step to `observer` (see [`IdaObserver`]; [`crate::ida::IdaTracer`]
/// numbers the nodes and translates the boards). The search, its answer and its counts are those
/// of [`ida_star`]: the same function runs, with the hooks compiled in.
pub fn ida_star_observed<H: Heuristic<N>, O: IdaObserver, const N: usize>(
    h: &H,
    start: &LabelBoard<N>,
    config: &IdaConfig<'_>,
    observer: &mut O,
) -> IdaReport {
    run(h, start, config, observer)
}

/// The sequential search, for [`ida_star`] and [`ida_star_observed`]: an unobserved search runs
/// the loop compiled for its pruning rule (without the automaton, none of its code is left in the
/// loop), an observed one the single loop that reads the automaton's `Option` as it goes.
fn run<H: Heuristic<N>, const N: usize, O: IdaObserver>(
    h: &H,
    start: &LabelBoard<N>,
    config: &IdaConfig<'_>,
    obs: O,
) -> IdaReport {
    if O::ENABLED {
        return run_with(h, start, config, obs, config.fsm);
    }
    match config.fsm {
        None => run_with(h, start, config, obs, ParentOnly),
        Some(fsm) => run_with(h, start, config, obs, fsm),
    }
}

/// [`run`] with the pruning rule `prune`.
fn run_with<H: Heuristic<N>, const N: usize, O: IdaObserver, P: Prune>(
    h: &H,
    start: &LabelBoard<N>,
    config: &IdaConfig<'_>,
    obs: O,
    prune: P,
) -> IdaReport {
    let root = match Root::new(h, start) {
        Ok(root) => root,
        Err(unsolvable) => return unsolvable,
    };
    let (st, initial_h, grid, blank) = (root.st, root.initial_h, &root.grid, root.blank);
    let report = |outcome, counts| root.report(outcome, counts);
    let started = root.started();
    let polls = Polls {
        node_limit: config.max_generated.unwrap_or(u64::MAX),
        stop: config.stop,
        found: None,
        progress: config.progress.map(|report| (report, started)),
    };
    let mut s = Search::<H, N, O, P, false>::new(grid, h, *start, initial_h, (polls, prune), obs);
    if O::ENABLED {
        s.obs.start(start.tiles());
    }
    let mut iterations = 0;
    let mut completed = 0;
    let mut bound = initial_h;
    let outcome = loop {
        iterations += 1;
        s.set_bound(iterations, bound);
        if let Some(report) = config.progress {
            report(&IdaProgress {
                stage: ProgressStage::IterationStarted,
                iteration: iterations,
                bound,
                expanded: s.expanded(),
                generated: s.generated,
                seconds: started.elapsed().as_secs_f64(),
            });
        }
        if O::ENABLED {
            s.obs.iteration(bound);
        }
        if s.dfs(0, st, blank, NO_MOVE, MoveFsm::ROOT) {
            if s.aborted {
                let interrupted = config.stop.is_some_and(|f| f.load(Ordering::Relaxed));
                break if interrupted {
                    IdaOutcome::Interrupted
                } else {
                    IdaOutcome::LimitReached { bound: completed }
                };
            }
            break IdaOutcome::Solved(s.solution());
        }
        completed = bound;
        if s.next_bound == u32::MAX {
            // Nothing exceeded the bound: the whole space was searched (cannot happen on a
            // solvable board, whose search tree is infinite).
            break IdaOutcome::Unsolvable;
        }
        bound = s.next_bound;
    };
    report(outcome, Counts { expanded: s.expanded(), generated: s.generated, iterations })
}
