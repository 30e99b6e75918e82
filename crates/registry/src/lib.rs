#![deny(missing_docs)]
//! # searchlab-registry
//!
//! The one list of registered puzzles, [`PUZZLES`], and the one door every view goes through
//! to use a puzzle without knowing its types: `searchlab search`, `report`, `serve`, the
//! exported page and the Python package all read it.
//!
//! A puzzle registers by implementing [`searchlab_core::catalog::Puzzle`] (path search) or
//! [`searchlab_core::catalog::LocalPuzzle`] (local search) in its own crate and adding one
//! line to [`PUZZLES`]:
//!
//! - [`path`]: [`RegisteredPuzzle`], a path-search puzzle's door (record, search, trace,
//!   measure), made by [`Registered`];
//! - [`local`]: [`RegisteredLocal`], a local-search puzzle's door, made by [`LocalRegistered`];
//! - [`listing`]: the list of puzzles the page builds its form from;
//! - [`reading`]: the fields a puzzle read otherwise than typed (`32` as `032`), said in one line;
//! - [`replay`]: the replay's door, by a puzzle's name whatever its kind: a run recorded, a
//!   trace drawn again, a random instance, the page of runs side by side;
//! - [`ida`]: the 15-puzzle by IDA* in the replay (the optimal solver, outside the engine);
//! - [`export`]: an exported replay page carrying this list;
//! - [`error`]: why a request names no puzzle, strategy or field.

pub mod error;
pub mod export;
pub mod ida;
pub mod listing;
pub mod local;
pub mod path;
pub mod reading;
pub mod replay;

use searchlab_core::catalog::Field;
use searchlab_npuzzle::SlidingPuzzleOf;
use searchlab_queens::NQueens;
use searchlab_romania::Romania;
use searchlab_solver::PatternDatabases;
use searchlab_threedigits::ThreeDigits;

pub use error::RecordError;
pub use local::{LocalRegistered, RegisteredLocal};
pub use path::{check_fields, Registered, RegisteredPuzzle};
pub use replay::{Replay, ReplayRequest};

/// The N-puzzle as every view runs it: its own heuristics and the optimal solver's pattern
/// databases (`--heuristic pdb-4-4`).
pub type NPuzzle = SlidingPuzzleOf<PatternDatabases>;

/// One registered puzzle: searched for a path (a goal and the moves to it), or by local
/// search (a good state, not a path).
#[derive(Clone, Copy)]
pub enum Registration {
    /// A path-search puzzle.
    Path(&'static dyn RegisteredPuzzle),
    /// A local-search puzzle.
    Local(&'static dyn RegisteredLocal),
}

impl Registration {
    /// The name on command lines and in the API.
    pub fn name(self) -> &'static str {
        match self {
            Registration::Path(p) => p.name(),
            Registration::Local(p) => p.name(),
        }
    }

    /// The name for people.
    pub fn title(self) -> &'static str {
        match self {
            Registration::Path(p) => p.title(),
            Registration::Local(p) => p.title(),
        }
    }

    /// The instance's fields, in form order.
    pub fn fields(self) -> &'static [Field] {
        match self {
            Registration::Path(p) => p.fields(),
            Registration::Local(p) => p.fields(),
        }
    }

    /// Whether it is searched locally (a good state, not a path): its help lines say so.
    pub fn is_local(self) -> bool {
        matches!(self, Registration::Local(_))
    }

    /// The names of its strategies, in the order commands list them (a local-search puzzle:
    /// every local strategy).
    pub fn strategy_names(self) -> Vec<&'static str> {
        match self {
            Registration::Path(p) => p.strategies().iter().map(|e| e.name).collect(),
            Registration::Local(_) => searchlab_core::local::LocalStrategy::names(),
        }
    }
}

/// Every registered puzzle, in the order pages and help texts list them: one line each.
pub static PUZZLES: &[Registration] = &[
    Registration::Path(&Registered::<ThreeDigits>::NEW),
    Registration::Path(&Registered::<NPuzzle>::NEW),
    Registration::Path(&Registered::<Romania>::NEW),
    Registration::Local(&LocalRegistered::<NQueens>::NEW),
];

/// The most nodes a replay expands when the puzzle's rules set no limit of their own (the
/// boards; the 3-digit puzzle keeps its spec's 1000); a search stopped there is replayed up
/// to the limit, and the page says so. Above the 8-puzzle's 181,440 boards, so every
/// 8-puzzle search replays in full.
pub const REPLAY_EXPANSION_LIMIT: u64 = 200_000;

/// The registered puzzle called `name`.
pub fn puzzle(name: &str) -> Option<Registration> {
    PUZZLES.iter().copied().find(|p| p.name() == name)
}

/// The names of the registered puzzles, in order, for messages and command-line values.
pub fn names() -> Vec<&'static str> {
    PUZZLES.iter().map(|p| p.name()).collect()
}

/// The path-search puzzles, in order.
pub fn path_puzzles() -> impl Iterator<Item = &'static dyn RegisteredPuzzle> {
    PUZZLES.iter().filter_map(|p| match p {
        Registration::Path(p) => Some(*p),
        Registration::Local(_) => None,
    })
}

/// The local-search puzzles, in order.
pub fn local_puzzles() -> impl Iterator<Item = &'static dyn RegisteredLocal> {
    PUZZLES.iter().filter_map(|p| match p {
        Registration::Local(p) => Some(*p),
        Registration::Path(_) => None,
    })
}

/// The path-search puzzle called `name`.
pub fn path_puzzle(name: &str) -> Option<&'static dyn RegisteredPuzzle> {
    path_puzzles().find(|p| p.name() == name)
}

/// The local-search puzzle called `name`.
pub fn local_puzzle(name: &str) -> Option<&'static dyn RegisteredLocal> {
    local_puzzles().find(|p| p.name() == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_puzzle_is_listed_once_and_found_by_its_name() {
        assert_eq!(names(), ["digits", "npuzzle", "romania", "queens"]);
        for p in PUZZLES {
            assert_eq!(puzzle(p.name()).map(|q| q.title()), Some(p.title()));
        }
        assert_eq!(path_puzzles().count() + local_puzzles().count(), PUZZLES.len());
        assert!(path_puzzle("queens").is_none() && local_puzzle("queens").is_some());
        assert!(puzzle("chess").is_none());
    }
}
