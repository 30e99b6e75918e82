//! Names of temporary files, and the cleanup of those a killed run left behind.

use std::ffi::OsStr;
use std::fs;
use std::io;
use std::path::Path;
use std::time::{Duration, SystemTime};

/// The marker between a file's name and the id of the process writing it.
const MARKER: &str = ".searchlab-tmp-";

/// Without `/proc` (not Linux), a temporary file this old is taken for a leftover.
const STALE_AGE: Duration = Duration::from_secs(24 * 3600);

/// The temporary name under which process `pid` writes `name`: hidden, and recognisable by
/// [`is_temporary`], e.g. `.output.txt.searchlab-tmp-4242`.
pub fn temporary_name(name: &OsStr, pid: u32) -> String {
    format!(".{}{MARKER}{pid}", name.to_string_lossy())
}

/// The id of the process that writes the temporary file `name`, or `None` when `name` is not
/// one of [`temporary_name`]'s.
pub fn is_temporary(name: &str) -> Option<u32> {
    let rest = name.strip_prefix('.')?;
    let (_, pid) = rest.rsplit_once(MARKER)?;
    pid.parse().ok()
}

/// Whether the temporary file at `path`, written by `pid`, can no longer be completed: its
/// process is gone (checked in `/proc`), or, where there is no `/proc`, it is a day old.
fn abandoned(path: &Path, pid: u32) -> bool {
    if Path::new("/proc/self").exists() {
        return pid != std::process::id() && !Path::new(&format!("/proc/{pid}")).exists();
    }
    let age = fs::metadata(path).and_then(|m| m.modified()).ok().and_then(|t| SystemTime::now().duration_since(t).ok());
    age.is_some_and(|a| a > STALE_AGE)
}

/// Removes the temporary files in `dir` whose writer was killed or failed before renaming
/// them; files of live processes and every other file are left alone. Returns how many were
/// removed; a missing folder holds none.
pub fn remove_stale_temporaries(dir: &Path) -> io::Result<usize> {
    let entries = match fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(0),
        Err(e) => return Err(e),
    };
    let mut removed = 0;
    for entry in entries {
        let entry = entry?;
        let name = entry.file_name();
        let Some(pid) = name.to_str().and_then(is_temporary) else { continue };
        let path = entry.path();
        if entry.file_type()?.is_file() && abandoned(&path, pid) && fs::remove_file(&path).is_ok() {
            removed += 1;
        }
    }
    Ok(removed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        let name = temporary_name(OsStr::new("pdb-4x4-b0-1.2-4bit.bin"), 77);
        assert_eq!(name, ".pdb-4x4-b0-1.2-4bit.bin.searchlab-tmp-77");
        assert_eq!(is_temporary(&name), Some(77));
        assert_eq!(is_temporary("pdb-4x4-b0-1.2-4bit.bin"), None);
        assert_eq!(is_temporary(".x.searchlab-tmp-abc"), None);
    }

    #[test]
    fn only_files_of_dead_processes_are_removed() {
        let dir = tempfile::tempdir().unwrap();
        let dead = dir.path().join(temporary_name(OsStr::new("a.bin"), u32::MAX - 1));
        let alive = dir.path().join(temporary_name(OsStr::new("b.bin"), std::process::id()));
        let other = dir.path().join("a.bin");
        for p in [&dead, &alive, &other] {
            fs::write(p, "x").unwrap();
        }
        assert_eq!(remove_stale_temporaries(dir.path()).unwrap(), 1);
        assert!(!dead.exists() && alive.exists() && other.exists());
        assert_eq!(remove_stale_temporaries(&dir.path().join("missing")).unwrap(), 0);
    }
}
