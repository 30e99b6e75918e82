//! `searchlab solve`: optimal solution of one sliding-tile board with IDA*.

use std::path::{Path, PathBuf};

use anyhow::Context;
use searchlab_core::catalog::Puzzle;
use searchlab_files::AtomicFile;
use searchlab_npuzzle::SlidingPuzzle;
use searchlab_npuzzle::{Board, Direction};
use searchlab_solver::ida::IdaTracer;
use searchlab_solver::{HeuristicSpec, IdaOutcome, IdaReport, Solver, SolverConfig};
use searchlab_trace::trace::{JsonLines, RunLine, TraceSink};
use serde::Serialize;

use crate::exit::{Exit, Failure};

const AFTER_HELP: &str = "\
Examples:
  searchlab solve 14,13,15,7,11,12,9,5,6,0,2,1,4,8,10,3
  searchlab solve --heuristic pdb-7-8 --json 14,13,15,7,11,12,9,5,6,0,2,1,4,8,10,3
  searchlab solve --heuristic manhattan 8,6,7,2,5,4,3,0,1
  searchlab solve --goal 1,2,3,4,5,6,7,8,0 8,6,7,2,5,4,3,0,1
  searchlab solve --heuristic manhattan 1,2,5,3,4,8,0,6,7 --trace ida.jsonl

Boards are row-major, comma-separated, 0 = blank; the default goal is blank first (0,1,2,...).
Moves name the direction the blank travels. Heuristics: manhattan, manhattan-lc, pdb-<sizes>
(pdb-7-8, pdb-6-6-3, pdb-5-5-5 on 4x4, pdb-6-6-6-6 on 5x5; looked up on the board and its
mirror image, add -noreflect to skip the mirror; add +dual for dual lookups searched with BPMX,
whose extra databases are built on first use, +dual-nobpmx or +bpmx for either alone: see
docs/dual.md; or +zero for zero-aware tables, which know the blank's region: fewer nodes, built
once into the database folder, up to six tiles a pattern). A partition may list its groups of goal cells (pdb-1.2.5.6.7.12/3.4.8.9.13.14/...,
as `searchlab pdb search` prints them), and two partitions joined by ',' take the larger of
their sums (pdb-6-6-6-6,<groups>: the 24-puzzle's strongest, docs/solver.md). The default is the best available: the best
pattern databases already in the cache, else pdb-5-5-5 on 4x4 (built on first use, seconds),
else manhattan-lc. Missing databases are built on first use and saved (stderr says so).";

/// The solver's options, shared by `solve` and `bench`.
#[derive(Debug, clap::Args)]
pub struct SolverArgs {
    /// Heuristic: manhattan, manhattan-lc, pdb-7-8, pdb-6-6-3, pdb-5-5-5, pdb-6-6-6-6, each pdb-…
    /// optionally with -noreflect and +dual, +dual-nobpmx, +bpmx or +zero; groups listed (1.2.3/4.5.6…)
    /// and two partitions joined by ',' also work (default: best available).
    #[arg(long)]
    pub heuristic: Option<String>,
    /// Pattern-database folder (default: the user's cache directory, e.g. ~/.cache/searchlab/pdb).
    #[arg(long)]
    pub pdb_dir: Option<PathBuf>,
    /// Give up after generating this many nodes (children generated, not nodes stored: IDA*
    /// stores only its path; `npuzzle --max-nodes` counts stored nodes): `solve` exits 3, `bench`
    /// reports the instance unsolved (with --parallel, checked between iterations).
    #[arg(long, value_name = "N")]
    pub max_generated: Option<u64>,
    /// Search subtrees on all cores (rayon); node counts of the last iteration then vary, and
    /// `bench`'s cpu_s is the whole process's.
    #[arg(long)]
    pub parallel: bool,
    /// Also skip every path containing a move string of at most MOVES moves that an earlier string
    /// does the same as, without leaving its bounding box (Taylor & Korf's duplicate-path
    /// automaton; 12 is built in about 4 s, 14 in 20-45 s with 3.8 GB, once: it is saved in the
    /// pattern-database folder): fewer nodes, same optimal lengths, but node counts no longer the
    /// published ones; the heuristic's name gains +fsm<MOVES>. Default: only the move back.
    #[arg(long, value_name = "MOVES", value_parser = clap::value_parser!(u64).range(2..=searchlab_solver::ida::MAX_FSM_DEPTH as u64))]
    pub prune_duplicates: Option<u64>,
    /// Search the pattern databases as stored (compact: each lookup ranks its tiles' placement)
    /// instead of copies indexed directly by the tiles' cells (same values and node counts,
    /// faster lookups, about twice the memory: 6-6-6-6 takes 490 MB more). For comparisons.
    #[arg(long)]
    pub compact_tables: bool,
    /// Refuse to build a pattern database whose estimated peak memory is above this (e.g. 2G)
    /// [default: the memory available now, MemAvailable in /proc/meminfo].
    #[arg(long, value_name = "BYTES", value_parser = crate::memory::parse_bytes)]
    pub memory_limit: Option<u64>,
    /// Show no progress on stderr (shown only when stderr is a terminal: the IDA* iteration, its
    /// bound, nodes generated and nodes/s, and bench's instances done).
    #[arg(long)]
    pub no_progress: bool,
}

/// Arguments of `searchlab solve`.
#[derive(Debug, clap::Args)]
#[command(after_help = AFTER_HELP)]
pub struct Args {
    /// The start board, e.g. 14,13,15,7,11,12,9,5,6,0,2,1,4,8,10,3.
    pub board: String,
    /// The goal board (default: blank first, 0,1,2,...).
    #[arg(long)]
    pub goal: Option<String>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub search: SolverArgs,
    /// Also write every step of the search to FILE as JSON Lines (docs/trace.md); the answer is
    /// the same. Not with --parallel. About 100 bytes per event, 4 to 5 events per node: without
    /// --max-generated the trace stops at 10,000,000 events (exit 3).
    #[arg(long, value_name = "FILE")]
    pub trace: Option<PathBuf>,
}

/// The statistics the command prints, also the `stats` of a trace's `finished` line.
#[derive(Serialize)]
struct SolveStats<'a> {
    /// Absent when the search stopped without a solution (trace only).
    #[serde(skip_serializing_if = "Option::is_none")]
    length: Option<usize>,
    nodes_expanded: u64,
    nodes_generated: u64,
    iterations: u32,
    initial_h: u32,
    seconds: f64,
    pdb_load_seconds: f64,
    heuristic: &'a str,
}

impl<'a> SolveStats<'a> {
    fn new(r: &IdaReport, solver: &'a Solver) -> Self {
        SolveStats {
            length: match &r.outcome {
                IdaOutcome::Solved(moves) => Some(moves.len()),
                _ => None,
            },
            nodes_expanded: r.counts.expanded,
            nodes_generated: r.counts.generated,
            iterations: r.counts.iterations,
            initial_h: r.initial_h,
            seconds: r.seconds,
            pdb_load_seconds: solver.load_seconds(),
            heuristic: solver.heuristic_name(),
        }
    }
}

#[derive(Serialize)]
struct JsonAnswer<'a> {
    moves: Vec<&'static str>,
    #[serde(flatten)]
    stats: SolveStats<'a>,
    start: &'a [u8],
    goal: &'a [u8],
}

/// Without `--max-generated`, a trace stops after this many lines (about 1 GB for a 15-puzzle).
pub const TRACE_EVENT_CAP: u64 = 10_000_000;

/// Refuses `--trace` with `--parallel` and starts the trace file (both exit 2).
fn trace_file(args: &Args) -> anyhow::Result<Option<(AtomicFile, &Path)>> {
    let Some(path) = args.trace.as_deref() else {
        return Ok(None);
    };
    if args.search.parallel {
        return Err(Failure::new(Exit::Usage, "--trace traces the sequential search: drop --parallel").into());
    }
    Ok(Some((crate::trace_file::create(path)?, path)))
}

/// The message of an unsolvable board (exit 1).
const UNSOLVABLE: &str = "unsolvable: the start's parity differs from the goal's, no sequence of moves reaches it";

/// Parses the board and goal: malformed or of different widths → exit 2, unsolvable → exit 1.
pub fn boards(board: &str, goal: Option<&str>) -> anyhow::Result<(Board, Board)> {
    let start = Board::parse(board)?;
    let goal = match goal {
        Some(g) => Board::parse(g)?,
        None => Board::goal(start.width())?,
    };
    if goal.width() != start.width() {
        anyhow::bail!(searchlab_solver::SolverError::WidthMismatch { start: start.width(), goal: goal.width() });
    }
    if !searchlab_npuzzle::is_solvable(&start, &goal) {
        return Err(Failure::new(Exit::NoSolution, UNSOLVABLE).into());
    }
    Ok((start, goal))
}

/// The solver for `goal` with the shared options (heuristic, databases, limits, Ctrl-C).
pub fn solver(goal: &Board, args: &SolverArgs) -> anyhow::Result<Solver> {
    let heuristic = args.heuristic.as_deref().map(HeuristicSpec::parse).transpose()?;
    let config = SolverConfig {
        heuristic,
        max_generated: args.max_generated,
        parallel: args.parallel,
        stop: Some(crate::interrupt::flag()),
        duplicate_pruning: args.prune_duplicates.map(|m| m as usize),
        compact_tables: args.compact_tables,
    };
    let cache = crate::cmd::pdb_cache::cache(args.pdb_dir.clone(), args.memory_limit);
    let messages = crate::cmd::pdb_cache::BuildMessages::default();
    Ok(Solver::new(goal, config, &cache, &|e| messages.on(e))?)
}

/// Solves `start` with `solver`, showing progress on a terminal unless `quiet`.
fn solve_plain(solver: &Solver, start: &Board, quiet: bool) -> anyhow::Result<IdaReport> {
    Ok(match crate::progress::SolveProgress::new(quiet) {
        None => solver.solve(start)?,
        Some(progress) => {
            let report = solver.solve_reporting(start, &|p| progress.report(p));
            progress.finish(report.as_ref().ok());
            report?
        }
    })
}

/// The trace's first line: IDA* on the replay's 15-puzzle for a 4×4 board toward its goal,
/// on the replay's N-puzzle otherwise (with the solver's heuristic by its name).
fn run_line(solver: &Solver, start: &Board, goal: &Board) -> RunLine {
    if start.width() == 4 && *goal == Board::goal(4).unwrap_or_else(|_| unreachable!("4x4 is a valid width")) {
        return RunLine::new(searchlab_registry::ida::NAME, "ida", [("tiles", start.to_string())]);
    }
    // The solver's Manhattan distance with linear conflicts is the N-puzzle's `linear-conflict`.
    let heuristic = match solver.heuristic_name() {
        "manhattan-lc" => "linear-conflict",
        name => name,
    };
    let fields = [("board", start.to_string()), ("goal", goal.to_string()), ("heuristic", heuristic.to_string())];
    RunLine::new(SlidingPuzzle::NAME, "ida", fields)
}

/// Solves `start` with every event written to the `--trace` file `file` (kept only when the
/// search ends with an answer; refused with exit 3 when the trace outgrew its cap).
fn solve_traced(
    solver: &Solver,
    start: &Board,
    goal: &Board,
    args: &Args,
    (file, path): (AtomicFile, &Path),
) -> anyhow::Result<IdaReport> {
    let cap = if args.search.max_generated.is_some() { None } else { Some(TRACE_EVENT_CAP) };
    let mut sink = JsonLines::new(file);
    sink.write_line(&run_line(solver, start, goal));
    let mut tracer = IdaTracer::new(goal, cap, |line| sink.accept(line));
    let report = solver.solve_observed(start, &mut tracer);
    if let Ok(report) = &report {
        tracer.finish(report, SolveStats::new(report, solver));
    }
    let (stopped, lines) = (tracer.stopped(), tracer.lines());
    drop(tracer);
    let file = sink.finish().with_context(|| format!("cannot write {}", path.display()))?;
    if stopped.is_some() {
        return Err(Failure::new(
            Exit::Limit,
            format!(
                "trace too large: the search was stopped after {lines} events and {} not written; \
                 use --max-generated / an easier board",
                path.display()
            ),
        )
        .into());
    }
    let report = report?;
    // An interrupted search's trace is partial: dropped, the earlier file kept.
    if !matches!(report.outcome, IdaOutcome::Interrupted) {
        crate::trace_file::keep(file)?;
    }
    Ok(report)
}

/// The solution's moves, or the exit a search without one ends with.
fn solution(report: &IdaReport) -> anyhow::Result<&[Direction]> {
    match &report.outcome {
        IdaOutcome::Solved(m) => Ok(m),
        IdaOutcome::Unsolvable => Err(Failure::new(Exit::NoSolution, UNSOLVABLE).into()),
        IdaOutcome::LimitReached { bound } => Err(Failure::new(
            Exit::Limit,
            format!(
                "node limit reached after {} generated nodes; the optimal length is more than {bound}",
                report.counts.generated
            ),
        )
        .into()),
        IdaOutcome::Interrupted => Err(Failure::new(Exit::Interrupted, "interrupted").into()),
    }
}

/// Runs `searchlab solve`.
pub fn run(args: Args) -> anyhow::Result<Exit> {
    let (start, goal) = boards(&args.board, args.goal.as_deref())?;
    let trace = trace_file(&args)?;
    let solver = solver(&goal, &args.search)?;
    let report = match trace {
        None => solve_plain(&solver, &start, args.search.no_progress)?,
        Some(trace) => solve_traced(&solver, &start, &goal, &args, trace)?,
    };
    let moves = solution(&report)?;
    let end = start.apply_moves(moves).expect("solution stays on the board");
    assert_eq!(end, goal, "the solution replays to the goal");
    let names: Vec<&'static str> = moves.iter().map(|m| m.name()).collect();
    if args.json {
        let answer = JsonAnswer {
            moves: names,
            stats: SolveStats::new(&report, &solver),
            start: start.tiles(),
            goal: goal.tiles(),
        };
        crate::output::print(&(serde_json::to_string(&answer)? + "\n"))?;
    } else {
        let r = &report;
        let moves_line = if names.is_empty() { "(already solved)".to_string() } else { names.join(" ") };
        crate::output::print(&format!(
            "Optimal solution: {} moves (heuristic {}, initial h {})\nMoves: {moves_line}\n\
             Nodes: {} expanded, {} generated in {} iterations; {:.3} s ({:.1} M nodes/s)\n",
            moves.len(),
            solver.heuristic_name(),
            r.initial_h,
            r.counts.expanded,
            r.counts.generated,
            r.counts.iterations,
            r.seconds,
            r.counts.generated as f64 / r.seconds.max(1e-9) / 1e6
        ))?;
    }
    Ok(Exit::Answered)
}
