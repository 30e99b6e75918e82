//! `searchlab grade merge`: joins grade outputs of the same puzzle and case options (the
//! shards of a class, or any outputs graded alike) into one, each student exactly once.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::anonymize::{PseudonymKey, KEY_FILE};
use super::manifest::{GradeManifest, GRADE_FORMAT, MANIFEST_FILE};
use super::{gradebook_csv, io, stage, write, ClassSummary, GradeError, StudentResult};
use super::{CLASS_FILE, GRADEBOOK_FILE, SUMMARY_FILE};

/// The outputs merged.
#[derive(Debug, Clone)]
pub struct Merged {
    /// A row per student, by name.
    pub rows: Vec<StudentResult>,
    /// The shards `K/N` missing when every input is a shard of the same `N`.
    pub missing_shards: Vec<String>,
    /// The class's numbers, made once from `rows` (`class.md`'s, and `class.html`'s).
    pub summary: ClassSummary,
}

/// Merges the grade outputs `inputs` into `out` (a new or empty folder): `gradebook.csv` with
/// each student's row (read from their `summary.json`), `students/NAME/` copied, `class.md`
/// made again from the rows (their [`ClassSummary`] is handed back for `class.html`),
/// `grade.json` naming every student. An error when an input is no
/// grade output or was graded otherwise than the first, when a student is in two inputs, or
/// when `out` holds files.
pub fn merge(inputs: &[PathBuf], out: &Path) -> Result<Merged, GradeError> {
    if searchlab_files::holds_files(out).map_err(io(out))? {
        return Err(GradeError::MergeNotEmpty(out.to_path_buf()));
    }
    let mut manifests = Vec::with_capacity(inputs.len());
    for input in inputs {
        let manifest = GradeManifest::read(input).map_err(GradeError::Mismatch)?.ok_or_else(|| {
            GradeError::Mismatch(format!(
                "{} has no {MANIFEST_FILE}: not the output of `searchlab grade`",
                input.display()
            ))
        })?;
        if let Some((first, first_input)) = manifests.first().zip(inputs.first()) {
            let first: &GradeManifest = first;
            if let Some(why) = first.settings.difference(&manifest.settings) {
                return Err(GradeError::Mismatch(format!(
                    "{} and {} were graded differently ({why}): only outputs of the same puzzle and case options merge",
                    first_input.display(),
                    input.display()
                )));
            }
        }
        manifests.push(manifest);
    }
    let Some(settings) = manifests.first().map(|m| m.settings.clone()) else {
        return Err(GradeError::Mismatch("nothing to merge: name the grade outputs".to_owned()));
    };
    // Every student once: where each comes from.
    let mut from: BTreeMap<&str, &Path> = BTreeMap::new();
    for (manifest, input) in manifests.iter().zip(inputs) {
        for student in &manifest.students {
            if let Some(first) = from.insert(student, input) {
                return Err(GradeError::Duplicate {
                    student: student.clone(),
                    first: first.to_path_buf(),
                    second: input.clone(),
                });
            }
        }
    }
    let mut rows = Vec::with_capacity(from.len());
    for (student, input) in &from {
        let folder = input.join("students").join(student);
        let summary = folder.join(SUMMARY_FILE);
        let text = std::fs::read_to_string(&summary).map_err(|_| {
            GradeError::Mismatch(format!(
                "{}: {student} has no {SUMMARY_FILE}: that grading did not finish (go on with --resume)",
                input.display()
            ))
        })?;
        let row: StudentResult = serde_json::from_str(&text)
            .map_err(|e| GradeError::Mismatch(format!("{}: not a student summary: {e}", summary.display())))?;
        rows.push(row);
    }
    let students = out.join("students");
    std::fs::create_dir_all(&students).map_err(io(&students))?;
    for (student, input) in &from {
        let to = students.join(student);
        stage(&input.join("students").join(student), &to).map_err(io(&to))?;
    }
    if settings.anonymize_key.is_some() {
        write(&out.join(KEY_FILE), &joined_key(inputs)?.to_csv())?;
    }
    let csv = gradebook_csv(&rows, &settings.methods)
        .map_err(|e| GradeError::Io { path: out.join(GRADEBOOK_FILE), source: std::io::Error::other(e.to_string()) })?;
    write(&out.join(GRADEBOOK_FILE), &csv)?;
    let summary = ClassSummary::of(settings.puzzle, &rows, &settings.methods);
    write(&out.join(CLASS_FILE), &summary.markdown())?;
    let manifest = GradeManifest {
        format: GRADE_FORMAT,
        settings,
        shard: None,
        students: from.keys().map(|s| (*s).to_owned()).collect(),
    };
    write(&out.join(MANIFEST_FILE), &manifest.to_json())?;
    Ok(Merged { rows, missing_shards: missing_shards(&manifests), summary })
}

/// The key files of anonymized inputs (of the same salt: their fingerprints are equal) joined.
fn joined_key(inputs: &[PathBuf]) -> Result<PseudonymKey, GradeError> {
    let mut joined: Option<PseudonymKey> = None;
    for input in inputs {
        let path = input.join(KEY_FILE);
        let key = PseudonymKey::read(&path).map_err(GradeError::Mismatch)?.ok_or_else(|| {
            GradeError::Mismatch(format!("{} is missing: the key of an anonymized output", path.display()))
        })?;
        match &mut joined {
            Some(joined) => joined.join(&key).map_err(GradeError::Mismatch)?,
            None => joined = Some(key),
        }
    }
    joined.ok_or_else(|| GradeError::Mismatch("nothing to merge".to_owned()))
}

/// The shards `K/N` no input has, when every input is a shard of the same `N`.
fn missing_shards(manifests: &[GradeManifest]) -> Vec<String> {
    let shards: Vec<_> = manifests.iter().filter_map(|m| m.shard).collect();
    let Some(n) = shards.first().map(|s| s.n) else {
        return Vec::new();
    };
    if shards.len() != manifests.len() || shards.iter().any(|s| s.n != n) {
        return Vec::new();
    }
    (1..=n).filter(|k| !shards.iter().any(|s| s.k == *k)).map(|k| format!("{k}/{n}")).collect()
}
