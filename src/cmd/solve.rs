//! `searchlab solve`: optimal solution of one sliding-tile board with IDA*.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use searchlab_npuzzle::Board;
use searchlab_solver::pdb::{LoadedPdb, PdbCache};
use searchlab_solver::solve::{PARTITIONS_4X4, PARTITIONS_5X5};
use searchlab_solver::{apply_moves, HeuristicSpec, Limits, Outcome, Puzzle, PuzzleError};
use serde::Serialize;

use crate::exit::{Exit, Failure};

const AFTER_HELP: &str = "\
Examples:
  searchlab solve 14,13,15,7,11,12,9,5,6,0,2,1,4,8,10,3
  searchlab solve --heuristic pdb-7-8 --json 14,13,15,7,11,12,9,5,6,0,2,1,4,8,10,3
  searchlab solve --heuristic manhattan 8,6,7,2,5,4,3,0,1
  searchlab solve --goal 1,2,3,4,5,6,7,8,0 8,6,7,2,5,4,3,0,1

Boards are row-major, comma-separated, 0 = blank; the default goal is blank first (0,1,2,...).
Moves name the direction the blank travels. Heuristics: manhattan, manhattan-lc, pdb-<sizes>
(pdb-7-8, pdb-6-6-3, pdb-5-5-5 on 4x4, pdb-6-6-6-6 on 5x5; looked up on the board and its
mirror image, add -noreflect to skip the mirror). The default is the best available: the best
pattern databases already in the cache, else pdb-5-5-5 on 4x4 (built on first use, seconds),
else manhattan-lc. Missing databases are built on first use and saved (stderr says so).";

/// Arguments of `searchlab solve`.
#[derive(Debug, clap::Args)]
#[command(after_help = AFTER_HELP)]
pub struct Args {
    /// The start board, e.g. 14,13,15,7,11,12,9,5,6,0,2,1,4,8,10,3.
    pub board: String,
    /// The goal board (default: blank first, 0,1,2,...).
    #[arg(long)]
    pub goal: Option<String>,
    /// Heuristic: manhattan, manhattan-lc, pdb-7-8, pdb-6-6-3, pdb-5-5-5, pdb-6-6-6-6 (default: best available).
    #[arg(long)]
    pub heuristic: Option<String>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Pattern-database folder (default: the user's cache directory, e.g. ~/.cache/searchlab/pdb).
    #[arg(long)]
    pub pdb_dir: Option<PathBuf>,
    /// Give up after generating this many nodes (exit 3; checked between iterations with --parallel).
    #[arg(long)]
    pub max_nodes: Option<u64>,
    /// Search subtrees on all cores (rayon); node counts of the last iteration then vary.
    #[arg(long)]
    pub parallel: bool,
}

#[derive(Serialize)]
struct JsonAnswer<'a> {
    moves: Vec<&'static str>,
    length: usize,
    nodes_expanded: u64,
    nodes_generated: u64,
    iterations: u32,
    initial_h: u32,
    seconds: f64,
    pdb_load_seconds: f64,
    heuristic: &'a str,
    start: &'a [u8],
    goal: &'a [u8],
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
    let cache = crate::cmd::pdb::cache(args.pdb_dir);
    let spec = choose(&puzzle, args.heuristic.as_deref(), &cache)?;
    let (pdbs, load_seconds) = databases(&spec, &puzzle, &cache)?;
    let tables = crate::cmd::pdb::tables(&pdbs);
    let stop = interrupt_flag();
    let limits = Limits { max_generated: args.max_nodes };
    let solved = searchlab_solver::solve(&puzzle, &spec, &tables, &limits, args.parallel, Some(&stop))
        .map_err(anyhow::Error::msg)?;
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
            length: moves.len(),
            nodes_expanded: r.counts.expanded,
            nodes_generated: r.counts.generated,
            iterations: r.counts.iterations,
            initial_h: r.initial_h,
            seconds: r.seconds,
            pdb_load_seconds: load_seconds,
            heuristic: &solved.heuristic,
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
