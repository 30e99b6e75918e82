//! Running a strategy on an instance, and the two-line answer the grader reads.

use std::fmt;

use searchlab_core::{search_with, Event, Observer, Outcome, Stats};

use crate::rules::numbers;
use crate::{Algorithm, DigitsProblem, Instance, Number};

/// What the grader reads: the path (or none) and the expanded nodes in order.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Answer {
    /// The strategy that ran.
    pub algorithm: Algorithm,
    /// The path from start to goal, both included; `None` prints `No solution found.`.
    pub path: Option<Vec<Number>>,
    /// The nodes expanded, in order (the goal included when found); at most 1000.
    pub expanded: Vec<Number>,
    /// Whether the 1000-expansion limit stopped the search.
    pub limit_reached: bool,
    /// The engine's statistics.
    pub stats: Stats,
}

/// The exact output: line 1 the path or `No solution found.`, line 2 the expanded nodes,
/// both comma-separated 3-digit numbers, each line ending in a newline.
impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
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

/// Solves `instance` with `algorithm` as the spec requires.
///
/// # Example
///
/// The spec's example, `320` to `110`:
///
/// ```
/// use searchlab_threedigits::{parse_instance, solve, Algorithm};
/// let instance = parse_instance(b"320\n110\n").unwrap();
/// let answer = solve(&instance, Algorithm::AStar);
/// assert_eq!(answer.to_string(), "320,220,210,110\n320,310,210,220,210,110\n");
/// let hill = solve(&instance, Algorithm::HillClimbing);
/// assert_eq!(hill.to_string(), "No solution found.\n320,310,210\n");
/// ```
pub fn solve(instance: &Instance, algorithm: Algorithm) -> Answer {
    solve_observed(instance, algorithm, &mut searchlab_core::NoObserver)
}

/// [`solve`], also reporting every engine event to `observer` (for traces and replays).
pub fn solve_observed<O: Observer<DigitsProblem>>(
    instance: &Instance,
    algorithm: Algorithm,
    observer: &mut O,
) -> Answer {
    let problem = DigitsProblem::new(instance.clone());
    let mut expanded = Vec::new();
    let mut record = |event: &Event<'_, DigitsProblem>| {
        if let Event::Selected { state, .. } = event {
            expanded.push(state.number);
        }
        observer.on_event(event);
    };
    let result = search_with(&problem, algorithm.strategy(), &algorithm.options(), &mut record);
    let path = match &result.outcome {
        Outcome::Found(path) => Some(numbers(&path.states)),
        _ => None,
    };
    let limit_reached = matches!(result.outcome, Outcome::LimitReached(_));
    Answer { algorithm, path, expanded, limit_reached, stats: result.stats }
}
