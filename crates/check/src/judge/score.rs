//! Scoring as the graders score. N-puzzle: the seven lines and "ran", 8 items per test (the
//! 2017 lines too when expected); counts and path exact, `running_time` and `max_ram_usage`
//! only present as numbers; a format fault costs an item only when the grader demonstrably
//! grades it ([`crate::FormatFault::graded_in_npuzzle`]), the others are notes. 3-digit: both
//! lines exact. An item passes when its value is right and no graded format fault costs it.

use searchlab_npuzzle::{path_to_python_list, Direction};

use crate::judge::divergence::{first_difference, Divergence, CONTEXT};
use crate::read::fault::{Fault, Item};
use crate::{read_digits, DigitsPath, DigitsReading, NpuzzleReading, RunResult, OUTPUT_FILE_NAME};

/// One scored item.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct ItemScore {
    /// The item.
    pub item: Item,
    /// Whether the grader gives the point.
    pub passed: bool,
    /// Whether the value read leniently is right (the point may still be lost to format).
    pub value_matches: bool,
    /// The expected value as the exact format writes it (for form-only items, the form).
    pub expected: String,
    /// The program's value as read leniently, `None` when missing or unreadable.
    pub got: Option<String>,
    /// Names of the format faults that cost this item.
    pub faults: Vec<&'static str>,
}

/// A test's score.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Score {
    /// Every item, in the grader's order.
    pub items: Vec<ItemScore>,
    /// Items passed.
    pub passed: usize,
    /// Items in all.
    pub total: usize,
    /// The first item whose value is wrong (format aside); `None` when every value is right.
    pub first_divergence: Option<Divergence>,
}

impl Score {
    /// Whether every item passed.
    pub fn all_passed(&self) -> bool {
        self.passed == self.total
    }

    /// An N-puzzle test whose run was stopped at check's time limit: its values are unknown,
    /// and the one item it fails is the running time. The graders grade time only over their
    /// whole suite (the 2017 handout: 10 points when all 15 tests finish within 10 minutes), so
    /// a slow test is not a wrong answer.
    pub fn npuzzle_stopped(seconds: f64) -> Score {
        Score::stopped(Item::RunningTime, &format!("no answer after {seconds:.1} s (stopped)"))
    }

    /// The score of a test that gave no answer (`got` says why): its one `item` failed.
    pub fn stopped(item: Item, got: &str) -> Score {
        let expected = "an answer within the time limit".to_owned();
        let got = Some(got.to_owned());
        let divergence = Divergence { item, expected: expected.clone(), got: got.clone(), at: None };
        let item = ItemScore { item, passed: false, value_matches: false, expected, got, faults: Vec::new() };
        Score::new(vec![item], Some(divergence))
    }

    fn new(items: Vec<ItemScore>, first_divergence: Option<Divergence>) -> Score {
        let passed = items.iter().filter(|i| i.passed).count();
        Score { total: items.len(), passed, items, first_divergence }
    }
}

fn item(item: Item, value_matches: bool, expected: String, got: Option<String>, faults: &[Fault]) -> ItemScore {
    let faults: Vec<&'static str> = faults.iter().filter(|f| f.affects.contains(&item)).map(Fault::name).collect();
    ItemScore { item, passed: value_matches && faults.is_empty(), value_matches, expected, got, faults }
}

/// The 3-digit reference answer: the path (`None` for `No solution found.`) and the
/// expanded nodes, each a 3-digit string.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct DigitsExpected {
    /// Line 1: the path, or `None`.
    pub path: Option<Vec<String>>,
    /// Line 2: the expanded nodes.
    pub expanded: Vec<String>,
}

/// The reference's text is not two exact lines.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the expected answer is not in the exact two-line format: {0}")]
pub struct ExpectedFormatError(pub String);

impl DigitsExpected {
    /// Reads the reference's exact two-line text (`320,220,210,110\n320,…\n`).
    pub fn from_text(text: &str) -> Result<DigitsExpected, ExpectedFormatError> {
        let reading = read_digits(text);
        if let Some(fault) = reading.faults.first() {
            return Err(ExpectedFormatError(fault.to_string()));
        }
        let path = match reading.path {
            DigitsPath::Path(p) => Some(p),
            _ => None,
        };
        Ok(DigitsExpected { path, expanded: reading.expanded.unwrap_or_default() })
    }
}

/// Scores a 3-digit reading: line 1 and line 2 exact. The first divergence is the first
/// differing expanded node when line 2 differs (where the searches part), else line 1.
pub fn score_digits(reading: &DigitsReading, expected: &DigitsExpected) -> Score {
    let show_path = |p: Option<&[String]>| p.map_or_else(|| crate::NO_SOLUTION.to_owned(), |p| p.join(","));
    let got_path = match &reading.path {
        DigitsPath::Path(p) => Some(Some(p.as_slice())),
        DigitsPath::NoSolution => Some(None),
        DigitsPath::Missing => None,
    };
    let expected_path = expected.path.as_deref();
    let path_ok = got_path == Some(expected_path);
    let expanded_ok = reading.expanded.as_ref() == Some(&expected.expanded);
    let items = vec![
        item(Item::Path, path_ok, show_path(expected_path), got_path.map(show_path), &reading.faults),
        item(
            Item::Expanded,
            expanded_ok,
            expected.expanded.join(","),
            reading.expanded.as_ref().map(|e| e.join(",")),
            &reading.faults,
        ),
    ];
    let divergence = if !expanded_ok {
        Some(Divergence {
            item: Item::Expanded,
            expected: expected.expanded.join(","),
            got: reading.expanded.as_ref().map(|e| e.join(",")),
            at: reading.expanded.as_ref().and_then(|got| first_difference(&expected.expanded, got, CONTEXT)),
        })
    } else if !path_ok {
        let at = match (expected_path, got_path.flatten()) {
            (Some(e), Some(g)) => first_difference(e, g, CONTEXT),
            _ => None,
        };
        Some(Divergence { item: Item::Path, expected: show_path(expected_path), got: got_path.map(show_path), at })
    } else {
        None
    };
    Score::new(items, divergence)
}

/// The N-puzzle reference answer: the values graded exactly.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct NpuzzleExpected {
    /// `path_to_goal`.
    #[serde(serialize_with = "crate::serde_util::moves")]
    pub path_to_goal: Vec<Direction>,
    /// `cost_of_path`.
    pub cost_of_path: u64,
    /// `nodes_expanded`.
    pub nodes_expanded: u64,
    /// `search_depth`.
    pub search_depth: u64,
    /// `max_search_depth`.
    pub max_search_depth: u64,
    /// `fringe_size`, scored only when set (2017 edition).
    pub fringe_size: Option<u64>,
    /// `max_fringe_size`, scored only when set (2017 edition).
    pub max_fringe_size: Option<u64>,
}

impl NpuzzleExpected {
    /// Whether this answer has the lines of `edition` (the 2017 edition's fringe lines).
    pub fn has_edition(&self, edition: searchlab_npuzzle::Edition) -> bool {
        !edition.has_fringe_lines() || (self.fringe_size.is_some() && self.max_fringe_size.is_some())
    }

    fn count(&self, item: Item) -> Option<u64> {
        match item {
            Item::CostOfPath => Some(self.cost_of_path),
            Item::NodesExpanded => Some(self.nodes_expanded),
            Item::FringeSize => self.fringe_size,
            Item::MaxFringeSize => self.max_fringe_size,
            Item::SearchDepth => Some(self.search_depth),
            Item::MaxSearchDepth => Some(self.max_search_depth),
            _ => None,
        }
    }
}

/// Whether an N-puzzle run earns the grader's "ran" point: it finished in time and left a
/// non-empty `output.txt` (exactly that name: the grader finds no other).
pub fn npuzzle_ran(run: &RunResult) -> bool {
    !run.timed_out && !run.flooded && run.files.iter().any(|f| f.name == OUTPUT_FILE_NAME && f.size > 0)
}

/// Scores an N-puzzle run: its reading (`None` when it left no output file) and whether it
/// ran (see [`npuzzle_ran`]).
pub fn score_npuzzle(reading: Option<&NpuzzleReading>, ran: bool, expected: &NpuzzleExpected) -> Score {
    let empty = NpuzzleReading::default();
    let r = reading.unwrap_or(&empty);
    let lost: Vec<Fault> = match reading {
        Some(r) => r.faults.iter().filter(|f| f.kind.graded_in_npuzzle()).cloned().collect(),
        None => {
            Item::NPUZZLE_LINES.iter().map(|i| Fault::new(crate::FormatFault::MissingLine(*i), None, &[*i])).collect()
        }
    };
    let mut items = Vec::new();
    let mut divergence = None;
    for line in Item::NPUZZLE_LINES {
        let score = match line {
            Item::PathToGoal => {
                let want = path_to_python_list(&expected.path_to_goal);
                let got = r.path_to_goal.as_deref();
                if got != Some(expected.path_to_goal.as_slice()) && divergence.is_none() {
                    let names = |p: &[Direction]| p.iter().map(|d| d.name().to_owned()).collect::<Vec<_>>();
                    let at = got.and_then(|g| first_difference(&names(&expected.path_to_goal), &names(g), CONTEXT));
                    divergence =
                        Some(Divergence { item: line, expected: want.clone(), got: got.map(path_to_python_list), at });
                }
                item(line, got == Some(expected.path_to_goal.as_slice()), want, got.map(path_to_python_list), &lost)
            }
            Item::RunningTime | Item::MaxRamUsage => {
                let got = if line == Item::RunningTime { &r.running_time } else { &r.max_ram_usage };
                // Not graded: the line must be there; a value that is not a number is a note.
                item(line, got.is_some(), "a number (the handout shows 8 decimals)".to_owned(), got.clone(), &lost)
            }
            _ => {
                let Some(want) = expected.count(line) else { continue };
                let got = r.count(line);
                if got != Some(want) && divergence.is_none() {
                    let got = got.map(|g| g.to_string());
                    divergence = Some(Divergence { item: line, expected: want.to_string(), got, at: None });
                }
                item(line, got == Some(want), want.to_string(), got.map(|g| g.to_string()), &lost)
            }
        };
        items.push(score);
    }
    items.push(item(Item::Ran, ran, "runs and writes output.txt".to_owned(), Some(ran.to_string()), &[]));
    Score::new(items, divergence)
}

#[cfg(test)]
#[path = "score_tests.rs"]
mod tests;
