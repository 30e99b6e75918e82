//! The clocks a per-instance time limit is measured on: wall-clock time, or the CPU time of
//! the searching thread (of the process for a parallel search), read from Linux's `/proc`.

use std::path::PathBuf;
use std::time::Duration;

use serde::{Deserialize, Serialize};

/// The clock a per-instance time limit is measured on.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LimitClock {
    /// Wall-clock time since the instance's search started (`"wall"`).
    #[default]
    Wall,
    /// CPU time the search has used since it started (`"cpu"`): the searching thread's (Linux
    /// `/proc/<pid>/task/<tid>/schedstat`), the whole process's for a `parallel` solver (Linux
    /// `/proc/self/stat`, 10 ms ticks). Time the thread waits for a core while other work runs
    /// does not count, so a limit can be measured on a shared machine. Where that CPU time cannot
    /// be read (not Linux), the limit falls back to wall-clock time and the record says `wall`.
    Cpu,
}

/// Where the CPU time of a search is read, from any thread (Linux `/proc`).
#[derive(Debug)]
pub(super) enum CpuClock {
    /// One thread's `schedstat` file: its first field is the thread's CPU time in nanoseconds.
    Thread(PathBuf),
    /// The whole process (a parallel search runs on every core).
    Process,
}

impl CpuClock {
    /// The clock of the calling thread (of the process when `parallel`); `None` when it cannot be
    /// read.
    pub(super) fn of_this_thread(parallel: bool) -> Option<CpuClock> {
        let clock = if parallel {
            CpuClock::Process
        } else {
            // The link reads "<pid>/task/<tid>", relative to /proc.
            let task = std::fs::read_link("/proc/thread-self").ok()?;
            CpuClock::Thread(PathBuf::from("/proc").join(task).join("schedstat"))
        };
        clock.used().map(|_| clock)
    }

    /// The CPU time used so far.
    pub(super) fn used(&self) -> Option<Duration> {
        match self {
            CpuClock::Thread(path) => {
                let s = std::fs::read_to_string(path).ok()?;
                let ns: u64 = s.split_whitespace().next()?.parse().ok()?;
                Some(Duration::from_nanos(ns))
            }
            CpuClock::Process => process_cpu_time(),
        }
    }
}

/// CPU time of the whole process (Linux `/proc/self/stat`, 100 ticks per second).
fn process_cpu_time() -> Option<Duration> {
    let s = std::fs::read_to_string("/proc/self/stat").ok()?;
    let rest = s.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let utime: u64 = fields.get(11)?.parse().ok()?;
    let stime: u64 = fields.get(12)?.parse().ok()?;
    Some(Duration::from_millis((utime + stime) * 10))
}
