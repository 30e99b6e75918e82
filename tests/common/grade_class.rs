//! The class the tests of `searchlab grade` (tests/grade.rs) grade: a scratch folder with the
//! students built from `tests/check_corpus/digits/` programs and a digits edge suite, and
//! readers of what `grade` writes.

use std::collections::BTreeMap;
use std::os::unix::fs::PermissionsExt as _;
use std::path::{Path, PathBuf};

use assert_cmd::Command;

/// The 3-digit programs of the corpus.
pub const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/check_corpus/digits");
/// Each student's command.
pub const CMD: &str = "python3 solver.py {letter} {file}";

/// The binary under test.
pub fn searchlab() -> Command {
    Command::cargo_bin("searchlab").unwrap()
}

/// Whether to skip (SEARCHLAB_SKIP_SANDBOX=1); else bwrap must be installed.
pub fn skip() -> bool {
    if std::env::var_os("SEARCHLAB_SKIP_SANDBOX").is_some_and(|v| v == "1") {
        eprintln!("SEARCHLAB_SKIP_SANDBOX=1: sandbox test skipped");
        return true;
    }
    let on_path =
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()).any(|d| d.join("bwrap").is_file());
    assert!(on_path, "bwrap is missing: install bubblewrap (or SEARCHLAB_SKIP_SANDBOX=1)");
    false
}

/// A scratch folder (readable by others: as root, sandboxed programs run as nobody) with the
/// class in `sub/` and a digits edge suite for B and A in `suite/`.
pub struct Class {
    /// The scratch folder.
    pub tmp: tempfile::TempDir,
}

impl Class {
    pub fn new(students: &[(&str, Option<&str>)]) -> Class {
        let tmp = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap();
        std::fs::set_permissions(tmp.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
        let class = Class { tmp };
        for (name, program) in students {
            let dir = class.sub().join(name);
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(dir.join("README"), "my submission\n").unwrap();
            if let Some(program) = program {
                std::fs::copy(Path::new(CORPUS).join(program), dir.join("solver.py")).unwrap();
            }
        }
        let out = searchlab()
            .args(["cases", "digits", "--set", "edge", "--methods", "B,A", "--out"])
            .arg(class.suite())
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        class
    }

    pub fn sub(&self) -> PathBuf {
        self.tmp.path().join("sub")
    }

    pub fn suite(&self) -> PathBuf {
        self.tmp.path().join("suite")
    }

    pub fn out(&self) -> PathBuf {
        self.tmp.path().join("out")
    }

    /// `grade digits sub --cmd CMD --cases suite --out out FLAGS`: exit code and stderr.
    pub fn grade(&self, flags: &[&str]) -> (i32, String) {
        self.grade_into(&self.out(), flags)
    }

    /// `grade digits sub --cmd CMD --cases suite --out OUT FLAGS`: exit code and stderr.
    pub fn grade_into(&self, out: &Path, flags: &[&str]) -> (i32, String) {
        let out = searchlab()
            .args(["grade", "digits"])
            .arg(self.sub())
            .args(["--cmd", CMD, "--cases"])
            .arg(self.suite())
            .arg("--out")
            .arg(out)
            .args(["--timeout", "10"])
            .args(flags)
            .output()
            .unwrap();
        (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stderr).into_owned())
    }

    /// The suite's cases: (name, letter, input text).
    pub fn cases(&self) -> Vec<(String, String, String)> {
        let manifest: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(self.suite().join("manifest.json")).unwrap()).unwrap();
        let cases = manifest["cases"].as_array().unwrap();
        let text = |c: &serde_json::Value| std::fs::read_to_string(self.suite().join(c["input"].as_str().unwrap()));
        cases
            .iter()
            .map(|c| (c["name"].as_str().unwrap().into(), c["method"].as_str().unwrap().into(), text(c).unwrap()))
            .collect()
    }

    /// A folder of the scratch space.
    pub fn dir(&self, name: &str) -> PathBuf {
        self.tmp.path().join(name)
    }

    /// gradebook.csv as one map per row, by student.
    pub fn gradebook(&self) -> BTreeMap<String, BTreeMap<String, String>> {
        gradebook(&self.out())
    }
}

/// `grade merge INPUTS --out OUT`: exit code, stdout and stderr.
pub fn merge(inputs: &[PathBuf], out: &Path) -> (i32, String, String) {
    let run = searchlab().args(["grade", "merge"]).args(inputs).arg("--out").arg(out).output().unwrap();
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (run.status.code().unwrap_or(-1), text(&run.stdout), text(&run.stderr))
}

/// OUT/gradebook.csv as one map per row, by student.
pub fn gradebook(out: &Path) -> BTreeMap<String, BTreeMap<String, String>> {
    let mut reader = csv::Reader::from_path(out.join("gradebook.csv")).unwrap();
    let header: Vec<String> = reader.headers().unwrap().iter().map(str::to_owned).collect();
    let mut rows = BTreeMap::new();
    for record in reader.records() {
        let row: BTreeMap<String, String> =
            header.iter().cloned().zip(record.unwrap().iter().map(str::to_owned)).collect();
        rows.insert(row["student"].clone(), row);
    }
    rows
}

/// Every file under `dir` but the key: (path, text), for the names they must not hold.
pub fn files_but_the_key(dir: &Path) -> Vec<(PathBuf, String)> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            found.push((path.clone(), String::new()));
            found.extend(files_but_the_key(&path));
        } else if !path.ends_with("anonymize-key.csv") {
            found.push((path.clone(), String::from_utf8_lossy(&std::fs::read(&path).unwrap()).into_owned()));
        }
    }
    found
}

/// OUT/anonymize-key.csv: pseudonym → student.
pub fn key_of(out: &Path) -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(out.join("anonymize-key.csv")).unwrap();
    let (salt, rows) = text.split_once('\n').unwrap();
    assert!(salt.starts_with("# searchlab grade --anonymize key; salt "), "{salt}");
    let mut reader = csv::Reader::from_reader(rows.as_bytes());
    reader.records().map(|r| r.unwrap()).map(|r| (r[0].to_owned(), r[1].to_owned())).collect()
}

/// Writes the zip `path` with python3's zipfile: (entry name, contents), names as given.
pub fn zip_with_python(path: &Path, entries: &[(&str, &str)]) {
    let script = "import json, sys, zipfile\n\
                  with zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED) as z:\n\
                  \x20   for name, text in json.loads(sys.argv[2]):\n\
                  \x20       z.writestr(zipfile.ZipInfo(name), text)\n";
    let entries = serde_json::to_string(entries).unwrap();
    let out = std::process::Command::new("python3").args(["-c", script]).arg(path).arg(entries).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}
