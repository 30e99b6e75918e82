//! Containing one run as a whole, whatever it starts: its memory summed over its processes,
//! its process count and its disk bounded per run (never per user, so one student's
//! processes never count against another's), every process ended with it, and its folder
//! removed even when check itself is interrupted ([`stop_live_runs`]).
//!
//! Each limit is held by the strongest means the machine offers: a control group
//! ([`cgroup`]: v2 where delegated, the v1 memory and pids controllers where that is what the
//! machine has), a tmpfs of the run's own size over its folder ([`disk`], as root), and
//! where neither is possible a [`supervisor`] thread that polls the run and kills it above a
//! limit. [`Containment`] says which held a run's memory.

mod cgroup;
mod disk;
mod limit;
mod live;
mod supervisor;

pub use limit::Limit;
pub use live::{stop_live_runs, stopping};

use std::os::fd::RawFd;
use std::path::Path;

use cgroup::{GroupLimits, RunCgroup, Version};
use disk::DiskMount;
use supervisor::{Supervisor, Watch};

pub(crate) use cgroup::join;

/// What held a limit of a sandboxed run: its memory and process count, or its disk.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Containment {
    /// A cgroup v2 group of its own.
    CgroupV2,
    /// Groups of their own in the v1 memory (and pids) hierarchies.
    CgroupV1,
    /// The run's folder was a tmpfs of the run's disk size.
    Tmpfs,
    /// Neither could be made: a thread polled the run's resident memory or its folder.
    Supervisor,
}

impl std::fmt::Display for Containment {
    /// `cgroup v2`, `cgroup v1`, `a tmpfs of its own` or `supervisor`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Containment::CgroupV2 => "cgroup v2",
            Containment::CgroupV1 => "cgroup v1",
            Containment::Tmpfs => "a tmpfs of its own",
            Containment::Supervisor => "supervisor",
        })
    }
}

/// The limits of one run; `None` is no limit.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct RunLimits {
    /// Bytes of memory summed over its processes.
    pub memory: Option<u64>,
    /// Processes at once.
    pub processes: Option<u64>,
    /// Bytes in its folder.
    pub disk: Option<u64>,
}

/// What a finished run's containment saw.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Seen {
    /// The limit that stopped it, if one did.
    pub limit: Option<Limit>,
    /// What held its memory limit (none without one).
    pub containment: Option<Containment>,
    /// What held its disk limit (none without one).
    pub disk_containment: Option<Containment>,
    /// The most memory it held at once, where a control group kept it.
    pub peak_memory: Option<u64>,
}

/// Whether `SEARCHLAB_CONTAINMENT=supervisor` asks for the containment of last resort only
/// (no control group, no tmpfs), as on a machine that has neither: to try it, and to test it.
fn supervisor_only() -> bool {
    std::env::var_os("SEARCHLAB_CONTAINMENT").is_some_and(|v| v == "supervisor")
}

/// One run's containment, from before its program starts until it is cleaned up.
#[derive(Debug)]
pub(crate) struct Container {
    // Dropped in this order: the processes end and the groups go, the folder's file system
    // is unmounted, and only then does the run leave the list an interrupt reads.
    cgroup: Option<RunCgroup>,
    disk: Option<DiskMount>,
    supervisor: Option<Supervisor>,
    watch: Option<Watch>,
    memory_limited: bool,
    disk_limited: bool,
    entry: live::Entry,
}

/// Why a run could not be contained.
#[derive(Debug)]
pub(crate) enum ContainError {
    /// Check is being interrupted: no run starts any more.
    Interrupted,
}

impl Container {
    /// Contains a run whose folder is `dir` (empty yet) within `limits`; `uid`, as root, is
    /// the run's own user, who owns the folder's file system; `grouped`: the run gets a
    /// control group (where one can be made) even without limits, to end it whole.
    pub(crate) fn new(
        dir: &Path,
        limits: RunLimits,
        uid: Option<u32>,
        grouped: bool,
    ) -> Result<Container, ContainError> {
        let entry = live::enter(dir).ok_or(ContainError::Interrupted)?;
        let strong = !supervisor_only();
        let cgroup = (grouped && strong)
            .then(|| RunCgroup::create(GroupLimits { memory: limits.memory, pids: limits.processes }))
            .flatten();
        if let Some(group) = &cgroup {
            let (members, version) = group.members_dir();
            entry.set_group(members, version);
        }
        let disk = match (limits.disk, uid) {
            (Some(bytes), Some(uid)) if strong => DiskMount::mount(dir, bytes, uid).ok(),
            _ => None,
        };
        let (memory_held, _) = cgroup.as_ref().map_or((false, false), RunCgroup::holds);
        let watch = Watch {
            memory: limits.memory.filter(|_| !memory_held),
            disk: limits.disk.filter(|_| disk.is_none()),
            dir: dir.to_path_buf(),
            members: cgroup.as_ref().map(RunCgroup::members_dir),
        };
        let watch = (watch.memory.is_some() || watch.disk.is_some()).then_some(watch);
        let (memory_limited, disk_limited) = (limits.memory.is_some(), limits.disk.is_some());
        Ok(Container { entry, cgroup, disk, watch, supervisor: None, memory_limited, disk_limited })
    }

    /// The descriptors the child writes `0` to before it runs anything ([`join`]).
    pub(crate) fn join_fds(&self) -> Vec<RawFd> {
        self.cgroup.as_ref().map(RunCgroup::join_fds).unwrap_or_default()
    }

    /// The program started as process `pid`, the leader of its process group.
    pub(crate) fn started(&mut self, pid: libc::pid_t) {
        self.entry.set_pgid(Some(pid));
        if let Some(watch) = self.watch.take() {
            self.supervisor = Some(Supervisor::start(watch, pid));
        }
    }

    /// Ends every process of the run (its control group; the caller kills its process group).
    pub(crate) fn kill_all(&self) {
        if let Some(group) = &self.cgroup {
            group.kill_all();
        }
    }

    /// The run's leader is about to be reaped: its id must no longer be killed.
    pub(crate) fn reaping(&self) {
        self.entry.set_pgid(None);
    }

    /// Stops watching the run and says what was seen; the groups and the mount go when the
    /// container is dropped (after the run's files are read).
    pub(crate) fn finish(&mut self) -> Seen {
        let polled = self.supervisor.take().and_then(Supervisor::finish);
        let group = self.cgroup.as_ref();
        let limit = if group.is_some_and(RunCgroup::memory_hit) {
            Some(Limit::Memory)
        } else if group.is_some_and(RunCgroup::pids_hit) {
            Some(Limit::Processes)
        } else if self.disk.as_ref().is_some_and(DiskMount::full) {
            Some(Limit::Disk)
        } else {
            polled
        };
        let containment = self.memory_limited.then(|| match group.filter(|g| g.holds().0).map(RunCgroup::version) {
            Some(Version::V2) => Containment::CgroupV2,
            Some(Version::V1) => Containment::CgroupV1,
            None => Containment::Supervisor,
        });
        let disk_containment =
            self.disk_limited.then_some(if self.disk.is_some() { Containment::Tmpfs } else { Containment::Supervisor });
        Seen { limit, containment, disk_containment, peak_memory: group.and_then(RunCgroup::peak_memory) }
    }
}
