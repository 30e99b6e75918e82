//! A validated instance: a start board and a goal board of the same width.
//!
//! Internally the solver renames every tile after its goal cell ("label" = goal cell), so the goal
//! is always the identity arrangement and every table is keyed by goal cells only.

use searchlab_npuzzle::{Board, Direction};

use crate::grid::Move;

/// Why an instance was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PuzzleError {
    /// The text is not a comma-separated list of numbers.
    #[error("board {0:?}: expected comma-separated tile numbers such as 1,2,3,4,5,6,7,8,0")]
    Syntax(String),
    /// The tile count is not a square ≥ 4.
    #[error("board has {0} tiles; expected a square number (9, 16, 25, ...)")]
    NotSquare(usize),
    /// The tiles are not 0..n-1 each exactly once.
    #[error("board must hold each of 0..{} exactly once (0 is the blank)", .0 - 1)]
    NotPermutation(usize),
    /// Start and goal differ in size.
    #[error("start has {0} tiles but goal has {1}")]
    SizeMismatch(usize, usize),
    /// The start cannot reach the goal (permutation parity).
    #[error("unsolvable: the start's parity differs from the goal's, no sequence of moves reaches it")]
    Unsolvable,
}

/// Parses `"1,2,3,…"` (spaces allowed) into tiles, checking it is a permutation of 0..n with n a square.
pub fn parse_tiles(text: &str) -> Result<Vec<u8>, PuzzleError> {
    let mut tiles = Vec::new();
    for part in text.split(',') {
        let v: usize = part.trim().parse().map_err(|_| PuzzleError::Syntax(text.to_string()))?;
        if v > 255 {
            return Err(PuzzleError::NotPermutation(tiles.len() + 1));
        }
        tiles.push(v as u8);
    }
    check_tiles(&tiles)?;
    Ok(tiles)
}

/// Width of a square board of this many tiles, if it is one (and at least 2×2, at most 15×15).
pub fn width_of(len: usize) -> Option<usize> {
    (2..=15).find(|w| w * w == len)
}

fn check_tiles(tiles: &[u8]) -> Result<usize, PuzzleError> {
    let width = width_of(tiles.len()).ok_or(PuzzleError::NotSquare(tiles.len()))?;
    let mut seen = vec![false; tiles.len()];
    for &t in tiles {
        let t = t as usize;
        if t >= tiles.len() || seen[t] {
            return Err(PuzzleError::NotPermutation(tiles.len()));
        }
        seen[t] = true;
    }
    Ok(width)
}

/// The standard goal of this project: blank first, then 1, 2, …, n-1 (as in Korf's files).
pub fn blank_first_goal(width: usize) -> Vec<u8> {
    (0..(width * width) as u8).collect()
}

/// A solvable start board with its goal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    width: usize,
    start: Vec<u8>,
    goal: Vec<u8>,
}

impl Puzzle {
    /// Validates both boards (tiles 0..n-1, 0 = blank, row-major) and refuses unsolvable pairs.
    pub fn new(start: Vec<u8>, goal: Vec<u8>) -> Result<Puzzle, PuzzleError> {
        let width = check_tiles(&start)?;
        check_tiles(&goal)?;
        if start.len() != goal.len() {
            return Err(PuzzleError::SizeMismatch(start.len(), goal.len()));
        }
        let p = Puzzle { width, start, goal };
        if !p.solvable() {
            return Err(PuzzleError::Unsolvable);
        }
        Ok(p)
    }

    /// The instance from two N-puzzle boards (the public boundary): refuses boards of different
    /// widths and, using the N-puzzle crate's parity check, unsolvable pairs.
    pub fn from_boards(start: &Board, goal: &Board) -> Result<Puzzle, PuzzleError> {
        if start.width() != goal.width() {
            return Err(PuzzleError::SizeMismatch(start.tiles().len(), goal.tiles().len()));
        }
        if !searchlab_npuzzle::is_solvable(start, goal) {
            return Err(PuzzleError::Unsolvable);
        }
        Ok(Puzzle { width: start.width(), start: start.tiles().to_vec(), goal: goal.tiles().to_vec() })
    }

    /// A start board with the blank-first goal.
    pub fn with_standard_goal(start: Vec<u8>) -> Result<Puzzle, PuzzleError> {
        let width = check_tiles(&start)?;
        Puzzle::new(start, blank_first_goal(width))
    }

    /// Side length.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The start board, row-major, 0 = blank.
    pub fn start(&self) -> &[u8] {
        &self.start
    }

    /// The goal board, row-major, 0 = blank.
    pub fn goal(&self) -> &[u8] {
        &self.goal
    }

    /// The start board with every tile renamed to its goal cell ("labels"); the goal is then `0,1,…,n-1`.
    pub fn labels(&self) -> Vec<u8> {
        let mut goal_cell = vec![0u8; self.goal.len()];
        for (cell, &t) in self.goal.iter().enumerate() {
            goal_cell[t as usize] = cell as u8;
        }
        self.start.iter().map(|&t| goal_cell[t as usize]).collect()
    }

    /// The blank's goal cell (= the blank's label).
    pub fn blank_goal(&self) -> usize {
        self.goal.iter().position(|&t| t == 0).expect("validated board has a blank")
    }

    /// Whether the goal is reachable: the parity of the permutation taking start to goal equals
    /// the parity of the blank's Manhattan distance to its goal cell (every move is one transposition
    /// that moves the blank one step).
    pub fn solvable(&self) -> bool {
        let labels = self.labels();
        let n = labels.len();
        let mut visited = vec![false; n];
        let mut transpositions = 0;
        for i in 0..n {
            if visited[i] {
                continue;
            }
            let mut j = i;
            let mut len = 0;
            while !visited[j] {
                visited[j] = true;
                j = labels[j] as usize;
                len += 1;
            }
            transpositions += len - 1;
        }
        let blank_label = self.blank_goal() as u8;
        let blank_cell = labels.iter().position(|&l| l == blank_label).expect("blank");
        let grid_dist = {
            let w = self.width;
            (blank_cell / w).abs_diff(self.blank_goal() / w) + (blank_cell % w).abs_diff(self.blank_goal() % w)
        };
        transpositions % 2 == grid_dist % 2
    }
}

/// Applies `moves` (blank directions) to `tiles` of a `width`-wide board; `None` if a move leaves the board.
pub fn apply_moves(width: usize, tiles: &[u8], moves: &[Move]) -> Option<Vec<u8>> {
    let mut t = tiles.to_vec();
    let mut blank = t.iter().position(|&x| x == 0)?;
    for m in moves {
        let next = m.target(width, blank)?;
        t.swap(blank, next);
        blank = next;
    }
    Some(t)
}

impl From<Move> for Direction {
    fn from(m: Move) -> Direction {
        match m {
            Move::Up => Direction::Up,
            Move::Down => Direction::Down,
            Move::Left => Direction::Left,
            Move::Right => Direction::Right,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parity_agrees_with_the_npuzzle_crate() {
        // Every permutation of the 2×2 board and a spread of 3×3 ones, against both goals.
        let mut boards: Vec<Vec<u8>> = Vec::new();
        let mut v: Vec<u8> = (0..9).collect();
        for i in 0..400u32 {
            // A deterministic shuffle (LCG) per board.
            let mut x = i.wrapping_mul(2_654_435_761).wrapping_add(12345);
            for j in (1..9).rev() {
                x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
                v.swap(j, (x >> 16) as usize % (j + 1));
            }
            boards.push(v.clone());
        }
        for goal in [blank_first_goal(3), vec![1, 2, 3, 4, 5, 6, 7, 8, 0]] {
            let g = Board::new(3, goal.clone()).unwrap();
            for b in &boards {
                let ours = Puzzle::new(b.clone(), goal.clone()).is_ok();
                let theirs = Puzzle::from_boards(&Board::new(3, b.clone()).unwrap(), &g).is_ok();
                assert_eq!(ours, theirs, "{b:?}");
            }
        }
    }

    #[test]
    fn moves_map_to_directions() {
        assert_eq!(Direction::from(Move::Left).name(), Move::Left.name());
        for m in Move::ALL {
            assert_eq!(Direction::from(m).name(), m.name());
        }
    }

    #[test]
    fn parses_and_validates() {
        assert_eq!(parse_tiles("1, 2,3,0").unwrap(), vec![1, 2, 3, 0]);
        assert!(matches!(parse_tiles("1,2,x,0"), Err(PuzzleError::Syntax(_))));
        assert!(matches!(parse_tiles("1,2,3"), Err(PuzzleError::NotSquare(3))));
        assert!(matches!(parse_tiles("1,1,3,0"), Err(PuzzleError::NotPermutation(4))));
        assert!(matches!(parse_tiles("1,2,4,0"), Err(PuzzleError::NotPermutation(4))));
    }

    #[test]
    fn parity_decides_solvability() {
        // Swapping two tiles of the goal makes it unsolvable.
        let mut b = blank_first_goal(4);
        assert!(Puzzle::with_standard_goal(b.clone()).is_ok());
        b.swap(1, 2);
        assert_eq!(Puzzle::with_standard_goal(b), Err(PuzzleError::Unsolvable));
        // Korf #1 is solvable for the blank-first goal.
        let k1 = parse_tiles("14,13,15,7,11,12,9,5,6,0,2,1,4,8,10,3").unwrap();
        assert!(Puzzle::with_standard_goal(k1).is_ok());
        // The famous 14-15 swap on the blank-last goal.
        let goal: Vec<u8> = (1..16).chain([0]).collect();
        let mut start = goal.clone();
        start.swap(13, 14);
        assert_eq!(Puzzle::new(start, goal), Err(PuzzleError::Unsolvable));
    }

    #[test]
    fn labels_make_the_goal_the_identity() {
        let goal: Vec<u8> = vec![1, 2, 3, 4, 5, 6, 7, 8, 0];
        let p = Puzzle::new(goal.clone(), goal).unwrap();
        assert_eq!(p.labels(), (0..9).collect::<Vec<u8>>());
        assert_eq!(p.blank_goal(), 8);
    }

    #[test]
    fn apply_moves_moves_the_blank() {
        let t = apply_moves(3, &[0, 1, 2, 3, 4, 5, 6, 7, 8], &[Move::Right, Move::Down]).unwrap();
        assert_eq!(t, vec![1, 4, 2, 3, 0, 5, 6, 7, 8]);
        assert!(apply_moves(3, &[0, 1, 2, 3, 4, 5, 6, 7, 8], &[Move::Up]).is_none());
    }
}
