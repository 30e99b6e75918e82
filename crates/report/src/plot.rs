//! The report's plots: one line per algorithm against the solution depth. Nodes and
//! times are means of the solved runs only, log-scaled; a point is hollow where some runs
//! failed and crossed where a limit stopped some; a depth where nothing was solved has no
//! point, so a failing algorithm never looks cheapest. The solved share has its own plot.
//!
//! Each plot is drawn once, on any plotters backend: SVG here ([`svg`]), PNG in `bitmap.rs`.
//! Text is measured with the embedded DejaVu Sans (`bitmap.rs`); in an SVG it is a `<text>`
//! element in the viewer's sans-serif font.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::{ReportError, Row, ScalingReport};

/// Every plot's size in pixels (the SVG's user units).
pub(crate) const SIZE: (u32, u32) = (900, 560);

/// The report's plots.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Plot {
    /// Mean nodes expanded of the solved runs against depth.
    Nodes,
    /// Mean time of the solved runs against depth.
    Time,
    /// The share of solved runs against depth, in percent.
    Solved,
}

impl Plot {
    /// All of them, in the order their files are written.
    pub(crate) const ALL: [Plot; 3] = [Plot::Nodes, Plot::Time, Plot::Solved];

    /// The file name with this extension (`svg` or `png`).
    pub(crate) fn file(self, png: bool) -> &'static str {
        match (self, png) {
            (Plot::Nodes, false) => "nodes.svg",
            (Plot::Time, false) => "time.svg",
            (Plot::Solved, false) => "solved.svg",
            (Plot::Nodes, true) => "nodes.png",
            (Plot::Time, true) => "time.png",
            (Plot::Solved, true) => "solved.png",
        }
    }

    /// Draws this plot on `root`; the message of a failure.
    pub(crate) fn draw<DB: DrawingBackend>(
        self,
        root: &DrawingArea<DB, Shift>,
        report: &ScalingReport,
        rows: &[Row],
    ) -> Result<(), String> {
        super::font::register_font()?;
        match self {
            Plot::Nodes => {
                let title = format!("{}: nodes expanded by optimal solution depth", report.puzzle);
                line_plot(root, &title, "mean nodes expanded, solved runs (log)", report, rows, |r| r.expanded)
            }
            Plot::Time => {
                let title = format!("{}: search time by optimal solution depth", report.puzzle);
                line_plot(root, &title, "mean time in ms, solved runs (log)", report, rows, |r| r.millis)
            }
            Plot::Solved => solved_plot(root, report, rows),
        }
    }
}

/// The plot as an SVG document.
pub(crate) fn svg(plot: Plot, report: &ScalingReport, rows: &[Row]) -> Result<String, ReportError> {
    svg_of(SIZE, |root| plot.draw(root, report, rows))
        .map_err(|message| ReportError::Plot { name: plot.file(false), message })
}

/// The SVG document `draw` draws on a page of `size` pixels (any plot of the crate: the
/// report's and the class page's); the message of a failure.
pub(crate) fn svg_of(
    size: (u32, u32),
    draw: impl FnOnce(&DrawingArea<SVGBackend<'_>, Shift>) -> Result<(), String>,
) -> Result<String, String> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        draw(&root)?;
    }
    Ok(svg)
}

/// A drawing failure in words.
pub(crate) fn fail<E: std::error::Error + Send + Sync>(e: DrawingAreaErrorKind<E>) -> String {
    e.to_string()
}

/// Line colours, distinguishable on white and by most colour-blind readers (Okabe–Ito).
pub(crate) const COLORS: [RGBColor; 7] = [
    RGBColor(0, 114, 178),
    RGBColor(213, 94, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(86, 180, 233),
    RGBColor(230, 159, 0),
    RGBColor(0, 0, 0),
];

/// A log-axis tick: whole numbers without decimals, small ones with as few as they need.
fn tick(v: &f64) -> String {
    if *v >= 1.0 {
        format!("{v:.0}")
    } else {
        format!("{}", (v * 1e6).round() / 1e6)
    }
}

/// The legend's entries for the marks of a line plot, each shown when some point has it.
const FAILED_MARK: &str = "hollow: some runs failed";
const LIMIT_MARK: &str = "x: a limit stopped some";

/// Draws the series' legend at `position`.
pub(crate) fn legend<'a, DB: DrawingBackend + 'a, CT: CoordTranslate>(
    chart: &mut ChartContext<'a, DB, CT>,
    position: SeriesLabelPosition,
) -> Result<(), String> {
    chart
        .configure_series_labels()
        .position(position)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .label_font(("sans-serif", 17))
        .draw()
        .map_err(fail)
}

/// The share of solved runs against depth, in percent.
fn solved_plot<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    report: &ScalingReport,
    rows: &[Row],
) -> Result<(), String> {
    let (x_lo, x_hi) = (*report.options.depths.start(), *report.options.depths.end());
    {
        root.fill(&WHITE).map_err(fail)?;
        let mut chart = ChartBuilder::on(root)
            .caption(format!("{}: runs solved by optimal solution depth", report.puzzle), ("sans-serif", 26))
            .margin(16)
            .x_label_area_size(48)
            .y_label_area_size(80)
            .build_cartesian_2d(x_lo.saturating_sub(1)..x_hi + 1, 0.0..105.0)
            .map_err(fail)?;
        chart
            .configure_mesh()
            .x_desc("optimal solution depth (moves)")
            .y_desc("runs solved (%)")
            .label_style(("sans-serif", 17))
            .draw()
            .map_err(fail)?;
        for (i, algorithm) in report.algorithms.iter().enumerate() {
            let color = COLORS[i % COLORS.len()];
            let points: Vec<(u64, f64)> = rows
                .iter()
                .filter(|r| &r.algorithm == algorithm)
                .map(|r| (r.depth, 100.0 * r.solved as f64 / r.runs as f64))
                .collect();
            chart
                .draw_series(LineSeries::new(points.clone(), color.stroke_width(2)))
                .map_err(fail)?
                .label(algorithm.as_str())
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(2)));
            chart.draw_series(points.into_iter().map(|p| Circle::new(p, 3, color.filled()))).map_err(fail)?;
        }
        legend(&mut chart, SeriesLabelPosition::LowerLeft)?;
        root.present().map_err(fail)?;
    }
    Ok(())
}

fn line_plot<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    y_label: &str,
    report: &ScalingReport,
    rows: &[Row],
    value: impl Fn(&Row) -> Option<f64>,
) -> Result<(), String> {
    let (x_lo, x_hi) = (*report.options.depths.start(), *report.options.depths.end());
    // A log axis needs positive values: zeros (nothing expanded) are drawn at the floor.
    let positive: Vec<f64> = rows.iter().filter_map(&value).filter(|v| *v > 0.0 && v.is_finite()).collect();
    let y_hi = positive.iter().copied().fold(1.0f64, f64::max) * 2.0;
    let y_lo = positive.iter().copied().fold(y_hi, f64::min).min(1.0) / 2.0;

    {
        root.fill(&WHITE).map_err(fail)?;
        let mut chart = ChartBuilder::on(root)
            .caption(title, ("sans-serif", 26))
            .margin(16)
            .x_label_area_size(48)
            .y_label_area_size(80)
            .build_cartesian_2d(x_lo.saturating_sub(1)..x_hi + 1, (y_lo..y_hi).log_scale())
            .map_err(fail)?;
        chart
            .configure_mesh()
            .x_desc("optimal solution depth (moves)")
            .y_desc(y_label)
            .label_style(("sans-serif", 17))
            .y_label_formatter(&tick)
            .draw()
            .map_err(fail)?;
        for (i, algorithm) in report.algorithms.iter().enumerate() {
            let color = COLORS[i % COLORS.len()];
            let mine: Vec<&Row> = rows.iter().filter(|r| &r.algorithm == algorithm && value(r).is_some()).collect();
            let points: Vec<(u64, f64)> = mine.iter().map(|r| (r.depth, value(r).unwrap_or(y_lo).max(y_lo))).collect();
            if points.is_empty() {
                continue;
            }
            chart
                .draw_series(LineSeries::new(points.clone(), color.stroke_width(2)))
                .map_err(fail)?
                .label(algorithm.as_str())
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(2)));
            let dots = mine.iter().zip(&points).map(|(r, &p)| {
                let style = if r.failures == 0 { color.filled() } else { color.stroke_width(2) };
                Circle::new(p, if r.failures == 0 { 3 } else { 5 }, style)
            });
            chart.draw_series(dots).map_err(fail)?;
            let capped = mine.iter().zip(&points).filter(|(r, _)| r.limit_reached > 0);
            chart.draw_series(capped.map(|(_, &p)| Cross::new(p, 7, color.stroke_width(2)))).map_err(fail)?;
        }
        let drawn = || rows.iter().filter(|r| value(r).is_some());
        let mark = BLACK.stroke_width(2);
        if drawn().any(|r| r.failures > 0) {
            chart
                .draw_series(std::iter::empty::<Circle<(u64, f64), i32>>())
                .map_err(fail)?
                .label(FAILED_MARK)
                .legend(move |(x, y)| Circle::new((x + 10, y), 5, mark));
        }
        if drawn().any(|r| r.limit_reached > 0) {
            chart
                .draw_series(std::iter::empty::<Cross<(u64, f64), i32>>())
                .map_err(fail)?
                .label(LIMIT_MARK)
                .legend(move |(x, y)| Cross::new((x + 10, y), 7, mark));
        }
        legend(&mut chart, SeriesLabelPosition::LowerRight)?;
        root.present().map_err(fail)?;
    }
    Ok(())
}

#[cfg(test)]
pub(crate) mod tests {
    use super::super::{ReportOptions, ScalingReport};
    use super::*;

    /// A group of one solved run with `expanded` nodes.
    pub(crate) fn row(algorithm: &str, depth: u64, expanded: f64) -> Row {
        Row {
            algorithm: algorithm.into(),
            depth,
            runs: 1,
            solved: 1,
            failures: 0,
            limit_reached: 0,
            expanded: Some(expanded),
            expanded_spread: None,
            generated: Some(expanded * 2.0),
            ebf: None,
            path_length: Some(depth as f64),
            millis: Some(0.0),
            max_frontier: Some(1.0),
            stored: Some(1.0),
            failed_expanded: None,
        }
    }

    /// A report of BFS and A* at depths 1 to 3, and its groups.
    pub(crate) fn sample() -> (ScalingReport, Vec<Row>) {
        let report = ScalingReport {
            puzzle: "digits".into(),
            options: ReportOptions { depths: 1..=3, per_depth: 1, seed: 0, heuristic: None },
            algorithms: vec!["BFS".into(), "A*".into()],
            samples: vec![],
            runs: vec![],
            notes: vec![],
        };
        let rows =
            vec![row("BFS", 1, 5.0), row("BFS", 2, 40.0), row("BFS", 3, 300.0), row("A*", 1, 1.0), row("A*", 3, 3.0)];
        (report, rows)
    }

    #[test]
    fn plots_are_svg_with_text_and_one_line_per_algorithm() {
        let (report, rows) = sample();
        let nodes = svg(Plot::Nodes, &report, &rows).unwrap();
        assert!(nodes.starts_with("<svg"));
        assert!(nodes.contains("nodes expanded by optimal solution depth"));
        assert!(nodes.contains("\nBFS\n</text>") && nodes.contains("\nA*\n</text>"));
        // Two series, two legend marks.
        assert_eq!(nodes.matches(r#"stroke-width="2" points"#).count(), 2 + 2);
        // All times zero: still a valid plot (drawn at the axis floor).
        assert!(svg(Plot::Time, &report, &rows).unwrap().contains("search time"));
        // A group that solved nothing has no point (never a zero that looks cheapest); one with
        // failures is a hollow circle, crossed when a limit stopped runs.
        let failed = Row { solved: 0, failures: 1, limit_reached: 1, expanded: None, ..row("A*", 2, 0.0) };
        let some = Row { solved: 1, failures: 1, limit_reached: 1, ..row("BFS", 4, 900.0) };
        let mut more = rows.to_vec();
        more.extend([failed, some]);
        let nodes = svg(Plot::Nodes, &report, &more).unwrap();
        // Five filled points, one hollow, and the hollow mark in the legend with its words.
        assert_eq!(nodes.matches("<circle").count(), 5 + 1 + 1);
        assert_eq!(nodes.matches(r#"r="5""#).count(), 1 + 1);
        assert!(nodes.contains(FAILED_MARK) && nodes.contains(LIMIT_MARK));
        // Without failures the legend names the algorithms only.
        let plain = svg(Plot::Nodes, &report, &rows).unwrap();
        assert!(!plain.contains(FAILED_MARK) && !plain.contains(LIMIT_MARK));
        let solved = svg(Plot::Solved, &report, &more).unwrap();
        assert!(solved.contains("runs solved (%)") && solved.matches("<circle").count() == 7);
    }
}
