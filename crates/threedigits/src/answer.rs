//! Running a strategy on an instance, and the two-line answer the grader reads.

use std::fmt;

use searchlab_core::{search_with, Event, FinishKind, NoObserver, Observer, Outcome, SearchOptions, Stats, Strategy};

use crate::algorithm::spec_options;
use crate::rules::numbers;
use crate::{Dialect, DigitsProblem, Instance, Move, Number};

/// What the grader reads: the path (or none) and the expanded nodes in order.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Answer {
    /// The strategy that ran (`--json` calls it `algorithm`: `"Bfs"`, `"AStar"`, …).
    #[serde(rename = "algorithm", serialize_with = "strategy_json")]
    pub strategy: Strategy,
    /// The path from start to goal, both included; `None` prints `No solution found.`.
    pub path: Option<Vec<Number>>,
    /// The nodes expanded, in order (the goal included when found); at most 1000.
    pub expanded: Vec<Number>,
    /// Whether the 1000-expansion limit stopped the search.
    pub limit_reached: bool,
    /// The engine's statistics.
    pub stats: Stats,
    /// The moves of the path (empty without one); not part of `--json`.
    #[serde(skip)]
    pub moves: Vec<Move>,
    /// How the search ended; not part of `--json`.
    #[serde(skip)]
    pub finish: FinishKind,
    /// Hill-climbing stuck: the path from the start to where it stopped (empty otherwise);
    /// the 2012 dialect prints it. Not part of `--json`.
    #[serde(skip)]
    pub climbed: Vec<Number>,
    /// The dialect whose output [`Display`](fmt::Display) writes; not part of `--json`.
    #[serde(skip)]
    pub dialect: Dialect,
}

fn strategy_json<S: serde::Serializer>(strategy: &Strategy, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(strategy.row().json_name)
}

/// The exact output: line 1 the path or `No solution found.`, line 2 the expanded nodes,
/// both comma-separated 3-digit numbers, each line ending in a newline. In the 2012
/// dialect: `Depth limit reached` alone at the limit, an empty line 1 when the fringe runs
/// empty, and hill-climbing's path to where it stopped.
impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.dialect.prints_2012_lines() && self.path.is_none() {
            if self.limit_reached {
                return writeln!(f, "Depth limit reached");
            }
            writeln!(f, "{}", join(&self.climbed))?;
            return writeln!(f, "{}", join(&self.expanded));
        }
        match &self.path {
            Some(path) => writeln!(f, "{}", join(path))?,
            None => writeln!(f, "No solution found.")?,
        }
        writeln!(f, "{}", join(&self.expanded))
    }
}

fn join(numbers: &[Number]) -> String {
    numbers.iter().map(Number::to_string).collect::<Vec<_>>().join(",")
}

/// Solves `instance` with `strategy` as the spec requires.
///
/// # Example
///
/// The spec's example, `320` to `110`:
///
/// ```
/// use searchlab_core::Strategy;
/// use searchlab_threedigits::{parse_instance, solve};
/// let instance = parse_instance(b"320\n110\n").unwrap();
/// let answer = solve(&instance, Strategy::AStar);
/// assert_eq!(answer.to_string(), "320,220,210,110\n320,310,210,220,210,110\n");
/// let hill = solve(&instance, Strategy::HillClimbing);
/// assert_eq!(hill.to_string(), "No solution found.\n320,310,210\n");
/// ```
pub fn solve(instance: &Instance, strategy: Strategy) -> Answer {
    solve_observed(instance, strategy, &mut NoObserver)
}

/// [`solve`], also reporting every engine event to `observer` (for traces and replays).
pub fn solve_observed<O: Observer<DigitsProblem>>(instance: &Instance, strategy: Strategy, observer: &mut O) -> Answer {
    solve_dialect(instance, strategy, Dialect::Current, observer)
}

/// [`solve_observed`] under `dialect`'s rules; the answer prints in that dialect.
///
/// ```
/// use searchlab_core::{NoObserver, Strategy};
/// use searchlab_threedigits::{parse_instance, solve_dialect, Dialect};
/// let instance = parse_instance(b"320\n110\n").unwrap();
/// let hill = solve_dialect(&instance, Strategy::HillClimbing, Dialect::Y2012, &mut NoObserver);
/// assert_eq!(hill.to_string(), "320,310,210\n320,310,210\n");
/// ```
// Kept out of line: `scripts/instructions.py` counts the instructions inside it.
#[inline(never)]
pub fn solve_dialect<O: Observer<DigitsProblem>>(
    instance: &Instance,
    strategy: Strategy,
    dialect: Dialect,
    observer: &mut O,
) -> Answer {
    solve_problem(&DigitsProblem::with_dialect(instance.clone(), dialect), strategy, &spec_options(), observer)
}

/// Runs `strategy` with `options` on `problem`, reporting every engine event to
/// `observer`; the expanded list is every selected node, as the spec counts. The answer
/// prints in the problem's dialect.
pub fn solve_problem<O: Observer<DigitsProblem>>(
    problem: &DigitsProblem,
    strategy: Strategy,
    options: &SearchOptions,
    observer: &mut O,
) -> Answer {
    let mut expanded = Vec::new();
    let mut finish = FinishKind::Exhausted;
    let mut record = |event: &Event<'_, DigitsProblem>| {
        match event {
            Event::Selected { state, .. } => expanded.push(state.number),
            Event::Finished { kind, .. } => finish = *kind,
            _ => {}
        }
        observer.on_event(event);
    };
    let result = search_with(problem, strategy, options, &mut record);
    let limit_reached = matches!(result.outcome, Outcome::LimitReached(_));
    let (path, moves, climbed) = match result.outcome {
        Outcome::Found(path) => (Some(numbers(&path.states)), path.actions, Vec::new()),
        Outcome::LocalOptimum(path) => (None, Vec::new(), numbers(&path.states)),
        _ => (None, Vec::new(), Vec::new()),
    };
    let dialect = problem.dialect();
    Answer { strategy, path, expanded, limit_reached, stats: result.stats, moves, finish, climbed, dialect }
}

/// The fewest moves from start to goal under the puzzle's rules, or `None` when the goal
/// cannot be reached: breadth-first search with the spec's rules but without its expansion
/// limit (the puzzle has 4,000 states, so it always ends).
///
/// ```
/// use searchlab_threedigits::{optimal_depth, parse_instance};
/// assert_eq!(optimal_depth(&parse_instance(b"320\n110\n").unwrap()), Some(3));
/// ```
pub fn optimal_depth(instance: &Instance) -> Option<u64> {
    let problem = DigitsProblem::new(instance.clone());
    let options = SearchOptions { expansion_limit: None, ..spec_options() };
    let result = search_with(&problem, Strategy::BreadthFirst, &options, &mut NoObserver);
    result.solution().map(|path| path.len() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_instance;

    #[test]
    fn optimal_depth_of_known_instances() {
        assert_eq!(optimal_depth(&parse_instance(b"555\n555\n").unwrap()), Some(0));
        // 000 to 002: the last digit cannot change twice in a row, so 001 needs a detour
        // through another digit: 000, 001, 011, 012, 002 (four moves).
        assert_eq!(optimal_depth(&parse_instance(b"000\n002\n").unwrap()), Some(4));
        // A goal whose neighbours are all forbidden cannot be reached.
        assert_eq!(optimal_depth(&parse_instance(b"000\n999\n899,989,998\n").unwrap()), None);
    }

    #[test]
    fn the_answer_keeps_moves_and_how_it_ended_out_of_json() {
        let answer = solve(&parse_instance(b"320\n110\n").unwrap(), Strategy::BreadthFirst);
        assert_eq!(answer.moves.len(), 3);
        assert_eq!(answer.finish, FinishKind::Found);
        let json = serde_json::to_value(&answer).unwrap();
        assert_eq!(json["algorithm"], "Bfs");
        assert!(json.get("moves").is_none() && json.get("finish").is_none());
        let limited = solve(&parse_instance(b"000\n999\n899,989,998\n").unwrap(), Strategy::BreadthFirst);
        assert!(limited.limit_reached);
        assert_eq!(limited.finish, FinishKind::ExpansionLimit);
    }
}
