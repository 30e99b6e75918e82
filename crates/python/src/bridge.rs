//! The one file that calls the searchlab library crates. Everything else in this crate sees plain
//! Rust values (numbers, strings, vectors) and [`BridgeError`], so when a library API is renamed
//! only this file changes.
//!
//! Calls: `searchlab_npuzzle::{Board::parse, Board::goal, Board::apply_moves, parse_method,
//! parse_method_in, Edition, method_name, solve, default_max_nodes, format_edition_output,
//! max_ram_usage_mb}` with `DriverOptions`; `searchlab_threedigits::{parse_strategy,
//! solve_dialect, Dialect, Number::new}` with `Instance`;
//! `searchlab_solver::{Solver, SolverConfig, HeuristicSpec::parse}` with the pattern-database cache
//! `searchlab_solver::pdb::PdbCache` (the command's cache folder, read into memory).

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use searchlab_core::Strategy;
use searchlab_npuzzle::{is_solvable, Board, DriverOptions, Edition, SolveError};
use searchlab_solver::pdb::PdbCache;
use searchlab_solver::{HeuristicSpec, IdaOutcome, Solver, SolverConfig, SolverError};
use searchlab_threedigits::{Dialect, Instance, Number};

/// Why a call into the libraries has no answer; each kind becomes one Python exception.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BridgeError {
    /// A malformed board, method, letter, number or heuristic (`ValueError`).
    #[error("{0}")]
    BadInput(String),
    /// A well-formed board that cannot reach its goal (`UnsolvableError`, a `ValueError`).
    #[error("{0}")]
    Unsolvable(String),
    /// A node budget stopped the search (`SearchLimitError`).
    #[error("{0}")]
    Limit(String),
    /// The interrupt flag stopped the search (`KeyboardInterrupt`).
    #[error("interrupted")]
    Interrupted,
    /// The pattern-database cache could not be read or written (`OSError`).
    #[error("{0}")]
    Cache(String),
}

fn bad(err: impl std::fmt::Display) -> BridgeError {
    BridgeError::BadInput(err.to_string())
}

/// A board from its tiles, row-major, 0 the blank (validated by the N-puzzle crate).
fn board(tiles: &[i64]) -> Result<Board, BridgeError> {
    let text = tiles.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
    Board::parse(&text).map_err(|e| bad(format!("bad board: {e}")))
}

/// The goal: the given tiles, or the standard goal (blank first) of the board's width.
fn goal_for(start: &Board, goal: Option<&[i64]>) -> Result<Board, BridgeError> {
    let goal = match goal {
        Some(tiles) => board(tiles).map_err(|e| bad(e.to_string().replace("bad board", "bad goal")))?,
        None => Board::goal(start.width()).map_err(bad)?,
    };
    if goal.width() != start.width() {
        let (b, g) = (start.width(), goal.width());
        return Err(bad(format!("the board is {b}x{b} but the goal is {g}x{g}")));
    }
    Ok(goal)
}

/// What the driver reports about one solved board (the seven lines of `output.txt`, nine in
/// the 2017 edition).
#[derive(Debug, Clone, PartialEq)]
pub struct DriverRun {
    /// `bfs`, `dfs`, `ast` or (2017) `ida`.
    pub method: &'static str,
    /// The edition's year: 2020 or 2017.
    pub edition: u16,
    /// The start board.
    pub board: Vec<u8>,
    /// The goal board.
    pub goal: Vec<u8>,
    /// The blank's moves, `Up`/`Down`/`Left`/`Right`.
    pub path_to_goal: Vec<&'static str>,
    /// The number of moves.
    pub cost_of_path: u64,
    /// Nodes removed from the frontier that were not the goal.
    pub nodes_expanded: u64,
    /// The goal's depth.
    pub search_depth: u64,
    /// The deepest node put in the frontier.
    pub max_search_depth: u64,
    /// Seconds of search.
    pub running_time: f64,
    /// The process's peak memory in megabytes.
    pub max_ram_usage: f64,
    /// The lines of `output.txt`.
    pub output: String,
    /// The 2017 edition's `fringe_size` (`None` in the current edition).
    pub fringe_size: Option<u64>,
    /// The 2017 edition's `max_fringe_size` (`None` in the current edition).
    pub max_fringe_size: Option<u64>,
}

/// An edition by its year (`"2017"`, `"2020"`); the current one when `None`.
fn edition(text: Option<&str>) -> Result<Edition, BridgeError> {
    text.map_or(Ok(Edition::Current), |t| t.parse().map_err(bad))
}

/// The driver's search with the default node budget of the board's width.
fn driver_search(
    method: Strategy,
    start: &Board,
    goal: &Board,
    stop: &Arc<AtomicBool>,
) -> Result<searchlab_npuzzle::DriverReport, BridgeError> {
    let options = DriverOptions {
        max_nodes: Some(searchlab_npuzzle::default_max_nodes(start.width())),
        interrupt: Some(Arc::clone(stop)),
        ..DriverOptions::default()
    };
    searchlab_npuzzle::solve(method, start, goal, &options).map_err(|e| match e {
        SolveError::Unsolvable | SolveError::Exhausted { .. } => BridgeError::Unsolvable(e.to_string()),
        SolveError::NodeLimit { .. } => BridgeError::Limit(e.to_string()),
        SolveError::Interrupted { .. } => BridgeError::Interrupted,
        SolveError::WidthMismatch { .. } => bad(e),
    })
}

/// The notebook's `bfs`/`dfs`/`ast`: `(nodes_expanded, path)`, or `None` when the board cannot
/// reach the standard goal.
pub fn notebook(
    method: &str,
    tiles: &[i64],
    stop: &Arc<AtomicBool>,
) -> Result<Option<(u64, Vec<&'static str>)>, BridgeError> {
    let method = searchlab_npuzzle::parse_method(method).map_err(bad)?;
    let start = board(tiles)?;
    match driver_search(method, &start, &goal_for(&start, None)?, stop) {
        Ok(report) => Ok(Some((report.nodes_expanded, report.path.iter().map(|d| d.name()).collect()))),
        Err(BridgeError::Unsolvable(_)) => Ok(None),
        Err(e) => Err(e),
    }
}

/// The course driver's run: `method` (`bfs`, `dfs`, `ast`; `ida` in the 2017 edition) on
/// `tiles` toward `goal`, in the edition of that year (`"2017"`; the current one when `None`).
pub fn driver(
    method: &str,
    tiles: &[i64],
    goal: Option<&[i64]>,
    year: Option<&str>,
    stop: &Arc<AtomicBool>,
) -> Result<DriverRun, BridgeError> {
    let edition = edition(year)?;
    let method = searchlab_npuzzle::parse_method_in(method, edition).map_err(bad)?;
    let start = board(tiles)?;
    let goal = goal_for(&start, goal)?;
    let report = driver_search(method, &start, &goal, stop)?;
    let max_ram_usage = searchlab_npuzzle::max_ram_usage_mb();
    let fringe = edition.has_fringe_lines();
    Ok(DriverRun {
        method: searchlab_npuzzle::method_name(method),
        edition: edition.year(),
        board: start.tiles().to_vec(),
        goal: goal.tiles().to_vec(),
        path_to_goal: report.path.iter().map(|d| d.name()).collect(),
        cost_of_path: report.cost_of_path(),
        nodes_expanded: report.nodes_expanded,
        search_depth: report.search_depth,
        max_search_depth: report.max_search_depth,
        running_time: report.running_time.as_secs_f64(),
        max_ram_usage,
        output: searchlab_npuzzle::format_edition_output(&report, max_ram_usage, edition),
        fringe_size: fringe.then(|| report.fringe_size()),
        max_fringe_size: fringe.then(|| report.max_fringe_size()),
    })
}

/// A 3-digit number (0 to 999).
fn number(what: &str, value: i64) -> Result<Number, BridgeError> {
    u16::try_from(value)
        .ok()
        .and_then(Number::new)
        .ok_or_else(|| bad(format!("{what} {value} is not a 3-digit number (000 to 999)")))
}

/// The 3-digit puzzle: `(path, expanded)` as zero-padded 3-digit strings; `path` is `None` when
/// the answer is `No solution found.`. Under the dialect named `dialect` (`"2012"`; the current
/// one when `None`): its node identity, and a stuck hill-climbing's path to where it stopped.
pub fn digits(
    letter: &str,
    start: i64,
    goal: i64,
    forbidden: &[i64],
    dialect: Option<&str>,
) -> Result<(Option<Vec<String>>, Vec<String>), BridgeError> {
    let strategy = searchlab_threedigits::parse_strategy(letter).map_err(bad)?;
    let dialect: Dialect = dialect.map_or(Ok(Dialect::Current), |d| d.parse().map_err(bad))?;
    let instance = Instance {
        start: number("start", start)?,
        goal: number("goal", goal)?,
        forbidden: forbidden.iter().map(|&n| number("forbidden number", n)).collect::<Result<_, _>>()?,
    };
    let answer = searchlab_threedigits::solve_dialect(&instance, strategy, dialect, &mut searchlab_core::NoObserver);
    let text = |numbers: &[Number]| numbers.iter().map(Number::to_string).collect::<Vec<_>>();
    let path = match (&answer.path, dialect) {
        (None, Dialect::Y2012) if !answer.climbed.is_empty() => Some(text(&answer.climbed)),
        (path, _) => path.as_deref().map(text),
    };
    Ok((path, text(&answer.expanded)))
}

/// An optimal solution found by IDA*.
#[derive(Debug, Clone, PartialEq)]
pub struct Optimal {
    /// The start board.
    pub board: Vec<u8>,
    /// The goal board.
    pub goal: Vec<u8>,
    /// The blank's moves.
    pub moves: Vec<&'static str>,
    /// The number of moves.
    pub length: usize,
    /// Nodes expanded.
    pub nodes_expanded: u64,
    /// Nodes generated.
    pub nodes_generated: u64,
    /// IDA* iterations.
    pub iterations: u32,
    /// The heuristic's value on the start board.
    pub initial_h: u32,
    /// Seconds of search.
    pub seconds: f64,
    /// The heuristic's full name (e.g. `pdb-7-8+reflect`).
    pub heuristic: String,
}

/// The pattern-database folder the command uses by default (e.g. `~/.cache/searchlab/pdb`).
pub fn default_pdb_dir() -> PathBuf {
    PdbCache::default_dir()
}

/// Solves `tiles` optimally toward `goal` (default: blank first) with IDA*; the heuristic is the
/// one asked for or the solver's best available, and pattern databases come from `pdb_dir`
/// (default: the command's cache folder), built there when missing.
pub fn optimal(
    tiles: &[i64],
    goal: Option<&[i64]>,
    heuristic: Option<&str>,
    pdb_dir: Option<PathBuf>,
    max_nodes: Option<u64>,
    stop: &Arc<AtomicBool>,
) -> Result<Optimal, BridgeError> {
    let start = board(tiles)?;
    let goal = goal_for(&start, goal)?;
    if !is_solvable(&start, &goal) {
        return Err(BridgeError::Unsolvable(format!("the board cannot reach the goal {goal} (parity)")));
    }
    let cache = PdbCache::new(pdb_dir.unwrap_or_else(PdbCache::default_dir));
    let config = SolverConfig {
        heuristic: heuristic.map(HeuristicSpec::parse).transpose().map_err(bad)?,
        max_generated: max_nodes,
        parallel: false,
        stop: Some(Arc::clone(stop)),
        duplicate_pruning: None,
        compact_tables: false,
    };
    let solver = Solver::new(&goal, config, &cache, &|_| {}).map_err(|e| match e {
        SolverError::Cache { .. } => BridgeError::Cache(e.to_string()),
        other => bad(other),
    })?;
    let report = solver.solve(&start).map_err(bad)?;
    let moves = match report.outcome {
        IdaOutcome::Solved(moves) => moves,
        IdaOutcome::Unsolvable => return Err(BridgeError::Unsolvable("the board cannot reach the goal".into())),
        IdaOutcome::LimitReached { bound } => {
            let generated = report.counts.generated;
            return Err(BridgeError::Limit(format!(
                "node limit reached after {generated} generated nodes; the optimal length is more than {bound}"
            )));
        }
        IdaOutcome::Interrupted => return Err(BridgeError::Interrupted),
    };
    if start.apply_moves(&moves).as_ref() != Some(&goal) {
        return Err(BridgeError::BadInput("internal error: the solution does not replay to the goal".into()));
    }
    Ok(Optimal {
        board: start.tiles().to_vec(),
        goal: goal.tiles().to_vec(),
        moves: moves.iter().map(|m| m.name()).collect(),
        length: moves.len(),
        nodes_expanded: report.counts.expanded,
        nodes_generated: report.counts.generated,
        iterations: report.counts.iterations,
        initial_h: report.initial_h,
        seconds: report.seconds,
        heuristic: solver.heuristic_name().to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flag() -> Arc<AtomicBool> {
        Arc::new(AtomicBool::new(false))
    }

    #[test]
    fn notebook_answers_the_notebook_asserts() {
        // The notebook: bfs(PuzzleBoard([1,2,5,3,4,0,6,7,8])) == (10, ['Up', 'Left', 'Left']).
        assert_eq!(notebook("bfs", &[1, 2, 5, 3, 4, 0, 6, 7, 8], &flag()), Ok(Some((10, vec!["Up", "Left", "Left"]))));
        assert_eq!(notebook("dfs", &[1, 0, 2, 3, 4, 5, 6, 8, 7], &flag()), Ok(None));
    }

    #[test]
    fn bad_boards_are_bad_input() {
        for tiles in [&[1, 2, 3][..], &[0, 1, 2, 2], &[-1, 0, 1, 2], &[0, 1, 2, 9]] {
            assert!(matches!(notebook("bfs", tiles, &flag()), Err(BridgeError::BadInput(_))), "{tiles:?}");
        }
        assert!(matches!(driver("ids", &[0, 1, 2, 3], None, None, &flag()), Err(BridgeError::BadInput(_))));
        assert!(matches!(driver("ida", &[0, 1, 2, 3], None, None, &flag()), Err(BridgeError::BadInput(_))));
        assert!(matches!(driver("bfs", &[0, 1, 2, 3], None, Some("2018"), &flag()), Err(BridgeError::BadInput(_))));
    }

    #[test]
    fn the_2017_edition_adds_the_fringe_and_ida() {
        // The 2017 spec's Example #1: fringe 11, max fringe 12.
        let run = driver("bfs", &[1, 2, 5, 3, 4, 0, 6, 7, 8], None, Some("2017"), &flag()).unwrap();
        assert_eq!((run.fringe_size, run.max_fringe_size, run.edition), (Some(11), Some(12), 2017));
        assert_eq!(run.output.lines().nth(3), Some("fringe_size: 11"));
        let current = driver("bfs", &[1, 2, 5, 3, 4, 0, 6, 7, 8], None, None, &flag()).unwrap();
        assert_eq!((current.fringe_size, current.output.lines().count()), (None, 7));
        let ida = driver("IDA", &[1, 2, 5, 3, 4, 0, 6, 7, 8], None, Some("2017"), &flag()).unwrap();
        assert_eq!((ida.method, ida.cost_of_path, ida.nodes_expanded), ("ida", 3, 3));
    }

    #[test]
    fn a_raised_flag_interrupts() {
        let stop = Arc::new(AtomicBool::new(true));
        assert_eq!(notebook("dfs", &[8, 6, 4, 2, 1, 3, 5, 7, 0], &stop), Err(BridgeError::Interrupted));
    }

    #[test]
    fn digits_pads_numbers_and_refuses_bad_ones() {
        // The spec's example: 320 to 110 with BFS.
        let (path, expanded) = digits("B", 320, 110, &[], None).unwrap();
        assert_eq!(path.unwrap(), ["320", "220", "210", "110"]);
        assert_eq!(expanded.len(), 23);
        assert!(matches!(digits("X", 320, 110, &[], None), Err(BridgeError::BadInput(_))));
        assert!(matches!(digits("A", 1000, 110, &[], None), Err(BridgeError::BadInput(_))));
        assert!(matches!(digits("A", 320, 110, &[], Some("2013")), Err(BridgeError::BadInput(_))));
        // The 2012 dialect: a stuck climb gives its path (the spec's example stops at 210).
        let (path, expanded) = digits("H", 320, 110, &[], Some("2012")).unwrap();
        assert_eq!((path.unwrap().join(","), expanded.join(",")), ("320,310,210".to_owned(), "320,310,210".to_owned()));
    }

    #[test]
    fn optimal_on_a_small_board_with_manhattan() {
        let dir = std::env::temp_dir();
        let solved = optimal(&[1, 2, 5, 3, 4, 0, 6, 7, 8], None, Some("manhattan"), Some(dir), None, &flag()).unwrap();
        assert_eq!(solved.moves, ["Up", "Left", "Left"]);
        assert_eq!(solved.heuristic, "manhattan");
        let unsolvable = optimal(&[1, 0, 2, 3, 4, 5, 6, 8, 7], None, None, None, None, &flag());
        assert!(matches!(unsolvable, Err(BridgeError::Unsolvable(_))));
    }
}
