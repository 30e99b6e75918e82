//! Recording any search for the replay: [`PageRecorder`], the observer that compacts a problem's
//! events as they come (each move also in words), and [`record_problem`], one run of any
//! [`Describe`] problem as a [`Recording`] (the registered puzzles and the Python package's
//! own problems go through it).

use std::borrow::Cow;

use searchlab_core::catalog::{Describe, ExpandedCount, FrontierRule, Scene, StrategyEntry};
use searchlab_core::{search_with, Event, Observer, Outcome};
use serde::Serialize;
use serde_json::Value;

use crate::compact::{CompactTrace, Compactor};
use crate::{rules, Tracer};

/// A recorded search: what the page replays and the answer it must end with.
#[derive(Debug, Clone, Serialize)]
pub struct Recording {
    /// The puzzle's name (`digits`, `npuzzle`; a problem from Python: its class's name).
    pub puzzle: Cow<'static, str>,
    /// The strategy's name for people (`BFS`, `A*`).
    pub algorithm: &'static str,
    /// What the page calls the run when two runs of a page differ in more than their
    /// strategy (`A*, heuristic misplaced`); the page shows `algorithm` without it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// The strategy's name as requests give it (`B`, `ast`).
    pub strategy: &'static str,
    /// The strategy's rule in one line (frontier, ties, goal test, repeated states, limits).
    pub rule: String,
    /// The frontier: `discipline` (`queue`, `stack`, `priority`, `current`), `priority`
    /// (`depth`, `g`, `h`, `f = g + h`) and `ties` (`last-added`, `first-added`), derived from
    /// the strategy and its options.
    #[serde(flatten)]
    pub frontier: FrontierRule,
    /// The frontier in a sentence, for the page.
    pub frontier_text: String,
    /// What the puzzle calls "expanded": `selected` or `expanded`.
    pub expanded_counts: ExpandedCount,
    /// The frontier is the current path: a depth-first search that enters each child as soon
    /// as it is generated (IDA*), rather than a frontier the events push and pop.
    pub path_frontier: bool,
    /// Every event, compacted (the trace format of `docs/trace.md`, states and moves in
    /// tables; see [`crate::compact`]).
    pub trace: CompactTrace,
    /// The answer, as the CLI's `--json` (digits) or `output.txt` fields (npuzzle) give it.
    pub answer: Value,
    /// The CLI's output for the same input (for boards, the first lines of `output.txt`).
    pub cli: String,
    /// The solution's moves in words (empty without a solution).
    pub moves: Vec<String>,
    /// Set when a limit stopped the search: what the page should say.
    pub note: Option<String>,
    /// The puzzle's picture of its whole state space (a road map), when it has one: the page
    /// draws it and marks each place by its node's status.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scene: Option<Scene>,
}

impl Recording {
    /// Names the run by its strategy and the values it was given for `fields` (a page whose
    /// two runs differ in more than their strategy): `A*, heuristic misplaced`; a field the run
    /// was not given reads "as by default"; no fields leave the label unset.
    pub fn label_with(&mut self, fields: &[(&str, Option<&str>)]) {
        if fields.is_empty() {
            return;
        }
        let values: Vec<String> =
            fields.iter().map(|(name, value)| format!("{name} {}", value.unwrap_or("as by default"))).collect();
        self.label = Some(format!("{}, {}", self.algorithm, values.join(", ")));
    }
}

/// Compacts every event of a search of `P` for the page, a move's words beside each move.
pub struct PageRecorder<'p, P: Describe + ?Sized> {
    problem: &'p P,
    tracer: Tracer<'p, P, Compactor>,
}

impl<'p, P: Describe + ?Sized> PageRecorder<'p, P> {
    /// A recorder of a search of `problem`.
    pub fn new(problem: &'p P) -> Self {
        PageRecorder { problem, tracer: Tracer::new(problem, Compactor::new()) }
    }

    /// The events recorded, compacted.
    pub fn finish(self) -> CompactTrace {
        self.tracer.into_sink().finish()
    }
}

impl<P: Describe + ?Sized> Observer<P> for PageRecorder<'_, P> {
    fn on_event(&mut self, event: &Event<'_, P>) {
        if let Event::Generated { action, .. } | Event::Improved { action, .. } = event {
            self.tracer.sink_mut().next_move_words(self.problem.action_words(action));
        }
        self.tracer.on_event(event);
    }
}

/// Records `entry` (its strategy with its options) on `problem`, titled `puzzle` on the page
/// (a name the page does not list is shown as it is). The answer is the path's states in
/// words and its cost; `cli` says the same in two lines.
pub fn record_problem<P: Describe + ?Sized>(
    problem: &P,
    puzzle: Cow<'static, str>,
    entry: &StrategyEntry,
    expanded_counts: ExpandedCount,
) -> Recording {
    let mut recorder = PageRecorder::new(problem);
    let result = search_with(problem, entry.strategy, &entry.options, &mut recorder);
    let (answer, cli, moves) = match &result.outcome {
        Outcome::Found(path) => {
            let states: Vec<String> = path.states.iter().map(|s| problem.state_words(s)).collect();
            let moves: Vec<String> = path.actions.iter().map(|a| problem.action_words(a)).collect();
            let cli = format!("path: {}\ncost: {}\n", states.join(", "), path.cost);
            (serde_json::json!({ "path": states, "cost": path.cost }), cli, moves)
        }
        _ => (Value::Null, String::new(), Vec::new()),
    };
    Recording {
        puzzle,
        algorithm: entry.title(),
        label: None,
        strategy: entry.name,
        rule: rules::rule_text(entry),
        frontier: entry.frontier(),
        frontier_text: entry.frontier().to_string(),
        expanded_counts,
        path_frontier: false,
        trace: recorder.finish(),
        answer,
        cli,
        moves,
        note: None,
        scene: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use searchlab_core::catalog::Puzzle;
    use searchlab_romania::Romania;

    #[test]
    fn a_label_names_the_strategy_and_each_value_or_its_default() {
        let field = |name: &str| if name == "from" { "Arad" } else { "Bucharest" }.to_string();
        let problem = Romania::problem(&Romania::parse(&field).unwrap()).unwrap();
        let entry = Romania::strategy("astar").unwrap();
        let mut recording = record_problem(&problem, "romania".into(), &entry, ExpandedCount::Expanded);
        recording.label_with(&[]);
        assert_eq!(recording.label, None);
        recording.label_with(&[("heuristic", Some("misplaced")), ("goal", None)]);
        assert_eq!(recording.label.as_deref(), Some("A*, heuristic misplaced, goal as by default"));
    }
}
