//! A control group per run: the kernel counts every process the run starts (daemons that
//! called `setsid` included), sums their memory, caps their number, and ends them together.
//!
//! Each controller is taken where the machine offers it writable: cgroup v2 when the v2
//! hierarchy has the controller enabled for this process's group (or can enable it), else the
//! v1 hierarchy of that controller (`memory`, `pids`), as on machines that mount both. The
//! group that ends the run is v2's when there is one (`cgroup.kill`), else a v1 group whose
//! processes are killed until none is left.

use std::fs::File;
use std::io::Write as _;
use std::os::fd::{AsRawFd as _, RawFd};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// The cgroup version that holds a controller.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Version {
    /// The unified hierarchy.
    V2,
    /// A hierarchy of its own per controller.
    V1,
}

/// One run's group in one hierarchy.
#[derive(Debug)]
struct Group {
    dir: PathBuf,
    version: Version,
    /// `cgroup.procs`, opened before the run starts: the child writes `0` to it to join.
    procs: File,
}

/// A run's control groups: where its memory and process limits live, and the group that
/// lists and ends its processes.
#[derive(Debug)]
pub(crate) struct RunCgroup {
    groups: Vec<Group>,
    memory: Option<usize>,
    pids: Option<usize>,
    /// The group listing the run's processes (v2 first).
    members: usize,
}

/// Limits to set on a run's groups.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct GroupLimits {
    /// Bytes of memory summed over the run's processes (page cache and tmpfs files included).
    pub memory: Option<u64>,
    /// Processes and threads at once.
    pub pids: Option<u64>,
}

/// Where the hierarchies are mounted and this process's group in each.
#[derive(Debug, Default, Clone)]
struct Hierarchies {
    v2: Option<PathBuf>,
    memory_v1: Option<PathBuf>,
    pids_v1: Option<PathBuf>,
}

static NEXT: AtomicU64 = AtomicU64::new(0);

impl RunCgroup {
    /// Makes a run's groups with `limits`; `None` when no hierarchy is writable here. A
    /// limit that no hierarchy can hold is left to the caller (see [`RunCgroup::holds`]).
    pub(crate) fn create(limits: GroupLimits) -> Option<RunCgroup> {
        let h = hierarchies();
        let name = format!("searchlab-{}-{}", std::process::id(), NEXT.fetch_add(1, Ordering::Relaxed));
        let mut run = RunCgroup { groups: Vec::new(), memory: None, pids: None, members: 0 };
        let v2 = h.v2.as_deref().and_then(|root| make_group(root, &name, Version::V2));
        if let Some(group) = v2 {
            let enabled = enable_v2_controllers(group.dir.parent().unwrap_or(Path::new("/")));
            run.groups.push(group);
            if enabled.memory && limits.memory.is_some() {
                run.memory = Some(0);
            }
            if enabled.pids && limits.pids.is_some() {
                run.pids = Some(0);
            }
        }
        if run.memory.is_none() && limits.memory.is_some() {
            run.memory = run.add_v1(h.memory_v1.as_deref(), &name);
        }
        if run.pids.is_none() && limits.pids.is_some() {
            run.pids = run.add_v1(h.pids_v1.as_deref(), &name);
        }
        if run.groups.is_empty() {
            return None;
        }
        run.members = run.groups.iter().position(|g| g.version == Version::V2).or(run.pids).unwrap_or(0);
        run.set_limits(limits).ok()?;
        Some(run)
    }

    fn add_v1(&mut self, root: Option<&Path>, name: &str) -> Option<usize> {
        let group = make_group(root?, name, Version::V1)?;
        self.groups.push(group);
        Some(self.groups.len() - 1)
    }

    fn set_limits(&self, limits: GroupLimits) -> std::io::Result<()> {
        if let (Some(i), Some(bytes)) = (self.memory, limits.memory) {
            let g = &self.groups[i];
            match g.version {
                Version::V2 => {
                    write(&g.dir.join("memory.max"), bytes)?;
                    // No swap: the run's memory is what it holds in RAM (ignored without swap).
                    let _ = write(&g.dir.join("memory.swap.max"), 0);
                }
                Version::V1 => {
                    write(&g.dir.join("memory.limit_in_bytes"), bytes)?;
                    let _ = write(&g.dir.join("memory.memsw.limit_in_bytes"), bytes);
                }
            }
        }
        if let (Some(i), Some(n)) = (self.pids, limits.pids) {
            write(&self.groups[i].dir.join("pids.max"), n)?;
        }
        Ok(())
    }

    /// Which of the limits the groups hold: (memory, processes).
    pub(crate) fn holds(&self) -> (bool, bool) {
        (self.memory.is_some(), self.pids.is_some())
    }

    /// The version of the memory group, or of the listing group when memory is not limited.
    pub(crate) fn version(&self) -> Version {
        self.groups[self.memory.unwrap_or(self.members)].version
    }

    /// The descriptors a child writes `0` to, before it runs anything, to join every group.
    pub(crate) fn join_fds(&self) -> Vec<RawFd> {
        self.groups.iter().map(|g| g.procs.as_raw_fd()).collect()
    }

    /// The folder that lists the run's processes, and whether it is v2's.
    pub(crate) fn members_dir(&self) -> (PathBuf, Version) {
        let g = &self.groups[self.members];
        (g.dir.clone(), g.version)
    }

    /// Whether the kernel ended a process of the run for memory (or refused it memory).
    pub(crate) fn memory_hit(&self) -> bool {
        let Some(g) = self.memory.map(|i| &self.groups[i]) else { return false };
        match g.version {
            Version::V2 => counter(&g.dir.join("memory.events"), "oom_kill") > 0,
            Version::V1 => counter(&g.dir.join("memory.oom_control"), "oom_kill") > 0,
        }
    }

    /// Whether a fork of the run was refused at the process limit.
    pub(crate) fn pids_hit(&self) -> bool {
        self.pids.is_some_and(|i| counter(&self.groups[i].dir.join("pids.events"), "max") > 0)
    }

    /// The most memory the run held at once, in bytes, where the kernel keeps it.
    pub(crate) fn peak_memory(&self) -> Option<u64> {
        let g = &self.groups[self.memory?];
        let file = match g.version {
            Version::V2 => "memory.peak",
            Version::V1 => "memory.max_usage_in_bytes",
        };
        std::fs::read_to_string(g.dir.join(file)).ok()?.trim().parse().ok()
    }

    /// Ends every process of the run.
    pub(crate) fn kill_all(&self) {
        let (dir, version) = self.members_dir();
        kill_members(&dir, version);
    }
}

impl Drop for RunCgroup {
    /// Ends what is left of the run and removes its groups.
    fn drop(&mut self) {
        self.kill_all();
        for g in &self.groups {
            remove_group(&g.dir);
        }
    }
}

/// Ends every process listed in the group `dir`: at once through `cgroup.kill` (v2), or by
/// killing the listed processes until the list is empty (v1; a fork between two readings is
/// caught by the next one, and the process limit bounds how many there can be).
pub(crate) fn kill_members(dir: &Path, version: Version) {
    if version == Version::V2 && write(&dir.join("cgroup.kill"), 1).is_ok() {
        return;
    }
    for _ in 0..1000 {
        let pids = members(dir);
        if pids.is_empty() {
            return;
        }
        for pid in pids {
            // SAFETY: kill has no memory effects; the pid is listed by the run's own group.
            unsafe {
                libc::kill(pid, libc::SIGKILL);
            }
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
}

/// The processes the group `dir` lists.
pub(crate) fn members(dir: &Path) -> Vec<libc::pid_t> {
    let text = std::fs::read_to_string(dir.join("cgroup.procs")).unwrap_or_default();
    text.lines().filter_map(|l| l.trim().parse().ok()).collect()
}

/// Removes the group `dir` once its processes are gone (they take a moment to be reaped).
fn remove_group(dir: &Path) {
    for _ in 0..500 {
        match std::fs::remove_dir(dir) {
            Err(e) if e.raw_os_error() == Some(libc::EBUSY) => {
                std::thread::sleep(std::time::Duration::from_millis(2));
            }
            _ => return,
        }
    }
}

fn make_group(root: &Path, name: &str, version: Version) -> Option<Group> {
    let dir = root.join(name);
    std::fs::create_dir(&dir).ok()?;
    match File::options().write(true).open(dir.join("cgroup.procs")) {
        Ok(procs) => Some(Group { dir, version, procs }),
        Err(_) => {
            let _ = std::fs::remove_dir(&dir);
            None
        }
    }
}

#[derive(Debug, Default)]
struct Enabled {
    memory: bool,
    pids: bool,
}

/// Enables the memory and pids controllers for the children of `parent` (v2) where it can.
fn enable_v2_controllers(parent: &Path) -> Enabled {
    let read = |f: &str| std::fs::read_to_string(parent.join(f)).unwrap_or_default();
    let on = |text: &str, c: &str| text.split_whitespace().any(|w| w == c);
    let available = read("cgroup.controllers");
    for c in ["memory", "pids"] {
        if on(&available, c) && !on(&read("cgroup.subtree_control"), c) {
            let _ = std::fs::write(parent.join("cgroup.subtree_control"), format!("+{c}"));
        }
    }
    let enabled = read("cgroup.subtree_control");
    Enabled { memory: on(&enabled, "memory"), pids: on(&enabled, "pids") }
}

/// The value of `key` in a flat keyed file (`oom_kill 2`), 0 when absent.
fn counter(file: &Path, key: &str) -> u64 {
    let text = std::fs::read_to_string(file).unwrap_or_default();
    text.lines()
        .filter_map(|l| l.split_once(' '))
        .find(|(k, _)| *k == key)
        .and_then(|(_, v)| v.trim().parse().ok())
        .unwrap_or(0)
}

fn write(path: &Path, value: u64) -> std::io::Result<()> {
    File::options().write(true).open(path)?.write_all(value.to_string().as_bytes())
}

/// This process's group folder in the v2 hierarchy and in the v1 memory and pids
/// hierarchies, read from `/proc/self/mountinfo` and `/proc/self/cgroup`.
fn hierarchies() -> Hierarchies {
    let mountinfo = std::fs::read_to_string("/proc/self/mountinfo").unwrap_or_default();
    let own = std::fs::read_to_string("/proc/self/cgroup").unwrap_or_default();
    let mut found = Hierarchies::default();
    for line in mountinfo.lines() {
        let Some((left, right)) = line.split_once(" - ") else { continue };
        let fields: Vec<&str> = left.split(' ').collect();
        let kinds: Vec<&str> = right.split(' ').collect();
        let (Some(root), Some(mount), Some(fstype)) = (fields.get(3), fields.get(4), kinds.first()) else { continue };
        let options = kinds.get(2).copied().unwrap_or("");
        let place = |controller: &str| -> Option<PathBuf> {
            let path = own.lines().find_map(|l| {
                let mut parts = l.splitn(3, ':');
                let (_, names, path) = (parts.next()?, parts.next()?, parts.next()?);
                (names.split(',').any(|n| n == controller)).then_some(path)
            })?;
            let inside = path.strip_prefix(root.trim_end_matches('/')).unwrap_or(path);
            Some(Path::new(mount).join(inside.trim_start_matches('/')))
        };
        match *fstype {
            "cgroup2" => found.v2 = place(""),
            "cgroup" if options.split(',').any(|o| o == "memory") => found.memory_v1 = place("memory"),
            "cgroup" if options.split(',').any(|o| o == "pids") => found.pids_v1 = place("pids"),
            _ => {}
        }
    }
    found
}

/// Joins the groups whose `cgroup.procs` descriptors are `fds` (in a child, before exec):
/// async-signal-safe, no allocation.
pub(crate) fn join(fds: &[RawFd]) -> std::io::Result<()> {
    for &fd in fds {
        // SAFETY: write(2) reads two bytes from a static buffer; `fd` is an open descriptor
        // of a `cgroup.procs` file this process inherited.
        if unsafe { libc::write(fd, b"0".as_ptr().cast(), 1) } != 1 {
            return Err(std::io::Error::last_os_error());
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flat_keyed_counter_is_read_by_its_key() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("memory.events");
        std::fs::write(&file, "low 0\nhigh 0\nmax 7\noom 1\noom_kill 2\n").unwrap();
        assert_eq!((counter(&file, "oom_kill"), counter(&file, "max"), counter(&file, "absent")), (2, 7, 0));
    }

    /// On this project's machines (root, v1 memory and pids writable) the limits hold in a
    /// group, the group counts a child's memory, and a killed group is removed.
    #[test]
    fn a_run_group_sums_memory_and_ends_its_processes() {
        let Some(run) = RunCgroup::create(GroupLimits { memory: Some(64 << 20), pids: Some(16) }) else {
            panic!("no writable cgroup hierarchy here: the project's machines have one");
        };
        assert_eq!(run.holds(), (true, true));
        let (dir, _) = run.members_dir();
        let fds = run.join_fds();
        let mut command = std::process::Command::new("sleep");
        command.arg("30");
        // SAFETY: the closure only calls write(2) on descriptors opened before the fork.
        unsafe {
            std::os::unix::process::CommandExt::pre_exec(&mut command, move || join(&fds));
        }
        let mut child = command.spawn().unwrap();
        assert_eq!(members(&dir), vec![child.id() as libc::pid_t]);
        run.kill_all();
        let status = child.wait().unwrap();
        assert_eq!(std::os::unix::process::ExitStatusExt::signal(&status), Some(libc::SIGKILL));
        drop(run);
        assert!(!dir.exists(), "{} left behind", dir.display());
    }
}
