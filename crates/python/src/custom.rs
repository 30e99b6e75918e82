//! Problems written in Python (`searchlab.Problem`, `searchlab.search_fn`) searched by the Rust
//! engine: the only file that runs Python callbacks inside `searchlab-core`'s loop.
//!
//! States and actions stay Python objects; duplicate detection hashes each state's key once
//! (Python's `hash`) and compares keys with Python's `==` only when the hashes are equal. The
//! GIL is held for the whole search (every clone of a state touches its reference count, so
//! it cannot be released between callbacks); Ctrl-C and `max_seconds` are checked every
//! [`POLL_EVERY`] expansions. The first exception a callback raises stops the search and is
//! re-raised with its traceback; a callback that answers with the wrong type is a `TypeError`
//! naming the method.

use std::cell::{Cell, RefCell};
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use pyo3::exceptions::{PyKeyboardInterrupt, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use searchlab_core::catalog::{Describe, Discipline, StrategyEntry};
use searchlab_core::{search_with, NoObserver, Observer, Outcome, Problem, SearchResult};
use searchlab_trace::trace::RunLine;
use serde_json::Value;

pub use crate::custom_rules::{entry, rules_named, strategy_names, Limits, RULE_NAMES};
use crate::custom_values::{describe, heuristic_value, not_iterable, triples, whole_cost, words};

/// How often (in expansions) Ctrl-C and the time limit are checked.
pub const POLL_EVERY: u32 = 64;

/// The callables of one problem: either `successors` or `actions` and `result`; the others
/// optional (their defaults are computed here, without calling Python).
pub struct Callbacks<'py> {
    /// The start state.
    pub initial: Bound<'py, PyAny>,
    /// `is_goal(state) -> bool`.
    pub is_goal: Bound<'py, PyAny>,
    /// `successors(state) -> iterable of (action, state, cost)`.
    pub successors: Option<Bound<'py, PyAny>>,
    /// `actions(state) -> iterable of actions`.
    pub actions: Option<Bound<'py, PyAny>>,
    /// `result(state, action) -> state`.
    pub result: Option<Bound<'py, PyAny>>,
    /// `key(state) -> hashable` (default: the state).
    pub key: Option<Bound<'py, PyAny>>,
    /// `h(state) -> number` (default 0).
    pub h: Option<Bound<'py, PyAny>>,
    /// `cost(state, action, next_state) -> int` (default 1).
    pub cost: Option<Bound<'py, PyAny>>,
    /// `draw(state) -> str`, SVG or text, for the replay (default: the state's `_repr_svg_`,
    /// else `str(state)`).
    pub draw: Option<Bound<'py, PyAny>>,
    /// The goal state, for searching backward (bidirectional search).
    pub goal: Option<Bound<'py, PyAny>>,
    /// `predecessors(state) -> iterable of (action, previous_state, cost)`, each `action`
    /// leading from `previous_state` to `state` (bidirectional search).
    pub predecessors: Option<Bound<'py, PyAny>>,
}

/// An action and the cost of taking it (known when the child is generated).
#[derive(Clone)]
pub struct CostedAction<'py> {
    action: Bound<'py, PyAny>,
    cost: u64,
}

/// A key: the Python object and its hash, computed once.
#[derive(Clone)]
pub struct Key<'py> {
    object: Option<Bound<'py, PyAny>>,
    hash: isize,
}

impl Hash for Key<'_> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.hash.hash(state);
    }
}

impl PartialEq for Key<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.hash == other.hash
            && match (&self.object, &other.object) {
                (Some(a), Some(b)) => a.is(b) || a.eq(b).unwrap_or(false),
                (None, None) => true,
                _ => false,
            }
    }
}

impl Eq for Key<'_> {}

/// A Python problem as the engine sees it, with the first error any callback raised.
pub struct PyProblem<'py> {
    calls: Callbacks<'py>,
    error: RefCell<Option<PyErr>>,
    stop: Arc<AtomicBool>,
    expansions: Cell<u32>,
    deadline: Option<Instant>,
    timed_out: Cell<bool>,
}

impl<'py> PyProblem<'py> {
    /// Keeps the first error and stops the search.
    fn fail(&self, err: PyErr) {
        let mut slot = self.error.borrow_mut();
        if slot.is_none() {
            *slot = Some(err);
        }
        self.stop.store(true, Ordering::Relaxed);
    }

    fn failed(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Every [`POLL_EVERY`] expansions: Ctrl-C and the deadline.
    fn poll(&self, py: Python<'py>) {
        let n = self.expansions.get().wrapping_add(1);
        self.expansions.set(n);
        if n % POLL_EVERY != 0 {
            return;
        }
        if let Err(err) = py.check_signals() {
            self.fail(err);
        } else if self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.timed_out.set(true);
            self.stop.store(true, Ordering::Relaxed);
        }
    }

    fn step_cost(
        &self,
        state: &Bound<'py, PyAny>,
        action: &Bound<'py, PyAny>,
        next: &Bound<'py, PyAny>,
    ) -> Option<u64> {
        let Some(cost) = &self.calls.cost else { return Some(1) };
        match cost.call1((state, action, next)).and_then(|v| whole_cost(&v, "cost(state, action, next_state)")) {
            Ok(c) => Some(c),
            Err(err) => {
                self.fail(err);
                None
            }
        }
    }

    fn generate(
        &self,
        state: &Bound<'py, PyAny>,
        out: &mut Vec<(CostedAction<'py>, Bound<'py, PyAny>)>,
    ) -> PyResult<()> {
        if let Some(successors) = &self.calls.successors {
            return triples(successors, state, "successors", &mut |action, next, cost| {
                out.push((CostedAction { action, cost }, next))
            });
        }
        let (Some(actions), Some(result)) = (&self.calls.actions, &self.calls.result) else {
            return Err(PyTypeError::new_err("the problem needs actions() and result(), or successors()"));
        };
        for action in actions.call1((state,))?.try_iter().map_err(|_| not_iterable("actions(state)"))? {
            let action = action?;
            let next = result.call1((state, &action))?;
            let Some(cost) = self.step_cost(state, &action, &next) else { return Ok(()) };
            out.push((CostedAction { action, cost }, next));
        }
        Ok(())
    }
}

impl<'py> Problem for PyProblem<'py> {
    type State = Bound<'py, PyAny>;
    type Action = CostedAction<'py>;
    type Key = Key<'py>;

    fn initial_state(&self) -> Self::State {
        self.calls.initial.clone()
    }

    fn successors(&self, state: &Self::State, out: &mut Vec<(Self::Action, Self::State)>) {
        if self.failed() {
            return;
        }
        self.poll(state.py());
        if let Err(err) = self.generate(state, out) {
            out.clear();
            self.fail(err);
        }
    }

    fn is_goal(&self, state: &Self::State) -> bool {
        if self.failed() {
            return false;
        }
        match self.calls.is_goal.call1((state,)).and_then(|v| v.is_truthy()) {
            Ok(goal) => goal,
            Err(err) => {
                self.fail(err);
                false
            }
        }
    }

    fn key(&self, state: &Self::State) -> Self::Key {
        let key = match &self.calls.key {
            None => Ok(state.clone()),
            Some(key) => key.call1((state,)),
        };
        let hashed = key.and_then(|k| match k.hash() {
            Ok(hash) => Ok(Key { object: Some(k), hash }),
            Err(_) if self.calls.key.is_none() => Err(PyTypeError::new_err(format!(
                "the state {} is not hashable: give the problem a key(state) method that returns a hashable value (a tuple, a string)",
                describe(&k)
            ))),
            Err(_) => Err(PyTypeError::new_err(format!("key(state) must return a hashable value, got {}", describe(&k)))),
        });
        hashed.unwrap_or_else(|err| {
            self.fail(err);
            Key { object: None, hash: 0 }
        })
    }

    fn heuristic(&self, state: &Self::State) -> u64 {
        let Some(h) = &self.calls.h else { return 0 };
        if self.failed() {
            return 0;
        }
        h.call1((state,)).and_then(|v| heuristic_value(&v)).unwrap_or_else(|err| {
            self.fail(err);
            0
        })
    }

    fn step_cost(&self, _from: &Self::State, action: &Self::Action, _to: &Self::State) -> u64 {
        action.cost
    }

    fn goal_state(&self) -> Option<Self::State> {
        self.calls.goal.clone()
    }

    fn predecessors(&self, state: &Self::State, out: &mut Vec<(Self::Action, Self::State)>) {
        let Some(predecessors) = &self.calls.predecessors else { return };
        if self.failed() {
            return;
        }
        self.poll(state.py());
        let mut push = |action, before, cost| out.push((CostedAction { action, cost }, before));
        if let Err(err) = triples(predecessors, state, "predecessors", &mut push) {
            out.clear();
            self.fail(err);
        }
    }
}

/// A state as the replay shows it: `{"label", "svg"}` when the problem draws it as SVG
/// (`draw(state)` returning `<svg…`, or the state's own `_repr_svg_`), else its text.
impl<'py> Describe for PyProblem<'py> {
    type StateView = Value;
    type ActionView = String;

    fn view_state(&self, state: &Self::State) -> Value {
        let label = self.state_words(state);
        let drawn = match &self.calls.draw {
            Some(draw) => draw.call1((state,)).ok(),
            None => state.call_method0("_repr_svg_").ok(),
        };
        match drawn.as_ref().map(words) {
            Some(svg) if svg.trim_start().starts_with("<svg") => serde_json::json!({ "label": label, "svg": svg }),
            Some(text) if self.calls.draw.is_some() => Value::String(text),
            _ => Value::String(label),
        }
    }

    fn view_action(&self, action: &Self::Action) -> String {
        words(&action.action)
    }

    fn action_words(&self, action: &Self::Action) -> String {
        words(&action.action)
    }

    fn state_words(&self, state: &Self::State) -> String {
        words(state).replace(", ", ",")
    }
}

/// Builds the engine's view of `calls`, runs `job` on it with the interrupt flag in the
/// options, and returns its answer, or the first error a callback raised (Ctrl-C included).
/// The flag `timed_out` of the answer says whether `max_seconds` stopped the search.
pub fn with_problem<'py, R>(
    calls: Callbacks<'py>,
    entry: &StrategyEntry,
    max_seconds: Option<f64>,
    job: impl FnOnce(&PyProblem<'py>, &StrategyEntry) -> R,
) -> PyResult<(R, bool)> {
    if entry.strategy.row().discipline == Discipline::TwoWay && (calls.goal.is_none() || calls.predecessors.is_none()) {
        return Err(PyValueError::new_err(format!(
            "{} searches backward from the goal: the problem needs a goal state (Problem(initial, goal)) and \
             predecessors(state) yielding (action, previous_state, cost)",
            entry.name
        )));
    }
    let deadline = match max_seconds {
        Some(s) if !(s.is_finite() && s > 0.0) => {
            return Err(PyValueError::new_err(format!("max_seconds must be a positive number, got {s}")))
        }
        Some(s) => Some(Instant::now() + Duration::from_secs_f64(s.min(1e9))),
        None => None,
    };
    let stop = Arc::new(AtomicBool::new(false));
    let problem = PyProblem {
        calls,
        error: RefCell::new(None),
        stop: stop.clone(),
        expansions: Cell::new(0),
        deadline,
        timed_out: Cell::new(false),
    };
    let mut entry = entry.clone();
    entry.options.interrupt = Some(stop);
    let answer = job(&problem, &entry);
    match problem.error.take() {
        Some(err) => Err(err),
        None => Ok((answer, problem.timed_out.get())),
    }
}

/// Runs `entry` on `problem`, reporting every event to `observer`.
pub fn run<'py, O: Observer<PyProblem<'py>>>(
    problem: &PyProblem<'py>,
    entry: &StrategyEntry,
    observer: &mut O,
) -> SearchResult<PyProblem<'py>> {
    search_with(problem, entry.strategy, &entry.options, observer)
}

/// The puzzle a trace of a Python problem of one's own names in its run line: none the replay
/// page has, so the page says so instead of replaying it under another puzzle's rules.
pub const OWN_PROBLEM: &str = "problem";

/// Searches `calls` with `strategy` under the rule set `rules`; a dict of the answer (outcome,
/// states, actions, cost and the engine's counts). With `trace`, every event is also written
/// to that file as JSON Lines (`docs/trace.md`).
pub fn search<'py>(
    py: Python<'py>,
    calls: Callbacks<'py>,
    strategy: &str,
    rules: &str,
    limits: Limits,
    trace: Option<std::path::PathBuf>,
) -> PyResult<Bound<'py, PyDict>> {
    let entry = entry(strategy, rules, limits.max_expanded, limits.weight, limits.width)?;
    let (result, timed_out) = with_problem(calls, &entry, limits.max_seconds, |problem, entry| match &trace {
        None => Ok((run(problem, entry, &mut NoObserver), None)),
        Some(path) => crate::replay::traced(problem, path, &RunLine::new(OWN_PROBLEM, entry.name, []), |observer| {
            run(problem, entry, observer)
        })
        .map(|(result, file)| (result, Some(file))),
    })?;
    let (result, file) = result?;
    if matches!(result.outcome, Outcome::Interrupted) && !timed_out {
        return Err(PyKeyboardInterrupt::new_err("search interrupted"));
    }
    if let (Some(file), Some(path)) = (file, &trace) {
        file.commit().map_err(|e| crate::replay::trace_error(path, &e))?;
    }
    let answer = PyDict::new(py);
    let (outcome, path) = match result.outcome {
        Outcome::Found(path) => ("found", Some(path)),
        Outcome::LocalOptimum(path) => ("stuck", Some(path)),
        Outcome::Exhausted => ("exhausted", None),
        Outcome::Cutoff | Outcome::LimitReached(_) => ("limit", None),
        Outcome::Interrupted => ("limit", None),
    };
    answer.set_item("outcome", outcome)?;
    match path {
        Some(path) => {
            answer.set_item("states", PyList::new(py, &path.states)?)?;
            answer.set_item("actions", PyList::new(py, path.actions.iter().map(|a| &a.action))?)?;
            answer.set_item("cost", path.cost)?;
        }
        None => {
            answer.set_item("states", PyList::empty(py))?;
            answer.set_item("actions", PyList::empty(py))?;
            answer.set_item("cost", py.None())?;
        }
    }
    let s = result.stats;
    answer.set_item("expanded", s.expanded)?;
    answer.set_item("selected", s.selected)?;
    answer.set_item("generated", s.generated)?;
    answer.set_item("max_frontier", s.max_frontier)?;
    answer.set_item("max_depth", s.max_depth)?;
    answer.set_item("seconds", s.elapsed.as_secs_f64())?;
    answer.set_item("strategy", entry.name)?;
    answer.set_item("rules", rules)?;
    Ok(answer)
}
