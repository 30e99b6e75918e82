//! The report's tables: one row per (algorithm, depth), the algorithms side by side per
//! depth, as Markdown and CSV. Means and spreads are over the solved runs; failures are
//! counted and shown on their own, never averaged in.

use std::fmt::Write as _;

use super::{effective_branching_factor, ReportError, Row, Run, ScalingReport, Spread};

/// The value at quantile `p` (0 to 1) of sorted `values`, interpolated linearly between the
/// two nearest ranks (Hyndman and Fan's type 7, the default of R and NumPy).
fn quantile(sorted: &[f64], p: f64) -> f64 {
    let h = (sorted.len() - 1) as f64 * p;
    let (lo, hi) = (h.floor() as usize, h.ceil() as usize);
    sorted[lo] + (h - lo as f64) * (sorted[hi] - sorted[lo])
}

fn spread(mut values: Vec<f64>) -> Option<Spread> {
    if values.is_empty() {
        return None;
    }
    values.sort_by(f64::total_cmp);
    Some(Spread {
        min: values[0],
        q1: quantile(&values, 0.25),
        median: quantile(&values, 0.5),
        q3: quantile(&values, 0.75),
        max: values[values.len() - 1],
    })
}

fn mean(runs: &[&Run], f: impl Fn(&Run) -> f64) -> Option<f64> {
    (!runs.is_empty()).then(|| runs.iter().map(|r| f(r)).sum::<f64>() / runs.len() as f64)
}

fn num(v: Option<f64>, decimals: usize) -> String {
    v.map_or(String::new(), |v| format!("{v:.decimals$}"))
}

fn dash(v: Option<f64>, decimals: usize) -> String {
    v.map_or("–".to_string(), |v| format!("{v:.decimals$}"))
}

impl ScalingReport {
    /// The detailed table: a row per (algorithm, depth) with runs; algorithms in order, depths up.
    pub fn rows(&self) -> Vec<Row> {
        let mut rows = Vec::new();
        for algorithm in &self.algorithms {
            for depth in self.options.depths.clone() {
                let runs: Vec<&Run> =
                    self.runs.iter().filter(|r| &r.algorithm == algorithm && r.depth == depth).collect();
                if runs.is_empty() {
                    continue;
                }
                let (solved, failed): (Vec<&Run>, Vec<&Run>) = runs.iter().partition(|r| r.found);
                let generated = mean(&solved, |r| r.stats.generated as f64);
                rows.push(Row {
                    algorithm: algorithm.clone(),
                    depth,
                    runs: runs.len(),
                    solved: solved.len(),
                    failures: failed.len(),
                    limit_reached: runs.iter().filter(|r| r.limit_reached).count(),
                    expanded: mean(&solved, |r| r.stats.expanded as f64),
                    expanded_spread: spread(solved.iter().map(|r| r.stats.expanded as f64).collect()),
                    generated,
                    ebf: generated.and_then(|g| effective_branching_factor(g, depth)),
                    path_length: mean(&solved, |r| r.path_length.unwrap_or(0) as f64),
                    millis: mean(&solved, |r| r.stats.elapsed.as_secs_f64() * 1e3),
                    max_frontier: mean(&solved, |r| r.stats.max_frontier as f64),
                    stored: mean(&solved, |r| r.stored as f64),
                    failed_expanded: mean(&failed, |r| r.stats.expanded as f64),
                });
            }
        }
        rows
    }

    /// One cell of the side-by-side table.
    fn cell(row: &Row) -> String {
        let mut cell = format!("{}/{}", row.solved, row.runs);
        if let (Some(mean), Some(s)) = (row.expanded, row.expanded_spread) {
            let _ = write!(cell, " · {mean:.1} ({:.0}; {:.0}–{:.0})", s.median, s.q1, s.q3);
            let _ = write!(cell, " · {} moves", dash(row.path_length, 1));
        }
        if row.failures > 0 {
            let _ = write!(cell, " · **{} failed**", row.failures);
            if row.limit_reached > 0 {
                let _ = write!(cell, " ({} at the limit)", row.limit_reached);
            }
        }
        cell
    }

    /// The report as Markdown: parameters, the side-by-side table, the detailed table, notes.
    pub fn markdown(&self) -> String {
        let o = &self.options;
        let rows = self.rows();
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
        md.push_str("## Side by side\n\nEach cell: solved/runs · mean nodes expanded of the solved runs (median; ");
        md.push_str("quartiles) · mean solution length. Failed runs are never in the means: they are counted ");
        md.push_str("(and shown in bold), their work is in the detailed table.\n\n| depth |");
        for a in &self.algorithms {
            let _ = write!(md, " {a} |");
        }
        md.push_str("\n|--:|");
        md.push_str(&"---|".repeat(self.algorithms.len()));
        md.push('\n');
        for depth in o.depths.clone() {
            if !rows.iter().any(|r| r.depth == depth) {
                continue;
            }
            let _ = write!(md, "| {depth} |");
            for a in &self.algorithms {
                let row = rows.iter().find(|r| r.depth == depth && &r.algorithm == a);
                let _ = write!(md, " {} |", row.map_or("–".to_string(), Self::cell));
            }
            md.push('\n');
        }
        md.push_str("\n## Every algorithm and depth\n\n");
        md.push_str("| algorithm | depth | runs | solved | failures | limit | expanded | median | q1–q3 | min–max | ");
        md.push_str("generated | b* | moves | time (ms) | max frontier | stored nodes | failed: expanded |\n");
        md.push_str("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n");
        for r in &rows {
            let s = r.expanded_spread;
            let _ = writeln!(
                md,
                "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
                r.algorithm,
                r.depth,
                r.runs,
                r.solved,
                r.failures,
                r.limit_reached,
                dash(r.expanded, 1),
                dash(s.map(|s| s.median), 1),
                s.map_or("–".into(), |s| format!("{:.0}–{:.0}", s.q1, s.q3)),
                s.map_or("–".into(), |s| format!("{:.0}–{:.0}", s.min, s.max)),
                dash(r.generated, 1),
                dash(r.ebf, 3),
                dash(r.path_length, 1),
                dash(r.millis, 3),
                dash(r.max_frontier, 1),
                dash(r.stored, 1),
                dash(r.failed_expanded, 1),
            );
        }
        md.push_str("\nColumns from *expanded* to *stored nodes* are over the solved runs only (– when none was ");
        md.push_str("solved). *expanded*: nodes whose successors were generated (mean, median, quartiles, range); ");
        md.push_str("*generated*: successors created; *b\\**: Russell & Norvig's effective branching factor of the ");
        md.push_str("mean generated count at that depth; *moves*: mean solution length; *failures*: runs without ");
        md.push_str("a solution, of which *limit* were stopped by a limit; *failed: expanded*: the mean nodes the ");
        md.push_str("failed runs expanded before they stopped; *stored nodes*: peak nodes held by the search (root ");
        md.push_str("plus every generated child, the largest iteration for IDS), the memory proxy; *time* is the ");
        md.push_str("engine's wall clock and the only column that differs between two runs with the same seed.\n");
        for note in &self.notes {
            let _ = writeln!(md, "\n{note}");
        }
        md
    }

    /// The detailed table as CSV (empty cells where no run was solved).
    pub fn csv(&self) -> Result<String, ReportError> {
        let mut w = csv::Writer::from_writer(Vec::new());
        w.write_record([
            "puzzle",
            "algorithm",
            "depth",
            "runs",
            "solved",
            "solved_share",
            "failures",
            "limit_reached",
            "mean_expanded",
            "min_expanded",
            "q1_expanded",
            "median_expanded",
            "q3_expanded",
            "max_expanded",
            "mean_generated",
            "ebf",
            "mean_path_length",
            "mean_ms",
            "mean_max_frontier",
            "mean_stored_nodes",
            "failed_mean_expanded",
        ])?;
        for r in self.rows() {
            let s = r.expanded_spread;
            w.write_record([
                self.puzzle.clone(),
                r.algorithm.clone(),
                r.depth.to_string(),
                r.runs.to_string(),
                r.solved.to_string(),
                format!("{:.4}", r.solved as f64 / r.runs as f64),
                r.failures.to_string(),
                r.limit_reached.to_string(),
                num(r.expanded, 3),
                num(s.map(|s| s.min), 1),
                num(s.map(|s| s.q1), 2),
                num(s.map(|s| s.median), 2),
                num(s.map(|s| s.q3), 2),
                num(s.map(|s| s.max), 1),
                num(r.generated, 3),
                num(r.ebf, 4),
                num(r.path_length, 3),
                num(r.millis, 4),
                num(r.max_frontier, 3),
                num(r.stored, 3),
                num(r.failed_expanded, 3),
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
}

#[cfg(test)]
mod tests {
    use super::super::ReportOptions;
    use super::*;
    use searchlab_core::Stats;
    use std::time::Duration;

    fn run(algorithm: &str, depth: u64, expanded: u64, found: bool) -> Run {
        Run {
            algorithm: algorithm.into(),
            depth,
            found,
            limit_reached: !found,
            path_length: found.then_some(depth + 1),
            stats: Stats { expanded, generated: 2 * expanded, elapsed: Duration::from_millis(2), ..Stats::default() },
            stored: 2 * expanded + 1,
        }
    }

    #[test]
    fn quartiles_interpolate_between_ranks() {
        // NumPy: np.quantile([1, 2, 4, 10], [0.25, 0.5, 0.75]) == [1.75, 3.0, 5.5].
        let s = spread(vec![10.0, 1.0, 4.0, 2.0]).unwrap();
        assert_eq!((s.min, s.q1, s.median, s.q3, s.max), (1.0, 1.75, 3.0, 5.5, 10.0));
        assert_eq!(spread(vec![7.0]).unwrap().q3, 7.0);
        assert!(spread(vec![]).is_none());
    }

    #[test]
    fn failures_are_counted_but_never_averaged_in() {
        let report = ScalingReport {
            puzzle: "test".into(),
            options: ReportOptions { depths: 1..=3, per_depth: 3, seed: 0, heuristic: None },
            algorithms: vec!["X".into(), "Y".into()],
            samples: vec![],
            runs: vec![
                run("Y", 1, 4, true),
                run("X", 3, 10, true),
                run("X", 3, 1000, false),
                run("X", 3, 30, true),
                run("X", 1, 2, true),
                run("Y", 3, 7, false),
            ],
            notes: vec![],
        };
        let rows = report.rows();
        let keys: Vec<(&str, u64)> = rows.iter().map(|r| (r.algorithm.as_str(), r.depth)).collect();
        assert_eq!(keys, [("X", 1), ("X", 3), ("Y", 1), ("Y", 3)]);
        let x3 = &rows[1];
        assert_eq!((x3.runs, x3.solved, x3.failures, x3.limit_reached), (3, 2, 1, 1));
        // The failed run's 1000 expansions are not in the mean (20) but in their own column.
        assert_eq!((x3.expanded, x3.generated, x3.stored), (Some(20.0), Some(40.0), Some(41.0)));
        assert_eq!((x3.failed_expanded, x3.path_length), (Some(1000.0), Some(4.0)));
        assert_eq!(x3.expanded_spread.map(|s| (s.min, s.median, s.max)), Some((10.0, 20.0, 30.0)));
        // Nothing solved: no mean at all, rather than a mean of failures.
        let y3 = &rows[3];
        assert_eq!((y3.solved, y3.expanded, y3.ebf, y3.failed_expanded), (0, None, None, Some(7.0)));
        let csv = report.csv().unwrap();
        assert_eq!(csv.lines().count(), 5);
        assert!(csv
            .lines()
            .nth(2)
            .unwrap()
            .starts_with("test,X,3,3,2,0.6667,1,1,20.000,10.0,15.00,20.00,25.00,30.0,40.000,"));
        assert!(csv.lines().nth(4).unwrap().starts_with("test,Y,3,1,0,0.0000,1,1,,,,,,,,,,,,,7.000"));
        let md = report.markdown();
        assert!(md.contains("| X | 3 | 3 | 2 | 1 | 1 | 20.0 | 20.0 | 15–25 | 10–30 | 40.0 |"), "{md}");
        assert!(md.contains("| 3 | 2/3 · 20.0 (20; 15–25) · 4.0 moves · **1 failed** (1 at the limit) | 0/1 · **1 failed** (1 at the limit) |"), "{md}");
    }
}
