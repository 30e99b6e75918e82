//! A run's folder on a file system of its own size: a tmpfs mounted over the folder (as
//! root), so that the program's files together, not only each file, stop at `--disk`.

use std::ffi::CString;
use std::os::unix::ffi::OsStrExt as _;
use std::path::{Path, PathBuf};

/// Files and folders a run's folder may hold (an inode bomb of empty files stops here).
const INODES: u64 = 16_384;

/// A tmpfs mounted over a run's folder, unmounted when dropped.
#[derive(Debug)]
pub(crate) struct DiskMount {
    dir: PathBuf,
}

impl DiskMount {
    /// Mounts a tmpfs of `bytes` over `dir`, owned by `uid` (mode 0711: its user alone lists and writes it); an error when this
    /// process may not mount (not root).
    pub(crate) fn mount(dir: &Path, bytes: u64, uid: u32) -> std::io::Result<DiskMount> {
        let target = CString::new(dir.as_os_str().as_bytes())?;
        let options = CString::new(format!("size={bytes},nr_inodes={INODES},mode=0711,uid={uid},gid={uid}"))?;
        // SAFETY: every pointer is a NUL-terminated string that outlives the call.
        let rc = unsafe {
            libc::mount(
                c"tmpfs".as_ptr(),
                target.as_ptr(),
                c"tmpfs".as_ptr(),
                libc::MS_NOSUID | libc::MS_NODEV,
                options.as_ptr().cast(),
            )
        };
        if rc != 0 {
            return Err(std::io::Error::last_os_error());
        }
        Ok(DiskMount { dir: dir.to_path_buf() })
    }

    /// Whether the file system is (almost) full: less than one page left.
    pub(crate) fn full(&self) -> bool {
        let Ok(path) = CString::new(self.dir.as_os_str().as_bytes()) else { return false };
        // SAFETY: statvfs only writes into `stat`; zeroed is a valid value of the C struct.
        let mut stat: libc::statvfs = unsafe { std::mem::zeroed() };
        // SAFETY: `path` is NUL-terminated and `stat` lives for the whole call.
        if unsafe { libc::statvfs(path.as_ptr(), &mut stat) } != 0 {
            return false;
        }
        (stat.f_bavail as u64).saturating_mul(stat.f_frsize as u64) < 8192 || stat.f_favail == 0
    }
}

impl Drop for DiskMount {
    fn drop(&mut self) {
        unmount(&self.dir);
    }
}

/// Detaches the file system mounted on `dir`, if any (its files go with it).
pub(crate) fn unmount(dir: &Path) {
    let Ok(target) = CString::new(dir.as_os_str().as_bytes()) else { return };
    // SAFETY: `target` is NUL-terminated and outlives the call; MNT_DETACH has no other
    // effect than unmounting.
    unsafe {
        libc::umount2(target.as_ptr(), libc::MNT_DETACH);
    }
}
