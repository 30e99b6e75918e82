#![deny(missing_docs)]
//! # searchlab-viz
//!
//! Three ways to see a search, all built on the engine's [`searchlab_core::Observer`]:
//! nothing here runs a second copy of an algorithm.
//!
//! - [`trace`]: every engine event as one JSON object per line (JSON Lines), the format of
//!   `--trace FILE` and of the web app's recordings (see `docs/trace.md`).
//! - [`report`]: batch runs over random instances grouped by solution depth, as Markdown,
//!   CSV and SVG plots.
//! - [`serve`]: a local web app that records searches and replays them in the browser.
//!   [`serve_guard`] keeps it answering under load (bounded searches, timeouts, `Host` check).
//! - [`class_page`]: `searchlab grade`'s class report as a self-contained HTML page with
//!   plots (also written as SVG and PNG files), from searchlab-check's `ClassSummary`.
//! - [`registry`]: the registered puzzles ([`registry::PUZZLES`]) that all of them, and
//!   the command line, iterate over; [`search_run`]: one search of any of them as
//!   `searchlab search` reports it (path, cost, selected states), collected from the events.

pub mod assets;
pub mod class_page;
pub mod compact;
#[cfg(feature = "server")]
pub mod compare;
#[cfg(feature = "server")]
pub mod export;
pub mod ida;
pub mod listing;
pub mod local_listing;
pub mod local_record;
pub mod local_registry;
pub mod local_trace;
pub mod record;
pub mod registry;
pub mod report;
pub mod rules;
pub mod schema;
pub mod search_run;
#[cfg(feature = "server")]
pub mod serve;
#[cfg(feature = "server")]
pub mod serve_guard;
#[cfg(feature = "server")]
pub mod serve_local;
pub mod standalone;
pub mod trace;

/// The progress-bar crate the reports draw with, for callers that make the bar.
pub use indicatif;

pub use searchlab_core::catalog::Describe;
pub use trace::{Recorder, TraceDiscard, TraceEvent, TraceWriter, Tracer};
