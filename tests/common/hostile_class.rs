//! The class tests/sandbox_class.rs grades: a scratch folder under the target folder (never
//! `/tmp` or a home) with one folder per student, either the corpus's correct 3-digit program
//! or `hostile_student.py` with its `attack.json`, a suite of two random B cases, and a
//! private TMPDIR for the run folders so that what a grade leaves there can be seen.

use std::collections::BTreeMap;
use std::os::unix::fs::PermissionsExt as _;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// The hostile program.
const HOSTILE: &str = include_str!("../sandbox_programs/hostile_student.py");
/// The honest program: the corpus's correct 3-digit solver.
const HONEST: &str = include_str!("../check_corpus/digits/correct.py");

/// What a student hands in.
pub enum Student {
    /// The correct program.
    Honest,
    /// The hostile program with this attack.
    Attack(serde_json::Value),
}

impl Student {
    /// The hostile program with `attack` as its attack.json.
    pub fn attack(attack: serde_json::Value) -> Student {
        Student::Attack(attack)
    }
}

/// A scratch class.
pub struct Class {
    tmp: tempfile::TempDir,
}

fn open(dir: &Path) {
    std::fs::create_dir_all(dir).unwrap();
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o755)).unwrap();
}

impl Class {
    /// An empty class with its suite (two random B cases).
    pub fn new() -> Class {
        let tmp = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap();
        open(tmp.path());
        let class = Class { tmp };
        open(&class.path("sub"));
        open(&class.path("runs"));
        let out = Command::new(env!("CARGO_BIN_EXE_searchlab"))
            .args(["cases", "digits", "--set", "random", "--n", "2", "--methods", "B", "--seed", "3", "--out"])
            .arg(class.path("suite"))
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        class
    }

    /// A path in the scratch folder.
    pub fn path(&self, relative: &str) -> PathBuf {
        self.tmp.path().join(relative)
    }

    /// Writes (or replaces) a student's folder.
    pub fn student(&mut self, name: &str, student: Student) {
        let dir = self.path("sub").join(name);
        open(&dir);
        let (program, attack) = match student {
            Student::Honest => (HONEST, None),
            Student::Attack(attack) => (HOSTILE, Some(attack)),
        };
        std::fs::write(dir.join("solver.py"), program).unwrap();
        match attack {
            Some(attack) => std::fs::write(dir.join("attack.json"), attack.to_string()).unwrap(),
            None => {
                let _ = std::fs::remove_file(dir.join("attack.json"));
            }
        }
    }

    /// The grade command, its run folders in `runs/`, `path_first` before PATH.
    fn command(&self, flags: &[&str], path_first: Option<&Path>) -> Command {
        let mut command = Command::new(env!("CARGO_BIN_EXE_searchlab"));
        command
            .args(["grade", "digits"])
            .arg(self.path("sub"))
            .args(["--cmd", "python3 solver.py {letter} {file}", "--cases"])
            .arg(self.path("suite"))
            .arg("--out")
            .arg(self.path("out"))
            .args(if flags.contains(&"--timeout") { &[][..] } else { &["--timeout", "20"][..] })
            .args(flags)
            .env("TMPDIR", self.path("runs"));
        if let Some(first) = path_first {
            let path = std::env::var_os("PATH").unwrap_or_default();
            let joined = std::env::join_paths(std::iter::once(first.to_path_buf()).chain(std::env::split_paths(&path)));
            command.env("PATH", joined.unwrap());
        }
        command
    }

    /// Grades the class: exit code and stderr.
    pub fn grade(&self, flags: &[&str], path_first: Option<&Path>) -> (i32, String) {
        self.grade_with(flags, path_first, &[])
    }

    /// Grades the class with `env` set: exit code and stderr.
    pub fn grade_with(&self, flags: &[&str], path_first: Option<&Path>, env: &[(&str, &str)]) -> (i32, String) {
        let out = self.command(flags, path_first).envs(env.iter().copied()).output().unwrap();
        (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stderr).into_owned())
    }

    /// Starts grading the class in the background.
    pub fn spawn(&self, flags: &[&str], path_first: Option<&Path>) -> Child {
        self.command(flags, path_first).stdout(Stdio::null()).stderr(Stdio::null()).spawn().unwrap()
    }

    /// Waits (at most 60 s) until `count` running Python processes carry `relative` (a path
    /// in the scratch folder) in their command line.
    pub fn wait_for_processes(&self, relative: &str, count: usize) {
        let wanted = self.path(relative).display().to_string();
        let start = Instant::now();
        let python = |c: &String| {
            c.split(' ').next().and_then(|w| w.rsplit('/').next()).is_some_and(|w| w.starts_with("python"))
        };
        while left_behind(Path::new(&wanted)).iter().filter(|c| python(c)).count() < count {
            assert!(start.elapsed() < Duration::from_secs(60), "{wanted} never ran");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// gradebook.csv as one map per row, by student.
    pub fn gradebook(&self) -> BTreeMap<String, BTreeMap<String, String>> {
        let mut reader = csv::Reader::from_path(self.path("out/gradebook.csv")).unwrap();
        let headers = reader.headers().unwrap().clone();
        reader
            .records()
            .map(|r| {
                let r = r.unwrap();
                let row: BTreeMap<String, String> =
                    headers.iter().zip(r.iter()).map(|(h, v)| (h.into(), v.into())).collect();
                (row["student"].clone(), row)
            })
            .collect()
    }

    /// A student's report.txt.
    pub fn report(&self, student: &str) -> String {
        std::fs::read_to_string(self.path("out/students").join(student).join("report.txt")).unwrap()
    }

    /// What a student's program said on stderr, a line per finding (its last line joins
    /// them with ` | `), every test's tail joined.
    pub fn stderr(&self, student: &str) -> String {
        let path = self.path("out/students").join(student).join("report.json");
        let report: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        let tests = report["tests"].as_array().unwrap();
        let lines = tests.iter().flat_map(|t| t["stderr_tail"].as_array().cloned().unwrap_or_default());
        lines.map(|l| l.as_str().unwrap_or_default().replace(" | ", "\n") + "\n").collect()
    }

    /// The run folders left in the class's TMPDIR.
    pub fn run_folders(&self) -> Vec<String> {
        let entries = std::fs::read_dir(self.path("runs")).unwrap().flatten();
        entries.map(|e| e.file_name().to_string_lossy().into_owned()).collect()
    }
}

/// The command lines of the running processes that mention `path`.
pub fn left_behind(path: &Path) -> Vec<String> {
    let needle = path.display().to_string();
    std::fs::read_dir("/proc")
        .unwrap()
        .flatten()
        .filter_map(|e| std::fs::read(e.path().join("cmdline")).ok())
        .map(|c| String::from_utf8_lossy(&c).replace('\0', " "))
        .filter(|c| c.contains(&needle) && !c.contains("searchlab grade"))
        .collect()
}

/// Waits for `child`, killing it after `limit`.
pub fn wait_at_most(child: &mut Child, limit: Duration) -> ExitStatus {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            panic!("still running after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}
