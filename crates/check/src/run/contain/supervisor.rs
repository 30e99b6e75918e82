//! The containment of last resort, where no control group can hold a limit: a thread that
//! looks at the run every few milliseconds, sums the resident memory of its processes and
//! the bytes in its folder, and kills the run above a limit.
//!
//! The run's processes are those its control group lists when it has one, else the
//! descendants of its first process (in the sandbox every process of the run descends from
//! bubblewrap, orphans included, since bubblewrap is the init of its PID namespace).

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::sync::Arc;
use std::time::Duration;

use super::cgroup::{self, Version};
use super::limit::Limit;

/// How often the supervisor looks.
const PERIOD: Duration = Duration::from_millis(25);

/// What the supervisor watches and where it finds the run's processes.
#[derive(Debug, Clone)]
pub(crate) struct Watch {
    /// Resident bytes summed over the run's processes.
    pub memory: Option<u64>,
    /// Bytes in the run's folder.
    pub disk: Option<u64>,
    /// The run's folder.
    pub dir: PathBuf,
    /// The control group listing the run's processes, if any.
    pub members: Option<(PathBuf, Version)>,
}

/// A running supervisor; stopping it (or dropping it) ends its thread.
#[derive(Debug)]
pub(crate) struct Supervisor {
    stop: Arc<AtomicBool>,
    hit: Arc<AtomicU8>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Supervisor {
    /// Watches the run whose first process is `pid`.
    pub(crate) fn start(watch: Watch, pid: libc::pid_t) -> Supervisor {
        let (stop, hit) = (Arc::new(AtomicBool::new(false)), Arc::new(AtomicU8::new(0)));
        let (stopped, hits) = (Arc::clone(&stop), Arc::clone(&hit));
        let thread = std::thread::spawn(move || {
            while !stopped.load(Ordering::Relaxed) {
                let pids = match &watch.members {
                    Some((dir, _)) => cgroup::members(dir),
                    None => descendants(pid),
                };
                let over = if watch.memory.is_some_and(|max| resident(&pids) > max) {
                    Some(Limit::Memory)
                } else if watch.disk.is_some_and(|max| bytes_in(&watch.dir) > max) {
                    Some(Limit::Disk)
                } else {
                    None
                };
                if let Some(limit) = over {
                    hits.store(limit as u8 + 1, Ordering::Relaxed);
                    for p in pids {
                        // SAFETY: kill has no memory effects; p is one of the run's processes
                        // (pid reuse within one period would need 4 million forks).
                        unsafe {
                            libc::kill(p, libc::SIGKILL);
                        }
                    }
                    if let Some((dir, version)) = &watch.members {
                        cgroup::kill_members(dir, *version);
                    }
                    return;
                }
                std::thread::sleep(PERIOD);
            }
        });
        Supervisor { stop, hit, thread: Some(thread) }
    }

    /// Stops watching; the limit it killed the run for, if any.
    pub(crate) fn finish(mut self) -> Option<Limit> {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
        Limit::ALL.get((self.hit.load(Ordering::Relaxed) as usize).checked_sub(1)?).copied()
    }
}

impl Drop for Supervisor {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// `pid` and every process descending from it, from the parent ids in `/proc`.
fn descendants(pid: libc::pid_t) -> Vec<libc::pid_t> {
    let mut parents: Vec<(libc::pid_t, libc::pid_t)> = Vec::new();
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let Some(p) = entry.file_name().to_str().and_then(|n| n.parse().ok()) else { continue };
        let stat = std::fs::read_to_string(entry.path().join("stat")).unwrap_or_default();
        // The fields after the command's closing parenthesis: state, then the parent id.
        let ppid = stat.rsplit_once(')').and_then(|(_, rest)| rest.split_whitespace().nth(1)?.parse().ok());
        if let Some(ppid) = ppid {
            parents.push((p, ppid));
        }
    }
    let mut tree = vec![pid];
    let mut i = 0;
    while i < tree.len() {
        let parent = tree[i];
        tree.extend(parents.iter().filter(|(_, pp)| *pp == parent).map(|(p, _)| *p));
        i += 1;
    }
    tree
}

/// Resident bytes of `pids` summed (`/proc/PID/statm`'s second field, in pages).
fn resident(pids: &[libc::pid_t]) -> u64 {
    // SAFETY: sysconf has no preconditions.
    let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) }.max(4096) as u64;
    pids.iter()
        .filter_map(|p| std::fs::read_to_string(format!("/proc/{p}/statm")).ok())
        .filter_map(|s| s.split_whitespace().nth(1)?.parse::<u64>().ok())
        .map(|pages| pages * page)
        .sum()
}

/// Bytes of the files under `dir` (blocks allocated, so sparse files count as written).
pub(crate) fn bytes_in(dir: &Path) -> u64 {
    use std::os::unix::fs::MetadataExt as _;
    let mut total = 0;
    let mut stack = vec![dir.to_path_buf()];
    while let Some(folder) = stack.pop() {
        for entry in std::fs::read_dir(&folder).into_iter().flatten().flatten() {
            let Ok(meta) = entry.path().symlink_metadata() else { continue };
            if meta.is_dir() {
                stack.push(entry.path());
            } else {
                total += meta.blocks() * 512;
            }
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_child_and_its_grandchild_are_the_descendants() {
        let mut child = std::process::Command::new("sh").args(["-c", "sleep 30 & wait"]).spawn().unwrap();
        std::thread::sleep(Duration::from_millis(200));
        let tree = descendants(child.id() as libc::pid_t);
        assert_eq!(tree.len(), 2, "{tree:?}");
        assert!(resident(&tree) > 0);
        child.kill().unwrap();
        for p in &tree[1..] {
            // SAFETY: kill has no memory effects; p is the sleep this test started.
            unsafe {
                libc::kill(*p, libc::SIGKILL);
            }
        }
        child.wait().unwrap();
    }

    #[test]
    fn a_folder_over_its_size_is_stopped() {
        let dir = tempfile::tempdir().unwrap();
        let script = format!("cd {} && head -c 3000000 /dev/zero > a && sleep 30", dir.path().display());
        let mut child = std::process::Command::new("sh").args(["-c", &script]).spawn().unwrap();
        let watch = Watch { memory: None, disk: Some(1 << 20), dir: dir.path().to_path_buf(), members: None };
        let supervisor = Supervisor::start(watch, child.id() as libc::pid_t);
        let status = child.wait().unwrap();
        assert_eq!(std::os::unix::process::ExitStatusExt::signal(&status), Some(libc::SIGKILL));
        assert_eq!(supervisor.finish(), Some(Limit::Disk));
    }
}
