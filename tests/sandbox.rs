//! End-to-end tests of `searchlab check --sandbox` with hostile programs
//! (`tests/sandbox_programs/hostile.py`, one mode per attack) on a one-case suite.
//!
//! These tests need bubblewrap and fail without it. Setting SEARCHLAB_SKIP_SANDBOX=1 makes
//! each of them print why and return, for machines where no sandbox can be made.

use std::collections::BTreeMap;
use std::io::ErrorKind;
use std::os::unix::fs::PermissionsExt as _;
use std::path::{Path, PathBuf};

use assert_cmd::Command;

const HOSTILE: &str = include_str!("sandbox_programs/hostile.py");
const THREE: &str = include_str!("check_programs/three_digits_bfs.py");
const DRIVER: &str = include_str!("check_programs/driver.py");

fn searchlab() -> Command {
    Command::cargo_bin("searchlab").unwrap()
}

/// Whether to skip (SEARCHLAB_SKIP_SANDBOX=1); else bwrap must be installed.
fn skip() -> bool {
    if std::env::var_os("SEARCHLAB_SKIP_SANDBOX").is_some_and(|v| v == "1") {
        eprintln!("SEARCHLAB_SKIP_SANDBOX=1: sandbox test skipped");
        return true;
    }
    assert!(Path::new("/usr/bin/bwrap").exists() || which("bwrap"), "bwrap is missing: install bubblewrap");
    false
}

fn which(name: &str) -> bool {
    std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()).any(|d| d.join(name).is_file())
}

/// A folder everyone can read (as root, the sandboxed program runs as nobody).
fn open_dir(dir: &Path) {
    std::fs::create_dir_all(dir).unwrap();
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o755)).unwrap();
}

/// A scratch folder with the hostile program and a one-case digits suite.
struct Scene {
    tmp: tempfile::TempDir,
    suite: PathBuf,
    program: PathBuf,
}

fn scene() -> Scene {
    let tmp = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap();
    open_dir(tmp.path());
    let suite = tmp.path().join("suite");
    let out = searchlab()
        .args(["cases", "digits", "--set", "random", "--n", "1", "--methods", "B", "--out"])
        .arg(&suite)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let program = tmp.path().join("hostile.py");
    std::fs::write(&program, HOSTILE).unwrap();
    Scene { tmp, suite, program }
}

impl Scene {
    /// `check digits --json` of the hostile program in `mode` with `args`.
    fn check(&self, mode: &str, marker: &str, args: &[&Path], flags: &[&str]) -> (i32, serde_json::Value) {
        let mut cmd = format!("python3 {} {mode} {marker}", self.program.display());
        for a in args {
            cmd += &format!(" {}", a.display());
        }
        cmd += " {letter} {file}";
        let out = searchlab()
            .args(["check", "digits", "--json", "--jobs", "1", "--cmd", &cmd, "--cases"])
            .arg(&self.suite)
            .args(if flags.contains(&"--timeout") { &[][..] } else { &["--timeout", "5"][..] })
            .args(flags)
            .output()
            .unwrap();
        let json = serde_json::from_slice(&out.stdout)
            .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stderr)));
        (out.status.code().unwrap_or(-1), json)
    }
}

/// The problems and stderr tails of every test of a report, as one text.
fn problems(v: &serde_json::Value) -> String {
    let tests = v["tests"].as_array().unwrap();
    tests.iter().map(|t| format!("{} {}", t["problems"], t["stderr_tail"])).collect()
}

/// The command lines of the running processes that contain `marker`.
fn left_behind(marker: &str) -> Vec<String> {
    std::thread::sleep(std::time::Duration::from_millis(200));
    std::fs::read_dir("/proc")
        .unwrap()
        .flatten()
        .filter_map(|e| std::fs::read(e.path().join("cmdline")).ok())
        .map(|c| String::from_utf8_lossy(&c).replace('\0', " "))
        .filter(|c| c.contains(marker))
        .collect()
}

/// Every file under `dir` with its contents.
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut files = BTreeMap::new();
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        if entry.file_type().unwrap().is_dir() {
            files.extend(snapshot(&entry.path()));
        } else {
            files.insert(entry.path(), std::fs::read(entry.path()).unwrap());
        }
    }
    files
}

fn marker(what: &str) -> String {
    format!("sandbox-{what}-{}", std::process::id())
}

#[test]
fn a_sandboxed_program_cannot_write_read_or_connect_outside_its_run_folder() {
    if skip() {
        return;
    }
    let s = scene();
    let mark = marker("escape");
    let canary = s.tmp.path().join("canary");
    open_dir(&canary.join("sub"));
    std::fs::write(canary.join("a.txt"), "canary").unwrap();
    std::fs::write(canary.join("sub/b.txt"), "canary too").unwrap();
    let before = snapshot(&canary);
    // A neighbour's submission in /tmp (hidden) and a secret in the suite (hidden: --cases).
    let subs = tempfile::tempdir().unwrap();
    open_dir(&subs.path().join("bob"));
    std::fs::write(subs.path().join("bob/secret.txt"), format!("NEIGHBOUR-SECRET-{mark}")).unwrap();
    std::fs::write(s.suite.join("secret.txt"), format!("SUITE-SECRET-{mark}")).unwrap();
    let home = PathBuf::from(std::env::var_os("HOME").unwrap()).join(format!("home-file-{mark}"));
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = PathBuf::from(listener.local_addr().unwrap().port().to_string());
    let args = [home.as_path(), &canary, &subs.path().join("bob"), &s.suite, &port];

    let (_, v) = s.check("all", &mark, &args, &["--sandbox"]);
    let text = v.to_string();
    assert!(text.contains("cannot write") && text.contains("cannot connect"), "{text}");
    assert!(!text.contains("NEIGHBOUR-SECRET") && !text.contains("SUITE-SECRET"), "{text}");
    assert_eq!(snapshot(&canary), before, "the canary tree changed");
    assert!(!home.exists(), "the program wrote into the home folder");
    listener.set_nonblocking(true).unwrap();
    assert_eq!(listener.accept().map(|_| ()).unwrap_err().kind(), ErrorKind::WouldBlock, "a connection arrived");

    // Without the sandbox the same program reads both secrets and connects: the test can fail.
    let (_, v) = s.check("peek", &mark, &args, &[]);
    let text = v.to_string();
    assert!(text.contains("NEIGHBOUR-SECRET") && text.contains("SUITE-SECRET"), "{text}");
    listener.set_nonblocking(false).unwrap();
    assert!(listener.accept().is_ok());
}

#[test]
fn three_gib_is_reported_as_memory() {
    if skip() {
        return;
    }
    let s = scene();
    let (code, v) = s.check("alloc", &marker("alloc"), &[], &["--sandbox"]);
    assert_eq!(code, 1);
    assert!(problems(&v).contains("ran out of the 1 GiB of memory it was given"), "{v}");
    let (_, v) = s.check("alloc", &marker("alloc"), &[], &["--sandbox", "--memory", "512M"]);
    assert!(problems(&v).contains("ran out of the 512 MiB of memory it was given"), "{v}");
}

#[test]
fn three_hundred_processes_fail_beyond_the_limit_and_none_is_left() {
    if skip() {
        return;
    }
    let s = scene();
    let mark = marker("fork");
    let (code, v) = s.check("fork", &mark, &[], &["--sandbox"]);
    assert_eq!(code, 1);
    let p = problems(&v);
    assert!(
        p.contains("tried to run more than the 256 processes it was given") && p.contains("fork failed after"),
        "{v}"
    );
    assert_eq!(v["tests"][0]["stopped"], "processes", "{v}");
    assert_eq!(left_behind(&mark), Vec::<String>::new());
}

#[test]
fn a_setsid_daemon_does_not_outlive_the_check() {
    if skip() {
        return;
    }
    let s = scene();
    let mark = marker("daemon");
    s.check("daemon", &mark, &[], &["--sandbox"]);
    assert_eq!(left_behind(&mark), Vec::<String>::new());
}

#[test]
fn flooding_and_ignoring_sigterm_are_stopped() {
    if skip() {
        return;
    }
    let s = scene();
    let (code, v) = s.check("flood", &marker("flood"), &[], &["--sandbox"]);
    assert_eq!(code, 1);
    assert!(problems(&v).contains("wrote far too much output and was stopped"), "{v}");
    let mark = marker("term");
    let (code, v) = s.check("term", &mark, &[], &["--sandbox", "--timeout", "1"]);
    assert_eq!(code, 1);
    assert!(problems(&v).contains("did not finish within the 1 s it was given"), "{v}");
    assert_eq!(left_behind(&mark), Vec::<String>::new());
}

/// The report of an honest program without its timings.
fn results(puzzle: &str, cmd: &str, flags: &[&str], sandbox: bool) -> serde_json::Value {
    let mut c = searchlab();
    c.args(["check", puzzle, "--json", "--cases", "public", "--cmd", cmd]).args(flags);
    if sandbox {
        c.arg("--sandbox");
    }
    let out = c.output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let mut v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    for t in v["tests"].as_array_mut().unwrap() {
        t.as_object_mut().unwrap().remove("program_seconds");
        for item in t["items"].as_array_mut().unwrap() {
            if item["item"] == "running_time" || item["item"] == "max_ram_usage" {
                item.as_object_mut().unwrap().remove("got");
            }
        }
    }
    v
}

#[test]
fn an_honest_program_gets_the_same_report_with_and_without_the_sandbox() {
    if skip() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    open_dir(dir.path());
    let (three, driver) = (dir.path().join("three.py"), dir.path().join("driver.py"));
    std::fs::write(&three, THREE).unwrap();
    std::fs::write(&driver, DRIVER).unwrap();
    let cmd = format!("python3 {} {{letter}} {{file}}", three.display());
    let plain = results("digits", &cmd, &["--letters", "B"], false);
    assert_eq!(results("digits", &cmd, &["--letters", "B"], true), plain);
    let cmd = format!("python3 {} {{method}} {{board}}", driver.display());
    let plain = results("npuzzle", &cmd, &["--methods", "ast"], false);
    assert_eq!(results("npuzzle", &cmd, &["--methods", "ast"], true), plain);
}

#[test]
fn without_a_sandbox_flag_the_memory_flag_is_refused() {
    searchlab().args(["check", "digits", "--cmd", "x {letter} {file}", "--memory", "1G"]).assert().code(2);
    searchlab()
        .args(["check", "digits", "--cmd", "x {letter} {file}", "--sandbox", "--memory", "lots"])
        .assert()
        .code(2);
}
