//! Iterative-deepening A* (Korf 1985) on a compact board: moves are applied and undone in place,
//! the parent is never regenerated (the inverse of the move that led to a node is skipped; with a
//! [`MoveFsm`], no path containing a forbidden move string is searched either), and the heuristic
//! is updated incrementally from the parent's state.
//!
//! | file | job |
//! |---|---|
//! | `fsm.rs` | [`MoveFsm`]: duplicate-path pruning (Taylor & Korf), the move strings a path may not contain |
//! | `report.rs` | what a search is given ([`IdaConfig`]) and returns ([`IdaReport`]) |
//! | `search.rs` | the one expansion loop, shared by every entry point |
//! | `search/prune.rs`, `search/poll.rs`, `search/bpmx.rs` | the pruning rule as a type (no automaton code in a loop without one), the per-node expansion count and poll, the loop's BPMX variant |
//! | `sequential.rs` | [`ida_star`] and [`ida_star_observed`]: the iterations on one thread |
//! | `parallel.rs` | [`ida_star_parallel`]: each iteration's subtrees on all rayon threads |
//! | `progress.rs` | [`IdaProgress`]: what a search tells a display, between iterations and every [`PROGRESS_PERIOD`] expansions |
//! | `observer.rs` | [`IdaObserver`], the compile-time hook into the loop |
//! | `tracer.rs` | [`IdaTracer`]: node ids and the user's tiles, as trace lines ([`IdaTraceEvent`], core's `TraceEvent`) |

mod fsm;
mod observer;
mod parallel;
mod progress;
mod report;
mod search;
mod sequential;
mod tracer;

#[cfg(test)]
mod tests;

pub use fsm::{fsm_path, MoveFsm, DEAD, MAX_FSM_DEPTH};
pub use observer::{IdaObserver, NoIdaObserver};
pub use parallel::ida_star_parallel;
pub use progress::{IdaProgress, ProgressFn, ProgressStage, PROGRESS_PERIOD};
pub use report::{Counts, IdaConfig, IdaOutcome, IdaReport};
pub use sequential::{ida_star, ida_star_observed};
pub use tracer::{IdaTraceEvent, IdaTracer, TraceStop};
