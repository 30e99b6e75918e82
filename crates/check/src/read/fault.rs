//! Format faults: the ways a program's output differs from the exact format while its
//! numbers and moves can still be read, each with a stable name and its fix in plain words.

use std::fmt;

use serde::ser::SerializeMap as _;

/// A scored item of one test: a line of the output, or "ran".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Item {
    /// 3-digit line 1: the path or `No solution found.`.
    Path,
    /// 3-digit line 2: the expanded nodes.
    Expanded,
    /// N-puzzle `path_to_goal`.
    PathToGoal,
    /// N-puzzle `cost_of_path`.
    CostOfPath,
    /// N-puzzle `nodes_expanded`.
    NodesExpanded,
    /// N-puzzle `fringe_size` (2017 edition).
    FringeSize,
    /// N-puzzle `max_fringe_size` (2017 edition).
    MaxFringeSize,
    /// N-puzzle `search_depth`.
    SearchDepth,
    /// N-puzzle `max_search_depth`.
    MaxSearchDepth,
    /// N-puzzle `running_time` (form only).
    RunningTime,
    /// N-puzzle `max_ram_usage` (form only).
    MaxRamUsage,
    /// The program ran and produced output.
    Ran,
}

impl Item {
    /// The N-puzzle lines in the grader's order, the 2017 edition's two included.
    pub const NPUZZLE_LINES: [Item; 9] = [
        Item::PathToGoal,
        Item::CostOfPath,
        Item::NodesExpanded,
        Item::FringeSize,
        Item::MaxFringeSize,
        Item::SearchDepth,
        Item::MaxSearchDepth,
        Item::RunningTime,
        Item::MaxRamUsage,
    ];

    /// The item's name as the output writes it (`path_to_goal`; `path`, `expanded`, `ran`).
    pub fn name(self) -> &'static str {
        match self {
            Item::Path => "path",
            Item::Expanded => "expanded",
            Item::PathToGoal => "path_to_goal",
            Item::CostOfPath => "cost_of_path",
            Item::NodesExpanded => "nodes_expanded",
            Item::FringeSize => "fringe_size",
            Item::MaxFringeSize => "max_fringe_size",
            Item::SearchDepth => "search_depth",
            Item::MaxSearchDepth => "max_search_depth",
            Item::RunningTime => "running_time",
            Item::MaxRamUsage => "max_ram_usage",
            Item::Ran => "ran",
        }
    }
}

impl fmt::Display for Item {
    /// The name, as [`Item::name`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One way the output's form differs from the exact format. [`fmt::Display`] gives the
/// finding with its fix in plain words; [`FormatFault::name`] a stable kebab-case name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FormatFault {
    /// Lines end in `\r\n`.
    CrlfLineEnds,
    /// An empty line where none belongs.
    BlankLine,
    /// A line before the answer that is not part of it (a header, a message).
    ExtraLineBeforeAnswer(String),
    /// A line after the answer, or between its lines, that is not part of it.
    ExtraLine(String),
    /// A line of the answer is missing.
    MissingLine(Item),
    /// A line that looks like part of the answer but cannot be read.
    UnreadableLine(String),
    /// `No solution found` without its full stop.
    NoSolutionMissingFullStop,
    /// Another wording for "no solution" (`No path found.`, `No solution Found`).
    NoSolutionWording(String),
    /// Numbers separated by spaces, or by a comma and spaces.
    SpacesBetweenNumbers,
    /// A label before the numbers (`Path: 320,220`).
    Label(String),
    /// The numbers printed as a bracketed list (`[320, 220]`).
    ListBrackets,
    /// A number written with fewer than three digits (`45` for `045`).
    MissingLeadingZeros(String),
    /// A comma after the last number.
    TrailingComma,
    /// Spaces or tabs at the start or end of a line.
    StraySpaces,
    /// Two commas with no number between them, or a comma first.
    EmptyNumber,
    /// The output file has another name (`Output.txt`).
    WrongFileName(String),
    /// `key=value` instead of `key: value`.
    KeyEqualsValue(String),
    /// Spaces around the colon not as in `key: value`.
    Spacing(String),
    /// A key spelt otherwise (`Cost of path`, `nodes expanded`): (found, meant).
    MisspelledKey(String, Item),
    /// Moves not in single quotes (double quotes, none, Python 2's `u'Up'`).
    QuoteStyle,
    /// The moves list not spaced as Python prints it (`['Up','Left']`).
    ListSpacing,
    /// The moves not in square brackets.
    MissingBrackets,
    /// A move spelt wrong but close to a real one: (found, meant).
    MisspelledMove(String, &'static str),
    /// A move in the wrong case (`up`): (found, meant).
    MoveCase(String, &'static str),
    /// Moves written as letters (`U`, `L`).
    MoveLetters,
    /// `running_time` or `max_ram_usage` not written with 8 decimals: (item, found).
    NotEightDecimals(Item, String),
    /// `running_time` or `max_ram_usage` whose value is not a number: the handout says these
    /// values are not graded, so it is a note, not a lost item.
    UngradedValueNotANumber(Item, String),
    /// A count not written as a plain whole number (`3.0`, `03`): (item, found).
    NotPlainInteger(Item, String),
    /// The lines not in the grader's order.
    LinesOutOfOrder,
    /// The same key on two lines.
    DuplicateLine(Item),
    /// Not the exact text, in a way none of the other faults names.
    UnexpectedFormat,
}

impl FormatFault {
    /// The stable kebab-case name used in `--json`.
    pub fn name(&self) -> &'static str {
        use FormatFault::*;
        match self {
            CrlfLineEnds => "crlf-line-ends",
            BlankLine => "blank-line",
            ExtraLineBeforeAnswer(_) => "extra-line-before-answer",
            ExtraLine(_) => "extra-line",
            MissingLine(_) => "missing-line",
            UnreadableLine(_) => "unreadable-line",
            NoSolutionMissingFullStop => "no-solution-missing-full-stop",
            NoSolutionWording(_) => "no-solution-wording",
            SpacesBetweenNumbers => "spaces-between-numbers",
            Label(_) => "label-before-numbers",
            ListBrackets => "list-brackets",
            MissingLeadingZeros(_) => "missing-leading-zeros",
            TrailingComma => "trailing-comma",
            StraySpaces => "stray-spaces",
            EmptyNumber => "empty-number",
            WrongFileName(_) => "wrong-file-name",
            KeyEqualsValue(_) => "key-equals-value",
            Spacing(_) => "spacing",
            MisspelledKey(..) => "misspelled-key",
            QuoteStyle => "quote-style",
            ListSpacing => "list-spacing",
            MissingBrackets => "missing-brackets",
            MisspelledMove(..) => "misspelled-move",
            MoveCase(..) => "move-case",
            MoveLetters => "move-letters",
            NotEightDecimals(..) => "not-eight-decimals",
            UngradedValueNotANumber(..) => "ungraded-value-not-a-number",
            NotPlainInteger(..) => "not-plain-integer",
            LinesOutOfOrder => "lines-out-of-order",
            DuplicateLine(_) => "duplicate-line",
            UnexpectedFormat => "unexpected-format",
        }
    }
}

impl FormatFault {
    /// Whether the N-puzzle's grader demonstrably takes points for this fault: it cannot find
    /// the file or a line (missing, unreadable, another file name or key), or the moves are not
    /// the four names it compares. Every other form (8 decimals, spacing around the colon,
    /// quotes, `key=value`, line ends, extra lines) is only shown by the handout: a note with
    /// its fix, never a lost item (docs/check-design.md, "What the graders grade").
    pub fn graded_in_npuzzle(&self) -> bool {
        use FormatFault::*;
        matches!(
            self,
            MissingLine(_)
                | UnreadableLine(_)
                | WrongFileName(_)
                | MisspelledKey(..)
                | MisspelledMove(..)
                | MoveCase(..)
                | MoveLetters
        )
    }
}

impl fmt::Display for FormatFault {
    /// What is wrong and how to fix it, in plain words.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use FormatFault::*;
        match self {
            CrlfLineEnds => write!(f, "Windows line ends (\\r\\n); end each line with \\n only"),
            BlankLine => write!(f, "an extra blank line; remove it"),
            ExtraLineBeforeAnswer(t) => write!(f, "an extra line before the answer (`{t}`); print only the answer"),
            ExtraLine(t) => write!(f, "an extra line (`{t}`); print only the answer's lines"),
            MissingLine(Item::Path) => write!(f, "line 1 (the path or `No solution found.`) is missing"),
            MissingLine(Item::Expanded) => write!(f, "line 2 (the expanded nodes) is missing; print it in every case"),
            MissingLine(item) => write!(f, "the line `{item}` is missing"),
            UnreadableLine(t) => write!(f, "a line that cannot be read: `{t}`"),
            NoSolutionMissingFullStop => write!(f, "`No solution found` lacks its full stop"),
            NoSolutionWording(t) => write!(f, "writes `{t}`; the grader expects `No solution found.`"),
            SpacesBetweenNumbers => write!(f, "spaces between numbers; separate them with commas only: 320,220,210"),
            Label(l) => write!(f, "a label before the numbers (`{l}`); print the numbers only"),
            ListBrackets => write!(f, "the numbers are printed as a list in brackets; print them separated by commas"),
            MissingLeadingZeros(n) => write!(f, "`{n}` is not written with three digits; pad it with zeros: {n:0>3}"),
            TrailingComma => write!(f, "a comma after the last number; remove it"),
            StraySpaces => write!(f, "spaces or tabs at the start or end of a line; remove them"),
            EmptyNumber => write!(f, "an empty place in the list (`,,`); write one comma between two numbers"),
            WrongFileName(n) => write!(f, "writes {n}; the grader reads output.txt"),
            KeyEqualsValue(k) => write!(f, "writes `{k}=…`; the grader expects `{k}: …`"),
            Spacing(k) => write!(f, "spaces around the colon of `{k}`; write `{k}: ` with one space after the colon"),
            MisspelledKey(found, meant) => write!(f, "the key `{found}` should be `{meant}`"),
            QuoteStyle => write!(f, "moves not in single quotes; write them as Python 3 prints a list: ['Up', 'Left']"),
            ListSpacing => write!(f, "the moves list is not spaced as Python prints it: ['Up', 'Left']"),
            MissingBrackets => write!(f, "the moves are not in square brackets: ['Up', 'Left']"),
            MisspelledMove(found, _) => write!(f, "a misspelled move: {found}"),
            MoveCase(found, meant) => write!(f, "the move `{found}` should be written `{meant}`"),
            MoveLetters => write!(f, "moves written as letters; write their names 'Up', 'Down', 'Left', 'Right'"),
            NotEightDecimals(item, v) => write!(f, "{item} is `{v}`; write it with 8 decimals (`%.8f`)"),
            UngradedValueNotANumber(item, v) => {
                write!(f, "{item} is `{v}`, not a number (not graded, but write it as one, with `%.8f`)")
            }
            NotPlainInteger(item, v) => write!(f, "{item} is `{v}`; write a plain whole number"),
            LinesOutOfOrder => write!(f, "the lines are not in the grader's order"),
            DuplicateLine(item) => write!(f, "the line `{item}` appears twice"),
            UnexpectedFormat => write!(f, "the text differs from the exact format in a way check cannot name"),
        }
    }
}

/// A format fault found in one output: where it is and which scored items it costs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fault {
    /// What is wrong.
    pub kind: FormatFault,
    /// The 1-based line of the output it was found on, when it has one.
    pub line: Option<usize>,
    /// The items a grader comparing exact lines would fail because of it.
    pub affects: Vec<Item>,
}

impl Fault {
    /// A fault on `line` that costs `affects`.
    pub fn new(kind: FormatFault, line: Option<usize>, affects: &[Item]) -> Fault {
        Fault { kind, line, affects: affects.to_vec() }
    }

    /// The fault's stable name (see [`FormatFault::name`]).
    pub fn name(&self) -> &'static str {
        self.kind.name()
    }

    /// The fix in plain words (the [`fmt::Display`] of the fault).
    pub fn fix(&self) -> String {
        self.kind.to_string()
    }
}

impl fmt::Display for Fault {
    /// `line 2: spaces between numbers; …`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "line {line}: {}", self.kind),
            None => write!(f, "{}", self.kind),
        }
    }
}

/// `{"name": "…", "fix": "…", "line": 2, "affects": ["expanded"]}`.
impl serde::Serialize for Fault {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(4))?;
        map.serialize_entry("name", self.name())?;
        map.serialize_entry("fix", &self.fix())?;
        map.serialize_entry("line", &self.line)?;
        map.serialize_entry("affects", &self.affects)?;
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_fixes_in_the_issues_words() {
        let cases = [
            (
                FormatFault::WrongFileName("Output.txt".into()),
                "wrong-file-name",
                "writes Output.txt; the grader reads output.txt",
            ),
            (
                FormatFault::NoSolutionMissingFullStop,
                "no-solution-missing-full-stop",
                "`No solution found` lacks its full stop",
            ),
            (FormatFault::MisspelledMove("Rigth".into(), "Right"), "misspelled-move", "a misspelled move: Rigth"),
            (
                FormatFault::MissingLeadingZeros("45".into()),
                "missing-leading-zeros",
                "`45` is not written with three digits; pad it with zeros: 045",
            ),
        ];
        for (fault, name, text) in cases {
            assert_eq!((fault.name(), fault.to_string()), (name, text.to_string()));
        }
        assert!(FormatFault::SpacesBetweenNumbers.to_string().starts_with("spaces between numbers"));
        assert!(FormatFault::ExtraLineBeforeAnswer("Path:".into())
            .to_string()
            .starts_with("an extra line before the answer"));
    }

    #[test]
    fn serialises_name_fix_line_and_items() {
        let fault = Fault::new(FormatFault::TrailingComma, Some(2), &[Item::Expanded]);
        let json = serde_json::to_value(&fault).unwrap();
        assert_eq!(json["name"], "trailing-comma");
        assert_eq!(json["line"], 2);
        assert_eq!(json["affects"], serde_json::json!(["expanded"]));
        assert_eq!(json["fix"], fault.fix());
        assert_eq!(fault.to_string(), "line 2: a comma after the last number; remove it");
    }
}
