//! Bundles written from a small suite and a fake binary, read back with the zip crate; and
//! each refusal, which leaves no file behind.

use std::io::Read as _;
use std::path::{Path, PathBuf};

use super::*;
use crate::cases::{digits_cases, write_suite};

/// A scratch folder with a 3-digit suite of 4 cases in `suite/`, a stray file beside its own,
/// and a fake binary.
struct Scratch {
    dir: tempfile::TempDir,
}

impl Scratch {
    fn new() -> Scratch {
        let dir = tempfile::tempdir().unwrap();
        let labels = vec!["spec".to_owned()];
        let cases = digits_cases(
            [("example", "320\n110\n", labels.as_slice()), ("other", "345\n555\n", &labels[..])],
            &["B", "A"],
        )
        .unwrap();
        write_suite(&dir.path().join("suite"), &cases, false, false, "test").unwrap();
        std::fs::write(dir.path().join("suite/stray.txt"), "not the suite's").unwrap();
        std::fs::write(dir.path().join("searchlab"), b"\x7fELF fake binary").unwrap();
        Scratch { dir }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    fn spec(&self) -> BundleSpec {
        BundleSpec {
            puzzle: Puzzle::Digits,
            command: "python3 'my solver.py' {letter} {file}".to_owned(),
            cases: BundleCases::Suite(self.path("suite")),
            options: vec!["--letters".to_owned(), "B,A".to_owned()],
            tests: 4,
            fringe_lines: false,
            binary: self.path("searchlab"),
        }
    }
}

/// Each entry of the zip: name, unix mode and bytes.
fn entries(zip: &Path) -> Vec<(String, u32, Vec<u8>)> {
    let mut archive = zip::ZipArchive::new(std::fs::File::open(zip).unwrap()).unwrap();
    (0..archive.len())
        .map(|i| {
            let mut entry = archive.by_index(i).unwrap();
            let mut bytes = Vec::new();
            entry.read_to_end(&mut bytes).unwrap();
            (entry.name().to_owned(), entry.unix_mode().unwrap() & 0o777, bytes)
        })
        .collect()
}

#[test]
fn a_bundle_holds_the_scripts_the_binary_and_exactly_the_suites_files() {
    let s = Scratch::new();
    let out = s.path("autograder.zip");
    let summary = write_bundle(&s.spec(), &out, false).unwrap();
    assert_eq!(summary.suite_cases, 4);
    assert_eq!(summary.bytes, std::fs::metadata(&out).unwrap().len());
    let found = entries(&out);
    let names: Vec<&str> = found.iter().map(|(n, _, _)| n.as_str()).collect();
    assert_eq!(names, summary.entries);
    assert_eq!(&names[..4], ["setup.sh", "run_autograder", "searchlab", "suite/manifest.json"]);
    assert_eq!(names.len(), 4 + 8, "4 inputs and 4 answers: {names:?}");
    assert!(!names.iter().any(|n| n.contains("stray")));
    for (name, mode, bytes) in &found {
        let wanted = if name.starts_with("suite/") { 0o644 } else { 0o755 };
        assert_eq!(*mode, wanted, "{name}");
        if let Some(file) = name.strip_prefix("suite/") {
            assert_eq!(bytes, &std::fs::read(s.path("suite").join(file)).unwrap(), "{name}");
        }
    }
    assert_eq!(found[2].2, b"\x7fELF fake binary");
    let run = String::from_utf8(found[1].2.clone()).unwrap();
    assert!(run.contains(r#"--cmd 'python3 '\''my solver.py'\'' {letter} {file}' --letters B,A --thorough"#), "{run}");
    assert!(run.contains(r#""max_score": 8,"#), "4 tests of 2 points: {run}");
}

#[test]
fn an_existing_output_is_replaced_only_when_forced() {
    let s = Scratch::new();
    let out = s.path("autograder.zip");
    std::fs::write(&out, "earlier").unwrap();
    let err = write_bundle(&s.spec(), &out, false).unwrap_err();
    assert_eq!(err.to_string(), format!("{} already exists: pass --force to replace it", out.display()));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "earlier");
    write_bundle(&s.spec(), &out, true).unwrap();
    assert_eq!(entries(&out)[0].0, "setup.sh");
    // A folder is never replaced.
    let err = write_bundle(&s.spec(), &s.path("suite"), true).unwrap_err();
    assert!(err.to_string().contains("it is a folder"), "{err}");
}

/// The refusal's message; the output file is not there afterwards.
fn refused(s: &Scratch, spec: &BundleSpec, out: &Path) -> String {
    let err = write_bundle(spec, out, false).unwrap_err().to_string();
    assert!(!out.exists(), "{err}: nothing may be left at {}", out.display());
    let leftovers: Vec<_> = std::fs::read_dir(s.dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(leftovers.len(), 2, "no temporary file left: {leftovers:?}");
    assert_eq!(err.lines().count(), 1, "{err}");
    err
}

#[test]
fn bad_input_is_refused_in_one_line_before_anything_is_written() {
    let s = Scratch::new();
    let out = s.path("autograder.zip");
    let mut other = s.spec();
    other.command = "python3 driver.py {method} {board}".to_owned();
    assert!(refused(&s, &other, &out).contains("which an N-puzzle program takes"));
    let mut other = s.spec();
    other.puzzle = Puzzle::Npuzzle;
    other.command = "python3 driver.py {method} {board}".to_owned();
    assert!(refused(&s, &other, &out).contains("is a digits suite: the bundle checks npuzzle programs"));
    let mut broken = s.spec();
    broken.command = "python3 'driver.py {letter} {file}".to_owned();
    assert!(refused(&s, &broken, &out).starts_with("--cmd: "));
    let mut missing = s.spec();
    missing.binary = s.path("no-such-binary");
    assert!(refused(&s, &missing, &out).starts_with("cannot read the searchlab binary"));
    let unwritable = s.path("no/such/folder/autograder.zip");
    assert!(refused(&s, &s.spec(), &unwritable).starts_with("cannot write"));
    let err = BundleCases::parse(s.path("no-suite").to_str().unwrap()).unwrap_err().to_string();
    assert!(err.contains("no-suite: there is no such folder"), "{err}");
    assert_eq!(BundleCases::parse(s.path("suite").to_str().unwrap()).unwrap(), BundleCases::Suite(s.path("suite")));
}

#[test]
fn a_named_set_ships_no_suite() {
    let s = Scratch::new();
    let out = s.path("autograder.zip");
    let spec = BundleSpec { cases: BundleCases::Named("public".to_owned()), ..s.spec() };
    let summary = write_bundle(&spec, &out, false).unwrap();
    assert_eq!(summary.entries, ["setup.sh", "run_autograder", "searchlab"]);
    assert_eq!(summary.suite_cases, 0);
}
