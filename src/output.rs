//! Writing to standard output without panicking: `println!` panics when stdout is a closed
//! pipe or a full disk; these functions return the error instead, which `main` turns into a
//! quiet success (broken pipe) or a one-line message (anything else).

use std::io::{self, Write};

use anyhow::Context;

/// What a failed write to standard output says.
pub const STDOUT: &str = "cannot write to standard output";

/// Writes `text` to standard output and flushes it.
pub fn print(text: &str) -> anyhow::Result<()> {
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes()).and_then(|()| out.flush()).context(STDOUT)
}

/// Escapes the control characters of a message (ANSI escapes, carriage returns, newlines
/// from the input), so that printing it cannot clear the screen, retitle the terminal or
/// split the line; every other character is kept.
pub fn escape_controls(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped_and_others_kept() {
        assert_eq!(
            escape_controls("bad \u{1b}[2J\u{1b}]0;title\u{7} x\ny\r"),
            "bad \\u{1b}[2J\\u{1b}]0;title\\u{7} x\\ny\\r"
        );
        assert_eq!(escape_controls("5×5 board: «é»"), "5×5 board: «é»");
        assert_eq!(escape_controls("a\u{9b}b"), "a\\u{9b}b");
    }
}
