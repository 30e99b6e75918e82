//! The expansion loop with BPMX (bidirectional pathmax; Felner, Zahavi, Holte, Schaeffer,
//! Sturtevant & Zhang, "Inconsistent heuristics in theory and practice", AIJ 2011), for
//! heuristics whose [`Heuristic::BPMX`] is set.
//!
//! With unit move costs an admissible `h` gives `h(n) ≥ h(c) − 1` for a child `c` and
//! `h(c) ≥ h(n) − 1`. IDA* uses both: a node enters the search with `max(h, parent's − 1)`;
//! each child's value (computed, or learnt from its own subtree) lifts the node's to the child's
//! minus one, and once `g + h` exceeds the bound the node is left at once, its remaining children
//! never generated (and not counted). The lifted value goes back to the parent, which does the
//! same. `next_bound` gets the lifted f of a node left this way, so the thresholds stay below
//! the optimal cost. Counting, observer hooks and `SPLIT` are those of [`Search::dfs`].

use super::{Prune, Search};
use crate::grid::KORF_ORDER;
use crate::heuristic::Heuristic;
use crate::ida::observer::IdaObserver;
use crate::ida::search::Task;

impl<H: Heuristic<N>, const N: usize, O: IdaObserver, P: Prune, const SPLIT: bool> Search<'_, H, N, O, P, SPLIT> {
    /// Over 80 lines on purpose: the per-node loop of IDA* with BPMX (`searchlab bench korf100
    /// --heuristic pdb-5-5-5+bpmx --ids 1-2,4-10`: 1,494,297,127 instructions; ARCHITECTURE.md).
    ///
    /// [`Search::dfs`] with BPMX: `from_parent` is the parent's value minus one. Returns `None`
    /// when a goal was found or the search must stop, else the node's value as lifted by its
    /// children (at least its own).
    pub(super) fn dfs_bpmx(
        &mut self,
        g: u32,
        st: H::State,
        from_parent: u32,
        blank: usize,
        prev: usize,
        q: u32,
    ) -> Option<u32> {
        let mut h = self.h.value(&st).max(from_parent);
        if O::ENABLED {
            self.obs.selected(self.board.tiles(), g, h);
            let is_goal = h == 0 && self.board.is_goal();
            self.obs.goal_test(is_goal);
        }
        if h == 0 && self.settled(blank).is_goal() {
            self.depth_found = g as usize;
            return None;
        }
        if SPLIT && g == self.split_depth {
            self.settled(blank);
            let path = self.path[..g as usize].to_vec();
            self.tasks.push(Task { board: self.board, st, blank, prev, q, g, path });
            return Some(h);
        }
        if self.must_stop() {
            self.aborted = true;
            return None;
        }
        // SAFETY: blank < N and prev ≤ NO_MOVE (= 4), and the table has N * 5 entries.
        let s = unsafe { *self.succ.get_unchecked(blank * 5 + prev) };
        let (next, alive) = self.prune.successors(&s, q);
        self.generated += alive as u64;
        if g >= self.bound {
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
            return Some(h);
        }
        let limit = self.bound - g - 1;
        for i in 0..s.len as usize {
            if P::pruned(next[i]) {
                continue;
            }
            let nb = s.cells[i] as usize;
            let m = s.moves[i] as usize;
            // SAFETY: nb < N (a neighbour cell from the table).
            let label = unsafe { *self.board.tiles.get_unchecked(nb) };
            if H::READS_BOARD {
                self.apply(blank, nb, label);
            }
            let child_h = match self.h.moved(&st, &self.board, label, nb as u8, blank as u8, limit) {
                Ok(child) => {
                    if !H::READS_BOARD {
                        self.apply(blank, nb, label);
                    }
                    // SAFETY: g < bound and the path holds bound + 1 moves.
                    unsafe { *self.path.get_unchecked_mut(g as usize) = m as u8 };
                    if O::ENABLED {
                        let hc = self.h.value(&child).max(h.saturating_sub(1));
                        self.obs.generated(self.board.tiles(), KORF_ORDER[m], g + 1, hc);
                    }
                    match self.dfs_bpmx(g + 1, child, h.saturating_sub(1), nb, m, next[i]) {
                        None => {
                            self.generated -= P::unvisited(&next, i, &s);
                            if O::ENABLED {
                                self.obs.expanded(g);
                            }
                            return None;
                        }
                        Some(hc) => {
                            self.undo(blank, nb, label);
                            hc
                        }
                    }
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
                    hv
                }
            };
            // Pathmax from the child: h(n) ≥ h(c) − 1; over the bound, the node is left now.
            if child_h > h + 1 {
                h = child_h - 1;
                if g + h > self.bound {
                    self.next_bound = self.next_bound.min(g + h);
                    self.generated -= P::unvisited(&next, i, &s);
                    if O::ENABLED {
                        self.obs.expanded(g);
                    }
                    return Some(h);
                }
            }
        }
        if O::ENABLED {
            self.obs.expanded(g);
        }
        Some(h)
    }
}
