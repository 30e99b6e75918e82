//! Running a program once: a fresh temporary folder, stdin closed, output capped, and a
//! timeout that kills the program with every process it started.

use std::os::unix::process::{CommandExt as _, ExitStatusExt as _};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use crate::capture::{capture, Captured, Keep, StreamEvent};
use crate::files::{collect_files, FoundFile};
use crate::group::{kill_group, wait_exit_keeping_zombie};
use crate::sandbox::{format_size, Sandbox, SandboxLimits};
use crate::{CommandTemplate, RunError, Values};

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
}

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
    /// A sandboxed run that failed saying it could not get memory.
    OutOfMemory {
        /// The memory it was given, in bytes.
        bytes: u64,
    },
    /// A sandboxed run killed by `SIGXCPU`: its CPU time limit.
    CpuTime {
        /// The CPU seconds it was given.
        seconds: u64,
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
            RunProblem::OutOfMemory { bytes } => {
                write!(f, "ran out of the {} of memory it was given", format_size(*bytes))
            }
            RunProblem::CpuTime { seconds } => write!(f, "used up its CPU time ({seconds} s) and was stopped"),
            RunProblem::OutputTruncated { stream } => write!(f, "output truncated: {stream} exceeded the cap"),
        }
    }
}

impl RunProblem {
    /// What stopped the run, in one machine-readable word: `timeout`, `memory`, `cpu-time`,
    /// `crash` (a non-zero exit or a signal), `flood` or `truncated`.
    pub fn kind(&self) -> &'static str {
        match self {
            RunProblem::TimedOut { .. } => "timeout",
            RunProblem::ExitCode { .. } | RunProblem::Signal { .. } => "crash",
            RunProblem::Flooded => "flood",
            RunProblem::OutOfMemory { .. } => "memory",
            RunProblem::CpuTime { .. } => "cpu-time",
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

    /// The sandbox limit a failed sandboxed run hit: `SIGXCPU`, or an out-of-memory message
    /// at the end of stderr.
    fn limit_problem(&self) -> Option<RunProblem> {
        let limits = self.limits?;
        let stderr = self.stderr.text.to_lowercase();
        match self.exit {
            Exit::Code(0) => None,
            Exit::Signal(libc::SIGXCPU) => Some(RunProblem::CpuTime { seconds: limits.cpu_seconds }),
            _ if OUT_OF_MEMORY.iter().any(|m| stderr.contains(m)) => {
                Some(RunProblem::OutOfMemory { bytes: limits.memory })
            }
            _ => None,
        }
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

/// What programs print when they cannot get memory (compared in lower case).
const OUT_OF_MEMORY: [&str; 5] =
    ["memoryerror", "outofmemoryerror", "std::bad_alloc", "cannot allocate memory", "out of memory"];

/// Messages to the supervising thread of one run.
#[derive(Debug)]
pub(crate) enum Event {
    /// The program's main process exited (not yet reaped).
    Exited,
    /// A stream reader's news.
    Stream(StreamEvent),
}

/// How long the readers may take to finish after the process group is gone.
const READER_GRACE: Duration = Duration::from_secs(2);

/// Runs `template` once with `spec` in a fresh temporary folder (removed afterwards).
pub fn run_once(template: &CommandTemplate, spec: &RunSpec, config: &RunConfig) -> Result<RunResult, RunError> {
    let mut builder = tempfile::Builder::new();
    builder.prefix("searchlab-check-");
    let dir = match &config.temp_root {
        Some(root) => builder.tempdir_in(root),
        None => builder.tempdir(),
    }
    .map_err(RunError::TempDir)?;
    let mut values = spec.values.clone();
    if values.dir.is_none() {
        values.dir = Some(
            std::path::absolute(&config.base_dir)
                .unwrap_or_else(|_| config.base_dir.clone())
                .to_string_lossy()
                .into_owned(),
        );
    }
    if let Some(input) = &spec.input {
        let path = dir.path().join(INPUT_FILE_NAME);
        std::fs::write(&path, input).map_err(RunError::TempDir)?;
        values.file = Some(path.to_string_lossy().into_owned());
    }
    let argv = template.argv(&values, &config.base_dir)?;
    let mut result = supervise(&argv, dir.path(), config)?;
    let skip = spec.input.as_ref().map(|_| INPUT_FILE_NAME);
    result.files = collect_files(dir.path(), skip, config.output_cap);
    Ok(result)
}

fn supervise(argv: &[std::ffi::OsString], dir: &Path, config: &RunConfig) -> Result<RunResult, RunError> {
    let program = argv[0].to_string_lossy().into_owned();
    let mut command = match &config.sandbox {
        Some(sandbox) => sandbox.command(argv, dir, &config.base_dir).map_err(RunError::Sandbox)?,
        None => {
            let mut command = Command::new(&argv[0]);
            command.args(&argv[1..]).current_dir(dir);
            command
        }
    };
    command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .process_group(0);
    let start = Instant::now();
    let mut child = command.spawn().map_err(|source| RunError::Spawn { program, source })?;
    let pid = child.id() as libc::pid_t;
    let (tx, rx) = mpsc::channel();
    let streams = [
        (child.stdout.take().map(|s| Box::new(s) as Box<dyn std::io::Read + Send>), Keep::Head),
        (child.stderr.take().map(|s| Box::new(s) as Box<dyn std::io::Read + Send>), Keep::Tail),
    ];
    for (index, (stream, keep)) in streams.into_iter().enumerate() {
        let Some(stream) = stream else { continue };
        let (tx, cap, flood) = (tx.clone(), config.output_cap, config.flood_limit);
        std::thread::spawn(move || capture(stream, keep, cap, flood, index, tx));
    }
    let waiter = tx.clone();
    std::thread::spawn(move || {
        wait_exit_keeping_zombie(pid);
        let _ = waiter.send(Event::Exited);
    });
    drop(tx);

    // A timeout too large to add to a point in time means no timeout.
    let deadline = start.checked_add(config.timeout);
    let (mut timed_out, mut flooded, mut killed) = (false, false, false);
    let mut captured: [Option<Captured>; 2] = [None, None];
    let mut wall_time = None;
    while wall_time.is_none() {
        let event = match deadline {
            Some(deadline) if !killed => rx.recv_timeout(deadline.saturating_duration_since(Instant::now())),
            _ => rx.recv().map_err(|_| RecvTimeoutError::Disconnected),
        };
        match event {
            Ok(Event::Exited) | Err(RecvTimeoutError::Disconnected) => wall_time = Some(start.elapsed()),
            Ok(Event::Stream(StreamEvent::Flooded)) if !killed => {
                flooded = true;
                killed = true;
                kill_group(pid);
            }
            Ok(Event::Stream(StreamEvent::Flooded)) => {}
            Ok(Event::Stream(StreamEvent::Done(i, c))) => captured[i] = Some(c),
            Err(RecvTimeoutError::Timeout) => {
                timed_out = true;
                killed = true;
                kill_group(pid);
            }
        }
    }
    // The main process is a zombie now, so its group id still names only its own group:
    // stop whatever it left behind, then reap it.
    kill_group(pid);
    let status = child.wait().ok();
    let grace = Instant::now() + READER_GRACE;
    while captured.iter().any(Option::is_none) {
        match rx.recv_timeout(grace.saturating_duration_since(Instant::now())) {
            Ok(Event::Stream(StreamEvent::Done(i, c))) => captured[i] = Some(c),
            Ok(_) => {}
            Err(_) => break,
        }
    }
    let exit = match status {
        Some(s) => match (s.code(), s.signal()) {
            (Some(code), _) => Exit::Code(code),
            (None, Some(signal)) => Exit::Signal(signal),
            (None, None) => Exit::Signal(0),
        },
        None => Exit::Signal(0),
    };
    let exit = match exit {
        // bwrap exits with 128 + the signal that ended the program.
        Exit::Code(code @ 129..=192) if config.sandbox.is_some() => Exit::Signal(code - 128),
        exit => exit,
    };
    let [stdout, stderr] = captured.map(|c| c.unwrap_or(Captured { truncated: true, ..Captured::default() }));
    Ok(RunResult {
        argv: argv.iter().map(|a| a.to_string_lossy().into_owned()).collect(),
        exit,
        timed_out,
        flooded,
        timeout: config.timeout,
        wall_time: wall_time.unwrap_or_default(),
        stdout,
        stderr,
        files: Vec::new(),
        limits: config.sandbox.as_ref().map(Sandbox::limits),
    })
}

#[cfg(test)]
#[path = "run_tests.rs"]
mod tests;
