//! A validated sliding-tile board.

use std::fmt;
use std::str::FromStr;

use crate::{BoardError, Direction};

/// The widest board this crate accepts: 15×15 keeps every tile and cell index below 255,
/// so tiles fit a `u8` and 255 can mean "no cell".
pub const MAX_WIDTH: usize = 15;

/// A sliding-tile board: `width × width` cells in row-major order holding each of the
/// tiles `0..width²` exactly once, 0 being the blank.
///
/// Every `Board` is valid: the constructors check the tile set.
///
/// ```
/// use searchlab_npuzzle::Board;
///
/// let board = Board::parse("1,2,5,3,4,0,6,7,8")?;
/// assert_eq!(board.width(), 3);
/// assert_eq!(board.blank(), 5);
/// assert_eq!(board.to_string(), "1,2,5,3,4,0,6,7,8");
/// # Ok::<(), searchlab_npuzzle::BoardError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Board {
    width: usize,
    tiles: Vec<u8>,
}

impl Board {
    /// Parses the driver's board syntax: comma-separated tiles, row-major, no brackets.
    /// Spaces around a tile are tolerated (as Python's `int()` does).
    ///
    /// Fails with a one-line [`BoardError`] on an empty text or token, a token that is not
    /// a number, a count that is not m² (m ≥ 2), a tile out of range, or a repeated tile.
    pub fn parse(text: &str) -> Result<Board, BoardError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(BoardError::Empty);
        }
        let tokens: Vec<&str> = text.split(',').map(str::trim).collect();
        let mut values = Vec::with_capacity(tokens.len());
        for (i, token) in tokens.iter().enumerate() {
            values.push(parse_token(i + 1, token)?);
        }
        let width = width_of(values.len())?;
        let mut tiles = Vec::with_capacity(values.len());
        for (token, value) in tokens.iter().zip(values) {
            match value {
                Some(v) if v < values_len(width) => tiles.push(v as u8),
                _ => return Err(BoardError::OutOfRange { value: (*token).to_string(), width }),
            }
        }
        Board::new(width, tiles)
    }

    /// A board of the given width from its tiles in row-major order.
    ///
    /// Fails if `width` is below 2 or above [`MAX_WIDTH`], if there are not `width²`
    /// tiles, or if they are not exactly `0..width²`.
    pub fn new(width: usize, tiles: Vec<u8>) -> Result<Board, BoardError> {
        check_width(width)?;
        if tiles.len() != width * width {
            return Err(BoardError::WrongLength { width, len: tiles.len() });
        }
        let n = tiles.len();
        let mut seen = vec![false; n];
        let mut duplicate = None;
        for &tile in &tiles {
            let Some(slot) = seen.get_mut(tile as usize) else {
                return Err(BoardError::OutOfRange { value: tile.to_string(), width });
            };
            if *slot && duplicate.is_none() {
                duplicate = Some(tile);
            }
            *slot = true;
        }
        if let Some(tile) = duplicate {
            let missing = seen.iter().position(|s| !s).unwrap_or(0) as u8;
            return Err(BoardError::DuplicateTile { tile, missing });
        }
        Ok(Board { width, tiles })
    }

    /// The goal the driver uses: `0, 1, …, width² − 1` (blank in the top-left corner).
    ///
    /// ```
    /// use searchlab_npuzzle::Board;
    /// assert_eq!(Board::goal(2)?.to_string(), "0,1,2,3");
    /// # Ok::<(), searchlab_npuzzle::BoardError>(())
    /// ```
    pub fn goal(width: usize) -> Result<Board, BoardError> {
        check_width(width)?;
        Ok(Board { width, tiles: (0..(width * width) as u8).collect() })
    }

    /// The number of cells in a row (m).
    pub fn width(&self) -> usize {
        self.width
    }

    /// The tiles in row-major order.
    pub fn tiles(&self) -> &[u8] {
        &self.tiles
    }

    /// The index of the blank (tile 0) in [`Board::tiles`].
    pub fn blank(&self) -> usize {
        self.position_of(0)
    }

    /// The index of `tile` in [`Board::tiles`] (`tiles().len()` if the tile is not on the
    /// board, i.e. `tile >= width²`).
    pub fn position_of(&self, tile: u8) -> usize {
        self.tiles.iter().position(|&t| t == tile).unwrap_or(self.tiles.len())
    }

    /// The board after the blank moves one cell in `direction`, or `None` when that would
    /// leave the board.
    ///
    /// ```
    /// use searchlab_npuzzle::{Board, Direction};
    /// let board = Board::parse("3,1,2,0,4,5,6,7,8")?;
    /// assert_eq!(board.slide(Direction::Up), Some(Board::goal(3)?));
    /// assert_eq!(board.slide(Direction::Left), None);
    /// # Ok::<(), searchlab_npuzzle::BoardError>(())
    /// ```
    pub fn slide(&self, direction: Direction) -> Option<Board> {
        let blank = self.blank();
        let target = direction.target(blank, self.width)?;
        let mut tiles = self.tiles.clone();
        tiles.swap(blank, target);
        Some(Board { width: self.width, tiles })
    }

    /// The board after the blank makes every move of `moves` in turn, or `None` if one of
    /// them would leave the board.
    ///
    /// ```
    /// use searchlab_npuzzle::{Board, Direction};
    /// let board = Board::parse("1,4,2,3,0,5,6,7,8")?;
    /// assert_eq!(board.apply_moves(&[Direction::Up, Direction::Left]), Some(Board::goal(3)?));
    /// assert_eq!(board.apply_moves(&[Direction::Up, Direction::Up]), None);
    /// # Ok::<(), searchlab_npuzzle::BoardError>(())
    /// ```
    pub fn apply_moves(&self, moves: &[Direction]) -> Option<Board> {
        let mut tiles = self.tiles.clone();
        let mut blank = self.blank();
        for direction in moves {
            let target = direction.target(blank, self.width)?;
            tiles.swap(blank, target);
            blank = target;
        }
        Some(Board { width: self.width, tiles })
    }
}

impl fmt::Display for Board {
    /// The driver's syntax: `1,2,5,3,4,0,6,7,8`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, tile) in self.tiles.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{tile}")?;
        }
        Ok(())
    }
}

impl FromStr for Board {
    type Err = BoardError;

    /// Same as [`Board::parse`].
    fn from_str(s: &str) -> Result<Board, BoardError> {
        Board::parse(s)
    }
}

/// `width²` as a u64 (a number of values, to compare parsed tiles against).
fn values_len(width: usize) -> u64 {
    (width * width) as u64
}

fn check_width(width: usize) -> Result<(), BoardError> {
    if width < 2 {
        return Err(BoardError::NotSquare { len: width * width });
    }
    if width > MAX_WIDTH {
        return Err(BoardError::TooWide { width, max: MAX_WIDTH });
    }
    Ok(())
}

/// The width m of a board of `len` tiles, if `len = m²` with m ≥ 2.
fn width_of(len: usize) -> Result<usize, BoardError> {
    let mut m = 0usize;
    while (m + 1) * (m + 1) <= len {
        m += 1;
    }
    if m < 2 || m * m != len {
        return Err(BoardError::NotSquare { len });
    }
    check_width(m)?;
    Ok(m)
}

/// One token: `Ok(Some(v))` for a non-negative number that fits a u64, `Ok(None)` for an
/// integer outside that range (negative or huge: reported as out of range once the width
/// is known), an error for anything else.
fn parse_token(position: usize, token: &str) -> Result<Option<u64>, BoardError> {
    if token.is_empty() {
        return Err(BoardError::EmptyToken { position });
    }
    if let Ok(v) = token.parse::<u64>() {
        return Ok(Some(v));
    }
    let digits = token.strip_prefix(['-', '+']).unwrap_or(token);
    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        return Ok(None);
    }
    if let Some(found) = token.chars().find(|c| "[](){}".contains(*c)) {
        return Err(BoardError::Brackets { found });
    }
    if token.split_whitespace().count() > 1 && token.split_whitespace().all(|t| t.parse::<u64>().is_ok()) {
        return Err(BoardError::SpaceSeparated);
    }
    let shown: String = token.chars().take(20).collect();
    Err(BoardError::NotANumber { position, token: shown })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints_back() {
        let b = Board::parse("1,2,5,3,4,0,6,7,8").unwrap();
        assert_eq!(b.width(), 3);
        assert_eq!(b.tiles(), [1, 2, 5, 3, 4, 0, 6, 7, 8]);
        assert_eq!(b.blank(), 5);
        assert_eq!(b.to_string(), "1,2,5,3,4,0,6,7,8");
    }

    #[test]
    fn tolerates_spaces_like_python_int() {
        assert_eq!(Board::parse(" 3, 1,2 ,0 ").unwrap().tiles(), [3, 1, 2, 0]);
    }

    #[test]
    fn accepts_2x2_to_5x5() {
        for m in 2..=5usize {
            let text: Vec<String> = (0..m * m).rev().map(|t| t.to_string()).collect();
            assert_eq!(Board::parse(&text.join(",")).unwrap().width(), m);
        }
    }

    #[test]
    fn rejects_bad_shapes() {
        assert_eq!(Board::parse(""), Err(BoardError::Empty));
        assert_eq!(Board::parse("  "), Err(BoardError::Empty));
        assert_eq!(Board::parse("0"), Err(BoardError::NotSquare { len: 1 }));
        assert_eq!(Board::parse("1,2,3"), Err(BoardError::NotSquare { len: 3 }));
        assert_eq!(Board::parse("0,1,2,3,4"), Err(BoardError::NotSquare { len: 5 }));
    }

    #[test]
    fn rejects_bad_tokens() {
        assert_eq!(Board::parse("1,,2,0"), Err(BoardError::EmptyToken { position: 2 }));
        assert_eq!(Board::parse("1,2,3,0,"), Err(BoardError::EmptyToken { position: 5 }));
        assert_eq!(Board::parse("1,x,3,0"), Err(BoardError::NotANumber { position: 2, token: "x".into() }));
        assert_eq!(Board::parse("1,2.0,3,0"), Err(BoardError::NotANumber { position: 2, token: "2.0".into() }));
        assert_eq!(Board::parse("[1,2,3,0]"), Err(BoardError::Brackets { found: '[' }));
        assert_eq!(Board::parse("(1, 2, 3, 0)"), Err(BoardError::Brackets { found: '(' }));
        assert_eq!(Board::parse("1 2 3 0"), Err(BoardError::SpaceSeparated));
        assert_eq!(Board::parse("1,2 x,3,0"), Err(BoardError::NotANumber { position: 2, token: "2 x".into() }));
    }

    #[test]
    fn rejects_bad_tile_sets() {
        assert_eq!(Board::parse("1,2,4,0"), Err(BoardError::OutOfRange { value: "4".into(), width: 2 }));
        assert_eq!(Board::parse("1,-2,3,0"), Err(BoardError::OutOfRange { value: "-2".into(), width: 2 }));
        assert_eq!(
            Board::parse("1,2,3,99999999999999999999999"),
            Err(BoardError::OutOfRange { value: "99999999999999999999999".into(), width: 2 })
        );
        assert_eq!(Board::parse("1,1,2,3"), Err(BoardError::DuplicateTile { tile: 1, missing: 0 }));
    }

    #[test]
    fn new_checks_width_and_length() {
        assert_eq!(Board::new(3, vec![0, 1, 2]), Err(BoardError::WrongLength { width: 3, len: 3 }));
        assert!(matches!(Board::new(1, vec![0]), Err(BoardError::NotSquare { .. })));
        assert!(matches!(Board::new(16, (0..=255).collect()), Err(BoardError::TooWide { width: 16, .. })));
        assert!(Board::new(15, (0..225).collect()).is_ok());
        assert_eq!(Board::new(2, vec![0, 1, 2, 5]), Err(BoardError::OutOfRange { value: "5".into(), width: 2 }));
    }

    #[test]
    fn errors_are_one_line() {
        for text in ["", "1,2,3", "1,,2,0", "1,x,3,0", "1,2,4,0", "1,1,2,3"] {
            let message = Board::parse(text).unwrap_err().to_string();
            assert!(!message.contains('\n'), "{message}");
        }
    }

    #[test]
    fn goal_and_slide() {
        let goal = Board::goal(3).unwrap();
        assert_eq!(goal.tiles(), [0, 1, 2, 3, 4, 5, 6, 7, 8]);
        assert_eq!(goal.slide(Direction::Up), None);
        assert_eq!(goal.slide(Direction::Right).unwrap().to_string(), "1,0,2,3,4,5,6,7,8");
        assert_eq!(goal.slide(Direction::Down).unwrap().to_string(), "3,1,2,0,4,5,6,7,8");
    }
}
