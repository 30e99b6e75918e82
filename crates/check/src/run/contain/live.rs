//! The runs in flight, so that an interrupt can end them all: [`stop_live_runs`] kills
//! every running program (its control group, or its process group), unmounts and removes
//! every run folder, and makes every later run refuse to start.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;

use super::cgroup::{self, Version};

/// What an interrupt needs to end one run.
#[derive(Debug, Clone)]
struct LiveRun {
    id: u64,
    dir: PathBuf,
    group: Option<(PathBuf, Version)>,
    pgid: Option<libc::pid_t>,
}

static LIVE: Mutex<Vec<LiveRun>> = Mutex::new(Vec::new());
static STOPPING: AtomicBool = AtomicBool::new(false);
static NEXT: AtomicU64 = AtomicU64::new(1);

/// A run's entry in the list, removed when dropped.
#[derive(Debug)]
pub(crate) struct Entry {
    id: u64,
}

fn live() -> std::sync::MutexGuard<'static, Vec<LiveRun>> {
    LIVE.lock().unwrap_or_else(|e| e.into_inner())
}

/// Registers a run whose folder is `dir`; `None` once [`stop_live_runs`] was called.
pub(crate) fn enter(dir: &Path) -> Option<Entry> {
    let mut runs = live();
    if STOPPING.load(Ordering::SeqCst) {
        return None;
    }
    let id = NEXT.fetch_add(1, Ordering::Relaxed);
    runs.push(LiveRun { id, dir: dir.to_path_buf(), group: None, pgid: None });
    Some(Entry { id })
}

impl Entry {
    /// The control group listing the run's processes.
    pub(crate) fn set_group(&self, dir: PathBuf, version: Version) {
        self.update(|r| r.group = Some((dir, version)));
    }

    /// The process group the run leads, while its leader is not reaped (`None` before the
    /// reaping, so that a reused id is never killed).
    pub(crate) fn set_pgid(&self, pgid: Option<libc::pid_t>) {
        self.update(|r| r.pgid = pgid);
    }

    fn update(&self, change: impl FnOnce(&mut LiveRun)) {
        if let Some(run) = live().iter_mut().find(|r| r.id == self.id) {
            change(run);
        }
    }
}

impl Drop for Entry {
    fn drop(&mut self) {
        live().retain(|r| r.id != self.id);
    }
}

/// Whether [`stop_live_runs`] was called: runs refuse to start and the checks stop.
pub fn stopping() -> bool {
    STOPPING.load(Ordering::SeqCst)
}

/// Ends every run in flight and removes its folder; later runs refuse to start. For an
/// interrupt (SIGINT, SIGTERM): call it before the process exits, from any thread.
pub fn stop_live_runs() {
    let runs = {
        let runs = live();
        STOPPING.store(true, Ordering::SeqCst);
        runs.clone()
    };
    for run in &runs {
        if let Some((dir, version)) = &run.group {
            cgroup::kill_members(dir, *version);
        }
        if let Some(pgid) = run.pgid.filter(|&p| p > 1) {
            // SAFETY: kill has no memory effects; the group's leader is not yet reaped.
            unsafe {
                libc::kill(-pgid, libc::SIGKILL);
            }
        }
    }
    for run in &runs {
        super::disk::unmount(&run.dir);
        let _ = std::fs::remove_dir_all(&run.dir);
    }
}
