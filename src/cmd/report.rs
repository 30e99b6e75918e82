//! `searchlab report`: batch runs over random instances, grouped by optimal solution depth.

use std::io::Write;

use searchlab_registry::Registration;
use searchlab_report::indicatif::{ProgressBar, ProgressStyle};
use searchlab_report::ReportOptions;

pub use super::report_args::Args;
use crate::exit::Exit;

/// Runs `searchlab report`.
pub fn run(args: Args) -> anyhow::Result<Exit> {
    if let Some(experiment) = args.experiment {
        return super::report_experiment::run(experiment, &args);
    }
    if args.ids_limit.is_some() {
        anyhow::bail!("--ids-limit applies to --experiment branching");
    }
    if args.ids.is_some() || args.pdb_dir.is_some() {
        anyhow::bail!("--ids and --pdb-dir apply to --experiment korf100");
    }
    if !args.heuristic.is_empty() && args.puzzle != "npuzzle" {
        anyhow::bail!("--heuristic applies to npuzzle (its strategies that use h), not to {}", args.puzzle);
    }
    if args.heuristic.len() > 1 {
        anyhow::bail!("--heuristic is given once here (several only with --experiment korf100)");
    }
    let puzzle = match searchlab_registry::puzzle(&args.puzzle) {
        Some(Registration::Local(local)) => return super::report_local::run(local, &args),
        Some(Registration::Path(puzzle)) => puzzle,
        None => anyhow::bail!("unknown puzzle `{}`", args.puzzle),
    };
    if let Some(option) = [
        (args.runs.is_some(), "--runs"),
        (args.sideways.is_some(), "--sideways"),
        (!args.instance.is_empty(), "--instance"),
        (args.sweep.is_some(), "--sweep"),
        (args.schedule.is_some(), "--schedule"),
    ]
    .iter()
    .find_map(|(given, name)| given.then_some(name))
    {
        anyhow::bail!(
            "{option} applies to local search (searchlab report queens {option} …), not to the {}",
            args.puzzle
        );
    }
    let depths = args.depth.clone().unwrap_or(1..=12);
    let per_depth = args.per_depth.unwrap_or(20) as usize;
    let options = ReportOptions { depths, per_depth, seed: args.seed, heuristic: args.heuristic.first().cloned() };
    let progress = ProgressBar::new(0);
    progress.set_style(
        ProgressStyle::with_template("{msg:>18} [{bar:40}] {pos}/{len} runs, {elapsed}").unwrap_or_else(|_| {
            // The template is a constant; fall back to the default style if it ever fails.
            ProgressStyle::default_bar()
        }),
    );
    let entries = if args.algorithms.is_empty() {
        puzzle.strategies()
    } else {
        args.algorithms.iter().map(|a| puzzle.strategy(a)).collect::<Result<Vec<_>, _>>()?
    };
    let report = searchlab_report::scaling_report(puzzle, args.size.unwrap_or(3), &options, &entries, &progress)?;
    progress.finish_and_clear();
    let files = report.write_with_plots(&args.out, args.plot_format.into())?;
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "{} instances, {} runs; wrote {}",
        report.samples.len(),
        report.runs.len(),
        files.iter().map(|f| f.display().to_string()).collect::<Vec<_>>().join(", ")
    )?;
    Ok(Exit::Answered)
}
