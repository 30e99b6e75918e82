//! Reading an N-puzzle program's `output.txt`: leniently first (the numbers and moves),
//! exactly second (every deviation from the seven `key: value` lines a named [`Fault`]).

use std::fmt::Write as _;

use searchlab_npuzzle::{path_to_python_list, Direction};

use crate::read::fault::{Fault, FormatFault, Item};
use crate::read::moves::{nearest, read_moves};
use crate::RunResult;

/// The file the grader reads.
pub const OUTPUT_FILE_NAME: &str = "output.txt";

/// What an N-puzzle program wrote, read leniently, with the format faults found. A line
/// that is missing or cannot be read is `None`.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct NpuzzleReading {
    /// The name of the file read (`output.txt`, or a case variant such as `Output.txt`).
    pub file_name: Option<String>,
    /// `path_to_goal`, as move names.
    #[serde(serialize_with = "crate::serde_util::opt_moves")]
    pub path_to_goal: Option<Vec<Direction>>,
    /// `cost_of_path`.
    pub cost_of_path: Option<u64>,
    /// `nodes_expanded`.
    pub nodes_expanded: Option<u64>,
    /// `fringe_size` (2017 edition; `None` when absent).
    pub fringe_size: Option<u64>,
    /// `max_fringe_size` (2017 edition; `None` when absent).
    pub max_fringe_size: Option<u64>,
    /// `search_depth`.
    pub search_depth: Option<u64>,
    /// `max_search_depth`.
    pub max_search_depth: Option<u64>,
    /// `running_time` as written (graded for form only).
    pub running_time: Option<String>,
    /// `max_ram_usage` as written (graded for form only).
    pub max_ram_usage: Option<String>,
    /// Every deviation from the exact format; empty when the text is exact.
    pub faults: Vec<Fault>,
}

impl NpuzzleReading {
    /// Whether the file was exactly what the grader reads.
    pub fn is_exact(&self) -> bool {
        self.faults.is_empty()
    }

    /// A count line's value (`None` for the path and the two float lines).
    pub fn count(&self, item: Item) -> Option<u64> {
        match item {
            Item::CostOfPath => self.cost_of_path,
            Item::NodesExpanded => self.nodes_expanded,
            Item::FringeSize => self.fringe_size,
            Item::MaxFringeSize => self.max_fringe_size,
            Item::SearchDepth => self.search_depth,
            Item::MaxSearchDepth => self.max_search_depth,
            _ => None,
        }
    }

    /// The exact lines for what was read, in the grader's order; a missing line is left out,
    /// the 2017 lines are written when present.
    pub fn exact_text(&self) -> String {
        let mut text = String::new();
        for item in Item::NPUZZLE_LINES {
            let value = match item {
                Item::PathToGoal => self.path_to_goal.as_deref().map(path_to_python_list),
                Item::RunningTime => self.running_time.clone(),
                Item::MaxRamUsage => self.max_ram_usage.clone(),
                _ => self.count(item).map(|n| n.to_string()),
            };
            if let Some(value) = value {
                // Writing to a String cannot fail.
                let _ = writeln!(text, "{item}: {value}");
            }
        }
        text
    }
}

/// Whether `value` has the form the grader accepts for `running_time` and `max_ram_usage`:
/// digits, a point and exactly eight digits (`%.8f`).
pub fn has_eight_decimals(value: &str) -> bool {
    match value.split_once('.') {
        Some((whole, frac)) => {
            !whole.is_empty()
                && whole.bytes().all(|b| b.is_ascii_digit())
                && frac.len() == 8
                && frac.bytes().all(|b| b.is_ascii_digit())
        }
        None => false,
    }
}

/// Reads the output file of a run: `output.txt`, or else a file whose name differs only in
/// case (with a `wrong-file-name` fault); `None` when the program left neither.
pub fn read_npuzzle_run(run: &RunResult) -> Option<NpuzzleReading> {
    let file = run.find_file(OUTPUT_FILE_NAME)?;
    Some(read_npuzzle_file(&file.name, file.contents.as_deref().unwrap_or_default()))
}

/// Reads `text` found in the file `name`; a name other than `output.txt` is a fault that
/// costs every line (the grader finds no file).
pub fn read_npuzzle_file(name: &str, text: &str) -> NpuzzleReading {
    let mut reading = read_npuzzle(text);
    if name != OUTPUT_FILE_NAME {
        reading.faults.insert(0, Fault::new(FormatFault::WrongFileName(name.to_owned()), None, &Item::NPUZZLE_LINES));
        reading.faults.retain(|f| f.kind != FormatFault::UnexpectedFormat);
    }
    reading.file_name = Some(name.to_owned());
    reading
}

/// Reads the text of an `output.txt`. Never fails: what cannot be read is a fault. The
/// grader reads lines by key, so blank, extra and reordered lines cost no item; a fault in
/// a line costs that line's item.
///
/// ```
/// use searchlab_check::read_npuzzle;
/// let r = read_npuzzle("path_to_goal=['Up', 'Rigth']\ncost_of_path: 2\n");
/// assert_eq!(r.cost_of_path, Some(2));
/// let names: Vec<_> = r.faults.iter().map(|f| f.name()).collect();
/// assert_eq!(names[..2], ["key-equals-value", "misspelled-move"]);
/// ```
pub fn read_npuzzle(text: &str) -> NpuzzleReading {
    let mut r = NpuzzleReading::default();
    let normalized;
    let text = if text.contains('\r') {
        r.faults.push(Fault::new(FormatFault::CrlfLineEnds, None, &[]));
        normalized = text.replace("\r\n", "\n").replace('\r', "\n");
        normalized.as_str()
    } else {
        text
    };
    let body = text.strip_suffix('\n').unwrap_or(text);
    let mut seen: Vec<Item> = Vec::new();
    for (i, line) in body.split('\n').enumerate().filter(|_| !text.is_empty()) {
        let n = Some(i + 1);
        let shown: String = line.trim().chars().take(60).collect();
        if line.trim().is_empty() {
            r.faults.push(Fault::new(FormatFault::BlankLine, n, &[]));
            continue;
        }
        let Some((key, sep, value)) = split_line(line) else {
            r.faults.push(Fault::new(FormatFault::ExtraLine(shown), n, &[]));
            continue;
        };
        let Some(item) = read_key(key, n, &mut r.faults) else {
            r.faults.push(Fault::new(FormatFault::ExtraLine(shown), n, &[]));
            continue;
        };
        let mut fault = |kind: FormatFault| Fault::new(kind, n, &[item]);
        let mut line_faults = Vec::new();
        if seen.contains(&item) {
            r.faults.push(fault(FormatFault::DuplicateLine(item)));
            continue;
        }
        seen.push(item);
        if sep == '=' {
            line_faults.push(fault(FormatFault::KeyEqualsValue(item.name().to_owned())));
        } else if key != key.trim() || !value.starts_with(' ') || value[1..] != *value.trim() {
            line_faults.push(fault(FormatFault::Spacing(item.name().to_owned())));
        }
        line_faults.extend(read_value(&mut r, item, value.trim(), &shown).into_iter().map(&mut fault));
        r.faults.extend(line_faults);
    }
    file_faults(&mut r, &seen, body);
    r
}

/// Reads the value `v` of `item`'s line into `r`; the faults the value has (`shown`: the line
/// as a fault quotes it).
fn read_value(r: &mut NpuzzleReading, item: Item, v: &str, shown: &str) -> Vec<FormatFault> {
    let mut faults = Vec::new();
    match item {
        Item::PathToGoal => match read_moves(v) {
            Some((path, kinds)) => {
                r.path_to_goal = Some(path);
                faults.extend(kinds);
            }
            None => faults.push(FormatFault::UnreadableLine(shown.to_owned())),
        },
        Item::RunningTime | Item::MaxRamUsage => {
            if v.parse::<f64>().is_err() {
                faults.push(FormatFault::UngradedValueNotANumber(item, v.to_owned()));
            } else if !has_eight_decimals(v) {
                faults.push(FormatFault::NotEightDecimals(item, v.to_owned()));
            }
            *(if item == Item::RunningTime { &mut r.running_time } else { &mut r.max_ram_usage }) = Some(v.to_owned());
        }
        _ => {
            let count = match (v.parse::<u64>(), v.parse::<f64>()) {
                (Ok(c), _) if c.to_string() == v => Some(c),
                (_, Ok(f)) if f >= 0.0 && f.fract() == 0.0 && f < 1e18 => {
                    faults.push(FormatFault::NotPlainInteger(item, v.to_owned()));
                    Some(f as u64)
                }
                _ => {
                    faults.push(FormatFault::UnreadableLine(shown.to_owned()));
                    None
                }
            };
            set_count(r, item, count);
        }
    }
    faults
}

/// The faults of the whole file once its lines are read (`seen`: their items in order; `body`:
/// the text without its last line end): lines out of order, missing lines, and a format the
/// grader would read that is not the driver's own.
fn file_faults(r: &mut NpuzzleReading, seen: &[Item], body: &str) {
    let order: Vec<usize> = seen.iter().filter_map(|s| Item::NPUZZLE_LINES.iter().position(|i| i == s)).collect();
    if order.windows(2).any(|w| w[0] > w[1]) {
        r.faults.push(Fault::new(FormatFault::LinesOutOfOrder, None, &[]));
    }
    for item in Item::NPUZZLE_LINES {
        if !matches!(item, Item::FringeSize | Item::MaxFringeSize) && !seen.contains(&item) {
            r.faults.push(Fault::new(FormatFault::MissingLine(item), None, &[item]));
        }
    }
    if r.faults.is_empty() && r.exact_text().trim_end_matches('\n') != body {
        r.faults.push(Fault::new(FormatFault::UnexpectedFormat, None, &[]));
    }
}

fn set_count(r: &mut NpuzzleReading, item: Item, count: Option<u64>) {
    let slot = match item {
        Item::CostOfPath => &mut r.cost_of_path,
        Item::NodesExpanded => &mut r.nodes_expanded,
        Item::FringeSize => &mut r.fringe_size,
        Item::MaxFringeSize => &mut r.max_fringe_size,
        Item::SearchDepth => &mut r.search_depth,
        _ => &mut r.max_search_depth,
    };
    *slot = count;
}

/// `key: value` or `key=value` (whichever separator comes first): (key, separator, value).
fn split_line(line: &str) -> Option<(&str, char, &str)> {
    let at = line.find([':', '='])?;
    let sep = line[at..].chars().next()?;
    Some((&line[..at], sep, &line[at + 1..]))
}

/// The item a key names; a key spelt otherwise (case, spaces, a typo) adds a fault.
fn read_key(key: &str, line: Option<usize>, faults: &mut Vec<Fault>) -> Option<Item> {
    let trimmed = key.trim();
    if let Some(item) = Item::NPUZZLE_LINES.into_iter().find(|i| i.name() == trimmed) {
        return Some(item);
    }
    let normal: String =
        trimmed.chars().map(|c| if c == ' ' || c == '-' { '_' } else { c.to_ascii_lowercase() }).collect();
    let item = match Item::NPUZZLE_LINES.into_iter().find(|i| i.name() == normal) {
        Some(item) => item,
        None => nearest(&normal, Item::NPUZZLE_LINES.iter().map(|i| (i.name(), *i)))?,
    };
    faults.push(Fault::new(FormatFault::MisspelledKey(trimmed.to_owned(), item), line, &[item]));
    Some(item)
}

#[cfg(test)]
#[path = "npuzzle_tests.rs"]
mod tests;
