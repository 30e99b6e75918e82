//! A suite on disk, as `searchlab cases` writes it and `searchlab check --cases DIR` reads it:
//!
//! ```text
//! suite/
//!   manifest.json              format, puzzle, whether hashed, and one entry per case
//!   inputs/CASE.txt            the board (N-puzzle) or the input file (3-digit) of each case
//!   expected/CASE.txt          the reference's canonical answer (absent with --hashed)
//! ```
//!
//! Each manifest entry holds `name`, `method`, `labels`, `input` (a path relative to the
//! folder), `expected` (a relative path, or `null` when hashed) and `expected_sha256` (always:
//! with a plain suite it guards the answer files against edits). The answer texts are those
//! of [`super::npuzzle_expected_text`] and [`super::digits_expected_text`].

use std::path::{Component, Path, PathBuf};

use super::{sha256_hex, CasesError, Expected, Puzzle, TestCase};

/// The manifest's file name inside a suite folder.
pub const MANIFEST_FILE_NAME: &str = "manifest.json";

/// The manifest's `format` value this version writes and reads.
pub const MANIFEST_FORMAT: &str = "searchlab-suite/1";

/// The contents of `manifest.json`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SuiteManifest {
    /// Always [`MANIFEST_FORMAT`].
    pub format: String,
    /// The puzzle of every case.
    pub puzzle: Puzzle,
    /// Whether the answers are given only as SHA-256.
    pub hashed: bool,
    /// How the suite was made (free text: the command's options), for people.
    #[serde(default)]
    pub about: String,
    /// The cases, in order.
    pub cases: Vec<ManifestEntry>,
}

/// One case of a manifest.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ManifestEntry {
    /// The case's name (also its files' name).
    pub name: String,
    /// The method (`bfs`) or letter (`B`).
    pub method: String,
    /// What the instance is there for.
    #[serde(default)]
    pub labels: Vec<String>,
    /// The input file, relative to the suite folder.
    pub input: String,
    /// The answer file, relative to the suite folder; `None` in a hashed suite.
    pub expected: Option<String>,
    /// The SHA-256 of the answer text.
    pub expected_sha256: String,
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> CasesError + '_ {
    move |source| CasesError::Io { path: path.to_path_buf(), source }
}

fn safe_name(name: &str) -> bool {
    !name.is_empty()
        && !name.starts_with('.')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
}

/// Writes `cases` (all of one puzzle) into `dir` as a suite; `hashed` keeps only the
/// SHA-256 of each answer. Refuses a folder that holds anything unless `force`, and even
/// then only writes its own files (nothing else in the folder is removed). Returns the
/// manifest written.
pub fn write_suite(
    dir: &Path,
    cases: &[TestCase],
    hashed: bool,
    force: bool,
    about: &str,
) -> Result<SuiteManifest, CasesError> {
    let puzzle = cases.first().map_or(Puzzle::Npuzzle, |c| c.puzzle);
    let bad = |reason: String| CasesError::Format { path: dir.join(MANIFEST_FILE_NAME), reason };
    if let Some(c) = cases.iter().find(|c| c.puzzle != puzzle) {
        return Err(bad(format!("case {} is a {} case in a {puzzle} suite", c.name, c.puzzle)));
    }
    let mut names = std::collections::HashSet::new();
    if let Some(c) = cases.iter().find(|c| !safe_name(&c.name) || !names.insert(c.name.as_str())) {
        return Err(bad(format!("case name `{}` is repeated or not usable as a file name", c.name)));
    }
    if searchlab_files::holds_files(dir).map_err(io(dir))? && !force {
        return Err(CasesError::NotEmpty(dir.to_path_buf()));
    }
    for sub in ["inputs", "expected"] {
        if sub == "inputs" || !hashed {
            let path = dir.join(sub);
            std::fs::create_dir_all(&path).map_err(io(&path))?;
        }
    }
    let mut entries = Vec::with_capacity(cases.len());
    for case in cases {
        let input = format!("inputs/{}.txt", case.name);
        let input_text = puzzle.checked().input_file(&case.input);
        let path = dir.join(&input);
        write(&path, &input_text).map_err(io(&path))?;
        let (expected, sha) = match &case.expected {
            Expected::Plain(text) if !hashed => {
                let file = format!("expected/{}.txt", case.name);
                let path = dir.join(&file);
                write(&path, text).map_err(io(&path))?;
                (Some(file), sha256_hex(text))
            }
            Expected::Plain(text) => (None, sha256_hex(text)),
            Expected::Hashed(hex) if hashed => (None, hex.to_ascii_lowercase()),
            Expected::Hashed(_) => return Err(bad(format!("case {} has only a hashed answer", case.name))),
        };
        entries.push(ManifestEntry {
            name: case.name.clone(),
            method: case.method.clone(),
            labels: case.labels.clone(),
            input,
            expected,
            expected_sha256: sha,
        });
    }
    let manifest =
        SuiteManifest { format: MANIFEST_FORMAT.to_owned(), puzzle, hashed, about: about.to_owned(), cases: entries };
    let path = dir.join(MANIFEST_FILE_NAME);
    let json = serde_json::to_string_pretty(&manifest).map_err(|e| bad(e.to_string()))?;
    write(&path, &(json + "\n")).map_err(io(&path))?;
    Ok(manifest)
}

/// Writes one file of the suite through a temporary file (an interrupted run leaves no
/// half-written file).
fn write(path: &Path, text: &str) -> std::io::Result<()> {
    searchlab_files::write_atomically(path, |w| w.write_all(text.as_bytes())).map_err(|e| e.source)
}

/// A path of the manifest, checked to stay inside the suite folder.
fn inside(dir: &Path, relative: &str) -> Result<PathBuf, CasesError> {
    let path = Path::new(relative);
    if path.components().all(|c| matches!(c, Component::Normal(_))) && !relative.is_empty() {
        Ok(dir.join(path))
    } else {
        Err(CasesError::Format {
            path: dir.join(MANIFEST_FILE_NAME),
            reason: format!("`{relative}` is not a path inside the suite folder"),
        })
    }
}

/// Reads the suite in `dir`: its cases, with the answers (plain, checked against their
/// SHA-256) or only their SHA-256 (hashed suites).
pub fn load_suite(dir: &Path) -> Result<Vec<TestCase>, CasesError> {
    let manifest_path = dir.join(MANIFEST_FILE_NAME);
    let text = std::fs::read_to_string(&manifest_path).map_err(io(&manifest_path))?;
    let bad = |reason: String| CasesError::Format { path: manifest_path.clone(), reason };
    let manifest: SuiteManifest = serde_json::from_str(&text).map_err(|e| bad(e.to_string()))?;
    if manifest.format != MANIFEST_FORMAT {
        return Err(bad(format!("format `{}` is not {MANIFEST_FORMAT}", manifest.format)));
    }
    let mut cases = Vec::with_capacity(manifest.cases.len());
    for entry in manifest.cases {
        let path = inside(dir, &entry.input)?;
        let input = std::fs::read_to_string(&path).map_err(io(&path))?;
        let input = manifest.puzzle.checked().input_from_file(input);
        let expected = match (&entry.expected, manifest.hashed) {
            (Some(file), false) => {
                let path = inside(dir, file)?;
                let text = std::fs::read_to_string(&path).map_err(io(&path))?;
                if !entry.expected_sha256.eq_ignore_ascii_case(&sha256_hex(&text)) {
                    return Err(CasesError::Format {
                        path,
                        reason: "the answer does not match its SHA-256 in the manifest (edited?)".to_owned(),
                    });
                }
                Expected::Plain(text)
            }
            (None, true) => Expected::Hashed(entry.expected_sha256.to_ascii_lowercase()),
            _ => return Err(bad(format!("case {}: `expected` must be a file exactly when not hashed", entry.name))),
        };
        cases.push(TestCase {
            name: entry.name,
            puzzle: manifest.puzzle,
            input,
            method: entry.method,
            expected,
            labels: entry.labels,
        });
    }
    Ok(cases)
}

/// The files the suite in `dir` is made of, relative to `dir`: `manifest.json`, then each
/// case's input and answer file as the manifest names them (each checked to stay inside the
/// folder). What a copy of the suite needs, and nothing else the folder may hold.
pub fn suite_files(dir: &Path) -> Result<Vec<String>, CasesError> {
    let manifest_path = dir.join(MANIFEST_FILE_NAME);
    let text = std::fs::read_to_string(&manifest_path).map_err(io(&manifest_path))?;
    let manifest: SuiteManifest = serde_json::from_str(&text)
        .map_err(|e| CasesError::Format { path: manifest_path.clone(), reason: e.to_string() })?;
    let mut files = vec![MANIFEST_FILE_NAME.to_owned()];
    for entry in &manifest.cases {
        for file in std::iter::once(&entry.input).chain(&entry.expected) {
            inside(dir, file)?;
            if !files.contains(file) {
                files.push(file.clone());
            }
        }
    }
    Ok(files)
}

#[cfg(test)]
#[path = "suite_tests.rs"]
mod tests;
