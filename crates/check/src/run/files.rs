//! The files a program leaves in its run folder, read back with a cap.

use std::io::Read as _;
use std::path::Path;

/// How many files of a run folder are read back at most (the rest are listed by name).
const MAX_FILES_READ: usize = 16;

/// A file found in the run's folder after the program ended.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct FoundFile {
    /// Its name (the folder's top level only; a folder's name ends in `/`).
    pub name: String,
    /// Its size in bytes.
    pub size: u64,
    /// Its beginning as text (invalid UTF-8 replaced), `None` for folders and unread files.
    pub contents: Option<String>,
    /// Whether the contents were cut at the cap.
    pub truncated: bool,
}

/// Lists the top level of `dir` sorted by name, `skip` excepted, reading up to `cap` bytes
/// of the first few regular files. Symbolic links are listed but never followed.
pub(crate) fn collect_files(dir: &Path, skip: Option<&str>, cap: usize) -> Vec<FoundFile> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut files: Vec<FoundFile> = Vec::new();
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if Some(name.as_str()) == skip {
            continue;
        }
        let Ok(meta) = entry.path().symlink_metadata() else { continue };
        let (name, contents) = if meta.is_dir() { (name + "/", None) } else { (name, Some(())) };
        files.push(FoundFile { name, size: meta.len(), contents: contents.map(|_| String::new()), truncated: false });
    }
    files.sort_by(|a, b| a.name.cmp(&b.name));
    let mut read = 0;
    for file in &mut files {
        let path = dir.join(&file.name);
        let regular = path.symlink_metadata().map(|m| m.is_file()).unwrap_or(false);
        if file.contents.is_none() || !regular || read == MAX_FILES_READ {
            file.contents = None;
            continue;
        }
        read += 1;
        let mut bytes = Vec::new();
        let limit = cap as u64;
        let ok = std::fs::File::open(&path).and_then(|f| f.take(limit + 1).read_to_end(&mut bytes)).is_ok();
        file.truncated = bytes.len() as u64 > limit;
        bytes.truncate(cap);
        file.contents = ok.then(|| String::from_utf8_lossy(&bytes).into_owned());
    }
    files
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_reads_and_caps() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("output.txt"), "0123456789").unwrap();
        std::fs::write(dir.path().join("input.txt"), "skip me").unwrap();
        std::fs::create_dir(dir.path().join("sub")).unwrap();
        std::os::unix::fs::symlink("/etc/passwd", dir.path().join("link")).unwrap();
        let files = collect_files(dir.path(), Some("input.txt"), 4);
        let names: Vec<&str> = files.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(names, ["link", "output.txt", "sub/"]);
        assert_eq!(files[0].contents, None, "links are not followed");
        assert_eq!((files[1].contents.as_deref(), files[1].truncated, files[1].size), (Some("0123"), true, 10));
        assert_eq!(files[2].contents, None);
    }
}
