//! `searchlab report npuzzle --experiment NAME`: the textbook's experiments on the 8-puzzle
//! (the complete table of distances, the heuristics table) and the heuristics table on the
//! 15-puzzle (Korf's 100), each written as a report of its own.

use std::io::Write;
use std::path::PathBuf;

use searchlab_report::experiment::{branching, distances, BranchingOptions};
use searchlab_report::indicatif::{ProgressBar, ProgressStyle};

use super::report_args::{Args, Experiment};
use crate::exit::Exit;

/// The boards per depth of the heuristics table when `--per-depth` is not given (the book's).
const PER_DEPTH: u32 = 100;
/// Iterative deepening's limit per board when `--ids-limit` is not given.
const IDS_LIMIT: u64 = 5_000_000;

/// Runs one experiment.
pub fn run(experiment: Experiment, args: &Args) -> anyhow::Result<Exit> {
    let size = if experiment == Experiment::Korf100 { 4 } else { 3 };
    if args.puzzle != "npuzzle" || args.size.is_some_and(|s| s != size) {
        anyhow::bail!(
            "--experiment {} runs on the {}-puzzle: searchlab report npuzzle --experiment …",
            name(experiment),
            size * size - 1
        );
    }
    let given = |on: bool, name: &'static str| on.then_some(name);
    let korf_only = [given(args.ids.is_some(), "--ids"), given(args.pdb_dir.is_some(), "--pdb-dir")];
    let unused = match experiment {
        Experiment::Distances => vec![
            given(args.depth.is_some(), "--depth"),
            given(args.per_depth.is_some(), "--per-depth"),
            given(args.ids_limit.is_some(), "--ids-limit"),
            given(!args.heuristic.is_empty(), "--heuristic"),
        ],
        Experiment::Branching => vec![given(!args.heuristic.is_empty(), "--heuristic")],
        Experiment::Korf100 => vec![
            given(args.depth.is_some(), "--depth"),
            given(args.per_depth.is_some(), "--per-depth"),
            given(args.ids_limit.is_some(), "--ids-limit"),
        ],
    };
    let korf_only = if experiment == Experiment::Korf100 { vec![] } else { korf_only.to_vec() };
    let algorithms = given(!args.algorithms.is_empty(), "--algorithms");
    if let Some(option) = unused.into_iter().chain(korf_only).chain([algorithms]).flatten().next() {
        anyhow::bail!("{option} does not apply to --experiment {}", name(experiment));
    }
    let started = std::time::Instant::now();
    let files = match experiment {
        Experiment::Distances => distances().write(&args.out, args.plot_format.into())?,
        Experiment::Branching => {
            let options = BranchingOptions {
                depths: args.depth.clone().unwrap_or(2..=24),
                per_depth: args.per_depth.unwrap_or(PER_DEPTH) as usize,
                seed: args.seed,
                ids_limit: args.ids_limit.unwrap_or(IDS_LIMIT),
            };
            let progress = ProgressBar::new(0);
            let style = ProgressStyle::with_template("{msg:>18} [{bar:40}] {pos}/{len} boards, {elapsed}");
            progress.set_style(style.unwrap_or_else(|_| ProgressStyle::default_bar()));
            let table = branching(&options, &progress)?;
            progress.finish_and_clear();
            table.write(&args.out, args.plot_format.into())?
        }
        Experiment::Korf100 => super::report_korf::run(args)?.write(&args.out, args.plot_format.into())?,
    };
    let shown: Vec<String> = files.iter().map(|f: &PathBuf| f.display().to_string()).collect();
    let seconds = started.elapsed().as_secs_f64();
    writeln!(std::io::stdout().lock(), "{} in {seconds:.1} s; wrote {}", name(experiment), shown.join(", "))?;
    Ok(Exit::Answered)
}

fn name(experiment: Experiment) -> &'static str {
    match experiment {
        Experiment::Distances => "distances",
        Experiment::Branching => "branching",
        Experiment::Korf100 => "korf100",
    }
}
