//! The four moves, named after the direction the blank moves.

use std::fmt;

/// A move: the direction in which the **blank** moves (the tile it swaps with moves the
/// other way). The declaration order is the driver's UDLR order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    /// The blank moves one row up.
    Up,
    /// The blank moves one row down.
    Down,
    /// The blank moves one column left.
    Left,
    /// The blank moves one column right.
    Right,
}

impl Direction {
    /// All four moves in UDLR order, the order in which successors are generated.
    pub const ALL: [Direction; 4] = [Direction::Up, Direction::Down, Direction::Left, Direction::Right];

    /// The name used in `path_to_goal`: `"Up"`, `"Down"`, `"Left"` or `"Right"`.
    pub fn name(self) -> &'static str {
        match self {
            Direction::Up => "Up",
            Direction::Down => "Down",
            Direction::Left => "Left",
            Direction::Right => "Right",
        }
    }

    /// The one-letter form used in the conformance files: `U`, `D`, `L` or `R`.
    pub fn letter(self) -> char {
        match self {
            Direction::Up => 'U',
            Direction::Down => 'D',
            Direction::Left => 'L',
            Direction::Right => 'R',
        }
    }

    /// The move for a letter `U`, `D`, `L` or `R` (either case).
    pub fn from_letter(letter: char) -> Option<Direction> {
        match letter.to_ascii_uppercase() {
            'U' => Some(Direction::Up),
            'D' => Some(Direction::Down),
            'L' => Some(Direction::Left),
            'R' => Some(Direction::Right),
            _ => None,
        }
    }

    /// The move that undoes this one.
    pub fn opposite(self) -> Direction {
        match self {
            Direction::Up => Direction::Down,
            Direction::Down => Direction::Up,
            Direction::Left => Direction::Right,
            Direction::Right => Direction::Left,
        }
    }

    /// The cell the blank reaches from cell `from` on a board `width` cells wide, or
    /// `None` when the move would leave the board.
    pub fn target(self, from: usize, width: usize) -> Option<usize> {
        let (row, col) = (from / width, from % width);
        match self {
            Direction::Up if row > 0 => Some(from - width),
            Direction::Down if row + 1 < width => Some(from + width),
            Direction::Left if col > 0 => Some(from - 1),
            Direction::Right if col + 1 < width => Some(from + 1),
            _ => None,
        }
    }
}

impl fmt::Display for Direction {
    /// The name (`Up`, …).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_letters_and_order() {
        let names: Vec<_> = Direction::ALL.iter().map(|d| d.name()).collect();
        assert_eq!(names, ["Up", "Down", "Left", "Right"]);
        let letters: String = Direction::ALL.iter().map(|d| d.letter()).collect();
        assert_eq!(letters, "UDLR");
        for d in Direction::ALL {
            assert_eq!(Direction::from_letter(d.letter()), Some(d));
            assert_eq!(d.opposite().opposite(), d);
        }
        assert_eq!(Direction::from_letter('x'), None);
    }

    #[test]
    fn targets_stay_on_the_board() {
        // 3×3: corner 0 can go down and right only; centre 4 goes everywhere.
        let from0: Vec<_> = Direction::ALL.iter().map(|d| d.target(0, 3)).collect();
        assert_eq!(from0, [None, Some(3), None, Some(1)]);
        let from4: Vec<_> = Direction::ALL.iter().map(|d| d.target(4, 3)).collect();
        assert_eq!(from4, [Some(1), Some(7), Some(3), Some(5)]);
        let from8: Vec<_> = Direction::ALL.iter().map(|d| d.target(8, 3)).collect();
        assert_eq!(from8, [Some(5), None, Some(7), None]);
    }
}
