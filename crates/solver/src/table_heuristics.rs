//! The solver's pattern databases as heuristics of the engine's searches (`searchlab search
//! npuzzle astar --heuristic pdb-4-4`, the replay, Python): [`PatternDatabases`] names them for
//! the N-puzzle's registration. Each is built for the search's goal, or read from the cache that
//! `searchlab solve` fills (the user's cache folder, [`PdbCache::default_dir`]), and kept for the
//! rest of the process.

use std::sync::{Arc, Mutex};

use searchlab_npuzzle::heuristic::{TableHeuristic, TableHeuristics};
use searchlab_npuzzle::Board;

use crate::pdb::PdbCache;
use crate::{HeuristicSpec, Solver, SolverConfig};

/// The tables a process keeps once loaded: a replay or a notebook asks for the same ones again.
const KEPT: usize = 4;

/// The solver's additive pattern databases (`pdb-<sizes>`, `pdb-<sizes>-noreflect`, groups listed
/// as `solve` takes them), offered as table heuristics of the N-puzzle.
///
/// ```
/// use searchlab_npuzzle::heuristic::{Heuristic, TableHeuristics};
/// use searchlab_npuzzle::{heuristic::GoalCells, Board};
/// use searchlab_solver::PatternDatabases;
///
/// # let dir = std::env::temp_dir().join(format!("searchlab-doc-{}", std::process::id()));
/// # std::env::set_var("XDG_CACHE_HOME", &dir);
/// let goal = Board::goal(3)?;
/// let h = Heuristic::named::<PatternDatabases>("pdb-4-4", &goal)?;
/// // The textbook's start (AIMA Figure 3.28) is 26 moves from this goal (the book's), its Manhattan
/// // distance 18: the databases' estimate lies between.
/// let (start, cells) = (Board::parse("7,2,4,5,0,6,8,3,1")?, GoalCells::new(&goal));
/// assert!((18..=26).contains(&h.estimate(start.tiles(), &cells)));
/// assert_eq!(h.estimate(goal.tiles(), &cells), 0);
/// assert!(PatternDatabases::named("misplaced", &goal).is_none());
/// # std::fs::remove_dir_all(&dir).ok();
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct PatternDatabases;

impl TableHeuristics for PatternDatabases {
    const NAMES: &'static str =
        "pdb-<sizes> (pattern databases: pdb-4-4 on 3x3, pdb-5-5-5, pdb-6-6-3 or pdb-7-8 on 4x4)";

    fn named(name: &str, goal: &Board) -> Option<Result<Arc<dyn TableHeuristic>, String>> {
        let name = name.trim().to_ascii_lowercase();
        name.starts_with("pdb-").then(|| loaded(&name, goal).map(|h| h as Arc<dyn TableHeuristic>))
    }
}

/// The tables loaded so far, the latest last.
static LOADED: Mutex<Vec<Arc<PdbEstimate>>> = Mutex::new(Vec::new());

/// `name`'s tables for `goal`: kept ones, else loaded or built.
fn loaded(name: &str, goal: &Board) -> Result<Arc<PdbEstimate>, String> {
    let mut kept = LOADED.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(found) = kept.iter().find(|h| h.name == name && &h.goal == goal) {
        return Ok(found.clone());
    }
    let built = Arc::new(build(name, goal, &PdbCache::new(PdbCache::default_dir()))?);
    if kept.len() == KEPT {
        kept.remove(0);
    }
    kept.push(built.clone());
    Ok(built)
}

fn build(name: &str, goal: &Board, cache: &PdbCache) -> Result<PdbEstimate, String> {
    let spec = HeuristicSpec::parse(name).map_err(|e| e.to_string())?;
    if matches!(spec, HeuristicSpec::Pdb { dual, bpmx, zero, .. } if dual || bpmx || zero) {
        return Err("+dual, +bpmx and +zero are options of `searchlab solve`'s IDA*; a search here takes \
                    pdb-<sizes> or pdb-<sizes>-noreflect"
            .into());
    }
    // Compact tables: a board's estimate is a few lookups, not worth direct copies' memory.
    let config = SolverConfig { heuristic: Some(spec), compact_tables: true, ..SolverConfig::default() };
    let solver = Solver::new(goal, config, cache, &|_| {}).map_err(|e| e.to_string())?;
    Ok(PdbEstimate { name: name.to_string(), goal: goal.clone(), solver })
}

/// One set of pattern databases for one goal.
#[derive(Debug)]
struct PdbEstimate {
    name: String,
    goal: Board,
    solver: Solver,
}

impl TableHeuristic for PdbEstimate {
    fn name(&self) -> &str {
        &self.name
    }

    fn title(&self) -> String {
        format!("additive pattern databases {}", self.name.trim_start_matches("pdb-"))
    }

    fn about(&self) -> String {
        "the sum over disjoint groups of tiles of each group's exact moves to its goal cells, the other tiles \
         ignored (the larger of the board's and its mirror image's when the goal's blank is on the diagonal)"
            .into()
    }

    /// Each group's entry is an exact distance in a relaxed puzzle and counts only its own tiles'
    /// moves, so the sum never exceeds the board's distance.
    fn admissible(&self) -> bool {
        true
    }

    /// Not consistent: an entry is the least over every place of the blank, and one move of a
    /// group's tile can change that least by up to 3 (on the 8-puzzle, 32,836 of its moves toward
    /// the course's goal change pdb-4-4 by more than 1), so A*'s graph search may settle a board
    /// before its shortest path is known.
    fn consistent(&self) -> bool {
        false
    }

    fn estimate(&self, tiles: &[u8]) -> u32 {
        // The searches hand it boards of the goal's width and tiles; anything else gets 0, which
        // is still admissible.
        match Board::new(self.goal.width(), tiles.to_vec()) {
            Ok(board) => self.solver.estimate(&board).unwrap_or(0),
            Err(_) => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use searchlab_npuzzle::heuristic::{GoalCells, MANHATTAN};
    use searchlab_npuzzle::{distances, Direction};

    #[test]
    fn pattern_databases_are_admissible_and_consistent_on_every_8_puzzle_board() {
        let dir = tempfile::tempdir().unwrap();
        let cache = PdbCache::new(dir.path());
        // The course's goal (blank first: reflected lookups); toward aima-python's (blank last)
        // the figures are the same, measured.
        for goal in ["0,1,2,3,4,5,6,7,8"] {
            let goal = Board::parse(goal).unwrap();
            let h = build("pdb-4-4", &goal, &cache).unwrap();
            let all = distances(&goal).unwrap();
            let cells = GoalCells::new(&goal);
            let (mut exact, mut above_manhattan, mut jumps) = (0, 0, 0);
            for (board, &d) in &all {
                let here = h.estimate(board.tiles());
                assert!(here <= d, "{board}: {here} > {d}");
                exact += usize::from(here == d);
                // Each group's tiles travel at least their Manhattan distance.
                let manhattan = (MANHATTAN.estimate)(board.tiles(), &cells);
                assert!(here >= manhattan, "{board}: {here} < {manhattan}");
                above_manhattan += usize::from(here > manhattan);
                for next in Direction::ALL.iter().filter_map(|&m| board.slide(m)) {
                    let there = h.estimate(next.tiles());
                    jumps += usize::from(here.abs_diff(there) > 1);
                }
            }
            assert_eq!(h.estimate(goal.tiles()), 0);
            assert!(exact > 0 && above_manhattan > 0, "{exact} {above_manhattan}");
            eprintln!(
                "{goal}: {jumps} moves change h by more than 1, exact on {exact}, above Manhattan on {above_manhattan}"
            );
            assert_eq!(jumps == 0, h.consistent(), "{jumps} moves change h by more than 1");
        }
    }

    #[test]
    fn options_of_ida_alone_and_bad_names_are_refused_in_one_line() {
        let goal = Board::goal(3).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let cache = PdbCache::new(dir.path());
        let err = build("pdb-4-4+dual", &goal, &cache).unwrap_err();
        assert!(err.starts_with("+dual, +bpmx and +zero are options of `searchlab solve`"), "{err}");
        let err = build("pdb-4-5", &goal, &cache).unwrap_err();
        assert!(!err.contains('\n') && err.contains("4-5"), "{err}");
        assert!(PatternDatabases::named("manhattan", &goal).is_none());
    }
}
