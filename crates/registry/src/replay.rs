//! The replay's door: what the web app, the exported page and the notebook ask of any
//! registered puzzle by its name, without asking whether it is searched for a path or
//! locally: one run recorded ([`replay`]), a `--trace` file's run drawn again
//! ([`replay_trace`]), a random instance ([`random`]) and the page of runs side by side
//! ([`replay_page`]). The 15-puzzle by IDA* ([`crate::ida`]) goes through it too.

use std::collections::BTreeMap;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use rand::{Rng, SeedableRng};
use searchlab_core::catalog::RandomSource;
use searchlab_core::local::ChaCha8Rng;
use searchlab_trace::local::recording::{LocalRecording, MAX_FRAMES};
use searchlab_trace::record::Recording;
use searchlab_trace::standalone::{export_title, instance_words};
use serde::Serialize;

use crate::error::{shown, RecordError};
use crate::{check_fields, ida, local, Registration, REPLAY_EXPANSION_LIMIT};

/// One run to record: a puzzle's name, a strategy as the puzzle names it, and the instance's
/// fields as text (a local-search puzzle's also its `seed` and `sideways`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ReplayRequest {
    /// A registered puzzle's name, or [`ida::NAME`].
    pub puzzle: String,
    /// The strategy (`B`, `astar`, `hill`).
    pub algorithm: String,
    /// The fields, by name.
    pub fields: BTreeMap<String, String>,
}

impl ReplayRequest {
    /// The field `name`, empty when the request leaves it out.
    fn field(&self, name: &str) -> String {
        self.fields.get(name).cloned().unwrap_or_default()
    }
}

/// A recorded run, as the page replays it: a path search's events or a local search's moves
/// (the latter marked `"kind": "local"`).
#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
pub enum Replay {
    /// A path search (and IDA*).
    Path(Recording),
    /// A local search.
    Local(LocalRecording),
}

impl Replay {
    /// The run's name in a title: its label when it has one, else its strategy's.
    pub fn name(&self) -> &str {
        match self {
            Replay::Path(r) => r.label.as_deref().unwrap_or(r.algorithm),
            Replay::Local(r) => r.algorithm,
        }
    }
}

/// The registered puzzle a request names.
fn registration(name: &str) -> Result<Registration, RecordError> {
    crate::puzzle(name).ok_or_else(|| RecordError::UnknownPuzzle { name: shown(name) })
}

/// The fields a request of the puzzle `name` may set, in form order: the puzzle's, and a
/// local-search puzzle's seed and sideways moves.
pub fn field_names(name: &str) -> Result<Vec<&'static str>, RecordError> {
    if name == ida::NAME {
        return Ok(ida::FIELDS.iter().map(|f| f.name).collect());
    }
    Ok(match registration(name)? {
        Registration::Path(p) => p.fields().iter().map(|f| f.name).collect(),
        Registration::Local(p) => local::field_names(p),
    })
}

/// The most nodes a replay of `algorithm` on the puzzle `name` expands, or moves it records:
/// what a server weighs a request by. A path search's own limit (the 3-digit spec's 1000) or
/// [`REPLAY_EXPANSION_LIMIT`]; a local search's [`MAX_FRAMES`].
pub fn bound(name: &str, algorithm: &str) -> u64 {
    match crate::puzzle(name) {
        Some(Registration::Local(_)) => MAX_FRAMES as u64,
        Some(Registration::Path(p)) => {
            p.strategy(algorithm).ok().and_then(|e| e.options.expansion_limit).unwrap_or(REPLAY_EXPANSION_LIMIT)
        }
        None => REPLAY_EXPANSION_LIMIT,
    }
}

/// Records the run `request` asks for; raising `stop` ends it at its next node or move (a
/// path search that does not end by itself stops after [`REPLAY_EXPANSION_LIMIT`]).
pub fn replay(request: &ReplayRequest, stop: Option<Arc<AtomicBool>>) -> Result<Replay, RecordError> {
    if request.puzzle == ida::NAME {
        if let Some(name) = request.fields.keys().find(|k| *k != "tiles") {
            return Err(RecordError::UnknownField { name: shown(name), puzzle: "15-puzzle", fields: vec!["tiles"] });
        }
        return ida::record(&request.field("tiles"), stop).map(Replay::Path);
    }
    match registration(&request.puzzle)? {
        Registration::Path(p) => {
            check_fields(p, request.fields.keys().map(String::as_str))?;
            let field = |name: &str| request.field(name);
            Ok(Replay::Path(p.record(&field, &request.algorithm, REPLAY_EXPANSION_LIMIT, stop)?))
        }
        Registration::Local(p) => {
            local::record_request(p, &request.algorithm, &request.fields, stop.as_deref()).map(Replay::Local)
        }
    }
}

/// The replay of a `--trace` file's first run (`text`) on the instance `request`'s fields give,
/// drawn by the puzzle itself; `request`'s strategy when the file names none. A local search's
/// trace only: the page reads a path search's trace itself.
pub fn replay_trace(request: &ReplayRequest, text: &str) -> Result<Replay, RecordError> {
    match registration(&request.puzzle)? {
        Registration::Local(p) => local::record_trace_request(p, &request.algorithm, &request.fields, text),
        Registration::Path(p) => Err(RecordError::Refused(format!(
            "the {} is searched for a path: the page replays its trace itself",
            p.title()
        ))),
    }
    .map(Replay::Local)
}

/// A seeded ChaCha8 generator as the puzzles' [`RandomSource`].
struct Seeded(ChaCha8Rng);

impl RandomSource for Seeded {
    fn below(&mut self, bound: u32) -> u32 {
        self.0.random_range(0..bound)
    }
}

/// A random instance of the puzzle `name`, drawn from `seed`, as its fields: one that replays
/// in moments (the puzzle's own [`searchlab_core::catalog::Puzzle::random`]); a local-search
/// puzzle keeps its fields and gets a fresh seed.
pub fn random(name: &str, seed: u64) -> Result<Vec<(&'static str, String)>, RecordError> {
    if name == ida::NAME {
        return Ok(ida::random(seed));
    }
    Ok(match registration(name)? {
        Registration::Path(p) => p.random(&mut Seeded(ChaCha8Rng::seed_from_u64(seed))),
        Registration::Local(_) => vec![("seed", (seed % 1_000_000).to_string())],
    })
}

/// The page replaying `panes` side by side (one puzzle, one run each), as one HTML file that
/// needs no server, titled with the strategies, the puzzle and the first pane's instance.
/// `changed` names the fields where the panes differ (each path-search pane is then labelled
/// with its values); a local search's panes differ by strategy only. `stop` ends the searches.
pub fn replay_page(
    panes: &[ReplayRequest],
    changed: &[&str],
    stop: Option<Arc<AtomicBool>>,
) -> Result<String, RecordError> {
    let Some(first) = panes.first() else {
        return Err(RecordError::Refused("a replay page needs one run at least".into()));
    };
    let kind = (first.puzzle != ida::NAME).then(|| registration(&first.puzzle)).transpose()?;
    if matches!(kind, Some(Registration::Local(_))) && !changed.is_empty() {
        return Err(RecordError::Refused("compare_fields applies to path searches, not to local search".into()));
    }
    let mut replays = panes.iter().map(|pane| replay(pane, stop.clone())).collect::<Result<Vec<_>, _>>()?;
    for (replay, pane) in replays.iter_mut().zip(panes) {
        if let Replay::Path(recording) = replay {
            let values: Vec<(&str, Option<&str>)> =
                changed.iter().map(|&n| (n, pane.fields.get(n).map(String::as_str))).collect();
            recording.label_with(&values);
        }
    }
    let names: Vec<&str> = replays.iter().map(Replay::name).collect();
    let field = |name: &str| first.field(name);
    let title = match kind {
        None => export_title(&names, "15-puzzle", &instance_words(&[("tiles", field("tiles"))])),
        Some(Registration::Path(p)) => {
            let labelled: Vec<(&str, String)> = p.fields().iter().map(|f| (f.label, field(f.name))).collect();
            export_title(&names, p.title(), &instance_words(&labelled))
        }
        Some(Registration::Local(p)) => {
            let seed = match &replays[0] {
                Replay::Local(r) => r.seed,
                Replay::Path(_) => 0,
            };
            local::local_title(p, &field, seed, &names)
        }
    };
    Ok(crate::export::export_page(&title, &replays))
}

#[cfg(test)]
#[path = "replay_tests.rs"]
mod tests;
