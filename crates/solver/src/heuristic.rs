//! Admissible heuristics behind one small incremental trait, with `Max` and `Add` combinators.
//!
//! Boards are in *label* form (every tile renamed after its goal cell), so the goal is the identity
//! arrangement `tiles[c] == c` and a tile's label is its goal cell.

use crate::grid::Grid;

/// The board as the search holds it: `tiles[cell] = label` and its inverse `pos[label] = cell`
/// (`pos` is only kept up to date for heuristics with [`Heuristic::USES_POSITIONS`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Board<const N: usize> {
    /// Label on each cell (the blank has the label of its goal cell).
    pub tiles: [u8; N],
    /// Cell of each label.
    pub pos: [u8; N],
}

impl<const N: usize> Board<N> {
    /// Builds a board from labels; panics if `labels.len() != N`.
    pub fn from_labels(labels: &[u8]) -> Board<N> {
        let mut tiles = [0u8; N];
        tiles.copy_from_slice(labels);
        let mut pos = [0u8; N];
        for (c, &l) in tiles.iter().enumerate() {
            pos[l as usize] = c as u8;
        }
        Board { tiles, pos }
    }
}

/// An admissible heuristic evaluated incrementally along a search path.
///
/// `State` is whatever the heuristic carries from a node to its child (a running sum, per-pattern
/// values); [`Heuristic::moved`] gets the parent's state, the child's board and the tile that moved.
pub trait Heuristic<const N: usize>: Sync {
    /// Per-node data carried down the search path.
    type State: Copy + Send;
    /// Whether [`Board::pos`] must be maintained for this heuristic.
    const USES_POSITIONS: bool;
    /// Whether [`Heuristic::moved`] reads the board at all; when it does not, the search evaluates
    /// a child before touching the board and only applies the move if the child survives.
    const READS_BOARD: bool = true;
    /// The state of a whole board (computed from scratch).
    fn start(&self, b: &Board<N>) -> Self::State;
    /// The heuristic value of a state.
    fn value(&self, s: &Self::State) -> u32;
    /// The child's state after tile `label` slid from cell `from` to cell `to` (`b` is the child);
    /// `Err(lower_bound)` with a lower bound `> limit` when the child's value exceeds `limit`
    /// (implementations may stop evaluating early then).
    fn moved(&self, s: &Self::State, b: &Board<N>, label: u8, from: u8, to: u8, limit: u32)
        -> Result<Self::State, u32>;
    /// A short name such as `manhattan` or `pdb-7-8+reflect`.
    fn name(&self) -> String;
}

/// Sum of the tiles' Manhattan distances to their goal cells, updated with a per-(tile, from, to) table.
#[derive(Debug, Clone)]
pub struct Manhattan<const N: usize> {
    blank: u8,
    /// `dist[label * N + cell]`, 0 for the blank.
    dist: Vec<u8>,
}

impl<const N: usize> Manhattan<N> {
    /// Manhattan distance on `grid` (which must have `N` cells) for the goal whose blank is on `blank_goal`.
    pub fn new(grid: &Grid, blank_goal: usize) -> Self {
        assert_eq!(grid.cells(), N);
        let mut dist = grid.dist.clone();
        for c in 0..N {
            dist[blank_goal * N + c] = 0;
        }
        Manhattan { blank: blank_goal as u8, dist }
    }

    /// Distance of `label` standing on `cell` from its goal cell.
    #[inline(always)]
    pub fn tile(&self, label: u8, cell: u8) -> u32 {
        // SAFETY: labels and cells are < N by construction of the boards the search holds.
        unsafe { *self.dist.get_unchecked(label as usize * N + cell as usize) as u32 }
    }

    /// The Manhattan distance of a whole board.
    pub fn board(&self, tiles: &[u8; N]) -> u32 {
        tiles.iter().enumerate().filter(|&(_, &l)| l != self.blank).map(|(c, &l)| self.tile(l, c as u8)).sum()
    }
}

impl<const N: usize> Heuristic<N> for Manhattan<N> {
    type State = u32;
    const USES_POSITIONS: bool = false;
    const READS_BOARD: bool = false;

    fn start(&self, b: &Board<N>) -> u32 {
        self.board(&b.tiles)
    }

    #[inline(always)]
    fn value(&self, s: &u32) -> u32 {
        *s
    }

    #[inline(always)]
    fn moved(&self, s: &u32, _b: &Board<N>, label: u8, from: u8, to: u8, limit: u32) -> Result<u32, u32> {
        let h = *s + self.tile(label, to) - self.tile(label, from);
        if h > limit {
            Err(h)
        } else {
            Ok(h)
        }
    }

    fn name(&self) -> String {
        "manhattan".into()
    }
}

/// Manhattan distance plus linear conflicts (Hansson, Mayer & Yung 1992): in every row (column),
/// tiles that belong to it but stand in the wrong order cost two extra moves for each tile that
/// has to leave the line (the line's count is `2 * (tiles - longest increasing run)`).
///
/// Every move changes Manhattan by ±1 and can only add conflicts to the line a tile enters or
/// remove them from the line it leaves, so the sum stays consistent.
#[derive(Debug, Clone)]
pub struct LinearConflict<const N: usize> {
    md: Manhattan<N>,
    width: usize,
    blank: u8,
}

/// State of [`LinearConflict`]: Manhattan and conflict sums.
#[derive(Debug, Clone, Copy)]
pub struct LcState {
    md: u32,
    lc: u32,
}

impl<const N: usize> LinearConflict<N> {
    /// Manhattan + linear conflicts on `grid` for the goal whose blank is on `blank_goal`.
    pub fn new(grid: &Grid, blank_goal: usize) -> Self {
        LinearConflict { md: Manhattan::new(grid, blank_goal), width: grid.width, blank: blank_goal as u8 }
    }

    /// Conflict cost of one line: row `line` when `line < width`, else column `line - width`.
    /// `at(cell)` gives the label on a cell.
    #[inline]
    fn line(&self, line: usize, at: impl Fn(usize) -> u8) -> u32 {
        let w = self.width;
        // Goal offsets along the line of the tiles that belong to it, in board order.
        let mut seq = [0u8; 16];
        let mut n = 0;
        for i in 0..w {
            let (cell, belongs, key) = if line < w {
                let cell = line * w + i;
                let l = at(cell) as usize;
                (cell, l / w == line, l % w)
            } else {
                let col = line - w;
                let cell = i * w + col;
                let l = at(cell) as usize;
                (cell, l % w == col, l / w)
            };
            if belongs && at(cell) != self.blank {
                seq[n] = key as u8;
                n += 1;
            }
        }
        if n < 2 {
            return 0;
        }
        // Longest strictly increasing subsequence (n ≤ 15).
        let mut best = [0u8; 16];
        let mut lis = 0;
        for i in 0..n {
            let mut b = 1;
            for j in 0..i {
                if seq[j] < seq[i] && best[j] + 1 > b {
                    b = best[j] + 1;
                }
            }
            best[i] = b;
            lis = lis.max(b);
        }
        2 * (n as u32 - lis as u32)
    }

    /// The conflict sum of a whole board.
    pub fn conflicts(&self, tiles: &[u8; N]) -> u32 {
        (0..2 * self.width).map(|line| self.line(line, |c| tiles[c])).sum()
    }
}

impl<const N: usize> Heuristic<N> for LinearConflict<N> {
    type State = LcState;
    const USES_POSITIONS: bool = false;

    fn start(&self, b: &Board<N>) -> LcState {
        LcState { md: self.md.board(&b.tiles), lc: self.conflicts(&b.tiles) }
    }

    #[inline(always)]
    fn value(&self, s: &LcState) -> u32 {
        s.md + s.lc
    }

    #[inline]
    fn moved(&self, s: &LcState, b: &Board<N>, label: u8, from: u8, to: u8, limit: u32) -> Result<LcState, u32> {
        let w = self.width;
        let md = s.md + self.md.tile(label, to) - self.md.tile(label, from);
        let (from, to) = (from as usize, to as usize);
        // A vertical move changes the two rows, a horizontal one the two columns.
        let (l1, l2) = if from % w == to % w { (from / w, to / w) } else { (w + from % w, w + to % w) };
        let before = |c: usize| {
            if c == from {
                label
            } else if c == to {
                self.blank
            } else {
                b.tiles[c]
            }
        };
        let old = self.line(l1, before) + self.line(l2, before);
        let new = self.line(l1, |c| b.tiles[c]) + self.line(l2, |c| b.tiles[c]);
        let lc = s.lc + new - old;
        if md + lc > limit {
            Err(md + lc)
        } else {
            Ok(LcState { md, lc })
        }
    }

    fn name(&self) -> String {
        "manhattan-lc".into()
    }
}

/// The larger of two admissible heuristics (admissible; consistent if both are).
#[derive(Debug, Clone)]
pub struct Max<A, B>(pub A, pub B);

impl<const N: usize, A: Heuristic<N>, B: Heuristic<N>> Heuristic<N> for Max<A, B> {
    type State = (A::State, B::State);
    const USES_POSITIONS: bool = A::USES_POSITIONS || B::USES_POSITIONS;
    const READS_BOARD: bool = A::READS_BOARD || B::READS_BOARD;

    fn start(&self, b: &Board<N>) -> Self::State {
        (self.0.start(b), self.1.start(b))
    }

    #[inline(always)]
    fn value(&self, s: &Self::State) -> u32 {
        self.0.value(&s.0).max(self.1.value(&s.1))
    }

    #[inline(always)]
    fn moved(
        &self,
        s: &Self::State,
        b: &Board<N>,
        label: u8,
        from: u8,
        to: u8,
        limit: u32,
    ) -> Result<Self::State, u32> {
        let a = self.0.moved(&s.0, b, label, from, to, limit)?;
        let c = self.1.moved(&s.1, b, label, from, to, limit)?;
        Ok((a, c))
    }

    fn name(&self) -> String {
        format!("max({},{})", self.0.name(), self.1.name())
    }
}

/// The sum of two heuristics; admissible only when they count disjoint sets of moves
/// (e.g. disjoint pattern databases whose entries count only their own tiles' moves).
#[derive(Debug, Clone)]
pub struct Add<A, B>(pub A, pub B);

impl<const N: usize, A: Heuristic<N>, B: Heuristic<N>> Heuristic<N> for Add<A, B> {
    type State = (A::State, B::State);
    const USES_POSITIONS: bool = A::USES_POSITIONS || B::USES_POSITIONS;
    const READS_BOARD: bool = A::READS_BOARD || B::READS_BOARD;

    fn start(&self, b: &Board<N>) -> Self::State {
        (self.0.start(b), self.1.start(b))
    }

    #[inline(always)]
    fn value(&self, s: &Self::State) -> u32 {
        self.0.value(&s.0) + self.1.value(&s.1)
    }

    #[inline(always)]
    fn moved(
        &self,
        s: &Self::State,
        b: &Board<N>,
        label: u8,
        from: u8,
        to: u8,
        limit: u32,
    ) -> Result<Self::State, u32> {
        let a = self.0.moved(&s.0, b, label, from, to, limit)?;
        let va = self.0.value(&a);
        match self.1.moved(&s.1, b, label, from, to, limit - va) {
            Ok(c) => Ok((a, c)),
            Err(vc) => Err(va + vc),
        }
    }

    fn name(&self) -> String {
        format!("{}+{}", self.0.name(), self.1.name())
    }
}

/// A heuristic that is always 0 (breadth-first-like IDA*; for tests and as an `Add` identity).
#[derive(Debug, Clone, Copy, Default)]
pub struct Zero;

impl<const N: usize> Heuristic<N> for Zero {
    type State = ();
    const USES_POSITIONS: bool = false;
    const READS_BOARD: bool = false;
    fn start(&self, _b: &Board<N>) {}
    fn value(&self, _s: &()) -> u32 {
        0
    }
    fn moved(&self, _s: &(), _b: &Board<N>, _l: u8, _f: u8, _t: u8, _limit: u32) -> Result<(), u32> {
        Ok(())
    }
    fn name(&self) -> String {
        "zero".into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board<const N: usize>(labels: &[u8]) -> Board<N> {
        Board::from_labels(labels)
    }

    #[test]
    fn manhattan_of_korf_1_is_41() {
        // Published h_md of Korf #1 (korf100.txt).
        let g = Grid::new(4);
        let m = Manhattan::<16>::new(&g, 0);
        let b = board::<16>(&[14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3]);
        assert_eq!(m.start(&b), 41);
    }

    #[test]
    fn linear_conflicts_of_small_lines() {
        let g = Grid::new(3);
        let lc = LinearConflict::<9>::new(&g, 0);
        // Row 0 holds 2,1 in reverse order: one conflict = +2 (tile 0 is the blank).
        let b = board::<9>(&[0, 2, 1, 3, 4, 5, 6, 7, 8]);
        assert_eq!(lc.conflicts(&b.tiles), 2);
        assert_eq!(lc.start(&b).md, 2);
        // A fully reversed 3-line costs 4 (two tiles must leave).
        let b = board::<9>(&[2, 1, 0, 5, 4, 3, 8, 7, 6]);
        // row0: 2,1 reversed (+2); row1 5,4,3 (+4); row2 8,7,6 (+4)
        assert_eq!(lc.conflicts(&b.tiles), 10);
    }
}
