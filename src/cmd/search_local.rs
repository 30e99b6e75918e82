//! `searchlab search` for a puzzle registered for local search (`searchlab search queens hill
//! --n 8 --runs 2000 --seed 7`): many runs from random starts, the solved share and the mean
//! steps. Only parsing and printing: the runs are `searchlab_core::local::run_many` through
//! the registry (`searchlab_registry::local`).

use searchlab_core::local::{LocalOptions, LocalStrategy};
use searchlab_registry::local::RegisteredLocal;

use anyhow::Context;

use super::search_args::Args;
use crate::exit::Exit;

/// The most runs one `--trace` file takes (each run's every move is a line).
pub const MAX_TRACED_RUNS: u64 = 100;

/// Runs `args` on the local-search puzzle `puzzle`.
pub fn run(puzzle: &dyn RegisteredLocal, args: &Args) -> anyhow::Result<Exit> {
    if let Some((name, _)) = args.fields.iter().find(|(name, _)| !puzzle.fields().iter().any(|f| f.name == *name)) {
        let reads: Vec<String> = puzzle.fields().iter().map(|f| format!("--{}", f.name)).collect();
        anyhow::bail!("--{name} is not an option of the {}: it reads {}", puzzle.title(), reads.join(", "));
    }
    if args.weight.is_some() {
        anyhow::bail!("--weight applies to weighted-astar (path search), not to local search");
    }
    if args.max_expansions.is_some() {
        anyhow::bail!(
            "--max-expansions applies to path search; local search stops by its own rules (a solution, no better move)"
        );
    }
    let strategy = LocalStrategy::parse(&args.strategy, puzzle.title()).map_err(anyhow::Error::msg)?;
    if args.sideways.is_some() && !strategy.takes_sideways() {
        anyhow::bail!("--sideways applies to hill, hill-restart and local-beam, not to {}", strategy.name());
    }
    if args.width.is_some() && strategy != LocalStrategy::Beam {
        anyhow::bail!("--width applies to local-beam, not to {}", strategy.name());
    }
    if args.schedule.is_some() && strategy != LocalStrategy::Annealing {
        anyhow::bail!("--schedule applies to annealing, not to {}", strategy.name());
    }
    let defaults = LocalOptions::default();
    let options = LocalOptions {
        sideways: args.sideways.unwrap_or(0),
        width: args.width.unwrap_or(defaults.width),
        schedule: args.schedule.unwrap_or(defaults.schedule),
        ..defaults
    };
    let (runs, seed) = (args.runs.unwrap_or(1), args.seed.unwrap_or(1));
    let field = |name: &str| args.fields.iter().find(|(n, _)| *n == name).map(|(_, v)| v.clone()).unwrap_or_default();
    let summary = match &args.trace {
        None => puzzle.run_many(&field, strategy, &options, runs, seed)?,
        Some(_) if runs > MAX_TRACED_RUNS => anyhow::bail!(
            "--trace writes every move of every run: at most {MAX_TRACED_RUNS} runs (--runs {runs} asked)"
        ),
        Some(path) => {
            let mut file = crate::trace_file::create(path)?;
            let (summary, written) = puzzle.run_many_traced(&field, strategy, &options, runs, seed, &mut file)?;
            written.with_context(|| format!("cannot write {}", path.display()))?;
            crate::trace_file::keep(file)?;
            summary
        }
    };
    if args.json {
        let instance: serde_json::Map<String, serde_json::Value> =
            puzzle.fields().iter().map(|f| (f.name.to_string(), field(f.name).into())).collect();
        let mut value = serde_json::to_value(&summary)?;
        value["puzzle"] = puzzle.name().into();
        value["instance"] = instance.into();
        value["sideways"] = options.sideways.into();
        if strategy == LocalStrategy::Beam {
            value["width"] = options.width.into();
        }
        if strategy == LocalStrategy::Annealing {
            value["schedule"] = options.schedule.to_string().into();
        }
        crate::output::print(&format!("{value}\n"))?;
    } else {
        let steps = |mean: Option<f64>| mean.map_or("–".to_string(), |m| format!("{m:.1}"));
        crate::output::print(&format!(
            "{}, {}: solved {} of {} runs ({:.1} %); mean steps {} when solved, {} when stuck (seed {seed})\n",
            puzzle.title(),
            strategy.name(),
            summary.solved,
            summary.runs,
            summary.solved_share * 100.0,
            steps(summary.mean_steps_solved),
            steps(summary.mean_steps_stuck),
        ))?;
    }
    Ok(if summary.solved > 0 { Exit::Answered } else { Exit::NoSolution })
}
