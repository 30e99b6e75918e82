//! The corpus of student-style programs (`tests/check_corpus/`): its manifest and how to run
//! a program of it, shared by `check_corpus.rs` and `check_accuracy.rs`.

#![allow(dead_code)] // each test file uses part of it

use std::path::Path;
use std::process::Command;

use searchlab_check::CommandTemplate;

/// The corpus folder.
pub const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/check_corpus");

#[derive(Debug, serde::Deserialize)]
pub struct Manifest {
    pub programs: Vec<Program>,
}

#[derive(Debug, serde::Deserialize)]
pub struct Program {
    pub file: String,
    pub puzzle: String,
    pub language: String,
    pub kind: String,
    pub variants: Vec<String>,
    #[serde(default)]
    pub methods: Vec<String>,
    pub witness: Witness,
    pub notes: String,
}

#[derive(Debug, serde::Deserialize)]
pub struct Witness {
    pub set: String,
    pub case: String,
    pub method: String,
}

pub fn manifest() -> Manifest {
    let text = std::fs::read_to_string(format!("{CORPUS}/manifest.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

fn require(tool: &str) {
    let ok = Command::new(tool).arg("--version").output().is_ok_and(|o| o.status.success());
    assert!(ok, "{tool} is needed to run the corpus of student programs (install it; this test never skips)");
}

pub fn require_tools() {
    require("python3");
    require("javac");
    require("java");
}

/// The command template of a program; Java sources are compiled into `classes` first.
pub fn template(program: &Program, classes: &Path) -> CommandTemplate {
    let args = if program.puzzle == "digits" { "{letter} {file}" } else { "{method} {board}" };
    let source = format!("{CORPUS}/{}", program.file);
    let text = match program.language.as_str() {
        "python3" => format!("python3 '{source}' {args}"),
        "java" => {
            let out = Command::new("javac").arg("-d").arg(classes).arg(&source).output().unwrap();
            assert!(out.status.success(), "javac {source}: {}", String::from_utf8_lossy(&out.stderr));
            let class = Path::new(&source).file_stem().unwrap().to_string_lossy().into_owned();
            format!("java -cp '{}' {class} {args}", classes.display())
        }
        other => panic!("{}: unknown language {other}", program.file),
    };
    CommandTemplate::parse(&text).unwrap()
}
