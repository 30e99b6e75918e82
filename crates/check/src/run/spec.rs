//! What a run is asked (its settings, its values and input) and what it gives back (its
//! exit, its captured streams, the files it left).

use std::path::PathBuf;
use std::time::Duration;

use crate::run::capture::Captured;
use crate::run::contain::{Containment, Limit};
use crate::run::files::FoundFile;
use crate::run::sandbox::{Sandbox, SandboxLimits};
use crate::Values;

/// The name of the input file check writes into each run's folder (`{file}`).
pub const INPUT_FILE_NAME: &str = "input.txt";

/// How programs are run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunConfig {
    /// Wall-clock time a run may take before its process group is killed.
    pub timeout: Duration,
    /// Bytes kept of stdout (its beginning), of stderr (its end) and of each file read back.
    pub output_cap: usize,
    /// Bytes on one stream after which the program is killed as flooding.
    pub flood_limit: u64,
    /// The folder relative paths of the template are resolved against (the user's folder).
    pub base_dir: PathBuf,
    /// Where the temporary run folders are made (`None`: the system's temporary folder).
    pub temp_root: Option<PathBuf>,
    /// The sandbox each run is contained in (`None`: the program runs as check's user).
    pub sandbox: Option<Sandbox>,
    /// Without the sandbox too, give each run a control group of its own where one can be
    /// made, so that every process it starts (a daemon that left its process group too) ends
    /// with it and on an interrupt. `grade` sets it; a sandboxed run always has one. Joining
    /// a group costs a wait of about 14 ms a run (the kernel's migration waits for an RCU
    /// grace period), so a plain `check` ends only the run's process group.
    pub group_unsandboxed: bool,
}

impl Default for RunConfig {
    /// 10 s, 1 MiB kept per stream, killed beyond 64 MiB, relative to the current folder.
    fn default() -> RunConfig {
        RunConfig {
            timeout: Duration::from_secs(10),
            output_cap: 1 << 20,
            flood_limit: 64 << 20,
            base_dir: std::env::current_dir().unwrap_or_else(|_| PathBuf::from(".")),
            temp_root: None,
            sandbox: None,
            group_unsandboxed: false,
        }
    }
}

/// One run to make: the placeholder values and, for `{file}`, the input file's contents.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RunSpec {
    /// Values of `{method}`, `{board}` and `{letter}` (`{file}` is set by the runner).
    pub values: Values,
    /// Contents of the input file written as [`INPUT_FILE_NAME`] into the run's folder.
    pub input: Option<Vec<u8>>,
}

/// How the program ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind", content = "value")]
pub enum Exit {
    /// It exited with this status code.
    Code(i32),
    /// A signal ended it (9 when check killed it).
    Signal(i32),
}

/// Everything observed of one run. Serialisable for `--json`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct RunResult {
    /// The arguments the program received (program first).
    pub argv: Vec<String>,
    /// How it ended.
    pub exit: Exit,
    /// Whether check killed it at the timeout.
    pub timed_out: bool,
    /// Whether check killed it for writing more than the flood limit.
    pub flooded: bool,
    /// The timeout it was given.
    #[serde(serialize_with = "crate::serde_util::seconds")]
    pub timeout: Duration,
    /// Wall-clock time from start to exit.
    #[serde(serialize_with = "crate::serde_util::seconds")]
    pub wall_time: Duration,
    /// The beginning of stdout.
    pub stdout: Captured,
    /// The end of stderr.
    pub stderr: Captured,
    /// The files left in the run's folder (the input file excepted).
    pub files: Vec<FoundFile>,
    /// The sandbox's limits, when the run was sandboxed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limits: Option<SandboxLimits>,
    /// The limit of the run as a whole that stopped it (memory, processes, disk), if one did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<Limit>,
    /// What held the sandboxed run's memory limit: a control group, or a supervisor.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub containment: Option<Containment>,
    /// What held the sandboxed run's disk limit: a tmpfs of its own, or a supervisor.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub disk_containment: Option<Containment>,
    /// The most memory the run held at once, where a control group kept it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub peak_memory: Option<u64>,
    /// The processor time its processes had used when it was stopped at the time limit
    /// (`None` when it was not, or where the system cannot tell).
    #[serde(skip_serializing_if = "Option::is_none", serialize_with = "crate::serde_util::some_seconds")]
    pub cpu_at_stop: Option<Duration>,
}

/// The share of its time limit a stopped run must have computed for to count as kept busy.
const BUSY_SHARE: f64 = 0.9;

impl RunResult {
    /// Whether the run was stopped at its time limit after computing for nearly all of it
    /// (90 %): the runs beside it did not keep it waiting, so alone it would be stopped too.
    pub fn kept_busy(&self) -> bool {
        self.timed_out
            && self.cpu_at_stop.is_some_and(|cpu| cpu.as_secs_f64() >= BUSY_SHARE * self.timeout.as_secs_f64())
    }

    /// The file `name` the program left, or else one whose name differs only in case
    /// (`Output.txt` for `output.txt`); `None` when there is neither.
    pub fn find_file(&self, name: &str) -> Option<&FoundFile> {
        self.files
            .iter()
            .find(|f| f.name == name)
            .or_else(|| self.files.iter().find(|f| f.name.eq_ignore_ascii_case(name)))
    }
}
