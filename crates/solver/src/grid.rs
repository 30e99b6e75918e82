//! The search's move tables: for each blank cell and previous move, the moves to try in Korf's
//! order, never the one back to the parent. Built from the N-puzzle crate's [`Direction`].

use searchlab_npuzzle::Direction;

/// The order in which IDA* tries the blank's moves (Korf 1985): up, left, right, down. A move's
/// index in this array is what the search stores; the inverse of index `i` is `3 - i`.
pub(crate) const KORF_ORDER: [Direction; 4] = [Direction::Up, Direction::Left, Direction::Right, Direction::Down];

/// Marker for "no previous move" (the root).
pub(crate) const NO_MOVE: usize = 4;

/// The successors of one blank cell when one move is forbidden (the parent's inverse).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Successors {
    /// How many entries of `cells`/`moves` are used.
    pub(crate) len: u8,
    /// Cells the blank can move to.
    pub(crate) cells: [u8; 4],
    /// Indices into [`KORF_ORDER`] of those moves.
    pub(crate) moves: [u8; 4],
}

/// The successor table of one width: exactly `width² * 5` entries (the search indexes it
/// without bounds checks, so it is never built any other way).
#[derive(Debug, Clone)]
pub(crate) struct Grid {
    successors: Vec<Successors>,
}

impl Grid {
    /// Tables for a `width`×`width` board.
    pub(crate) fn new(width: usize) -> Grid {
        let n = width * width;
        let mut successors = Vec::with_capacity(n * 5);
        for cell in 0..n {
            for prev in 0..=NO_MOVE {
                let mut s = Successors::default();
                for (i, m) in KORF_ORDER.into_iter().enumerate() {
                    if prev != NO_MOVE && i == 3 - prev {
                        continue;
                    }
                    if let Some(t) = m.target(cell, width) {
                        s.cells[s.len as usize] = t as u8;
                        s.moves[s.len as usize] = i as u8;
                        s.len += 1;
                    }
                }
                successors.push(s);
            }
        }
        Grid { successors }
    }

    /// `successors()[cell * 5 + prev]`: the blank's moves from `cell` after move `prev`.
    pub(crate) fn successors(&self) -> &[Successors] {
        &self.successors
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corner_has_two_moves_and_parent_is_excluded() {
        let g = Grid::new(4);
        assert_eq!(g.successors().len(), 16 * 5);
        assert_eq!(g.successors()[NO_MOVE].len, 2); // cell 0: right, down
                                                    // After moving Left into cell 0 the blank may not go Right again.
        let s = g.successors()[1];
        assert_eq!(s.len, 1);
        assert_eq!(KORF_ORDER[s.moves[0] as usize], Direction::Down);
        assert_eq!(g.successors()[5 * 5 + NO_MOVE].len, 4);
    }

    #[test]
    fn korf_order_pairs_inverse_moves() {
        for (i, m) in KORF_ORDER.into_iter().enumerate() {
            assert_eq!(KORF_ORDER[3 - i], m.opposite());
        }
    }
}
