//! Escaping for a small hand-written XML writer (no XML dependency for two escapes).
//!
//! A program's output can hold anything, so beyond `&`, `<`, `>` and quotes, characters XML
//! 1.0 cannot carry at all (control characters other than tab and line ends, U+FFFE, U+FFFF)
//! become U+FFFD, and in attributes the line ends are written as character references so
//! that they survive attribute-value normalisation.

/// Whether XML 1.0 allows `c` in a document.
fn allowed(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..)
}

/// `text` escaped for element content.
///
/// ```
/// use searchlab_check::export::escape_text;
/// assert_eq!(escape_text("a < b && c > d"), "a &lt; b &amp;&amp; c &gt; d");
/// assert_eq!(escape_text("bell\u{7}"), "bell\u{FFFD}");
/// ```
pub fn escape_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            c if allowed(c) => out.push(c),
            _ => out.push('\u{FFFD}'),
        }
    }
    out
}

/// `text` escaped for an attribute value in double quotes.
///
/// ```
/// use searchlab_check::export::escape_attribute;
/// assert_eq!(escape_attribute("say \"hi\"\n'now'"), "say &quot;hi&quot;&#10;&apos;now&apos;");
/// ```
pub fn escape_attribute(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\n' => out.push_str("&#10;"),
            '\r' => out.push_str("&#13;"),
            '\t' => out.push_str("&#9;"),
            c => out.push_str(&escape_text(c.encode_utf8(&mut [0; 4]))),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forbidden_characters_are_replaced_and_allowed_ones_kept() {
        let text = "\u{0}\u{1b}[31mred\u{FFFE}\u{FFFF}\t\r\n\u{10FFFF}é";
        assert_eq!(escape_text(text), "\u{FFFD}\u{FFFD}[31mred\u{FFFD}\u{FFFD}\t\r\n\u{10FFFF}é");
        assert_eq!(escape_attribute("<&>"), "&lt;&amp;&gt;");
    }
}
