//! Writing files so that a user's file is never lost or half-written: the new content goes to
//! a temporary file in the same folder, which is renamed over the target only when complete
//! and flushed to disk. A full disk, a write error or an interrupted run leaves the earlier file
//! untouched, and the temporary file is removed (or, after a kill, recognised and removed by
//! [`remove_stale_temporaries`] on a later run).
//!
//! ```
//! # let dir = tempfile::tempdir().unwrap();
//! let path = dir.path().join("output.txt");
//! searchlab_files::write_atomically(&path, |w| w.write_all(b"answer\n")).unwrap();
//! assert_eq!(std::fs::read_to_string(&path).unwrap(), "answer\n");
//! ```

mod atomic;
mod folder;
mod stale;

pub use atomic::{remove_live_temporaries, write_atomically, AtomicFile, FileError};
pub use folder::holds_files;
pub use stale::{is_temporary, remove_stale_temporaries, temporary_name};
