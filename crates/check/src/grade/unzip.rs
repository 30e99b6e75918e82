//! A student's `.zip`, unpacked into a fresh staging folder: every entry's name is checked
//! before anything is written (no absolute path, no `..`: zip-slip), the bytes written are
//! capped, symbolic links are not made, and a single top folder holding everything (`alice/…`)
//! is unwrapped so that the program lies where a folder submission's would.

use std::io::{self, Read as _};
use std::os::unix::fs::PermissionsExt as _;
use std::path::{Component, Path, PathBuf};

/// The most a student's archive may unpack to: 200 MiB.
pub const UNZIP_LIMIT: u64 = 200 << 20;

/// Why an archive was not unpacked.
#[derive(Debug, thiserror::Error)]
pub enum UnzipError {
    /// Not a zip archive, or a damaged one.
    #[error("not a zip archive that can be read: {0}")]
    Unreadable(String),
    /// An entry would be written outside the staging folder.
    #[error("refused: the entry `{0}` points outside the folder (an absolute path or `..`); nothing was unpacked")]
    Slip(String),
    /// The entries add up to more than the limit.
    #[error("refused: it unpacks to more than {} MiB", .0 >> 20)]
    TooLarge(u64),
    /// The staging folder could not be written.
    #[error(transparent)]
    Io(#[from] io::Error),
}

impl From<zip::result::ZipError> for UnzipError {
    fn from(e: zip::result::ZipError) -> UnzipError {
        match e {
            zip::result::ZipError::Io(e) => UnzipError::Io(e),
            other => UnzipError::Unreadable(other.to_string()),
        }
    }
}

/// The relative path an entry name stands for, or `None` for an absolute one or one with `..`.
fn relative(name: &str) -> Option<PathBuf> {
    if name.contains('\0') {
        return None;
    }
    let mut path = PathBuf::new();
    for component in Path::new(name).components() {
        match component {
            Component::Normal(part) => path.push(part),
            Component::CurDir => {}
            Component::ParentDir | Component::RootDir | Component::Prefix(_) => return None,
        }
    }
    Some(path)
}

/// Unpacks `archive` into `to` (emptied first; folders 0755, files 0644 or 0755 when
/// executable), at most `limit` bytes. Entry names are all checked before the first is
/// written; `__MACOSX/` entries and symbolic links are left out.
pub fn unzip(archive: &Path, to: &Path, limit: u64) -> Result<(), UnzipError> {
    let mut zip = zip::ZipArchive::new(std::fs::File::open(archive)?)?;
    let mut entries = Vec::with_capacity(zip.len());
    let mut declared: u64 = 0;
    for i in 0..zip.len() {
        let entry = zip.by_index_raw(i)?;
        let path = relative(entry.name()).ok_or_else(|| UnzipError::Slip(entry.name().escape_debug().to_string()))?;
        let skipped = entry.is_symlink() || path.starts_with("__MACOSX") || path.as_os_str().is_empty();
        declared = declared.saturating_add(entry.size());
        if !skipped {
            entries.push((i, path, entry.is_dir()));
        }
    }
    if declared > limit {
        return Err(UnzipError::TooLarge(limit));
    }
    let top = single_top_folder(&entries);
    if to.exists() {
        std::fs::remove_dir_all(to)?;
    }
    make_dir(to)?;
    let mut left = limit;
    for (i, path, is_dir) in entries {
        let path = match &top {
            Some(top) => path.strip_prefix(top).map(Path::to_path_buf).unwrap_or(path),
            None => path,
        };
        if path.as_os_str().is_empty() {
            continue;
        }
        let target = to.join(&path);
        if is_dir {
            make_dirs(to, &path)?;
            continue;
        }
        if let Some(parent) = path.parent() {
            make_dirs(to, parent)?;
        }
        let mut entry = zip.by_index(i)?;
        let executable = entry.unix_mode().is_some_and(|mode| mode & 0o111 != 0);
        let mut file = std::fs::File::create(&target)?;
        // The sizes an archive declares may lie: the bytes written are what count.
        let written = io::copy(&mut (&mut entry).take(left + 1), &mut file)?;
        if written > left {
            drop(file);
            std::fs::remove_dir_all(to)?;
            return Err(UnzipError::TooLarge(limit));
        }
        left -= written;
        std::fs::set_permissions(&target, std::fs::Permissions::from_mode(if executable { 0o755 } else { 0o644 }))?;
    }
    Ok(())
}

/// The one top folder every entry lies in, if there is one and no file beside it.
fn single_top_folder(entries: &[(usize, PathBuf, bool)]) -> Option<PathBuf> {
    let first = entries.first()?.1.components().next()?;
    let top = PathBuf::from(first.as_os_str());
    let inside = |(_, path, is_dir): &(usize, PathBuf, bool)| path.starts_with(&top) && (path != &top || *is_dir);
    entries.iter().all(inside).then_some(top)
}

fn make_dir(dir: &Path) -> io::Result<()> {
    std::fs::create_dir_all(dir)?;
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o755))
}

/// Makes each folder of `relative` under `root`, readable by others.
fn make_dirs(root: &Path, relative: &Path) -> io::Result<()> {
    let mut dir = root.to_path_buf();
    for part in relative.components() {
        dir.push(part);
        if !dir.is_dir() {
            make_dir(&dir)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::io::Write as _;

    use super::*;

    /// A stored (uncompressed) zip of `entries` (name, contents; a name ending in / is a folder).
    fn zip_of(path: &Path, entries: &[(&str, &str)]) {
        let mut zip = zip::ZipWriter::new(std::fs::File::create(path).unwrap());
        let options = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Stored)
            .unix_permissions(0o755);
        for (name, text) in entries {
            if name.ends_with('/') {
                zip.add_directory(*name, options).unwrap();
            } else {
                zip.start_file(*name, options).unwrap();
                zip.write_all(text.as_bytes()).unwrap();
            }
        }
        zip.finish().unwrap();
    }

    #[test]
    fn an_archive_unpacks_without_its_top_folder() {
        let dir = tempfile::tempdir().unwrap();
        let archive = dir.path().join("alice.zip");
        zip_of(
            &archive,
            &[("alice/", ""), ("alice/run.py", "print(1)"), ("alice/src/a.py", "x"), ("__MACOSX/._run.py", "")],
        );
        let to = dir.path().join("work/alice");
        unzip(&archive, &to, UNZIP_LIMIT).unwrap();
        assert_eq!(std::fs::read_to_string(to.join("run.py")).unwrap(), "print(1)");
        assert_eq!(std::fs::read_to_string(to.join("src/a.py")).unwrap(), "x");
        assert!(!to.join("__MACOSX").exists() && !to.join("alice").exists());
        let mode = std::fs::metadata(to.join("run.py")).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o755);
        // Two top entries: kept as they are.
        zip_of(&archive, &[("run.py", "1"), ("lib/b.py", "2")]);
        unzip(&archive, &to, UNZIP_LIMIT).unwrap();
        assert!(to.join("run.py").is_file() && to.join("lib/b.py").is_file());
    }

    #[test]
    fn zip_slip_and_size_are_refused_before_writing() {
        let dir = tempfile::tempdir().unwrap();
        let archive = dir.path().join("eve.zip");
        let to = dir.path().join("work/eve");
        for bad in ["../escape.txt", "/tmp/absolute.txt", "a/../../escape.txt"] {
            zip_of(&archive, &[("run.py", "1"), (bad, "gotcha")]);
            let e = unzip(&archive, &to, UNZIP_LIMIT).unwrap_err();
            assert!(matches!(e, UnzipError::Slip(_)), "{bad}: {e}");
            assert!(!to.exists() && !dir.path().join("work/escape.txt").exists(), "{bad}");
        }
        zip_of(&archive, &[("run.py", &"x".repeat(100))]);
        assert!(matches!(unzip(&archive, &to, 99).unwrap_err(), UnzipError::TooLarge(99)));
        unzip(&archive, &to, 100).unwrap();
        std::fs::write(&archive, "PK\u{3}\u{4}").unwrap();
        assert!(matches!(unzip(&archive, &to, 100).unwrap_err(), UnzipError::Unreadable(_)));
    }
}
