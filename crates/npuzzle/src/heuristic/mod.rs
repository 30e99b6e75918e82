//! The N-puzzle's heuristics by name: one row each in [`HEURISTICS`], one file each (its
//! estimate, its name, and what it promises: admissible, consistent). A search, a report, the
//! replay and Python choose one by its name (`--heuristic misplaced`); Manhattan distance is
//! the default, as in the course driver.
//!
//! Every row's promises are checked by exhaustion on the 8-puzzle (the tests below): each of
//! the 181,440 boards' estimate against its true distance (admissible) and against each
//! neighbour's (consistent: a move changes h by at most 1).

mod chosen;
mod gaschnig;
mod linear_conflict;
mod manhattan;
mod misplaced;

pub use chosen::{Heuristic, HeuristicError, RowsOnly, TableHeuristic, TableHeuristics};
pub use gaschnig::GASCHNIG;
pub use linear_conflict::{line_conflict_cost, LINEAR_CONFLICT};
pub use manhattan::MANHATTAN;
pub use misplaced::MISPLACED;

use crate::Board;

/// Every heuristic a search of the N-puzzle can be given, the default first.
pub const HEURISTICS: &[TileHeuristic] = &[MANHATTAN, MISPLACED, LINEAR_CONFLICT, GASCHNIG];

/// Where each tile belongs: what a heuristic measures a board against.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GoalCells {
    width: usize,
    /// `cell_of[tile]`: the tile's cell on the goal board (the blank's too).
    cell_of: Vec<u8>,
}

impl GoalCells {
    /// The goal cells of `goal`.
    pub fn new(goal: &Board) -> GoalCells {
        let mut cell_of = vec![0u8; goal.tiles().len()];
        for (cell, &tile) in goal.tiles().iter().enumerate() {
            cell_of[usize::from(tile)] = cell as u8;
        }
        GoalCells { width: goal.width(), cell_of }
    }

    /// The board's width.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The goal cell of `tile` (0 the blank).
    #[inline]
    pub fn cell_of(&self, tile: u8) -> usize {
        usize::from(self.cell_of[usize::from(tile)])
    }
}

/// One heuristic: its name on command lines, its name for people, what it promises, and its
/// estimate of the moves left from a board (tiles row by row, 0 the blank) to the goal.
#[derive(Debug, Clone, Copy)]
pub struct TileHeuristic {
    /// The name commands and the API take (`misplaced`).
    pub name: &'static str,
    /// The name for people (`misplaced tiles (h1)`).
    pub title: &'static str,
    /// Never more than the true distance: A*, IDA* and RBFS stay optimal with it.
    pub admissible: bool,
    /// A move changes it by at most the move's cost (1): A*'s graph search never re-opens a state.
    pub consistent: bool,
    /// How it is computed, in one sentence.
    pub about: &'static str,
    /// The estimate for `tiles` (row by row, 0 the blank) toward `goal`.
    pub estimate: fn(tiles: &[u8], goal: &GoalCells) -> u32,
}

impl TileHeuristic {
    /// What it promises, in words: `admissible and consistent`.
    pub fn promises(&self) -> &'static str {
        match (self.admissible, self.consistent) {
            (true, true) => "admissible and consistent",
            (true, false) => "admissible, not consistent",
            (false, _) => "not admissible",
        }
    }
}

/// A heuristic name that no row of [`HEURISTICS`] has.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown heuristic `{name}`: use one of {}", HEURISTICS.iter().map(|h| h.name).collect::<Vec<_>>().join(", "))]
pub struct UnknownHeuristic {
    /// The name given.
    pub name: String,
}

/// The heuristic called `name` (any case; empty: the default, Manhattan distance).
///
/// ```
/// use searchlab_npuzzle::heuristic::{heuristic_named, GoalCells};
/// use searchlab_npuzzle::Board;
///
/// let h1 = heuristic_named("misplaced")?;
/// let goal = GoalCells::new(&Board::goal(3)?);
/// // The textbook's start state (AIMA Figure 3.28): h1 = 8, h2 = 18.
/// let start = [7, 2, 4, 5, 0, 6, 8, 3, 1];
/// assert_eq!((h1.estimate)(&start, &goal), 8);
/// assert_eq!((heuristic_named("")?.estimate)(&start, &goal), 18);
/// assert!(heuristic_named("euclid").is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn heuristic_named(name: &str) -> Result<&'static TileHeuristic, UnknownHeuristic> {
    let name = name.trim();
    if name.is_empty() {
        return Ok(&HEURISTICS[0]);
    }
    HEURISTICS
        .iter()
        .find(|h| h.name.eq_ignore_ascii_case(name))
        .ok_or_else(|| UnknownHeuristic { name: name.to_string() })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Direction;
    use std::collections::HashMap;

    #[test]
    fn names_are_unique_and_found_in_any_case() {
        for (i, h) in HEURISTICS.iter().enumerate() {
            assert!(HEURISTICS[..i].iter().all(|other| other.name != h.name));
            assert_eq!(heuristic_named(&h.name.to_uppercase()).unwrap().name, h.name);
        }
        assert_eq!(
            heuristic_named("h3").unwrap_err().to_string(),
            "unknown heuristic `h3`: use one of manhattan, misplaced, linear-conflict, gaschnig"
        );
    }

    /// Every board of the 8-puzzle, toward `goal`, with its true distance (a breadth-first
    /// search, independent of the heuristics).
    fn distances(goal: &Board) -> HashMap<Board, u32> {
        crate::distances(goal).expect("a 3x3 goal")
    }

    #[test]
    fn every_row_keeps_its_promises_on_every_8_puzzle_board() {
        // The course's goal and aima-python's (blank last): the promises hold toward any goal.
        for goal in ["0,1,2,3,4,5,6,7,8", "1,2,3,4,5,6,7,8,0"] {
            let goal = Board::parse(goal).unwrap();
            let cells = GoalCells::new(&goal);
            let all = distances(&goal);
            assert_eq!(all.len(), 181_440);
            for h in HEURISTICS {
                let estimate = |b: &Board| (h.estimate)(b.tiles(), &cells);
                let (mut over, mut jumps) = (0, 0);
                for (board, &d) in &all {
                    let here = estimate(board);
                    over += usize::from(here > d);
                    for next in Direction::ALL.iter().filter_map(|&m| board.slide(m)) {
                        jumps += usize::from(here.abs_diff(estimate(&next)) > 1);
                    }
                }
                assert_eq!(estimate(&goal), 0, "{} at the goal", h.name);
                assert_eq!(over == 0, h.admissible, "{}: {over} boards over their distance", h.name);
                assert_eq!(jumps == 0, h.consistent, "{}: {jumps} moves change h by more than 1", h.name);
            }
        }
    }

    #[test]
    fn linear_conflict_dominates_manhattan_which_dominates_misplaced() {
        let goal = Board::goal(3).unwrap();
        let cells = GoalCells::new(&goal);
        let mut strictly = [0; 4];
        for board in distances(&goal).keys() {
            let [h1, h2, lc] = [MISPLACED, MANHATTAN, LINEAR_CONFLICT].map(|h| (h.estimate)(board.tiles(), &cells));
            assert!(h1 <= h2 && h2 <= lc, "{board}: {h1} {h2} {lc}");
            strictly[0] += usize::from(h1 < h2);
            strictly[1] += usize::from(h2 < lc);
            // Gaschnig's swaps never fall below misplaced tiles; against Manhattan either may win.
            let g = (GASCHNIG.estimate)(board.tiles(), &cells);
            assert!(h1 <= g, "{board}: {h1} {g}");
            strictly[2] += usize::from(g > h2);
            strictly[3] += usize::from(g < h2);
        }
        assert!(strictly.iter().all(|&n| n > 0), "{strictly:?}");
    }
}
