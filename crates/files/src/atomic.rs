//! The one way searchlab replaces a file: temporary file, flush, rename.

use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use crate::stale::temporary_name;

/// The temporary files this process is writing now, for [`remove_live_temporaries`].
static LIVE: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Removes the temporary files this process is writing at this moment: for an interrupt
/// handler about to end the process (a rename that races with it fails, and the target keeps
/// its earlier content).
pub fn remove_live_temporaries() {
    let live = LIVE.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    for path in live.iter() {
        let _ = fs::remove_file(path);
    }
}

/// A file that could not be written; the earlier content of `path`, if any, is unchanged
/// (unless `path` is a device or a pipe, which is written in place).
#[derive(Debug, thiserror::Error)]
#[error("cannot write {}: {source}", path.display())]
pub struct FileError {
    /// The file that was to be written.
    pub path: PathBuf,
    /// The underlying error.
    #[source]
    pub source: io::Error,
}

/// Removes the temporary file unless it was renamed.
struct Temporary {
    path: PathBuf,
    armed: bool,
}

impl Temporary {
    fn new(path: PathBuf) -> Temporary {
        LIVE.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).push(path.clone());
        Temporary { path, armed: true }
    }
}

impl Drop for Temporary {
    fn drop(&mut self) {
        if self.armed {
            let _ = fs::remove_file(&self.path);
        }
        LIVE.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).retain(|p| p != &self.path);
    }
}

/// Writes `path` through `fill`: into a temporary file beside it, flushed to disk, then
/// renamed over `path`. On any error the temporary file is removed and `path` keeps its
/// earlier content.
///
/// A symbolic link is followed (its target is replaced, the link stays); an existing path
/// that is not a regular file (`/dev/null`, `/dev/stdout`, a named pipe) is written in place,
/// since renaming over it would replace the device by a plain file. A regular file keeps its
/// permissions.
pub fn write_atomically(path: &Path, fill: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> Result<(), FileError> {
    let mut file = AtomicFile::create(path)?;
    fill(&mut file).map_err(|source| FileError { path: path.to_path_buf(), source })?;
    file.commit()
}

/// A file written as a stream and kept only when complete: [`write_atomically`] for writers
/// that cannot fill a file in one call (a trace written while a search runs). The content goes
/// to a temporary file beside the target; [`AtomicFile::commit`] flushes it to disk and renames
/// it over the target. Dropped without a commit (an error, an interrupted run), the temporary
/// file is removed and the target keeps its earlier content; Ctrl-C's
/// [`remove_live_temporaries`] removes it too. Devices and pipes are written in place, symbolic
/// links followed, permissions kept, as [`write_atomically`] does.
///
/// ```
/// # let dir = tempfile::tempdir().unwrap();
/// use std::io::Write;
/// let path = dir.path().join("trace.jsonl");
/// let mut file = searchlab_files::AtomicFile::create(&path).unwrap();
/// writeln!(file, "{{\"event\":\"start\"}}").unwrap();
/// assert!(!path.exists(), "nothing appears before the commit");
/// file.commit().unwrap();
/// assert_eq!(std::fs::read_to_string(&path).unwrap(), "{\"event\":\"start\"}\n");
/// ```
pub struct AtomicFile {
    /// The path as given, for messages.
    path: PathBuf,
    /// The file written: the temporary file, or the device itself.
    out: BufWriter<File>,
    /// The temporary file and where it goes, unless the target is written in place.
    temporary: Option<Pending>,
}

/// A temporary file waiting for its rename.
struct Pending {
    guard: Temporary,
    target: PathBuf,
    permissions: Option<fs::Permissions>,
}

impl AtomicFile {
    /// Starts writing `path`: creates the temporary file beside it (or opens the device).
    pub fn create(path: &Path) -> Result<AtomicFile, FileError> {
        let error = |source| FileError { path: path.to_path_buf(), source };
        let target = match fs::canonicalize(path) {
            Ok(resolved) => resolved,
            Err(e) if e.kind() == io::ErrorKind::NotFound => match fs::symlink_metadata(path) {
                // A dangling symbolic link: write where it points.
                Ok(meta) if meta.file_type().is_symlink() => {
                    let link = fs::read_link(path).map_err(error)?;
                    path.parent().unwrap_or(Path::new("")).join(link)
                }
                _ => path.to_path_buf(),
            },
            Err(e) => return Err(error(e)),
        };
        let existing = fs::metadata(&target).ok();
        if let Some(meta) = &existing {
            if meta.is_dir() {
                return Err(error(io::Error::new(io::ErrorKind::InvalidInput, "it is a folder")));
            }
            if !meta.is_file() {
                let file = OpenOptions::new().write(true).truncate(true).open(&target).map_err(error)?;
                return Ok(AtomicFile { path: path.to_path_buf(), out: BufWriter::new(file), temporary: None });
            }
        }
        let name =
            target.file_name().ok_or_else(|| error(io::Error::new(io::ErrorKind::InvalidInput, "no file name")))?;
        let tmp = target.with_file_name(temporary_name(name, std::process::id()));
        let guard = Temporary::new(tmp.clone());
        let file = OpenOptions::new().write(true).create_new(true).open(&tmp).map_err(error)?;
        let permissions = existing.map(|meta| meta.permissions());
        let pending = Pending { guard, target, permissions };
        Ok(AtomicFile { path: path.to_path_buf(), out: BufWriter::new(file), temporary: Some(pending) })
    }

    /// The path being written, as given to [`AtomicFile::create`].
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Flushes everything to disk and renames the temporary file over the target: the new
    /// content appears whole. On an error the target keeps its earlier content.
    pub fn commit(self) -> Result<(), FileError> {
        let AtomicFile { path, out, temporary } = self;
        let error = |source| FileError { path: path.clone(), source };
        let file = out.into_inner().map_err(|e| error(e.into_error()))?;
        let Some(Pending { mut guard, target, permissions }) = temporary else {
            return Ok(());
        };
        if let Some(permissions) = permissions {
            file.set_permissions(permissions).map_err(error)?;
        }
        file.sync_all().map_err(error)?;
        drop(file);
        fs::rename(&guard.path, &target).map_err(error)?;
        guard.armed = false;
        Ok(())
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.out.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One test at a time: `remove_live_temporaries` would remove another test's file.
    static SERIAL: Mutex<()> = Mutex::new(());

    fn serial() -> std::sync::MutexGuard<'static, ()> {
        SERIAL.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> =
            fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
        v.sort();
        v
    }

    #[test]
    fn replaces_a_file_and_leaves_no_temporary() {
        let _serial = serial();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.txt");
        fs::write(&path, "old").unwrap();
        write_atomically(&path, |w| w.write_all(b"new")).unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "new");
        assert_eq!(names(dir.path()), ["out.txt"]);
    }

    #[test]
    fn a_failed_write_keeps_the_earlier_file() {
        let _serial = serial();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.txt");
        fs::write(&path, "earlier answer").unwrap();
        let err = write_atomically(&path, |w| {
            w.write_all(b"partial")?;
            Err(io::Error::other("disk full"))
        })
        .unwrap_err();
        assert_eq!(err.path, path);
        assert_eq!(fs::read_to_string(&path).unwrap(), "earlier answer");
        assert_eq!(names(dir.path()), ["out.txt"]);
    }

    #[test]
    fn a_symbolic_link_keeps_pointing_at_the_new_content() {
        let _serial = serial();
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.txt");
        let link = dir.path().join("link.txt");
        fs::write(&real, "old").unwrap();
        std::os::unix::fs::symlink(&real, &link).unwrap();
        write_atomically(&link, |w| w.write_all(b"new")).unwrap();
        assert!(fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert_eq!(fs::read_to_string(&real).unwrap(), "new");
    }

    #[test]
    fn devices_are_written_in_place() {
        let _serial = serial();
        write_atomically(Path::new("/dev/null"), |w| w.write_all(b"gone")).unwrap();
        assert!(!fs::metadata("/dev/null").unwrap().is_file());
        let full = write_atomically(Path::new("/dev/full"), |w| w.write_all(&[b'x'; 100_000]));
        assert_eq!(full.unwrap_err().source.raw_os_error(), Some(28), "ENOSPC");
    }

    #[test]
    fn live_temporaries_are_removed_on_request() {
        let _serial = serial();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.txt");
        write_atomically(&path, |w| {
            w.write_all(b"half")?;
            w.flush()?;
            assert_eq!(names(dir.path()).len(), 1, "the temporary file exists while writing");
            remove_live_temporaries();
            assert_eq!(names(dir.path()), Vec::<String>::new());
            Ok(())
        })
        .unwrap_err();
        assert!(!path.exists(), "the rename fails: nothing half-written appears");
    }

    #[test]
    fn a_folder_is_refused() {
        let _serial = serial();
        let dir = tempfile::tempdir().unwrap();
        assert!(write_atomically(dir.path(), |w| w.write_all(b"x")).is_err());
    }

    #[test]
    fn permissions_are_kept() {
        let _serial = serial();
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.txt");
        fs::write(&path, "old").unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o640)).unwrap();
        write_atomically(&path, |w| w.write_all(b"new")).unwrap();
        assert_eq!(fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o640);
    }

    #[test]
    fn a_stream_appears_only_when_committed() {
        let _serial = serial();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("trace.jsonl");
        fs::write(&path, "earlier trace").unwrap();
        let mut file = AtomicFile::create(&path).unwrap();
        file.write_all(b"half a trace").unwrap();
        file.flush().unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "earlier trace");
        drop(file);
        assert_eq!(names(dir.path()), ["trace.jsonl"], "dropped: the temporary file is removed");
        assert_eq!(fs::read_to_string(&path).unwrap(), "earlier trace");
        let mut file = AtomicFile::create(&path).unwrap();
        file.write_all(b"whole trace").unwrap();
        file.commit().unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "whole trace");
        assert_eq!(names(dir.path()), ["trace.jsonl"]);
    }
}
