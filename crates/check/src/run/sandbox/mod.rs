//! Containing an untrusted program with bubblewrap (`bwrap`): no network, a file system
//! made of an allow list ([`mounts`]: the system's folders read-only, the student's own
//! copy, the run's folder the only writable one, the answer keys masked), resource limits,
//! and a PID namespace so that every process the program started (daemons that called
//! `setsid` too) ends with it. The limits summed over a run's processes (memory, process
//! count, disk) are held by its container (`crate::run::contain`); this module sets the limits
//! of each process (CPU time, file size) as a second line.
//!
//! Run as root, the program runs as a user of its own (a random id per run, no name):
//! bwrap keeps the right to change user and `setpriv` drops it after the mounts are made,
//! so that the mounts can use folders only root can reach (a pyenv in `/root/.pyenv`), and
//! `RLIMIT_NPROC` counts this run's processes only. The program's own files must then be
//! readable by others.

mod mounts;
mod size;

pub use size::{format_size, parse_size};

use std::ffi::{OsStr, OsString};
use std::os::unix::process::CommandExt as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use mounts::{answer_keys, interpreter_folder, mount_args, too_wide, View};

/// The first id of the users a run gets as root; each run draws one of the next 2^28.
const RUN_USERS: u32 = 0x4000_0000;

/// Limits and visibility of a sandboxed run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sandbox {
    /// Bytes of memory summed over the run's processes (a control group, else a supervisor),
    /// and of each process's heap (`RLIMIT_DATA`); 1 GiB by default.
    pub memory: u64,
    /// CPU seconds per process (`RLIMIT_CPU`, then `SIGXCPU`); 60 by default.
    pub cpu_seconds: u64,
    /// Processes of the run at once (its control group's `pids.max`, and `RLIMIT_NPROC` of
    /// its own user as root); 256 by default.
    pub processes: u64,
    /// Bytes of the largest file the program may write (`RLIMIT_FSIZE`); 64 MiB by default.
    pub file_size: u64,
    /// Bytes of the run's folder, all files together (a tmpfs of that size as root, else a
    /// supervisor), and of its private `/tmp`; 256 MiB by default.
    pub disk: u64,
    /// Folders (or files) shown read-only besides the system's: an interpreter installed
    /// elsewhere (`--sandbox-bind`).
    pub bind: Vec<PathBuf>,
    /// Folders the program must never read, masked when they lie inside a shown one (the
    /// suite beside the program `check` runs from the current folder).
    pub secret: Vec<PathBuf>,
}

impl Default for Sandbox {
    /// 1 GiB, 60 CPU seconds, 256 processes, 64 MiB files, 256 MiB of disk, nothing bound.
    fn default() -> Sandbox {
        Sandbox {
            memory: 1 << 30,
            cpu_seconds: 60,
            processes: 256,
            file_size: 64 << 20,
            disk: 256 << 20,
            bind: Vec::new(),
            secret: Vec::new(),
        }
    }
}

/// The limits a sandboxed run had, kept in its result to name what stopped it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct SandboxLimits {
    /// [`Sandbox::memory`].
    pub memory: u64,
    /// [`Sandbox::cpu_seconds`].
    pub cpu_seconds: u64,
    /// [`Sandbox::processes`].
    pub processes: u64,
    /// [`Sandbox::disk`].
    pub disk: u64,
}

/// Why no sandbox can be made.
#[derive(Debug, thiserror::Error)]
pub enum SandboxError {
    /// A program the sandbox needs is not on PATH.
    #[error(
        "cannot make a sandbox: `{0}` is not installed (Debian/Ubuntu: apt install {1}), or run without the sandbox"
    )]
    Missing(&'static str, &'static str),
    /// bwrap is there but a trial run fails.
    #[error("cannot make a sandbox here: bwrap says `{0}` (are unprivileged user namespaces allowed?), or run without the sandbox")]
    Unusable(String),
    /// A folder given to show does not exist.
    #[error("--sandbox-bind {0}: no such file or folder")]
    NoSuchBind(PathBuf),
    /// The run's folder or the trial run could not be prepared.
    #[error("cannot prepare the sandbox: {0}")]
    Io(#[from] std::io::Error),
}

impl Sandbox {
    /// Checks that a sandbox can be made here: bwrap (and, as root, setpriv) on PATH, every
    /// bound folder there, and a trial `bwrap ... true` that succeeds.
    pub fn probe(&self) -> Result<(), SandboxError> {
        if on_path(OsStr::new("bwrap")).is_none() {
            return Err(SandboxError::Missing("bwrap", "bubblewrap"));
        }
        if is_root() && on_path(OsStr::new("setpriv")).is_none() {
            return Err(SandboxError::Missing("setpriv", "util-linux"));
        }
        if let Some(missing) = self.bind.iter().find(|b| !b.exists()) {
            return Err(SandboxError::NoSuchBind(missing.clone()));
        }
        let dir = tempfile::Builder::new().prefix("searchlab-probe-").tempdir()?;
        let uid = is_root().then(run_user);
        let output = self
            .command(&[OsString::from("true")], dir.path(), dir.path(), uid)?
            .stdin(Stdio::null())
            .output()
            .map_err(|e| SandboxError::Unusable(e.to_string()))?;
        if output.status.success() {
            return Ok(());
        }
        let stderr = String::from_utf8_lossy(&output.stderr);
        Err(SandboxError::Unusable(stderr.lines().next().unwrap_or("no message").trim().to_owned()))
    }

    /// The limits a run in this sandbox has.
    pub fn limits(&self) -> SandboxLimits {
        SandboxLimits { memory: self.memory, cpu_seconds: self.cpu_seconds, processes: self.processes, disk: self.disk }
    }

    /// What `argv` run from `run_dir` sees besides the system: the student's folder
    /// `base_dir` (where the template's relative paths resolve) unless it is too wide, the
    /// folder of each file the command names by an absolute path (the script), the
    /// interpreter's folder when it is not a system one, the bound folders; the answer keys
    /// in all of it masked.
    fn view(&self, argv: &[OsString], run_dir: &Path, base_dir: &Path) -> Result<View, SandboxError> {
        let run_dir = run_dir.canonicalize()?;
        let existing = |p: &Path| p.canonicalize().ok();
        let mut shown: Vec<PathBuf> = self.bind.iter().filter_map(|p| existing(p)).collect();
        shown.extend(existing(base_dir).filter(|b| !too_wide(b)));
        // A folder named by an argument is not shown (it may be a neighbour's): bind it.
        for arg in argv.iter().map(Path::new).filter(|a| a.is_absolute() && a.is_file()) {
            shown.extend(arg.parent().and_then(existing).filter(|p| !p.starts_with(&run_dir) && !too_wide(p)));
        }
        if let Some(program) = argv.first().and_then(|p| on_path(p)) {
            for program in [program.clone(), program.canonicalize().unwrap_or(program)] {
                shown.extend(interpreter_folder(&program).filter(|p| !too_wide(p)));
            }
        }
        shown.retain(|p| !run_dir.starts_with(p) && !p.starts_with(&run_dir));
        shown.sort();
        shown.dedup();
        let mut roots: Vec<PathBuf> = mounts::SYSTEM.iter().filter_map(|s| existing(Path::new(s))).collect();
        roots.extend(shown.iter().cloned());
        let path_dirs: Vec<PathBuf> =
            std::env::var_os("PATH").map(|p| std::env::split_paths(&p).collect()).unwrap_or_default();
        let mut masked = answer_keys(&roots, &path_dirs);
        let inside = |p: &PathBuf| roots.iter().any(|r| p.starts_with(r));
        masked.extend(self.secret.iter().filter_map(|p| existing(p)).filter(inside));
        Ok(View { shown, masked, run_dir })
    }

    /// The command line that runs `argv` inside the sandbox with `run_dir` writable and
    /// `base_dir` visible, as user `uid` (as root) or as this user in a user namespace.
    pub fn wrap(
        &self,
        argv: &[OsString],
        run_dir: &Path,
        base_dir: &Path,
        uid: Option<u32>,
    ) -> Result<Vec<OsString>, SandboxError> {
        let view = self.view(argv, run_dir, base_dir)?;
        let mut args: Vec<OsString> = vec!["bwrap".into()];
        args.extend(mount_args(&view, self.disk));
        let namespaces: &[&str] = match uid {
            // bwrap as root needs no user namespace; without one, the run's user is real.
            Some(_) => &["--unshare-net", "--unshare-pid", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try"],
            None => &["--unshare-all"],
        };
        args.extend(namespaces.iter().map(OsString::from));
        args.extend(["--die-with-parent", "--new-session", "--cap-drop", "ALL"].map(OsString::from));
        if let Some(uid) = uid {
            let id = uid.to_string();
            args.extend(["--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID", "--", "setpriv"].map(OsString::from));
            args.extend(["--reuid", &id, "--regid", &id, "--clear-groups", "--inh-caps=-all"].map(OsString::from));
        }
        args.push("--".into());
        args.extend(argv.iter().cloned());
        Ok(args)
    }

    /// [`Sandbox::wrap`] as a command ready to spawn: the environment cleared but for PATH,
    /// LANG and LC_*, HOME set to `run_dir`, the limits of each process set before bwrap
    /// starts and, as root, `run_dir` given to the run's user `uid`.
    pub fn command(
        &self,
        argv: &[OsString],
        run_dir: &Path,
        base_dir: &Path,
        uid: Option<u32>,
    ) -> Result<Command, SandboxError> {
        let args = self.wrap(argv, run_dir, base_dir, uid)?;
        let processes = match uid {
            Some(uid) => {
                std::os::unix::fs::chown(run_dir, Some(uid), Some(uid))?;
                self.processes
            }
            None => own_processes().saturating_add(self.processes),
        };
        let mut command = Command::new(&args[0]);
        command.args(&args[1..]).current_dir(run_dir).env_clear().env("HOME", run_dir);
        command.env("USER", "student").env("LOGNAME", "student");
        for (key, value) in std::env::vars_os() {
            let name = key.to_string_lossy();
            if name == "PATH" || name == "LANG" || name.starts_with("LC_") {
                command.env(key, value);
            }
        }
        let limits = [
            (libc::RLIMIT_DATA, self.memory, self.memory),
            (libc::RLIMIT_CPU, self.cpu_seconds, self.cpu_seconds.saturating_add(1)),
            (libc::RLIMIT_FSIZE, self.file_size, self.file_size),
            (libc::RLIMIT_NPROC, processes, processes),
            (libc::RLIMIT_CORE, 0, 0),
        ];
        // SAFETY: the closure runs in the forked child before exec and only calls setrlimit,
        // a system call that is async-signal-safe; it allocates nothing and takes no lock
        // (the array is captured by value, the error is made from errno without allocating).
        unsafe {
            command.pre_exec(move || {
                for (resource, soft, hard) in limits {
                    let limit = libc::rlimit { rlim_cur: soft as libc::rlim_t, rlim_max: hard as libc::rlim_t };
                    if libc::setrlimit(resource, &limit) != 0 {
                        return Err(std::io::Error::last_os_error());
                    }
                }
                Ok(())
            });
        }
        Ok(command)
    }
}

/// A user id of its own for one run (as root): drawn at random among 2^28, so that two
/// runs, of this grade or of a parallel one, practically never share one.
pub fn run_user() -> u32 {
    let mut bytes = [0u8; 4];
    let random = std::fs::File::open("/dev/urandom").and_then(|mut f| std::io::Read::read_exact(&mut f, &mut bytes));
    let draw = match random {
        Ok(()) => u32::from_le_bytes(bytes),
        Err(_) => {
            std::process::id().wrapping_mul(2_654_435_761)
                ^ std::time::UNIX_EPOCH.elapsed().map_or(0, |d| d.subsec_nanos())
        }
    };
    RUN_USERS + (draw & 0x0FFF_FFFF)
}

/// Where `program` is found: itself when it has a slash, else the first executable file of
/// that name in PATH.
fn on_path(program: &OsStr) -> Option<PathBuf> {
    let path = Path::new(program);
    if path.components().count() > 1 {
        return Some(path.to_path_buf());
    }
    std::env::split_paths(&std::env::var_os("PATH")?)
        .map(|dir| dir.join(path))
        .find(|candidate| candidate.is_file() && is_executable(candidate))
}

/// Whether this process runs as root (and runs each sandboxed run as a user of its own).
pub fn is_root() -> bool {
    // SAFETY: geteuid has no preconditions and cannot fail.
    unsafe { libc::geteuid() == 0 }
}

/// How many processes this process's user runs now (counted from /proc).
fn own_processes() -> u64 {
    // SAFETY: getuid has no preconditions and cannot fail.
    let uid = unsafe { libc::getuid() }.to_string();
    let Ok(entries) = std::fs::read_dir("/proc") else { return 0 };
    let mine = |status: String| {
        status.lines().find_map(|l| l.strip_prefix("Uid:")).and_then(|l| l.split_whitespace().next().map(|u| u == uid))
    };
    entries
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().bytes().all(|b| b.is_ascii_digit()))
        .filter(|e| std::fs::read_to_string(e.path().join("status")).ok().and_then(mine).unwrap_or(false))
        .count() as u64
}

/// Whether `path` exists with an execute bit set.
pub(crate) fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt as _;
    std::fs::metadata(path).is_ok_and(|m| m.permissions().mode() & 0o111 != 0)
}

#[cfg(test)]
mod tests;
