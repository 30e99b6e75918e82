//! The driver's methods and the two editions of the assignment that name them.
//!
//! The current edition (2020 and later, COMS W4701) has three methods and seven output
//! lines. The 2017 edition of CSMM.101x ("Week 2 Project: Search Algorithms") adds the
//! method `ida` (IDA*) and two lines, `fringe_size` and `max_fringe_size`, between
//! `nodes_expanded` and `search_depth`.

use std::fmt;
use std::str::FromStr;

use searchlab_core::Strategy;
use thiserror::Error;

/// The driver's methods: its word for each engine strategy, in the order it lists them.
pub const METHODS: [(&str, Strategy); 3] =
    [("bfs", Strategy::BreadthFirst), ("dfs", Strategy::DepthFirst), ("ast", Strategy::AStar)];

/// The 2017 edition's methods: [`METHODS`] and `ida` (IDA*, [`Strategy::IdaStar`]).
pub const METHODS_2017: [(&str, Strategy); 4] = [
    ("bfs", Strategy::BreadthFirst),
    ("dfs", Strategy::DepthFirst),
    ("ast", Strategy::AStar),
    ("ida", Strategy::IdaStar),
];

/// Which edition of the assignment the driver follows: its methods and its output lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Edition {
    /// The current edition (2020 on): `bfs`, `dfs`, `ast`; seven lines. The default.
    #[default]
    Current,
    /// The 2017 edition: `ida` too; nine lines (`fringe_size`, `max_fringe_size`).
    Y2017,
}

impl Edition {
    /// The methods of this edition, in the order the assignment lists them.
    pub fn methods(self) -> &'static [(&'static str, Strategy)] {
        match self {
            Edition::Current => &METHODS,
            Edition::Y2017 => &METHODS_2017,
        }
    }

    /// Whether `output.txt` has the 2017 lines `fringe_size` and `max_fringe_size`.
    pub fn has_fringe_lines(self) -> bool {
        self == Edition::Y2017
    }

    /// The year that names the edition: `2020` or `2017`.
    pub fn year(self) -> u16 {
        match self {
            Edition::Current => 2020,
            Edition::Y2017 => 2017,
        }
    }
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.year())
    }
}

/// An edition other than 2017 or 2020 (or `current`).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown edition '{0}' (expected 2017 or 2020)")]
pub struct UnknownEdition(pub String);

impl FromStr for Edition {
    type Err = UnknownEdition;

    /// `2017`; `2020` or `current` for the default edition.
    ///
    /// ```
    /// use searchlab_npuzzle::Edition;
    /// assert_eq!("2017".parse(), Ok(Edition::Y2017));
    /// assert_eq!(" 2020 ".parse(), Ok(Edition::Current));
    /// assert!("2018".parse::<Edition>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text.trim().to_ascii_lowercase().as_str() {
            "2017" => Ok(Edition::Y2017),
            "2020" | "current" => Ok(Edition::Current),
            _ => Err(UnknownEdition(text.chars().take(20).collect())),
        }
    }
}

/// The driver's word for `strategy` (`bfs`, `dfs`, `ast`, `ida`), or the engine's name for
/// a strategy the driver does not offer.
pub fn method_name(strategy: Strategy) -> &'static str {
    METHODS_2017.iter().find(|(_, s)| *s == strategy).map_or(strategy.title(), |(name, _)| name)
}

/// A method name that the edition does not have.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown method '{0}' (expected bfs, dfs or ast; the 2017 edition adds ida)")]
pub struct UnknownMethod(pub String);

/// Reads a method of the current edition: `bfs`, `dfs` or `ast`, in any case (as the
/// driver's `.lower()` allows).
///
/// ```
/// use searchlab_core::Strategy;
/// use searchlab_npuzzle::parse_method;
/// assert_eq!(parse_method("AST"), Ok(Strategy::AStar));
/// assert!(parse_method("ida").is_err());
/// ```
pub fn parse_method(text: &str) -> Result<Strategy, UnknownMethod> {
    parse_method_in(text, Edition::Current)
}

/// Reads a method of `edition`, in any case.
///
/// ```
/// use searchlab_core::Strategy;
/// use searchlab_npuzzle::{parse_method_in, Edition};
/// assert_eq!(parse_method_in("IDA", Edition::Y2017), Ok(Strategy::IdaStar));
/// assert!(parse_method_in("ida", Edition::Current).is_err());
/// ```
pub fn parse_method_in(text: &str, edition: Edition) -> Result<Strategy, UnknownMethod> {
    edition.methods().iter().find(|(name, _)| name.eq_ignore_ascii_case(text.trim())).map(|(_, s)| *s).ok_or_else(
        || {
            let shown: String = text.chars().take(20).collect();
            UnknownMethod(shown)
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn methods_parse_in_any_case() {
        assert_eq!(parse_method("BFS"), Ok(Strategy::BreadthFirst));
        assert_eq!(parse_method("Dfs"), Ok(Strategy::DepthFirst));
        assert_eq!(parse_method("ast"), Ok(Strategy::AStar));
        assert_eq!(parse_method("ida"), Err(UnknownMethod("ida".into())));
        assert_eq!(METHODS.map(|(name, s)| (name, method_name(s))), METHODS.map(|(name, _)| (name, name)));
        assert_eq!(method_name(Strategy::IdaStar), "ida");
        assert_eq!(method_name(Strategy::Greedy), "Greedy");
    }

    #[test]
    fn the_2017_edition_adds_ida_only() {
        assert_eq!(&METHODS_2017[..3], &METHODS[..]);
        for (name, strategy) in METHODS_2017 {
            assert_eq!(parse_method_in(&name.to_uppercase(), Edition::Y2017), Ok(strategy));
        }
        assert!(parse_method_in("ids", Edition::Y2017).is_err());
        assert!(Edition::Y2017.has_fringe_lines() && !Edition::Current.has_fringe_lines());
        assert_eq!(Edition::default(), Edition::Current);
        assert_eq!((Edition::Y2017.to_string(), Edition::Current.to_string()), ("2017".into(), "2020".into()));
    }
}
