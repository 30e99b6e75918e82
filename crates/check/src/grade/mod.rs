//! `searchlab grade`: check every student of a class. Each sub-folder of the submissions
//! folder is a student; their program is copied into `OUT/work/NAME` and checked from there
//! (in the sandbox unless told otherwise), and the results are written as
//!
//! - `OUT/students/NAME/`: `report.txt` (the text report), `results.json` (Gradescope),
//!   `junit.xml`, `report.json` (the check report) and `summary.json` (the student's
//!   [`StudentResult`], written last: `--resume` skips a student who has it);
//! - `OUT/gradebook.csv`: a row per student ([`gradebook_csv`]);
//! - `OUT/class.md`: the class at a glance, rendered from the [`ClassSummary`] that
//!   [`Graded`] hands back, so that the binary draws `class.html` and its plots
//!   (searchlab-report's `class_page`) from the same numbers;
//! - `OUT/grade.json`: the puzzle, case options, shard and students ([`GradeManifest`]),
//!   which [`merge`] checks before joining outputs;
//! - `OUT/anonymize-key.csv` under `--anonymize` ([`PseudonymKey`]): the only file naming the
//!   students, every other one (folder names included) using their pseudonyms.
//!
//! A name is whatever a student called their folder or zip, so every report but the JSON files
//! writes it (and the errors quoting it) through `escape.rs`: [`visible`] control characters,
//! [`markdown_text`], [`html_text`] (for `class.html`) and [`csv_cell`].

mod anonymize;
mod class_report;
mod class_summary;
mod class_table;
mod escape;
mod gradebook;
mod manifest;
mod merge;
mod students;
mod unzip;

pub use anonymize::{class_key, PseudonymKey, KEY_FILE};
pub use class_summary::{
    one_line, ClassSummary, InputCount, NotGraded, RuleCount, Scores, StopCount, BINS, INPUTS_TITLE, NO_FAILURES,
    NO_RULES, NO_SCORES, NO_STOPS, RULES_TITLE, SCORES_TITLE, STOPS_TITLE, STUDENTS_TITLE, TOP_INPUTS,
};
pub use class_table::{rules_of, ClassTable, StudentLine};
pub use escape::{csv_cell, html_text, markdown_code, markdown_text, visible, visible_lines};
pub use gradebook::{gradebook_csv, points, points_per_test, FailedTest, StudentResult};
pub use manifest::{cases_fingerprint, GradeManifest, GradeSettings, Shard, GRADE_FORMAT, MANIFEST_FILE};
pub use merge::{merge, Merged};
pub use students::{list_students, stage, Student, StudentKind};
pub use unzip::{unzip, UnzipError, UNZIP_LIMIT};

use std::path::{Path, PathBuf};

use searchlab_npuzzle::Edition;

use crate::cases::{Puzzle, TestCase};
use crate::report::export::{Exporter, Gradescope, Junit};
use crate::{check_in, format_text, preflight, preflight_placeholders, CheckOptions, CheckReport};

/// What to grade and how.
#[derive(Debug, Clone)]
pub struct GradeOptions {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// The N-puzzle assignment's edition.
    pub edition: Edition,
    /// The cases every student is checked on.
    pub cases: Vec<TestCase>,
    /// The methods or letters tested, in order (the gradebook's columns).
    pub methods: Vec<String>,
    /// The command, timeout, jobs and sandbox of each check; `run.base_dir` is set per student
    /// (the only folder of the class the sandbox shows).
    pub check: CheckOptions,
    /// The folder with one sub-folder per student.
    pub submissions: PathBuf,
    /// The output folder.
    pub out: PathBuf,
    /// Keep the students already graded in `out` (those with a `summary.json`).
    pub resume: bool,
    /// Grade only this shard of the class (the whole class when none).
    pub shard: Option<Shard>,
    /// Pseudonyms instead of names in every output but `anonymize-key.csv` (`--anonymize`).
    pub anonymize: Option<PseudonymKey>,
}

impl GradeOptions {
    /// What `grade.json` records of these options (`merge` and `--resume` compare it).
    pub fn settings(&self) -> GradeSettings {
        GradeSettings {
            puzzle: self.puzzle,
            edition: if self.edition.has_fringe_lines() { "2017" } else { "2020" }.to_owned(),
            methods: self.methods.clone(),
            command: self.check.template.as_str().to_owned(),
            timeout: self.check.run.timeout.as_secs_f64(),
            thorough: self.check.thorough,
            cases: self.cases.len(),
            cases_sha256: cases_fingerprint(&self.cases),
            anonymize_key: self.anonymize.as_ref().map(PseudonymKey::fingerprint),
        }
    }
}

/// Why a class cannot be graded at all.
#[derive(Debug, thiserror::Error)]
pub enum GradeError {
    /// The output folder holds files and `--resume` was not given.
    #[error("{0} is not empty: choose another folder, or pass --resume to go on grading into it")]
    NotEmpty(PathBuf),
    /// The submissions folder has no student.
    #[error("{0} has no student folder (one sub-folder per student)")]
    NoStudents(PathBuf),
    /// The output folder of a merge holds files.
    #[error("{0} is not empty: merge into a new folder")]
    MergeNotEmpty(PathBuf),
    /// Outputs that cannot be joined, or resumed with other options: one line saying why.
    #[error("{0}")]
    Mismatch(String),
    /// A student graded in two of the merged outputs.
    #[error("{student} is graded in both {} and {}: merge each student once", first.display(), second.display())]
    Duplicate {
        /// The student (or pseudonym).
        student: String,
        /// The first output that has them.
        first: PathBuf,
        /// The second.
        second: PathBuf,
    },
    /// The command cannot work for this puzzle.
    #[error(transparent)]
    Refused(#[from] crate::Refusal),
    /// Grading was interrupted ([`crate::stop_live_runs`]): the students finished before keep
    /// their `summary.json`, and `--resume` goes on from there.
    #[error("interrupted")]
    Interrupted,
    /// A folder or file could not be read or written.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file or folder.
        path: PathBuf,
        /// The operating system's reason.
        #[source]
        source: std::io::Error,
    },
}

pub(crate) fn io(path: &Path) -> impl FnOnce(std::io::Error) -> GradeError + '_ {
    move |source| GradeError::Io { path: path.to_path_buf(), source }
}

/// The class graded.
#[derive(Debug, Clone)]
pub struct Graded {
    /// A row per student, by name.
    pub rows: Vec<StudentResult>,
    /// How many rows were read back from an earlier run (`--resume`).
    pub resumed: usize,
    /// The class's numbers, made once from `rows`: `class.md` is rendered from them, and
    /// `class.html` and its plots should be.
    pub summary: ClassSummary,
}

/// Grades every student of `options.submissions` into `options.out`, calling `progress` with
/// (students done, students in all, the row) after each. A student whose program cannot be
/// run still gets a row (with its `error`); only a class that cannot be graded at all (an
/// output folder in use, no student, a command for the other puzzle, a folder that cannot be
/// written) is an error.
pub fn grade(
    options: &GradeOptions,
    progress: &mut dyn FnMut(usize, usize, &StudentResult),
) -> Result<Graded, GradeError> {
    preflight_placeholders(options.puzzle, &options.check.template)?;
    let out = &options.out;
    if !options.resume && searchlab_files::holds_files(out).map_err(io(out))? {
        return Err(GradeError::NotEmpty(out.clone()));
    }
    let students = list_students(&options.submissions, out).map_err(io(&options.submissions))?;
    if students.is_empty() {
        return Err(GradeError::NoStudents(options.submissions.clone()));
    }
    if let Some(pair) = students.windows(2).find(|w| w[0].name == w[1].name) {
        let name = &pair[0].name;
        return Err(GradeError::Mismatch(format!("{name} is both a folder and {name}.zip: keep one of them")));
    }
    // The shard's students: every N-th of the class sorted by name (maybe none in a small class).
    let students: Vec<Student> = match options.shard {
        Some(shard) => students.into_iter().enumerate().filter(|(i, _)| shard.contains(*i)).map(|(_, s)| s).collect(),
        None => students,
    };
    let mut key = options.anonymize.clone();
    let students = match &mut key {
        Some(key) => anonymized(students, key)?,
        None => students,
    };
    let manifest = GradeManifest {
        format: GRADE_FORMAT,
        settings: options.settings(),
        shard: options.shard,
        students: students.iter().map(|s| s.name.clone()).collect(),
    };
    if options.resume {
        resumable(out, &manifest)?;
    }
    for dir in [out.clone(), out.join("work"), out.join("students")] {
        std::fs::create_dir_all(&dir).map_err(io(&dir))?;
        open(&dir)?;
    }
    let out = out.canonicalize().map_err(io(out))?;
    write(&out.join(MANIFEST_FILE), &manifest.to_json())?;
    if let Some(key) = &key {
        write(&out.join(KEY_FILE), &key.to_csv())?;
    }
    // The sandbox shows each student's copy only (`run.base_dir`, set per student), never
    // the submissions, the suite or the output folder.
    let check = options.check.clone();
    let (mut rows, mut resumed) = (Vec::with_capacity(students.len()), 0);
    for (i, student) in students.iter().enumerate() {
        let folder = out.join("students").join(&student.name);
        let summary = folder.join(SUMMARY_FILE);
        let earlier = if options.resume { read_summary(&summary) } else { None };
        let row = match earlier {
            Some(row) => {
                resumed += 1;
                row
            }
            None => {
                std::fs::create_dir_all(&folder).map_err(io(&folder))?;
                let row = grade_one(options, &check, student, &out, &folder)?;
                // A student whose runs an interrupt ended keeps no row: --resume grades them.
                if crate::run::contain::stopping() {
                    return Err(GradeError::Interrupted);
                }
                write(&summary, &serde_json::to_string_pretty(&row).unwrap_or_default())?;
                row
            }
        };
        progress(i + 1, students.len(), &row);
        rows.push(row);
    }
    let csv = gradebook_csv(&rows, &options.methods)
        .map_err(|e| GradeError::Io { path: out.join(GRADEBOOK_FILE), source: std::io::Error::other(e.to_string()) })?;
    write(&out.join(GRADEBOOK_FILE), &csv)?;
    let summary = ClassSummary::of(options.puzzle, &rows, &options.methods);
    write(&out.join(CLASS_FILE), &summary.markdown())?;
    Ok(Graded { rows, resumed, summary })
}

/// The gradebook's file name in the output folder.
pub const GRADEBOOK_FILE: &str = "gradebook.csv";
/// The class report's file name in the output folder.
pub const CLASS_FILE: &str = "class.md";
/// The per-student summary `--resume` reads back.
pub const SUMMARY_FILE: &str = "summary.json";

/// Grades one student into `folder`; an error only when a file cannot be written.
fn grade_one(
    options: &GradeOptions,
    check: &CheckOptions,
    student: &Student,
    out: &Path,
    folder: &Path,
) -> Result<StudentResult, GradeError> {
    let sandboxed = check.run.sandbox.is_some();
    let not_graded = |why: String| -> Result<StudentResult, GradeError> {
        let line = format!("{} could not be graded: {}\n", visible(&student.name), visible(&why));
        write(&folder.join("report.txt"), &line)?;
        let mut row = StudentResult::failed_to_grade(&student.name, &why, sandboxed);
        let scored = crate::scored_cases(&options.cases, check.thorough);
        row.max_score = scored as f64 * points_per_test(options.puzzle, options.edition.has_fringe_lines());
        Ok(row)
    };
    let staged = out.join("work").join(&student.name);
    match student.kind {
        StudentKind::Zip => {
            if let Err(e) = unzip(&student.path, &staged, UNZIP_LIMIT) {
                return not_graded(format!("{}.zip: {e}", student.name));
            }
        }
        StudentKind::Folder => {
            if let Err(e) = stage(&student.path, &staged) {
                return not_graded(format!("cannot copy the folder: {e}"));
            }
        }
    }
    let mut check = check.clone();
    check.run.base_dir = staged;
    if let Err(refusal) = preflight(options.puzzle, &check.template, &check.run.base_dir) {
        return not_graded(refusal.to_string());
    }
    let report = match check_in(options.puzzle, &options.cases, &check, options.edition) {
        Ok(report) => report,
        Err(e) => return not_graded(e.to_string()),
    };
    write_reports(&report, folder)?;
    Ok(StudentResult::from_report(&student.name, &report, sandboxed))
}

/// A student's report.txt, results.json, junit.xml and report.json.
fn write_reports(report: &CheckReport, folder: &Path) -> Result<(), GradeError> {
    // The program's output quoted in the report (its stderr, lines it should not print) too.
    write(&folder.join("report.txt"), &visible_lines(&format_text(report)))?;
    let export = |e: crate::report::export::ExportError| GradeError::Io {
        path: folder.to_path_buf(),
        source: std::io::Error::other(e.to_string()),
    };
    Gradescope.write(report, &folder.join("results.json")).map_err(export)?;
    Junit.write(report, &folder.join("junit.xml")).map_err(export)?;
    let json = serde_json::to_string_pretty(report).map_err(|e| GradeError::Io {
        path: folder.join("report.json"),
        source: std::io::Error::other(e.to_string()),
    })?;
    write(&folder.join("report.json"), &(json + "\n"))
}

/// The students under their pseudonyms, sorted by them; an error when two share one.
fn anonymized(students: Vec<Student>, key: &mut PseudonymKey) -> Result<Vec<Student>, GradeError> {
    let mut renamed: Vec<Student> =
        students.into_iter().map(|s| Student { name: key.pseudonym(&s.name), ..s }).collect();
    renamed.sort_by(|a, b| a.name.cmp(&b.name));
    if let Some(pair) = renamed.windows(2).find(|w| w[0].name == w[1].name) {
        return Err(GradeError::Mismatch(format!(
            "two students have the pseudonym {}: anonymize with a new key",
            pair[0].name
        )));
    }
    Ok(renamed)
}

/// An error when `out` was graded with other settings or another shard than `manifest`'s.
fn resumable(out: &Path, manifest: &GradeManifest) -> Result<(), GradeError> {
    let Some(earlier) = GradeManifest::read(out).map_err(GradeError::Mismatch)? else {
        return Ok(());
    };
    let why = match earlier.settings.difference(&manifest.settings) {
        Some(difference) => difference,
        None if earlier.shard != manifest.shard => {
            let show = |s: Option<Shard>| s.map_or_else(|| "the whole class".to_owned(), |s| format!("shard {s}"));
            format!("{} vs {}", show(earlier.shard), show(manifest.shard))
        }
        None => return Ok(()),
    };
    Err(GradeError::Mismatch(format!(
        "{} was graded with other options ({why}): --resume needs the same",
        out.display()
    )))
}

/// The row kept by an earlier run, if it can be read.
fn read_summary(path: &Path) -> Option<StudentResult> {
    serde_json::from_str(&std::fs::read_to_string(path).ok()?).ok()
}

/// Writes `text` to `path` atomically.
pub(crate) fn write(path: &Path, text: &str) -> Result<(), GradeError> {
    searchlab_files::write_atomically(path, |w| w.write_all(text.as_bytes()))
        .map_err(|e| GradeError::Io { path: path.to_path_buf(), source: e.source })
}

/// Makes a folder of the output readable and searchable by others (a sandboxed program runs
/// as `nobody` and reads its staged copy through them).
fn open(dir: &Path) -> Result<(), GradeError> {
    use std::os::unix::fs::PermissionsExt as _;
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o755)).map_err(io(dir))
}
