//! The notebook's replay: recorded searches as one HTML page with the web app's replay code
//! embedded (`searchlab_trace::standalone`), which the package shows in an `<iframe>`. Like
//! [`crate::bridge`] for the other crates, this is the one file that calls `searchlab-registry` and `searchlab-trace`
//! (with [`crate::custom_replay`], the replay of problems written in Python), also for the
//! `trace=` file of `searchlab.search` ([`traced`]).

use std::collections::HashMap;
use std::io::BufWriter;
use std::path::Path;

use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use searchlab_core::catalog::Describe;
use searchlab_files::AtomicFile;
use searchlab_registry::replay::{self, ReplayRequest};
use searchlab_registry::{self as registry, RecordError};
use searchlab_trace::trace::RunLine;
use searchlab_trace::TraceWriter;

use crate::UnsolvableError;

fn to_py(err: RecordError) -> PyErr {
    match err {
        RecordError::Instance(searchlab_core::catalog::InstanceError::Unsolvable(e)) => {
            UnsolvableError::new_err(e.to_string())
        }
        other => PyValueError::new_err(other.to_string()),
    }
}

/// One registered puzzle for `searchlab.PUZZLES`: its name, title, kind (`path` or `local`),
/// fields with their examples, and strategies.
pub type PuzzleEntry = (&'static str, &'static str, &'static str, Vec<(&'static str, &'static str)>, Vec<&'static str>);

/// Every registered puzzle, in the registry's order: what [`replay_page`] takes.
#[pyfunction]
pub fn replay_puzzles() -> Vec<PuzzleEntry> {
    let fields = |list: &'static [searchlab_core::catalog::Field]| list.iter().map(|f| (f.name, f.example)).collect();
    registry::PUZZLES
        .iter()
        .map(|p| {
            let kind = if p.is_local() { "local" } else { "path" };
            (p.name(), p.title(), kind, fields(p.fields()), p.strategy_names())
        })
        .collect()
}

/// The replay page of `algorithms` (one pane each, side by side) on one instance; with
/// `compare_fields`, the second pane's instance is the first's with those fields changed (A*
/// with misplaced tiles beside A* with Manhattan distance), and each pane is labelled with them.
/// A local-search puzzle's panes run from the fields' `seed` with their `sideways`, as
/// `searchlab serve` records them.
#[pyfunction]
#[pyo3(signature = (puzzle, algorithms, fields, compare_fields=None))]
pub fn replay_page(
    py: Python<'_>,
    puzzle: &str,
    algorithms: Vec<String>,
    fields: HashMap<String, String>,
    compare_fields: Option<HashMap<String, String>>,
) -> PyResult<String> {
    let changed = compare_fields.unwrap_or_default();
    let first = ReplayRequest { puzzle: puzzle.into(), algorithm: String::new(), fields: fields.into_iter().collect() };
    let mut second = first.clone();
    second.fields.extend(changed.clone());
    let panes: Vec<ReplayRequest> = algorithms
        .into_iter()
        .enumerate()
        .map(|(i, algorithm)| ReplayRequest { algorithm, ..if i == 0 { first.clone() } else { second.clone() } })
        .collect();
    let changed: Vec<&str> = changed.keys().map(String::as_str).collect();
    py.detach(|| replay::replay_page(&panes, &changed, None)).map_err(to_py)
}

/// Runs `job` with an observer writing `line`, then every event, to `path` as JSON Lines, and returns the
/// file still uncommitted: the caller renames it over `path` with [`AtomicFile::commit`] only
/// when the search answered (dropped, it is removed and an earlier file stays as it was).
pub fn traced<P: Describe + ?Sized, R>(
    problem: &P,
    path: &Path,
    line: &RunLine,
    job: impl FnOnce(&mut TraceWriter<'_, P, BufWriter<AtomicFile>>) -> R,
) -> PyResult<(R, AtomicFile)> {
    let file = AtomicFile::create(path).map_err(|e| trace_error(path, &e))?;
    let mut tracer = TraceWriter::with_run_line(problem, BufWriter::new(file), line);
    let answer = job(&mut tracer);
    let file = tracer.finish().map_err(|e| trace_error(path, &e))?;
    let file = file.into_inner().map_err(|e| trace_error(path, e.error()))?;
    Ok((answer, file))
}

/// An `OSError` saying which trace file could not be written.
pub fn trace_error(path: &Path, err: &dyn std::fmt::Display) -> PyErr {
    PyOSError::new_err(format!("cannot write the trace {}: {err}", path.display()))
}
