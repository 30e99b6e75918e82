//! The replay page of a problem written in Python (`searchlab.replay` on a `Problem`): each
//! algorithm run on the Python callbacks, recorded, and exported as one page.

use std::borrow::Cow;

use pyo3::prelude::*;
use searchlab_core::catalog::ExpandedCount;
use searchlab_registry::export::export_page;
use searchlab_trace::record::record_problem;

use crate::custom::{self, Callbacks};

/// The replay page of a problem written in Python: `algorithms` side by side under `rules`,
/// each stopped after `limit` selected nodes, the page titled with the problem's `name`.
#[pyfunction]
#[pyo3(signature = (name, initial, is_goal, algorithms, rules, limit, successors=None, actions=None, result=None, key=None, h=None, cost=None, draw=None, goal=None, predecessors=None))]
#[allow(clippy::too_many_arguments)]
pub fn replay_problem<'py>(
    name: String,
    initial: Bound<'py, PyAny>,
    is_goal: Bound<'py, PyAny>,
    algorithms: Vec<String>,
    rules: &str,
    limit: u64,
    successors: Option<Bound<'py, PyAny>>,
    actions: Option<Bound<'py, PyAny>>,
    result: Option<Bound<'py, PyAny>>,
    key: Option<Bound<'py, PyAny>>,
    h: Option<Bound<'py, PyAny>>,
    cost: Option<Bound<'py, PyAny>>,
    draw: Option<Bound<'py, PyAny>>,
    goal: Option<Bound<'py, PyAny>>,
    predecessors: Option<Bound<'py, PyAny>>,
) -> PyResult<String> {
    let mut recordings = Vec::new();
    for algorithm in &algorithms {
        let entry = custom::entry(algorithm, rules, Some(limit), None, None)?;
        let calls = Callbacks {
            initial: initial.clone(),
            is_goal: is_goal.clone(),
            successors: successors.clone(),
            actions: actions.clone(),
            result: result.clone(),
            key: key.clone(),
            h: h.clone(),
            cost: cost.clone(),
            draw: draw.clone(),
            goal: goal.clone(),
            predecessors: predecessors.clone(),
        };
        let puzzle = Cow::Owned(name.clone());
        let (mut recording, _) = custom::with_problem(calls, &entry, None, |problem, entry| {
            record_problem(problem, puzzle, entry, ExpandedCount::Expanded)
        })?;
        if recording.answer.is_null() {
            recording.note = Some(format!("No solution found (the replay stops after {limit} selected nodes)."));
        }
        recordings.push(recording);
    }
    let names: Vec<&str> = recordings.iter().map(|r| r.algorithm).collect();
    Ok(export_page(&format!("{} on {name}", names.join(" and ")), &recordings))
}
