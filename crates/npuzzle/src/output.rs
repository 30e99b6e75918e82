//! The grader's `output.txt`: seven `key: value` lines (nine in the 2017 edition).

use std::fmt::Write as _;

use crate::{Direction, DriverReport, Edition};

/// The Python `str(list)` text of a path: `['Up', 'Left', 'Left']`, or `[]`.
///
/// ```
/// use searchlab_npuzzle::{path_to_python_list, Direction};
/// assert_eq!(path_to_python_list(&[Direction::Up, Direction::Left]), "['Up', 'Left']");
/// assert_eq!(path_to_python_list(&[]), "[]");
/// ```
pub fn path_to_python_list(path: &[Direction]) -> String {
    let mut text = String::with_capacity(2 + path.len() * 9);
    text.push('[');
    for (i, d) in path.iter().enumerate() {
        if i > 0 {
            text.push_str(", ");
        }
        text.push('\'');
        text.push_str(d.name());
        text.push('\'');
    }
    text.push(']');
    text
}

/// The seven lines of `output.txt`, each ending in `\n`, for a report and the process's
/// peak memory in megabytes (see [`max_ram_usage_mb`]). Floats use `%.8f`.
///
/// ```
/// use searchlab_core::Strategy;
/// use searchlab_npuzzle::{format_output, solve, Board, DriverOptions};
///
/// let board = Board::parse("1,2,5,3,4,0,6,7,8")?;
/// let report = solve(Strategy::BreadthFirst, &board, &Board::goal(3)?, &DriverOptions::default())?;
/// let text = format_output(&report, 0.078125);
/// let lines: Vec<&str> = text.lines().collect();
/// assert_eq!(lines[..5], [
///     "path_to_goal: ['Up', 'Left', 'Left']",
///     "cost_of_path: 3",
///     "nodes_expanded: 10",
///     "search_depth: 3",
///     "max_search_depth: 4",
/// ]);
/// assert!(lines[5].starts_with("running_time: "));
/// assert_eq!(lines[6], "max_ram_usage: 0.07812500");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn format_output(report: &DriverReport, max_ram_mb: f64) -> String {
    format_edition_output(report, max_ram_mb, Edition::Current)
}

/// The lines of `output.txt` in `edition`: [`format_output`]'s seven, and for the 2017
/// edition `fringe_size` and `max_fringe_size` between `nodes_expanded` and
/// `search_depth` (nine lines).
///
/// ```
/// use searchlab_core::Strategy;
/// use searchlab_npuzzle::{format_edition_output, solve, Board, DriverOptions, Edition};
///
/// let board = Board::parse("1,2,5,3,4,0,6,7,8")?;
/// let report = solve(Strategy::BreadthFirst, &board, &Board::goal(3)?, &DriverOptions::default())?;
/// let text = format_edition_output(&report, 0.078125, Edition::Y2017);
/// let lines: Vec<&str> = text.lines().collect();
/// assert_eq!(lines[2..6], ["nodes_expanded: 10", "fringe_size: 11", "max_fringe_size: 12", "search_depth: 3"]);
/// assert_eq!(lines.len(), 9);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn format_edition_output(report: &DriverReport, max_ram_mb: f64, edition: Edition) -> String {
    let mut text = String::with_capacity(240 + report.path.len() * 9);
    // Writing to a String cannot fail.
    let _ = writeln!(text, "path_to_goal: {}", path_to_python_list(&report.path));
    let _ = writeln!(text, "cost_of_path: {}", report.cost_of_path());
    let _ = writeln!(text, "nodes_expanded: {}", report.nodes_expanded);
    if edition.has_fringe_lines() {
        let _ = writeln!(text, "fringe_size: {}", report.fringe_size());
        let _ = writeln!(text, "max_fringe_size: {}", report.max_fringe_size());
    }
    let _ = writeln!(text, "search_depth: {}", report.search_depth);
    let _ = writeln!(text, "max_search_depth: {}", report.max_search_depth);
    let _ = writeln!(text, "running_time: {:.8}", report.running_time.as_secs_f64());
    let _ = writeln!(text, "max_ram_usage: {max_ram_mb:.8}");
    text
}

/// The process's peak resident memory in megabytes, as the driver reports it: the
/// `ru_maxrss` field of `getrusage(RUSAGE_SELF)` (through `libc`), which Linux gives in
/// KiB (divided by 1024 here) and macOS in bytes (divided by 1048576). 0 where
/// `getrusage` is not available or fails.
pub fn max_ram_usage_mb() -> f64 {
    #[cfg(unix)]
    {
        // SAFETY: getrusage only writes into the zero-initialised struct we pass.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        let rc = unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut usage) };
        if rc != 0 {
            return 0.0;
        }
        let maxrss = usage.ru_maxrss as f64;
        if cfg!(target_os = "macos") {
            maxrss / 1_048_576.0
        } else {
            maxrss / 1024.0
        }
    }
    #[cfg(not(unix))]
    {
        0.0
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use searchlab_core::Stats;

    use super::*;

    fn report(path: Vec<Direction>, secs: f64) -> DriverReport {
        let n = path.len() as u64;
        DriverReport {
            path,
            nodes_expanded: 181_437,
            search_depth: n,
            max_search_depth: 66_125,
            running_time: Duration::from_secs_f64(secs),
            stats: Stats::default(),
        }
    }

    #[test]
    fn seven_lines_exactly() {
        use Direction::*;
        let text = format_output(&report(vec![Up, Left, Left], 5.01608433), 4.23940217);
        assert_eq!(
            text,
            "path_to_goal: ['Up', 'Left', 'Left']\ncost_of_path: 3\nnodes_expanded: 181437\nsearch_depth: 3\n\
             max_search_depth: 66125\nrunning_time: 5.01608433\nmax_ram_usage: 4.23940217\n"
        );
    }

    #[test]
    fn nine_lines_in_the_2017_edition() {
        use Direction::*;
        let mut r = report(vec![Up, Left, Left], 5.01608433);
        r.stats.frontier_left = 2;
        r.stats.max_frontier = 42_913;
        let text = format_edition_output(&r, 4.23940217, Edition::Y2017);
        assert_eq!(
            text,
            "path_to_goal: ['Up', 'Left', 'Left']\ncost_of_path: 3\nnodes_expanded: 181437\nfringe_size: 2\n\
             max_fringe_size: 42913\nsearch_depth: 3\nmax_search_depth: 66125\nrunning_time: 5.01608433\n\
             max_ram_usage: 4.23940217\n"
        );
        assert_eq!(format_edition_output(&r, 1.0, Edition::Current), format_output(&r, 1.0));
    }

    #[test]
    fn empty_path_and_float_rounding() {
        let text = format_output(&report(vec![], 0.000000004), 0.0);
        assert!(text.starts_with("path_to_goal: []\ncost_of_path: 0\n"));
        assert!(text.contains("running_time: 0.00000000\n"));
        assert!(text.ends_with("max_ram_usage: 0.00000000\n"));
        let text = format_output(&report(vec![], 1.0), 123.456789012);
        assert!(text.contains("running_time: 1.00000000\n"));
        assert!(text.ends_with("max_ram_usage: 123.45678901\n"));
    }

    #[test]
    fn all_four_names() {
        use Direction::*;
        assert_eq!(path_to_python_list(&[Up, Down, Left, Right]), "['Up', 'Down', 'Left', 'Right']");
    }

    #[test]
    fn ram_is_positive_on_unix() {
        if cfg!(unix) {
            let mb = max_ram_usage_mb();
            assert!(mb > 0.1 && mb < 1_000_000.0, "{mb}");
        }
    }
}
