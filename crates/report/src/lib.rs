#![deny(missing_docs)]
//! # searchlab-report
//!
//! Batch reports: many random solvable instances, grouped by optimal solution depth, each
//! solved by every chosen algorithm; mean nodes, effective branching factor, time and a
//! memory proxy per (algorithm, depth), as Markdown, CSV and SVG or PNG plots.
//!
//! The model is aima-python's `compare_searchers` and Russell & Norvig's table of nodes and
//! effective branching factors per solution depth; every number but the times depends only
//! on the seed. Each registered puzzle runs through its own `Puzzle::run` ([`scaling_report`]).

pub(crate) mod bitmap;
pub mod class_page;
mod digits;
pub mod experiment;
mod font;
mod local;
mod npuzzle;
pub(crate) mod plot;
mod run;
mod sampled;
mod scaling;
mod table;

use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};

use searchlab_core::Stats;
pub use searchlab_trace::measure::NodeCounter;

pub use digits::digits_report;
pub use local::share::{local_report, LocalReport, LocalRow};
pub use local::sweep::{local_sweep, LocalSweep};
pub use npuzzle::{boards_by_distance, npuzzle_report};
pub use sampled::sampled_report;
pub use scaling::scaling_report;

/// The progress-bar crate the reports draw with, for callers that make the bar.
pub use indicatif;

/// What a report samples.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportOptions {
    /// The optimal solution depths to sample (inclusive).
    pub depths: RangeInclusive<u64>,
    /// How many instances per depth.
    pub per_depth: usize,
    /// The random seed: the same seed gives the same instances and the same counts.
    pub seed: u64,
    /// The N-puzzle's heuristic for the strategies that use h, by name (`None`: Manhattan
    /// distance); the other puzzles take none.
    pub heuristic: Option<String>,
}

/// The file format of a report's plots.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum PlotFormat {
    /// SVG documents (`nodes.svg`, …): text in the viewer's font, any zoom.
    #[default]
    Svg,
    /// PNG images (`nodes.png`, …), 900 × 560 pixels, for documents that take no SVG.
    Png,
    /// Both.
    Both,
}

impl PlotFormat {
    /// Whether SVG files are written.
    fn svg(self) -> bool {
        self != PlotFormat::Png
    }

    /// Whether PNG files are written.
    fn png(self) -> bool {
        self != PlotFormat::Svg
    }
}

/// Why a report could not be written.
#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    /// A file could not be written.
    #[error("cannot write {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The CSV writer failed.
    #[error("cannot write CSV: {0}")]
    Csv(#[from] csv::Error),
    /// Boards are sampled by exact distance, known for widths 2 and 3 only.
    #[error("--size {0}: reports sample boards by exact distance, known for sizes 2 and 3 only")]
    BoardSize(usize),
    /// `--depth` asks for depths the puzzle does not have.
    #[error("--depth {asked}: the farthest {puzzle} instances are {largest} moves from the goal")]
    DepthBeyond {
        /// The puzzle.
        puzzle: String,
        /// The largest depth asked for.
        asked: u64,
        /// The largest depth there is.
        largest: u64,
    },
    /// No instance was found at any depth asked for.
    #[error("no {puzzle} instance exists at depths {from} to {to}")]
    NoInstances {
        /// The puzzle.
        puzzle: &'static str,
        /// The smallest depth asked for.
        from: u64,
        /// The largest depth asked for.
        to: u64,
    },
    /// A sampled instance is not a problem (never for the samplers here).
    #[error(transparent)]
    Instance(#[from] searchlab_core::catalog::InstanceError),
    /// The registry refused a sampled instance or a strategy (never for the samplers here).
    #[error(transparent)]
    Record(#[from] searchlab_registry::RecordError),
    /// A plot could not be drawn.
    #[error("cannot draw {name}: {message}")]
    Plot {
        /// The plot.
        name: &'static str,
        /// Why.
        message: String,
    },
}

/// One instance of a report: its optimal solution depth and its text (a command's input).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sample {
    /// The optimal solution depth (number of moves).
    pub depth: u64,
    /// The instance, e.g. `320 110 220;330` (start, goal, forbidden) or `8,6,4,2,1,3,5,7,0`.
    pub instance: String,
}

/// One algorithm on one instance.
#[derive(Debug, Clone, PartialEq)]
pub struct Run {
    /// The algorithm's name.
    pub algorithm: String,
    /// The instance's optimal depth.
    pub depth: u64,
    /// Whether a solution was found.
    pub found: bool,
    /// Whether a limit (expansions, nodes) stopped the search.
    pub limit_reached: bool,
    /// The solution's length in moves, when one was found.
    pub path_length: Option<u64>,
    /// The engine's statistics.
    pub stats: Stats,
    /// The memory proxy: the most nodes the search held at once (see [`NodeCounter`]).
    pub stored: u64,
}

/// The smallest, the quartiles and the largest of some values.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct Spread {
    /// The smallest value.
    pub min: f64,
    /// The first quartile.
    pub q1: f64,
    /// The median.
    pub median: f64,
    /// The third quartile.
    pub q3: f64,
    /// The largest value.
    pub max: f64,
}

/// One (algorithm, depth) group: a line of the detailed table. Means, spreads and path
/// lengths are over the *solved* runs only (`None` when no run was solved); failed runs are
/// counted, and their mean work is its own column, never averaged into the others.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Row {
    /// The algorithm.
    pub algorithm: String,
    /// The optimal solution depth.
    pub depth: u64,
    /// Instances run.
    pub runs: usize,
    /// Runs that found a solution.
    pub solved: usize,
    /// Runs that found no solution (limits and dead ends such as hill-climbing's local optima).
    pub failures: usize,
    /// Of the failures, those stopped by a limit.
    pub limit_reached: usize,
    /// Mean nodes expanded (successors generated) of the solved runs.
    pub expanded: Option<f64>,
    /// Spread of the nodes expanded of the solved runs.
    pub expanded_spread: Option<Spread>,
    /// Mean nodes generated of the solved runs.
    pub generated: Option<f64>,
    /// The effective branching factor b* of the mean generated count at this depth.
    pub ebf: Option<f64>,
    /// Mean solution length in moves of the solved runs (longer than the depth for algorithms
    /// that do not find shortest paths).
    pub path_length: Option<f64>,
    /// Mean search time of the solved runs, in milliseconds (not reproducible, unlike every
    /// other column).
    pub millis: Option<f64>,
    /// Mean largest frontier of the solved runs.
    pub max_frontier: Option<f64>,
    /// Mean peak of nodes held (the memory proxy) of the solved runs.
    pub stored: Option<f64>,
    /// Mean nodes expanded of the failed runs, before they stopped.
    pub failed_expanded: Option<f64>,
}

/// A finished report: how the strategies' costs scale with the solution depth.
#[derive(Debug, Clone, PartialEq)]
pub struct ScalingReport {
    /// The puzzle, as named on the command line.
    pub puzzle: String,
    /// What was sampled.
    pub options: ReportOptions,
    /// The algorithms, in column order.
    pub algorithms: Vec<String>,
    /// The instances.
    pub samples: Vec<Sample>,
    /// Every run.
    pub runs: Vec<Run>,
    /// Notes printed under the table (limits in force, how instances were drawn).
    pub notes: Vec<String>,
}

/// Russell & Norvig's effective branching factor: the b* for which a uniform tree of depth
/// `depth` has `nodes + 1` nodes, `nodes + 1 = 1 + b* + b*² + … + b*^depth`. `None` at
/// depth 0, where it is undefined.
///
/// ```
/// // R&N's example: 52 nodes generated at depth 5 give b* ≈ 1.92.
/// let b = searchlab_report::effective_branching_factor(52.0, 5).unwrap();
/// assert!((b - 1.92).abs() < 0.005);
/// ```
pub fn effective_branching_factor(nodes: f64, depth: u64) -> Option<f64> {
    if depth == 0 || !nodes.is_finite() || nodes < 0.0 {
        return None;
    }
    let target = nodes + 1.0;
    let tree = |b: f64| (0..=depth).try_fold(0.0f64, |sum, i| Some(sum + b.powi(i32::try_from(i).ok()?)));
    let (mut lo, mut hi) = (0.0f64, nodes.max(1.0));
    for _ in 0..200 {
        let mid = (lo + hi) / 2.0;
        match tree(mid) {
            Some(t) if t < target => lo = mid,
            _ => hi = mid,
        }
    }
    Some((lo + hi) / 2.0)
}

/// A whole number with its thousands separated by commas, as the reports' tables show counts.
///
/// ```
/// assert_eq!(searchlab_report::thousands(3_644_035), "3,644,035");
/// assert_eq!(searchlab_report::thousands(73), "73");
/// assert_eq!(searchlab_report::thousands(1_000), "1,000");
/// ```
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

impl ScalingReport {
    /// Writes `report.md`, `report.csv`, `instances.csv`, `nodes.svg`, `time.svg` and `solved.svg` into `dir`
    /// (created if needed); returns the files written.
    pub fn write_to(&self, dir: &Path) -> Result<Vec<PathBuf>, ReportError> {
        self.write_with_plots(dir, PlotFormat::Svg)
    }

    /// [`ScalingReport::write_to`] with the plots in `format`: `nodes`, `time` and `solved`, as
    /// `.svg`, `.png` or both.
    pub fn write_with_plots(&self, dir: &Path, format: PlotFormat) -> Result<Vec<PathBuf>, ReportError> {
        let rows = self.rows();
        let mut files = vec![
            ("report.md", self.markdown().into_bytes()),
            ("report.csv", self.csv()?.into_bytes()),
            ("instances.csv", self.instances_csv()?.into_bytes()),
        ];
        for plot in plot::Plot::ALL {
            if format.svg() {
                files.push((plot.file(false), plot::svg(plot, self, &rows)?.into_bytes()));
            }
            if format.png() {
                files.push((plot.file(true), bitmap::png(plot, self, &rows)?));
            }
        }
        write_files(dir, files)
    }
}

/// Writes each `(name, bytes)` into `dir` (created if needed), each file replaced only when
/// written whole; returns the paths written.
pub(crate) fn write_files(dir: &Path, files: Vec<(&str, Vec<u8>)>) -> Result<Vec<PathBuf>, ReportError> {
    let io = |path: &Path, source| ReportError::Io { path: path.to_path_buf(), source };
    std::fs::create_dir_all(dir).map_err(|e| io(dir, e))?;
    let mut written = Vec::new();
    for (name, bytes) in files {
        let path = dir.join(name);
        searchlab_files::write_atomically(&path, |w| w.write_all(&bytes)).map_err(|e| io(&path, e.source))?;
        written.push(path);
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn effective_branching_factor_solves_the_tree_equation() {
        // A full binary tree of depth 3 has 1 + 2 + 4 + 8 = 15 nodes: 14 generated.
        assert!((effective_branching_factor(14.0, 3).unwrap() - 2.0).abs() < 1e-9);
        // Depth 1: N + 1 = 1 + b, so b = N.
        assert!((effective_branching_factor(6.0, 1).unwrap() - 6.0).abs() < 1e-9);
        // A path of length d generating d nodes: b* = 1.
        assert!((effective_branching_factor(7.0, 7).unwrap() - 1.0).abs() < 1e-9);
        assert_eq!(effective_branching_factor(10.0, 0), None);
    }
}
