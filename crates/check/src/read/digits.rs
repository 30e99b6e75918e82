//! Reading a 3-digit program's stdout: leniently first (the numbers), exactly second (every
//! deviation from `320,220,210,110` / `320,310,…` a named [`Fault`]).

use crate::read::fault::{Fault, FormatFault, Item};

/// Line 1 as read.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind", content = "numbers")]
pub enum DigitsPath {
    /// A path, each number as three digits.
    Path(Vec<String>),
    /// `No solution found.` (or a wording of it).
    NoSolution,
    /// No line 1 could be found.
    Missing,
}

/// What a 3-digit program printed, read leniently, with the format faults found.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct DigitsReading {
    /// Line 1.
    pub path: DigitsPath,
    /// Line 2, each number as three digits; `None` when missing.
    pub expanded: Option<Vec<String>>,
    /// Every deviation from the exact format; empty when the text is exact.
    pub faults: Vec<Fault>,
}

impl DigitsReading {
    /// Whether the text was exactly the format the grader reads.
    pub fn is_exact(&self) -> bool {
        self.faults.is_empty()
    }

    /// The exact two lines for what was read (missing lines stay empty).
    pub fn exact_text(&self) -> String {
        let line1 = match &self.path {
            DigitsPath::Path(p) => p.join(","),
            DigitsPath::NoSolution => NO_SOLUTION.to_owned(),
            DigitsPath::Missing => String::new(),
        };
        format!("{line1}\n{}\n", self.expanded.as_deref().unwrap_or_default().join(","))
    }
}

/// The grader's line 1 when there is no path.
pub const NO_SOLUTION: &str = "No solution found.";

enum Line {
    Blank,
    NoSolution(Option<FormatFault>),
    Numbers(Vec<String>, Vec<FormatFault>),
    Text,
}

/// Reads a 3-digit program's output. Never fails: what cannot be read is a fault.
///
/// ```
/// use searchlab_check::{read_digits, DigitsPath};
/// let r = read_digits("Path: 320 220 210 110\r\n320,220,210,110\r\n");
/// assert_eq!(r.path, DigitsPath::Path(vec!["320".into(), "220".into(), "210".into(), "110".into()]));
/// let names: Vec<_> = r.faults.iter().map(|f| f.name()).collect();
/// assert_eq!(names, ["crlf-line-ends", "label-before-numbers", "spaces-between-numbers"]);
/// ```
pub fn read_digits(text: &str) -> DigitsReading {
    let both = [Item::Path, Item::Expanded];
    let mut faults = Vec::new();
    let normalized;
    let text = if text.contains('\r') {
        faults.push(Fault::new(FormatFault::CrlfLineEnds, None, &both));
        normalized = text.replace("\r\n", "\n").replace('\r', "\n");
        normalized.as_str()
    } else {
        text
    };
    let body = text.strip_suffix('\n').unwrap_or(text);
    let mut path = DigitsPath::Missing;
    let mut expanded = None;
    let mut line1 = (None, String::new());
    let empty_path_line = reads_as_empty_path(body);
    if !text.is_empty() {
        for (i, raw) in body.split('\n').enumerate() {
            let n = Some(i + 1);
            let shown = raw.trim().chars().take(60).collect::<String>();
            let (before, between) = (matches!(path, DigitsPath::Missing), expanded.is_none());
            match (classify(raw), before, between) {
                (Line::Blank, true, _) if i == 0 && empty_path_line => {
                    path = DigitsPath::Path(Vec::new());
                    if !raw.is_empty() {
                        faults.push(Fault::new(FormatFault::StraySpaces, n, &[Item::Path]));
                    }
                }
                (Line::Blank, true, _) => faults.push(Fault::new(FormatFault::BlankLine, n, &both)),
                (Line::Blank, false, true) => faults.push(Fault::new(FormatFault::BlankLine, n, &[Item::Expanded])),
                (Line::Blank, false, false) => faults.push(Fault::new(FormatFault::BlankLine, n, &[])),
                (Line::Text, true, _) => faults.push(Fault::new(FormatFault::ExtraLineBeforeAnswer(shown), n, &both)),
                (Line::NoSolution(fault), true, _) => {
                    path = DigitsPath::NoSolution;
                    line1 = (n, shown);
                    faults.extend(fault.map(|f| Fault::new(f, n, &[Item::Path])));
                }
                (Line::NoSolution(fault), false, true) if path == DigitsPath::NoSolution => {
                    // A message (`Limit reached.`) and then the no-solution line: the message
                    // was an extra line before the answer.
                    let (first, message) = std::mem::replace(&mut line1, (n, shown));
                    let at = faults.iter().position(|f| f.line >= first && f.line.is_some()).unwrap_or(faults.len());
                    faults.retain(|f| f.line != first);
                    for blank in faults.iter_mut().filter(|f| f.line > first) {
                        blank.affects = both.to_vec();
                    }
                    faults.insert(at, Fault::new(FormatFault::ExtraLineBeforeAnswer(message), first, &both));
                    faults.extend(fault.map(|f| Fault::new(f, n, &[Item::Path])));
                }
                (Line::Numbers(numbers, line_faults), true, _) => {
                    path = DigitsPath::Path(numbers);
                    faults.extend(line_faults.into_iter().map(|f| Fault::new(f, n, &[Item::Path])));
                }
                (Line::Numbers(numbers, line_faults), false, true) => {
                    expanded = Some(numbers);
                    faults.extend(line_faults.into_iter().map(|f| Fault::new(f, n, &[Item::Expanded])));
                }
                (_, false, true) => faults.push(Fault::new(FormatFault::ExtraLine(shown), n, &[Item::Expanded])),
                (_, false, false) => faults.push(Fault::new(FormatFault::ExtraLine(shown), n, &[])),
            }
        }
    }
    if path == DigitsPath::Missing {
        faults.push(Fault::new(FormatFault::MissingLine(Item::Path), None, &both));
    }
    if expanded.is_none() {
        faults.push(Fault::new(FormatFault::MissingLine(Item::Expanded), None, &[Item::Expanded]));
    }
    let mut reading = DigitsReading { path, expanded, faults };
    if reading.faults.is_empty() && reading.exact_text().trim_end_matches('\n') != body {
        reading.faults.push(Fault::new(FormatFault::UnexpectedFormat, None, &both));
    }
    reading
}

/// Two lines, the first empty and the second numbers: an empty path on line 1 (a program that
/// prints the path without the start, when the start is the goal), not a blank line before a
/// path whose line 2 is missing.
fn reads_as_empty_path(body: &str) -> bool {
    body.split_once('\n').is_some_and(|(first, second)| {
        first.trim().is_empty() && !second.contains('\n') && matches!(classify(second), Line::Numbers(..))
    })
}

fn classify(raw: &str) -> Line {
    let s = raw.trim();
    if s.is_empty() {
        return Line::Blank;
    }
    let stray = (s != raw).then_some(FormatFault::StraySpaces);
    if let Some(fault) = no_solution(s) {
        return Line::NoSolution(fault.or(stray));
    }
    match numbers(s) {
        Some((numbers, faults)) => Line::Numbers(numbers, stray.into_iter().chain(faults).collect()),
        None => Line::Text,
    }
}

/// `Some(None)` for the exact no-solution line, `Some(Some(fault))` for another wording of
/// it, `None` for a line that does not say "no solution".
fn no_solution(s: &str) -> Option<Option<FormatFault>> {
    if s == NO_SOLUTION {
        return Some(None);
    }
    if s == "No solution found" {
        return Some(Some(FormatFault::NoSolutionMissingFullStop));
    }
    let lower = s.to_lowercase();
    let says_none = ["no solution", "no path", "not found", "no goal", "unsolvable", "failure", "failed"];
    let says_limit = lower.contains("limit") && (lower.contains("reach") || lower.contains("exceed"));
    let has_digits = s.chars().any(|c| c.is_ascii_digit());
    (says_limit || (!has_digits && says_none.iter().any(|p| lower.contains(p))))
        .then(|| Some(FormatFault::NoSolutionWording(s.chars().take(60).collect())))
}

/// Reads a trimmed line of numbers, leniently: an optional label, brackets, quotes, spaces,
/// short numbers. `None` when the line is not a list of numbers of up to three digits.
fn numbers(s: &str) -> Option<(Vec<String>, Vec<FormatFault>)> {
    let mut faults = Vec::new();
    let mut s = s;
    if let Some((label, rest)) = s.split_once(':') {
        let lower = label.to_lowercase();
        let error = ["error", "exception", "warning"].iter().any(|w| lower.contains(w));
        if error || label.is_empty() || !label.chars().all(|c| c.is_alphabetic() || c == ' ' || c == '_' || c == '-') {
            return None;
        }
        faults.push(FormatFault::Label(format!("{label}:")));
        s = rest.trim();
    }
    if let Some(inner) = s.strip_prefix('[').and_then(|t| t.strip_suffix(']')) {
        faults.push(FormatFault::ListBrackets);
        s = inner;
    }
    if s.chars().any(char::is_whitespace) {
        faults.push(FormatFault::SpacesBetweenNumbers);
    }
    let parts: Vec<&str> = s.split(',').collect();
    let mut out = Vec::new();
    let mut quoted = false;
    for (i, part) in parts.iter().enumerate() {
        let words: Vec<&str> = part.split_whitespace().collect();
        if words.is_empty() {
            let fault =
                if i > 0 && i + 1 == parts.len() { FormatFault::TrailingComma } else { FormatFault::EmptyNumber };
            faults.push(fault);
            continue;
        }
        for word in words {
            let bare = word.trim_matches(|c| c == '\'' || c == '"');
            quoted |= bare.len() != word.len();
            if bare.is_empty() || bare.len() > 3 || !bare.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            if bare.len() < 3 {
                faults.push(FormatFault::MissingLeadingZeros(bare.to_owned()));
            }
            out.push(format!("{bare:0>3}"));
        }
    }
    if out.is_empty() {
        return None;
    }
    if quoted && !faults.contains(&FormatFault::ListBrackets) {
        faults.push(FormatFault::ListBrackets);
    }
    Some((out, faults))
}

#[cfg(test)]
#[path = "digits_tests.rs"]
mod tests;
