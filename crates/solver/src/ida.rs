//! Iterative-deepening A* (Korf 1985) on a compact board: moves are applied and undone in place,
//! the parent is never regenerated (the inverse of the move that led to a node is skipped), and the
//! heuristic is updated incrementally from the parent's state.

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

struct Search<'a, H: Heuristic<N>, const N: usize> {
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
}

impl<H: Heuristic<N>, const N: usize> Search<'_, H, N> {
    #[inline(always)]
    fn is_goal(&self) -> bool {
        self.board.tiles.iter().enumerate().all(|(c, &l)| c == l as usize)
    }

    /// Depth-first search below the current node (`g` moves from the root, blank on `blank`,
    /// reached by move `prev`); returns `true` when a goal was found or the search must stop.
    fn dfs(&mut self, g: u32, st: H::State, blank: usize, prev: usize) -> bool {
        let h = self.h.value(&st);
        if h == 0 && self.is_goal() {
            self.depth_found = g as usize;
            return true;
        }
        if self.expanded >= self.next_check && self.should_stop() {
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
                        if self.dfs(g + 1, child, nb, m) {
                            self.generated -= (s.len as usize - 1 - i) as u64;
                            return true;
                        }
                        self.undo(blank, nb, label);
                    }
                    Err(hv) => self.next_bound = self.next_bound.min(g + 1 + hv),
                }
                continue;
            }
            self.apply(blank, nb, label);
            match self.h.moved(&st, &self.board, label, nb as u8, blank as u8, limit) {
                Ok(child) => {
                    // SAFETY: as above.
                    unsafe { *self.path.get_unchecked_mut(g as usize) = m as u8 };
                    if self.dfs(g + 1, child, nb, m) {
                        self.generated -= (s.len as usize - 1 - i) as u64;
                        return true;
                    }
                }
                Err(hv) => self.next_bound = self.next_bound.min(g + 1 + hv),
            }
            self.undo(blank, nb, label);
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
fn solution_length<H: Heuristic<N>, const N: usize>(s: &Search<'_, H, N>) -> usize {
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
    assert_eq!(grid.cells(), N, "grid and board sizes differ");
    let t0 = Instant::now();
    let board = Board::<N>::from_labels(labels);
    let st = h.start(&board);
    let initial_h = h.value(&st);
    let blank = board.pos[blank_label as usize] as usize;
    let mut s = make_search(grid, h, board, blank_label, initial_h, stop, None);
    s.node_limit = limits.max_generated.unwrap_or(u64::MAX);
    let mut iterations = 0;
    let mut completed = 0;
    let outcome = loop {
        iterations += 1;
        s.next_bound = u32::MAX;
        s.path.resize(s.bound as usize + 1, 0);
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

fn make_search<'a, H: Heuristic<N>, const N: usize>(
    grid: &'a Grid,
    h: &'a H,
    board: Board<N>,
    blank_label: u8,
    bound: u32,
    stop: Option<&'a AtomicBool>,
    found: Option<&'a AtomicBool>,
) -> Search<'a, H, N> {
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
            top = make_search(grid, h, board, blank_label, bound, stop, None);
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
                    let mut s = make_search(grid, h, t.board, blank_label, bound, stop, Some(&found));
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
}
