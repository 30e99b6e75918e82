//! `searchlab report` for a local-search puzzle: each local strategy's solved share and
//! mean moves from many random starts, as a table and a bar plot; under `--sweep n=4..16`, for
//! each value of one field, with the shares and moves plotted against it.

use std::io::Write;

use searchlab_core::local::{LocalOptions, LocalStrategy};
use searchlab_registry::local::RegisteredLocal;
use searchlab_report::indicatif::ProgressBar;
use searchlab_report::{local_report, local_sweep};

use super::report_args::Args;
use crate::exit::Exit;

/// Runs `searchlab report` on a local-search puzzle.
pub fn run(puzzle: &dyn RegisteredLocal, args: &Args) -> anyhow::Result<Exit> {
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
