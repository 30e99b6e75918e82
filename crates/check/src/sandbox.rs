//! Containing an untrusted program with bubblewrap (`bwrap`): no network, a read-only file
//! system with the homes, `/tmp` and the [`Sandbox::hide`] folders empty, only the run's own
//! folder writable, resource limits, and a PID namespace so that every process the program
//! started (daemons that called `setsid` too) ends with it.
//!
//! Run as root, the program runs as `nobody` (uid 65534): bwrap keeps the right to change
//! user and `setpriv` drops it after the mounts are made, so that the mounts can use folders
//! only root can reach (a pyenv in `/root/.pyenv`) and `RLIMIT_NPROC`, which does not apply
//! to root, counts. The program's own files must then be readable by others.

use std::ffi::{OsStr, OsString};
use std::os::unix::process::CommandExt as _;
use std::path::{Component, Path, PathBuf};
use std::process::{Command, Stdio};

/// The user a program runs as when check runs as root: `nobody`.
const NOBODY: u32 = 65534;

/// Folders hidden behind an empty tmpfs in every sandbox (those that exist).
const HIDDEN: [&str; 5] = ["/home", "/root", "/tmp", "/var/tmp", "/run/user"];

/// Limits and visibility of a sandboxed run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sandbox {
    /// Bytes of heap and anonymous memory (`RLIMIT_DATA`, per process); 1 GiB by default.
    pub memory: u64,
    /// CPU seconds per process (`RLIMIT_CPU`, then `SIGXCPU`); 60 by default.
    pub cpu_seconds: u64,
    /// Processes beyond those the user already runs (`RLIMIT_NPROC`); 256 by default.
    pub processes: u64,
    /// Bytes of the largest file the program may write (`RLIMIT_FSIZE`); 64 MiB by default.
    pub file_size: u64,
    /// Folders made invisible (an empty tmpfs over each): submissions, the suite, outputs.
    pub hide: Vec<PathBuf>,
    /// Folders visible read-only again inside hidden ones (the student's folder, an interpreter's).
    pub allow: Vec<PathBuf>,
}

impl Default for Sandbox {
    /// 1 GiB, 60 CPU seconds, 256 processes, 64 MiB files, nothing more hidden or allowed.
    fn default() -> Sandbox {
        Sandbox {
            memory: 1 << 30,
            cpu_seconds: 60,
            processes: 256,
            file_size: 64 << 20,
            hide: Vec::new(),
            allow: Vec::new(),
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
    /// The run's folder or the trial run could not be prepared.
    #[error("cannot prepare the sandbox: {0}")]
    Io(#[from] std::io::Error),
}

/// What one mount of the plan does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Mount {
    Hide,
    Show,
}

impl Sandbox {
    /// Checks that a sandbox can be made here: bwrap (and, as root, setpriv) on PATH and a
    /// trial `bwrap ... true` that succeeds.
    pub fn probe() -> Result<(), SandboxError> {
        if on_path(OsStr::new("bwrap")).is_none() {
            return Err(SandboxError::Missing("bwrap", "bubblewrap"));
        }
        if is_root() && on_path(OsStr::new("setpriv")).is_none() {
            return Err(SandboxError::Missing("setpriv", "util-linux"));
        }
        let dir = tempfile::Builder::new().prefix("searchlab-probe-").tempdir()?;
        let output = Sandbox::default()
            .command(&[OsString::from("true")], dir.path(), dir.path())?
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
        SandboxLimits { memory: self.memory, cpu_seconds: self.cpu_seconds }
    }

    /// The command line that runs `argv` inside the sandbox with `run_dir` writable and the
    /// current folder, and `base_dir` (where the template's relative paths resolve) visible.
    pub fn wrap(&self, argv: &[OsString], run_dir: &Path, base_dir: &Path) -> Result<Vec<OsString>, SandboxError> {
        self.wrap_as(argv, run_dir, base_dir, is_root())
    }

    fn wrap_as(
        &self,
        argv: &[OsString],
        run_dir: &Path,
        base_dir: &Path,
        root: bool,
    ) -> Result<Vec<OsString>, SandboxError> {
        let run_dir = run_dir.canonicalize()?;
        let mut plan: Vec<(PathBuf, Mount)> = Vec::new();
        let existing = |p: &Path| p.canonicalize().ok();
        plan.extend(HIDDEN.iter().filter_map(|p| existing(Path::new(p))).map(|p| (p, Mount::Hide)));
        plan.extend(self.hide.iter().filter_map(|p| existing(p)).map(|p| (p, Mount::Hide)));
        let hidden: Vec<PathBuf> = plan.iter().map(|(p, _)| p.clone()).collect();
        let mut show: Vec<PathBuf> = self.allow.iter().filter_map(|p| existing(p)).collect();
        show.extend(existing(base_dir).filter(|b| !is_home(b)));
        // The folder of each file named by an absolute path (the script); a folder named by an
        // argument is not shown (it may be a neighbour's): --sandbox-allow it.
        for arg in argv.iter().map(Path::new).filter(|a| a.is_absolute() && a.is_file()) {
            show.extend(arg.parent().and_then(existing).filter(|p| !p.starts_with(&run_dir) && !is_home(p)));
        }
        if let Some(program) = argv.first().and_then(|p| on_path(p)) {
            for program in [program.clone(), program.canonicalize().unwrap_or(program)] {
                show.extend(interpreter_folder(&program, &hidden).filter(|p| !is_home(p)));
            }
        }
        plan.extend(show.into_iter().map(|p| (p, Mount::Show)));
        // Shallow mounts first, so a deeper one (shown or hidden) wins; a folder both hidden
        // and allowed is shown.
        plan.sort_by(|(a, m), (b, n)| (a.components().count(), m, a).cmp(&(b.components().count(), n, b)));
        plan.dedup();

        let mut args: Vec<OsString> =
            ["bwrap", "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc"].map(OsString::from).to_vec();
        let mut hidden_so_far: Vec<&Path> = Vec::new();
        for (path, mount) in &plan {
            make_parents(&mut args, path, &hidden_so_far);
            match mount {
                Mount::Hide if path.is_dir() => push(&mut args, [OsStr::new("--tmpfs"), path.as_os_str()]),
                Mount::Hide => push(&mut args, [OsStr::new("--ro-bind"), OsStr::new("/dev/null"), path.as_os_str()]),
                Mount::Show => push(&mut args, [OsStr::new("--ro-bind"), path.as_os_str(), path.as_os_str()]),
            }
            if *mount == Mount::Hide {
                hidden_so_far.push(path);
            }
        }
        make_parents(&mut args, &run_dir, &hidden_so_far);
        let run = run_dir.as_os_str();
        push(&mut args, [OsStr::new("--bind"), run, run, OsStr::new("--chdir"), run]);
        let namespaces: &[&str] = if root {
            // bwrap as root needs no user namespace; without one, nobody's processes count.
            &["--unshare-net", "--unshare-pid", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try"]
        } else {
            &["--unshare-all"]
        };
        args.extend(namespaces.iter().map(OsString::from));
        args.extend(["--die-with-parent", "--new-session", "--cap-drop", "ALL"].map(OsString::from));
        if root {
            let nobody = NOBODY.to_string();
            args.extend(["--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID", "--", "setpriv"].map(OsString::from));
            args.extend(
                ["--reuid", &nobody, "--regid", &nobody, "--clear-groups", "--inh-caps=-all"].map(OsString::from),
            );
        }
        args.push("--".into());
        args.extend(argv.iter().cloned());
        Ok(args)
    }

    /// [`Sandbox::wrap`] as a command ready to spawn: the environment cleared but for PATH,
    /// LANG and LC_*, HOME set to `run_dir`, the limits set before bwrap starts and, as
    /// root, `run_dir` given to nobody.
    pub fn command(&self, argv: &[OsString], run_dir: &Path, base_dir: &Path) -> Result<Command, SandboxError> {
        let root = is_root();
        let args = self.wrap_as(argv, run_dir, base_dir, root)?;
        let processes = if root {
            std::os::unix::fs::chown(run_dir, Some(NOBODY), Some(NOBODY))?;
            self.processes
        } else {
            own_processes().saturating_add(self.processes)
        };
        let mut command = Command::new(&args[0]);
        command.args(&args[1..]).current_dir(run_dir).env_clear().env("HOME", run_dir);
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

/// Appends `words` to `args`.
fn push<'a>(args: &mut Vec<OsString>, words: impl IntoIterator<Item = &'a OsStr>) {
    args.extend(words.into_iter().map(OsStr::to_os_string));
}

/// Makes the folders above `path` that lie inside an already hidden folder, readable by
/// everyone (bwrap would make them readable by their owner only).
fn make_parents(args: &mut Vec<OsString>, path: &Path, hidden: &[&Path]) {
    let Some(top) = hidden.iter().filter(|h| path.starts_with(h) && path != **h).max_by_key(|h| h.as_os_str().len())
    else {
        return;
    };
    let mut parents: Vec<&Path> = path.ancestors().skip(1).take_while(|a| a.starts_with(top) && a != top).collect();
    parents.reverse();
    for parent in parents {
        push(args, [OsStr::new("--perms"), OsStr::new("0755"), OsStr::new("--dir"), parent.as_os_str()]);
    }
}

/// Whether `path` is `/`, a home (`/root`, `/home/NAME`) or a hidden tree itself: folders
/// never shown whole again.
fn is_home(path: &Path) -> bool {
    path.parent().is_none() || path.parent() == Some(Path::new("/home")) || HIDDEN.iter().any(|h| path == Path::new(h))
}

/// The folder to show for a program inside a hidden tree: the first dot-folder below the
/// tree (and below the user's folder in `/home`), such as `/root/.pyenv`, else the
/// program's own folder. `None` outside the hidden trees.
fn interpreter_folder(program: &Path, hidden: &[PathBuf]) -> Option<PathBuf> {
    let tree = hidden.iter().find(|h| program.starts_with(h))?;
    let mut folder = tree.clone();
    for part in program.strip_prefix(tree).ok()?.parent()?.components() {
        let Component::Normal(name) = part else { break };
        folder.push(name);
        if name.to_string_lossy().starts_with('.') {
            return Some(folder);
        }
    }
    program.parent().map(Path::to_path_buf)
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
        .find(|candidate| candidate.is_file() && crate::preflight::is_executable(candidate))
}

/// Whether this process runs as root.
fn is_root() -> bool {
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

/// Reads a size such as `512M`, `1G`, `1GiB` or `1048576` (binary units) as bytes.
pub fn parse_size(text: &str) -> Result<u64, String> {
    let bad = || format!("`{text}` is not a size: write a number with K, M or G (such as 512M or 1G)");
    let t = text.trim();
    let digits = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let number: u64 = t[..digits].parse().map_err(|_| bad())?;
    let shift = match t[digits..].trim().to_ascii_uppercase().trim_end_matches("IB").trim_end_matches('B') {
        "" => 0,
        "K" => 10,
        "M" => 20,
        "G" => 30,
        "T" => 40,
        _ => return Err(bad()),
    };
    match number.checked_mul(1 << shift) {
        Some(0) => Err(format!("`{text}`: the size must be more than 0")),
        Some(bytes) => Ok(bytes),
        None => Err(bad()),
    }
}

/// `bytes` in the largest binary unit that divides it (`1 GiB`, `512 MiB`, `1000 bytes`).
pub fn format_size(bytes: u64) -> String {
    for (shift, unit) in [(40, "TiB"), (30, "GiB"), (20, "MiB"), (10, "KiB")] {
        if bytes > 0 && bytes % (1 << shift) == 0 {
            return format!("{} {unit}", bytes >> shift);
        }
    }
    format!("{bytes} bytes")
}

#[cfg(test)]
#[path = "sandbox_tests.rs"]
mod tests;
