//! `searchlab bench`: solve published benchmark sets, replay every solution, check its length
//! against the published optimum, and report per-instance and total figures.

use std::io::Write;

use searchlab_npuzzle::Board;
use searchlab_solver::benchmarks::{parse_ids, Suite};
use searchlab_solver::IdaOutcome;
use serde::Serialize;

use crate::exit::{Exit, Failure};

const AFTER_HELP: &str = "\
Examples:
  searchlab bench korf100 --heuristic manhattan --ids 1-10
  searchlab bench korf100 --heuristic pdb-7-8
  searchlab bench korf100 --heuristic pdb-6-6-3 --csv > korf100.csv
  searchlab bench korf50-24 --heuristic pdb-6-6-6-6 --ids 25,40,29 --json

Suites (shipped with searchlab, goal = blank first): korf100 (Korf 1985, 100 random 15-puzzles)
and korf50-24 (Korf & Felner 2002, 50 random 24-puzzles). Times are the search alone, one core
unless --parallel; cpu_s is the searching thread's CPU time (the process's with --parallel). Databases are loaded (or built) before the clock starts.";

/// Arguments of `searchlab bench`.
#[derive(Debug, clap::Args)]
#[command(after_help = AFTER_HELP)]
pub struct Args {
    /// Benchmark set: korf100 or korf50-24.
    pub suite: String,
    /// Instances to run, e.g. 1-10,25 (default: all).
    #[arg(long)]
    pub ids: Option<String>,
    /// Print one JSON document (instances and totals).
    #[arg(long, conflicts_with = "csv")]
    pub json: bool,
    /// Print the per-instance table as CSV.
    #[arg(long)]
    pub csv: bool,
    #[command(flatten)]
    pub search: crate::cmd::solve::SolverArgs,
}

/// One row of the table.
#[derive(Debug, Serialize)]
struct Row {
    id: usize,
    optimal: usize,
    length: Option<usize>,
    ok: bool,
    initial_h: u32,
    nodes_expanded: u64,
    nodes_generated: u64,
    seconds: f64,
    cpu_seconds: f64,
    nodes_per_second: f64,
}

#[derive(Debug, Serialize)]
struct Totals {
    instances: usize,
    solved_optimally: usize,
    nodes_expanded: u64,
    nodes_generated: u64,
    seconds: f64,
    cpu_seconds: f64,
    nodes_per_second: f64,
}

#[derive(Debug, Serialize)]
struct Document<'a> {
    suite: &'a str,
    heuristic: &'a str,
    pdb_load_seconds: f64,
    instances: &'a [Row],
    totals: &'a Totals,
}

/// CPU time of the calling thread in seconds (Linux `schedstat`; `None` elsewhere).
fn thread_cpu_seconds() -> Option<f64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = s.split_whitespace().next()?.parse().ok()?;
    Some(ns as f64 / 1e9)
}

/// CPU time of the whole process in seconds (Linux `/proc/self/stat`, 100 ticks per second).
fn process_cpu_seconds() -> Option<f64> {
    let s = std::fs::read_to_string("/proc/self/stat").ok()?;
    let rest = s.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let utime: u64 = fields.get(11)?.parse().ok()?;
    let stime: u64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) as f64 / 100.0)
}

/// Runs `searchlab bench`.
pub fn run(args: Args) -> anyhow::Result<Exit> {
    let suite = Suite::from_name(&args.suite)?;
    let instances = suite.instances();
    let optima = suite.optima();
    let selected: Vec<usize> = match &args.ids {
        Some(text) => parse_ids(text, instances.len())?,
        None => instances.iter().map(|i| i.id).collect(),
    };
    for id in &selected {
        if !instances.iter().any(|i| i.id == *id) {
            anyhow::bail!("--ids: {} has no instance {id} (1..={})", args.suite, instances.len());
        }
    }
    let first = instances.iter().find(|i| i.id == selected[0]).expect("checked");
    let goal = Board::goal(first.start.width())?;
    let solver = crate::cmd::solve::solver(&goal, &args.search)?;
    let load_seconds = solver.load_seconds();
    let table_mode = !args.json && !args.csv;
    let mut out = std::io::stdout().lock();
    if table_mode {
        writeln!(out, "{} with {} (databases ready in {load_seconds:.3} s)", args.suite, solver.heuristic().name())?;
        writeln!(
            out,
            "{:>4} {:>4} {:>6} {:>4} {:>14} {:>14} {:>9} {:>9} {:>8}",
            "id", "opt", "length", "h0", "expanded", "generated", "seconds", "cpu_s", "Mnodes/s"
        )?;
    }
    let mut rows = Vec::new();
    for id in &selected {
        let inst = instances.iter().find(|i| i.id == *id).expect("checked");
        let optimal = optima.iter().find(|(i, _)| i == id).map(|&(_, l)| l).unwrap_or(0);
        let cpu_now = || if args.search.parallel { process_cpu_seconds() } else { thread_cpu_seconds() };
        let cpu0 = cpu_now();
        let r = solver.solve(&inst.start)?;
        let cpu = match (cpu0, cpu_now()) {
            (Some(a), Some(b)) => b - a,
            _ => r.seconds,
        };
        let length = match &r.outcome {
            IdaOutcome::Solved(moves) => {
                if inst.start.apply_moves(moves).as_ref() != Some(&goal) {
                    return Err(anyhow::anyhow!("instance {id}: the solution does not replay to the goal"));
                }
                Some(moves.len())
            }
            IdaOutcome::Unsolvable => return Err(anyhow::anyhow!("instance {id} is unsolvable")),
            IdaOutcome::LimitReached { .. } => None,
            IdaOutcome::Interrupted => return Err(Failure::new(Exit::Interrupted, "interrupted").into()),
        };
        let row = Row {
            id: *id,
            optimal,
            length,
            ok: length == Some(optimal),
            initial_h: r.initial_h,
            nodes_expanded: r.counts.expanded,
            nodes_generated: r.counts.generated,
            seconds: r.seconds,
            cpu_seconds: cpu,
            nodes_per_second: r.counts.generated as f64 / r.seconds.max(1e-9),
        };
        if table_mode {
            writeln!(
                out,
                "{:>4} {:>4} {:>6} {:>4} {:>14} {:>14} {:>9.3} {:>9.3} {:>8.1}{}",
                row.id,
                row.optimal,
                row.length.map_or("-".to_string(), |l| l.to_string()),
                row.initial_h,
                row.nodes_expanded,
                row.nodes_generated,
                row.seconds,
                row.cpu_seconds,
                row.nodes_per_second / 1e6,
                if row.ok { "" } else { "  MISMATCH" }
            )?;
            out.flush()?;
        }
        rows.push(row);
    }
    let seconds: f64 = rows.iter().map(|r| r.seconds).sum();
    let totals = Totals {
        instances: rows.len(),
        solved_optimally: rows.iter().filter(|r| r.ok).count(),
        nodes_expanded: rows.iter().map(|r| r.nodes_expanded).sum(),
        nodes_generated: rows.iter().map(|r| r.nodes_generated).sum(),
        seconds,
        cpu_seconds: rows.iter().map(|r| r.cpu_seconds).sum(),
        nodes_per_second: rows.iter().map(|r| r.nodes_generated).sum::<u64>() as f64 / seconds.max(1e-9),
    };
    if args.json {
        let doc = Document {
            suite: &args.suite,
            heuristic: solver.heuristic_name(),
            pdb_load_seconds: load_seconds,
            instances: &rows,
            totals: &totals,
        };
        writeln!(out, "{}", serde_json::to_string_pretty(&doc)?)?;
    } else if args.csv {
        let mut w = csv::Writer::from_writer(out);
        for row in &rows {
            w.serialize(row)?;
        }
        w.flush()?;
    } else {
        writeln!(
            out,
            "total: {}/{} optimal, {} expanded, {} generated, {:.3} s ({:.3} s CPU), {:.1} M nodes/s",
            totals.solved_optimally,
            totals.instances,
            totals.nodes_expanded,
            totals.nodes_generated,
            totals.seconds,
            totals.cpu_seconds,
            totals.nodes_per_second / 1e6
        )?;
    }
    if totals.solved_optimally != totals.instances {
        let unsolved = rows.iter().filter(|r| r.length.is_none()).count();
        if unsolved == 0 {
            return Err(anyhow::anyhow!("some solution lengths differ from the published optima"));
        }
        return Err(Failure::new(Exit::Limit, format!("{unsolved} instance(s) stopped by --max-generated")).into());
    }
    Ok(Exit::Answered)
}
