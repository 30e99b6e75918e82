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
use searchlab_core::local::LocalStrategy;
use searchlab_files::AtomicFile;
use searchlab_registry::export::export_page;
use searchlab_registry::local::{local_title, read_settings, unknown_field};
use searchlab_registry::{self as registry, ida, RecordError, RegisteredLocal, Registration, REPLAY_EXPANSION_LIMIT};
use searchlab_trace::record::Recording;
use searchlab_trace::trace::RunLine;
use searchlab_trace::{standalone, TraceWriter};

use crate::UnsolvableError;

fn to_py(err: RecordError) -> PyErr {
    match err {
        RecordError::Instance(searchlab_core::catalog::InstanceError::Unsolvable(e)) => {
            UnsolvableError::new_err(e.to_string())
        }
        other => PyValueError::new_err(other.to_string()),
    }
}

/// Records `algorithm` on the instance `fields` of the puzzle `puzzle`, as the web app does.
fn record(puzzle: &str, algorithm: &str, fields: &HashMap<String, String>) -> Result<Recording, RecordError> {
    if puzzle == ida::NAME {
        return ida::record(fields.get("tiles").map_or("", String::as_str), None);
    }
    let registered = registry::path_puzzle(puzzle)
        .ok_or_else(|| RecordError::UnknownPuzzle { name: puzzle.chars().take(20).collect() })?;
    registry::check_fields(registered, fields.keys().map(String::as_str))?;
    let field = |name: &str| fields.get(name).cloned().unwrap_or_default();
    registered.record(&field, algorithm, REPLAY_EXPANSION_LIMIT, None)
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
        .map(|p| match p {
            Registration::Path(p) => {
                (p.name(), p.title(), "path", fields(p.fields()), p.strategies().iter().map(|e| e.name).collect())
            }
            Registration::Local(p) => (p.name(), p.title(), "local", fields(p.fields()), LocalStrategy::names()),
        })
        .collect()
}

/// The replay page of `algorithms` on a puzzle registered for local search: each one run from
/// the fields' `seed`, with their `sideways`, as `searchlab serve` records it.
fn local_page(
    puzzle: &dyn RegisteredLocal,
    algorithms: &[String],
    fields: &HashMap<String, String>,
) -> Result<String, String> {
    if let Some(why) = fields.keys().find_map(|name| unknown_field(puzzle, name)) {
        return Err(why);
    }
    let field = |name: &str| fields.get(name).cloned().unwrap_or_default();
    let (seed, options) = read_settings(&field)?;
    let mut recordings = Vec::new();
    for algorithm in algorithms {
        let strategy = LocalStrategy::parse(algorithm, puzzle.title())?;
        recordings.push(puzzle.record(&field, strategy, &options, seed, None).map_err(|e| e.to_string())?);
    }
    let names: Vec<&str> = recordings.iter().map(|r| r.algorithm).collect();
    Ok(export_page(&local_title(puzzle, &field, seed, &names), &recordings))
}

/// The replay page of `algorithms` (one pane each, side by side) on one instance; with
/// `compare_fields`, the second pane's instance is the first's with those fields changed (A*
/// with misplaced tiles beside A* with Manhattan distance), and each pane is labelled with them.
#[pyfunction]
#[pyo3(signature = (puzzle, algorithms, fields, compare_fields=None))]
pub fn replay_page(
    py: Python<'_>,
    puzzle: &str,
    algorithms: Vec<String>,
    fields: HashMap<String, String>,
    compare_fields: Option<HashMap<String, String>>,
) -> PyResult<String> {
    if let Some(local) = registry::local_puzzle(puzzle) {
        if compare_fields.is_some() {
            return Err(PyValueError::new_err("compare_fields= applies to path searches, not to local search"));
        }
        return py.detach(|| local_page(local, &algorithms, &fields)).map_err(PyValueError::new_err);
    }
    let changed = compare_fields.unwrap_or_default();
    let mut second = fields.clone();
    second.extend(changed.clone());
    let runs: Vec<(&String, &HashMap<String, String>)> =
        algorithms.iter().enumerate().map(|(i, a)| (a, if i == 0 { &fields } else { &second })).collect();
    let recordings = py.detach(|| runs.iter().map(|(a, f)| record(puzzle, a, f)).collect::<Result<Vec<_>, _>>());
    let mut recordings = recordings.map_err(to_py)?;
    let mut names: Vec<&String> = changed.keys().collect();
    names.sort();
    for (recording, (_, run_fields)) in recordings.iter_mut().zip(&runs) {
        let values: Vec<(&str, Option<&str>)> =
            names.iter().map(|n| (n.as_str(), run_fields.get(*n).map(String::as_str))).collect();
        recording.label_with(&values);
    }
    let (title, labelled) = match registry::path_puzzle(puzzle) {
        Some(p) => {
            (p.title(), p.fields().iter().map(|f| (f.label, fields.get(f.name).cloned().unwrap_or_default())).collect())
        }
        None => ("15-puzzle", vec![("tiles", fields.get("tiles").cloned().unwrap_or_default())]),
    };
    let names: Vec<&str> = recordings.iter().map(|r| r.label.as_deref().unwrap_or(r.algorithm)).collect();
    let title = standalone::export_title(&names, title, &standalone::instance_words(&labelled));
    Ok(export_page(&title, &recordings))
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
