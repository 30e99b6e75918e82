//! What went wrong with a run itself, before its output is read: [`RunProblem`], one line
//! each, and the limit a sandboxed run hit (its memory, processes or disk, as its
//! containment saw them, its CPU time, a file's size).

use super::spec::{Exit, RunResult};
use crate::run::contain::{Containment, Limit};
use crate::run::sandbox::format_size;

/// Why a run counts as failed before its output is even read.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum RunProblem {
    /// Killed at the timeout.
    TimedOut {
        /// The timeout, in seconds.
        seconds: f64,
    },
    /// Exited with a non-zero status.
    ExitCode {
        /// The status.
        code: i32,
    },
    /// Ended by a signal it did not get from check's timeout or flood guard.
    Signal {
        /// The signal number.
        signal: i32,
    },
    /// Killed for writing more than the flood limit.
    Flooded,
    /// A sandboxed run that failed saying it could not get memory, or that its containment
    /// stopped for the memory of all its processes.
    OutOfMemory {
        /// The memory it was given, in bytes.
        bytes: u64,
        /// What summed its processes' memory, when that is what stopped it.
        held_by: Option<Containment>,
    },
    /// A sandboxed run killed by `SIGXCPU`: its CPU time limit.
    CpuTime {
        /// The CPU seconds it was given.
        seconds: u64,
    },
    /// A sandboxed run that failed when it could start no more processes.
    Processes {
        /// The processes it was given.
        count: u64,
        /// What counted them: a control group (or, without one, its user's process limit).
        held_by: Option<Containment>,
    },
    /// A sandboxed run that failed when its folder was full (or a file reached its limit).
    Disk {
        /// The bytes its folder was given.
        bytes: u64,
        /// What held the folder's size, when that is what stopped it.
        held_by: Option<Containment>,
    },
    /// stdout or stderr exceeded the cap; only part of it was kept.
    OutputTruncated {
        /// `stdout` or `stderr`.
        stream: &'static str,
    },
}

impl std::fmt::Display for RunProblem {
    /// One line in plain words.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RunProblem::TimedOut { seconds } => write!(f, "did not finish within the {seconds} s it was given"),
            RunProblem::ExitCode { code } => write!(f, "exited with status {code}"),
            RunProblem::Signal { signal } => match signal_name(*signal) {
                Some(name) => write!(f, "was killed by signal {signal} ({name})"),
                None => write!(f, "was killed by signal {signal}"),
            },
            RunProblem::Flooded => write!(f, "wrote far too much output and was stopped"),
            RunProblem::OutOfMemory { bytes, held_by } => {
                write!(f, "ran out of the {} of memory it was given", format_size(*bytes))?;
                held(f, held_by, "all its processes together, held by")
            }
            RunProblem::CpuTime { seconds } => write!(f, "used up its CPU time ({seconds} s) and was stopped"),
            RunProblem::Processes { count, held_by } => {
                write!(f, "tried to run more than the {count} processes it was given")?;
                held(f, held_by, "counted by")
            }
            RunProblem::Disk { bytes, held_by } => {
                write!(f, "wrote more than the {} of disk it was given", format_size(*bytes))?;
                held(f, held_by, "all its files together, held by")
            }
            RunProblem::OutputTruncated { stream } => write!(f, "output truncated: {stream} exceeded the cap"),
        }
    }
}

/// ` (WORDS cgroup v1)`: what held the limit, when the containment says.
fn held(f: &mut std::fmt::Formatter<'_>, by: &Option<Containment>, words: &str) -> std::fmt::Result {
    match by {
        Some(by) => write!(f, " ({words} {by})"),
        None => Ok(()),
    }
}

impl RunProblem {
    /// What stopped the run, in one machine-readable word: `timeout`, `memory`, `cpu-time`,
    /// `processes`, `disk`, `crash` (a non-zero exit or a signal), `flood` or `truncated`.
    pub fn kind(&self) -> &'static str {
        match self {
            RunProblem::TimedOut { .. } => "timeout",
            RunProblem::ExitCode { .. } | RunProblem::Signal { .. } => "crash",
            RunProblem::Flooded => "flood",
            RunProblem::OutOfMemory { .. } => "memory",
            RunProblem::CpuTime { .. } => "cpu-time",
            RunProblem::Processes { .. } => "processes",
            RunProblem::Disk { .. } => "disk",
            RunProblem::OutputTruncated { .. } => "truncated",
        }
    }
}

/// What the usual signals that end a crashing program mean.
fn signal_name(signal: i32) -> Option<&'static str> {
    match signal {
        libc::SIGSEGV => Some("segmentation fault"),
        libc::SIGABRT => Some("aborted"),
        libc::SIGFPE => Some("arithmetic error"),
        libc::SIGBUS => Some("bus error"),
        libc::SIGKILL => Some("killed"),
        libc::SIGTERM => Some("terminated"),
        libc::SIGXCPU => Some("CPU time limit"),
        libc::SIGXFSZ => Some("file size limit"),
        _ => None,
    }
}

impl RunResult {
    /// What went wrong with the run itself, in order of importance; empty for a clean exit.
    pub fn problems(&self) -> Vec<RunProblem> {
        let mut problems = Vec::new();
        if self.timed_out {
            problems.push(RunProblem::TimedOut { seconds: self.timeout.as_secs_f64() });
        } else if self.flooded {
            problems.push(RunProblem::Flooded);
        } else if let Some(problem) = self.limit_problem() {
            problems.push(problem);
        } else {
            match self.exit {
                Exit::Code(0) => {}
                Exit::Code(code) => problems.push(RunProblem::ExitCode { code }),
                Exit::Signal(signal) => problems.push(RunProblem::Signal { signal }),
            }
        }
        for (stream, c) in [("stdout", &self.stdout), ("stderr", &self.stderr)] {
            if c.truncated {
                problems.push(RunProblem::OutputTruncated { stream });
            }
        }
        problems
    }

    /// The sandbox limit a failed sandboxed run hit: the run's memory, processes or disk as
    /// its containment saw them, `SIGXCPU`, `SIGXFSZ`, or an out-of-memory or full-disk
    /// message at the end of stderr.
    fn limit_problem(&self) -> Option<RunProblem> {
        let limits = self.limits?;
        let stderr = self.stderr.text.to_lowercase();
        let memory = RunProblem::OutOfMemory { bytes: limits.memory, held_by: None };
        let disk = RunProblem::Disk { bytes: limits.disk, held_by: None };
        let held_by = self.containment;
        match (self.exit, self.limit) {
            (Exit::Code(0), _) => None,
            (_, Some(Limit::Memory)) => Some(RunProblem::OutOfMemory { bytes: limits.memory, held_by }),
            (_, Some(Limit::Processes)) => Some(RunProblem::Processes { count: limits.processes, held_by }),
            (_, Some(Limit::Disk)) => Some(RunProblem::Disk { bytes: limits.disk, held_by: self.disk_containment }),
            (Exit::Signal(libc::SIGXCPU), _) => Some(RunProblem::CpuTime { seconds: limits.cpu_seconds }),
            (Exit::Signal(libc::SIGXFSZ), _) => Some(disk),
            _ if OUT_OF_MEMORY.iter().any(|m| stderr.contains(m)) => Some(memory),
            _ if stderr.contains("no space left on device") => Some(disk),
            _ => None,
        }
    }
}

/// What programs print when they cannot get memory (compared in lower case).
const OUT_OF_MEMORY: [&str; 5] =
    ["memoryerror", "outofmemoryerror", "std::bad_alloc", "cannot allocate memory", "out of memory"];
