//! Tests of the sandbox: the mount plan, sizes, and real runs through bwrap (which these
//! tests need: they fail without it).

use std::os::unix::fs::PermissionsExt as _;
use std::time::Duration;

use super::*;
use crate::{run_once, CommandTemplate, Exit, RunConfig, RunProblem, RunSpec, Values};
use std::ffi::OsString;

fn os(words: &[&str]) -> Vec<OsString> {
    words.iter().map(OsString::from).collect()
}

/// The index of the first `--flag A [B]` group equal to `words` in `args`.
fn at(args: &[OsString], words: &[&str]) -> Option<usize> {
    args.windows(words.len()).position(|w| w.iter().zip(words).all(|(a, b)| a == b))
}

#[test]
fn sizes_read_and_print_in_binary_units() {
    assert_eq!(parse_size("512M"), Ok(512 << 20));
    assert_eq!(parse_size("1G"), Ok(1 << 30));
    assert_eq!(parse_size("2GiB"), Ok(2 << 30));
    assert_eq!(parse_size("64k"), Ok(64 << 10));
    assert_eq!(parse_size("1000"), Ok(1000));
    for bad in ["", "G", "1.5G", "12X", "-1G", "99999999999T"] {
        assert!(parse_size(bad).unwrap_err().contains("is not a size"), "{bad}");
    }
    assert!(parse_size("0M").unwrap_err().contains("more than 0"));
    assert_eq!(format_size(1 << 30), "1 GiB");
    assert_eq!(format_size(512 << 20), "512 MiB");
    assert_eq!(format_size(1000), "1000 bytes");
}

#[test]
fn an_interpreter_outside_the_system_shows_its_dot_folder_or_its_own_folder() {
    let folder = |p: &str| mounts::interpreter_folder(Path::new(p));
    assert_eq!(folder("/root/.pyenv/shims/python3"), Some(PathBuf::from("/root/.pyenv")));
    assert_eq!(folder("/home/ann/.local/bin/python3"), Some(PathBuf::from("/home/ann/.local")));
    assert_eq!(folder("/home/ann/bin/python3"), Some(PathBuf::from("/home/ann/bin")));
    assert_eq!(folder("/opt/pypy/bin/pypy3"), Some(PathBuf::from("/opt/pypy/bin")));
    assert_eq!(folder("/usr/bin/python3"), None);
    for wide in ["/", "/tmp", "/root", "/home", "/home/ann"] {
        assert!(mounts::too_wide(Path::new(wide)), "{wide}");
    }
    assert!(!mounts::too_wide(Path::new("/home/ann/course")));
}

/// The mount plan is an allow list: an empty root, the system read-only, the student's
/// folder and the bound one shown, a suite inside the shown folder masked, the run last.
#[test]
fn the_view_shows_only_what_is_allowed_and_masks_the_suite() {
    let base = tempfile::tempdir().unwrap();
    let base_path = base.path().canonicalize().unwrap();
    let (suite, bound) = (base_path.join("suite"), tempfile::tempdir().unwrap());
    std::fs::create_dir_all(&suite).unwrap();
    let run = tempfile::tempdir().unwrap();
    let sandbox = Sandbox { bind: vec![bound.path().to_path_buf()], secret: vec![suite.clone()], ..Sandbox::default() };
    let args = sandbox.wrap(&os(&["/bin/true"]), run.path(), &base_path, None).unwrap();
    assert!(at(&args, &["--ro-bind", "/", "/"]).is_none(), "the root is never shown: {args:?}");
    assert!(at(&args, &["--ro-bind", "/usr", "/usr"]).is_some());
    for hidden in ["/home", "/root", "/run", "/var", "/etc/shadow", "/etc/passwd"] {
        assert!(!args.iter().any(|a| a == hidden), "{hidden} is shown: {args:?}");
    }
    let (b, s) = (base_path.to_str().unwrap(), suite.to_str().unwrap());
    let shown = at(&args, &["--ro-bind", b, b]).expect("base shown");
    assert!(at(&args, &["--tmpfs", s]).expect("suite masked") > shown, "{args:?}");
    let bound = bound.path().canonicalize().unwrap();
    assert!(at(&args, &["--ro-bind", bound.to_str().unwrap(), bound.to_str().unwrap()]).is_some());
    let tmp = at(&args, &["--tmpfs", "/tmp"]).unwrap();
    let r = run.path().canonicalize().unwrap();
    let r = r.to_str().unwrap();
    assert!(at(&args, &["--bind", r, r, "--chdir", r]).unwrap() > tmp);
    assert!(at(&args, &["--unshare-all"]).is_some() && at(&args, &["setpriv"]).is_none());
    let as_root = sandbox.wrap(&os(&["/bin/true"]), run.path(), &base_path, Some(0x4000_0001)).unwrap();
    assert!(at(&as_root, &["--unshare-all"]).is_none() && at(&as_root, &["--unshare-net"]).is_some());
    assert!(at(&as_root, &["--reuid", "1073741825"]).is_some());
    assert_eq!(&as_root[as_root.len() - 2..], &os(&["--", "/bin/true"])[..]);
}

/// Any `searchlab` in a shown folder of PATH and in a shown Python's packages is masked, and
/// so is the running binary when it is shown.
#[test]
fn answer_keys_in_shown_folders_are_found() {
    let root = tempfile::tempdir().unwrap();
    let r = root.path().canonicalize().unwrap();
    let bin = r.join("bin");
    let packages = r.join("versions/3.11.7/lib/python3.11/site-packages");
    let local = r.join("local/lib/python3.12/dist-packages");
    for dir in [&bin, &packages, &local] {
        std::fs::create_dir_all(dir).unwrap();
    }
    for file in
        [bin.join("searchlab"), bin.join("python3"), packages.join("numpy"), local.join("SearchLab-0.1.dist-info")]
    {
        std::fs::write(file, "").unwrap();
    }
    std::fs::create_dir(packages.join("searchlab")).unwrap();
    let keys = mounts::answer_keys(std::slice::from_ref(&r), &[bin.clone(), PathBuf::from("/nonexistent")]);
    let want = [bin.join("searchlab"), local.join("SearchLab-0.1.dist-info"), packages.join("searchlab")];
    let mut want = want.to_vec();
    want.sort();
    assert_eq!(keys, want);
    let exe = std::env::current_exe().unwrap().canonicalize().unwrap();
    let keys = mounts::answer_keys(&[exe.parent().unwrap().to_path_buf()], &[]);
    assert!(keys.contains(&exe), "{keys:?}");
}

/// A base folder everyone can read (as root the program runs as nobody).
fn open_dir() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    dir
}

fn sandboxed(base: &Path, sandbox: Sandbox, script: &str) -> crate::RunResult {
    std::fs::write(base.join("p.sh"), script).unwrap();
    let config = RunConfig {
        timeout: Duration::from_secs(20),
        base_dir: base.to_path_buf(),
        sandbox: Some(sandbox),
        ..RunConfig::default()
    };
    run_once(&CommandTemplate::parse("sh p.sh").unwrap(), &RunSpec { values: Values::default(), input: None }, &config)
        .unwrap()
}

#[test]
fn bwrap_can_be_used_here() {
    Sandbox::default().probe().unwrap();
    let missing = Sandbox { bind: vec![PathBuf::from("/no/such/interpreter")], ..Sandbox::default() };
    assert_eq!(missing.probe().unwrap_err().to_string(), "--sandbox-bind /no/such/interpreter: no such file or folder");
}

/// A daemon that left the process group with setsid ends with the run: the PID namespace.
#[test]
fn a_setsid_daemon_ends_with_the_run_and_signals_are_named() {
    let base = open_dir();
    let marker = format!("sandbox-daemon-{}", std::process::id());
    let script =
        format!("setsid sh -c 'sleep 600; echo {marker}' </dev/null >/dev/null 2>&1 &\nsleep 0.3\nkill -SEGV $$\n");
    let r = sandboxed(base.path(), Sandbox::default(), &script);
    assert_eq!(r.exit, Exit::Signal(libc::SIGSEGV), "{r:?}");
    assert_eq!(r.problems(), vec![RunProblem::Signal { signal: libc::SIGSEGV }]);
    std::thread::sleep(Duration::from_millis(300));
    let left: Vec<String> = std::fs::read_dir("/proc")
        .unwrap()
        .flatten()
        .filter_map(|e| std::fs::read(e.path().join("cmdline")).ok())
        .map(|c| String::from_utf8_lossy(&c).replace('\0', " "))
        .filter(|c| c.contains(&marker))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn cpu_time_and_memory_are_named() {
    let base = open_dir();
    let r = sandboxed(base.path(), Sandbox { cpu_seconds: 1, ..Sandbox::default() }, "while :; do :; done\n");
    assert_eq!(r.problems(), vec![RunProblem::CpuTime { seconds: 1 }], "{r:?}");
    assert_eq!(r.problems()[0].to_string(), "used up its CPU time (1 s) and was stopped");
    let r = sandboxed(base.path(), Sandbox::default(), "echo 'MemoryError' >&2\nexit 1\n");
    assert_eq!(r.problems(), vec![RunProblem::OutOfMemory { bytes: 1 << 30, held_by: None }]);
    assert_eq!(r.problems()[0].to_string(), "ran out of the 1 GiB of memory it was given");
    assert!(sandboxed(base.path(), Sandbox::default(), "echo 'MemoryError' >&2\n").problems().is_empty());
}

#[test]
fn the_run_folder_is_the_only_writable_one() {
    let base = open_dir();
    let script = "echo x > ok.txt && echo ok\necho x > $0.bad 2>/dev/null || echo base-ro\necho x > /root/bad 2>/dev/null || echo root-ro\n\
                  ls /root | wc -l\n[ \"$HOME\" = \"$PWD\" ] && echo home-is-run\n";
    let r = sandboxed(base.path(), Sandbox::default(), script);
    assert_eq!(r.stdout.text, "ok\nbase-ro\nroot-ro\n0\nhome-is-run\n", "{r:?}");
    assert_eq!(r.files.iter().map(|f| f.name.as_str()).collect::<Vec<_>>(), ["ok.txt"]);
    assert!(!base.path().join("p.sh.bad").exists());
}
