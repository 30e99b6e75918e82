//! The heuristic a search is given: a row of [`HEURISTICS`], or one whose estimate reads tables
//! built at run time (the optimal solver's pattern databases). This crate cannot build those
//! tables (the solver sits above it), so a crate above names them through [`TableHeuristics`],
//! the type parameter of the N-puzzle's registration ([`crate::SlidingPuzzleOf`]).

use std::fmt;
use std::sync::Arc;

use super::{GoalCells, TileHeuristic, HEURISTICS};
use crate::Board;

/// A heuristic whose estimate reads tables built for one goal (a pattern database).
pub trait TableHeuristic: Send + Sync + fmt::Debug {
    /// Its name as commands take it (`pdb-4-4`).
    fn name(&self) -> &str;
    /// Its name for people (`additive pattern databases 4-4`).
    fn title(&self) -> String;
    /// How it is computed, in one sentence.
    fn about(&self) -> String;
    /// Never more than the true distance.
    fn admissible(&self) -> bool;
    /// A move changes it by at most 1.
    fn consistent(&self) -> bool;
    /// The estimate for `tiles` (row by row, 0 the blank) toward the goal it was built for.
    fn estimate(&self, tiles: &[u8]) -> u32;
}

/// Where the names beyond [`HEURISTICS`] come from: a crate that builds table heuristics.
pub trait TableHeuristics: 'static {
    /// How its names look, for messages and help (`pdb-<sizes>`); empty when it has none.
    const NAMES: &'static str;
    /// The heuristic called `name` toward `goal`: `None` when the name is not one of its, an
    /// error (one line) when it is but cannot be built for this goal.
    fn named(name: &str, goal: &Board) -> Option<Result<Arc<dyn TableHeuristic>, String>>;
}

/// No heuristics beyond [`HEURISTICS`]: the N-puzzle crate alone.
#[derive(Debug, Clone, Copy, Default)]
pub struct RowsOnly;

impl TableHeuristics for RowsOnly {
    const NAMES: &'static str = "";

    fn named(_: &str, _: &Board) -> Option<Result<Arc<dyn TableHeuristic>, String>> {
        None
    }
}

/// The heuristic of a search: a row of [`HEURISTICS`], or a table heuristic built for its goal.
#[derive(Debug, Clone)]
pub enum Heuristic {
    /// One of [`HEURISTICS`].
    Row(&'static TileHeuristic),
    /// Built at run time by a [`TableHeuristics`].
    Table(Arc<dyn TableHeuristic>),
}

/// A heuristic name that neither the rows nor the table heuristics know, or table heuristics that
/// cannot be built for the goal.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HeuristicError {
    /// No row and no table heuristic has this name.
    #[error("unknown heuristic `{name}`: use one of {}{}", row_names(), if more.is_empty() { String::new() } else { format!(", {more}") })]
    Unknown {
        /// The name given.
        name: String,
        /// How the table heuristics' names look (empty: none).
        more: &'static str,
    },
    /// A table heuristic's name whose tables cannot be built for this goal.
    #[error("heuristic `{name}`: {reason}")]
    Tables {
        /// The name given.
        name: String,
        /// Why, in one line.
        reason: String,
    },
}

fn row_names() -> String {
    HEURISTICS.iter().map(|h| h.name).collect::<Vec<_>>().join(", ")
}

impl Default for Heuristic {
    /// Manhattan distance, the course driver's.
    fn default() -> Self {
        Heuristic::Row(&HEURISTICS[0])
    }
}

impl From<&'static TileHeuristic> for Heuristic {
    fn from(row: &'static TileHeuristic) -> Self {
        Heuristic::Row(row)
    }
}

impl Heuristic {
    /// The heuristic called `name` (any case for the rows; empty: Manhattan distance) toward
    /// `goal`, a row first, then `T`'s table heuristics.
    ///
    /// ```
    /// use searchlab_npuzzle::heuristic::{Heuristic, RowsOnly};
    /// use searchlab_npuzzle::Board;
    ///
    /// let goal = Board::goal(3)?;
    /// assert_eq!(Heuristic::named::<RowsOnly>("Misplaced", &goal)?.name(), "misplaced");
    /// assert_eq!(
    ///     Heuristic::named::<RowsOnly>("euclid", &goal).unwrap_err().to_string(),
    ///     "unknown heuristic `euclid`: use one of manhattan, misplaced, linear-conflict, gaschnig"
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn named<T: TableHeuristics>(name: &str, goal: &Board) -> Result<Heuristic, HeuristicError> {
        let name = name.trim();
        if let Ok(row) = super::heuristic_named(name) {
            return Ok(Heuristic::Row(row));
        }
        match T::named(name, goal) {
            Some(Ok(table)) => Ok(Heuristic::Table(table)),
            Some(Err(reason)) => Err(HeuristicError::Tables { name: name.to_string(), reason }),
            None => Err(HeuristicError::Unknown { name: name.to_string(), more: T::NAMES }),
        }
    }

    /// Its name as commands take it (`misplaced`, `pdb-4-4`).
    pub fn name(&self) -> &str {
        match self {
            Heuristic::Row(row) => row.name,
            Heuristic::Table(table) => table.name(),
        }
    }

    /// Its name for people (`misplaced tiles (h1)`).
    pub fn title(&self) -> String {
        match self {
            Heuristic::Row(row) => row.title.to_string(),
            Heuristic::Table(table) => table.title(),
        }
    }

    /// How it is computed, in one sentence.
    pub fn about(&self) -> String {
        match self {
            Heuristic::Row(row) => row.about.to_string(),
            Heuristic::Table(table) => table.about(),
        }
    }

    /// Never more than the true distance.
    pub fn admissible(&self) -> bool {
        match self {
            Heuristic::Row(row) => row.admissible,
            Heuristic::Table(table) => table.admissible(),
        }
    }

    /// A move changes it by at most 1.
    pub fn consistent(&self) -> bool {
        match self {
            Heuristic::Row(row) => row.consistent,
            Heuristic::Table(table) => table.consistent(),
        }
    }

    /// Whether it is Manhattan distance (which the N-puzzle's states carry, move by move).
    pub fn is_manhattan(&self) -> bool {
        matches!(self, Heuristic::Row(row) if row.name == super::MANHATTAN.name)
    }

    /// The estimate for `tiles` (row by row, 0 the blank) toward `goal` (a table heuristic's
    /// own goal: the one it was built for, which is `goal`'s board).
    #[inline]
    pub fn estimate(&self, tiles: &[u8], goal: &GoalCells) -> u32 {
        match self {
            Heuristic::Row(row) => (row.estimate)(tiles, goal),
            Heuristic::Table(table) => table.estimate(tiles),
        }
    }
}

/// Heuristics are equal when their names are (names are unique).
impl PartialEq for Heuristic {
    fn eq(&self, other: &Self) -> bool {
        self.name() == other.name()
    }
}
