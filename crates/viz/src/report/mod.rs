//! Batch reports: many random solvable instances, grouped by optimal solution depth, each
//! solved by every chosen algorithm; mean nodes, effective branching factor, time and a
//! memory proxy per (algorithm, depth), as Markdown, CSV and SVG plots.
//!
//! The model is aima-python's `compare_searchers` and Russell & Norvig's table of nodes and
//! effective branching factors per solution depth; every number but the times depends only
//! on the seed. Each registered puzzle runs through its own `Puzzle::run` ([`scaling_report`]).

mod digits;
mod npuzzle;
mod plot;
mod run;

use std::fmt::Write as _;
use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};

use searchlab_core::{Event, Observer, Problem, Stats};

pub use digits::digits_report;
pub use npuzzle::{boards_by_distance, npuzzle_report};
pub use run::scaling_report;

/// What a report samples.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportOptions {
    /// The optimal solution depths to sample (inclusive).
    pub depths: RangeInclusive<u64>,
    /// How many instances per depth.
    pub per_depth: usize,
    /// The random seed: the same seed gives the same instances and the same counts.
    pub seed: u64,
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
    /// No way to sample this registered puzzle by exact solution depth is known.
    #[error("no report sampler for the puzzle `{0}`")]
    NoSampler(&'static str),
    /// Boards are sampled by exact distance, known for widths 2 and 3 only.
    #[error("--size {0}: reports sample boards by exact distance, known for sizes 2 and 3 only")]
    BoardSize(usize),
    /// A sampled instance is not a problem (never for the samplers here).
    #[error(transparent)]
    Instance(#[from] searchlab_core::catalog::InstanceError),
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
    /// The engine's statistics.
    pub stats: Stats,
    /// The memory proxy: the most nodes the search held at once (see [`NodeCounter`]).
    pub stored: u64,
}

/// The means of one (algorithm, depth) group: a line of the table.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Row {
    /// The algorithm.
    pub algorithm: String,
    /// The optimal solution depth.
    pub depth: u64,
    /// Instances run.
    pub runs: usize,
    /// Runs that found no solution (limits and dead ends such as hill-climbing's local optima).
    pub failures: usize,
    /// Of the failures, those stopped by a limit.
    pub limit_reached: usize,
    /// Mean nodes expanded (successors generated).
    pub expanded: f64,
    /// Mean nodes generated.
    pub generated: f64,
    /// The effective branching factor b* of the mean generated count at this depth.
    pub ebf: Option<f64>,
    /// Mean search time in milliseconds (not reproducible, unlike every other column).
    pub millis: f64,
    /// Mean largest frontier.
    pub max_frontier: f64,
    /// Mean peak of nodes held (the memory proxy).
    pub stored: f64,
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

/// Counts the nodes a search holds: the root plus every generated child, since the engine
/// keeps each node it generated until the search ends (IDS: the largest iteration, as each
/// iteration starts afresh). This is the report's memory proxy; hill-climbing, which keeps
/// only the current node and its children, is over-counted.
#[derive(Debug, Clone, Copy, Default)]
pub struct NodeCounter {
    current: u64,
    /// The peak.
    pub peak: u64,
}

impl<P: Problem + ?Sized> Observer<P> for NodeCounter {
    #[inline]
    fn on_event(&mut self, event: &Event<'_, P>) {
        match event {
            Event::Start { .. } => {
                self.current = 1;
                self.peak = self.peak.max(1);
            }
            Event::Generated { .. } => {
                self.current += 1;
                self.peak = self.peak.max(self.current);
            }
            _ => {}
        }
    }
}

/// Russell & Norvig's effective branching factor: the b* for which a uniform tree of depth
/// `depth` has `nodes + 1` nodes, `nodes + 1 = 1 + b* + b*² + … + b*^depth`. `None` at
/// depth 0, where it is undefined.
///
/// ```
/// // R&N's example: 52 nodes generated at depth 5 give b* ≈ 1.92.
/// let b = searchlab_viz::report::effective_branching_factor(52.0, 5).unwrap();
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

impl ScalingReport {
    /// The table: a row per (algorithm, depth) with runs; algorithms in order, depths up.
    pub fn rows(&self) -> Vec<Row> {
        let mut rows = Vec::new();
        for algorithm in &self.algorithms {
            for depth in self.options.depths.clone() {
                let runs: Vec<&Run> =
                    self.runs.iter().filter(|r| &r.algorithm == algorithm && r.depth == depth).collect();
                if runs.is_empty() {
                    continue;
                }
                let n = runs.len() as f64;
                let mean = |f: &dyn Fn(&Run) -> f64| runs.iter().map(|r| f(r)).sum::<f64>() / n;
                let generated = mean(&|r| r.stats.generated as f64);
                rows.push(Row {
                    algorithm: algorithm.clone(),
                    depth,
                    runs: runs.len(),
                    failures: runs.iter().filter(|r| !r.found).count(),
                    limit_reached: runs.iter().filter(|r| r.limit_reached).count(),
                    expanded: mean(&|r| r.stats.expanded as f64),
                    generated,
                    ebf: effective_branching_factor(generated, depth),
                    millis: mean(&|r| r.stats.elapsed.as_secs_f64() * 1e3),
                    max_frontier: mean(&|r| r.stats.max_frontier as f64),
                    stored: mean(&|r| r.stored as f64),
                });
            }
        }
        rows
    }

    /// The report as Markdown: parameters, the table, and notes.
    pub fn markdown(&self) -> String {
        let o = &self.options;
        let mut md = String::new();
        let _ = writeln!(md, "# Search report: {}\n", self.puzzle);
        let _ = writeln!(
            md,
            "{} instances, {} per optimal solution depth from {} to {}, seed {}; algorithms: {}.\n",
            self.samples.len(),
            o.per_depth,
            o.depths.start(),
            o.depths.end(),
            o.seed,
            self.algorithms.join(", ")
        );
        md.push_str(
            "| algorithm | depth | runs | failures | limit | expanded | generated | b* | time (ms) | max frontier | stored nodes |\n",
        );
        md.push_str("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n");
        for r in self.rows() {
            let ebf = r.ebf.map_or("–".to_string(), |b| format!("{b:.3}"));
            let _ = writeln!(
                md,
                "| {} | {} | {} | {} | {} | {:.1} | {:.1} | {} | {:.3} | {:.1} | {:.1} |",
                r.algorithm,
                r.depth,
                r.runs,
                r.failures,
                r.limit_reached,
                r.expanded,
                r.generated,
                ebf,
                r.millis,
                r.max_frontier,
                r.stored
            );
        }
        md.push_str("\nColumns are means over the runs of each algorithm at each depth. ");
        md.push_str("*expanded*: nodes whose successors were generated; *generated*: successors created; ");
        md.push_str(
            "*b\\**: Russell & Norvig's effective branching factor of the mean generated count at that depth; ",
        );
        md.push_str("*failures*: runs without a solution, of which *limit* were stopped by a limit; ");
        md.push_str("*stored nodes*: peak nodes held by the search (root plus every generated child, the largest ");
        md.push_str("iteration for IDS), the memory proxy; *time* is the engine's wall clock and the only column ");
        md.push_str("that differs between two runs with the same seed.\n");
        for note in &self.notes {
            let _ = writeln!(md, "\n{note}");
        }
        md
    }

    /// The table as CSV (same columns as the Markdown, machine-readable).
    pub fn csv(&self) -> Result<String, ReportError> {
        let mut w = csv::Writer::from_writer(Vec::new());
        w.write_record([
            "puzzle",
            "algorithm",
            "depth",
            "runs",
            "failures",
            "limit_reached",
            "mean_expanded",
            "mean_generated",
            "ebf",
            "mean_ms",
            "mean_max_frontier",
            "mean_stored_nodes",
        ])?;
        for r in self.rows() {
            w.write_record([
                self.puzzle.clone(),
                r.algorithm,
                r.depth.to_string(),
                r.runs.to_string(),
                r.failures.to_string(),
                r.limit_reached.to_string(),
                format!("{:.3}", r.expanded),
                format!("{:.3}", r.generated),
                r.ebf.map_or(String::new(), |b| format!("{b:.4}")),
                format!("{:.4}", r.millis),
                format!("{:.3}", r.max_frontier),
                format!("{:.3}", r.stored),
            ])?;
        }
        let bytes = w.into_inner().map_err(|e| csv::Error::from(e.into_error()))?;
        Ok(String::from_utf8(bytes).unwrap_or_default())
    }

    /// The instances as CSV: `depth,instance`.
    pub fn instances_csv(&self) -> Result<String, ReportError> {
        let mut w = csv::Writer::from_writer(Vec::new());
        w.write_record(["depth", "instance"])?;
        for s in &self.samples {
            w.write_record([s.depth.to_string(), s.instance.clone()])?;
        }
        let bytes = w.into_inner().map_err(|e| csv::Error::from(e.into_error()))?;
        Ok(String::from_utf8(bytes).unwrap_or_default())
    }

    /// Writes `report.md`, `report.csv`, `instances.csv`, `nodes.svg` and `time.svg` into `dir`
    /// (created if needed); returns the files written.
    pub fn write_to(&self, dir: &Path) -> Result<Vec<PathBuf>, ReportError> {
        let io = |path: &Path, source| ReportError::Io { path: path.to_path_buf(), source };
        std::fs::create_dir_all(dir).map_err(|e| io(dir, e))?;
        let rows = self.rows();
        let files = [
            ("report.md", self.markdown()),
            ("report.csv", self.csv()?),
            ("instances.csv", self.instances_csv()?),
            ("nodes.svg", plot::nodes_svg(self, &rows)?),
            ("time.svg", plot::time_svg(self, &rows)?),
        ];
        let mut written = Vec::new();
        for (name, text) in files {
            let path = dir.join(name);
            searchlab_files::write_atomically(&path, |w| w.write_all(text.as_bytes()))
                .map_err(|e| io(&path, e.source))?;
            written.push(path);
        }
        Ok(written)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

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

    fn run(algorithm: &str, depth: u64, generated: u64, found: bool) -> Run {
        Run {
            algorithm: algorithm.into(),
            depth,
            found,
            limit_reached: !found,
            stats: Stats { expanded: generated / 2, generated, elapsed: Duration::from_millis(2), ..Stats::default() },
            stored: generated + 1,
        }
    }

    #[test]
    fn rows_average_per_algorithm_and_depth() {
        let report = ScalingReport {
            puzzle: "test".into(),
            options: ReportOptions { depths: 1..=3, per_depth: 2, seed: 0 },
            algorithms: vec!["X".into(), "Y".into()],
            samples: vec![],
            runs: vec![run("Y", 1, 4, true), run("X", 3, 10, true), run("X", 3, 20, false), run("X", 1, 2, true)],
            notes: vec![],
        };
        let rows = report.rows();
        let keys: Vec<(&str, u64)> = rows.iter().map(|r| (r.algorithm.as_str(), r.depth)).collect();
        assert_eq!(keys, [("X", 1), ("X", 3), ("Y", 1)]);
        let x3 = &rows[1];
        assert_eq!((x3.runs, x3.failures, x3.limit_reached), (2, 1, 1));
        assert_eq!((x3.generated, x3.expanded, x3.stored), (15.0, 7.5, 16.0));
        assert!((x3.millis - 2.0).abs() < 1e-9);
        let csv = report.csv().unwrap();
        assert_eq!(csv.lines().count(), 4);
        assert!(csv.lines().nth(2).unwrap().starts_with("test,X,3,2,1,1,7.500,15.000,"));
        assert!(report.markdown().contains("| X | 3 | 2 | 1 | 1 | 7.5 | 15.0 |"));
    }
}
