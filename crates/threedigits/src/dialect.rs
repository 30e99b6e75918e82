//! The assignment's dialects: the current one (2017 on) and the 2012 one, a named set of
//! rule and output options of the one puzzle.

use std::fmt;
use std::str::FromStr;

/// Which version of the assignment's rules and output the puzzle follows.
///
/// The 2012 dialect (the 90 expected outputs of `tests/data/threedigits/variant-2012`) has
/// the same moves, child order, ties, 1000-node limit and IDS as the current one, and differs
/// in four points (`tests/data/threedigits/README.md`, section 4.10):
///
/// 1. a search stopped by the limit prints the single line `Depth limit reached`;
/// 2. a search whose fringe runs empty prints an empty first line, then the expanded list;
/// 3. hill-climbing that gets stuck prints the path to where it stopped, not
///    `No solution found.`;
/// 4. a node carrying the start number is the start node: it is never expanded twice
///    (the current dialect's "same child nodes" rule tells the start from a node that
///    came back to its number by changing a digit).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Dialect {
    /// The current assignment (2017 on): the default.
    #[default]
    Current,
    /// The 2012 assignment.
    Y2012,
}

impl Dialect {
    /// Rule 4: whether every node with the start's number is the start node.
    pub fn start_number_is_start_node(self) -> bool {
        self == Dialect::Y2012
    }

    /// Rules 1–3: whether the answer is printed the 2012 way.
    pub fn prints_2012_lines(self) -> bool {
        self == Dialect::Y2012
    }
}

impl fmt::Display for Dialect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Dialect::Current => "current",
            Dialect::Y2012 => "2012",
        })
    }
}

/// A dialect other than `2012` or `current` (`2017`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown dialect `{0}` (expected 2012 or current)")]
pub struct UnknownDialect(pub String);

impl FromStr for Dialect {
    type Err = UnknownDialect;

    /// `2012`; `current` or `2017` for the default.
    ///
    /// ```
    /// use searchlab_threedigits::Dialect;
    /// assert_eq!("2012".parse(), Ok(Dialect::Y2012));
    /// assert_eq!("Current".parse(), Ok(Dialect::Current));
    /// assert!("2013".parse::<Dialect>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text.trim().to_ascii_lowercase().as_str() {
            "2012" => Ok(Dialect::Y2012),
            "current" | "2017" => Ok(Dialect::Current),
            _ => Err(UnknownDialect(text.chars().take(20).collect())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for d in [Dialect::Current, Dialect::Y2012] {
            assert_eq!(d.to_string().parse(), Ok(d));
        }
        assert_eq!(Dialect::default(), Dialect::Current);
        assert!(Dialect::Y2012.start_number_is_start_node() && !Dialect::Current.start_number_is_start_node());
    }
}
