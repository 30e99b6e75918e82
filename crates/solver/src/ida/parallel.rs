//! IDA* on all rayon threads: each iteration expands the top of the tree to a depth with enough
//! subtrees, then the threads search those subtrees in their sequential order.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

use rayon::prelude::*;

use super::fsm::MoveFsm;
use super::observer::NoIdaObserver;
use super::progress::{IdaProgress, ProgressStage};
use super::report::{Counts, IdaConfig, IdaOutcome, IdaReport};
use super::search::{ParentOnly, Polls, Prune, Root, Search, Task};
use crate::grid::{Grid, KORF_ORDER, NO_MOVE};
use crate::heuristic::Heuristic;
use crate::label::LabelBoard;

/// IDA* on all rayon threads: each iteration first expands the top of the tree to a depth with
/// enough nodes (≥ 256 per thread, or the threshold), then searches those subtrees in parallel.
/// A solution found in an iteration is optimal (no shorter one exists below the previous
/// thresholds); the other workers stop at their next poll. Node counts of the last iteration
/// depend on timing. `max_generated` is checked between iterations only, and `progress` hears of
/// each iteration as it begins, not within one.
pub fn ida_star_parallel<H: Heuristic<N>, const N: usize>(
    h: &H,
    start: &LabelBoard<N>,
    config: &IdaConfig<'_>,
) -> IdaReport
where
    H::State: Sync,
{
    match config.fsm {
        None => parallel_with(h, start, config, ParentOnly),
        Some(fsm) => parallel_with(h, start, config, fsm),
    }
}

/// [`ida_star_parallel`] with the pruning rule `prune` for the workers' subtrees (each rule
/// compiled on its own, as the sequential search is).
fn parallel_with<H: Heuristic<N>, const N: usize, P: Prune>(
    h: &H,
    start: &LabelBoard<N>,
    config: &IdaConfig<'_>,
    prune: P,
) -> IdaReport
where
    H::State: Sync,
{
    let root = match Root::new(h, start) {
        Ok(root) => root,
        Err(unsolvable) => return unsolvable,
    };
    let grid = &root.grid;
    let stop = config.stop;
    let stopped = || stop.is_some_and(|f| f.load(Ordering::Relaxed));
    let node_limit = config.max_generated.unwrap_or(u64::MAX);
    let mut counts = Counts::default();
    let mut bound = root.initial_h;
    let mut completed = 0;
    let outcome = loop {
        counts.iterations += 1;
        if stopped() {
            break IdaOutcome::Interrupted;
        }
        if counts.generated >= node_limit {
            break IdaOutcome::LimitReached { bound: completed };
        }
        if let Some(report) = config.progress {
            report(&IdaProgress {
                stage: ProgressStage::IterationStarted,
                iteration: counts.iterations,
                bound,
                expanded: counts.expanded,
                generated: counts.generated,
                seconds: root.started().elapsed().as_secs_f64(),
            });
        }
        let (tasks, mut next) = match top_of_tree(&root, h, start, bound, config, &mut counts) {
            Ok(top) => top,
            Err(outcome) => return root.report(outcome, counts),
        };
        let (found, solution, results) = search_tasks(grid, h, &tasks, bound, (stop, prune));
        for (e, g, nb) in results {
            counts.expanded += e;
            counts.generated += g;
            next = next.min(nb);
        }
        if let Some(path) = solution {
            break IdaOutcome::Solved(path.iter().map(|&m| KORF_ORDER[m as usize]).collect());
        }
        if stopped() && !found {
            break IdaOutcome::Interrupted;
        }
        completed = bound;
        if next == u32::MAX {
            break IdaOutcome::Unsolvable;
        }
        bound = next;
    };
    root.report(outcome, counts)
}

/// The top of one iteration's tree (threshold `bound`), searched down to the first depth with
/// enough subtrees (256 per thread) or to the threshold: its subtrees and the smallest f over
/// the threshold it saw, or the outcome when the top alone settles the search. The nodes of
/// the top kept are added to `counts`.
fn top_of_tree<H: Heuristic<N>, const N: usize>(
    root: &Root<H, N>,
    h: &H,
    start: &LabelBoard<N>,
    bound: u32,
    config: &IdaConfig<'_>,
    counts: &mut Counts,
) -> Result<(Vec<Task<H, N>>, u32), IdaOutcome> {
    let want = 256 * rayon::current_num_threads().max(1);
    let unlimited = Polls { node_limit: u64::MAX, stop: config.stop, found: None, progress: None };
    let mut depth = 1;
    loop {
        // The top of the tree is a few thousand nodes: one loop for both rules, the
        // automaton read at run time (one compiled copy fewer per heuristic).
        let top_prune = (unlimited, config.fsm);
        let mut top =
            Search::<H, N, NoIdaObserver, _, true>::new(&root.grid, h, *start, bound, top_prune, NoIdaObserver);
        top.split_at(depth);
        let solved = top.dfs(0, root.st, root.blank, NO_MOVE, MoveFsm::ROOT);
        // Only the top that is kept counts: the shallower ones are searched again within it.
        let settled = solved || top.tasks.len() >= want || depth >= bound;
        if settled {
            counts.expanded += top.expanded();
            counts.generated += top.generated;
        }
        if solved {
            return Err(if top.aborted { IdaOutcome::Interrupted } else { IdaOutcome::Solved(top.solution()) });
        }
        if settled {
            return Ok((std::mem::take(&mut top.tasks), top.next_bound));
        }
        depth += 1;
    }
}

/// Per worker: (expanded, generated, smallest f over the bound).
type WorkerCounts = (u64, u64, u32);

/// Searches the subtrees on one worker per rayon thread, which take them in order from a shared counter (not
/// halves of the list), so the last iteration reaches the subtree holding the solution about as
/// early as a sequential search would. Returns whether a solution was found, its moves, and the
/// workers' counts.
fn search_tasks<H: Heuristic<N>, const N: usize, P: Prune>(
    grid: &Grid,
    h: &H,
    tasks: &[Task<H, N>],
    bound: u32,
    (stop, prune): (Option<&AtomicBool>, P),
) -> (bool, Option<Vec<u8>>, Vec<WorkerCounts>)
where
    H::State: Sync,
{
    let found = AtomicBool::new(false);
    let solution: Mutex<Option<Vec<u8>>> = Mutex::new(None);
    let cursor = AtomicUsize::new(0);
    let polls = Polls { node_limit: u64::MAX, stop, found: Some(&found), progress: None };
    let results: Vec<WorkerCounts> = (0..rayon::current_num_threads().max(1))
        .into_par_iter()
        .map(|_| {
            let (mut expanded, mut generated, mut next) = (0, 0, u32::MAX);
            loop {
                let i = cursor.fetch_add(1, Ordering::Relaxed);
                if i >= tasks.len() || found.load(Ordering::Relaxed) {
                    break;
                }
                let t = &tasks[i];
                let mut s = Search::<H, N, NoIdaObserver, P, false>::new(
                    grid,
                    h,
                    t.board,
                    bound,
                    (polls, prune),
                    NoIdaObserver,
                );
                s.path[..t.path.len()].copy_from_slice(&t.path);
                let hit = s.dfs(t.g, t.st, t.blank, t.prev, t.q) && !s.aborted;
                expanded += s.expanded();
                generated += s.generated;
                next = next.min(s.next_bound);
                if hit {
                    found.store(true, Ordering::Relaxed);
                    let mut sol = solution.lock().expect("solution lock");
                    if sol.is_none() {
                        *sol = Some(s.path[..s.depth_found].to_vec());
                    }
                }
                if s.aborted {
                    break;
                }
            }
            (expanded, generated, next)
        })
        .collect();
    let solution = solution.into_inner().expect("solution lock");
    (found.load(Ordering::Relaxed), solution, results)
}
