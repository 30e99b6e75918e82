//! The textbook's experiments on the 8-puzzle from Python (`searchlab.experiment`): the same
//! tables `searchlab report npuzzle --experiment NAME` writes, handed over as their CSV, their
//! `report.md` and their plot's SVG.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use searchlab_report::experiment::{branching, distances, BranchingOptions};
use searchlab_report::indicatif::ProgressBar;
use searchlab_report::ReportError;

fn to_py(err: ReportError) -> PyErr {
    PyValueError::new_err(err.to_string())
}

/// Runs the experiment `name` (`distances` or `branching`): `(csv, markdown, svg)`. The
/// heuristics table draws `per_depth` boards at each d in `first..=last` (seeded by `seed`) and
/// leaves iterative deepening out past `ids_limit` selected nodes on one board.
#[pyfunction]
#[pyo3(signature = (name, first=2, last=24, per_depth=100, seed=1, ids_limit=5_000_000))]
pub fn run_experiment(
    py: Python<'_>,
    name: &str,
    first: u64,
    last: u64,
    per_depth: usize,
    seed: u64,
    ids_limit: u64,
) -> PyResult<(String, String, String)> {
    let run = || -> Result<(String, String, String), ReportError> {
        match name {
            "distances" => {
                let table = distances();
                Ok((table.csv()?, table.markdown(), table.svg()?))
            }
            _ => {
                let options = BranchingOptions { depths: first..=last, per_depth, seed, ids_limit };
                let table = branching(&options, &ProgressBar::hidden())?;
                Ok((table.csv()?, table.markdown(), table.svg()?))
            }
        }
    };
    if !["distances", "branching"].contains(&name) {
        let shown: String = name.chars().take(20).collect();
        return Err(PyValueError::new_err(format!("unknown experiment `{shown}`: use distances or branching")));
    }
    if first > last || per_depth == 0 || ids_limit == 0 {
        return Err(PyValueError::new_err("depths need first <= last, and per_depth and ids_limit at least 1"));
    }
    py.detach(run).map_err(to_py)
}
