//! The class page's HTML: `class.md`'s content (the same sentences, the same tables) with the
//! plots' SVGs inlined, a style sheet in the page, one script of its own (sorting the students'
//! table, `students.rs`) and no outside resource. Every
//! text from the class (names, errors, inputs, test names) is escaped, its control characters
//! shown as `\xNN` (searchlab-check's `html_text`).

use std::fmt::Write as _;

use searchlab_check::grade::{
    one_line, ClassSummary, Scores, BINS, INPUTS_TITLE, NO_FAILURES, NO_RULES, NO_SCORES, NO_STOPS, RULES_TITLE,
    SCORES_TITLE, STOPS_TITLE,
};

// The grader's one escaping of a class's text for HTML (control characters shown as `\xNN`,
// then the markup escape JUnit's XML uses too): safe in an element and in an attribute value.
use searchlab_check::grade::html_text as escape;

use super::plots::ClassPlot;
use super::students::{students_section, SORT_SCRIPT};
use super::PLOTS_DIR;

/// The page's style sheet: readable tables, plots as wide as the page at most.
const STYLE: &str = "\
body { font-family: sans-serif; color: #222; max-width: 62rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.45; overflow-wrap: break-word; }
h2 { margin-top: 2.2rem; border-bottom: 1px solid #ddd; }
table { border-collapse: collapse; margin: 1rem 0; }
th, td { border: 1px solid #ccc; padding: .3rem .6rem; text-align: left; vertical-align: top; }
.n { text-align: right; font-variant-numeric: tabular-nums; }
code { background: #f4f4f4; padding: 0 .2rem; overflow-wrap: anywhere; }
figure { margin: 1rem 0; }
figure svg { max-width: 100%; height: auto; }
figcaption { color: #555; font-size: .9rem; }
.wide { overflow-x: auto; }
.hint { color: #555; font-size: .9rem; }
table.students th button { font: inherit; font-weight: bold; border: 0; background: none; padding: 0; cursor: pointer; }
th[aria-sort=ascending] button::after { content: ' \\25B2'; }
th[aria-sort=descending] button::after { content: ' \\25BC'; }
/* On a phone the plots keep a width at which their text reads (17 px drawn at 640 of 900 px: 12
   px) and scroll sideways in their figure; the page itself never does. */
@media (max-width: 700px) {
  figure { overflow-x: auto; }
  figure svg { max-width: none; width: 640px; }
}
";

/// `class.html`: the class report of `summary`, with each plot's SVG of `svgs` inlined in its
/// section (a plot missing from `svgs` is left out).
pub fn class_html(summary: &ClassSummary, svgs: &[(ClassPlot, String)]) -> String {
    let mut out = String::from("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    out.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    let _ = writeln!(out, "<title>Class report ({})</title>", escape(&summary.puzzle.to_string()));
    let _ = writeln!(out, "<style>\n{STYLE}</style>\n</head>\n<body>\n<h1>Class report</h1>");
    let _ = writeln!(out, "<p>{}<br>\n{}</p>", escape(&summary.headline()), escape(&summary.sandbox_line()));
    if !summary.not_graded.is_empty() {
        out.push_str("<ul>\n");
        for n in &summary.not_graded {
            let _ = writeln!(out, "<li>{} could not be graded: {}</li>", escape(&n.student), escape(&n.error));
        }
        out.push_str("</ul>\n");
    }
    scores_section(&mut out, summary, svgs);
    students_section(&mut out, &summary.table);
    rules_section(&mut out, summary, svgs);
    inputs_section(&mut out, summary, svgs);
    stops_section(&mut out, summary);
    let _ = write!(out, "<script>\n{SORT_SCRIPT}</script>\n</body>\n</html>\n");
    out
}

/// The figure of `plot` if `svgs` has its SVG: the SVG inlined, a caption linking its files.
fn figure(out: &mut String, svgs: &[(ClassPlot, String)], plot: ClassPlot) {
    if let Some((_, svg)) = svgs.iter().find(|(p, _)| *p == plot) {
        let (svg_file, png_file) = (plot.file(false), plot.file(true));
        let _ = writeln!(
            out,
            "<figure>\n{}\n<figcaption>{}: also <a href=\"{PLOTS_DIR}/{svg_file}\">{PLOTS_DIR}/{svg_file}</a> \
             and <a href=\"{PLOTS_DIR}/{png_file}\">{PLOTS_DIR}/{png_file}</a>.</figcaption>\n</figure>",
            svg.trim_end(),
            plot.title()
        );
    }
}

/// The scores: the mean and median, the histogram and a row per bin.
fn scores_section(out: &mut String, summary: &ClassSummary, svgs: &[(ClassPlot, String)]) {
    let _ = writeln!(out, "<h2 id=\"scores\">{SCORES_TITLE}</h2>");
    let Some(scores) = &summary.scores else {
        return paragraph(out, NO_SCORES);
    };
    paragraph(out, &scores.line());
    figure(out, svgs, ClassPlot::Scores);
    out.push_str("<table>\n<tr><th>score (%)</th><th class=\"n\">students</th></tr>\n");
    for (i, n) in scores.bins.iter().enumerate() {
        let (low, high) = Scores::range(i);
        let close = if i == BINS - 1 { ']' } else { ')' };
        let _ = writeln!(out, "<tr><td>[{low}, {high}{close}</td><td class=\"n\">{n}</td></tr>");
    }
    out.push_str("</table>\n");
}

/// The rules the students' summaries name: the bar chart and a row per rule.
fn rules_section(out: &mut String, summary: &ClassSummary, svgs: &[(ClassPlot, String)]) {
    let _ = writeln!(out, "<h2 id=\"rules\">{}</h2>", escape(RULES_TITLE));
    if summary.rules.is_empty() {
        return paragraph(out, NO_RULES);
    }
    figure(out, svgs, ClassPlot::Rules);
    out.push_str("<table>\n<tr><th>rule</th><th class=\"n\">students</th><th>what the program does</th></tr>\n");
    for r in &summary.rules {
        let (rule, line) = (escape(&r.rule), escape(&r.explanation));
        let _ =
            writeln!(out, "<tr><td><code>{rule}</code></td><td class=\"n\">{}</td><td>{line}</td></tr>", r.students);
    }
    out.push_str("</table>\n");
}

/// The inputs most programs fail on: the bar chart and a row per test.
fn inputs_section(out: &mut String, summary: &ClassSummary, svgs: &[(ClassPlot, String)]) {
    let _ = writeln!(out, "<h2 id=\"inputs\">{INPUTS_TITLE}</h2>");
    if summary.inputs.is_empty() {
        return paragraph(out, NO_FAILURES);
    }
    figure(out, svgs, ClassPlot::Inputs);
    out.push_str("<table>\n<tr><th>test</th><th>input</th><th class=\"n\">students failing</th></tr>\n");
    for i in &summary.inputs {
        let (name, input) = (escape(&i.label()), escape(&one_line(&i.input)));
        let _ =
            writeln!(out, "<tr><td>{name}</td><td><code>{input}</code></td><td class=\"n\">{}</td></tr>", i.students);
    }
    out.push_str("</table>\n");
}

/// What stopped runs: a row per kind.
fn stops_section(out: &mut String, summary: &ClassSummary) {
    let _ = writeln!(out, "<h2 id=\"stops\">{STOPS_TITLE}</h2>");
    if summary.stops.is_empty() {
        return paragraph(out, NO_STOPS);
    }
    out.push_str("<table>\n<tr><th>what</th><th class=\"n\">runs</th><th class=\"n\">students</th></tr>\n");
    for s in &summary.stops {
        let kind = escape(&s.kind);
        let _ =
            writeln!(out, "<tr><td>{kind}</td><td class=\"n\">{}</td><td class=\"n\">{}</td></tr>", s.runs, s.students);
    }
    out.push_str("</table>\n");
}

/// A paragraph of `text`, escaped.
fn paragraph(out: &mut String, text: &str) {
    let _ = writeln!(out, "<p>{}</p>", escape(text));
}

#[cfg(test)]
mod tests {
    use searchlab_check::grade::StudentResult;
    use searchlab_check::Puzzle;

    use super::super::tests::summary;
    use super::*;

    fn page() -> String {
        let summary = summary();
        let svgs: Vec<(ClassPlot, String)> = ClassPlot::ALL.iter().map(|p| (*p, p.svg(&summary).unwrap())).collect();
        class_html(&summary, &svgs)
    }

    #[test]
    fn escape_leaves_no_markup() {
        assert_eq!(
            escape(r#"<script>alert('x') & "y"</script>"#),
            "&lt;script&gt;alert(&apos;x&apos;) &amp; &quot;y&quot;&lt;/script&gt;"
        );
        assert_eq!(escape("plain ü"), "plain ü");
    }

    #[test]
    fn the_page_has_class_md_s_content_and_the_plots() {
        let summary = summary();
        let html = page();
        assert!(html.starts_with("<!DOCTYPE html>") && html.ends_with("</html>\n"));
        assert!(html.contains(&summary.headline()) && html.contains(&summary.sandbox_line()), "{html}");
        assert!(html.contains("<p>Mean 67.5 %, median 72.5 %.</p>"), "{html}");
        assert!(html.contains("<tr><td>[20, 30)</td><td class=\"n\">1</td></tr>"), "{html}");
        assert!(html.contains("<tr><td>[90, 100]</td><td class=\"n\">2</td></tr>"), "{html}");
        let generation = escape(&summary.rules[0].explanation);
        assert!(
            html.contains(&format!("<code>goal-on-generation</code></td><td class=\"n\">2</td><td>{generation}</td>")),
            "{html}"
        );
        assert!(
            html.contains(
                "<td>&lt;t1&gt; &amp; co (B)</td><td><code>&lt;t1&gt; &amp; co\\n110\\n</code></td><td class=\"n\">3</td>"
            ),
            "{html}"
        );
        assert!(html.contains("<tr><td>crash</td><td class=\"n\">3</td><td class=\"n\">1</td></tr>"), "{html}");
        // Three plots inlined, each linked to its files; one script, the page's own, nothing
        // loaded from elsewhere.
        assert_eq!(html.matches("<svg").count(), 3);
        assert!(html.contains("<a href=\"plots/rules.png\">"), "{html}");
        assert_eq!(html.matches("<script").count(), 1);
        assert!(html.contains(&format!("<script>\n{SORT_SCRIPT}</script>")));
        assert!(!html.contains("src=") && !html.contains("href=\"http"));
    }

    #[test]
    fn student_text_is_escaped() {
        let html = page();
        assert!(
            html.contains(
                "<li>&lt;script&gt;alert(1)&lt;/script&gt; could not be graded: no file &quot;a&amp;b.py&quot;</li>"
            ),
            "{html}"
        );
        assert_eq!(html.matches("<script>").count(), 1, "the page's own only: {html}");
        assert!(!html.contains("<b>") && !html.contains("<t1>"), "{html}");
    }

    #[test]
    fn hostile_names_are_text_and_control_characters_are_shown() {
        let rows = [
            StudentResult::failed_to_grade("<img src=x onerror=alert(1)>", "cannot copy \"it's\"", true),
            StudentResult::failed_to_grade("esc\u{1b}[31mred\u{9b}", "work/esc\u{1b}[31mred", true),
        ];
        let summary = ClassSummary::of(Puzzle::Digits, &rows, &[]);
        let html = class_html(&summary, &[]);
        assert!(
            html.contains(
                "<li>&lt;img src=x onerror=alert(1)&gt; could not be graded: cannot copy &quot;it&apos;s&quot;</li>"
            ),
            "{html}"
        );
        assert!(html.contains("<li>esc\\x1B[31mred\\x9B could not be graded: work/esc\\x1B[31mred</li>"), "{html}");
        assert!(!html.contains("<img") && !html.contains('\u{1b}') && !html.contains('\u{9b}'), "{html}");
    }

    #[test]
    fn empty_sections_say_so() {
        let mut summary = summary();
        (summary.scores, summary.rules, summary.inputs, summary.stops) = (None, vec![], vec![], vec![]);
        let html = class_html(&summary, &[]);
        for sentence in [NO_SCORES, NO_RULES, NO_FAILURES, NO_STOPS] {
            assert!(html.contains(&format!("<p>{}</p>", escape(sentence))), "{sentence}: {html}");
        }
        assert!(!html.contains("<svg") && !html.contains("<table>"));
    }
}
