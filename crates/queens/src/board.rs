//! The board, its moves and its value.

use rand::{Rng, RngCore};
use searchlab_core::local::LocalProblem;

/// The largest board: the value counts pairs in a `u64`, and a run's neighbours stay few.
pub const MAX_N: usize = 64;

/// Why a board size or a board cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum QueensError {
    /// `n` outside 4..=64.
    #[error("--n {0}: the n-queens puzzle here has 4 to {MAX_N} queens (fewer than 4 have no solution but 1)")]
    Size(usize),
    /// A board whose length or rows do not fit `n`.
    #[error("a board of {n} queens lists a row for each column, each below {n}: {text}")]
    Board {
        /// The board size.
        n: usize,
        /// The text given.
        text: String,
    },
}

/// The n-queens puzzle of one size: states are `Vec<u8>`, the row of each column's queen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Queens {
    n: usize,
}

impl Queens {
    /// The puzzle with `n` queens (4 ≤ n ≤ [`MAX_N`]).
    pub fn new(n: usize) -> Result<Queens, QueensError> {
        if (4..=MAX_N).contains(&n) {
            Ok(Queens { n })
        } else {
            Err(QueensError::Size(n))
        }
    }

    /// The number of queens.
    pub fn n(&self) -> usize {
        self.n
    }

    /// A board from its rows, column by column (`"4,5,6,3,4,5,6,5"`; 0 is the top row).
    pub fn parse(&self, text: &str) -> Result<Vec<u8>, QueensError> {
        let bad = || QueensError::Board { n: self.n, text: text.chars().take(60).collect() };
        let rows: Vec<u8> =
            text.split(',').map(|r| r.trim().parse::<u8>().map_err(|_| bad())).collect::<Result<_, _>>()?;
        self.board(rows).map_err(|_| bad())
    }

    /// `rows` as a board of this size: a row for each column, each on the board.
    pub fn board(&self, rows: Vec<u8>) -> Result<Vec<u8>, QueensError> {
        if rows.len() != self.n || rows.iter().any(|&r| usize::from(r) >= self.n) {
            let text = rows.iter().map(u8::to_string).collect::<Vec<_>>().join(",");
            return Err(QueensError::Board { n: self.n, text: text.chars().take(60).collect() });
        }
        Ok(rows)
    }

    /// The pairs of queens that attack each other (same row or diagonal), counted by lines:
    /// k queens on one line are k·(k−1)/2 pairs.
    pub fn attacking_pairs(&self, rows: &[u8]) -> u64 {
        let n = self.n;
        let (mut row, mut down, mut up) = ([0u8; MAX_N], [0u8; 2 * MAX_N], [0u8; 2 * MAX_N]);
        for (col, &r) in rows.iter().enumerate() {
            let r = usize::from(r);
            row[r] += 1;
            down[r + col] += 1;
            up[r + n - col] += 1;
        }
        let pairs = |k: &u8| u64::from(*k) * u64::from(k.saturating_sub(1)) / 2;
        row.iter().chain(down.iter()).chain(up.iter()).map(pairs).sum()
    }

    /// The board in text, one line per row, `Q` a queen and `.` an empty square.
    pub fn draw(&self, rows: &[u8]) -> String {
        (0..self.n)
            .map(|r| rows.iter().map(|&q| if usize::from(q) == r { 'Q' } else { '.' }).collect::<String>() + "\n")
            .collect()
    }
}

impl LocalProblem for Queens {
    type State = Vec<u8>;

    /// A random row for each column.
    fn random_state(&self, rng: &mut dyn RngCore) -> Vec<u8> {
        (0..self.n).map(|_| rng.random_range(0..self.n as u8)).collect()
    }

    /// Column by column, each other row of that column's queen, top to bottom.
    fn neighbours(&self, rows: &Vec<u8>, out: &mut Vec<Vec<u8>>) {
        for col in 0..self.n {
            for r in 0..self.n as u8 {
                if r != rows[col] {
                    let mut next = rows.clone();
                    next[col] = r;
                    out.push(next);
                }
            }
        }
    }

    fn value(&self, rows: &Vec<u8>) -> u64 {
        self.attacking_pairs(rows)
    }

    /// A random column's queen to a random other row.
    fn random_neighbour(&self, rows: &Vec<u8>, rng: &mut dyn RngCore) -> Option<Vec<u8>> {
        let col = rng.random_range(0..self.n);
        let shift = rng.random_range(1..self.n as u8);
        let mut next = rows.clone();
        next[col] = (rows[col] + shift) % self.n as u8;
        Some(next)
    }
}

#[cfg(test)]
#[path = "tests.rs"]
mod tests;
