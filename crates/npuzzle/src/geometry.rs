//! Geometry of an m×m board: which cell a move of the blank reaches, the Manhattan distance
//! between two cells, and the reflection about the main diagonal. The one definition the
//! N-puzzle driver and the optimal solver (`searchlab-solver`) both build their tables from.

use crate::{BoardError, Direction, MAX_WIDTH};

/// The Manhattan distance between cells `a` and `b` of a board `width` cells wide
/// (row-major cell numbers).
///
/// ```
/// assert_eq!(searchlab_npuzzle::cell_distance(4, 0, 15), 6);
/// ```
pub fn cell_distance(width: usize, a: usize, b: usize) -> usize {
    (a / width).abs_diff(b / width) + (a % width).abs_diff(b % width)
}

/// Precomputed geometry of one width: cell-to-cell Manhattan distances and neighbours.
///
/// ```
/// use searchlab_npuzzle::{Direction, Geometry};
/// let g = Geometry::new(3)?;
/// assert_eq!(g.distance(0, 8), 4);
/// assert_eq!(g.neighbour(0, Direction::Right), Some(1));
/// assert_eq!(g.neighbour(0, Direction::Up), None);
/// assert_eq!(g.transpose(1), 3);
/// # Ok::<(), searchlab_npuzzle::BoardError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Geometry {
    width: usize,
    /// `distance[a * cells + b]`.
    distance: Vec<u8>,
}

impl Geometry {
    /// The geometry of a `width`×`width` board (2 ≤ width ≤ [`MAX_WIDTH`]).
    pub fn new(width: usize) -> Result<Geometry, BoardError> {
        if width < 2 {
            return Err(BoardError::NotSquare { len: width * width });
        }
        if width > MAX_WIDTH {
            return Err(BoardError::TooWide { width, max: MAX_WIDTH });
        }
        let n = width * width;
        let distance = (0..n * n).map(|i| cell_distance(width, i / n, i % n) as u8).collect();
        Ok(Geometry { width, distance })
    }

    /// Side length.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Number of cells (width²).
    pub fn cells(&self) -> usize {
        self.width * self.width
    }

    /// The Manhattan distance between cells `a` and `b`.
    ///
    /// # Panics
    /// If a cell is not on the board.
    #[inline]
    pub fn distance(&self, a: usize, b: usize) -> u32 {
        let n = self.cells();
        assert!(a < n && b < n, "cell off the board");
        u32::from(self.distance[a * n + b])
    }

    /// The cell the blank reaches from `cell` by moving in `direction`, if it stays on the board.
    pub fn neighbour(&self, cell: usize, direction: Direction) -> Option<usize> {
        if cell >= self.cells() {
            return None;
        }
        direction.target(cell, self.width)
    }

    /// The cell's mirror image about the main diagonal (row and column swapped).
    pub fn transpose(&self, cell: usize) -> usize {
        (cell % self.width) * self.width + cell / self.width
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances_are_symmetric_and_transpose_is_an_involution() {
        let g = Geometry::new(5).unwrap();
        for a in 0..25 {
            assert_eq!(g.transpose(g.transpose(a)), a);
            for b in 0..25 {
                assert_eq!(g.distance(a, b), g.distance(b, a));
            }
        }
        assert_eq!(g.distance(0, 24), 8);
        assert_eq!(g.transpose(1), 5);
        assert!(Geometry::new(1).is_err() && Geometry::new(MAX_WIDTH + 1).is_err());
    }

    #[test]
    fn neighbours_stay_on_the_board() {
        let g = Geometry::new(3).unwrap();
        let around: Vec<_> = Direction::ALL.iter().map(|&d| g.neighbour(4, d)).collect();
        assert_eq!(around, [Some(1), Some(7), Some(3), Some(5)]);
        assert_eq!(g.neighbour(9, Direction::Up), None);
    }
}
