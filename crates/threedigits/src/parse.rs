//! Reading an instance file: start, goal, and an optional line of forbidden numbers.

use crate::Number;

/// A puzzle instance: start, goal and forbidden numbers.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Instance {
    /// The start number S.
    pub start: Number,
    /// The goal number G.
    pub goal: Number,
    /// Numbers no move may enter (the start itself may be listed: it is still expanded).
    pub forbidden: Vec<Number>,
}

/// Why an instance file could not be read. Line numbers count from 1.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// The file is not UTF-8 text.
    #[error("the file is not text (UTF-8)")]
    NotText,
    /// No start line.
    #[error("the file is empty: expected a start number, a goal number and optional forbidden numbers, one per line")]
    Empty,
    /// A start line but no goal line.
    #[error("line {line}: expected the goal number on the line after the start number")]
    MissingGoal {
        /// The line where the goal was expected.
        line: usize,
    },
    /// A token that is not a number of at most three digits.
    #[error("line {line}: `{token}` is not a 3-digit number (000 to 999)")]
    BadNumber {
        /// The line of the token.
        line: usize,
        /// The token as written.
        token: String,
    },
    /// A named field (a form's start or goal) is empty.
    #[error("the {field} number is missing")]
    MissingField {
        /// The field: `start` or `goal`.
        field: &'static str,
    },
    /// A named field's token is not a number of at most three digits.
    #[error("the {field} `{token}` is not a 3-digit number (000 to 999)")]
    BadField {
        /// The field: `start`, `goal` or `forbidden number`.
        field: &'static str,
        /// The token as written (at most 12 characters of it).
        token: String,
    },
    /// More forbidden numbers than there are numbers.
    #[error("at most {max} forbidden numbers")]
    TooManyForbidden {
        /// The most accepted.
        max: usize,
    },
}

/// Reads an instance from the bytes of a file.
///
/// The format is the spec's: the start number on the first line, the goal on the second,
/// and optionally a comma-separated list of forbidden numbers on the third. Lenient where
/// the course's files vary (see the README): a UTF-8 byte-order mark, CRLF line ends, no
/// final newline, blank lines before or between the lines, a blank or missing forbidden
/// line, spaces around numbers, empty tokens (`455,`) and lines after the forbidden line
/// are all accepted; numbers of one or two digits are zero-padded (`45` is `045`).
/// Anything else — a sign, a non-digit, more than three digits — is an error naming the
/// line.
///
/// # Example
///
/// ```
/// use searchlab_threedigits::{parse_instance, Number};
/// let instance = parse_instance(b"345\n555\n355,445,554\n").unwrap();
/// assert_eq!(instance.start, Number::new(345).unwrap());
/// assert_eq!(instance.forbidden.len(), 3);
/// assert!(parse_instance(b"345\n").is_err());
/// ```
pub fn parse_instance(bytes: &[u8]) -> Result<Instance, ParseError> {
    let text = std::str::from_utf8(bytes).map_err(|_| ParseError::NotText)?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = text.split('\n').enumerate().map(|(i, l)| (i + 1, l.trim())).filter(|(_, l)| !l.is_empty());

    let (start_line, start) = lines.next().ok_or(ParseError::Empty)?;
    let start = parse_number(start_line, start)?;
    let (goal_line, goal) = lines.next().ok_or(ParseError::MissingGoal { line: start_line + 1 })?;
    let goal = parse_number(goal_line, goal)?;
    let forbidden = match lines.next() {
        None => Vec::new(),
        Some((line, list)) => list
            .split(',')
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(|t| parse_number(line, t))
            .collect::<Result<_, _>>()?,
    };
    Ok(Instance { start, goal, forbidden })
}

/// One to three decimal digits (`45` is `045`), nothing else.
fn number(token: &str) -> Option<Number> {
    if token.is_empty() || token.len() > 3 || !token.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    token.parse().ok().and_then(Number::new)
}

fn parse_number(line: usize, token: &str) -> Result<Number, ParseError> {
    number(token).ok_or_else(|| ParseError::BadNumber { line, token: token.chars().take(20).collect() })
}

/// Reads an instance from three form fields: the start, the goal, and the forbidden
/// numbers separated by commas or spaces (up to 1000). Numbers are read as in a file
/// ([`parse_instance`]); errors name the field.
///
/// ```
/// use searchlab_threedigits::{parse_fields, ParseError};
/// let instance = parse_fields("320", " 110", "220, 330").unwrap();
/// assert_eq!(instance.forbidden.len(), 2);
/// assert_eq!(parse_fields("", "110", ""), Err(ParseError::MissingField { field: "start" }));
/// ```
pub fn parse_fields(start: &str, goal: &str, forbidden: &str) -> Result<Instance, ParseError> {
    let field = |field: &'static str, text: &str| {
        let t = text.trim();
        if t.is_empty() && field != "forbidden number" {
            return Err(ParseError::MissingField { field });
        }
        number(t).ok_or_else(|| ParseError::BadField { field, token: t.chars().take(12).collect() })
    };
    let (start, goal) = (field("start", start)?, field("goal", goal)?);
    let tokens: Vec<&str> =
        forbidden.split(|c: char| c == ',' || c.is_whitespace()).filter(|t| !t.is_empty()).collect();
    if tokens.len() > MAX_FORBIDDEN_FIELD {
        return Err(ParseError::TooManyForbidden { max: MAX_FORBIDDEN_FIELD });
    }
    let forbidden = tokens.iter().map(|t| field("forbidden number", t)).collect::<Result<_, _>>()?;
    Ok(Instance { start, goal, forbidden })
}

/// The most forbidden numbers [`parse_fields`] accepts.
const MAX_FORBIDDEN_FIELD: usize = 1000;

#[cfg(test)]
mod tests {
    use super::*;

    fn n(v: u16) -> Number {
        Number::new(v).unwrap()
    }

    #[test]
    fn reads_the_spec_example() {
        let i = parse_instance(b"345\n555\n355,445,554").unwrap();
        assert_eq!(i, Instance { start: n(345), goal: n(555), forbidden: vec![n(355), n(445), n(554)] });
    }

    #[test]
    fn lenient_cases() {
        let crlf = parse_instance(b"\xef\xbb\xbf345\r\n555\r\n455,545,554\r\n").unwrap();
        assert_eq!(crlf.forbidden, vec![n(455), n(545), n(554)]);
        assert!(parse_instance(b"320\n110").unwrap().forbidden.is_empty());
        assert!(parse_instance(b"345\n555\n\n").unwrap().forbidden.is_empty());
        assert_eq!(parse_instance(b"345\n555\n455, 545 ,\t554,\n").unwrap().forbidden, vec![n(455), n(545), n(554)]);
        assert_eq!(parse_instance(b"\n\n45\n\n7\n").unwrap().start, n(45));
        assert_eq!(parse_instance(b"1\n2\n3\n999\n").unwrap().forbidden, vec![n(3)]);
    }

    #[test]
    fn errors_name_the_line() {
        assert_eq!(parse_instance(b""), Err(ParseError::Empty));
        assert_eq!(parse_instance(b"  \n\n"), Err(ParseError::Empty));
        assert_eq!(parse_instance(b"345\n"), Err(ParseError::MissingGoal { line: 2 }));
        assert_eq!(parse_instance(b"3456\n555\n"), Err(ParseError::BadNumber { line: 1, token: "3456".into() }));
        assert_eq!(parse_instance(b"345\n-55\n"), Err(ParseError::BadNumber { line: 2, token: "-55".into() }));
        assert_eq!(parse_instance(b"345\n555\n1a2\n"), Err(ParseError::BadNumber { line: 3, token: "1a2".into() }));
        assert_eq!(parse_instance(b"\xff\xfe"), Err(ParseError::NotText));
        let msg = parse_instance(b"345\n5x5\n").unwrap_err().to_string();
        assert_eq!(msg, "line 2: `5x5` is not a 3-digit number (000 to 999)");
    }

    #[test]
    fn fields_read_like_files_and_name_the_field() {
        let i = parse_fields("345", "555", "355 445,554").unwrap();
        assert_eq!(i, Instance { start: n(345), goal: n(555), forbidden: vec![n(355), n(445), n(554)] });
        assert_eq!(parse_fields("45", "7", "").unwrap().start, n(45));
        let bad = |s: &str, g: &str, f: &str| parse_fields(s, g, f).unwrap_err().to_string();
        assert_eq!(bad("32x", "110", ""), "the start `32x` is not a 3-digit number (000 to 999)");
        assert_eq!(bad("320", " ", ""), "the goal number is missing");
        assert_eq!(bad("1000", "110", ""), "the start `1000` is not a 3-digit number (000 to 999)");
        assert_eq!(bad("320", "110", "1234"), "the forbidden number `1234` is not a 3-digit number (000 to 999)");
        assert_eq!(bad("320", "110", &"1,".repeat(1001)), "at most 1000 forbidden numbers");
    }
}
