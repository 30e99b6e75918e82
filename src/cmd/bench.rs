//! `searchlab bench`: solve published benchmark sets (or a file of boards), replay every solution,
//! check its length against the published optimum, and report per-instance and total figures.
//! Batches (`--jobs`, `--shard`, `--resume`, `--time-limit`) run in `searchlab_solver::batch`.

use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::Context;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use searchlab_npuzzle::Board;
use searchlab_solver::batch::{run_batch_reporting, settled, BatchConfig, BatchEnd, InstanceRecord, InstanceStatus};
use searchlab_solver::batch::{BatchProgressFn, LimitClock, Limits};
use searchlab_solver::batch::{ResumeLog, Shard};
use searchlab_solver::benchmarks::{parse_ids, parse_suite_file, BenchmarkInstance, Suite, SuiteFile};
use serde::Serialize;

use crate::exit::{Exit, Failure};
use crate::progress::BenchProgress;

const AFTER_HELP: &str = "\
Examples:
  searchlab bench korf100 --heuristic manhattan --ids 1-10
  searchlab bench korf100 --heuristic pdb-7-8
  searchlab bench korf100 --heuristic pdb-6-6-3 --csv > korf100.csv
  searchlab bench korf50-24 --heuristic pdb-6-6-6-6 --ids 25,40,29 --json
  searchlab bench korf50-24 --heuristic pdb-6-6-6-6 --jobs 2 --time-limit 300 --resume k50.jsonl
  searchlab bench korf50-24 --heuristic pdb-6-6-6-6 --time-limit 300 --limit-clock cpu   # shared machine
  searchlab bench my-boards.txt --shard 0/4 --resume shard0.jsonl   # slices 0/4 to 3/4
  searchlab bench korf50-24 --heuristic pdb-6-6-6-6,1.2.5.6.10.15/3.4.8.9.13.18/7.11.12.16.17.22/14.19.20.21.23.24 \
      --prune-duplicates 14 --time-limit 300 --limit-clock cpu   # the strongest setting: k in docs/solver.md

Suites (shipped with searchlab, goal = blank first): korf100 (Korf 1985, 100 random 15-puzzles)
and korf50-24 (Korf & Felner 2002, 50 random 24-puzzles); anything else is read as a file of
boards, one per line (`# id=N opt=L` after a board sets its id and optimal length; `#` lines
are comments). Times are the search alone, one core unless --parallel; cpu_s is the searching
thread's CPU time (the process's with --parallel). Databases are loaded (or built) before the
clock starts. --resume FILE appends one JSON line per finished instance and skips the instances
already there (same id, board and heuristic; solved, or stopped by a limit no smaller than this
run's, a time limit on the same --limit-clock); with every instance there it only prints, so `cat` of the shards' files, given to
--resume, merges them. Exit 3 when an instance was stopped by --time-limit or --max-generated.";

/// Arguments of `searchlab bench`.
#[derive(Debug, clap::Args)]
#[command(after_help = AFTER_HELP)]
pub struct Args {
    /// Benchmark set: korf100, korf50-24, or a file of boards (one per line).
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
    /// Solve N instances at once, one per thread (each search single-threaded).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: u16,
    /// Only slice K of N (0-based K): the selected instances at positions K, K+N, K+2N, ...
    #[arg(long, value_name = "K/N")]
    pub shard: Option<String>,
    /// Append one JSON line per finished instance to FILE and skip the instances already in it.
    #[arg(long, value_name = "FILE")]
    pub resume: Option<PathBuf>,
    /// Stop an instance after this many seconds of search (reported as stopped; exit 3).
    #[arg(long, value_name = "SECONDS")]
    pub time_limit: Option<f64>,
    /// The clock --time-limit counts: wall time, or the searching thread's CPU time (the time it
    /// actually ran, for measuring "solved within N s on one core" while other work shares the
    /// machine; the process's CPU time with --parallel).
    #[arg(long, value_enum, value_name = "CLOCK", default_value_t = LimitClockArg::Wall)]
    pub limit_clock: LimitClockArg,
    #[command(flatten)]
    pub search: crate::cmd::solve::SolverArgs,
}

/// `--limit-clock`: the clock of `--time-limit`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum LimitClockArg {
    /// Wall-clock time since the instance's search started.
    Wall,
    /// CPU time of the searching thread (of the process with --parallel); Linux, else wall time.
    Cpu,
}

impl From<LimitClockArg> for LimitClock {
    fn from(arg: LimitClockArg) -> LimitClock {
        match arg {
            LimitClockArg::Wall => LimitClock::Wall,
            LimitClockArg::Cpu => LimitClock::Cpu,
        }
    }
}

/// One row of the table.
#[derive(Debug, Serialize)]
struct Row {
    id: usize,
    optimal: Option<usize>,
    length: Option<usize>,
    ok: bool,
    initial_h: u32,
    nodes_expanded: u64,
    nodes_generated: u64,
    seconds: f64,
    cpu_seconds: f64,
    nodes_per_second: f64,
    status: InstanceStatus,
}

impl Row {
    fn new(record: &InstanceRecord, optimal: Option<usize>) -> Row {
        Row {
            id: record.id,
            optimal,
            length: record.length,
            ok: record.length.is_some() && (optimal.is_none() || record.length == optimal),
            initial_h: record.initial_h,
            nodes_expanded: record.nodes_expanded,
            nodes_generated: record.nodes_generated,
            seconds: record.seconds,
            cpu_seconds: record.cpu_seconds,
            nodes_per_second: record.nodes_generated as f64 / record.seconds.max(1e-9),
            status: record.status,
        }
    }

    fn print(&self, out: &mut impl Write) -> std::io::Result<()> {
        let dash = |v: Option<usize>| v.map_or("-".to_string(), |l| l.to_string());
        let note = match self.status {
            InstanceStatus::NodeLimit => "  STOPPED (node limit)",
            InstanceStatus::TimeLimit => "  STOPPED (time limit)",
            InstanceStatus::Solved if !self.ok => "  MISMATCH",
            InstanceStatus::Solved => "",
        };
        writeln!(
            out,
            "{:>4} {:>4} {:>6} {:>4} {:>14} {:>14} {:>9.3} {:>9.3} {:>8.1}{note}",
            self.id,
            dash(self.optimal),
            dash(self.length),
            self.initial_h,
            self.nodes_expanded,
            self.nodes_generated,
            self.seconds,
            self.cpu_seconds,
            self.nodes_per_second / 1e6,
        )?;
        out.flush()
    }
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

/// The shipped suite called `name`, else the file of boards at that path.
fn load_suite(name: &str) -> anyhow::Result<SuiteFile> {
    if let Ok(suite) = Suite::from_name(name) {
        return Ok(SuiteFile { instances: suite.instances(), optima: suite.optima() });
    }
    let text = std::fs::read_to_string(name)
        .with_context(|| format!("unknown suite {name:?}: expected korf100, korf50-24 or a file of boards"))?;
    parse_suite_file(&text).with_context(|| format!("suite file {name}"))
}

/// The instances this run reports: the suite, then `--ids`, then `--shard`, in the suite's order.
fn select(args: &Args, suite: &SuiteFile) -> anyhow::Result<Vec<BenchmarkInstance>> {
    let all = &suite.instances;
    let selected: Vec<BenchmarkInstance> = match &args.ids {
        Some(text) => {
            let mut v = Vec::new();
            for id in parse_ids(text, all.iter().map(|i| i.id).max().unwrap_or(0))? {
                let Some(inst) = all.iter().find(|i| i.id == id) else {
                    anyhow::bail!("--ids: {} has no instance {id} (1..={})", args.suite, all.len());
                };
                v.push(inst.clone());
            }
            v
        }
        None => all.clone(),
    };
    Ok(match &args.shard {
        Some(text) => text.parse::<Shard>()?.select(&selected).into_iter().cloned().collect(),
        None => selected,
    })
}

/// `--time-limit` in seconds as a duration (a positive number).
fn time_limit(seconds: Option<f64>) -> anyhow::Result<Option<Duration>> {
    match seconds {
        Some(s) => match Duration::try_from_secs_f64(s) {
            Ok(d) if s > 0.0 => Ok(Some(d)),
            _ => anyhow::bail!("--time-limit {s:?}: expected a positive number of seconds"),
        },
        None => Ok(None),
    }
}

/// The table's first lines: the suite, the heuristic and the databases' load time, then the
/// columns' names.
fn print_head(out: &mut impl Write, suite: &str, heuristic: &str, load_seconds: f64) -> anyhow::Result<()> {
    writeln!(out, "{suite} with {heuristic} (databases ready in {load_seconds:.3} s)")?;
    writeln!(
        out,
        "{:>4} {:>4} {:>6} {:>4} {:>14} {:>14} {:>9} {:>9} {:>8}",
        "id", "opt", "length", "h0", "expanded", "generated", "seconds", "cpu_s", "Mnodes/s"
    )?;
    Ok(())
}

/// The bar of instances done (hidden under `--no-progress`).
fn progress_bar(instances: usize, hidden: bool) -> ProgressBar {
    let bar = ProgressBar::new(instances as u64);
    if hidden {
        bar.set_draw_target(ProgressDrawTarget::hidden());
    }
    bar.set_style(
        ProgressStyle::with_template("{pos}/{len} instances [{elapsed_precise}] {wide_bar} ETA {eta}\n{msg}")
            .expect("valid template"),
    );
    bar
}

/// Runs `searchlab bench`.
pub fn run(args: Args) -> anyhow::Result<Exit> {
    let suite = load_suite(&args.suite)?;
    let instances = select(&args, &suite)?;
    if args.search.parallel && args.jobs > 1 {
        anyhow::bail!("--parallel searches one instance on all cores: use it with --jobs 1");
    }
    let time_limit = time_limit(args.time_limit)?;
    let width = instances.first().map_or(suite.instances[0].start.width(), |i| i.start.width());
    let goal = Board::goal(width)?;
    let solver = crate::cmd::solve::solver(&goal, &args.search)?;
    let heuristic = solver.heuristic_name().to_string();
    let clock = LimitClock::from(args.limit_clock);
    let limits = Limits { time_limit, clock, max_generated: args.search.max_generated };
    let (mut log, mut done) = match &args.resume {
        Some(path) => {
            let (log, records) = ResumeLog::open(path)?;
            (Some(log), settled(&instances, &records, &heuristic, &limits, &goal))
        }
        None => (None, vec![None; instances.len()]),
    };
    let todo: Vec<usize> = (0..instances.len()).filter(|&i| done[i].is_none()).collect();
    let optimum = |id: usize| suite.optima.iter().find(|(i, _)| *i == id).map(|&(_, l)| l);
    let table_mode = !args.json && !args.csv;
    let mut out = std::io::stdout().lock();
    let load_seconds = solver.load_seconds();
    if table_mode {
        print_head(&mut out, &args.suite, &solver.heuristic().name(), load_seconds)?;
    }
    let bar = progress_bar(todo.len(), args.search.no_progress);
    let searches = (!bar.is_hidden()).then(|| BenchProgress::new(bar.clone()));
    // Rows are printed in the suite's order, each as soon as every row before it is known.
    let mut printed = 0;
    let mut print_ready = |done: &[Option<InstanceRecord>], out: &mut std::io::StdoutLock| -> anyhow::Result<()> {
        while let Some(Some(record)) = done.get(printed) {
            if table_mode {
                bar.suspend(|| Row::new(record, optimum(record.id)).print(out))?;
            }
            printed += 1;
        }
        Ok(())
    };
    print_ready(&done, &mut out)?;
    let to_run: Vec<BenchmarkInstance> = todo.iter().map(|&i| instances[i].clone()).collect();
    let stop = Some(crate::interrupt::flag());
    let config = BatchConfig { jobs: usize::from(args.jobs), time_limit, clock, stop };
    let ids: Vec<usize> = to_run.iter().map(|i| i.id).collect();
    let report_to = searches.as_ref().map(|s| |k: usize, p: &_| s.report(k, ids[k], p));
    let report_to = report_to.as_ref().map(|f| f as &BatchProgressFn<'_>);
    let end = run_batch_reporting(&solver, &to_run, &config, report_to, |k, record| -> anyhow::Result<()> {
        if let Some(s) = &searches {
            s.done(k);
        }
        if let Some(log) = log.as_mut() {
            log.append(&record)?;
        }
        done[todo[k]] = Some(record);
        bar.inc(1);
        print_ready(&done, &mut out)
    })?;
    bar.finish_and_clear();
    if end == BatchEnd::Interrupted {
        let saved =
            args.resume.as_ref().map_or(String::new(), |p| format!(" (finished instances are in {})", p.display()));
        return Err(Failure::new(Exit::Interrupted, format!("interrupted{saved}")).into());
    }
    let rows: Vec<Row> = done.iter().flatten().map(|r| Row::new(r, optimum(r.id))).collect();
    report(&args, &heuristic, load_seconds, &rows, &mut out)
}

/// Prints the totals (or the JSON/CSV document) and chooses the exit status.
fn report(args: &Args, heuristic: &str, load_seconds: f64, rows: &[Row], out: &mut impl Write) -> anyhow::Result<Exit> {
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
            heuristic,
            pdb_load_seconds: load_seconds,
            instances: rows,
            totals: &totals,
        };
        writeln!(out, "{}", serde_json::to_string_pretty(&doc)?)?;
    } else if args.csv {
        let mut w = csv::Writer::from_writer(out);
        for row in rows {
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
    let stopped = |status| rows.iter().filter(|r| r.status == status).count();
    let (by_time, by_nodes) = (stopped(InstanceStatus::TimeLimit), stopped(InstanceStatus::NodeLimit));
    if rows.iter().any(|r| r.status == InstanceStatus::Solved && !r.ok) {
        anyhow::bail!("some solution lengths differ from the published optima");
    }
    if by_time + by_nodes > 0 {
        let message = match (by_time, by_nodes) {
            (t, 0) => format!("{t} instance(s) stopped by --time-limit"),
            (0, n) => format!("{n} instance(s) stopped by --max-generated"),
            (t, n) => format!("{t} instance(s) stopped by --time-limit, {n} by --max-generated"),
        };
        return Err(Failure::new(Exit::Limit, message).into());
    }
    Ok(Exit::Answered)
}
