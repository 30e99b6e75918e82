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
//! - [`describe`]: how a puzzle's states and moves appear in a trace.
//! - [`serve`]: a local web app that records searches and replays them in the browser.
//! - [`npuzzle`]: the N-puzzle driver's searches with an observer.

pub mod describe;
pub mod npuzzle;
pub mod report;
pub mod serve;
pub mod trace;

/// The progress-bar crate the reports draw with, for callers that make the bar.
pub use indicatif;

pub use describe::{Describe, DigitsState};
pub use trace::{Recorder, TraceDiscard, TraceEvent, TraceWriter, Tracer};
