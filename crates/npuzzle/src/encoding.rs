//! Choosing the packed encoding of a board and its goal: the smallest that fits.

use crate::driver_options::DriverOptions;
use crate::packed::{Bytes, Cells, Nibbles, Quints};
use crate::solve_error::SolveError;
use crate::{is_solvable, Board, NPuzzle, SmallNPuzzle};

/// A board and its goal as a search problem, in the smallest packed encoding that fits: what
/// [`crate::solve_problem`] runs on. Use [`with_encoding!`](crate::with_encoding) to run
/// generic code on whichever it is.
#[derive(Debug, Clone)]
pub enum Encoding {
    /// Up to 9 cells: nibbles, and a dense table of the 9!/2 reachable boards.
    Small(SmallNPuzzle),
    /// Up to 16 cells: nibbles in a `u64`, hashed.
    Nibbles(NPuzzle<Nibbles>),
    /// Up to 25 cells: 5 bits a cell in a `u128`, hashed.
    Quints(NPuzzle<Quints>),
    /// Larger boards: a byte a cell.
    Bytes(NPuzzle<Bytes>),
}

impl Encoding {
    /// Checks the widths and (if `options` asks) solvability, then encodes the problem.
    pub fn new(board: &Board, goal: &Board, options: &DriverOptions) -> Result<Encoding, SolveError> {
        let mismatch = || SolveError::WidthMismatch { board: board.width(), goal: goal.width() };
        if board.width() != goal.width() {
            return Err(mismatch());
        }
        if options.check_parity && !is_solvable(board, goal) {
            return Err(SolveError::Unsolvable);
        }
        Ok(match board.tiles().len() {
            n if n <= 9 => Encoding::Small(SmallNPuzzle::new(board, goal).ok_or_else(mismatch)?),
            n if n <= Nibbles::CAPACITY => Encoding::Nibbles(NPuzzle::new(board, goal).ok_or_else(mismatch)?),
            n if n <= Quints::CAPACITY => Encoding::Quints(NPuzzle::new(board, goal).ok_or_else(mismatch)?),
            _ => Encoding::Bytes(NPuzzle::new(board, goal).ok_or_else(mismatch)?),
        })
    }
}

/// Runs an expression on the problem inside an [`Encoding`], whatever it is:
/// `with_encoding!(encoding, problem => solve_problem(strategy, &problem, &options, &mut observer))`.
#[macro_export]
macro_rules! with_encoding {
    ($encoding:expr, $problem:ident => $body:expr) => {
        match $encoding {
            $crate::Encoding::Small($problem) => $body,
            $crate::Encoding::Nibbles($problem) => $body,
            $crate::Encoding::Quints($problem) => $body,
            $crate::Encoding::Bytes($problem) => $body,
        }
    };
}
