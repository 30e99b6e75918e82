//! Which strategy and which rules a search from Python asks for: the names Python uses for
//! the engine's strategies and the graders' rule sets, and the limits of one search.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use searchlab_core::catalog::StrategyEntry;
use searchlab_core::{SearchOptions, Strategy, StrategyParam, Weight};

/// The engine's strategies by the names Python uses: the strategy table's, in its order.
pub fn strategy_names() -> Vec<&'static str> {
    Strategy::names()
}

/// The graders' rule sets by name (`textbook` first, the default).
pub const RULE_NAMES: [&str; 3] = ["textbook", "columbia-driver", "comp3308"];

/// The engine options of a rule set's name for `strategy`; the textbook's are the strategy
/// table's ([`Strategy::textbook_options`]).
pub fn rules_named(name: &str, strategy: Strategy) -> Option<SearchOptions> {
    match name {
        "textbook" => Some(strategy.textbook_options()),
        "columbia-driver" => Some(SearchOptions::columbia_driver()),
        "comp3308" => Some(SearchOptions::comp3308()),
        _ => None,
    }
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
    let strategy = Strategy::named(strategy).ok_or_else(|| {
        let names = Strategy::names().join(", ");
        PyValueError::new_err(format!("unknown strategy '{strategy}'; the strategies are {names}"))
    })?;
    let name = strategy.name();
    let mut options = rules_named(rules, strategy).ok_or_else(|| {
        PyValueError::new_err(format!("unknown rules '{rules}'; the rule sets are {}", RULE_NAMES.join(", ")))
    })?;
    if let Some(limit) = max_expanded {
        options = options.with_expansion_limit(limit);
    }
    if let Some(w) = weight {
        if !strategy.takes(StrategyParam::Weight) {
            return Err(not_taken(StrategyParam::Weight, name));
        }
        options = options.with_weight(Weight::parse(&format!("{w}")).map_err(PyValueError::new_err)?);
    }
    if let Some(k) = width {
        if !strategy.takes(StrategyParam::Width) {
            return Err(not_taken(StrategyParam::Width, name));
        }
        if !(1..=MAX_WIDTH).contains(&k) {
            return Err(PyValueError::new_err(format!("width= must be from 1 to {MAX_WIDTH}, not {k}")));
        }
        options = options.with_beam_width(k);
    }
    Ok(StrategyEntry { name, strategy, options })
}

/// The error of `param=` given to `name`, a strategy that does not take it.
fn not_taken(param: StrategyParam, name: &str) -> PyErr {
    let takers = param.takers().join(", ");
    PyValueError::new_err(format!("{}= applies to {takers}, not to {name}", param.name()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use searchlab_core::DuplicatePolicy;

    #[test]
    fn python_reads_the_strategy_tables_names() {
        for strategy in Strategy::ALL {
            assert_eq!(entry(strategy.name(), "textbook", None, None, None).unwrap().strategy, strategy);
        }
        assert_eq!(entry(" AStar ", "textbook", None, None, None).unwrap().name, "astar");
        // The message is pytest's to check (a `PyErr` is read under the interpreter).
        assert!(entry("bfs", "textbook", None, Some(2.0), None).is_err());
        assert!(entry("weighted-astar", "textbook", None, Some(2.0), None).is_ok());
        assert!(entry("astar", "textbook", None, None, Some(3)).is_err());
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
