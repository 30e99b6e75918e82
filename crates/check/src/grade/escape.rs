//! Text from the class written into a report so that it is only ever text. A student's name
//! is a folder or zip name they chose, and errors quote it (and zip entries, and the staging
//! folder named after it), so every report `searchlab grade` writes runs such text through one
//! of these:
//!
//! - [`visible`] (and [`visible_lines`] for a whole multi-line text): control characters as
//!   `\xNN`, so no ANSI escape, carriage return or line break reaches a report or a terminal;
//! - `class.md`'s prose and table cells: [`markdown_text`] and [`markdown_code`];
//! - `class.html`'s text: [`html_text`];
//! - `gradebook.csv`'s and `anonymize-key.csv`'s text cells (CSV injection): [`csv_cell`].
//!
//! The JSON files (`summary.json`, `report.json`, `results.json`) keep the raw text: JSON
//! escapes it, and `--resume` and `merge` read it back.

use std::borrow::Cow;
use std::fmt::Write as _;

use crate::report::export::escape_attribute;

/// `text` with every control character but those `keep` accepts written as `\xNN`.
fn shown(text: &str, keep: impl Fn(char) -> bool) -> Cow<'_, str> {
    let hidden = |c: char| c.is_control() && !keep(c);
    if !text.chars().any(hidden) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if hidden(c) {
            let _ = write!(out, "\\x{:02X}", u32::from(c));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// `text` (a name, an error, one line of a report) with each control character (U+0000 to
/// U+001F, U+007F and U+0080 to U+009F, tab and line break included) written as `\x` and two
/// upper-case hex digits, every other character kept: `esc\x1B[31mred`. This is how a
/// student's name appears in every report and progress line.
///
/// ```
/// use searchlab_check::grade::visible;
/// assert_eq!(visible("esc\u{1b}[31mred"), "esc\\x1B[31mred");
/// assert_eq!(visible("alice"), "alice");
/// ```
pub fn visible(text: &str) -> Cow<'_, str> {
    shown(text, |_| false)
}

/// A multi-line text (a student's `report.txt`) with its control characters written as
/// [`visible`] writes them, but for the line breaks and tabs that lay it out.
pub fn visible_lines(text: &str) -> Cow<'_, str> {
    shown(text, |c| c == '\n' || c == '\t')
}

/// The ASCII punctuation [`markdown_text`] backslash-escapes wherever it is: what starts
/// emphasis, code, links, table cells, headings and strike-through, and the backslash.
const MARKDOWN_SPECIAL: &[char] = &['\\', '`', '*', '_', '[', ']', '|', '#', '~'];

/// `text` as literal Markdown (CommonMark and GitHub's tables) in prose or a table cell:
/// control characters [`visible`]; `&`, `<` and `>` as entities (no HTML, no autolink: the
/// file holds no `<` of a name at all); each of `` \ ` * _ [ ] | # ~ `` backslash-escaped (no
/// link, emphasis or cell break); and a leading `-`, `+` or `1.` that would start a list
/// escaped too.
///
/// ```
/// use searchlab_check::grade::markdown_text;
/// assert_eq!(markdown_text("<img src=x onerror=alert(1)>"), "&lt;img src=x onerror=alert(1)&gt;");
/// assert_eq!(markdown_text("*a_b*"), "\\*a\\_b\\*");
/// ```
pub fn markdown_text(text: &str) -> String {
    let text = visible(text);
    let mut out = String::with_capacity(text.len() + 8);
    // A list marker: `-` or `+` first, or digits then `.` or `)`.
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    let marker = match text.as_bytes().get(digits) {
        Some(b'-' | b'+') if digits == 0 => Some(0),
        Some(b'.' | b')') if digits > 0 => Some(digits),
        _ => None,
    };
    for (i, c) in text.char_indices() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            c => {
                if MARKDOWN_SPECIAL.contains(&c) || marker == Some(i) {
                    out.push('\\');
                }
                out.push(c);
            }
        }
    }
    out
}

/// `text` as a Markdown code span in a table cell, the backquotes included: control characters
/// [`visible`], `|` escaped for the table, and delimited by one backquote more than the
/// longest run inside (padded with a space where CommonMark strips one), so that the text is
/// shown exactly. Empty text gives an empty cell.
///
/// ```
/// use searchlab_check::grade::markdown_code;
/// assert_eq!(markdown_code("320\\n110"), "`320\\n110`");
/// assert_eq!(markdown_code("a`b|c"), "``a`b\\|c``");
/// ```
pub fn markdown_code(text: &str) -> String {
    if text.is_empty() {
        return String::new();
    }
    let text = visible(text).replace('|', "\\|");
    let longest = text.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest + 1);
    let spaced = text.starts_with(' ') && text.ends_with(' ') && !text.trim().is_empty();
    let pad = if text.starts_with('`') || text.ends_with('`') || spaced { " " } else { "" };
    format!("{fence}{pad}{text}{pad}{fence}")
}

/// `text` as HTML text, in an element or a quoted attribute: control characters [`visible`],
/// then `&`, `<`, `>`, `"` and `'` as entities (the workspace's one markup escape,
/// [`escape_attribute`], which JUnit's XML uses too).
///
/// ```
/// use searchlab_check::grade::html_text;
/// assert_eq!(html_text("<b>\"bob\" & 'al'</b>"), "&lt;b&gt;&quot;bob&quot; &amp; &apos;al&apos;&lt;/b&gt;");
/// ```
pub fn html_text(text: &str) -> String {
    escape_attribute(&visible(text))
}

/// The first characters with which a spreadsheet reads a cell as a formula (OWASP's list for
/// CSV injection).
const FORMULA_START: &[char] = &['=', '+', '-', '@', '\t', '\r'];

/// A text cell of a CSV report (a name, an error, the rules): a cell starting with `=`, `+`,
/// `-`, `@`, a tab or a carriage return gets a `'` in front, as OWASP advises against CSV
/// injection, so that a spreadsheet shows it instead of computing it; then its control
/// characters are [`visible`]. The CSV writer quotes the cell when its commas or quotes need
/// it. Numbers the grader computes are written as they are, never through this.
///
/// ```
/// use searchlab_check::grade::csv_cell;
/// assert_eq!(csv_cell("=1+1"), "'=1+1");
/// assert_eq!(csv_cell("alice"), "alice");
/// ```
pub fn csv_cell(text: &str) -> Cow<'_, str> {
    let shown = visible(text);
    if text.starts_with(FORMULA_START) {
        Cow::Owned(format!("'{shown}"))
    } else {
        shown
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const IMG: &str = "<img src=x onerror=alert(1)>";
    const HYPERLINK: &str = "=HYPERLINK(\"http://evil\",\"x\")";
    const ESC: &str = "esc\u{1b}[31mred";
    /// U+009B, the C1 control sequence introducer: one character, two bytes in UTF-8.
    const CSI: &str = "a\u{9b}b";

    #[test]
    fn control_characters_become_x_and_two_hex_digits() {
        assert_eq!(visible(ESC), "esc\\x1B[31mred");
        assert_eq!(visible(CSI), "a\\x9Bb");
        assert_eq!(visible("\u{0}\u{7f}\u{80}\u{9f}\u{a0}é"), "\\x00\\x7F\\x80\\x9F\u{a0}é");
        assert_eq!(visible("\tX\r\n"), "\\x09X\\x0D\\x0A");
        assert_eq!(visible_lines("a\tb\r\nc\u{1b}"), "a\tb\\x0D\nc\\x1B");
        assert!(matches!(visible(IMG), Cow::Borrowed(_)));
    }

    #[test]
    fn markdown_text_is_literal() {
        assert_eq!(markdown_text(IMG), "&lt;img src=x onerror=alert(1)&gt;");
        assert_eq!(markdown_text(HYPERLINK), "=HYPERLINK(\"http://evil\",\"x\")");
        assert_eq!(markdown_text(ESC), "esc\\\\x1B\\[31mred");
        assert_eq!(markdown_text(CSI), "a\\\\x9Bb");
        let punctuation = "*a* _b_ `c` [d](e) f|g #h &amp; ~i~ \\";
        let escaped = "\\*a\\* \\_b\\_ \\`c\\` \\[d\\](e) f\\|g \\#h &amp;amp; \\~i\\~ \\\\";
        assert_eq!(markdown_text(punctuation), escaped);
        assert_eq!(markdown_text("- x"), "\\- x");
        assert_eq!(markdown_text("+1"), "\\+1");
        assert_eq!(markdown_text("12. x"), "12\\. x");
        assert_eq!(markdown_text("a-b 1.5"), "a-b 1.5");
        assert_eq!(markdown_text("line\nbreak"), "line\\\\x0Abreak");
    }

    #[test]
    fn markdown_code_spans_hold_any_text() {
        assert_eq!(markdown_code("in t1"), "`in t1`");
        assert_eq!(markdown_code(IMG), "`<img src=x onerror=alert(1)>`");
        assert_eq!(markdown_code("a``b"), "```a``b```");
        assert_eq!(markdown_code("`x"), "`` `x ``");
        assert_eq!(markdown_code(" x "), "`  x  `");
        assert_eq!(markdown_code("a|b"), "`a\\|b`");
        assert_eq!(markdown_code(ESC), "`esc\\x1B[31mred`");
        assert_eq!(markdown_code(""), "");
    }

    #[test]
    fn html_text_leaves_no_markup() {
        assert_eq!(html_text(IMG), "&lt;img src=x onerror=alert(1)&gt;");
        assert_eq!(html_text(HYPERLINK), "=HYPERLINK(&quot;http://evil&quot;,&quot;x&quot;)");
        assert_eq!(html_text(ESC), "esc\\x1B[31mred");
        assert_eq!(html_text(CSI), "a\\x9Bb");
        assert_eq!(html_text("it's a & b\n"), "it&apos;s a &amp; b\\x0A");
    }

    #[test]
    fn csv_cells_starting_a_formula_are_quoted_out() {
        assert_eq!(csv_cell(HYPERLINK), "'=HYPERLINK(\"http://evil\",\"x\")");
        assert_eq!(csv_cell("+1"), "'+1");
        assert_eq!(csv_cell("-2"), "'-2");
        assert_eq!(csv_cell("@SUM(A1)"), "'@SUM(A1)");
        assert_eq!(csv_cell("\tX"), "'\\x09X");
        assert_eq!(csv_cell("\rX"), "'\\x0DX");
        assert_eq!(csv_cell(ESC), "esc\\x1B[31mred");
        assert_eq!(csv_cell(CSI), "a\\x9Bb");
        assert_eq!(csv_cell(IMG), IMG);
        assert_eq!(csv_cell("a=b, -c"), "a=b, -c");
        assert_eq!(csv_cell(""), "");
        // Written by the csv crate: quoted because of its quotes and comma, quotes doubled.
        let mut writer = csv::Writer::from_writer(Vec::new());
        writer.write_record([csv_cell(HYPERLINK).as_ref(), "1"]).unwrap();
        let line = String::from_utf8(writer.into_inner().unwrap()).unwrap();
        assert_eq!(line, "\"'=HYPERLINK(\"\"http://evil\"\",\"\"x\"\")\",1\n");
    }
}
