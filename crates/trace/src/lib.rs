#![deny(missing_docs)]
//! # searchlab-trace
//!
//! What a search leaves behind, all taken from the engine's [`searchlab_core::Observer`]
//! (nothing here runs a second copy of an algorithm), and the page that replays it:
//!
//! - [`trace`]: every event as one JSON object per line (JSON Lines), the format of
//!   `--trace FILE` (see `docs/trace.md`).
//! - [`compact`] and [`schema`]: a recording for the replay page in tables of states and
//!   moves, and the one table of its event codes that the page decodes by; [`decode`] the
//!   same decoding in Rust, for tests.
//! - [`record`]: one path search recorded for the page ([`record::Recording`]).
//! - [`local`]: the same two for local search: a run recorded move by move for the page, and
//!   its `--trace` file, written and read back.
//! - [`measure`]: one run as a report counts it (statistics, nodes held).
//! - [`search_run`]: one search as `searchlab search` reports it (path, cost, selected
//!   states), collected from the events; [`rules`]: a strategy's rule in one line.
//! - [`assets`] and [`standalone`]: the replay page's files, and an exported page that
//!   carries its recordings and replays them with no server.
//!
//! Which puzzles exist is not known here: that is `searchlab-registry`'s list.

pub mod assets;
pub mod compact;
pub mod decode;
pub mod local;
pub mod measure;
pub mod record;
pub mod rules;
pub mod schema;
pub mod search_run;
pub mod standalone;
pub mod trace;

pub use searchlab_core::catalog::Describe;
pub use trace::{Recorder, TraceDiscard, TraceEvent, TraceWriter, Tracer};
