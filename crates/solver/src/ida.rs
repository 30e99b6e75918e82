//! Iterative-deepening A* (Korf 1985) on a compact board: moves are applied and undone in place,
//! the parent is never regenerated (the inverse of the move that led to a node is skipped), and the
//! heuristic is updated incrementally from the parent's state.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Instant;

use crate::grid::{Grid, Move, NO_MOVE};
use crate::heuristic::{Board, Heuristic};

/// Limits on one search.
#[derive(Debug, Clone, Default)]
pub struct Limits {
    /// Stop after generating this many nodes.
    pub max_generated: Option<u64>,
}

/// Counters of one search.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct Counts {
    /// Nodes whose children were generated.
    pub expanded: u64,
    /// Children generated (each node counted once per time it is generated; the root is not counted).
    pub generated: u64,
    /// Number of IDA* iterations (cost thresholds tried).
    pub iterations: u32,
}

/// What a search ended with.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// An optimal solution: the blank's moves from the start to the goal.
    Solved(Vec<Move>),
    /// A [`Limits`] value stopped the search; the last threshold completed is reported.
    LimitReached {
        /// The largest threshold fully searched (a lower bound on the optimal length).
        bound: u32,
    },
    /// The stop flag was raised.
    Interrupted,
}

/// The result of [`ida_star`].
#[derive(Debug, Clone)]
pub struct Report {
    /// How it ended.
    pub outcome: Outcome,
    /// Node counts.
    pub counts: Counts,
    /// Heuristic value of the start.
    pub initial_h: u32,
    /// Wall-clock seconds spent searching.
    pub seconds: f64,
}

/// Hooks into the sequential IDA* loop ([`ida_star_observed`]): the search calls them as it goes,
/// so an observer sees the very search that answers, node for node.
///
/// Boards are passed in *label* form (each tile named after its goal cell, see [`crate::puzzle`]).
/// Every method has an empty default; with [`IdaObserver::ENABLED`] `false` the search does not
/// even compute the arguments (the checks are on a constant, so no branch or call is left in the
/// compiled loop: [`ida_star`] runs with [`NoIdaObserver`]).
pub trait IdaObserver {
    /// Whether the search reports to this observer at all.
    const ENABLED: bool = true;

    /// The search starts from `board` (called once, before the first iteration).
    #[inline(always)]
    fn start(&mut self, board: &[u8]) {
        let _ = board;
    }

    /// A new iteration with this bound on f = g + h begins at the root.
    #[inline(always)]
    fn iteration(&mut self, bound: u32) {
        let _ = bound;
    }

    /// The search entered a node (the root of an iteration, or the child last reported by
    /// [`IdaObserver::generated`]) `depth` moves from the root, with heuristic value `h`.
    #[inline(always)]
    fn selected(&mut self, board: &[u8], depth: u32, h: u32) {
        let _ = (board, depth, h);
    }

    /// The goal test of the node just selected.
    #[inline(always)]
    fn goal_test(&mut self, is_goal: bool) {
        let _ = is_goal;
    }

    /// A child of the current node, `depth` moves from the root, reached by the blank's move
    /// `action`, survived the bound (g + h ≤ bound); the search enters it next.
    #[inline(always)]
    fn generated(&mut self, board: &[u8], action: Move, depth: u32, h: u32) {
        let _ = (board, action, depth, h);
    }

    /// A child of the current node was pruned: its f = g + h exceeds the bound.
    #[inline(always)]
    fn over_bound(&mut self, board: &[u8], action: Move, depth: u32) {
        let _ = (board, action, depth);
    }

    /// The search leaves the node `depth` moves from the root on the current path, which was
    /// expanded (counted in [`Counts::expanded`]); called after its subtree, also when a goal was
    /// found or the search stops below it.
    #[inline(always)]
    fn expanded(&mut self, depth: u32) {
        let _ = depth;
    }

    /// Asked before each expansion; `true` stops the search there (it then ends with
    /// [`Outcome::LimitReached`], or [`Outcome::Interrupted`] if the stop flag is also raised).
    #[inline(always)]
    fn should_stop(&mut self) -> bool {
        false
    }
}

/// The observer of an unobserved search: reports nothing, costs nothing.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoIdaObserver;

impl IdaObserver for NoIdaObserver {
    const ENABLED: bool = false;
}

impl<O: IdaObserver + ?Sized> IdaObserver for &mut O {
    const ENABLED: bool = O::ENABLED;

    #[inline(always)]
    fn start(&mut self, board: &[u8]) {
        (**self).start(board)
    }

    #[inline(always)]
    fn iteration(&mut self, bound: u32) {
        (**self).iteration(bound)
    }

    #[inline(always)]
    fn selected(&mut self, board: &[u8], depth: u32, h: u32) {
        (**self).selected(board, depth, h)
    }

    #[inline(always)]
    fn goal_test(&mut self, is_goal: bool) {
        (**self).goal_test(is_goal)
    }

    #[inline(always)]
    fn generated(&mut self, board: &[u8], action: Move, depth: u32, h: u32) {
        (**self).generated(board, action, depth, h)
    }

    #[inline(always)]
    fn over_bound(&mut self, board: &[u8], action: Move, depth: u32) {
        (**self).over_bound(board, action, depth)
    }

    #[inline(always)]
    fn expanded(&mut self, depth: u32) {
        (**self).expanded(depth)
    }

    #[inline(always)]
    fn should_stop(&mut self) -> bool {
        (**self).should_stop()
    }
}

/// One step of a traced IDA* search, with node ids and the user's tile numbers: what
/// [`IdaTracer`] makes of the [`IdaObserver`] calls. Node ids restart at 0 (the root) in each
/// iteration and are given in generation order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IdaEvent<'a> {
    /// The search starts from this board.
    Start {
        /// The start board, row-major, 0 = blank.
        board: &'a [u8],
    },
    /// A new iteration with this bound on f begins; ids restart at 0.
    Iteration {
        /// The bound on f = g + h.
        bound: u32,
    },
    /// The search entered a node.
    Selected {
        /// The node's id.
        node: u64,
        /// Its board.
        board: &'a [u8],
        /// Moves from the root (= its path cost g).
        depth: u32,
        /// Its heuristic value (f = depth + h).
        h: u32,
    },
    /// The goal test of the node just selected.
    GoalTest {
        /// The node tested.
        node: u64,
        /// Whether it is the goal.
        is_goal: bool,
    },
    /// A child within the bound; the search enters it next.
    Generated {
        /// The child's id.
        node: u64,
        /// Its parent's id.
        parent: u64,
        /// Its board.
        board: &'a [u8],
        /// The blank's move from the parent.
        action: Move,
        /// Moves from the root.
        depth: u32,
        /// Its heuristic value.
        h: u32,
    },
    /// A child pruned because its f exceeds the bound (it gets no id).
    OverBound {
        /// Its parent's id.
        parent: u64,
        /// Its board.
        board: &'a [u8],
        /// The blank's move from the parent.
        action: Move,
        /// Moves from the root.
        depth: u32,
    },
    /// The search left an expanded node (after its subtree).
    Expanded {
        /// The node.
        node: u64,
        /// Its children that were entered ([`IdaEvent::Generated`]), in generation order.
        children: &'a [u64],
    },
}

/// An [`IdaObserver`] that numbers the nodes, translates boards back to the user's tile numbers
/// and hands each step to `sink` as an [`IdaEvent`]. The sink returns
/// [`ControlFlow::Break`] to stop the search (e.g. a trace grown too large).
pub struct IdaTracer<F> {
    /// `tile_of[label]`: the user's tile number of each label (the goal board itself).
    tile_of: Vec<u8>,
    sink: F,
    next_id: u64,
    /// The id of the node the search enters next (the root, or the last child generated).
    entering: u64,
    /// Ids of the nodes on the current path, by depth.
    path: Vec<u64>,
    /// Children entered so far, of each node on the current path, by depth.
    children: Vec<Vec<u64>>,
    board: Vec<u8>,
    stop: bool,
}

impl<F: FnMut(IdaEvent<'_>) -> ControlFlow<()>> IdaTracer<F> {
    /// A tracer of searches towards `goal` (row-major tiles, 0 = blank), reporting to `sink`.
    pub fn new(goal: &[u8], sink: F) -> Self {
        IdaTracer {
            tile_of: goal.to_vec(),
            sink,
            next_id: 0,
            entering: 0,
            path: Vec::new(),
            children: Vec::new(),
            board: Vec::with_capacity(goal.len()),
            stop: false,
        }
    }

    /// Whether the sink asked to stop.
    pub fn stopped(&self) -> bool {
        self.stop
    }

    /// The sink.
    pub fn into_sink(self) -> F {
        self.sink
    }

    fn send(&mut self, event: IdaEvent<'_>) {
        if (self.sink)(event).is_break() {
            self.stop = true;
        }
    }

    /// `labels` in the user's tile numbers, into `self.board`.
    fn translate(&mut self, labels: &[u8]) {
        self.board.clear();
        self.board.extend(labels.iter().map(|&l| self.tile_of.get(l as usize).copied().unwrap_or(l)));
    }

    fn emit_with_board(&mut self, labels: &[u8], event: impl FnOnce(&[u8]) -> IdaEvent<'_>) {
        self.translate(labels);
        let board = std::mem::take(&mut self.board);
        self.send(event(&board));
        self.board = board;
    }

    /// The id of the node `depth` moves from the root on the current path (0 if unknown).
    fn on_path(&self, depth: u32) -> u64 {
        self.path.get(depth as usize).copied().unwrap_or(0)
    }
}

impl<F: FnMut(IdaEvent<'_>) -> ControlFlow<()>> IdaObserver for IdaTracer<F> {
    fn start(&mut self, board: &[u8]) {
        self.emit_with_board(board, |board| IdaEvent::Start { board });
    }

    fn iteration(&mut self, bound: u32) {
        self.next_id = 1;
        self.entering = 0;
        self.path.clear();
        self.send(IdaEvent::Iteration { bound });
    }

    fn selected(&mut self, board: &[u8], depth: u32, h: u32) {
        let node = self.entering;
        self.path.truncate(depth as usize);
        self.path.push(node);
        let d = self.path.len() - 1;
        if self.children.len() <= d {
            self.children.resize_with(d + 1, Vec::new);
        }
        self.children[d].clear();
        self.emit_with_board(board, |board| IdaEvent::Selected { node, board, depth, h });
    }

    fn goal_test(&mut self, is_goal: bool) {
        let node = self.entering;
        self.send(IdaEvent::GoalTest { node, is_goal });
    }

    fn generated(&mut self, board: &[u8], action: Move, depth: u32, h: u32) {
        let node = self.next_id;
        self.next_id += 1;
        self.entering = node;
        let parent = self.on_path(depth.saturating_sub(1));
        if let Some(siblings) = self.children.get_mut(depth.saturating_sub(1) as usize) {
            siblings.push(node);
        }
        self.emit_with_board(board, |board| IdaEvent::Generated { node, parent, board, action, depth, h });
    }

    fn over_bound(&mut self, board: &[u8], action: Move, depth: u32) {
        let parent = self.on_path(depth.saturating_sub(1));
        self.emit_with_board(board, |board| IdaEvent::OverBound { parent, board, action, depth });
    }

    fn expanded(&mut self, depth: u32) {
        let node = self.on_path(depth);
        let children = self.children.get_mut(depth as usize).map(std::mem::take).unwrap_or_default();
        self.send(IdaEvent::Expanded { node, children: &children });
        if let Some(slot) = self.children.get_mut(depth as usize) {
            *slot = children;
        }
    }

    fn should_stop(&mut self) -> bool {
        self.stop
    }
}

struct Search<'a, H: Heuristic<N>, const N: usize, O: IdaObserver = NoIdaObserver> {
    succ: &'a [crate::grid::Successors],
    h: &'a H,
    board: Board<N>,
    blank_label: u8,
    bound: u32,
    next_bound: u32,
    /// `path[g]`: the move made at depth `g` on the current path.
    path: Vec<u8>,
    expanded: u64,
    generated: u64,
    node_limit: u64,
    /// Expansion count at which the stop flags and the node limit are looked at next.
    next_check: u64,
    stop: Option<&'a AtomicBool>,
    /// Raised by the parallel search when another subtree found a solution.
    found: Option<&'a AtomicBool>,
    aborted: bool,
    depth_found: usize,
    /// Told every step when `O::ENABLED` (a tracer); a unit type that is never called otherwise.
    obs: O,
}

impl<H: Heuristic<N>, const N: usize, O: IdaObserver> Search<'_, H, N, O> {
    #[inline(always)]
    fn is_goal(&self) -> bool {
        self.board.tiles.iter().enumerate().all(|(c, &l)| c == l as usize)
    }

    /// Depth-first search below the current node (`g` moves from the root, blank on `blank`,
    /// reached by move `prev`); returns `true` when a goal was found or the search must stop.
    ///
    /// Every `if O::ENABLED` block is on a constant: without an observer it is compiled out, and
    /// the loop is the same machine code as without the hooks.
    fn dfs(&mut self, g: u32, st: H::State, blank: usize, prev: usize) -> bool {
        let h = self.h.value(&st);
        if O::ENABLED {
            self.obs.selected(&self.board.tiles, g, h);
            let is_goal = h == 0 && self.is_goal();
            self.obs.goal_test(is_goal);
        }
        if h == 0 && self.is_goal() {
            self.depth_found = g as usize;
            return true;
        }
        if (self.expanded >= self.next_check && self.should_stop()) || (O::ENABLED && self.obs.should_stop()) {
            self.aborted = true;
            return true;
        }
        self.expanded += 1;
        // SAFETY: blank < N and prev ≤ NO_MOVE, and the table has N * 5 entries.
        let s = unsafe { *self.succ.get_unchecked(blank * 5 + prev) };
        if g >= self.bound {
            // Only a non-goal node with h == 0 can sit on the bound; its children all exceed it.
            self.generated += s.len as u64;
            self.next_bound = self.next_bound.min(g + 1);
            if O::ENABLED {
                for i in 0..s.len as usize {
                    let nb = s.cells[i] as usize;
                    let label = self.board.tiles[nb];
                    self.apply(blank, nb, label);
                    self.obs.over_bound(&self.board.tiles, Move::from_index(s.moves[i] as usize), g + 1);
                    self.undo(blank, nb, label);
                }
                self.obs.expanded(g);
            }
            return false;
        }
        let limit = self.bound - g - 1;
        // All children count as generated; if the solution lies below child i, the siblings after
        // it were never generated and are taken back (so counts match Korf's node for node).
        self.generated += s.len as u64;
        for i in 0..s.len as usize {
            let nb = s.cells[i] as usize;
            let m = s.moves[i] as usize;
            // SAFETY: nb < N (a neighbour cell); labels are < N.
            let label = unsafe { *self.board.tiles.get_unchecked(nb) };
            if !H::READS_BOARD {
                // Evaluate first, touch the board only for survivors.
                match self.h.moved(&st, &self.board, label, nb as u8, blank as u8, limit) {
                    Ok(child) => {
                        self.apply(blank, nb, label);
                        // SAFETY: g < bound and the path holds bound + 1 moves.
                        unsafe { *self.path.get_unchecked_mut(g as usize) = m as u8 };
                        if O::ENABLED {
                            self.obs.generated(&self.board.tiles, Move::from_index(m), g + 1, self.h.value(&child));
                        }
                        if self.dfs(g + 1, child, nb, m) {
                            self.generated -= (s.len as usize - 1 - i) as u64;
                            if O::ENABLED {
                                self.obs.expanded(g);
                            }
                            return true;
                        }
                        self.undo(blank, nb, label);
                    }
                    Err(hv) => {
                        self.next_bound = self.next_bound.min(g + 1 + hv);
                        if O::ENABLED {
                            self.apply(blank, nb, label);
                            self.obs.over_bound(&self.board.tiles, Move::from_index(m), g + 1);
                            self.undo(blank, nb, label);
                        }
                    }
                }
                continue;
            }
            self.apply(blank, nb, label);
            match self.h.moved(&st, &self.board, label, nb as u8, blank as u8, limit) {
                Ok(child) => {
                    // SAFETY: as above.
                    unsafe { *self.path.get_unchecked_mut(g as usize) = m as u8 };
                    if O::ENABLED {
                        self.obs.generated(&self.board.tiles, Move::from_index(m), g + 1, self.h.value(&child));
                    }
                    if self.dfs(g + 1, child, nb, m) {
                        self.generated -= (s.len as usize - 1 - i) as u64;
                        if O::ENABLED {
                            self.obs.expanded(g);
                        }
                        return true;
                    }
                }
                Err(hv) => {
                    self.next_bound = self.next_bound.min(g + 1 + hv);
                    if O::ENABLED {
                        self.obs.over_bound(&self.board.tiles, Move::from_index(m), g + 1);
                    }
                }
            }
            self.undo(blank, nb, label);
        }
        if O::ENABLED {
            self.obs.expanded(g);
        }
        false
    }

    /// The slow path of the per-node check, taken every 65,536 expansions (or sooner when the node
    /// limit is near: a node generates at most 4 children, so the limit is never overshot by more
    /// than one node's children).
    #[cold]
    #[inline(never)]
    fn should_stop(&mut self) -> bool {
        if self.generated >= self.node_limit
            || self.stop.is_some_and(|f| f.load(Ordering::Relaxed))
            || self.found.is_some_and(|f| f.load(Ordering::Relaxed))
        {
            return true;
        }
        let room = (self.node_limit - self.generated) / 4;
        self.next_check = self.expanded + room.clamp(1, 1 << 16);
        false
    }

    /// Like [`Search::dfs`] but stops at depth `depth`, collecting the surviving nodes there
    /// (the subtrees the parallel search hands out); returns `true` if a goal lies above it.
    fn collect(
        &mut self,
        g: u32,
        st: H::State,
        blank: usize,
        prev: usize,
        depth: u32,
        out: &mut Vec<Task<H, N>>,
    ) -> bool {
        let h = self.h.value(&st);
        if h == 0 && self.is_goal() {
            self.depth_found = g as usize;
            return true;
        }
        if g == depth {
            out.push(Task { board: self.board, st, blank, prev, g, path: self.path[..g as usize].to_vec() });
            return false;
        }
        self.expanded += 1;
        let s = self.succ[blank * 5 + prev];
        if g >= self.bound {
            self.generated += s.len as u64;
            self.next_bound = self.next_bound.min(g + 1);
            return false;
        }
        let limit = self.bound - g - 1;
        for i in 0..s.len as usize {
            self.generated += 1;
            let nb = s.cells[i] as usize;
            let m = s.moves[i] as usize;
            let label = self.board.tiles[nb];
            self.apply(blank, nb, label);
            match self.h.moved(&st, &self.board, label, nb as u8, blank as u8, limit) {
                Ok(child) => {
                    self.path[g as usize] = m as u8;
                    if self.collect(g + 1, child, nb, m, depth, out) {
                        return true;
                    }
                }
                Err(hv) => self.next_bound = self.next_bound.min(g + 1 + hv),
            }
            self.undo(blank, nb, label);
        }
        false
    }

    /// Slides `label` from `nb` onto the blank's cell `blank`.
    #[inline(always)]
    fn apply(&mut self, blank: usize, nb: usize, label: u8) {
        // SAFETY: both cells and all labels are < N.
        unsafe {
            *self.board.tiles.get_unchecked_mut(blank) = label;
            *self.board.tiles.get_unchecked_mut(nb) = self.blank_label;
            if H::USES_POSITIONS {
                *self.board.pos.get_unchecked_mut(label as usize) = blank as u8;
                *self.board.pos.get_unchecked_mut(self.blank_label as usize) = nb as u8;
            }
        }
    }

    /// Reverts [`Search::apply`].
    #[inline(always)]
    fn undo(&mut self, blank: usize, nb: usize, label: u8) {
        // SAFETY: as in `apply`.
        unsafe {
            *self.board.tiles.get_unchecked_mut(nb) = label;
            *self.board.tiles.get_unchecked_mut(blank) = self.blank_label;
            if H::USES_POSITIONS {
                *self.board.pos.get_unchecked_mut(label as usize) = nb as u8;
                *self.board.pos.get_unchecked_mut(self.blank_label as usize) = blank as u8;
            }
        }
    }
}

/// Depth of the goal the search stopped on (the path buffer is longer than the solution).
fn solution_length<H: Heuristic<N>, const N: usize, O: IdaObserver>(s: &Search<'_, H, N, O>) -> usize {
    s.depth_found
}

/// Runs IDA* from `labels` (a board in label form: every tile named after its goal cell, so the
/// goal is `0,1,…,N-1`) with heuristic `h`. The blank's label is `blank_label`.
///
/// The instance must be solvable (check parity first); `stop` is polled every ~million expansions.
pub fn ida_star<H: Heuristic<N>, const N: usize>(
    grid: &Grid,
    labels: &[u8],
    blank_label: u8,
    h: &H,
    limits: &Limits,
    stop: Option<&AtomicBool>,
) -> Report {
    run(grid, labels, blank_label, h, limits, stop, NoIdaObserver)
}

/// [`ida_star`] reporting every step to `observer` (see [`IdaObserver`]; [`IdaTracer`] numbers
/// the nodes and translates the boards). The search, its answer and its counts are the same as
/// [`ida_star`]'s: the same function runs, with the hooks compiled in.
pub fn ida_star_observed<H: Heuristic<N>, O: IdaObserver, const N: usize>(
    grid: &Grid,
    labels: &[u8],
    blank_label: u8,
    h: &H,
    limits: &Limits,
    stop: Option<&AtomicBool>,
    observer: &mut O,
) -> Report {
    run(grid, labels, blank_label, h, limits, stop, observer)
}

/// The sequential search, for [`ida_star`] and [`ida_star_observed`].
fn run<H: Heuristic<N>, const N: usize, O: IdaObserver>(
    grid: &Grid,
    labels: &[u8],
    blank_label: u8,
    h: &H,
    limits: &Limits,
    stop: Option<&AtomicBool>,
    obs: O,
) -> Report {
    assert_eq!(grid.cells(), N, "grid and board sizes differ");
    let t0 = Instant::now();
    let board = Board::<N>::from_labels(labels);
    let st = h.start(&board);
    let initial_h = h.value(&st);
    let blank = board.pos[blank_label as usize] as usize;
    let mut s = make_search(grid, h, board, blank_label, initial_h, stop, None, obs);
    s.node_limit = limits.max_generated.unwrap_or(u64::MAX);
    if O::ENABLED {
        s.obs.start(&board.tiles);
    }
    let mut iterations = 0;
    let mut completed = 0;
    let outcome = loop {
        iterations += 1;
        s.next_bound = u32::MAX;
        s.path.resize(s.bound as usize + 1, 0);
        if O::ENABLED {
            s.obs.iteration(s.bound);
        }
        if s.dfs(0, st, blank, NO_MOVE) {
            if s.aborted {
                let interrupted = stop.is_some_and(|f| f.load(Ordering::Relaxed));
                break if interrupted { Outcome::Interrupted } else { Outcome::LimitReached { bound: completed } };
            }
            let len = solution_length(&s);
            break Outcome::Solved(s.path[..len].iter().map(|&m| Move::from_index(m as usize)).collect());
        }
        completed = s.bound;
        assert!(s.next_bound != u32::MAX, "search space exhausted: the instance is unsolvable");
        s.bound = s.next_bound;
    };
    Report {
        outcome,
        counts: Counts { expanded: s.expanded, generated: s.generated, iterations },
        initial_h,
        seconds: t0.elapsed().as_secs_f64(),
    }
}

#[allow(clippy::too_many_arguments)]
fn make_search<'a, H: Heuristic<N>, const N: usize, O: IdaObserver>(
    grid: &'a Grid,
    h: &'a H,
    board: Board<N>,
    blank_label: u8,
    bound: u32,
    stop: Option<&'a AtomicBool>,
    found: Option<&'a AtomicBool>,
    obs: O,
) -> Search<'a, H, N, O> {
    Search {
        succ: &grid.successors,
        h,
        board,
        blank_label,
        bound,
        next_bound: u32::MAX,
        path: vec![0; bound as usize + 1],
        expanded: 0,
        generated: 0,
        node_limit: u64::MAX,
        next_check: 0,
        stop,
        found,
        aborted: false,
        depth_found: 0,
        obs,
    }
}

/// A subtree root handed to a worker by [`ida_star_parallel`].
struct Task<H: Heuristic<N>, const N: usize> {
    board: Board<N>,
    st: H::State,
    blank: usize,
    prev: usize,
    g: u32,
    path: Vec<u8>,
}

/// IDA* on all rayon threads: each iteration first expands the top of the tree to a depth with
/// enough nodes (≥ 256 per thread, or the threshold), then searches those subtrees in parallel.
/// A solution found in an iteration is optimal (no shorter one exists below the previous
/// thresholds); the other workers stop at their next poll. Node counts of the last iteration
/// depend on timing. `max_generated` is checked between iterations only.
pub fn ida_star_parallel<H: Heuristic<N>, const N: usize>(
    grid: &Grid,
    labels: &[u8],
    blank_label: u8,
    h: &H,
    limits: &Limits,
    stop: Option<&AtomicBool>,
) -> Report
where
    H::State: Sync,
{
    use rayon::prelude::*;
    use std::sync::Mutex;

    assert_eq!(grid.cells(), N, "grid and board sizes differ");
    let t0 = Instant::now();
    let board = Board::<N>::from_labels(labels);
    let st = h.start(&board);
    let initial_h = h.value(&st);
    let blank = board.pos[blank_label as usize] as usize;
    let node_limit = limits.max_generated.unwrap_or(u64::MAX);
    let want = 256 * rayon::current_num_threads().max(1);
    let mut counts = Counts::default();
    let mut bound = initial_h;
    let mut completed = 0;
    let outcome = loop {
        counts.iterations += 1;
        if stop.is_some_and(|f| f.load(Ordering::Relaxed)) {
            break Outcome::Interrupted;
        }
        if counts.generated >= node_limit {
            break Outcome::LimitReached { bound: completed };
        }
        // The top of the tree, down to a depth with enough subtrees.
        let mut tasks = Vec::new();
        let mut top;
        let mut depth = 1;
        loop {
            tasks.clear();
            top = make_search(grid, h, board, blank_label, bound, stop, None, NoIdaObserver);
            if top.collect(0, st, blank, NO_MOVE, depth, &mut tasks) {
                let len = top.depth_found;
                counts.expanded += top.expanded;
                counts.generated += top.generated;
                let moves = top.path[..len].iter().map(|&m| Move::from_index(m as usize)).collect();
                return Report {
                    outcome: Outcome::Solved(moves),
                    counts,
                    initial_h,
                    seconds: t0.elapsed().as_secs_f64(),
                };
            }
            if tasks.len() >= want || depth >= bound {
                break;
            }
            depth += 1;
        }
        counts.expanded += top.expanded;
        counts.generated += top.generated;
        let found = AtomicBool::new(false);
        let solution: Mutex<Option<Vec<u8>>> = Mutex::new(None);
        // Workers take subtrees in the sequential order (a shared counter, not halves of the list),
        // so the last iteration reaches the subtree holding the solution about as early as a
        // sequential search would.
        let cursor = AtomicUsize::new(0);
        let results: Vec<(u64, u64, u32)> = (0..rayon::current_num_threads().max(1))
            .into_par_iter()
            .map(|_| {
                let (mut expanded, mut generated, mut next) = (0, 0, u32::MAX);
                loop {
                    let i = cursor.fetch_add(1, Ordering::Relaxed);
                    if i >= tasks.len() || found.load(Ordering::Relaxed) {
                        break;
                    }
                    let t = &tasks[i];
                    let mut s = make_search(grid, h, t.board, blank_label, bound, stop, Some(&found), NoIdaObserver);
                    s.path[..t.path.len()].copy_from_slice(&t.path);
                    let hit = s.dfs(t.g, t.st, t.blank, t.prev) && !s.aborted;
                    expanded += s.expanded;
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
        let mut next = top.next_bound;
        for (e, g, nb) in results {
            counts.expanded += e;
            counts.generated += g;
            next = next.min(nb);
        }
        if let Some(path) = solution.into_inner().expect("solution lock") {
            break Outcome::Solved(path.iter().map(|&m| Move::from_index(m as usize)).collect());
        }
        if stop.is_some_and(|f| f.load(Ordering::Relaxed)) {
            break Outcome::Interrupted;
        }
        completed = bound;
        assert!(next != u32::MAX, "search space exhausted: the instance is unsolvable");
        bound = next;
    };
    Report { outcome, counts, initial_h, seconds: t0.elapsed().as_secs_f64() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristic::{LinearConflict, Manhattan, Zero};
    use crate::puzzle::apply_moves;

    fn solve_len<H: Heuristic<9>>(h: &H, labels: &[u8]) -> usize {
        let g = Grid::new(3);
        let r = ida_star::<H, 9>(&g, labels, 0, h, &Limits::default(), None);
        let Outcome::Solved(moves) = r.outcome else { panic!("not solved") };
        assert_eq!(apply_moves(3, labels, &moves).unwrap(), (0..9).collect::<Vec<u8>>());
        moves.len()
    }

    #[test]
    fn solves_small_8_puzzles() {
        let g = Grid::new(3);
        let m = Manhattan::<9>::new(&g, 0);
        let lc = LinearConflict::<9>::new(&g, 0);
        assert_eq!(solve_len(&m, &[0, 1, 2, 3, 4, 5, 6, 7, 8]), 0);
        assert_eq!(solve_len(&m, &[1, 0, 2, 3, 4, 5, 6, 7, 8]), 1);
        assert_eq!(solve_len(&m, &[3, 1, 2, 0, 4, 5, 6, 7, 8]), 1);
        assert_eq!(solve_len(&lc, &[1, 2, 0, 3, 4, 5, 6, 7, 8]), 2);
        assert_eq!(solve_len(&Zero, &[3, 1, 2, 4, 0, 5, 6, 7, 8]), 2);
    }

    #[test]
    fn parallel_search_finds_optimal_solutions() {
        let g = Grid::new(3);
        let m = Manhattan::<9>::new(&g, 0);
        for labels in [[8u8, 6, 7, 2, 5, 4, 3, 0, 1], [0, 1, 2, 3, 4, 5, 6, 7, 8], [1, 0, 2, 3, 4, 5, 6, 7, 8]] {
            let seq = ida_star::<_, 9>(&g, &labels, 0, &m, &Limits::default(), None);
            let par = ida_star_parallel::<_, 9>(&g, &labels, 0, &m, &Limits::default(), None);
            let (Outcome::Solved(a), Outcome::Solved(b)) = (seq.outcome, par.outcome) else { panic!() };
            assert_eq!(a.len(), b.len());
            assert_eq!(apply_moves(3, &labels, &b).unwrap(), (0..9).collect::<Vec<u8>>());
        }
    }

    #[test]
    fn node_limit_stops_the_search() {
        let g = Grid::new(3);
        let m = Manhattan::<9>::new(&g, 0);
        let limits = Limits { max_generated: Some(10) };
        let r = ida_star::<_, 9>(&g, &[8, 6, 7, 2, 5, 4, 3, 0, 1], 0, &m, &limits, None);
        assert!(matches!(r.outcome, Outcome::LimitReached { .. }));
    }
    /// An [`IdaEvent`] with owned boards, for checking traces.
    #[derive(Debug, Clone, PartialEq)]
    enum Ev {
        Start(Vec<u8>),
        Iteration(u32),
        Selected { node: u64, board: Vec<u8>, depth: u32, h: u32 },
        GoalTest(bool),
        Generated { node: u64, parent: u64, board: Vec<u8>, action: Move, depth: u32, h: u32 },
        OverBound { parent: u64, board: Vec<u8>, depth: u32 },
        Expanded { node: u64, children: Vec<u64> },
    }

    fn own(e: IdaEvent<'_>) -> Ev {
        match e {
            IdaEvent::Start { board } => Ev::Start(board.to_vec()),
            IdaEvent::Iteration { bound } => Ev::Iteration(bound),
            IdaEvent::Selected { node, board, depth, h } => Ev::Selected { node, board: board.to_vec(), depth, h },
            IdaEvent::GoalTest { is_goal, .. } => Ev::GoalTest(is_goal),
            IdaEvent::Generated { node, parent, board, action, depth, h } => {
                Ev::Generated { node, parent, board: board.to_vec(), action, depth, h }
            }
            IdaEvent::OverBound { parent, board, depth, .. } => Ev::OverBound { parent, board: board.to_vec(), depth },
            IdaEvent::Expanded { node, children } => Ev::Expanded { node, children: children.to_vec() },
        }
    }

    fn traced<H: Heuristic<9>>(h: &H, labels: &[u8; 9], limits: &Limits) -> (Report, Vec<Ev>) {
        let g = Grid::new(3);
        let mut events = Vec::new();
        let goal: Vec<u8> = (0..9).collect();
        let mut tracer = IdaTracer::new(&goal, |e| {
            events.push(own(e));
            ControlFlow::Continue(())
        });
        let r = ida_star_observed::<H, _, 9>(&g, labels, 0, h, limits, None, &mut tracer);
        (r, events)
    }

    /// The documented relations between a trace and the counts, checked event by event.
    fn check_trace(r: &Report, events: &[Ev], bounded: bool) {
        let count = |f: fn(&Ev) -> bool| events.iter().filter(|e| f(e)).count() as u64;
        let selected = count(|e| matches!(e, Ev::Selected { .. }));
        let generated = count(|e| matches!(e, Ev::Generated { .. }));
        let over = count(|e| matches!(e, Ev::OverBound { .. }));
        assert!(matches!(events[0], Ev::Start(_)));
        assert_eq!(selected, r.counts.expanded + 1, "selected = expanded + 1");
        assert_eq!(count(|e| matches!(e, Ev::GoalTest(_))), selected);
        assert_eq!(count(|e| matches!(e, Ev::Expanded { .. })), r.counts.expanded);
        assert_eq!(generated + over, r.counts.generated);
        assert_eq!(generated, selected - u64::from(r.counts.iterations));
        assert_eq!(count(|e| matches!(e, Ev::GoalTest(true))), u64::from(!bounded));
        // Iterations with increasing bounds; within one, ids from 0 in order, f within the bound,
        // each child one move from its parent.
        let mut bound = 0;
        let mut boards: Vec<Vec<u8>> = Vec::new();
        let mut last_bound = None;
        for e in events {
            match e {
                Ev::Iteration(b) => {
                    if let Some(l) = last_bound {
                        assert!(*b > l, "bounds increase");
                    }
                    last_bound = Some(*b);
                    bound = *b;
                    boards.clear();
                }
                Ev::Selected { node, board, depth, h } => {
                    if *node == 0 {
                        assert!(boards.is_empty() && *depth == 0);
                        boards.push(board.clone());
                    }
                    assert_eq!(&boards[*node as usize], board);
                    assert!(depth + h <= bound || (*node == 0 && *h > bound));
                }
                Ev::Generated { node, parent, board, depth, h, action } => {
                    assert_eq!(*node as usize, boards.len());
                    assert!(depth + h <= bound);
                    let moved = apply_moves(3, &boards[*parent as usize], &[*action]).unwrap();
                    assert_eq!(&moved, board);
                    boards.push(board.clone());
                }
                Ev::OverBound { parent, board, depth } => {
                    assert!(*depth >= 1);
                    let p = &boards[*parent as usize];
                    assert_eq!(p.iter().zip(board).filter(|(a, b)| a != b).count(), 2);
                }
                Ev::Expanded { node, children } => {
                    assert!((*node as usize) < boards.len());
                    assert!(children.iter().all(|&c| c > *node && (c as usize) < boards.len()));
                }
                Ev::Start(_) | Ev::GoalTest(_) => {}
            }
        }
        assert_eq!(last_bound, Some(bound));
    }

    #[test]
    fn traced_search_is_the_same_search() {
        let g = Grid::new(3);
        let m = Manhattan::<9>::new(&g, 0);
        let lc = LinearConflict::<9>::new(&g, 0);
        for labels in [[8u8, 6, 7, 2, 5, 4, 3, 0, 1], [1, 2, 5, 3, 4, 8, 0, 6, 7], [0, 1, 2, 3, 4, 5, 6, 7, 8]] {
            let plain = ida_star::<_, 9>(&g, &labels, 0, &m, &Limits::default(), None);
            let (r, events) = traced(&m, &labels, &Limits::default());
            assert_eq!((r.outcome.clone(), r.counts), (plain.outcome, plain.counts));
            check_trace(&r, &events, false);
            // Linear conflicts read the board: the other branch of the loop.
            let plain = ida_star::<_, 9>(&g, &labels, 0, &lc, &Limits::default(), None);
            let (r, events) = traced(&lc, &labels, &Limits::default());
            assert_eq!((r.outcome.clone(), r.counts), (plain.outcome, plain.counts));
            check_trace(&r, &events, false);
        }
        // With h = 0 every node on the bound is expanded and all its children are over it.
        let labels = [3, 1, 2, 4, 0, 5, 6, 7, 8];
        let plain = ida_star::<_, 9>(&g, &labels, 0, &Zero, &Limits::default(), None);
        let (r, events) = traced(&Zero, &labels, &Limits::default());
        assert_eq!((r.outcome.clone(), r.counts), (plain.outcome, plain.counts));
        check_trace(&r, &events, false);
        let bounds: Vec<u32> =
            events.iter().filter_map(|e| if let Ev::Iteration(b) = e { Some(*b) } else { None }).collect();
        assert_eq!(bounds, [0, 1, 2]);
    }

    #[test]
    fn traced_node_limit_keeps_the_relations() {
        let g = Grid::new(3);
        let m = Manhattan::<9>::new(&g, 0);
        let limits = Limits { max_generated: Some(10) };
        let labels = [8, 6, 7, 2, 5, 4, 3, 0, 1];
        let plain = ida_star::<_, 9>(&g, &labels, 0, &m, &limits, None);
        let (r, events) = traced(&m, &labels, &limits);
        assert!(matches!(r.outcome, Outcome::LimitReached { .. }));
        assert_eq!(r.counts, plain.counts);
        check_trace(&r, &events, true);
    }

    #[test]
    fn the_tracer_translates_labels_and_can_stop_the_search() {
        // Goal 1,2,…,8,0: label c is the tile on goal cell c.
        let g = Grid::new(3);
        let goal = [1u8, 2, 3, 4, 5, 6, 7, 8, 0];
        let m = Manhattan::<9>::new(&g, 8);
        let start = [8u8, 6, 7, 2, 5, 4, 3, 0, 1];
        let mut goal_cell = [0u8; 9];
        for (c, &t) in goal.iter().enumerate() {
            goal_cell[t as usize] = c as u8;
        }
        let labels: Vec<u8> = start.iter().map(|&t| goal_cell[t as usize]).collect();
        let mut first = None;
        let mut seen = 0;
        let mut tracer = IdaTracer::new(&goal, |e| {
            if let IdaEvent::Start { board } = e {
                first = Some(board.to_vec());
            }
            seen += 1;
            if seen >= 1000 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        let r = ida_star_observed::<_, _, 9>(&g, &labels, 8, &m, &Limits::default(), None, &mut tracer);
        assert!(tracer.stopped());
        assert!(matches!(r.outcome, Outcome::LimitReached { .. }));
        drop(tracer);
        assert_eq!(first.unwrap(), start);
    }
}
