//! Batches of instances, as `searchlab bench` runs them: several at once (one per core), one
//! interleaved shard of a suite, a per-instance time limit, and a resume file that lets a killed
//! or split run be continued and merged.
//!
//! | file | job |
//! |---|---|
//! | `shard.rs` | [`Shard`]: `K/N`, every Nth instance from the (0-based) Kth |
//! | `record.rs` | [`InstanceRecord`] (one finished instance) and the [`ResumeLog`] file of them |
//! | `clock.rs` | [`LimitClock`]: wall-clock or CPU time, the clock a time limit is measured on |
//! | `run.rs` | [`run_batch`]: the worker threads, the time limit and the stop flags; [`run_batch_reporting`] with progress |

mod clock;
mod record;
mod run;
mod shard;

pub use clock::LimitClock;
pub use record::{parse_records, settled, InstanceRecord, InstanceStatus, Limits, ResumeLog};
pub use run::{run_batch, run_batch_reporting, BatchConfig, BatchEnd, BatchProgressFn};
pub use shard::Shard;
