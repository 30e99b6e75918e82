//! `searchlab._native`: the extension module under the Python package `searchlab`.
//!
//! Each function takes plain Python values (lists of ints, strings), releases the GIL while the
//! search runs on a worker thread, and checks for Ctrl-C every [`SIGNAL_POLL`] on the calling
//! thread: a pending `KeyboardInterrupt` raises the search's interrupt flag and is re-raised once
//! the search has stopped. Library errors become Python exceptions ([`to_py`]); a Rust panic is
//! caught on the worker thread and raised as `RuntimeError`. All calls into the searchlab crates
//! are in [`bridge`]; the Python-facing API (boards, result objects, HTML) is in
//! `python/searchlab/`.

#![deny(missing_docs)]

pub mod bridge;
pub mod check;
pub mod custom;
pub mod custom_replay;
pub mod custom_rules;
mod custom_values;
pub mod experiment;
pub mod replay;

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Duration;

use pyo3::create_exception;
use pyo3::exceptions::{PyKeyboardInterrupt, PyOSError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use bridge::BridgeError;

create_exception!(searchlab, UnsolvableError, PyValueError, "The board cannot reach the goal (parity).");
create_exception!(searchlab, SearchLimitError, PyRuntimeError, "A node budget stopped the search before the goal.");

/// A Python dict of some fields of a bridge result, keyed by the fields' names.
macro_rules! fields_dict {
    ($py:expr, $value:expr => $($field:ident),* $(,)?) => {{
        let value = $value;
        let dict = PyDict::new($py);
        $(dict.set_item(stringify!($field), value.$field)?;)*
        dict
    }};
}

/// How often the calling thread checks for Ctrl-C while a search runs.
pub const SIGNAL_POLL: Duration = Duration::from_millis(20);

/// The Python exception of a library error.
fn to_py(err: BridgeError) -> PyErr {
    match err {
        BridgeError::BadInput(m) => PyValueError::new_err(m),
        BridgeError::Unsolvable(m) => UnsolvableError::new_err(m),
        BridgeError::Limit(m) => SearchLimitError::new_err(m),
        BridgeError::Interrupted => PyKeyboardInterrupt::new_err("search interrupted"),
        BridgeError::Cache(m) => PyOSError::new_err(m),
    }
}

/// Runs `job` on a worker thread with the GIL released; meanwhile the calling thread wakes every
/// [`SIGNAL_POLL`] to run Python's signal handlers. If one raises (Ctrl-C: `KeyboardInterrupt`),
/// the job's interrupt flag is raised, the job is awaited (the searches poll the flag) and the
/// handler's exception is returned.
fn interruptible<T, F>(py: Python<'_>, job: F) -> PyResult<T>
where
    T: Send,
    F: FnOnce(&Arc<AtomicBool>) -> Result<T, BridgeError> + Send,
{
    let stop = Arc::new(AtomicBool::new(false));
    let (done, mut finished) = mpsc::channel::<()>();
    std::thread::scope(|scope| {
        let worker = scope.spawn(|| {
            let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| job(&stop)));
            let _ = done.send(());
            result
        });
        let mut signal: Option<PyErr> = None;
        loop {
            // The receiver is not `Sync`: it travels into the GIL-free closure and back.
            let (receiver, waited) = py.detach(move || {
                let waited = finished.recv_timeout(SIGNAL_POLL);
                (finished, waited)
            });
            finished = receiver;
            if !matches!(waited, Err(mpsc::RecvTimeoutError::Timeout)) {
                break;
            }
            if signal.is_none() {
                if let Err(err) = py.check_signals() {
                    stop.store(true, Ordering::Relaxed);
                    signal = Some(err);
                }
            }
        }
        let outcome = py.detach(move || worker.join());
        if let Some(err) = signal {
            return Err(err);
        }
        match outcome {
            Ok(Ok(result)) => result.map_err(to_py),
            _ => Err(PyRuntimeError::new_err("internal error: the search panicked")),
        }
    })
}

/// The notebook's `bfs`/`dfs`/`ast`: `(nodes_expanded, path)` or `None` (unsolvable).
#[pyfunction]
fn npuzzle_notebook(py: Python<'_>, method: &str, tiles: Vec<i64>) -> PyResult<Option<(u64, Vec<&'static str>)>> {
    interruptible(py, |stop| bridge::notebook(method, &tiles, stop))
}

/// The course driver: a dict of the seven statistics (nine in the 2017 edition), the boards
/// and the `output.txt` text.
#[pyfunction]
#[pyo3(signature = (method, tiles, goal=None, edition=None))]
fn npuzzle_run<'py>(
    py: Python<'py>,
    method: &str,
    tiles: Vec<i64>,
    goal: Option<Vec<i64>>,
    edition: Option<&str>,
) -> PyResult<Bound<'py, PyDict>> {
    let run = interruptible(py, |stop| bridge::driver(method, &tiles, goal.as_deref(), edition, stop))?;
    Ok(fields_dict! { py, run =>
        method, edition, board, goal, path_to_goal, cost_of_path, nodes_expanded, fringe_size,
        max_fringe_size, search_depth, max_search_depth, running_time, max_ram_usage, output,
    })
}

/// The 3-digit puzzle: `(path or None, expanded)`, numbers as 3-digit strings.
#[pyfunction]
#[pyo3(signature = (letter, start, goal, forbidden=Vec::new(), dialect=None))]
fn digits_solve(
    py: Python<'_>,
    letter: &str,
    start: i64,
    goal: i64,
    forbidden: Vec<i64>,
    dialect: Option<&str>,
) -> PyResult<(Option<Vec<String>>, Vec<String>)> {
    interruptible(py, |_| bridge::digits(letter, start, goal, &forbidden, dialect))
}

/// An optimal solution: a dict of the moves, the counters and the heuristic's name.
#[pyfunction]
#[pyo3(signature = (tiles, goal=None, heuristic=None, pdb_dir=None, max_nodes=None))]
fn optimal_solve<'py>(
    py: Python<'py>,
    tiles: Vec<i64>,
    goal: Option<Vec<i64>>,
    heuristic: Option<&str>,
    pdb_dir: Option<PathBuf>,
    max_nodes: Option<u64>,
) -> PyResult<Bound<'py, PyDict>> {
    let solved =
        interruptible(py, |stop| bridge::optimal(&tiles, goal.as_deref(), heuristic, pdb_dir, max_nodes, stop))?;
    Ok(fields_dict! { py, solved =>
        board, goal, moves, length, nodes_expanded, nodes_generated, iterations, initial_h, seconds,
        heuristic,
    })
}

/// The pattern-database folder `searchlab solve` uses by default.
#[pyfunction]
fn default_pdb_dir() -> PathBuf {
    bridge::default_pdb_dir()
}

/// `searchlab check`: the report as `--json` prints it and as text, `(json, text)`. The runs
/// release the GIL; Ctrl-C raises `KeyboardInterrupt` when the check has ended (the checker has
/// no interrupt flag: its runs end by themselves or by their timeout).
#[pyfunction]
#[pyo3(signature = (puzzle, command, cases, methods, n, seed, width, timeout, jobs))]
#[allow(clippy::too_many_arguments)]
fn check_program(
    py: Python<'_>,
    puzzle: String,
    command: String,
    cases: String,
    methods: Vec<String>,
    n: usize,
    seed: u64,
    width: usize,
    timeout: f64,
    jobs: usize,
) -> PyResult<(String, String)> {
    let request = check::CheckRequest { puzzle, command, cases, methods, n, seed, width, timeout, jobs };
    let run = interruptible(py, |_| check::check_program(&request))?;
    Ok((run.json, run.text))
}

/// The named rules `check` recognises: dicts of puzzle, name, line, applies, cannot_show,
/// family and look_at.
#[pyfunction]
fn check_variants(py: Python<'_>) -> PyResult<Vec<Bound<'_, PyDict>>> {
    check::variants()
        .into_iter()
        .map(|v| Ok(fields_dict! { py, v => puzzle, name, line, applies, cannot_show, family, look_at }))
        .collect()
}

/// A problem written in Python, searched by the engine (`searchlab.search`): a dict of the
/// outcome, states, actions, cost and counts. The Python package passes the problem's methods
/// (`None` for those left at their defaults).
#[pyfunction]
#[pyo3(signature = (initial, is_goal, strategy, rules, successors=None, actions=None, result=None, key=None, h=None, cost=None, max_expanded=None, max_seconds=None, trace=None, draw=None, weight=None, width=None, goal=None, predecessors=None))]
#[allow(clippy::too_many_arguments)]
fn search_problem<'py>(
    py: Python<'py>,
    initial: Bound<'py, PyAny>,
    is_goal: Bound<'py, PyAny>,
    strategy: &str,
    rules: &str,
    successors: Option<Bound<'py, PyAny>>,
    actions: Option<Bound<'py, PyAny>>,
    result: Option<Bound<'py, PyAny>>,
    key: Option<Bound<'py, PyAny>>,
    h: Option<Bound<'py, PyAny>>,
    cost: Option<Bound<'py, PyAny>>,
    max_expanded: Option<u64>,
    max_seconds: Option<f64>,
    trace: Option<PathBuf>,
    draw: Option<Bound<'py, PyAny>>,
    weight: Option<f64>,
    width: Option<u32>,
    goal: Option<Bound<'py, PyAny>>,
    predecessors: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let calls =
        custom::Callbacks { initial, is_goal, successors, actions, result, key, h, cost, draw, goal, predecessors };
    custom::search(py, calls, strategy, rules, custom::Limits { weight, max_expanded, max_seconds, width }, trace)
}

/// The engine's strategy names and rule-set names, for `searchlab.STRATEGIES` and `RULES`.
#[pyfunction]
fn search_names() -> (Vec<&'static str>, Vec<&'static str>) {
    (custom::strategy_names(), custom::RULE_NAMES.to_vec())
}

/// The module `searchlab._native`.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(npuzzle_notebook, m)?)?;
    m.add_function(wrap_pyfunction!(npuzzle_run, m)?)?;
    m.add_function(wrap_pyfunction!(digits_solve, m)?)?;
    m.add_function(wrap_pyfunction!(optimal_solve, m)?)?;
    m.add_function(wrap_pyfunction!(default_pdb_dir, m)?)?;
    m.add_function(wrap_pyfunction!(replay::replay_page, m)?)?;
    m.add_function(wrap_pyfunction!(replay::replay_puzzles, m)?)?;
    m.add_function(wrap_pyfunction!(custom_replay::replay_problem, m)?)?;
    m.add_function(wrap_pyfunction!(check_program, m)?)?;
    m.add_function(wrap_pyfunction!(check_variants, m)?)?;
    m.add_function(wrap_pyfunction!(search_problem, m)?)?;
    m.add_function(wrap_pyfunction!(search_names, m)?)?;
    m.add_function(wrap_pyfunction!(experiment::run_experiment, m)?)?;
    m.add("UnsolvableError", m.py().get_type::<UnsolvableError>())?;
    m.add("SearchLimitError", m.py().get_type::<SearchLimitError>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
