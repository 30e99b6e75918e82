//! The board as the search holds it, in *label* form: every tile renamed after its goal cell, so
//! the goal is the identity arrangement `tiles[c] == c` whatever the user's goal was.

use searchlab_npuzzle::{is_solvable, Board};

use crate::error::LabelBoardError;

/// A board in label form: `tiles[cell] = label` and its inverse `pos[label] = cell`, with the
/// blank's label (its goal cell). `N` is the number of cells, a square of 2 to 15.
///
/// Always a valid permutation: the fields are private and [`LabelBoard::new`] checks them, so the
/// search and the heuristics may index tables with any label or position without bounds checks.
///
/// ```compile_fail
/// // A board whose positions are not the inverse of its tiles cannot be written down.
/// let b = searchlab_solver::LabelBoard::<9> { tiles: [0; 9], pos: [8; 9], blank: 0 };
/// ```
///
/// ```
/// use searchlab_solver::LabelBoard;
/// assert!(LabelBoard::<9>::new(&[8, 8, 8, 8, 8, 8, 8, 8, 8], 0).is_err());
/// let b = LabelBoard::<9>::new(&[1, 0, 2, 3, 4, 5, 6, 7, 8], 0)?;
/// assert_eq!(b.pos()[0], 1);
/// # Ok::<(), searchlab_solver::LabelBoardError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LabelBoard<const N: usize> {
    pub(crate) tiles: [u8; N],
    pub(crate) pos: [u8; N],
    pub(crate) blank: u8,
}

/// The side length of a board of `n` cells, if `n` is a square of 2 to 15.
pub(crate) const fn width_of(n: usize) -> Option<usize> {
    let mut w = 2;
    while w <= 15 {
        if w * w == n {
            return Some(w);
        }
        w += 1;
    }
    None
}

impl<const N: usize> LabelBoard<N> {
    /// The board with these labels (row-major, each of `0..N` once) whose blank has label `blank`.
    pub fn new(labels: &[u8], blank: u8) -> Result<Self, LabelBoardError> {
        if labels.len() != N || width_of(N).is_none() {
            return Err(LabelBoardError::Length { expected: N, got: labels.len() });
        }
        let mut tiles = [0u8; N];
        tiles.copy_from_slice(labels);
        let mut pos = [u8::MAX; N];
        for (c, &l) in tiles.iter().enumerate() {
            match pos.get_mut(l as usize) {
                Some(p) if *p == u8::MAX => *p = c as u8,
                _ => return Err(LabelBoardError::NotPermutation(N)),
            }
        }
        if blank as usize >= N {
            return Err(LabelBoardError::NotPermutation(N));
        }
        Ok(LabelBoard { tiles, pos, blank })
    }

    /// The start board `start` in the label form of `goal` (each tile renamed after its cell on
    /// `goal`; the blank's label is the goal's blank cell).
    pub fn from_boards(start: &Board, goal: &Board) -> Result<Self, LabelBoardError> {
        if start.width() != goal.width() {
            return Err(LabelBoardError::Length { expected: goal.tiles().len(), got: start.tiles().len() });
        }
        let mut goal_cell = vec![0u8; goal.tiles().len()];
        for (cell, &t) in goal.tiles().iter().enumerate() {
            goal_cell[t as usize] = cell as u8;
        }
        let labels: Vec<u8> = start.tiles().iter().map(|&t| goal_cell[t as usize]).collect();
        LabelBoard::new(&labels, goal.blank() as u8)
    }

    /// Side length.
    pub fn width(&self) -> usize {
        width_of(N).unwrap_or(0)
    }

    /// The label on each cell.
    pub fn tiles(&self) -> &[u8; N] {
        &self.tiles
    }

    /// The cell of each label.
    pub fn pos(&self) -> &[u8; N] {
        &self.pos
    }

    /// The blank's label (its goal cell).
    pub fn blank_label(&self) -> u8 {
        self.blank
    }

    /// The cell the blank is on.
    pub fn blank_cell(&self) -> usize {
        self.pos[self.blank as usize] as usize
    }

    /// Whether every label is on its own cell.
    #[inline(always)]
    pub fn is_goal(&self) -> bool {
        self.tiles.iter().enumerate().all(|(c, &l)| c == l as usize)
    }

    /// Whether the goal can be reached: the N-puzzle crate's parity rule, on the board and the
    /// identity goal with the blank's label renamed 0.
    pub fn is_solvable(&self) -> bool {
        let b = self.blank;
        let rename = |l: u8| {
            if l == b {
                0
            } else if l == 0 {
                b
            } else {
                l
            }
        };
        let w = self.width();
        let start = Board::new(w, self.tiles.iter().map(|&l| rename(l)).collect());
        let goal = Board::new(w, (0..N as u8).map(rename).collect());
        match (start, goal) {
            (Ok(s), Ok(g)) => is_solvable(&s, &g),
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_what_is_not_a_permutation() {
        assert!(LabelBoard::<9>::new(&[0, 1, 2], 0).is_err());
        assert!(LabelBoard::<9>::new(&[0, 1, 2, 3, 4, 5, 6, 7, 9], 0).is_err());
        assert!(LabelBoard::<9>::new(&[0, 1, 2, 3, 4, 5, 6, 7, 8], 9).is_err());
        assert!(LabelBoard::<8>::new(&[0, 1, 2, 3, 4, 5, 6, 7], 0).is_err(), "8 is not a square");
    }

    #[test]
    fn labels_make_the_goal_the_identity_and_parity_follows_the_npuzzle_crate() {
        let goal = Board::parse("1,2,3,4,5,6,7,8,0").unwrap();
        let b = LabelBoard::<9>::from_boards(&goal, &goal).unwrap();
        assert!(b.is_goal() && b.is_solvable());
        assert_eq!((b.blank_label(), b.blank_cell()), (8, 8));
        for start in ["8,6,7,2,5,4,3,0,1", "1,2,3,4,5,6,8,7,0", "0,1,2,3,4,5,6,7,8", "2,1,3,4,5,6,7,8,0"] {
            let s = Board::parse(start).unwrap();
            let l = LabelBoard::<9>::from_boards(&s, &goal).unwrap();
            assert_eq!(l.is_solvable(), is_solvable(&s, &goal), "{start}");
        }
    }
}
