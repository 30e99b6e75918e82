//! The two system calls std does not offer: waiting for a process to exit without reaping
//! it, and killing a whole process group.

/// Blocks until process `pid` (a child of this process) has exited, leaving it a zombie
/// (not reaped), so that its process id and group id cannot be reused until
/// [`std::process::Child::wait`] reaps it. Returns at once if `pid` is not a waitable child.
pub(crate) fn wait_exit_keeping_zombie(pid: libc::pid_t) {
    loop {
        // SAFETY: `info` is a plain C struct that waitid fills in; zeroed is a valid value.
        let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
        // SAFETY: waitid only writes into `info`, which lives for the whole call; WNOWAIT
        // leaves the child waitable, so std's later `wait` still reaps it.
        let rc = unsafe { libc::waitid(libc::P_PID, pid as libc::id_t, &mut info, libc::WEXITED | libc::WNOWAIT) };
        if rc == 0 || std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted {
            return;
        }
    }
}

/// Sends SIGKILL to every process of the group `pgid` (the group a run's program leads).
/// Call it only while the group's leader is not yet reaped, so the id cannot name another
/// group. A group that is already gone is not an error.
pub(crate) fn kill_group(pgid: libc::pid_t) {
    if pgid <= 1 {
        return;
    }
    // SAFETY: kill has no memory effects; a negative id addresses exactly the process group
    // `pgid`, which our unreaped child leads.
    unsafe {
        libc::kill(-pgid, libc::SIGKILL);
    }
}
