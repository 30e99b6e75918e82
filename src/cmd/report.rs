//! `searchlab report`: batch runs over random instances, grouped by optimal solution depth;
//! for a local-search puzzle, each strategy's solved share over many random starts.

use std::io::Write;

use searchlab_core::local::{LocalOptions, LocalStrategy};
use searchlab_registry::local::RegisteredLocal;
use searchlab_registry::Registration;
use searchlab_report::indicatif::{ProgressBar, ProgressStyle};
use searchlab_report::{local_report, local_sweep, ReportOptions};

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
        Some(Registration::Local(local)) => return run_local(local, &args),
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

/// `searchlab report` on a local-search puzzle: each local strategy's solved share and mean
/// moves from many random starts, as a table and a bar plot; under `--sweep n=4..16`, for each
/// value of one field, with the shares and moves plotted against it.
fn run_local(puzzle: &dyn RegisteredLocal, args: &Args) -> anyhow::Result<Exit> {
    if let Some(option) =
        [(args.size.is_some(), "--size"), (args.depth.is_some(), "--depth"), (args.per_depth.is_some(), "--per-depth")]
            .iter()
            .find_map(|(given, name)| given.then_some(name))
    {
        anyhow::bail!(
            "{option} applies to path search; the {} is a local-search puzzle: use --runs, --instance NAME=VALUE",
            puzzle.title()
        );
    }
    let mut fields: Vec<(String, String)> = Vec::new();
    for pair in &args.instance {
        let Some((name, value)) = pair.split_once('=') else {
            anyhow::bail!("--instance {pair}: write NAME=VALUE (the {} reads {})", puzzle.title(), reads(puzzle));
        };
        if !puzzle.fields().iter().any(|f| f.name == name.trim()) {
            anyhow::bail!("--instance {pair}: the {} reads {}", puzzle.title(), reads(puzzle));
        }
        fields.push((name.trim().to_string(), value.trim().to_string()));
    }
    let field = |name: &str| fields.iter().rev().find(|(n, _)| n == name).map(|(_, v)| v.clone()).unwrap_or_default();
    let strategies = if args.algorithms.is_empty() {
        LocalStrategy::ALL.iter().map(|&(_, s)| s).collect()
    } else {
        args.algorithms
            .iter()
            .map(|a| LocalStrategy::parse(a, puzzle.title()).map_err(anyhow::Error::msg))
            .collect::<Result<Vec<_>, _>>()?
    };
    let defaults = LocalOptions::default();
    let options = LocalOptions {
        sideways: args.sideways.unwrap_or(0),
        schedule: args.schedule.unwrap_or(defaults.schedule),
        ..defaults
    };
    let values: Vec<u64> = args.sweep.as_ref().map(|(_, range)| range.clone().collect()).unwrap_or_default();
    if let Some((name, _)) = &args.sweep {
        if !puzzle.fields().iter().any(|f| f.name == name) {
            anyhow::bail!("--sweep {name}=…: the {} reads {}", puzzle.title(), reads(puzzle));
        }
        if fields.iter().any(|(n, _)| n == name) {
            anyhow::bail!("--instance {name}=… and --sweep {name}=… both set {name}: keep one");
        }
    }
    let progress = ProgressBar::new((strategies.len() * values.len().max(1)) as u64);
    let tell = |name: &str| {
        progress.set_message(name.to_string());
        progress.inc(1);
    };
    let (runs, seed) = (args.runs.unwrap_or(500), args.seed);
    let (files, what) = match &args.sweep {
        None => {
            let report = local_report(puzzle, &field, &strategies, &options, (runs, seed), &tell)?;
            progress.finish_and_clear();
            (report.write(&args.out, args.plot_format.into())?, String::new())
        }
        Some((name, _)) => {
            let sweep = local_sweep(puzzle, &field, (name, &values), &strategies, &options, (runs, seed), &tell)?;
            progress.finish_and_clear();
            (sweep.write(&args.out, args.plot_format.into())?, format!(", {} values of {name}", values.len()))
        }
    };
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "{} strateg{}{what}, {runs} runs each; wrote {}",
        strategies.len(),
        if strategies.len() == 1 { "y" } else { "ies" },
        files.iter().map(|f| f.display().to_string()).collect::<Vec<_>>().join(", ")
    )?;
    Ok(Exit::Answered)
}

fn reads(puzzle: &dyn RegisteredLocal) -> String {
    puzzle.fields().iter().map(|f| f.name).collect::<Vec<_>>().join(", ")
}
