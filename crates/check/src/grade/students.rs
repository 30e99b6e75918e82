//! The class: one student per sub-folder of the submissions folder, and the staging copy each
//! program runs from.

use std::io;
use std::os::unix::fs::PermissionsExt as _;
use std::path::{Path, PathBuf};

/// One entry of the submissions folder that is a student.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Student {
    /// The folder's (or archive's) name.
    pub name: String,
    /// Its path.
    pub path: PathBuf,
    /// What the entry is.
    pub kind: StudentKind,
}

/// What a student handed in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StudentKind {
    /// A folder: graded.
    Folder,
    /// A `.zip` archive: unpacked into the staging folder ([`super::unzip()`]).
    Zip,
}

/// The students of `submissions`, sorted by name: each sub-folder, and each `.zip` (whose
/// name is the archive's without `.zip`). Hidden entries, other plain files and `skip` (the
/// output folder, should it lie inside) are left out.
pub fn list_students(submissions: &Path, skip: &Path) -> io::Result<Vec<Student>> {
    let skip = skip.canonicalize().ok();
    let mut students = Vec::new();
    for entry in std::fs::read_dir(submissions)? {
        let entry = entry?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') {
            continue;
        }
        let path = entry.path();
        if skip.is_some() && path.canonicalize().ok() == skip {
            continue;
        }
        // A symbolic link to a folder counts as the folder (its copy follows it once).
        if path.is_dir() {
            students.push(Student { name, path, kind: StudentKind::Folder });
        } else if let Some(stem) = name.strip_suffix(".zip").filter(|s| !s.is_empty()) {
            students.push(Student { name: stem.to_owned(), path, kind: StudentKind::Zip });
        }
    }
    students.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(students)
}

/// Copies `from` into `to` (emptied first), every folder 0755 and every file 0644 (0755 when
/// it was executable), so that a sandboxed program running as `nobody` can read it. Symbolic
/// links inside are not copied: they could point at another student's files.
pub fn stage(from: &Path, to: &Path) -> io::Result<()> {
    if to.exists() {
        std::fs::remove_dir_all(to)?;
    }
    copy_tree(from, to)
}

fn copy_tree(from: &Path, to: &Path) -> io::Result<()> {
    std::fs::create_dir_all(to)?;
    std::fs::set_permissions(to, std::fs::Permissions::from_mode(0o755))?;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let kind = entry.file_type()?;
        let target = to.join(entry.file_name());
        if kind.is_dir() {
            copy_tree(&entry.path(), &target)?;
        } else if kind.is_file() {
            std::fs::copy(entry.path(), &target)?;
            let executable = entry.metadata()?.permissions().mode() & 0o111 != 0;
            let mode = if executable { 0o755 } else { 0o644 };
            std::fs::set_permissions(&target, std::fs::Permissions::from_mode(mode))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn students_are_folders_and_zips_sorted() {
        let dir = tempfile::tempdir().unwrap();
        let s = dir.path();
        for folder in ["carol", "alice", ".git", "out"] {
            std::fs::create_dir(s.join(folder)).unwrap();
        }
        std::fs::write(s.join("bob.zip"), "PK").unwrap();
        std::fs::write(s.join("notes.txt"), "").unwrap();
        let found = list_students(s, &s.join("out")).unwrap();
        let names: Vec<(&str, StudentKind)> = found.iter().map(|x| (x.name.as_str(), x.kind)).collect();
        assert_eq!(names, [("alice", StudentKind::Folder), ("bob", StudentKind::Zip), ("carol", StudentKind::Folder)]);
    }

    #[test]
    fn staging_copies_readable_by_others() {
        let dir = tempfile::tempdir().unwrap();
        let from = dir.path().join("alice");
        std::fs::create_dir_all(from.join("src")).unwrap();
        std::fs::write(from.join("src/a.py"), "x").unwrap();
        std::fs::write(from.join("run.sh"), "y").unwrap();
        std::fs::set_permissions(from.join("src/a.py"), std::fs::Permissions::from_mode(0o600)).unwrap();
        std::fs::set_permissions(from.join("run.sh"), std::fs::Permissions::from_mode(0o700)).unwrap();
        std::os::unix::fs::symlink("/etc/passwd", from.join("link")).unwrap();
        let to = dir.path().join("work/alice");
        std::fs::create_dir_all(&to).unwrap();
        std::fs::write(to.join("stale"), "").unwrap();
        stage(&from, &to).unwrap();
        let mode = |p: &str| std::fs::metadata(to.join(p)).unwrap().permissions().mode() & 0o777;
        assert_eq!((mode("."), mode("src"), mode("src/a.py"), mode("run.sh")), (0o755, 0o755, 0o644, 0o755));
        assert_eq!(std::fs::read_to_string(to.join("src/a.py")).unwrap(), "x");
        assert!(!to.join("link").exists() && !to.join("stale").exists());
    }
}
