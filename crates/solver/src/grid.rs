//! Geometry of an m×m board: blank moves, per-cell neighbour tables, distances and the
//! reflection about the main diagonal.

use serde::{Deserialize, Serialize};

/// A move, named by the direction the blank travels (the tile beside it slides the other way).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Move {
    /// The blank moves one row up.
    Up,
    /// The blank moves one column left.
    Left,
    /// The blank moves one column right.
    Right,
    /// The blank moves one row down.
    Down,
}

impl Move {
    /// All moves, in the order the search tries them (Korf's order: up, left, right, down).
    pub const ALL: [Move; 4] = [Move::Up, Move::Left, Move::Right, Move::Down];

    /// Index in [`Move::ALL`]; the inverse move has index `3 - index`.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The move with this index in [`Move::ALL`].
    #[inline]
    pub fn from_index(i: usize) -> Move {
        Move::ALL[i]
    }

    /// The move that undoes this one.
    #[inline]
    pub fn inverse(self) -> Move {
        Move::ALL[3 - self.index()]
    }

    /// The name used in output (`"Up"`, `"Down"`, `"Left"`, `"Right"`).
    pub fn name(self) -> &'static str {
        match self {
            Move::Up => "Up",
            Move::Left => "Left",
            Move::Right => "Right",
            Move::Down => "Down",
        }
    }

    /// The cell the blank reaches from `cell` on a `width`-wide board, if it stays on the board.
    #[inline]
    pub fn target(self, width: usize, cell: usize) -> Option<usize> {
        let (r, c) = (cell / width, cell % width);
        match self {
            Move::Up if r > 0 => Some(cell - width),
            Move::Down if r + 1 < width => Some(cell + width),
            Move::Left if c > 0 => Some(cell - 1),
            Move::Right if c + 1 < width => Some(cell + 1),
            _ => None,
        }
    }
}

/// Marker for "no previous move" in [`Grid::successors`].
pub const NO_MOVE: usize = 4;

/// The successors of one blank cell when one move is forbidden (the parent's inverse).
#[derive(Debug, Clone, Copy, Default)]
pub struct Successors {
    /// How many entries of `cells`/`moves` are used.
    pub len: u8,
    /// Cells the blank can move to.
    pub cells: [u8; 4],
    /// Move indices (into [`Move::ALL`]) of those moves.
    pub moves: [u8; 4],
}

/// Precomputed tables for one width.
#[derive(Debug, Clone)]
pub struct Grid {
    /// Side length.
    pub width: usize,
    /// `successors[cell * 5 + prev]`: the blank's moves from `cell` after move `prev`
    /// (`prev == NO_MOVE` at the root), never including the move back to the parent.
    pub successors: Vec<Successors>,
    /// `dist[a * n + b]`: Manhattan distance between cells `a` and `b`.
    pub dist: Vec<u8>,
    /// `transpose[cell]`: the cell's mirror image about the main diagonal.
    pub transpose: Vec<u8>,
}

impl Grid {
    /// Tables for a `width`×`width` board (2 ≤ width ≤ 15).
    pub fn new(width: usize) -> Grid {
        assert!((2..=15).contains(&width), "width out of range");
        let n = width * width;
        let mut successors = Vec::with_capacity(n * 5);
        for cell in 0..n {
            for prev in 0..=NO_MOVE {
                let mut s = Successors::default();
                for m in Move::ALL {
                    if prev != NO_MOVE && m.index() == 3 - prev {
                        continue;
                    }
                    if let Some(t) = m.target(width, cell) {
                        s.cells[s.len as usize] = t as u8;
                        s.moves[s.len as usize] = m.index() as u8;
                        s.len += 1;
                    }
                }
                successors.push(s);
            }
        }
        let mut dist = vec![0u8; n * n];
        for a in 0..n {
            for b in 0..n {
                dist[a * n + b] = ((a / width).abs_diff(b / width) + (a % width).abs_diff(b % width)) as u8;
            }
        }
        let transpose = (0..n).map(|c| ((c % width) * width + c / width) as u8).collect();
        Grid { width, successors, dist, transpose }
    }

    /// Number of cells.
    pub fn cells(&self) -> usize {
        self.width * self.width
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corner_has_two_moves_and_parent_is_excluded() {
        let g = Grid::new(4);
        assert_eq!(g.successors[NO_MOVE].len, 2); // cell 0: right, down
                                                  // After moving Left into cell 0 the blank may not go Right again.
        let s = g.successors[Move::Left.index()];
        assert_eq!(s.len, 1);
        assert_eq!(s.moves[0], Move::Down.index() as u8);
        assert_eq!(g.successors[5 * 5 + NO_MOVE].len, 4);
    }

    #[test]
    fn transpose_is_an_involution_and_distances_are_symmetric() {
        let g = Grid::new(5);
        for c in 0..25 {
            assert_eq!(g.transpose[g.transpose[c] as usize] as usize, c);
        }
        assert_eq!(g.dist[24], 8);
        assert_eq!(g.transpose[1], 5);
    }

    #[test]
    fn inverse_moves() {
        for m in Move::ALL {
            assert_eq!(m.inverse().inverse(), m);
            assert_ne!(m.inverse(), m);
        }
        assert_eq!(Move::Up.inverse(), Move::Down);
    }
}
