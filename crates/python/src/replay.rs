//! The notebook's replay: recorded searches as one HTML page with the web app's replay code
//! embedded (`searchlab_viz::standalone`), which the package shows in an `<iframe>`. Like
//! [`crate::bridge`] for the other crates, this is the one file that calls `searchlab-viz`.

use std::collections::HashMap;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use searchlab_viz::registry::{self, RecordError, Recording};
use searchlab_viz::serve::REPLAY_EXPANSION_LIMIT;
use searchlab_viz::{ida, standalone};

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
    let registered = registry::puzzle(puzzle)
        .ok_or_else(|| RecordError::UnknownPuzzle { name: puzzle.chars().take(20).collect() })?;
    registry::check_fields(registered, fields.keys().map(String::as_str))?;
    let field = |name: &str| fields.get(name).cloned().unwrap_or_default();
    registered.record(&field, algorithm, REPLAY_EXPANSION_LIMIT, None)
}

/// The replay page of `algorithms` (one pane each, side by side) on one instance.
#[pyfunction]
pub fn replay_page(
    py: Python<'_>,
    puzzle: &str,
    algorithms: Vec<String>,
    fields: HashMap<String, String>,
) -> PyResult<String> {
    let recordings = py.detach(|| algorithms.iter().map(|a| record(puzzle, a, &fields)).collect::<Result<Vec<_>, _>>());
    let recordings = recordings.map_err(to_py)?;
    let names: Vec<&str> = recordings.iter().map(|r| r.algorithm).collect();
    Ok(standalone::standalone_page(&format!("{} on the {puzzle}", names.join(" and ")), &recordings))
}
