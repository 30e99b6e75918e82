//! The one expansion loop of IDA*: depth-first below a cost bound, moves applied and undone in
//! place, the heuristic updated incrementally. The sequential search, the observed search, the
//! parallel search's top of the tree (`SPLIT`) and its workers all run this function; the
//! observer hooks and the split are behind constants, so each use compiles to its own loop with
//! nothing of the others in it.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

mod bpmx;
mod countdown;
mod poll;
mod prune;

use countdown::Countdown;

pub(crate) use prune::{ParentOnly, Prune};

use super::observer::IdaObserver;
use super::progress::{ProgressFn, PROGRESS_PERIOD};
use super::report::{Counts, IdaOutcome, IdaReport};
use crate::grid::{Grid, Successors, KORF_ORDER};
use crate::heuristic::Heuristic;
use crate::label::LabelBoard;

/// What every search starts from: the root's heuristic state, the move table and the clock.
pub(super) struct Root<H: Heuristic<N>, const N: usize> {
    t0: Instant,
    pub(super) st: H::State,
    pub(super) initial_h: u32,
    pub(super) grid: Grid,
    /// The blank's cell.
    pub(super) blank: usize,
}

impl<H: Heuristic<N>, const N: usize> Root<H, N> {
    /// The root of a search from `start`, or the report of an unsolvable start.
    pub(super) fn new(h: &H, start: &LabelBoard<N>) -> Result<Self, IdaReport> {
        let t0 = Instant::now();
        let st = h.start(start);
        let initial_h = h.value(&st);
        let root = Root { t0, st, initial_h, grid: Grid::new(start.width()), blank: start.blank_cell() };
        if start.is_solvable() {
            Ok(root)
        } else {
            Err(root.report(IdaOutcome::Unsolvable, Counts::default()))
        }
    }

    /// When the search started.
    pub(super) fn started(&self) -> Instant {
        self.t0
    }

    /// The report of a search from this root that ended now.
    pub(super) fn report(&self, outcome: IdaOutcome, counts: Counts) -> IdaReport {
        IdaReport { outcome, counts, initial_h: self.initial_h, seconds: self.t0.elapsed().as_secs_f64() }
    }
}

/// What a search polls between expansions: its node budget and the flags that stop it.
#[derive(Clone, Copy)]
pub(super) struct Polls<'a> {
    /// Stop once this many nodes were generated.
    pub(super) node_limit: u64,
    /// The caller's stop flag (Ctrl-C).
    pub(super) stop: Option<&'a AtomicBool>,
    /// Raised by the parallel search when another subtree found a solution.
    pub(super) found: Option<&'a AtomicBool>,
    /// Told how far the search got ([`ProgressStage::Running`]), with the time it started.
    pub(super) progress: Option<(&'a ProgressFn<'a>, Instant)>,
}

/// A subtree root handed to a worker by the parallel search.
pub(super) struct Task<H: Heuristic<N>, const N: usize> {
    pub(super) board: LabelBoard<N>,
    pub(super) st: H::State,
    pub(super) blank: usize,
    pub(super) prev: usize,
    /// The duplicate-path automaton's state (see [`Prune`]).
    pub(super) q: u32,
    pub(super) g: u32,
    pub(super) path: Vec<u8>,
}

/// One depth-first search below a bound, pruning what `P` prunes. With `SPLIT`, nodes
/// `split_depth` moves deep are not searched but collected as [`Task`]s.
///
/// Invariants behind the unchecked indexing: `succ` has `N * 5` entries (a [`Grid`] of the board's
/// width), `board` is a permutation of `0..N` (a [`LabelBoard`]), cells come from `succ` and are
/// below `N`, and `path` holds at least `bound + 1` moves.
pub(super) struct Search<'a, H: Heuristic<N>, const N: usize, O: IdaObserver, P: Prune, const SPLIT: bool> {
    succ: &'a [Successors],
    h: &'a H,
    pub(super) board: LabelBoard<N>,
    bound: u32,
    pub(super) next_bound: u32,
    /// `path[g]`: the move (index into `KORF_ORDER`) made at depth `g` on the current path.
    pub(super) path: Vec<u8>,
    /// Expansions, counted down to the next poll (see [`Search::expanded`]).
    count: Countdown,
    pub(super) generated: u64,
    polls: Polls<'a>,
    /// The paths pruned beyond the move back to the parent.
    prune: P,
    /// Expansion count from which the next poll reports progress.
    next_progress: u64,
    /// The iteration under way, from 1 (for progress reports).
    iteration: u32,
    pub(super) aborted: bool,
    pub(super) depth_found: usize,
    /// Told every step when `O::ENABLED` (a tracer); a unit type that is never called otherwise.
    pub(super) obs: O,
    split_depth: u32,
    pub(super) tasks: Vec<Task<H, N>>,
}

impl<'a, H: Heuristic<N>, const N: usize, O: IdaObserver, P: Prune, const SPLIT: bool> Search<'a, H, N, O, P, SPLIT> {
    /// A search from `board` below `bound` (the path buffer is sized for it).
    pub(super) fn new(
        grid: &'a Grid,
        h: &'a H,
        board: LabelBoard<N>,
        bound: u32,
        (polls, prune): (Polls<'a>, P),
        obs: O,
    ) -> Self {
        assert_eq!(grid.successors().len(), N * 5, "the move table is the board's");
        Search {
            succ: grid.successors(),
            h,
            board,
            bound,
            next_bound: u32::MAX,
            path: vec![0; bound as usize + 1],
            count: Countdown::default(),
            generated: 0,
            polls,
            prune,
            next_progress: PROGRESS_PERIOD,
            iteration: 1,
            aborted: false,
            depth_found: 0,
            obs,
            split_depth: 0,
            tasks: Vec::new(),
        }
    }

    /// Starts iteration `iteration` (from 1) with a new bound (the path buffer grows with it).
    pub(super) fn set_bound(&mut self, iteration: u32, bound: u32) {
        self.iteration = iteration;
        self.bound = bound;
        self.next_bound = u32::MAX;
        if self.path.len() < bound as usize + 1 {
            self.path.resize(bound as usize + 1, 0);
        }
    }

    /// With `SPLIT`: collect the nodes `depth` moves deep instead of searching below them.
    pub(super) fn split_at(&mut self, depth: u32) {
        self.split_depth = depth;
        self.tasks.clear();
    }

    /// Over 80 lines on purpose: IDA*'s per-node loop (guard rows `ida-manhattan-korf15`
    /// 1,238,608,442 and `ida-pdb-7-4-4` 1,175,405,630 instructions).
    ///
    /// Depth-first search below the current node (`g` moves from the root, blank on `blank`,
    /// reached by move `prev`, automaton state `q`); returns `true` when a goal was found or the
    /// search must stop.
    pub(super) fn dfs(&mut self, g: u32, st: H::State, blank: usize, prev: usize, q: u32) -> bool {
        if H::BPMX {
            return self.dfs_bpmx(g, st, 0, blank, prev, q).is_none();
        }
        // Cells are below N ≤ 64: said once, so the cell and its byte for the heuristic are one
        // register across the children's calls, not two.
        let blank = usize::from(blank as u8);
        let h = self.h.value(&st);
        if O::ENABLED {
            self.obs.selected(self.board.tiles(), g, h);
            let is_goal = h == 0 && self.board.is_goal();
            self.obs.goal_test(is_goal);
        }
        if h == 0 && self.settled(blank).is_goal() {
            self.depth_found = g as usize;
            return true;
        }
        if SPLIT && g == self.split_depth {
            self.settled(blank);
            let path = self.path[..g as usize].to_vec();
            self.tasks.push(Task { board: self.board, st, blank, prev, q, g, path });
            return false;
        }
        if self.must_stop() {
            self.aborted = true;
            return true;
        }
        // SAFETY: blank < N and prev ≤ NO_MOVE (= 4), and the table has N * 5 entries.
        let s = unsafe { *self.succ.get_unchecked(blank * 5 + prev) };
        let (next, alive) = self.prune.successors(&s, q);
        if g >= self.bound {
            // Only a non-goal node with h == 0 can sit on the bound; its children all exceed it.
            self.generated += alive as u64;
            self.next_bound = self.next_bound.min(g + 1);
            if O::ENABLED {
                for i in (0..s.len as usize).filter(|&i| !P::pruned(next[i])) {
                    let nb = s.cells[i] as usize;
                    let label = self.board.tiles[nb];
                    self.apply(blank, nb, label);
                    self.obs.over_bound(self.board.tiles(), KORF_ORDER[s.moves[i] as usize], g + 1);
                    self.undo(blank, nb, label);
                }
                self.obs.expanded(g);
            }
            return false;
        }
        let limit = self.bound - g - 1;
        // All children count as generated; if the solution lies below child i, the siblings after
        // it were never generated and are taken back (so counts match Korf's node for node).
        self.generated += alive as u64;
        // The cells and moves as two words held in registers (shifts instead of a byte array
        // kept on the stack across the recursive calls).
        let (cells, moves) = (u32::from_le_bytes(s.cells), u32::from_le_bytes(s.moves));
        for i in 0..s.len as usize {
            if P::pruned(next[i]) {
                continue;
            }
            let nb = (cells >> (8 * i)) as u8 as usize;
            let m = (moves >> (8 * i)) as u8 as usize;
            // SAFETY: nb < N (a neighbour cell from the table).
            let label = unsafe { *self.board.tiles.get_unchecked(nb) };
            // A heuristic that does not read the board is evaluated first, and the board is only
            // touched for the children that survive.
            if H::READS_BOARD {
                self.apply(blank, nb, label);
            }
            match self.h.moved(&st, &self.board, label, nb as u8, blank as u8, limit) {
                Ok(child) => {
                    if !H::READS_BOARD {
                        self.apply(blank, nb, label);
                    }
                    // SAFETY: g < bound and the path holds bound + 1 moves.
                    unsafe { *self.path.get_unchecked_mut(g as usize) = m as u8 };
                    if O::ENABLED {
                        self.obs.generated(self.board.tiles(), KORF_ORDER[m], g + 1, self.h.value(&child));
                    }
                    if self.dfs(g + 1, child, nb, m, next[i]) {
                        self.generated -= P::unvisited(&next, i, &s);
                        if O::ENABLED {
                            self.obs.expanded(g);
                        }
                        return true;
                    }
                    self.undo(blank, nb, label);
                }
                Err(hv) => {
                    self.over_bound(g + 1 + hv);
                    if O::ENABLED {
                        if !H::READS_BOARD {
                            self.apply(blank, nb, label);
                        }
                        self.obs.over_bound(self.board.tiles(), KORF_ORDER[m], g + 1);
                        if !H::READS_BOARD {
                            self.undo(blank, nb, label);
                        }
                    }
                    if H::READS_BOARD {
                        self.undo(blank, nb, label);
                    }
                }
            }
        }
        if O::ENABLED {
            self.obs.expanded(g);
        }
        false
    }

    /// Whether the blank's own cell is left as it is when a tile moves (it then holds a stale
    /// label): set when nothing reads the board in the loop but the label on a neighbour of the
    /// blank (no board-reading heuristic, no positions, no observer), and written only where the
    /// whole board is read (the goal test, a split's task). One store and one load fewer per move
    /// and per undo.
    const STALE_BLANK: bool = !H::READS_BOARD && !H::USES_POSITIONS && !O::ENABLED;

    /// The board with the blank's label on the blank's cell `blank` (see [`Self::STALE_BLANK`]).
    #[inline(always)]
    pub(super) fn settled(&mut self, blank: usize) -> &LabelBoard<N> {
        if Self::STALE_BLANK {
            self.board.tiles[blank] = self.board.blank;
        }
        &self.board
    }

    /// A child with this f exceeded the bound: the next bound is at most f.
    #[inline(always)]
    pub(super) fn over_bound(&mut self, f: u32) {
        if f < self.next_bound {
            self.next_bound = f;
        }
    }

    /// Slides `label` from `nb` onto the blank's cell `blank`.
    #[inline(always)]
    fn apply(&mut self, blank: usize, nb: usize, label: u8) {
        let b = self.board.blank;
        // SAFETY: both cells are below N (the blank's cell and a neighbour from the table), and
        // all labels are below N (a `LabelBoard`).
        unsafe {
            *self.board.tiles.get_unchecked_mut(blank) = label;
            if !Self::STALE_BLANK {
                *self.board.tiles.get_unchecked_mut(nb) = b;
            }
            if H::USES_POSITIONS {
                *self.board.pos.get_unchecked_mut(label as usize) = blank as u8;
                *self.board.pos.get_unchecked_mut(b as usize) = nb as u8;
            }
        }
    }

    /// Reverts [`Search::apply`].
    #[inline(always)]
    fn undo(&mut self, blank: usize, nb: usize, label: u8) {
        let b = self.board.blank;
        // SAFETY: as in `apply`.
        unsafe {
            *self.board.tiles.get_unchecked_mut(nb) = label;
            if !Self::STALE_BLANK {
                *self.board.tiles.get_unchecked_mut(blank) = b;
            }
            if H::USES_POSITIONS {
                *self.board.pos.get_unchecked_mut(label as usize) = nb as u8;
                *self.board.pos.get_unchecked_mut(b as usize) = blank as u8;
            }
        }
    }

    /// The moves of the solution found (the path buffer is longer than the solution).
    pub(super) fn solution(&self) -> Vec<searchlab_npuzzle::Direction> {
        self.path[..self.depth_found].iter().map(|&m| KORF_ORDER[m as usize]).collect()
    }
}
