//! The processor time a run's processes have used, read from `/proc` while they live: what
//! tells a run stopped at its time limit because it computes for that long from one that the
//! runs beside it kept waiting.

use std::time::Duration;

/// The user and system time used by `pid` and every process below it (with their threads and
/// the children they waited for), or `None` where `/proc` cannot tell (another system, or
/// `pid` already gone). A process that left the tree (a daemon) is not counted.
pub(crate) fn tree_cpu_time(pid: libc::pid_t) -> Option<Duration> {
    let mut ticks = process_ticks(pid)?;
    let mut todo = children(pid);
    // A process tree is finite, but /proc can change under the walk: bound it.
    let mut seen = 0;
    while let Some(child) = todo.pop() {
        seen += 1;
        if seen > 10_000 {
            break;
        }
        ticks += process_ticks(child).unwrap_or(0);
        todo.extend(children(child));
    }
    // SAFETY: sysconf only reads a system constant; it has no memory effects.
    let per_second = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    let per_second = u64::try_from(per_second).ok().filter(|&t| t > 0)?;
    Some(Duration::from_secs_f64(ticks as f64 / per_second as f64))
}

/// utime + stime + cutime + cstime of `pid` in clock ticks, from `/proc/PID/stat`.
fn process_ticks(pid: libc::pid_t) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    stat_ticks(&stat)
}

/// The four time fields (14 to 17) of a `/proc/PID/stat` line; the command name (field 2)
/// may hold spaces and parentheses, so the fields are counted after its last `)`.
fn stat_ticks(stat: &str) -> Option<u64> {
    let rest = &stat[stat.rfind(')')? + 1..];
    // After the name: field 3 (state) is the first.
    let fields: Vec<&str> = rest.split_whitespace().collect();
    fields.get(11..15)?.iter().map(|f| f.parse::<u64>().ok()).sum()
}

/// The children of every thread of `pid`, from `/proc/PID/task/TID/children`.
fn children(pid: libc::pid_t) -> Vec<libc::pid_t> {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else { return Vec::new() };
    tasks
        .flatten()
        .filter_map(|task| std::fs::read_to_string(task.path().join("children")).ok())
        .flat_map(|list| list.split_whitespace().filter_map(|p| p.parse().ok()).collect::<Vec<_>>())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_time_fields_are_counted_after_the_last_parenthesis() {
        let stat = "42 (a (b) c) R 1 42 42 0 -1 4194304 100 0 0 0 250 50 7 3 20 0 1 0 100 0 0";
        assert_eq!(stat_ticks(stat), Some(310));
        assert_eq!(stat_ticks("42 (short) R 1"), None);
    }

    #[test]
    fn a_busy_child_is_counted_with_its_parent() {
        // A shell whose child computes: the child's time is below the shell's pid.
        let mut child = std::process::Command::new("sh")
            .args(["-c", "i=0; while [ $i -lt 1000000 ]; do i=$((i+1)); done & wait"])
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(800));
        let used = tree_cpu_time(child.id() as libc::pid_t);
        let _ = child.kill();
        let _ = child.wait();
        let used = used.expect("/proc tells the time of a live process");
        assert!(used >= Duration::from_millis(300), "{used:?}");
    }
}
