//! Watching one run: the program started in its container, its streams read by threads,
//! killed with every process it started at the timeout or on a flood, and its end read.

use std::os::unix::process::{CommandExt as _, ExitStatusExt as _};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use super::spec::{Exit, RunConfig, RunResult};
use crate::run::capture::{capture, Captured, Keep, StreamEvent};
use crate::run::contain::{join, Container, Seen};
use crate::run::cpu::tree_cpu_time;
use crate::run::group::{kill_group, wait_exit_keeping_zombie};
use crate::run::sandbox::Sandbox;
use crate::RunError;

/// Messages to the supervising thread of one run.
#[derive(Debug)]
pub(crate) enum Event {
    /// The program's main process exited (not yet reaped).
    Exited,
    /// A stream reader's news.
    Stream(StreamEvent),
}

impl From<StreamEvent> for Event {
    fn from(event: StreamEvent) -> Self {
        Event::Stream(event)
    }
}

/// How long the readers may take to finish after the process group is gone.
const READER_GRACE: Duration = Duration::from_secs(2);

/// Runs `argv` from `dir` in `container` and watches it to its end.
pub(super) fn supervise(
    argv: &[std::ffi::OsString],
    dir: &Path,
    config: &RunConfig,
    container: &mut Container,
    uid: Option<u32>,
) -> Result<RunResult, RunError> {
    let mut command = match &config.sandbox {
        Some(sandbox) => sandbox.command(argv, dir, &config.base_dir, uid).map_err(RunError::Sandbox)?,
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
    let fds = container.join_fds();
    // SAFETY: the closure runs in the forked child before exec and only writes to
    // descriptors opened before the fork (`join`: write(2), no allocation, no lock).
    unsafe {
        command.pre_exec(move || join(&fds));
    }
    let start = Instant::now();
    let program = argv[0].to_string_lossy().into_owned();
    let mut child = command.spawn().map_err(|source| RunError::Spawn { program, source })?;
    let pid = child.id() as libc::pid_t;
    container.started(pid);
    let rx = read_streams(&mut child, config);
    let mut watched = watch(&rx, pid, start, config.timeout, container);
    // The main process is a zombie now, so its group id still names only its own group:
    // stop whatever it left behind, then reap it.
    container.kill_all();
    kill_group(pid);
    container.reaping();
    let status = child.wait().ok();
    let seen: Seen = container.finish();
    let grace = Instant::now() + READER_GRACE;
    while watched.captured.iter().any(Option::is_none) {
        match rx.recv_timeout(grace.saturating_duration_since(Instant::now())) {
            Ok(Event::Stream(StreamEvent::Done(i, c))) => watched.captured[i] = Some(c),
            Ok(_) => {}
            Err(_) => break,
        }
    }
    let [stdout, stderr] = watched.captured.map(|c| c.unwrap_or(Captured { truncated: true, ..Captured::default() }));
    Ok(RunResult {
        argv: argv.iter().map(|a| a.to_string_lossy().into_owned()).collect(),
        exit: exit_of(status, config.sandbox.is_some()),
        timed_out: watched.timed_out,
        flooded: watched.flooded,
        timeout: config.timeout,
        wall_time: watched.wall_time,
        stdout,
        stderr,
        files: Vec::new(),
        limits: config.sandbox.as_ref().map(Sandbox::limits),
        limit: seen.limit,
        containment: seen.containment,
        disk_containment: seen.disk_containment,
        peak_memory: seen.peak_memory,
        cpu_at_stop: watched.cpu_at_stop,
    })
}

/// Starts a thread reading each of the child's streams and one waiting for its exit (leaving
/// it a zombie); their news comes on the channel returned.
fn read_streams(child: &mut std::process::Child, config: &RunConfig) -> mpsc::Receiver<Event> {
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
    std::thread::spawn(move || {
        wait_exit_keeping_zombie(pid);
        let _ = tx.send(Event::Exited);
    });
    rx
}

/// What watching a run until its main process exited saw.
struct Watched {
    timed_out: bool,
    flooded: bool,
    captured: [Option<Captured>; 2],
    wall_time: Duration,
    /// The processor time its processes had used when the time limit stopped it.
    cpu_at_stop: Option<Duration>,
}

/// Waits for the run's main process to exit, killing the run at `timeout` or on a flood.
fn watch(
    rx: &mpsc::Receiver<Event>,
    pid: libc::pid_t,
    start: Instant,
    timeout: Duration,
    container: &Container,
) -> Watched {
    // A timeout too large to add to a point in time means no timeout.
    let deadline = start.checked_add(timeout);
    let mut w = Watched {
        timed_out: false,
        flooded: false,
        captured: [None, None],
        wall_time: Duration::ZERO,
        cpu_at_stop: None,
    };
    let mut killed = false;
    loop {
        let event = match deadline {
            Some(deadline) if !killed => rx.recv_timeout(deadline.saturating_duration_since(Instant::now())),
            _ => rx.recv().map_err(|_| RecvTimeoutError::Disconnected),
        };
        match event {
            Ok(Event::Exited) | Err(RecvTimeoutError::Disconnected) => {
                w.wall_time = start.elapsed();
                return w;
            }
            Ok(Event::Stream(StreamEvent::Done(i, c))) => w.captured[i] = Some(c),
            Ok(Event::Stream(StreamEvent::Flooded)) if killed => {}
            Ok(Event::Stream(StreamEvent::Flooded)) | Err(RecvTimeoutError::Timeout) => {
                match event {
                    Err(_) => {
                        w.timed_out = true;
                        w.cpu_at_stop = tree_cpu_time(pid);
                    }
                    Ok(_) => w.flooded = true,
                }
                killed = true;
                container.kill_all();
                kill_group(pid);
            }
        }
    }
}

/// How the run ended, from its main process's status (bwrap exits with 128 + the signal
/// that ended the program).
fn exit_of(status: Option<std::process::ExitStatus>, sandboxed: bool) -> Exit {
    let exit = match status.map(|s| (s.code(), s.signal())) {
        Some((Some(code), _)) => Exit::Code(code),
        Some((None, Some(signal))) => Exit::Signal(signal),
        _ => Exit::Signal(0),
    };
    match exit {
        Exit::Code(code @ 129..=192) if sandboxed => Exit::Signal(code - 128),
        exit => exit,
    }
}
