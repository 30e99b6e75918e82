//! What a local search leaves behind, from the engine's [`searchlab_core::local::LocalObserver`]
//! as a path search's comes from its observer: one run recorded move by move for the replay
//! page, each state drawn by the puzzle itself ([`recording`]), and every run of a
//! `searchlab search … --trace` as JSON Lines, written and read back ([`trace_file`]).

pub mod recording;
pub mod trace_file;
