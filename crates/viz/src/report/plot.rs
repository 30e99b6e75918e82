//! The report's SVG plots: one line per algorithm against the solution depth. Nodes and
//! times are means of the solved runs only, log-scaled; a point is hollow where some runs
//! failed and crossed where a limit stopped some; a depth where nothing was solved has no
//! point, so a failing algorithm never looks cheapest. The solved share has its own plot.
//!
//! plotters is built with its SVG backend only and without the `ttf` feature: text goes
//! into the SVG as `<text>` elements laid out by an estimate, and the viewer (a browser)
//! picks the font. No font file, fontconfig or other system library is needed.

use plotters::prelude::*;

use super::{ReportError, Row, ScalingReport};

const SIZE: (u32, u32) = (900, 560);

/// Line colours, distinguishable on white and by most colour-blind readers (Okabe–Ito).
const COLORS: [RGBColor; 7] = [
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

const MARKS: &str = "solved runs only; hollow: some failed, x: a limit stopped some";

/// Draws the series' legend at `position`.
fn legend<'a, CT: CoordTranslate>(
    chart: &mut ChartContext<'a, SVGBackend<'a>, CT>,
    position: SeriesLabelPosition,
) -> Result<(), DrawingAreaErrorKind<std::io::Error>> {
    chart
        .configure_series_labels()
        .position(position)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .label_font(("sans-serif", 17))
        .draw()
}

/// Mean nodes expanded of the solved runs against depth.
pub(crate) fn nodes_svg(report: &ScalingReport, rows: &[Row]) -> Result<String, ReportError> {
    let title = format!("{}: nodes expanded by optimal solution depth", report.puzzle);
    line_plot("nodes.svg", &title, &format!("mean nodes expanded (log; {MARKS})"), report, rows, |r| r.expanded)
}

/// Mean time of the solved runs against depth.
pub(crate) fn time_svg(report: &ScalingReport, rows: &[Row]) -> Result<String, ReportError> {
    let title = format!("{}: search time by optimal solution depth", report.puzzle);
    line_plot("time.svg", &title, &format!("mean time in ms (log; {MARKS})"), report, rows, |r| r.millis)
}

/// The share of solved runs against depth, in percent.
pub(crate) fn solved_svg(report: &ScalingReport, rows: &[Row]) -> Result<String, ReportError> {
    let name = "solved.svg";
    let fail = |e: &dyn std::fmt::Display| ReportError::Plot { name, message: e.to_string() };
    let (x_lo, x_hi) = (*report.options.depths.start(), *report.options.depths.end());
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        root.fill(&WHITE).map_err(|e| fail(&e))?;
        let mut chart = ChartBuilder::on(&root)
            .caption(format!("{}: runs solved by optimal solution depth", report.puzzle), ("sans-serif", 26))
            .margin(16)
            .x_label_area_size(48)
            .y_label_area_size(80)
            .build_cartesian_2d(x_lo.saturating_sub(1)..x_hi + 1, 0.0..105.0)
            .map_err(|e| fail(&e))?;
        chart
            .configure_mesh()
            .x_desc("optimal solution depth (moves)")
            .y_desc("runs solved (%)")
            .label_style(("sans-serif", 17))
            .draw()
            .map_err(|e| fail(&e))?;
        for (i, algorithm) in report.algorithms.iter().enumerate() {
            let color = COLORS[i % COLORS.len()];
            let points: Vec<(u64, f64)> = rows
                .iter()
                .filter(|r| &r.algorithm == algorithm)
                .map(|r| (r.depth, 100.0 * r.solved as f64 / r.runs as f64))
                .collect();
            chart
                .draw_series(LineSeries::new(points.clone(), color.stroke_width(2)))
                .map_err(|e| fail(&e))?
                .label(algorithm.as_str())
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(2)));
            chart.draw_series(points.into_iter().map(|p| Circle::new(p, 3, color.filled()))).map_err(|e| fail(&e))?;
        }
        legend(&mut chart, SeriesLabelPosition::LowerLeft).map_err(|e| fail(&e))?;
        root.present().map_err(|e| fail(&e))?;
    }
    Ok(svg)
}

fn line_plot(
    name: &'static str,
    title: &str,
    y_label: &str,
    report: &ScalingReport,
    rows: &[Row],
    value: impl Fn(&Row) -> Option<f64>,
) -> Result<String, ReportError> {
    let fail = |e: &dyn std::fmt::Display| ReportError::Plot { name, message: e.to_string() };
    let (x_lo, x_hi) = (*report.options.depths.start(), *report.options.depths.end());
    // A log axis needs positive values: zeros (nothing expanded) are drawn at the floor.
    let positive: Vec<f64> = rows.iter().filter_map(&value).filter(|v| *v > 0.0 && v.is_finite()).collect();
    let y_hi = positive.iter().copied().fold(1.0f64, f64::max) * 2.0;
    let y_lo = positive.iter().copied().fold(y_hi, f64::min).min(1.0) / 2.0;

    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        root.fill(&WHITE).map_err(|e| fail(&e))?;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 26))
            .margin(16)
            .x_label_area_size(48)
            .y_label_area_size(80)
            .build_cartesian_2d(x_lo.saturating_sub(1)..x_hi + 1, (y_lo..y_hi).log_scale())
            .map_err(|e| fail(&e))?;
        chart
            .configure_mesh()
            .x_desc("optimal solution depth (moves)")
            .y_desc(y_label)
            .label_style(("sans-serif", 17))
            .y_label_formatter(&tick)
            .draw()
            .map_err(|e| fail(&e))?;
        for (i, algorithm) in report.algorithms.iter().enumerate() {
            let color = COLORS[i % COLORS.len()];
            let mine: Vec<&Row> = rows.iter().filter(|r| &r.algorithm == algorithm && value(r).is_some()).collect();
            let points: Vec<(u64, f64)> = mine.iter().map(|r| (r.depth, value(r).unwrap_or(y_lo).max(y_lo))).collect();
            if points.is_empty() {
                continue;
            }
            chart
                .draw_series(LineSeries::new(points.clone(), color.stroke_width(2)))
                .map_err(|e| fail(&e))?
                .label(algorithm.as_str())
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(2)));
            let dots = mine.iter().zip(&points).map(|(r, &p)| {
                let style = if r.failures == 0 { color.filled() } else { color.stroke_width(2) };
                Circle::new(p, if r.failures == 0 { 3 } else { 5 }, style)
            });
            chart.draw_series(dots).map_err(|e| fail(&e))?;
            let capped = mine.iter().zip(&points).filter(|(r, _)| r.limit_reached > 0);
            chart.draw_series(capped.map(|(_, &p)| Cross::new(p, 7, color.stroke_width(2)))).map_err(|e| fail(&e))?;
        }
        legend(&mut chart, SeriesLabelPosition::UpperLeft).map_err(|e| fail(&e))?;
        root.present().map_err(|e| fail(&e))?;
    }
    Ok(svg)
}

#[cfg(test)]
mod tests {
    use super::super::{ReportOptions, ScalingReport};
    use super::*;

    #[test]
    fn plots_are_svg_with_text_and_one_line_per_algorithm() {
        let row = |algorithm: &str, depth, expanded: f64| Row {
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
        };
        let report = ScalingReport {
            puzzle: "digits".into(),
            options: ReportOptions { depths: 1..=3, per_depth: 1, seed: 0 },
            algorithms: vec!["BFS".into(), "A*".into()],
            samples: vec![],
            runs: vec![],
            notes: vec![],
        };
        let rows =
            [row("BFS", 1, 5.0), row("BFS", 2, 40.0), row("BFS", 3, 300.0), row("A*", 1, 1.0), row("A*", 3, 3.0)];
        let svg = nodes_svg(&report, &rows).unwrap();
        assert!(svg.starts_with("<svg"));
        assert!(svg.contains("nodes expanded by optimal solution depth"));
        assert!(svg.contains("\nBFS\n</text>") && svg.contains("\nA*\n</text>"));
        assert_eq!(svg.matches(r#"stroke-width="2" points"#).count(), 2 + 2); // two series, two legend marks
                                                                              // All times zero: still a valid plot (drawn at the axis floor).
        assert!(time_svg(&report, &rows).unwrap().contains("search time"));
        // A group that solved nothing has no point (never a zero that looks cheapest); one with
        // failures is a hollow circle, crossed when a limit stopped runs.
        let failed = Row { solved: 0, failures: 1, limit_reached: 1, expanded: None, ..row("A*", 2, 0.0) };
        let some = Row { solved: 1, failures: 1, limit_reached: 1, ..row("BFS", 4, 900.0) };
        let mut more = rows.to_vec();
        more.extend([failed, some]);
        let svg = nodes_svg(&report, &more).unwrap();
        assert_eq!(svg.matches("<circle").count(), 5 + 1);
        assert_eq!(svg.matches(r#"r="5""#).count(), 1);
        let solved = solved_svg(&report, &more).unwrap();
        assert!(solved.contains("runs solved (%)") && solved.matches("<circle").count() == 7);
    }
}
