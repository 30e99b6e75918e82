//! The entry point: a [`Solver`] configured once for a goal (heuristic chosen, databases found or
//! built), then [`Solver::solve`] for each start board.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use rayon::prelude::*;
use searchlab_npuzzle::Board;

use crate::error::{PdbError, SolverError};
use crate::heuristic::{Bpmx, Heuristic, Max};
use crate::ida::{
    ida_star, ida_star_observed, ida_star_parallel, IdaConfig, IdaObserver, IdaReport, MoveFsm, NoIdaObserver,
    ProgressFn,
};
use crate::label::LabelBoard;
use crate::manhattan::{LinearConflict, Manhattan};
use crate::pdb::{
    dual_patterns, CacheEvent, DirectPdbHeuristic, DirectTable, DualPdbHeuristic, LoadedPdb, PdbCache, PdbHeuristic,
    PdbTable, ZeroAwarePdbHeuristic, ZeroAwareTable,
};
use crate::search_tables::{direct_tables, refuse_large_zero_tables, zero_tables};
pub use crate::solver_config::SolverConfig;
use crate::spec::{HeuristicSpec, PARTITIONS_4X4, PARTITIONS_5X5};

/// An optimal solver for one goal: the heuristic is chosen and its databases are loaded once.
///
/// ```
/// use searchlab_npuzzle::{Board, Direction};
/// use searchlab_solver::{IdaOutcome, Solver, SolverConfig};
///
/// let goal = Board::parse("1,2,3,4,5,6,7,8,0")?;
/// let solver = Solver::with_databases(&goal, SolverConfig::default(), Vec::new())?; // manhattan-lc
/// let report = solver.solve(&Board::parse("1,2,3,4,5,6,7,0,8")?)?;
/// assert_eq!(report.outcome, IdaOutcome::Solved(vec![Direction::Right]));
/// assert_eq!(solver.heuristic_name(), "manhattan-lc");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Solver {
    goal: Board,
    spec: HeuristicSpec,
    name: String,
    reflect: bool,
    databases: Vec<LoadedPdb>,
    load_seconds: f64,
    config: SolverConfig,
    fsm: Option<MoveFsm>,
    /// Direct copies of the partition's tables (empty: search the compact ones).
    direct: Vec<DirectTable>,
    /// The partition's zero-aware tables (`+zero`; empty otherwise).
    zero: Vec<ZeroAwareTable>,
    /// How many of the tables each partition has (several partitions are maxed over).
    parts: Vec<usize>,
}

impl Solver {
    /// A solver for `goal`. The heuristic is `config.heuristic`, or the best available: on 4×4 the
    /// best partition already in `cache` (7-8, then 6-6-3, then 5-5-5), else 5-5-5 (built in under
    /// a second); on 5×5 6-6-6-6 if cached, else `manhattan-lc`; other widths `manhattan-lc`.
    /// Missing or untrusted databases are built and saved; `on_event` hears about it.
    pub fn new(
        goal: &Board,
        config: SolverConfig,
        cache: &PdbCache,
        on_event: &(dyn Fn(CacheEvent<'_>) + Sync),
    ) -> Result<Solver, SolverError> {
        check_width(goal.width())?;
        let spec = match &config.heuristic {
            Some(spec) => spec.clone(),
            None => best_available(goal, cache),
        };
        let t0 = Instant::now();
        let (mut databases, mut zero) = (Vec::new(), None);
        if let Some(partition) = spec.partition(goal.width(), goal.blank() as u8)? {
            if goal.width() > 5 {
                return Err(SolverError::PdbTooWide);
            }
            refuse_large_zero_tables(&spec, &partition.patterns)?;
            let dual = matches!(spec, HeuristicSpec::Pdb { dual: true, .. });
            let extra = if dual { dual_patterns(&partition.patterns) } else { Vec::new() };
            for pattern in partition.patterns.iter().chain(&extra) {
                let pdb = cache
                    .load_or_build(pattern, on_event)
                    .map_err(|source| SolverError::Cache { dir: cache.dir().to_path_buf(), source })?;
                databases.push(pdb);
            }
            if matches!(spec, HeuristicSpec::Pdb { zero: true, .. }) {
                // In parallel: expanding a file into the direct layout takes seconds per table.
                let tables = partition.patterns.par_iter().map(|p| cache.load_or_build_zero(p, on_event));
                let tables = tables.collect::<std::io::Result<Vec<_>>>();
                zero = Some(tables.map_err(|source| SolverError::Cache { dir: cache.dir().to_path_buf(), source })?);
            }
        }
        // The pruning automaton is kept beside the databases (built and saved on first use).
        let fsm = config.duplicate_pruning.map(|moves| MoveFsm::load_or_build(moves, cache.dir()));
        let load_seconds = t0.elapsed().as_secs_f64();
        Solver::assemble(goal, spec, config, (databases, zero), load_seconds, fsm)
    }

    /// A solver for `goal` with databases already at hand (e.g. [`LoadedPdb::from_built`]), in the
    /// order of the heuristic's partition; with dual lookups followed by any of the partition's
    /// [`dual_patterns`]. The heuristic is `config.heuristic`, or `manhattan-lc`.
    pub fn with_databases(
        goal: &Board,
        config: SolverConfig,
        databases: Vec<LoadedPdb>,
    ) -> Result<Solver, SolverError> {
        check_width(goal.width())?;
        let spec = config.heuristic.clone().unwrap_or(HeuristicSpec::LinearConflict);
        let fsm = config.duplicate_pruning.map(MoveFsm::new);
        Solver::assemble(goal, spec, config, (databases, None), 0.0, fsm)
    }

    fn assemble(
        goal: &Board,
        spec: HeuristicSpec,
        config: SolverConfig,
        (databases, zero): (Vec<LoadedPdb>, Option<Vec<ZeroAwareTable>>),
        load_seconds: f64,
        fsm: Option<MoveFsm>,
    ) -> Result<Solver, SolverError> {
        let blank = goal.blank();
        let partition = spec.partition(goal.width(), blank as u8)?;
        let patterns: Vec<_> = partition.iter().flat_map(|p| p.patterns.iter()).collect();
        let extra = match (&spec, &partition) {
            (HeuristicSpec::Pdb { dual: true, .. }, Some(p)) => dual_patterns(&p.patterns),
            _ => Vec::new(),
        };
        if databases.len() < patterns.len()
            || databases.iter().zip(&patterns).any(|(d, p)| d.pattern() != *p)
            || databases[patterns.len()..].iter().any(|d| !extra.contains(d.pattern()))
        {
            return Err(PdbError::WrongPartition(spec.name()).into());
        }
        for pdb in &databases {
            if let Err(wrong) = crate::pdb::spot_check(&pdb.table()) {
                let location = pdb.path().map_or_else(|| pdb.pattern().to_string(), |p| p.display().to_string());
                return Err(PdbError::Overestimates { location, moves: wrong.moves, value: wrong.value }.into());
            }
        }
        let reflect = matches!(spec, HeuristicSpec::Pdb { reflect: true, .. })
            && searchlab_npuzzle::Geometry::new(goal.width()).is_ok_and(|g| g.transpose(blank) == blank);
        let name = spec.full_name(reflect, fsm.as_ref().map(MoveFsm::max_len));
        let t0 = Instant::now();
        let zero = zero_tables(&spec, zero, &patterns)?;
        let direct =
            if zero.is_empty() { direct_tables(&spec, &config, &databases[..patterns.len()]) } else { Vec::new() };
        let load_seconds = load_seconds + t0.elapsed().as_secs_f64();
        let parts = partition.map_or_else(Vec::new, |p| p.parts);
        Ok(Solver {
            goal: goal.clone(),
            spec,
            name,
            reflect,
            databases,
            load_seconds,
            config,
            fsm,
            direct,
            zero,
            parts,
        })
    }

    /// The heuristic searched with.
    pub fn heuristic(&self) -> &HeuristicSpec {
        &self.spec
    }

    /// Its full name, e.g. `pdb-7-8+reflect` or `pdb-7-8+reflect+dual+bpmx` (reflection is dropped
    /// when the goal's blank is off the main diagonal), ending in `+fsm<moves>` with duplicate
    /// pruning ([`SolverConfig::duplicate_pruning`]).
    pub fn heuristic_name(&self) -> &str {
        &self.name
    }

    /// Whether the search reads direct copies of the tables ([`crate::pdb::DirectTable`]) rather
    /// than the compact tables ([`SolverConfig::compact_tables`]).
    pub fn uses_direct_tables(&self) -> bool {
        !self.direct.is_empty()
    }

    /// Seconds spent finding, verifying or building the databases (and the pruning automaton),
    /// and copying them into direct tables.
    pub fn load_seconds(&self) -> f64 {
        self.load_seconds
    }

    /// How it searches (heuristic asked for, node budget, parallelism, stop flag).
    pub fn config(&self) -> &SolverConfig {
        &self.config
    }

    /// The goal.
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// Solves `start` optimally (an unsolvable start ends with [`crate::IdaOutcome::Unsolvable`]).
    pub fn solve(&self, start: &Board) -> Result<IdaReport, SolverError> {
        self.dispatch(start, self.config.stop.as_deref(), None, &mut NoIdaObserver)
    }

    /// [`Solver::solve`] telling `progress` when each IDA* iteration begins and, on one thread,
    /// how far a long iteration got (see [`crate::ida::IdaProgress`]); answer and counts are those
    /// of [`Solver::solve`].
    pub fn solve_reporting(&self, start: &Board, progress: &ProgressFn<'_>) -> Result<IdaReport, SolverError> {
        self.dispatch(start, self.config.stop.as_deref(), Some(progress), &mut NoIdaObserver)
    }

    /// [`Solver::solve`] stopped by `stop` instead of the configured flag (ends with
    /// [`crate::IdaOutcome::Interrupted`] once it is raised), e.g. a per-instance time limit.
    pub fn solve_until(&self, start: &Board, stop: &AtomicBool) -> Result<IdaReport, SolverError> {
        self.dispatch(start, Some(stop), None, &mut NoIdaObserver)
    }

    /// [`Solver::solve_until`] reporting progress as [`Solver::solve_reporting`] does.
    pub(crate) fn solve_until_reporting(
        &self,
        start: &Board,
        stop: &AtomicBool,
        progress: Option<&ProgressFn<'_>>,
    ) -> Result<IdaReport, SolverError> {
        self.dispatch(start, Some(stop), progress, &mut NoIdaObserver)
    }

    /// [`Solver::solve`] on one thread (whatever `parallel` says), reporting every step of the
    /// search to `observer` (e.g. an [`crate::ida::IdaTracer`]). Answer and counts are those of the
    /// unobserved sequential search.
    pub fn solve_observed<O: IdaObserver>(&self, start: &Board, observer: &mut O) -> Result<IdaReport, SolverError> {
        self.dispatch(start, self.config.stop.as_deref(), None, observer)
    }

    fn dispatch<O: IdaObserver>(
        &self,
        start: &Board,
        stop: Option<&AtomicBool>,
        progress: Option<&ProgressFn<'_>>,
        observer: &mut O,
    ) -> Result<IdaReport, SolverError> {
        if start.width() != self.goal.width() {
            return Err(SolverError::WidthMismatch { start: start.width(), goal: self.goal.width() });
        }
        match start.width() {
            2 => self.solve_n::<4, O>(start, (stop, progress), observer),
            3 => self.solve_n::<9, O>(start, (stop, progress), observer),
            4 => self.solve_n::<16, O>(start, (stop, progress), observer),
            5 => self.solve_n::<25, O>(start, (stop, progress), observer),
            6 => self.solve_n::<36, O>(start, (stop, progress), observer),
            7 => self.solve_n::<49, O>(start, (stop, progress), observer),
            8 => self.solve_n::<64, O>(start, (stop, progress), observer),
            w => Err(SolverError::UnsupportedWidth(w)),
        }
    }

    fn solve_n<const N: usize, O: IdaObserver>(
        &self,
        start: &Board,
        (stop, progress): (Option<&AtomicBool>, Option<&ProgressFn<'_>>),
        observer: &mut O,
    ) -> Result<IdaReport, SolverError> {
        let board = LabelBoard::<N>::from_boards(start, &self.goal)
            .map_err(|_| SolverError::WidthMismatch { start: start.width(), goal: self.goal.width() })?;
        let config = IdaConfig { max_generated: self.config.max_generated, stop, progress, fsm: self.fsm.as_ref() };
        self.with_heuristic(Search { parallel: self.config.parallel, board: &board, config: &config, observer })
    }

    /// The heuristic's estimate of `board` toward the goal (what IDA* starts with: 0 at the goal),
    /// for searches that are not the solver's own (the engine's A* with `--heuristic pdb-4-4`).
    ///
    /// ```
    /// use searchlab_npuzzle::Board;
    /// use searchlab_solver::{Solver, SolverConfig};
    ///
    /// let goal = Board::goal(3)?;
    /// let solver = Solver::with_databases(&goal, SolverConfig::default(), Vec::new())?; // manhattan-lc
    /// // Manhattan distance 2 (tiles 1 and 2), plus 2 for the two in each other's way in row 0.
    /// assert_eq!(solver.estimate(&Board::parse("0,2,1,3,4,5,6,7,8")?)?, 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn estimate(&self, board: &Board) -> Result<u32, SolverError> {
        match board.width() {
            2 => self.estimate_n::<4>(board),
            3 => self.estimate_n::<9>(board),
            4 => self.estimate_n::<16>(board),
            5 => self.estimate_n::<25>(board),
            w => Err(SolverError::UnsupportedWidth(w)),
        }
    }

    fn estimate_n<const N: usize>(&self, board: &Board) -> Result<u32, SolverError> {
        let board = LabelBoard::<N>::from_boards(board, &self.goal)
            .map_err(|_| SolverError::WidthMismatch { start: board.width(), goal: self.goal.width() })?;
        self.with_heuristic(Estimate(&board))
    }
}

fn check_width(width: usize) -> Result<(), SolverError> {
    if (2..=8).contains(&width) {
        Ok(())
    } else {
        Err(SolverError::UnsupportedWidth(width))
    }
}

/// The best heuristic whose databases are already in `cache`, else the default for the width.
fn best_available(goal: &Board, cache: &PdbCache) -> HeuristicSpec {
    let candidates: &[&str] = match goal.width() {
        4 => &PARTITIONS_4X4,
        5 => &PARTITIONS_5X5,
        _ => &[],
    };
    for name in candidates {
        let spec =
            HeuristicSpec::Pdb { partition: name.to_string(), reflect: true, dual: false, bpmx: false, zero: false };
        if let Ok(Some(partition)) = spec.partition(goal.width(), goal.blank() as u8) {
            if partition.patterns.iter().all(|p| cache.existing(p).is_some()) {
                return spec;
            }
        }
    }
    match goal.width() {
        4 => HeuristicSpec::Pdb { partition: "5-5-5".into(), reflect: true, dual: false, bpmx: false, zero: false },
        _ => HeuristicSpec::LinearConflict,
    }
}

#[path = "solver_heuristic.rs"]
mod heuristic_use;
use heuristic_use::{Estimate, Search};

#[cfg(test)]
#[path = "solver_tests.rs"]
mod tests;
