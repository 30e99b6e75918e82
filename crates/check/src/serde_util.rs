//! Serialisation helpers shared by the result types.

use std::time::Duration;

use searchlab_npuzzle::Direction;

/// A duration as seconds (a float).
pub(crate) fn seconds<S: serde::Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64(d.as_secs_f64())
}

/// An optional duration as seconds, or `null`.
pub(crate) fn some_seconds<S: serde::Serializer>(d: &Option<Duration>, s: S) -> Result<S::Ok, S::Error> {
    match d {
        Some(d) => seconds(d, s),
        None => s.serialize_none(),
    }
}

/// Moves as their names: `["Up", "Left"]`.
pub(crate) fn moves<S: serde::Serializer>(path: &[Direction], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(path.iter().map(|d| d.name()))
}

/// Optional moves as their names, or `null`.
pub(crate) fn opt_moves<S: serde::Serializer>(path: &Option<Vec<Direction>>, s: S) -> Result<S::Ok, S::Error> {
    match path {
        Some(p) => moves(p, s),
        None => s.serialize_none(),
    }
}
