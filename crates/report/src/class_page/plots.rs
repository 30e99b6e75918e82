//! The class page's plots, drawn from a [`ClassSummary`] once for either plotters backend (as
//! the report's plots are): the score percentages in 10 % bins, the students following each
//! rule, and the students failing each of the inputs most programs fail on. SVG through
//! `report/plot.rs`, PNG through `report/bitmap.rs`, text in the embedded DejaVu Sans.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use searchlab_check::grade::{visible, ClassSummary, Scores, BINS, NO_FAILURES, NO_RULES, NO_SCORES};

use crate::bitmap::png_of;
use crate::font::register_font;
use crate::plot::{fail, svg_of, COLORS, SIZE};
use crate::ReportError;

/// The class page's plots, written as `plots/NAME.svg` and `plots/NAME.png`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClassPlot {
    /// A histogram of the graded students' score percentages, 10 % bins.
    Scores,
    /// A horizontal bar per rule: how many students' summaries name it.
    Rules,
    /// A horizontal bar per input most programs fail on: how many students fail it.
    Inputs,
}

/// The height of a horizontal bar and its gap, in pixels.
const BAR_PITCH: u32 = 36;
/// The labels' and counts' font size: 17.6 px drawn, 12.5 px where a phone shows the plot 640
/// px wide (class.html's style sheet), 12 px being the least the page allows.
const LABEL_FONT: u32 = 22;
/// The longest bar label drawn whole; longer ones end in `…`.
const LABEL_CHARS: usize = 36;

impl ClassPlot {
    /// All of them, in the page's order.
    pub const ALL: [ClassPlot; 3] = [ClassPlot::Scores, ClassPlot::Rules, ClassPlot::Inputs];

    /// The file's name in `plots/` with this extension (`svg` or `png`).
    pub fn file(self, png: bool) -> &'static str {
        match (self, png) {
            (ClassPlot::Scores, false) => "scores.svg",
            (ClassPlot::Rules, false) => "rules.svg",
            (ClassPlot::Inputs, false) => "inputs.svg",
            (ClassPlot::Scores, true) => "scores.png",
            (ClassPlot::Rules, true) => "rules.png",
            (ClassPlot::Inputs, true) => "inputs.png",
        }
    }

    /// The plot's caption.
    pub fn title(self) -> &'static str {
        match self {
            ClassPlot::Scores => "Scores of the graded students (10 % bins)",
            ClassPlot::Rules => "Students whose programs follow each rule",
            ClassPlot::Inputs => "Inputs most programs fail on",
        }
    }

    /// The plot's size in pixels: 900 × 560, taller when there are many bars.
    pub fn size(self, summary: &ClassSummary) -> (u32, u32) {
        let bars = self.bars(summary).len() as u32;
        (SIZE.0, SIZE.1.max(140 + BAR_PITCH * bars))
    }

    /// The plot as an SVG document.
    pub fn svg(self, summary: &ClassSummary) -> Result<String, ReportError> {
        svg_of(self.size(summary), |root| self.draw(root, summary))
            .map_err(|message| ReportError::Plot { name: self.file(false), message })
    }

    /// The plot as a PNG file's bytes (8-bit RGB).
    pub fn png(self, summary: &ClassSummary) -> Result<Vec<u8>, ReportError> {
        png_of(self.size(summary), |root| self.draw(root, summary))
            .map_err(|message| ReportError::Plot { name: self.file(true), message })
    }

    /// The bars of a bar chart: (label, students), most students first. A label's control
    /// characters are shown as `\xNN` (an SVG cannot hold them); the SVG backend escapes its
    /// markup.
    fn bars(self, summary: &ClassSummary) -> Vec<(String, usize)> {
        let bar = |label: &str, students: usize| (visible(label).into_owned(), students);
        match self {
            ClassPlot::Scores => Vec::new(),
            ClassPlot::Rules => summary.rules.iter().map(|r| bar(&r.rule, r.students)).collect(),
            ClassPlot::Inputs => summary.inputs.iter().map(|i| bar(&i.label(), i.students)).collect(),
        }
    }

    /// Draws this plot on `root`; the message of a failure.
    fn draw<DB: DrawingBackend>(self, root: &DrawingArea<DB, Shift>, summary: &ClassSummary) -> Result<(), String> {
        register_font()?;
        root.fill(&WHITE).map_err(fail)?;
        match self {
            ClassPlot::Scores => match &summary.scores {
                Some(scores) => histogram(root, self.title(), scores)?,
                None => nothing(root, self.title(), NO_SCORES)?,
            },
            ClassPlot::Rules | ClassPlot::Inputs => {
                let (x_desc, empty) = match self {
                    ClassPlot::Rules => ("students whose summary names the rule", NO_RULES),
                    _ => ("students whose program fails the test", NO_FAILURES),
                };
                match self.bars(summary) {
                    bars if bars.is_empty() => nothing(root, self.title(), empty)?,
                    bars => bar_chart(root, self.title(), x_desc, &bars)?,
                }
            }
        }
        root.present().map_err(fail)
    }
}

/// A count's text style, anchored at `pos`.
fn count_style(pos: Pos) -> TextStyle<'static> {
    ("sans-serif", LABEL_FONT).into_font().color(&BLACK).pos(pos)
}

/// The caption and a sentence saying there is nothing to plot.
fn nothing<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, title: &str, message: &str) -> Result<(), String> {
    let (width, height) = root.dim_in_pixel();
    let style = |size: u32, v: VPos| ("sans-serif", size).into_font().color(&BLACK).pos(Pos::new(HPos::Center, v));
    root.draw(&Text::new(title, (width as i32 / 2, 16), style(26, VPos::Top))).map_err(fail)?;
    root.draw(&Text::new(message, (width as i32 / 2, height as i32 / 2), style(20, VPos::Center))).map_err(fail)
}

/// The score percentages in 10 % bins, each bar with its count, and the mean and median.
fn histogram<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, title: &str, scores: &Scores) -> Result<(), String> {
    let most = scores.bins.iter().copied().max().unwrap_or(0).max(1);
    let mut chart = ChartBuilder::on(root)
        .caption(title, ("sans-serif", 26))
        .margin(16)
        .x_label_area_size(56)
        .y_label_area_size(72)
        .build_cartesian_2d(0.0..100.0, 0..most + 1 + most / 8)
        .map_err(fail)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(BINS + 1)
        .x_label_formatter(&|v| format!("{v:.0}"))
        .x_desc("score (% of the points)")
        .y_desc("students")
        .label_style(("sans-serif", LABEL_FONT))
        .draw()
        .map_err(fail)?;
    let bars = scores.bins.iter().enumerate().filter(|(_, n)| **n > 0).map(|(i, &n)| {
        let (low, high) = Scores::range(i);
        let mut bar = Rectangle::new([(low as f64, 0), (high as f64, n)], COLORS[0].filled());
        bar.set_margin(0, 0, 2, 2);
        bar
    });
    chart.draw_series(bars).map_err(fail)?;
    let counts = scores.bins.iter().enumerate().filter(|(_, n)| **n > 0).map(|(i, &n)| {
        let (low, high) = Scores::range(i);
        let style = count_style(Pos::new(HPos::Center, VPos::Bottom));
        EmptyElement::at(((low + high) as f64 / 2.0, n)) + Text::new(n.to_string(), (0, -4), style)
    });
    chart.draw_series(counts).map_err(fail)?;
    for (i, (name, value)) in [("mean", scores.mean), ("median", scores.median)].into_iter().enumerate() {
        let color = COLORS[1 + i];
        let line = vec![(value, 0), (value, most + 1 + most / 8)];
        chart
            .draw_series(LineSeries::new(line, color.stroke_width(2)))
            .map_err(fail)?
            .label(format!("{name} {value:.1} %"))
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(2)));
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .label_font(("sans-serif", LABEL_FONT))
        .draw()
        .map_err(fail)
}

/// A label cut to [`LABEL_CHARS`] characters.
fn label(text: &str) -> String {
    match text.char_indices().nth(LABEL_CHARS) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_owned(),
    }
}

/// A horizontal bar per (label, students), the first at the top, each with its count.
fn bar_chart<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    x_desc: &str,
    bars: &[(String, usize)],
) -> Result<(), String> {
    let n = bars.len();
    let most = bars.iter().map(|b| b.1).max().unwrap_or(0).max(1);
    let labels: Vec<String> = bars.iter().map(|(l, _)| label(l)).collect();
    let widest = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0) as u32;
    let mut chart = ChartBuilder::on(root)
        .caption(title, ("sans-serif", 26))
        .margin(16)
        .x_label_area_size(56)
        .y_label_area_size((widest * 12 + 24).clamp(80, 460))
        .build_cartesian_2d(0..most + 1 + most / 8, 0.0..n as f64)
        .map_err(fail)?;
    chart
        .configure_mesh()
        .disable_y_mesh()
        .y_labels(0)
        .x_desc(x_desc)
        .label_style(("sans-serif", LABEL_FONT))
        .draw()
        .map_err(fail)?;
    // The first bar at the top: bar i spans y in [n - 1 - i, n - i], less a gap.
    let top = |i: usize| (n - i) as f64;
    let rects = bars
        .iter()
        .enumerate()
        .map(|(i, (_, students))| Rectangle::new([(0, top(i) - 0.15), (*students, top(i) - 0.85)], COLORS[0].filled()));
    chart.draw_series(rects).map_err(fail)?;
    let counts = bars.iter().enumerate().map(|(i, (_, students))| {
        let style = count_style(Pos::new(HPos::Left, VPos::Center));
        EmptyElement::at((*students, top(i) - 0.5)) + Text::new(students.to_string(), (6, 0), style)
    });
    chart.draw_series(counts).map_err(fail)?;
    // The labels left of the axis, in pixels (the chart's own labels fall on round values).
    for (i, text) in labels.iter().enumerate() {
        let (x, y) = chart.backend_coord(&(0, top(i) - 0.5));
        let style = count_style(Pos::new(HPos::Right, VPos::Center));
        root.draw(&Text::new(text.as_str(), (x - 10, y), style)).map_err(fail)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use searchlab_check::grade::RuleCount;

    use super::super::tests::summary;
    use super::*;
    use crate::bitmap::tests::decode;

    #[test]
    fn the_plots_draw_the_summary_s_numbers() {
        let summary = summary();
        let scores = ClassPlot::Scores.svg(&summary).unwrap();
        assert!(scores.starts_with("<svg") && scores.contains("Scores of the graded students"), "{scores}");
        // Three bins hold students: three bars, each with its count, and the mean's legend.
        assert_eq!(scores.matches(r##"fill="#0072B2" stroke="none""##).count(), 3, "{scores}");
        assert!(scores.contains("mean 67.5 %") && scores.contains("median 72.5 %"), "{scores}");
        let rules = ClassPlot::Rules.svg(&summary).unwrap();
        assert!(rules.contains("goal-on-generation") && rules.contains("children-reversed"), "{rules}");
        assert!(rules.contains("\n2\n</text>") && rules.contains("\n1\n</text>"), "{rules}");
        let inputs = ClassPlot::Inputs.svg(&summary).unwrap();
        // Names are escaped by the SVG backend.
        assert!(inputs.contains("&lt;t1&gt; &amp; co") && !inputs.contains("<t1>"), "{inputs}");
        for plot in ClassPlot::ALL {
            let file = plot.png(&summary).unwrap();
            assert!(file.starts_with(b"\x89PNG\r\n\x1a\n"), "{plot:?}");
            let (width, height, pixels) = decode(&file);
            assert_eq!((width, height), (900, 560));
            assert!(pixels.iter().filter(|p| **p == [0, 114, 178]).count() > 100, "{plot:?}: the bars");
        }
    }

    #[test]
    fn labels_carry_no_markup_and_no_control_character() {
        let mut summary = summary();
        summary.inputs[0].name = "<img src=x>\u{1b}[31m\u{9b}".to_owned();
        let inputs = ClassPlot::Inputs.svg(&summary).unwrap();
        assert!(inputs.contains("&lt;img src=x&gt;\\x1B[31m\\x9B"), "{inputs}");
        assert!(!inputs.contains("<img") && !inputs.contains('\u{1b}') && !inputs.contains('\u{9b}'), "{inputs}");
    }

    #[test]
    fn an_empty_section_is_a_plot_that_says_so_and_many_bars_a_taller_one() {
        let mut summary = summary();
        summary.scores = None;
        summary.inputs.clear();
        assert!(ClassPlot::Scores.svg(&summary).unwrap().contains(NO_SCORES));
        assert!(ClassPlot::Inputs.svg(&summary).unwrap().contains(NO_FAILURES));
        summary.rules = (0..20)
            .map(|i| RuleCount {
                rule: format!("rule-{i}-{}", "x".repeat(50)),
                students: 1,
                explanation: String::new(),
            })
            .collect();
        assert_eq!(ClassPlot::Rules.size(&summary), (900, 140 + 20 * BAR_PITCH));
        let rules = ClassPlot::Rules.svg(&summary).unwrap();
        assert!(rules.contains(&format!("rule-19-{}…", "x".repeat(LABEL_CHARS - 8))), "{rules}");
    }
}
