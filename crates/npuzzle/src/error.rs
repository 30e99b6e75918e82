//! Why a board was rejected.

use thiserror::Error;

/// Why a board could not be built. Every message fits on one line and names the problem.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BoardError {
    /// The text held no tiles at all.
    #[error("the board is empty (expected comma-separated tiles such as 1,2,5,3,4,0,6,7,8)")]
    Empty,
    /// A token between two commas (or after a trailing comma) is empty.
    #[error("tile {position} is empty (two commas in a row, or a leading or trailing comma)")]
    EmptyToken {
        /// 1-based position of the token.
        position: usize,
    },
    /// A token is not a whole number.
    #[error("tile {position} is not a number: '{token}'")]
    NotANumber {
        /// 1-based position of the token.
        position: usize,
        /// The token (truncated to 20 characters).
        token: String,
    },
    /// The tiles written as a list, inside brackets or parentheses.
    #[error("write the tiles without brackets, separated by commas, such as 1,2,5,3,4,0,6,7,8 (found '{found}')")]
    Brackets {
        /// The first bracket found.
        found: char,
    },
    /// The tiles separated by spaces instead of commas.
    #[error("separate the tiles with commas, not spaces, such as 1,2,5,3,4,0,6,7,8")]
    SpaceSeparated,
    /// The number of tiles is not m² for some m ≥ 2.
    #[error("{len} tiles is not a square board (expected m*m tiles with m >= 2: 4, 9, 16, 25, ...)")]
    NotSquare {
        /// How many tiles were given.
        len: usize,
    },
    /// The board is wider than this crate supports.
    #[error("a {width}x{width} board is too large (at most {max}x{max})")]
    TooWide {
        /// The requested width.
        width: usize,
        /// The largest supported width.
        max: usize,
    },
    /// [`crate::Board::new`] was given a width and a tile count that do not match.
    #[error("a {width}x{width} board needs {} tiles, got {len}", width * width)]
    WrongLength {
        /// The requested width.
        width: usize,
        /// How many tiles were given.
        len: usize,
    },
    /// A tile is negative or not below m².
    #[error("tile {value} is out of range (a {width}x{width} board uses 0..={})", width * width - 1)]
    OutOfRange {
        /// The offending value, as written.
        value: String,
        /// The board's width.
        width: usize,
    },
    /// A tile appears more than once; some other tile is then missing.
    #[error("tile {tile} appears more than once, so tile {missing} is missing")]
    DuplicateTile {
        /// The repeated tile.
        tile: u8,
        /// The smallest tile that does not appear.
        missing: u8,
    },
}
