//! Stage 1, running a program safely: its command line filled in without a shell, refused
//! before any run when it cannot work, then each run in a fresh folder, sandboxed,
//! contained as a whole, timed and capped, many at a time.

pub(crate) mod batch;
pub(crate) mod capture;
pub mod contain;
mod cpu;
pub(crate) mod error;
pub(crate) mod files;
pub(crate) mod group;
pub(crate) mod once;
pub(crate) mod preflight;
mod problem;
pub(crate) mod sandbox;
pub(crate) mod spec;
mod supervise;
pub(crate) mod template;

pub use problem::RunProblem;
