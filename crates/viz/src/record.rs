//! Recording any search for the replay: [`PageRecorder`], the observer that compacts a problem's
//! events as they come (each move also in words), and [`record_problem`], one run of any
//! [`Describe`] problem as a [`Recording`] (the registered puzzles and the Python package's
//! own problems go through it).

use std::borrow::Cow;

use searchlab_core::catalog::{Describe, ExpandedCount, StrategyEntry};
use searchlab_core::{search_with, Event, Observer, Outcome};
use serde_json::Value;

use crate::compact::{CompactTrace, Compactor};
use crate::registry::Recording;
use crate::{rules, Tracer};

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
