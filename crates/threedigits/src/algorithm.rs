//! The assignment's six strategies: the grader's letters for the engine's [`Strategy`]s, and
//! the engine options the spec fixes.

use searchlab_core::{SearchOptions, Strategy};

/// The spec's limit on expanded nodes (the engine's [`SearchOptions::comp3308`] rule).
pub const EXPANSION_LIMIT: u64 = searchlab_core::COMP3308_EXPANSION_LIMIT;

/// The assignment's strategies with the spec's letters, in the spec's order B D I G A H.
pub const LETTERS: [(&str, Strategy); 6] = [
    ("B", Strategy::BreadthFirst),
    ("D", Strategy::DepthFirst),
    ("I", Strategy::IterativeDeepening),
    ("G", Strategy::Greedy),
    ("A", Strategy::AStar),
    ("H", Strategy::HillClimbing),
];

/// The assignment's strategies, in the spec's order of letters B D I G A H.
pub const STRATEGIES: [Strategy; 6] = {
    let mut out = [Strategy::BreadthFirst; 6];
    let mut i = 0;
    while i < LETTERS.len() {
        out[i] = LETTERS[i].1;
        i += 1;
    }
    out
};

/// The spec's letter of `strategy` (`None` for uniform cost, which the assignment lacks).
pub fn letter(strategy: Strategy) -> Option<&'static str> {
    LETTERS.iter().find(|(_, s)| *s == strategy).map(|(l, _)| *l)
}

/// The engine options the spec fixes, the same for all six strategies: the engine's
/// [`SearchOptions::comp3308`] rule set (goal test when a node is selected; tree search that
/// discards a selected node whose (digits, changed digit) was already expanded; ties to the
/// last added node; at most 1000 selected nodes; IDS deepens until the limit).
pub fn spec_options() -> SearchOptions {
    SearchOptions::comp3308()
}

/// An unknown strategy name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown strategy `{0}`: use one of B D I G A H (or bfs, dfs, ids, greedy, astar, hill)")]
pub struct UnknownStrategy(pub String);

/// Reads a strategy as the assignment names it: a letter B D I G A H in either case, or a
/// name of the strategy table ([`Strategy::named`]): bfs, dfs, ids, greedy, astar (a*), hill
/// (hill-climbing).
///
/// ```
/// use searchlab_core::Strategy;
/// use searchlab_threedigits::parse_strategy;
/// assert_eq!(parse_strategy("a"), Ok(Strategy::AStar));
/// assert_eq!(parse_strategy("hill"), Ok(Strategy::HillClimbing));
/// assert!(parse_strategy("X").is_err());
/// ```
pub fn parse_strategy(text: &str) -> Result<Strategy, UnknownStrategy> {
    let letter = LETTERS.iter().find(|(l, _)| l.eq_ignore_ascii_case(text)).map(|&(_, s)| s);
    letter
        .or_else(|| Strategy::named(text).filter(|s| STRATEGIES.contains(s)))
        .ok_or_else(|| UnknownStrategy(text.chars().take(30).collect()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_and_names_parse() {
        for (l, s) in LETTERS {
            assert_eq!(parse_strategy(l), Ok(s));
            assert_eq!(parse_strategy(&l.to_ascii_lowercase()), Ok(s));
            assert_eq!(letter(s), Some(l));
        }
        assert_eq!(LETTERS.map(|(_, s)| s), STRATEGIES);
        assert_eq!(parse_strategy("astar"), Ok(Strategy::AStar));
        assert_eq!(parse_strategy("HILL"), Ok(Strategy::HillClimbing));
        assert!(parse_strategy("X").is_err());
        assert!(parse_strategy("").is_err());
        assert_eq!(letter(Strategy::UniformCost), None);
    }
}
