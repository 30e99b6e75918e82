//! A Gradescope autograder bundle (`searchlab gradescope-bundle`): one zip with `setup.sh`,
//! `run_autograder` (see [`super::gradescope_scripts`]), the `searchlab` binary itself and the
//! suite, which Gradescope unpacks into `/autograder/source`.
//!
//! Everything is checked before the zip is written: the command's placeholders are the
//! puzzle's, the suite loads (answers matching their SHA-256) and is of that puzzle, and the
//! output is not an existing file unless replacing it was asked for. Only the files the suite's
//! manifest names are copied.

use std::fs::File;
use std::io::{self, Seek as _, SeekFrom, Write as _};
use std::path::{Path, PathBuf};

use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipWriter};

use super::gradescope_scripts::{run_autograder_script, setup_script, CheckLine, SUITE_FOLDER};
use crate::cases::{load_suite, suite_files, CasesError, Puzzle, TestSet};
use crate::grade::points_per_test;
use crate::{preflight_placeholders, CommandTemplate, Refusal, TemplateError};

/// The test sets a bundle can run: a suite folder, copied into it, or a set the binary makes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BundleCases {
    /// A suite folder written by `searchlab cases`.
    Suite(PathBuf),
    /// `public`, `random`, `edge`, `all` or `robustness`, made by the bundled binary.
    Named(String),
}

impl BundleCases {
    /// The cases `--cases` names; a word that is neither a set's name nor a folder is refused
    /// as a missing suite folder.
    ///
    /// ```
    /// use searchlab_check::export::BundleCases;
    /// assert_eq!(BundleCases::parse("edge").unwrap(), BundleCases::Named("edge".into()));
    /// assert!(BundleCases::parse("no/such/suite").unwrap_err().to_string().contains("no such folder"));
    /// ```
    pub fn parse(text: &str) -> Result<BundleCases, BundleError> {
        match TestSet::parse(text) {
            Ok(TestSet::Suite(dir)) => Ok(BundleCases::Suite(dir)),
            Ok(_) => Ok(BundleCases::Named(text.to_owned())),
            Err(_) => Err(BundleError::NoSuite(PathBuf::from(text))),
        }
    }
}

/// What a bundle runs and ships.
#[derive(Debug, Clone)]
pub struct BundleSpec {
    /// The puzzle the students' programs solve.
    pub puzzle: Puzzle,
    /// The students' command template (`--cmd`), as written.
    pub command: String,
    /// The cases each submission is checked on.
    pub cases: BundleCases,
    /// Further options of `searchlab check`, one word each, forwarded as written (`--letters`,
    /// `B,A`, `--timeout`, `10`, …); `--cases`, `--gradescope` and `--thorough` are added.
    pub options: Vec<String>,
    /// The number of tests a check runs (every case of the set for the methods tested): with
    /// the points per test, the total of the results written when the check cannot run.
    pub tests: usize,
    /// Whether the N-puzzle's 2017 lines are graded (10 items a test instead of 8).
    pub fringe_lines: bool,
    /// The `searchlab` executable copied into the bundle.
    pub binary: PathBuf,
}

/// What a written bundle holds.
#[derive(Debug, Clone, PartialEq)]
pub struct BundleSummary {
    /// The entries, in the zip's order.
    pub entries: Vec<String>,
    /// The suite's cases copied (0 for a named set).
    pub suite_cases: usize,
    /// The zip's size in bytes.
    pub bytes: u64,
}

/// Why a bundle was not written; nothing is left at the output path.
#[derive(Debug, thiserror::Error)]
pub enum BundleError {
    /// `--cases` is neither a set's name nor a folder.
    #[error("--cases {}: there is no such folder (give a suite folder written by `searchlab cases`, or public, random, edge, all or robustness)", .0.display())]
    NoSuite(PathBuf),
    /// The command template cannot be parsed.
    #[error("--cmd: {0}")]
    Template(#[from] TemplateError),
    /// The command's placeholders are not the puzzle's.
    #[error(transparent)]
    Refused(#[from] Refusal),
    /// The suite cannot be read (a missing manifest, an edited answer, a path outside it).
    #[error(transparent)]
    Cases(#[from] CasesError),
    /// The suite holds cases of the other puzzle.
    #[error("{} is a {found} suite: the bundle checks {wanted} programs", .dir.display())]
    OtherPuzzle {
        /// The suite folder.
        dir: PathBuf,
        /// The suite's puzzle.
        found: Puzzle,
        /// The bundle's puzzle.
        wanted: Puzzle,
    },
    /// The output file exists and replacing it was not asked for.
    #[error("{} already exists: pass --force to replace it", .0.display())]
    Exists(PathBuf),
    /// A file could not be read or written.
    #[error("{what} {}: {source}", .path.display())]
    Io {
        /// What was being done (`cannot read the searchlab binary`).
        what: &'static str,
        /// The file.
        path: PathBuf,
        /// The operating system's reason.
        #[source]
        source: io::Error,
    },
}

fn io_error<'a>(what: &'static str, path: &'a Path) -> impl FnOnce(io::Error) -> BundleError + 'a {
    move |source| BundleError::Io { what, path: path.to_path_buf(), source }
}

fn zip_error(path: &Path) -> impl FnOnce(zip::result::ZipError) -> BundleError + '_ {
    move |e| BundleError::Io {
        what: "cannot write",
        path: path.to_path_buf(),
        source: match e {
            zip::result::ZipError::Io(e) => e,
            other => io::Error::other(other.to_string()),
        },
    }
}

/// The check line of `spec`, for the scripts.
fn check_line(spec: &BundleSpec) -> CheckLine {
    CheckLine {
        puzzle: spec.puzzle.name().to_owned(),
        command: spec.command.clone(),
        named_set: match &spec.cases {
            BundleCases::Named(set) => Some(set.clone()),
            BundleCases::Suite(_) => None,
        },
        options: spec.options.clone(),
        max_score: points_per_test(spec.puzzle, spec.fringe_lines) * spec.tests as f64,
    }
}

/// Checks `spec` and writes its bundle to `out` (replacing an existing file only when
/// `force`): `setup.sh`, `run_autograder` and `searchlab` with mode 755, the suite's
/// `manifest.json` and the files it names under `suite/` with mode 644. The zip is made in a
/// temporary file and renamed into place when complete.
pub fn write_bundle(spec: &BundleSpec, out: &Path, force: bool) -> Result<BundleSummary, BundleError> {
    let template = CommandTemplate::parse(&spec.command)?;
    preflight_placeholders(spec.puzzle, &template)?;
    let suite = match &spec.cases {
        BundleCases::Suite(dir) => {
            let cases = load_suite(dir)?;
            if let Some(other) = cases.iter().find(|c| c.puzzle != spec.puzzle) {
                return Err(BundleError::OtherPuzzle { dir: dir.clone(), found: other.puzzle, wanted: spec.puzzle });
            }
            Some((dir.as_path(), cases.len(), suite_files(dir)?))
        }
        BundleCases::Named(_) => None,
    };
    // A folder is refused by the file's creation below, whatever `force`.
    if std::fs::metadata(out).is_ok_and(|m| !m.is_dir()) && !force {
        return Err(BundleError::Exists(out.to_path_buf()));
    }
    // Opened first: an output folder that cannot be written is said before any work.
    let mut target = searchlab_files::AtomicFile::create(out).map_err(|e| BundleError::Io {
        what: "cannot write",
        path: out.to_path_buf(),
        source: e.source,
    })?;
    let mut binary = File::open(&spec.binary).map_err(io_error("cannot read the searchlab binary", &spec.binary))?;
    let scratch = tempfile::tempfile().map_err(io_error("cannot make a temporary file for", out))?;
    let mut zip = ZipWriter::new(scratch);
    let deflated = SimpleFileOptions::default().compression_method(CompressionMethod::Deflated);
    let executable = deflated.unix_permissions(0o755);
    let plain = deflated.unix_permissions(0o644);
    let line = check_line(spec);
    let mut entries = Vec::new();
    let mut add = |zip: &mut ZipWriter<File>, name: &str, options: SimpleFileOptions, bytes: &[u8]| {
        entries.push(name.to_owned());
        zip.start_file(name, options).map_err(zip_error(out))?;
        zip.write_all(bytes).map_err(io_error("cannot write", out))
    };
    add(&mut zip, "setup.sh", executable, setup_script(&line).as_bytes())?;
    add(&mut zip, "run_autograder", executable, run_autograder_script(&line).as_bytes())?;
    add(&mut zip, "searchlab", executable, &[])?;
    io::copy(&mut binary, &mut zip).map_err(io_error("cannot copy the searchlab binary", &spec.binary))?;
    let mut suite_cases = 0;
    if let Some((dir, cases, files)) = suite {
        suite_cases = cases;
        for file in files {
            let path = dir.join(&file);
            let bytes = std::fs::read(&path).map_err(io_error("cannot read", &path))?;
            add(&mut zip, &format!("{SUITE_FOLDER}/{file}"), plain, &bytes)?;
        }
    }
    let mut scratch = zip.finish().map_err(zip_error(out))?;
    let bytes = scratch.seek(SeekFrom::End(0)).map_err(io_error("cannot write", out))?;
    scratch.seek(SeekFrom::Start(0)).map_err(io_error("cannot write", out))?;
    io::copy(&mut scratch, &mut target).map_err(io_error("cannot write", out))?;
    target.commit().map_err(|e| BundleError::Io { what: "cannot write", path: out.to_path_buf(), source: e.source })?;
    Ok(BundleSummary { entries, suite_cases, bytes })
}

#[cfg(test)]
#[path = "gradescope_bundle_tests.rs"]
mod tests;
