//! `searchlab digits`: the 3-digit puzzle, exactly as the course's grader expects.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use searchlab_core::catalog::Puzzle;
use searchlab_core::NoObserver;
use searchlab_threedigits::{parse_instance, parse_strategy, solve_dialect, Dialect, DigitsProblem, ThreeDigits};
use searchlab_trace::trace::RunLine;
use searchlab_trace::TraceWriter;

use crate::exit::Exit;

const AFTER_HELP: &str = "\
The input file holds the start number, the goal number and, optionally, a comma-separated
list of forbidden numbers, one per line:

  345
  555
  355,445,554

Output: line 1 is the path from start to goal (or \"No solution found.\"), line 2 the nodes
expanded, in order (at most 1000). Two nodes are the same when they have the same digits
and were reached by changing the same digit; the goal is tested when a node is selected;
heuristic strategies break ties by expanding the node added last.

The 2012 dialect (--dialect 2012), the assignment's older version, differs in four points:
  1. at the 1000-node limit the whole output is one line: Depth limit reached
  2. when the fringe runs empty, line 1 is empty (line 2 still lists the expanded nodes)
  3. hill-climbing that gets stuck prints the path to where it stopped
  4. every node with the start's number is the start node, so it is never expanded twice
Moves, child order, ties, the limit and IDS are the same.

Examples:
  searchlab digits B sample.txt          breadth-first search
  searchlab digits astar sample.txt      A* with the Manhattan heuristic
  searchlab digits A sample.txt --json   the same, as one JSON object
  searchlab digits H sample.txt --dialect 2012
                                         prints 320,310,210 twice: where the climb stopped
  searchlab digits A sample.txt --trace trace.jsonl
                                         the same answer; every search step written to
                                         trace.jsonl, one JSON object per line (docs/trace.md)

Exit codes: 0 answered (\"No solution found.\" included), 2 bad input.";

/// Arguments of `searchlab digits`.
#[derive(Debug, clap::Args)]
#[command(after_help = AFTER_HELP)]
pub struct Args {
    /// Strategy: B (BFS), D (DFS), I (IDS), G (Greedy), A (A*), H (Hill-climbing), either
    /// case, or a name: bfs, dfs, ids, greedy, astar, hill.
    #[arg(value_name = "STRATEGY")]
    pub strategy: String,
    /// The input file (start, goal, optional forbidden list).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Print one JSON object (algorithm, path or null, expanded list, statistics) instead
    /// of the two lines.
    #[arg(long)]
    pub json: bool,
    /// Also write every step of the search to FILE as JSON Lines (see docs/trace.md); the
    /// answer is the same.
    #[arg(long, value_name = "FILE")]
    pub trace: Option<PathBuf>,
    /// The assignment's version: current (2017 on) or 2012 (its four differences below).
    #[arg(long, value_name = "VERSION", default_value = "current", value_parser = parse_dialect)]
    pub dialect: Dialect,
}

/// `--dialect`: 2012, or current / 2017.
fn parse_dialect(text: &str) -> Result<Dialect, String> {
    text.parse().map_err(|e: searchlab_threedigits::UnknownDialect| e.to_string())
}

/// The largest input file read: a valid one is a few kilobytes (1000 forbidden numbers).
pub const MAX_INPUT_BYTES: u64 = 1 << 20;

/// Reads the input file, refusing one larger than [`MAX_INPUT_BYTES`] (also a device or pipe
/// that never ends) before holding it in memory.
fn read_input(path: &std::path::Path) -> anyhow::Result<Vec<u8>> {
    use std::io::Read;
    let file = std::fs::File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut bytes = Vec::new();
    file.take(MAX_INPUT_BYTES + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("cannot read {}", path.display()))?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        anyhow::bail!("{}: larger than {MAX_INPUT_BYTES} bytes, not a 3-digit puzzle input", path.display());
    }
    Ok(bytes)
}

/// Runs `searchlab digits`.
pub fn run(args: Args) -> anyhow::Result<Exit> {
    let strategy = match parse_strategy(&args.strategy) {
        Ok(strategy) => strategy,
        Err(_) if parse_strategy(&args.file.to_string_lossy()).is_ok() => {
            anyhow::bail!("the strategy comes first: searchlab digits {} {}", args.file.display(), args.strategy)
        }
        Err(e) => return Err(e.into()),
    };
    let bytes = read_input(&args.file)?;
    let instance = parse_instance(&bytes).with_context(|| format!("{}", args.file.display()))?;
    let answer = match &args.trace {
        None => solve_dialect(&instance, strategy, args.dialect, &mut NoObserver),
        Some(path) => {
            let file = crate::trace_file::create(path)?;
            let problem = DigitsProblem::with_dialect(instance.clone(), args.dialect);
            let name = searchlab_threedigits::letter(strategy).unwrap_or(strategy.name());
            let line = RunLine::new(ThreeDigits::NAME, name, ThreeDigits::fields(&instance));
            let mut tracer = TraceWriter::with_run_line(&problem, file, &line);
            let answer = solve_dialect(&instance, strategy, args.dialect, &mut tracer);
            let file = tracer.finish().with_context(|| format!("cannot write {}", path.display()))?;
            crate::trace_file::keep(file)?;
            answer
        }
    };
    let mut out = std::io::stdout().lock();
    if args.json {
        serde_json::to_writer(&mut out, &answer)?;
        writeln!(out)?;
    } else {
        write!(out, "{answer}")?;
    }
    out.flush()?;
    Ok(Exit::Answered)
}
