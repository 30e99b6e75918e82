//! `searchlab report npuzzle --experiment korf100`: the heuristics table on the 15-puzzle. Korf's
//! 100 instances solved by the optimal solver's IDA* with each `--heuristic` (the same batches as
//! `searchlab bench`, on every core), tabulated by `searchlab_report::experiment::Korf`.

use anyhow::Context;
use searchlab_npuzzle::Board;
use searchlab_report::experiment::{Korf, KorfRecord};
use searchlab_report::indicatif::{ProgressBar, ProgressStyle};
use searchlab_solver::batch::{run_batch_reporting, BatchConfig, BatchEnd, InstanceStatus, LimitClock};
use searchlab_solver::benchmarks::{parse_ids, BenchmarkInstance, Suite};

use super::report_args::Args;
use super::solve::SolverArgs;
use crate::exit::{Exit, Failure};

/// The heuristics compared when `--heuristic` is not given: the two of the solver without tables,
/// and the two partitions of pattern databases built in seconds.
pub const DEFAULT_HEURISTICS: [&str; 4] = ["manhattan", "manhattan-lc", "pdb-5-5-5", "pdb-6-6-3"];

/// Solves the chosen instances with every heuristic and returns the table.
pub fn run(args: &Args) -> anyhow::Result<Korf> {
    let suite = Suite::Korf100;
    let all = suite.instances();
    let instances: Vec<BenchmarkInstance> = match &args.ids {
        Some(text) => {
            let ids = parse_ids(text, all.len()).with_context(|| format!("--ids {text}"))?;
            ids.iter().filter_map(|&id| all.iter().find(|i| i.id == id).cloned()).collect()
        }
        None => all,
    };
    let names: Vec<String> = if args.heuristic.is_empty() {
        DEFAULT_HEURISTICS.iter().map(|h| h.to_string()).collect()
    } else {
        args.heuristic.clone()
    };
    let goal = Board::goal(4)?;
    let optima = suite.optima();
    let (mut records, mut heuristics) = (Vec::new(), Vec::new());
    for name in &names {
        let solver = crate::cmd::solve::solver(&goal, &solver_args(name, args))?;
        let heuristic = solver.heuristic_name().to_string();
        let bar = ProgressBar::new(instances.len() as u64);
        let style = ProgressStyle::with_template("{msg:>24} [{bar:40}] {pos}/{len} instances, {elapsed}");
        bar.set_style(style.unwrap_or_else(|_| ProgressStyle::default_bar()));
        bar.set_message(heuristic.clone());
        let jobs = std::thread::available_parallelism().map_or(1, usize::from);
        let config =
            BatchConfig { jobs, time_limit: None, clock: LimitClock::Wall, stop: Some(crate::interrupt::flag()) };
        let mut solved = Vec::new();
        let end = run_batch_reporting(&solver, &instances, &config, None, |_, record| -> anyhow::Result<()> {
            bar.inc(1);
            solved.push(record);
            Ok(())
        })?;
        bar.finish_and_clear();
        if end == BatchEnd::Interrupted {
            return Err(Failure::new(Exit::Interrupted, "interrupted").into());
        }
        solved.sort_by_key(|r| r.id);
        for r in solved {
            let (Some(length), InstanceStatus::Solved) = (r.length, r.status) else {
                anyhow::bail!("instance {} was not solved with {heuristic}", r.id);
            };
            if optima.iter().any(|&(id, optimal)| id == r.id && optimal != length) {
                anyhow::bail!("instance {} took {length} moves with {heuristic}: not the published optimum", r.id);
            }
            records.push(KorfRecord {
                id: r.id,
                d: length as u64,
                heuristic: heuristic.clone(),
                initial_h: r.initial_h,
                generated: r.nodes_generated,
                expanded: r.nodes_expanded,
                seconds: r.seconds,
            });
        }
        heuristics.push(heuristic);
    }
    Ok(Korf { records, heuristics })
}

/// The solver's options for one heuristic: the defaults of `searchlab solve` otherwise.
fn solver_args(heuristic: &str, args: &Args) -> SolverArgs {
    SolverArgs {
        heuristic: Some(heuristic.to_string()),
        pdb_dir: args.pdb_dir.clone(),
        max_generated: None,
        parallel: false,
        prune_duplicates: None,
        compact_tables: false,
        memory_limit: None,
        no_progress: true,
    }
}
