//! Which strategy and which rules a search from Python asks for: the names Python uses for
//! the engine's strategies and the graders' rule sets, and the limits of one search.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use searchlab_core::catalog::{Discipline, StrategyEntry};
use searchlab_core::{DuplicatePolicy, SearchOptions, Strategy, Weight};

/// The engine's strategies by the names Python uses, every one of [`Strategy::ALL`].
pub const STRATEGY_NAMES: [(&str, Strategy); 13] = [
    ("bfs", Strategy::BreadthFirst),
    ("dfs", Strategy::DepthFirst),
    ("ids", Strategy::IterativeDeepening),
    ("ucs", Strategy::UniformCost),
    ("greedy", Strategy::Greedy),
    ("astar", Strategy::AStar),
    ("hill", Strategy::HillClimbing),
    ("ida", Strategy::IdaStar),
    ("weighted-astar", Strategy::WeightedAStar),
    ("beam", Strategy::Beam),
    ("bidirectional", Strategy::Bidirectional),
    ("bidirectional-ucs", Strategy::BidirectionalUniformCost),
    ("rbfs", Strategy::RecursiveBestFirst),
];

/// The graders' rule sets by name (`textbook` first, the default).
pub const RULE_NAMES: [&str; 3] = ["textbook", "columbia-driver", "comp3308"];

/// The engine options of a rule set's name for `strategy`. The textbook's best-first search
/// (AIMA Figure 3.7) adds a cheaper path to a state still in the frontier again, its old
/// entry thrown away when selected ([`DuplicatePolicy::Reinsert`]), as the Romania puzzle does.
pub fn rules_named(name: &str, strategy: Strategy) -> Option<SearchOptions> {
    match name {
        "textbook" if Discipline::of(strategy) == Discipline::Priority => {
            Some(SearchOptions::default().with_duplicates(DuplicatePolicy::Reinsert))
        }
        "textbook" => Some(SearchOptions::default()),
        "columbia-driver" => Some(SearchOptions::columbia_driver()),
        "comp3308" => Some(SearchOptions::comp3308()),
        _ => None,
    }
}

/// The strategy of a Python name (any case).
pub fn strategy_named(name: &str) -> Option<Strategy> {
    STRATEGY_NAMES.iter().find(|(n, _)| n.eq_ignore_ascii_case(name.trim())).map(|&(_, s)| s)
}

/// Limits of one search from Python, weighted A*'s weight and beam search's width.
#[derive(Debug, Clone, Copy, Default)]
pub struct Limits {
    /// Weighted A*'s w (1 when absent).
    pub weight: Option<f64>,
    /// Stop after this many selected nodes.
    pub max_expanded: Option<u64>,
    /// Stop after this many seconds.
    pub max_seconds: Option<f64>,
    /// Beam search's width ([`searchlab_core::DEFAULT_BEAM_WIDTH`] when absent).
    pub width: Option<u32>,
}

/// The widest beam a search from Python takes (as `searchlab search --width`).
pub const MAX_WIDTH: u32 = 10_000;

/// The strategy entry of a Python strategy name and rule-set name, with `max_expanded`,
/// weighted A*'s `weight` and beam search's `width`.
pub fn entry(
    strategy: &str,
    rules: &str,
    max_expanded: Option<u64>,
    weight: Option<f64>,
    width: Option<u32>,
) -> PyResult<StrategyEntry> {
    let (name, strategy) =
        STRATEGY_NAMES.iter().copied().find(|(n, _)| n.eq_ignore_ascii_case(strategy.trim())).ok_or_else(|| {
            let names: Vec<&str> = STRATEGY_NAMES.iter().map(|(n, _)| *n).collect();
            PyValueError::new_err(format!("unknown strategy '{strategy}'; the strategies are {}", names.join(", ")))
        })?;
    let mut options = rules_named(rules, strategy).ok_or_else(|| {
        PyValueError::new_err(format!("unknown rules '{rules}'; the rule sets are {}", RULE_NAMES.join(", ")))
    })?;
    if let Some(limit) = max_expanded {
        options = options.with_expansion_limit(limit);
    }
    if let Some(w) = weight {
        if strategy != Strategy::WeightedAStar {
            return Err(PyValueError::new_err(format!("weight= applies to weighted-astar, not to {name}")));
        }
        options = options.with_weight(Weight::parse(&format!("{w}")).map_err(PyValueError::new_err)?);
    }
    if let Some(k) = width {
        if strategy != Strategy::Beam {
            return Err(PyValueError::new_err(format!("width= applies to beam, not to {name}")));
        }
        if !(1..=MAX_WIDTH).contains(&k) {
            return Err(PyValueError::new_err(format!("width= must be from 1 to {MAX_WIDTH}, not {k}")));
        }
        options = options.with_beam_width(k);
    }
    Ok(StrategyEntry { name, strategy, options })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_engine_strategy_has_a_python_name() {
        for strategy in Strategy::ALL {
            assert!(STRATEGY_NAMES.iter().any(|(_, s)| *s == strategy), "{strategy:?} has no Python name");
        }
        assert_eq!(strategy_named(" AStar "), Some(Strategy::AStar));
        assert_eq!(strategy_named("a*"), None);
    }

    #[test]
    fn every_rule_set_name_is_known() {
        for name in RULE_NAMES {
            assert!(rules_named(name, Strategy::AStar).is_some(), "{name}");
        }
        assert!(rules_named("aima", Strategy::AStar).is_none());
        let textbook = |s| rules_named("textbook", s).unwrap().duplicates;
        assert_eq!(textbook(Strategy::AStar), DuplicatePolicy::Reinsert);
        assert_eq!(textbook(Strategy::BreadthFirst), SearchOptions::default().duplicates);
    }
}
