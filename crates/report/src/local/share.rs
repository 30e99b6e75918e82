//! `searchlab report` for a local-search puzzle: every chosen local strategy run many times
//! from random starts of one instance (the n-queens' random boards), side by side: the solved
//! share and the mean moves of solved and stuck runs (the textbook's figures), and a bar plot
//! of the solved shares.

use std::path::{Path, PathBuf};
use std::time::Instant;

use plotters::coord::Shift;
use plotters::prelude::*;
use searchlab_core::catalog::InstanceError;
use searchlab_core::local::{LocalOptions, LocalStrategy, LocalSummary};

use crate::plot::{fail, svg_of, COLORS, SIZE};
use crate::{bitmap, font, write_files, PlotFormat, ReportError};
use searchlab_registry::local::RegisteredLocal;

/// One strategy's runs.
#[derive(Debug, Clone, PartialEq)]
pub struct LocalRow {
    /// The runs' summary (seeded: reproducible).
    pub summary: LocalSummary,
    /// The wall time of all the runs, in milliseconds (not reproducible).
    pub millis: f64,
}

/// A finished local-search report.
#[derive(Debug, Clone, PartialEq)]
pub struct LocalReport {
    /// The puzzle's title.
    pub title: &'static str,
    /// The instance, as `name=value` pairs.
    pub instance: Vec<String>,
    /// The options every strategy ran with.
    pub options: LocalOptions,
    /// One row per strategy, in the order asked.
    pub rows: Vec<LocalRow>,
}

/// Runs every strategy of `strategies` `runs` times on the instance `field` gives, each
/// strategy from a generator seeded with `seed` (so each starts from the same boards);
/// `progress` is told after each strategy.
pub fn local_report(
    puzzle: &dyn RegisteredLocal,
    field: &dyn Fn(&str) -> String,
    strategies: &[LocalStrategy],
    options: &LocalOptions,
    (runs, seed): (u64, u64),
    progress: &dyn Fn(&str),
) -> Result<LocalReport, InstanceError> {
    // An empty field is its example, named so in the report.
    let given = |name: &str| {
        let value = field(name).trim().to_string();
        match puzzle.fields().iter().find(|f| f.name == name) {
            Some(f) if value.is_empty() => f.example.to_string(),
            _ => value,
        }
    };
    let field = &given;
    let mut rows = Vec::new();
    for &strategy in strategies {
        progress(strategy.name());
        let started = Instant::now();
        let summary = puzzle.run_many(field, strategy, options, runs, seed)?;
        rows.push(LocalRow { summary, millis: started.elapsed().as_secs_f64() * 1000.0 });
    }
    let instance = puzzle.fields().iter().map(|f| format!("{}={}", f.name, field(f.name))).collect();
    Ok(LocalReport { title: puzzle.title(), instance, options: *options, rows })
}

fn number(value: Option<f64>) -> String {
    value.map_or("–".to_string(), |v| format!("{v:.1}"))
}

/// The Markdown table's header after its first `|`, and its rule line.
pub(crate) const MARKDOWN_HEAD: &str =
    "strategy | runs | solved | solved share | mean moves, solved | mean moves, stuck | time (ms) |";
pub(crate) const MARKDOWN_RULE: &str = "|---|---:|---:|---:|---:|---:|---:|";

/// A row of the Markdown table, from its first `|`.
pub(crate) fn markdown_cells(r: &LocalRow) -> String {
    let s = &r.summary;
    format!(
        "| {} | {} | {} | {:.1} % | {} | {} | {:.0} |",
        s.strategy,
        s.runs,
        s.solved,
        100.0 * s.solved_share,
        number(s.mean_steps_solved),
        number(s.mean_steps_stuck),
        r.millis
    )
}

/// The CSV's columns.
pub(crate) const CSV_HEAD: [&str; 8] =
    ["strategy", "runs", "solved", "solved_share", "mean_steps_solved", "mean_steps_stuck", "seed", "ms"];

/// A row of the CSV (empty cells where no run was solved or stuck).
pub(crate) fn csv_cells(r: &LocalRow) -> [String; 8] {
    let cell = |v: Option<f64>| v.map_or(String::new(), |v| format!("{v:.3}"));
    let s = &r.summary;
    [
        s.strategy.to_string(),
        s.runs.to_string(),
        s.solved.to_string(),
        format!("{:.4}", s.solved_share),
        cell(s.mean_steps_solved),
        cell(s.mean_steps_stuck),
        s.seed.to_string(),
        format!("{:.1}", r.millis),
    ]
}

impl LocalReport {
    /// The strategies side by side as a Markdown table, with what was run under it.
    pub fn markdown(&self) -> String {
        let mut out = format!("# {}: local search from random starts ({})\n\n", self.title, self.instance.join(", "));
        out += &format!("| {MARKDOWN_HEAD}\n{MARKDOWN_RULE}\n");
        for r in &self.rows {
            out += &format!("{}\n", markdown_cells(r));
        }
        out += &format!("\n{}", self.footnote());
        out
    }

    /// What every row ran with: the seed, the sideways moves, the beam's width.
    pub(crate) fn footnote(&self) -> String {
        let seed = self.rows.first().map_or(0, |r| r.summary.seed);
        format!(
            "Every strategy starts from the same random states (seed {seed}); sideways moves allowed in a \
             row: {} (hill, hill-restart, local-beam); local-beam keeps {} states; annealing's schedule: {}. \
             Means are over the solved and the stuck runs apart; times are wall-clock and vary between runs, \
             every other column is reproduced by the same seed.\n",
            self.options.sideways, self.options.width, self.options.schedule
        )
    }

    /// The table as CSV (empty cells where no run was solved or stuck).
    pub fn csv(&self) -> Result<String, ReportError> {
        let mut w = csv::Writer::from_writer(Vec::new());
        w.write_record(CSV_HEAD)?;
        for r in &self.rows {
            w.write_record(csv_cells(r))?;
        }
        let bytes = w.into_inner().map_err(|e| csv::Error::from(e.into_error()))?;
        Ok(String::from_utf8_lossy(&bytes).into_owned())
    }

    /// The solved share of each strategy as bars, on any plotters backend.
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), String> {
        font::register_font()?;
        root.fill(&WHITE).map_err(fail)?;
        let names: Vec<&str> = self.rows.iter().map(|r| r.summary.strategy).collect();
        let runs = self.rows.first().map_or(0, |r| r.summary.runs);
        let mut chart = ChartBuilder::on(root)
            .caption(
                format!("{}: runs solved ({} each, {})", self.title, runs, self.instance.join(", ")),
                ("sans-serif", 24),
            )
            .margin(16)
            .x_label_area_size(48)
            .y_label_area_size(80)
            .build_cartesian_2d(-0.5..names.len() as f64 - 0.5, 0.0..105.0)
            .map_err(fail)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(names.len())
            .x_label_formatter(&|x| {
                let i = x.round();
                if (x - i).abs() < 1e-6 && i >= 0.0 {
                    names.get(i as usize).map_or(String::new(), |n| n.to_string())
                } else {
                    String::new()
                }
            })
            .y_desc("runs solved (%)")
            .label_style(("sans-serif", 16))
            .draw()
            .map_err(fail)?;
        chart
            .draw_series(self.rows.iter().enumerate().map(|(i, r)| {
                let x = i as f64;
                Rectangle::new(
                    [(x - 0.35, 0.0), (x + 0.35, 100.0 * r.summary.solved_share)],
                    COLORS[i % COLORS.len()].filled(),
                )
            }))
            .map_err(fail)?;
        root.present().map_err(fail)
    }

    /// Writes `report.md`, `report.csv` and `solved.svg` (or `.png`, or both) into `dir`
    /// (created if needed); returns the files written.
    pub fn write(&self, dir: &Path, format: PlotFormat) -> Result<Vec<PathBuf>, ReportError> {
        let plot = |name| move |message| ReportError::Plot { name, message };
        let mut files = vec![("report.md", self.markdown().into_bytes()), ("report.csv", self.csv()?.into_bytes())];
        if format.svg() {
            files.push(("solved.svg", svg_of(SIZE, |root| self.draw(root)).map_err(plot("solved.svg"))?.into_bytes()));
        }
        if format.png() {
            files.push(("solved.png", bitmap::png_of(SIZE, |root| self.draw(root)).map_err(plot("solved.png"))?));
        }
        write_files(dir, files)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use searchlab_registry::local_puzzle;

    #[test]
    fn the_report_is_the_command_lines_figures_side_by_side() {
        let queens = local_puzzle("queens").unwrap();
        let empty = |_: &str| String::new();
        let strategies = [LocalStrategy::Hill, LocalStrategy::Restart];
        let options = LocalOptions::default();
        let report = local_report(queens, &empty, &strategies, &options, (200, 7), &|_| {}).unwrap();
        assert_eq!(report.instance, ["n=8"]);
        for (row, strategy) in report.rows.iter().zip(strategies) {
            let eight = |_: &str| "8".to_string();
            assert_eq!(row.summary, queens.run_many(&eight, strategy, &options, 200, 7).unwrap());
        }
        let md = report.markdown();
        let hill = &report.rows[0].summary;
        let line = format!("| hill | 200 | {} | {:.1} % |", hill.solved, 100.0 * hill.solved_share);
        assert!(md.contains(&line), "{md}");
        let csv = report.csv().unwrap();
        assert_eq!(csv.lines().count(), 3);
        assert!(csv.lines().nth(2).unwrap().starts_with("hill-restart,200,200,1.0000,"), "{csv}");
        let dir = tempfile::tempdir().unwrap();
        let files = report.write(dir.path(), PlotFormat::Both).unwrap();
        assert_eq!(files.len(), 4);
        let svg = std::fs::read_to_string(dir.path().join("solved.svg")).unwrap();
        assert!(svg.contains("hill-restart") && svg.contains("runs solved"));
    }
}
