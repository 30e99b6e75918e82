//! End-to-end tests of `searchlab gradescope-bundle`: a bundle made for a 3-digit edge suite
//! (letters B and A) is unpacked with the zip crate into a temporary Gradescope layout
//! (`source/` the bundle, `submission/` a student's program from `tests/check_corpus/digits/`,
//! `results/`); its `setup.sh` installs the binary into a temporary folder
//! (`SEARCHLAB_BIN_DIR`) and its `run_autograder` checks the submission there
//! (`AUTOGRADER_ROOT`). The `results.json` is read with serde_json and held to Gradescope's
//! format: a correct program gets the full score, a wrong one less, a missing one 0 and why.

use std::io::Read as _;
use std::os::unix::fs::PermissionsExt as _;
use std::path::{Path, PathBuf};
use std::process::Command as Process;

use assert_cmd::Command;
use serde_json::Value;

/// The 3-digit programs of the corpus.
const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/check_corpus/digits");
/// The students' command: a file name with a quote and a blank, which the scripts must quote.
const CMD: &str = "python3 \"student's solver.py\" {letter} {file}";
const PROGRAM: &str = "student's solver.py";

fn searchlab() -> Command {
    Command::cargo_bin("searchlab").unwrap()
}

/// A scratch folder: `suite/` (a digits edge suite for B and A), `autograder.zip`, the
/// Gradescope layout in `autograder/` and the install folder `bin/`.
struct Scratch {
    tmp: tempfile::TempDir,
}

impl Scratch {
    fn new() -> Scratch {
        let scratch = Scratch { tmp: tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap() };
        let out = searchlab()
            .args(["cases", "digits", "--set", "edge", "--methods", "B,A", "--out"])
            .arg(scratch.path("suite"))
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        scratch
    }

    fn path(&self, name: &str) -> PathBuf {
        self.tmp.path().join(name)
    }

    /// `gradescope-bundle digits --cmd CMD --cases suite/ ARGS`: (exit code, stdout, stderr).
    fn bundle(&self, args: &[&str]) -> (i32, String, String) {
        let out = searchlab()
            .current_dir(self.tmp.path())
            .args(["gradescope-bundle", "digits", "--cmd", CMD])
            .args(args)
            .output()
            .unwrap();
        let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
        (out.status.code().unwrap_or(-1), text(&out.stdout), text(&out.stderr))
    }

    /// Runs `script` of the layout with sh and the two variables: (exit code, stdout).
    fn run(&self, script: &str) -> (i32, String) {
        let out = Process::new("sh")
            .arg(self.path("autograder/source").join(script))
            .current_dir(self.path("autograder/source"))
            .env("AUTOGRADER_ROOT", self.path("autograder"))
            .env("SEARCHLAB_BIN_DIR", self.path("bin"))
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{script} failed: {stderr}");
        (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned())
    }

    /// Puts the corpus program `program` (or none) in a fresh `submission/`, runs
    /// `run_autograder` and returns results.json, checked against Gradescope's format, with
    /// the log.
    fn grade(&self, program: Option<&str>) -> (Value, String) {
        let submission = self.path("autograder/submission");
        let _ = std::fs::remove_dir_all(&submission);
        std::fs::create_dir_all(&submission).unwrap();
        if let Some(program) = program {
            std::fs::copy(Path::new(CORPUS).join(program), submission.join(PROGRAM)).unwrap();
        }
        self.run_autograder()
    }

    /// Hands in `tests/sandbox_programs/hostile_student.py` with `attack` and grades it.
    fn grade_hostile(&self, attack: &Value) -> (Value, String) {
        let submission = self.path("autograder/submission");
        let _ = std::fs::remove_dir_all(&submission);
        std::fs::create_dir_all(&submission).unwrap();
        std::fs::write(submission.join(PROGRAM), include_str!("sandbox_programs/hostile_student.py")).unwrap();
        std::fs::write(submission.join("attack.json"), attack.to_string()).unwrap();
        self.run_autograder()
    }

    fn run_autograder(&self) -> (Value, String) {
        let (_, log) = self.run("run_autograder");
        let text = std::fs::read_to_string(self.path("autograder/results/results.json")).unwrap();
        let results: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("not JSON only ({e}):\n{text}"));
        gradescope_format(&results);
        (results, log)
    }
}

/// Unpacks `zip` into `to` with the zip crate, keeping each entry's unix mode; returns
/// (name, mode) of each entry.
fn unpack(zip: &Path, to: &Path) -> Vec<(String, u32)> {
    let mut archive = zip::ZipArchive::new(std::fs::File::open(zip).unwrap()).unwrap();
    let mut entries = Vec::new();
    for i in 0..archive.len() {
        let mut entry = archive.by_index(i).unwrap();
        let name = entry.enclosed_name().expect("a name inside the folder");
        let mode = entry.unix_mode().expect("a unix mode") & 0o777;
        let path = to.join(&name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        let mut bytes = Vec::new();
        entry.read_to_end(&mut bytes).unwrap();
        std::fs::write(&path, bytes).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode)).unwrap();
        entries.push((entry.name().to_owned(), mode));
    }
    entries
}

const VISIBILITIES: [&str; 4] = ["hidden", "after_due_date", "after_published", "visible"];

/// Gradescope's results.json: a number `score`, a `tests` array whose entries have a string
/// `name` and `output` and number `score` and `max_score` (score within 0..=max_score), and
/// optional `visibility` and `stdout_visibility` among Gradescope's words.
fn gradescope_format(results: &Value) {
    assert!(results["score"].is_number(), "score: {results}");
    for key in ["visibility", "stdout_visibility"] {
        if let Some(v) = results.get(key) {
            assert!(VISIBILITIES.contains(&v.as_str().unwrap_or_default()), "{key}: {v}");
        }
    }
    let tests = results["tests"].as_array().expect("a tests array");
    assert!(!tests.is_empty());
    for test in tests {
        assert!(test["name"].is_string() && test["output"].is_string(), "{test}");
        let (score, max) = (test["score"].as_f64().expect("score"), test["max_score"].as_f64().expect("max_score"));
        assert!((0.0..=max).contains(&score), "{test}");
        if let Some(v) = test.get("visibility") {
            assert!(VISIBILITIES.contains(&v.as_str().unwrap_or_default()), "{test}");
        }
    }
}

/// (score, sum of the tests' scores, sum of their max_score).
fn totals(results: &Value) -> (f64, f64, f64) {
    let tests = results["tests"].as_array().unwrap();
    let sum = |key: &str| tests.iter().map(|t| t[key].as_f64().unwrap()).sum::<f64>();
    (results["score"].as_f64().unwrap(), sum("score"), sum("max_score"))
}

#[test]
fn a_bundle_installs_itself_and_grades_submissions_for_gradescope() {
    let s = Scratch::new();
    let suite_cases = std::fs::read_dir(s.path("suite/inputs")).unwrap().count();
    let (code, stdout, stderr) =
        s.bundle(&["--cases", "suite/", "--letters", "B,A", "--timeout", "20", "--out", "autograder.zip"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.starts_with("wrote autograder.zip ("), "{stdout}");
    assert!(stdout.contains(&format!("suite/ ({suite_cases} digits cases)")), "{stdout}");

    let entries = unpack(&s.path("autograder.zip"), &s.path("autograder/source"));
    for (name, mode) in &entries {
        let wanted = if name.starts_with("suite/") { 0o644 } else { 0o755 };
        assert_eq!(*mode, wanted, "{name}");
    }
    let names: Vec<&str> = entries.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(&names[..3], ["setup.sh", "run_autograder", "searchlab"]);
    assert_eq!(names.len(), 3 + 1 + 2 * suite_cases, "the manifest, inputs and answers: {names:?}");
    let bundled = std::fs::read(s.path("autograder/source/searchlab")).unwrap();
    assert!(bundled == std::fs::read(assert_cmd::cargo::cargo_bin("searchlab")).unwrap(), "the very binary");
    let script = std::fs::read_to_string(s.path("autograder/source/run_autograder")).unwrap();
    assert!(script.contains("--letters B,A --timeout 20 --sandbox --thorough"), "always sandboxed: {script}");

    let (_, version) = s.run("setup.sh");
    assert_eq!(version, format!("searchlab {}\n", env!("CARGO_PKG_VERSION")));
    let installed = std::fs::metadata(s.path("bin/searchlab")).unwrap();
    assert_eq!(installed.permissions().mode() & 0o777, 0o700, "no student's program may run the answer key");

    let (right, log) = s.grade(Some("correct.py"));
    let (score, sum, max) = totals(&right);
    assert_eq!(right["tests"].as_array().unwrap().len(), suite_cases);
    assert_eq!((score, sum, max), (max, max, 2.0 * suite_cases as f64), "full score:\n{right:#}");
    assert!(
        log.contains(&format!("total: {suite_cases}/{suite_cases} tests passed")),
        "the report is in the log: {log}"
    );

    let (wrong, _) = s.grade(Some("children-reversed.py"));
    let (score, sum, max) = totals(&wrong);
    assert!(score < max && score == sum, "less than full: {score} of {max}");
    let outputs: Vec<&str> = wrong["tests"].as_array().unwrap().iter().map(|t| t["output"].as_str().unwrap()).collect();
    assert!(outputs.iter().any(|o| o.contains("children-reversed")), "the failures are explained: {outputs:?}");

    let (missing, _) = s.grade(None);
    assert_eq!(totals(&missing), (0.0, 0.0, 2.0 * suite_cases as f64));
    let output = missing["output"].as_str().unwrap();
    assert!(output.contains(&format!("there is no file {PROGRAM}")), "the student is told why: {output}");

    // A student whose program runs the installed searchlab on each problem gets nothing: the
    // binary is root's only, and the sandbox shows neither it nor the suite.
    let (cheat, log) = s.grade_hostile(&serde_json::json!({"mode": "key", "grader": s.path("bin/searchlab")}));
    assert_eq!(totals(&cheat).0, 0.0, "{log}");
}

#[test]
fn bad_input_is_refused_in_one_line_with_exit_2() {
    let s = Scratch::new();
    let refused = |args: &[&str], needle: &str| {
        let (code, stdout, stderr) = s.bundle(args);
        assert_eq!((code, stdout.as_str()), (2, ""), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.starts_with("searchlab: ") && stderr.contains(needle), "{args:?}: {stderr}");
    };
    refused(&["--cases", "no-suite/", "--out", "a.zip"], "--cases no-suite/: there is no such folder");
    assert!(!s.path("a.zip").exists());
    std::fs::write(s.path("a.zip"), "earlier").unwrap();
    refused(&["--cases", "suite/", "--out", "a.zip"], "a.zip already exists: pass --force to replace it");
    assert_eq!(std::fs::read_to_string(s.path("a.zip")).unwrap(), "earlier");
    refused(&["--cases", "suite/", "--out", "no/such/folder/a.zip"], "cannot write no/such/folder/a.zip");
    refused(&["--cases", "suite/", "--methods", "bfs", "--out", "b.zip"], "--methods is for npuzzle");
    let out = searchlab()
        .current_dir(s.tmp.path())
        .args(["gradescope-bundle", "digits", "--cmd", "python3 driver.py {method} {board}"])
        .args(["--cases", "suite/", "--out", "c.zip"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("which an N-puzzle program takes"));
    for zip in ["b.zip", "c.zip"] {
        assert!(!s.path(zip).exists(), "{zip}");
    }
}
