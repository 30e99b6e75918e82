//! Manhattan distance and Manhattan distance plus linear conflicts, updated incrementally.

use searchlab_npuzzle::Geometry;

use crate::heuristic::Heuristic;
use crate::label::{width_of, LabelBoard};

/// Sum of the tiles' Manhattan distances to their goal cells, updated with a per-(tile, from, to) table.
#[derive(Debug, Clone)]
pub struct Manhattan<const N: usize> {
    blank: u8,
    /// `dist[label][cell]`, 0 for the blank and off the board. Indexed by two `u8`s, so every
    /// lookup is in bounds without a check (and without `unsafe`).
    dist: Box<[[u8; 256]; 256]>,
}

impl<const N: usize> Manhattan<N> {
    /// Manhattan distance on the board of `N` cells for the goal whose blank is on `blank_goal`.
    ///
    /// # Panics
    /// If `N` is not a square of 2 to 15 or `blank_goal` is not a cell.
    pub fn new(blank_goal: usize) -> Self {
        let width = width_of(N).expect("N is the number of cells of a square board");
        assert!(blank_goal < N, "the blank's goal cell is off the board");
        let geometry = Geometry::new(width).expect("width checked");
        let mut dist: Box<[[u8; 256]; 256]> = vec![[0u8; 256]; 256].into_boxed_slice().try_into().expect("256 rows");
        for label in (0..N).filter(|&l| l != blank_goal) {
            for cell in 0..N {
                dist[label][cell] = geometry.distance(label, cell) as u8;
            }
        }
        Manhattan { blank: blank_goal as u8, dist }
    }

    /// Distance of `label` standing on `cell` from its goal cell (0 for the blank, and for labels
    /// or cells off the board).
    #[inline(always)]
    pub fn tile(&self, label: u8, cell: u8) -> u32 {
        self.dist[label as usize][cell as usize] as u32
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

    fn start(&self, b: &LabelBoard<N>) -> u32 {
        self.board(&b.tiles)
    }

    #[inline(always)]
    fn value(&self, s: &u32) -> u32 {
        *s
    }

    #[inline(always)]
    fn moved(&self, s: &u32, _b: &LabelBoard<N>, label: u8, from: u8, to: u8, limit: u32) -> Result<u32, u32> {
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
/// has to leave the line (the line's count is the N-puzzle crate's
/// [`searchlab_npuzzle::heuristic::line_conflict_cost`]), kept up to date move by move.
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
    /// Manhattan + linear conflicts for the goal whose blank is on `blank_goal`.
    ///
    /// # Panics
    /// As [`Manhattan::new`].
    pub fn new(blank_goal: usize) -> Self {
        let md = Manhattan::new(blank_goal);
        LinearConflict { md, width: width_of(N).expect("checked by Manhattan::new"), blank: blank_goal as u8 }
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
        searchlab_npuzzle::heuristic::line_conflict_cost(&seq[..n])
    }

    /// The conflict sum of a whole board.
    pub fn conflicts(&self, tiles: &[u8; N]) -> u32 {
        (0..2 * self.width).map(|line| self.line(line, |c| tiles[c])).sum()
    }
}

impl<const N: usize> Heuristic<N> for LinearConflict<N> {
    type State = LcState;
    const USES_POSITIONS: bool = false;

    fn start(&self, b: &LabelBoard<N>) -> LcState {
        LcState { md: self.md.board(&b.tiles), lc: self.conflicts(&b.tiles) }
    }

    #[inline(always)]
    fn value(&self, s: &LcState) -> u32 {
        s.md + s.lc
    }

    #[inline]
    fn moved(&self, s: &LcState, b: &LabelBoard<N>, label: u8, from: u8, to: u8, limit: u32) -> Result<LcState, u32> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristic::Heuristic;

    fn board<const N: usize>(labels: &[u8]) -> LabelBoard<N> {
        LabelBoard::new(labels, 0).unwrap()
    }

    #[test]
    fn manhattan_of_korf_1_is_41() {
        // Published h_md of Korf #1 (korf100.txt).
        let m = Manhattan::<16>::new(0);
        let b = board::<16>(&[14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3]);
        assert_eq!(m.start(&b), 41);
    }

    #[test]
    fn lookups_off_the_board_are_safe() {
        // Once `tile` read a table without bounds checks; now any label and cell are fine.
        let m = Manhattan::<9>::new(0);
        assert_eq!(m.tile(200, 200), 0);
        assert_eq!(m.tile(8, 0), 4);
    }

    #[test]
    fn linear_conflicts_of_small_lines() {
        let lc = LinearConflict::<9>::new(0);
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
