//! Output folders a command fills: refused when they already hold something.

use std::io;
use std::path::Path;

/// Whether `dir` holds anything: `false` when it is missing or empty, an error when it cannot
/// be read (or is a file). Commands that write a folder (`cases --out`, `grade --out`) refuse
/// one that holds files unless told to overwrite or resume.
///
/// ```
/// # let dir = tempfile::tempdir().unwrap();
/// assert!(!searchlab_files::holds_files(&dir.path().join("new")).unwrap());
/// assert!(!searchlab_files::holds_files(dir.path()).unwrap());
/// std::fs::write(dir.path().join("x"), "").unwrap();
/// assert!(searchlab_files::holds_files(dir.path()).unwrap());
/// ```
pub fn holds_files(dir: &Path) -> io::Result<bool> {
    if !dir.exists() {
        return Ok(false);
    }
    Ok(std::fs::read_dir(dir)?.next().is_some())
}
