//! `searchlab report`'s arguments: the puzzle (any registered one, with its strategies in the
//! help), the depths and sample sizes of path search, the runs and sweeps of local search, and
//! the plots' format.

use std::ops::RangeInclusive;
use std::path::PathBuf;

use clap::builder::{PossibleValue, PossibleValuesParser};
use searchlab_registry::PUZZLES;
use searchlab_report::PlotFormat;

const AFTER_HELP: &str = "\
For every optimal solution depth in --depth, draws --per-depth random solvable instances
(seeded: the same --seed gives the same instances and the same counts, times excepted) and
runs every chosen algorithm on each. Writes into --out:

  report.md      the algorithms side by side, one row per depth (solved share, mean nodes
                 expanded with median and quartiles, mean solution length, failures), then
                 every (algorithm, depth) with generated nodes, effective branching factor,
                 time, largest frontier, peak stored nodes (the memory proxy)
  report.csv     the detailed table as CSV
  instances.csv  every instance with its depth, to re-run any of them by hand
  nodes.svg      mean nodes expanded against depth, one line per algorithm (log scale)
  time.svg       mean time against depth (log scale)
  solved.svg     the share of runs solved against depth
                 (--plot-format png: nodes.png, time.png, solved.png instead; both: all six)

Means, spreads and lengths are over the solved runs only; failed runs (limits, dead ends)
are counted and shown apart, and plots mark where runs failed (hollow points) or a limit
stopped them (crosses). A depth beyond the puzzle's farthest instance is an input error.

digits: random start, up to 8 random forbidden numbers, and a goal reached by a random
walk, kept when breadth-first search confirms its exact distance; the spec's rules and
1000-expansion limit. npuzzle: boards drawn uniformly among all boards at each exact
distance (sizes 2 and 3); the driver's bfs, dfs and ast. Any other puzzle (romania): its own
random instances, distinct, each at its depth (the fewest actions to a goal).

Examples:
  searchlab report npuzzle --size 3 --depth 2..24 --per-depth 20 --seed 1 --out report/
  searchlab report digits --depth 1..12 --algorithms B,I,A --out digits-report/
  searchlab report npuzzle --depth 2..20 --plot-format both --out handout/
  searchlab report romania --depth 1..5 --per-depth 3 --out romania-report/
  searchlab report queens --instance n=8 --runs 2000 --seed 7 --sideways 100 --out queens/
  searchlab report queens --sweep n=4..16 --runs 500 --algorithms hill,hill-restart,annealing --out sizes/

The textbook's experiments on the 8-puzzle and the 15-puzzle (--experiment, npuzzle only):
  distances  one breadth-first sweep of all 181,440 boards: how many lie at each distance
             from the goal 0,1,...,8 (distances.csv with columns d,states, a bar plot,
             report.md with the table and where it is published)
  branching  the heuristics table: for each depth d in --depth (default 2..24), --per-depth
             boards (default 100) drawn uniformly among the boards exactly d moves away,
             each searched by BFS, iterative deepening (up to --ids-limit), A* with misplaced
             tiles (h1) and A* with Manhattan distance (h2); branching.csv with columns
             d,strategy,instances,mean_generated,mean_expanded,b_star, the plot of b* against
             d, and report.md in the book's layout with where and why it differs
  korf100    the same table for the 15-puzzle: Korf's 100 random instances (--ids, default
             all) solved optimally by IDA* with each --heuristic (repeated; default
             manhattan, manhattan-lc, pdb-5-5-5, pdb-6-6-3; pattern databases are built on
             first use into --pdb-dir), on every core; korf100.csv with columns
             id,d,heuristic,initial_h,generated,expanded,b_star,seconds, the plot of b*
             against d, and report.md with the totals and the means by optimal length
  searchlab report npuzzle --experiment distances --out complete/
  searchlab report npuzzle --experiment branching --depths 2..24 --per-depth 100 --seed 1 --out table/
  searchlab report npuzzle --experiment korf100 --ids 1-20 --heuristic manhattan-lc --heuristic pdb-5-5-5 --out korf/

A local-search puzzle (queens) runs each chosen local strategy --runs times from random
starts (the same starts for each, from --seed) and writes report.md and report.csv (runs,
solved, solved share, mean moves of the solved and of the stuck runs, time) and solved.svg
(the solved share of each strategy as a bar). With --sweep n=4..16 it does so for each board
size: report.md and report.csv get a row per size and strategy, solved.svg the solved share
and steps.svg the mean moves of the solved runs against the size, one line per strategy.";

/// The registered puzzles, each with its strategies in its help line, then the local-search ones.
fn puzzles() -> PossibleValuesParser {
    PossibleValuesParser::new(PUZZLES.iter().map(|p| {
        let kind = if p.is_local() { ", local search" } else { "" };
        let names = p.strategy_names().join(" ");
        PossibleValue::new(p.name()).help(format!("The {}{kind} (algorithms {names})", p.title()))
    }))
}

/// Arguments of `searchlab report`.
#[derive(Debug, clap::Args)]
#[command(after_help = AFTER_HELP)]
pub struct Args {
    /// Which puzzle.
    #[arg(value_parser = puzzles())]
    pub puzzle: String,
    /// The board width for npuzzle: 2 or 3 [default: 3].
    #[arg(long)]
    pub size: Option<usize>,
    /// Optimal solution depths, both ends included: `2..24` (or `2..=24`, or one depth `7`) [default: 1..12].
    #[arg(long, visible_alias = "depths", value_parser = parse_depths)]
    pub depth: Option<RangeInclusive<u64>>,
    /// Instances per depth [default: 20].
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub per_depth: Option<u32>,
    /// Local search: runs of each strategy, each from a random start [default: 500].
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub runs: Option<u64>,
    /// Local search: the sideways moves allowed in a row to hill, hill-restart and local-beam [default: 0].
    #[arg(long)]
    pub sideways: Option<u32>,
    /// Local search: an instance field as NAME=VALUE (the queens: n=8); the fields' examples by default.
    #[arg(long = "instance", value_name = "NAME=VALUE")]
    pub instance: Vec<String>,
    /// Local search: simulated annealing's schedule, any of t0, alpha, steps, floor [default: t0=2,alpha=0.999,steps=20000,floor=0.001].
    #[arg(long, value_name = "NAME=VALUE,…", value_parser = |text: &str| searchlab_core::local::Schedule::parse(text))]
    pub schedule: Option<searchlab_core::local::Schedule>,
    /// Local search: one whole-number instance field over a range, both ends included, a report for each value (the queens: n=4..16).
    #[arg(long, value_name = "NAME=FROM..TO", value_parser = parse_sweep)]
    pub sweep: Option<(String, RangeInclusive<u64>)>,
    /// The random seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Comma-separated algorithms, the puzzle's as listed above (digits: B,D,I,G,A,H); all by default.
    #[arg(long, value_delimiter = ',')]
    pub algorithms: Vec<String>,
    /// The folder to write into (created if needed).
    #[arg(long, default_value = "report")]
    pub out: PathBuf,
    /// npuzzle: the heuristic of the strategies that use h (ast, astar, ida, ...), by the name `searchlab search npuzzle --heuristic` takes (manhattan by default); --experiment korf100: the solver's heuristics compared, the option repeated [default: manhattan, manhattan-lc, pdb-5-5-5, pdb-6-6-3].
    #[arg(long, value_name = "NAME")]
    pub heuristic: Vec<String>,
    /// --experiment korf100: the instances, e.g. 1-10,25 [default: all 100].
    #[arg(long, value_name = "IDS")]
    pub ids: Option<String>,
    /// --experiment korf100: the pattern-database folder [default: the user's cache directory, e.g. ~/.cache/searchlab/pdb].
    #[arg(long, value_name = "DIR")]
    pub pdb_dir: Option<PathBuf>,
    /// npuzzle: one of the textbook's experiments instead of the report by depth (see below).
    #[arg(long, value_enum)]
    pub experiment: Option<Experiment>,
    /// --experiment branching: the most nodes iterative deepening may take from the frontier on one board; from the first depth where a board needs more, IDS is left out [default: 5000000].
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub ids_limit: Option<u64>,
    /// The plots' file format: svg, png (900x560 pixels, for documents that take no SVG) or both.
    #[arg(long, value_enum, default_value_t = PlotFiles::Svg)]
    pub plot_format: PlotFiles,
}

/// `--experiment`: the textbook's experiments on the 8-puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Experiment {
    /// Every solvable board by its distance from the goal: distances.csv, distances.svg, report.md
    Distances,
    /// Search cost and b* of BFS, IDS, A*(h1), A*(h2) by solution length: branching.csv, branching.svg, report.md
    Branching,
    /// The 15-puzzle: IDA*'s search cost and b* on Korf's 100 by heuristic: korf100.csv, korf100.svg, report.md
    #[value(name = "korf100")]
    Korf100,
}

/// `--plot-format`: the plots' file format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum PlotFiles {
    /// nodes.svg, time.svg, solved.svg
    Svg,
    /// nodes.png, time.png, solved.png
    Png,
    /// Both kinds.
    Both,
}

impl From<PlotFiles> for PlotFormat {
    fn from(files: PlotFiles) -> PlotFormat {
        match files {
            PlotFiles::Svg => PlotFormat::Svg,
            PlotFiles::Png => PlotFormat::Png,
            PlotFiles::Both => PlotFormat::Both,
        }
    }
}

/// Parses `a..b`, `a..=b` (both inclusive) or `a`, each a `what` (a whole number).
fn parse_range(text: &str, what: &str) -> Result<RangeInclusive<u64>, String> {
    let number = |s: &str| s.trim().parse::<u64>().map_err(|_| format!("`{s}` is not a {what} (a whole number)"));
    let (lo, hi) = match text.split_once("..") {
        Some((lo, hi)) => (number(lo)?, number(hi.strip_prefix('=').unwrap_or(hi))?),
        None => (number(text)?, number(text)?),
    };
    if lo > hi {
        return Err(format!("the range {text} is empty (write the smaller {what} first)"));
    }
    Ok(lo..=hi)
}

/// Parses `--depth`: [`parse_range`] of depths up to 200.
fn parse_depths(text: &str) -> Result<RangeInclusive<u64>, String> {
    let depths = parse_range(text, "depth")?;
    match *depths.end() {
        hi if hi > 200 => Err(format!("depth {hi} is larger than any puzzle here needs (at most 200)")),
        _ => Ok(depths),
    }
}

/// The most values one `--sweep` takes.
pub const MAX_SWEEP: u64 = 64;

/// Parses `--sweep NAME=FROM..TO` (the puzzle checks the name and each value).
fn parse_sweep(text: &str) -> Result<(String, RangeInclusive<u64>), String> {
    let Some((name, range)) = text.split_once('=') else {
        return Err(format!("write NAME=FROM..TO, e.g. n=4..16 (not `{text}`)"));
    };
    let values = parse_range(range, "value")?;
    if values.end() - values.start() >= MAX_SWEEP {
        return Err(format!("{range} has more than {MAX_SWEEP} values: sweep a shorter range"));
    }
    Ok((name.trim().to_string(), values))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depth_ranges_include_both_ends() {
        assert_eq!(parse_depths("2..24"), Ok(2..=24));
        assert_eq!(parse_depths("2..=24"), Ok(2..=24));
        assert_eq!(parse_depths("7"), Ok(7..=7));
        assert!(parse_depths("5..2").is_err());
        assert!(parse_depths("a..3").is_err());
        assert!(parse_depths("1..999").is_err());
    }

    #[test]
    fn a_sweep_is_a_name_and_a_range_of_at_most_64_values() {
        assert_eq!(parse_sweep("n=4..16"), Ok(("n".to_string(), 4..=16)));
        assert_eq!(parse_sweep(" n =8"), Ok(("n".to_string(), 8..=8)));
        assert_eq!(parse_sweep("n=4..67").map(|(_, r)| r.count()), Ok(64));
        for (text, words) in
            [("n", "NAME=FROM..TO"), ("n=9..4", "empty"), ("n=4..68", "more than 64"), ("n=x", "not a value")]
        {
            assert!(parse_sweep(text).unwrap_err().contains(words), "{text}");
        }
    }
}
