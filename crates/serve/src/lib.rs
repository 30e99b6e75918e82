#![deny(missing_docs)]
//! # searchlab-serve
//!
//! The replay web app of `searchlab serve`: it records searches of the registered puzzles
//! (through `searchlab-registry`, compacted by `searchlab-trace`) and replays them in the
//! browser. Nothing here runs a second copy of an algorithm.
//!
//! - [`api`]: the requests, the recording of one, and the refusals every route answers;
//! - [`serve`]: the HTTP server and its routes, the same for every registered puzzle (path
//!   or local search): each asks the registry's replay door.
//! - [`serve_guard`]: keeps it answering under load (bounded searches, timeouts, `Host`
//!   check).
//! - [`compare`]: "paste your output", read by the checker's lenient readers and compared
//!   with the recording; [`export`]: the replay on the screen as one HTML file.

pub mod api;
pub mod compare;
pub mod export;
pub mod serve;
pub mod serve_guard;
