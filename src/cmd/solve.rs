//! `searchlab solve`: optimal solution of one sliding-tile board with IDA*.

use std::fs::File;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use anyhow::Context;
use searchlab_core::{FinishKind, NodeId};
use searchlab_npuzzle::Board;
use searchlab_solver::ida::{IdaEvent, IdaTracer};
use searchlab_solver::pdb::{LoadedPdb, PdbCache};
use searchlab_solver::solve::{solve_observed, PARTITIONS_4X4, PARTITIONS_5X5};
use searchlab_solver::{apply_moves, HeuristicSpec, Limits, Outcome, Puzzle, PuzzleError, Report, Solved};
use searchlab_viz::trace::{JsonLines, TraceSink};
use searchlab_viz::{TraceDiscard, TraceEvent};
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
mirror image, add -noreflect to skip the mirror). The default is the best available: the best
pattern databases already in the cache, else pdb-5-5-5 on 4x4 (built on first use, seconds),
else manhattan-lc. Missing databases are built on first use and saved (stderr says so).";

/// The solver's options, shared by `solve` and `bench`.
#[derive(Debug, clap::Args)]
pub struct SolverArgs {
    /// Heuristic: manhattan, manhattan-lc, pdb-7-8, pdb-6-6-3, pdb-5-5-5, pdb-6-6-6-6 (default: best available).
    #[arg(long)]
    pub heuristic: Option<String>,
    /// Pattern-database folder (default: the user's cache directory, e.g. ~/.cache/searchlab/pdb).
    #[arg(long)]
    pub pdb_dir: Option<PathBuf>,
    /// Give up after generating this many nodes: `solve` exits 3, `bench` reports the instance
    /// unsolved (with --parallel, checked between iterations).
    #[arg(long)]
    pub max_nodes: Option<u64>,
    /// Search subtrees on all cores (rayon); node counts of the last iteration then vary, and
    /// `bench`'s cpu_s is the whole process's.
    #[arg(long)]
    pub parallel: bool,
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
    /// --max-nodes the trace stops at 10,000,000 events (exit 3).
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
    fn new(solved: &'a Solved, pdb_load_seconds: f64) -> Self {
        let r = &solved.report;
        SolveStats {
            length: match &r.outcome {
                Outcome::Solved(moves) => Some(moves.len()),
                _ => None,
            },
            nodes_expanded: r.counts.expanded,
            nodes_generated: r.counts.generated,
            iterations: r.counts.iterations,
            initial_h: r.initial_h,
            seconds: r.seconds,
            pdb_load_seconds,
            heuristic: &solved.heuristic,
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

/// Without `--max-nodes`, a trace stops after this many lines (about 1 GB for a 15-puzzle).
pub const TRACE_EVENT_CAP: u64 = 10_000_000;

/// One line of a `solve` trace: boards as tile lists, actions as move names, the command's stats.
type SolveEvent<'a> = TraceEvent<&'a [u8], &'static str, SolveStats<'a>>;

/// Writes the IDA* events as trace lines, up to `cap` lines.
struct SolveTrace {
    sink: JsonLines<File>,
    cap: u64,
    /// Set when the cap (or a node id beyond the trace's id range) stopped the trace.
    too_large: bool,
    children: Vec<NodeId>,
}

impl SolveTrace {
    fn on(&mut self, event: IdaEvent<'_>) -> ControlFlow<()> {
        if self.too_large {
            return ControlFlow::Break(());
        }
        if self.sink.lines() >= self.cap {
            self.too_large = true;
            return ControlFlow::Break(());
        }
        let Some(line) = self.line(event) else {
            self.too_large = true;
            return ControlFlow::Break(());
        };
        self.sink.accept(line);
        ControlFlow::Continue(())
    }

    /// The trace line of an event; `None` if a node id does not fit the trace's ids.
    fn line<'e>(&mut self, event: IdaEvent<'e>) -> Option<SolveEvent<'e>> {
        let id = |n: u64| NodeId::try_from(n).ok();
        Some(match event {
            IdaEvent::Start { board } => TraceEvent::Start { state: board },
            IdaEvent::Iteration { bound } => TraceEvent::Iteration { depth_limit: None, bound: Some(bound.into()) },
            IdaEvent::Selected { node, board, depth, h } => TraceEvent::Selected {
                node: id(node)?,
                state: board,
                depth: depth.into(),
                cost: depth.into(),
                priority: u64::from(depth) + u64::from(h),
            },
            IdaEvent::GoalTest { node, is_goal } => TraceEvent::GoalTest { node: id(node)?, is_goal },
            IdaEvent::Generated { node, parent, board, action, depth, h } => TraceEvent::Generated {
                node: id(node)?,
                parent: id(parent)?,
                state: board,
                action: action.name(),
                depth: depth.into(),
                cost: depth.into(),
                priority: u64::from(depth) + u64::from(h),
            },
            IdaEvent::OverBound { board, .. } => {
                TraceEvent::Discarded { state: board, reason: TraceDiscard::OverBound }
            }
            IdaEvent::Expanded { node, children } => {
                self.children.clear();
                for &child in children {
                    self.children.push(id(child)?);
                }
                TraceEvent::Expanded { node: id(node)?, children: self.children.clone() }
            }
        })
    }
}

/// Refuses `--trace` with `--parallel` and creates the trace file (both exit 2).
fn trace_file(args: &Args) -> anyhow::Result<Option<(File, &Path)>> {
    let Some(path) = args.trace.as_deref() else {
        return Ok(None);
    };
    if args.search.parallel {
        return Err(Failure::new(Exit::Usage, "--trace traces the sequential search: drop --parallel").into());
    }
    let file = File::create(path).with_context(|| format!("cannot create trace file {}", path.display()))?;
    Ok(Some((file, path)))
}

/// The `finished` line's kind for an IDA* outcome.
fn finish_kind(report: &Report) -> FinishKind {
    match report.outcome {
        Outcome::Solved(_) => FinishKind::Found,
        Outcome::LimitReached { .. } => FinishKind::NodeLimit,
        Outcome::Interrupted => FinishKind::Interrupted,
    }
}

/// Parses the board and goal (N-puzzle boards) into a puzzle: unsolvable → exit 1, malformed → exit 2.
pub fn puzzle(board: &str, goal: Option<&str>) -> anyhow::Result<Puzzle> {
    let start = Board::parse(board)?;
    let goal = match goal {
        Some(g) => Board::parse(g)?,
        None => Board::goal(start.width())?,
    };
    if goal.width() != start.width() {
        anyhow::bail!(
            "the goal is {}×{} but the board is {}×{}",
            goal.width(),
            goal.width(),
            start.width(),
            start.width()
        );
    }
    match Puzzle::from_boards(&start, &goal) {
        Ok(p) => Ok(p),
        Err(PuzzleError::Unsolvable) => Err(Failure::new(Exit::NoSolution, PuzzleError::Unsolvable.to_string()).into()),
        Err(e) => Err(e.into()),
    }
}

/// The heuristic for this puzzle: the one asked for, or the best available.
pub fn choose(puzzle: &Puzzle, asked: Option<&str>, cache: &PdbCache) -> anyhow::Result<HeuristicSpec> {
    if let Some(name) = asked {
        return HeuristicSpec::parse(name).map_err(anyhow::Error::msg);
    }
    let candidates: &[&str] = match puzzle.width() {
        4 => &PARTITIONS_4X4,
        5 => &PARTITIONS_5X5,
        _ => &[],
    };
    for name in candidates {
        let spec = HeuristicSpec::Pdb { partition: name.to_string(), reflect: true };
        if let Ok(Some(partition)) = spec.partition(puzzle.width(), puzzle.blank_goal() as u8) {
            if partition.patterns.iter().all(|p| cache.existing(p).is_some()) {
                return Ok(spec);
            }
        }
    }
    Ok(match puzzle.width() {
        4 => HeuristicSpec::Pdb { partition: "5-5-5".into(), reflect: true },
        _ => HeuristicSpec::LinearConflict,
    })
}

/// Loads (building if needed) the databases a heuristic needs.
pub fn databases(spec: &HeuristicSpec, puzzle: &Puzzle, cache: &PdbCache) -> anyhow::Result<(Vec<LoadedPdb>, f64)> {
    match spec.partition(puzzle.width(), puzzle.blank_goal() as u8).map_err(anyhow::Error::msg)? {
        Some(partition) => {
            if puzzle.width() > 5 {
                anyhow::bail!("pattern databases are available for 2×2 to 5×5 boards; use manhattan-lc");
            }
            crate::cmd::pdb::load_partition(cache, &partition)
        }
        None => Ok((Vec::new(), 0.0)),
    }
}

/// A stop flag raised by Ctrl-C (exit 130).
pub fn interrupt_flag() -> Arc<AtomicBool> {
    let flag = Arc::new(AtomicBool::new(false));
    let f = flag.clone();
    let _ = ctrlc::set_handler(move || f.store(true, Ordering::Relaxed));
    flag
}

/// Runs `searchlab solve`.
pub fn run(args: Args) -> anyhow::Result<Exit> {
    let puzzle = puzzle(&args.board, args.goal.as_deref())?;
    let trace = trace_file(&args)?;
    let cache = crate::cmd::pdb::cache(args.search.pdb_dir.clone());
    let spec = choose(&puzzle, args.search.heuristic.as_deref(), &cache)?;
    let (pdbs, load_seconds) = databases(&spec, &puzzle, &cache)?;
    let tables = crate::cmd::pdb::tables(&pdbs);
    let stop = interrupt_flag();
    let limits = Limits { max_generated: args.search.max_nodes };
    let solved = match trace {
        None => searchlab_solver::solve(&puzzle, &spec, &tables, &limits, args.search.parallel, Some(&stop))
            .map_err(anyhow::Error::msg)?,
        Some((file, path)) => {
            let cap = if args.search.max_nodes.is_some() { u64::MAX } else { TRACE_EVENT_CAP };
            let mut trace = SolveTrace { sink: JsonLines::new(file), cap, too_large: false, children: Vec::new() };
            let mut tracer = IdaTracer::new(puzzle.goal(), |event| trace.on(event));
            let solved = solve_observed(&puzzle, &spec, &tables, &limits, Some(&stop), &mut tracer);
            drop(tracer);
            if let Ok(solved) = &solved {
                if !trace.too_large {
                    let kind = finish_kind(&solved.report);
                    let line: SolveEvent<'_> =
                        TraceEvent::Finished { kind, stats: SolveStats::new(solved, load_seconds) };
                    trace.sink.accept(line);
                }
            }
            let (too_large, lines) = (trace.too_large, trace.sink.lines());
            trace.sink.finish().with_context(|| format!("cannot write {}", path.display()))?;
            if too_large {
                return Err(Failure::new(
                    Exit::Limit,
                    format!(
                        "trace too large: stopped writing {} after {lines} events; use --max-nodes / an easier board",
                        path.display()
                    ),
                )
                .into());
            }
            solved.map_err(anyhow::Error::msg)?
        }
    };
    let r = &solved.report;
    let moves = match &r.outcome {
        Outcome::Solved(m) => m,
        Outcome::LimitReached { bound } => {
            return Err(Failure::new(
                Exit::Limit,
                format!(
                    "node limit reached after {} generated nodes; the optimal length is more than {bound}",
                    r.counts.generated
                ),
            )
            .into())
        }
        Outcome::Interrupted => return Err(Failure::new(Exit::Interrupted, "interrupted").into()),
    };
    let end = apply_moves(puzzle.width(), puzzle.start(), moves).expect("solution stays on the board");
    assert_eq!(end, puzzle.goal(), "the solution replays to the goal");
    let names: Vec<&'static str> = moves.iter().map(|m| m.name()).collect();
    if args.json {
        let answer = JsonAnswer {
            moves: names,
            stats: SolveStats::new(&solved, load_seconds),
            start: puzzle.start(),
            goal: puzzle.goal(),
        };
        println!("{}", serde_json::to_string(&answer)?);
    } else {
        println!("Optimal solution: {} moves (heuristic {}, initial h {})", moves.len(), solved.heuristic, r.initial_h);
        println!("Moves: {}", if names.is_empty() { "(already solved)".to_string() } else { names.join(" ") });
        println!(
            "Nodes: {} expanded, {} generated in {} iterations; {:.3} s ({:.1} M nodes/s)",
            r.counts.expanded,
            r.counts.generated,
            r.counts.iterations,
            r.seconds,
            r.counts.generated as f64 / r.seconds.max(1e-9) / 1e6
        );
    }
    Ok(Exit::Answered)
}
