//! `searchlab report queens --sweep n=4..16`: the local-search report of
//! [`super::share`] for each value of one numeric instance field (the board size), side by
//! side: a table with a row per value and strategy, and two plots against the value, the
//! solved share and the mean moves of the solved runs, one line per strategy.

use std::path::{Path, PathBuf};

use plotters::coord::ranged1d::{AsRangedCoord, ValueFormatter};
use plotters::coord::Shift;
use plotters::prelude::*;
use searchlab_core::catalog::InstanceError;
use searchlab_core::local::{LocalOptions, LocalStrategy};

use super::share::{local_report, LocalReport};
use crate::plot::{fail, legend, svg_of, COLORS, SIZE};
use crate::{bitmap, font, write_files, PlotFormat, ReportError};
use searchlab_registry::local::RegisteredLocal;

/// The local-search reports of one field's values.
#[derive(Debug, Clone, PartialEq)]
pub struct LocalSweep {
    /// The puzzle's title.
    pub title: &'static str,
    /// The field swept (`n`).
    pub field: String,
    /// Its values, each with its report.
    pub reports: Vec<(u64, LocalReport)>,
}

/// [`local_report`] for each value of `values` given to the field `name`, the other fields
/// as `field` gives them; `progress` is told before each (value, strategy).
pub fn local_sweep(
    puzzle: &dyn RegisteredLocal,
    field: &dyn Fn(&str) -> String,
    (name, values): (&str, &[u64]),
    strategies: &[LocalStrategy],
    options: &LocalOptions,
    (runs, seed): (u64, u64),
    progress: &dyn Fn(&str),
) -> Result<LocalSweep, InstanceError> {
    let mut reports = Vec::new();
    for &value in values {
        let text = value.to_string();
        let fields = |f: &str| if f == name { text.clone() } else { field(f) };
        let tell = |strategy: &str| progress(&format!("{name}={value} {strategy}"));
        reports.push((value, local_report(puzzle, &fields, strategies, options, (runs, seed), &tell)?));
    }
    Ok(LocalSweep { title: puzzle.title(), field: name.to_string(), reports })
}

/// The strategies' names, in the order asked.
fn strategies(sweep: &LocalSweep) -> Vec<&'static str> {
    sweep.reports.first().map(|(_, r)| r.rows.iter().map(|row| row.summary.strategy).collect()).unwrap_or_default()
}

impl LocalSweep {
    /// A row per value and strategy as a Markdown table, with what was run under it.
    pub fn markdown(&self) -> String {
        let (lo, hi) = self.span();
        let mut out = format!("# {}: local search from random starts, {} = {lo} to {hi}\n\n", self.title, self.field);
        out += &format!("| {} | {}\n", self.field, super::share::MARKDOWN_HEAD);
        out += &format!("|---:{}\n", super::share::MARKDOWN_RULE);
        for (value, report) in &self.reports {
            for row in &report.rows {
                out += &format!("| {value} {}\n", super::share::markdown_cells(row));
            }
        }
        if let Some((_, first)) = self.reports.first() {
            out += &format!("\n{}", first.footnote());
        }
        out
    }

    /// The table as CSV: the field's value, then the columns of a local report's CSV.
    pub fn csv(&self) -> Result<String, ReportError> {
        let mut w = csv::Writer::from_writer(Vec::new());
        w.write_record(std::iter::once(self.field.as_str()).chain(super::share::CSV_HEAD))?;
        for (value, report) in &self.reports {
            for row in &report.rows {
                w.write_record(std::iter::once(value.to_string()).chain(super::share::csv_cells(row)))?;
            }
        }
        let bytes = w.into_inner().map_err(|e| csv::Error::from(e.into_error()))?;
        Ok(String::from_utf8_lossy(&bytes).into_owned())
    }

    /// One line per strategy of `value` (`None`: no point) against the field's value, on the
    /// y axis `y` (linear for shares, log for moves); the legend at `at`.
    fn draw<DB: DrawingBackend, Y>(
        &self,
        root: &DrawingArea<DB, Shift>,
        (title, y_desc): (&str, &str),
        (y, at): (Y, SeriesLabelPosition),
        value: &dyn Fn(&super::share::LocalRow) -> Option<f64>,
    ) -> Result<(), String>
    where
        Y: AsRangedCoord<Value = f64>,
        Y::CoordDescType: ValueFormatter<f64>,
    {
        font::register_font()?;
        root.fill(&WHITE).map_err(fail)?;
        let (lo, hi) = self.span();
        let mut chart = ChartBuilder::on(root)
            .caption(format!("{}: {title}", self.title), ("sans-serif", 26))
            .margin(16)
            .x_label_area_size(48)
            .y_label_area_size(80)
            .build_cartesian_2d(lo.saturating_sub(1)..hi + 1, y)
            .map_err(fail)?;
        chart
            .configure_mesh()
            .x_desc(self.field.as_str())
            .y_desc(y_desc)
            .label_style(("sans-serif", 17))
            .draw()
            .map_err(fail)?;
        for (i, name) in strategies(self).iter().enumerate() {
            let color = COLORS[i % COLORS.len()];
            let line = self.points(i, value);
            chart
                .draw_series(LineSeries::new(line.clone(), color.stroke_width(2)))
                .map_err(fail)?
                .label(*name)
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(2)));
            chart.draw_series(line.into_iter().map(|p| Circle::new(p, 3, color.filled()))).map_err(fail)?;
        }
        legend(&mut chart, at)?;
        root.present().map_err(fail)
    }

    /// The first and last values swept.
    fn span(&self) -> (u64, u64) {
        (self.reports.first().map_or(0, |r| r.0), self.reports.last().map_or(0, |r| r.0))
    }

    /// Strategy `i`'s points: each value with what `value` reads from its row.
    fn points(&self, i: usize, value: &dyn Fn(&super::share::LocalRow) -> Option<f64>) -> Vec<(u64, f64)> {
        self.reports.iter().filter_map(|(x, r)| Some((*x, value(r.rows.get(i)?)?))).collect()
    }

    /// The solved shares against the value.
    fn draw_solved<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), String> {
        let title = format!("runs solved by {}", self.field);
        let share = |r: &super::share::LocalRow| Some(100.0 * r.summary.solved_share);
        let axis = (0.0..105.0, SeriesLabelPosition::LowerLeft);
        self.draw(root, (&title, "runs solved (%)"), axis, &share)
    }

    /// The mean moves of the solved runs against the value, on a log axis (annealing's
    /// hundreds beside steepest ascent's few).
    fn draw_steps<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), String> {
        let title = format!("moves of the solved runs by {}", self.field);
        let steps = |r: &super::share::LocalRow| r.summary.mean_steps_solved.filter(|m| *m > 0.0);
        let all: Vec<f64> = (0..strategies(self).len()).flat_map(|i| self.points(i, &steps)).map(|p| p.1).collect();
        let hi = all.iter().copied().fold(1.0f64, f64::max) * 2.0;
        let lo = all.iter().copied().fold(hi, f64::min).min(1.0) / 2.0;
        let axis = ((lo..hi).log_scale(), SeriesLabelPosition::UpperLeft);
        self.draw(root, (&title, "mean moves, solved runs (log)"), axis, &steps)
    }

    /// Writes `report.md`, `report.csv`, `solved.svg` and `steps.svg` (or `.png`, or both)
    /// into `dir` (created if needed); returns the files written.
    pub fn write(&self, dir: &Path, format: PlotFormat) -> Result<Vec<PathBuf>, ReportError> {
        let plot = |name| move |message| ReportError::Plot { name, message };
        let mut files = vec![("report.md", self.markdown().into_bytes()), ("report.csv", self.csv()?.into_bytes())];
        if format.svg() {
            files.push(("solved.svg", svg_of(SIZE, |r| self.draw_solved(r)).map_err(plot("solved.svg"))?.into_bytes()));
            files.push(("steps.svg", svg_of(SIZE, |r| self.draw_steps(r)).map_err(plot("steps.svg"))?.into_bytes()));
        }
        if format.png() {
            files.push(("solved.png", bitmap::png_of(SIZE, |r| self.draw_solved(r)).map_err(plot("solved.png"))?));
            files.push(("steps.png", bitmap::png_of(SIZE, |r| self.draw_steps(r)).map_err(plot("steps.png"))?));
        }
        write_files(dir, files)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use searchlab_registry::local_puzzle;

    #[test]
    fn each_value_is_the_report_of_that_instance() {
        let queens = local_puzzle("queens").unwrap();
        let empty = |_: &str| String::new();
        let strategies = [LocalStrategy::Hill, LocalStrategy::Restart];
        let options = LocalOptions::default();
        let sweep = local_sweep(queens, &empty, ("n", &[4, 6, 8]), &strategies, &options, (100, 3), &|_| {}).unwrap();
        for (n, report) in &sweep.reports {
            let alone = |f: &str| if f == "n" { n.to_string() } else { String::new() };
            let expected = local_report(queens, &alone, &strategies, &options, (100, 3), &|_| {}).unwrap();
            let summaries = |r: &LocalReport| r.rows.iter().map(|row| row.summary.clone()).collect::<Vec<_>>();
            assert_eq!(summaries(report), summaries(&expected), "n={n}");
            assert_eq!(report.instance, [format!("n={n}")]);
        }
        let md = sweep.markdown();
        assert!(md.starts_with("# n-queens: local search from random starts, n = 4 to 8\n"), "{md}");
        assert_eq!(md.lines().filter(|l| l.starts_with("| 6 | hill")).count(), 2, "{md}");
        let csv = sweep.csv().unwrap();
        assert_eq!(csv.lines().count(), 1 + 3 * 2);
        assert!(csv.starts_with("n,strategy,runs,solved,"), "{csv}");
        // Random restarts solve every board from 4 queens up.
        assert!(csv.lines().filter(|l| l.contains(",hill-restart,")).all(|l| l.contains(",100,100,1.0000,")), "{csv}");
        let dir = tempfile::tempdir().unwrap();
        let files = sweep.write(dir.path(), PlotFormat::Both).unwrap();
        assert_eq!(files.len(), 6);
        let svg = std::fs::read_to_string(dir.path().join("steps.svg")).unwrap();
        assert!(svg.contains("moves of the solved runs by n") && svg.contains("hill-restart"));
    }
}
