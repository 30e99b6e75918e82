//! The report's SVG plots: one line per algorithm against the solution depth, log-scaled.
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

/// Mean nodes expanded against depth.
pub(crate) fn nodes_svg(report: &ScalingReport, rows: &[Row]) -> Result<String, ReportError> {
    let title = format!("{}: nodes expanded by optimal solution depth", report.puzzle);
    line_plot("nodes.svg", &title, "mean nodes expanded (log scale)", report, rows, |r| r.expanded)
}

/// Mean time against depth.
pub(crate) fn time_svg(report: &ScalingReport, rows: &[Row]) -> Result<String, ReportError> {
    let title = format!("{}: search time by optimal solution depth", report.puzzle);
    line_plot("time.svg", &title, "mean time in ms (log scale)", report, rows, |r| r.millis)
}

fn line_plot(
    name: &'static str,
    title: &str,
    y_label: &str,
    report: &ScalingReport,
    rows: &[Row],
    value: impl Fn(&Row) -> f64,
) -> Result<String, ReportError> {
    let fail = |e: &dyn std::fmt::Display| ReportError::Plot { name, message: e.to_string() };
    let (x_lo, x_hi) = (*report.options.depths.start(), *report.options.depths.end());
    // A log axis needs positive values: zeros (nothing expanded) are drawn at the floor.
    let positive: Vec<f64> = rows.iter().map(&value).filter(|v| *v > 0.0 && v.is_finite()).collect();
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
            let points: Vec<(u64, f64)> =
                rows.iter().filter(|r| &r.algorithm == algorithm).map(|r| (r.depth, value(r).max(y_lo))).collect();
            if points.is_empty() {
                continue;
            }
            chart
                .draw_series(LineSeries::new(points.clone(), color.stroke_width(2)))
                .map_err(|e| fail(&e))?
                .label(algorithm.as_str())
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(2)));
            chart.draw_series(points.into_iter().map(|p| Circle::new(p, 3, color.filled()))).map_err(|e| fail(&e))?;
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperLeft)
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .label_font(("sans-serif", 17))
            .draw()
            .map_err(|e| fail(&e))?;
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
        let row = |algorithm: &str, depth, expanded| Row {
            algorithm: algorithm.into(),
            depth,
            runs: 1,
            failures: 0,
            limit_reached: 0,
            expanded,
            generated: expanded * 2.0,
            ebf: None,
            millis: 0.0,
            max_frontier: 1.0,
            stored: 1.0,
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
    }
}
