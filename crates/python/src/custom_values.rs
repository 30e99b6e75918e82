//! Values a Python callback returns, read as the engine's: step costs, heuristic values, and
//! the words that name a value in an error or a replay.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

/// Calls `callback(state)` (`successors` or `predecessors`, its `name`) and hands each
/// `(action, state, cost)` triple it yields to `push`.
pub(crate) fn triples<'py>(
    callback: &Bound<'py, PyAny>,
    state: &Bound<'py, PyAny>,
    name: &str,
    push: &mut dyn FnMut(Bound<'py, PyAny>, Bound<'py, PyAny>, u64),
) -> PyResult<()> {
    let call = format!("{name}(state)");
    for item in callback.call1((state,))?.try_iter().map_err(|_| not_iterable(&call))? {
        let item = item?;
        let triple = item.cast::<PyTuple>().ok().filter(|t| t.len() == 3).ok_or_else(|| {
            PyTypeError::new_err(format!("{call} must yield (action, state, cost) triples, got {}", describe(&item)))
        })?;
        let cost = whole_cost(&triple.get_item(2)?, &format!("{call}'s cost"))?;
        push(triple.get_item(0)?, triple.get_item(1)?, cost);
    }
    Ok(())
}

/// The error of a callback that had to return an iterable and did not.
pub(crate) fn not_iterable(method: &str) -> PyErr {
    PyTypeError::new_err(format!("{method} must return an iterable (a list, a tuple, a generator)"))
}

/// `repr` of a value, cut, with its type.
pub(crate) fn describe(value: &Bound<'_, PyAny>) -> String {
    let text = value.repr().map(|r| r.to_string()).unwrap_or_else(|_| "?".into());
    let text =
        if text.chars().count() > 40 { format!("{}…", text.chars().take(40).collect::<String>()) } else { text };
    let kind = value.get_type().name().map(|n| n.to_string()).unwrap_or_else(|_| "?".into());
    format!("{text} ({kind})")
}

/// A step cost: a non-negative whole number (an `int`, or a `float` with no fraction).
pub(crate) fn whole_cost(value: &Bound<'_, PyAny>, method: &str) -> PyResult<u64> {
    if let Ok(c) = value.extract::<u64>() {
        return Ok(c);
    }
    if let Ok(f) = value.extract::<f64>() {
        if f.is_finite() && f >= 0.0 && f.fract() == 0.0 && f < 2f64.powi(63) {
            return Ok(f as u64);
        }
    }
    Err(PyTypeError::new_err(format!(
        "{method} must return a non-negative whole number (the engine adds costs exactly), got {}",
        describe(value)
    )))
}

/// A heuristic value: a non-negative number; a fraction is rounded down (which keeps an
/// admissible heuristic admissible when costs are whole numbers).
pub(crate) fn heuristic_value(value: &Bound<'_, PyAny>) -> PyResult<u64> {
    if let Ok(h) = value.extract::<u64>() {
        return Ok(h);
    }
    match value.extract::<f64>() {
        Ok(f) if f.is_finite() && f >= 0.0 => Ok(f.floor().min(u64::MAX as f64) as u64),
        _ => Err(PyTypeError::new_err(format!("h(state) must return a non-negative number, got {}", describe(value)))),
    }
}

/// `str(value)`, or `?` when `__str__` raises.
pub(crate) fn words(value: &Bound<'_, PyAny>) -> String {
    value.str().map(|s| s.to_string()).unwrap_or_else(|_| "?".into())
}
