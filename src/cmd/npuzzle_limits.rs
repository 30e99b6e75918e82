//! `searchlab npuzzle`'s refusal, before searching, of a BFS or DFS of a 4×4 or wider board
//! that cannot end within the node budget or the machine's memory (exit 3, one line, the
//! `searchlab solve` command to use instead). The figures are `searchlab_npuzzle::estimate`'s.
//!
//! - BFS: refused when [`bfs_lower_bound`] (the boards within h − 1 moves, h the Manhattan
//!   distance; a sound lower bound on the nodes BFS stores) is above the budget, or its bytes
//!   above the memory available. Nothing is searched.
//! - DFS: no useful lower bound exists (a DFS may meet the goal on its first branch), so the
//!   search runs first as a probe of at most [`DFS_PROBE_NODES`] nodes, which answers exactly as
//!   the whole search would when it meets the goal. Past the probe, a DFS is expected to store
//!   half the reachable boards ([`dfs_expected_nodes`], 5.2·10^12 on 4×4), so it is refused
//!   when that is above the default budget, or when the nodes it may store (the budget, or that
//!   estimate if smaller) do not fit the memory available. A budget given with `--max-nodes`
//!   that the memory holds is honoured: the search runs to it, without a probe.

use searchlab_core::{Stats, Strategy};
use searchlab_npuzzle::estimate::{
    bfs_lower_bound, bytes_per_node, dfs_expected_nodes, reachable_boards, DFS_PROBE_NODES,
};
use searchlab_npuzzle::{is_solvable, method_name, Board};

/// What the driver does before its search.
#[derive(Debug, Clone, PartialEq)]
pub enum Plan {
    /// Search with the budget asked for.
    Search,
    /// Search with this smaller budget first (DFS); a search stopped by it is refused with
    /// [`dfs_refusal`].
    Probe(u64),
    /// Do not search: the search cannot end within the limits.
    Refuse(Refusal),
}

/// Why a search is refused, in two parts so that a note can go between them.
#[derive(Debug, Clone, PartialEq)]
pub struct Refusal {
    /// The reason, with the estimated nodes and bytes and the limits they pass.
    pub reason: String,
    /// The `searchlab solve …` command that solves the board instead.
    pub command: String,
}

impl Refusal {
    /// The one line: the reason, `note` (may be empty), then the command.
    pub fn line(&self, note: &str) -> String {
        format!("{}{note}; solve it optimally with IDA* instead: {}", self.reason, self.command)
    }
}

/// The limits a search runs under.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// The node budget.
    pub budget: u64,
    /// Whether the budget was given with `--max-nodes` (else it is the default).
    pub explicit: bool,
    /// The memory available now, in bytes (`None`: unknown).
    pub memory: Option<u64>,
}

/// What to do before searching `board` toward `goal` with `method`: only BFS and DFS of solvable
/// boards of width 4 or more are ever refused or probed.
pub fn plan(method: Strategy, board: &Board, goal: &Board, custom_goal: bool, limits: Limits) -> Plan {
    let width = board.width();
    if width < 4 || goal.width() != width || !is_solvable(board, goal) {
        return Plan::Search;
    }
    let per_node = bytes_per_node(width) as f64;
    let fits = |nodes: f64| limits.memory.is_none_or(|m| nodes * per_node <= m as f64);
    match method {
        Strategy::BreadthFirst => {
            let bound = bfs_lower_bound(board, goal);
            if bound.nodes <= limits.budget as f64 && fits(bound.nodes) {
                return Plan::Search;
            }
            let reason = format!(
                "bfs cannot finish on this {width}x{width} board within the limits: its goal is at least {} moves \
                 away (Manhattan distance), so BFS must first expand every board within {} moves, {} {} nodes \
                 (about {} at about {per_node} bytes a node), {}; nothing searched, no output written",
                bound.manhattan,
                bound.manhattan.saturating_sub(1),
                if bound.exact { "exactly" } else { "at least" },
                count(bound.nodes),
                bytes(bound.nodes * per_node),
                beyond(bound.nodes, per_node, limits),
            );
            Plan::Refuse(Refusal { reason, command: solve_command(board, goal, custom_goal) })
        }
        Strategy::DepthFirst => {
            let may_store = dfs_expected_nodes(width).min(limits.budget as f64);
            if (limits.explicit && fits(may_store)) || limits.budget <= DFS_PROBE_NODES {
                Plan::Search
            } else {
                Plan::Probe(DFS_PROBE_NODES)
            }
        }
        _ => Plan::Search,
    }
}

/// The refusal of a DFS whose probe of `probe` nodes stopped without the goal (`stats`).
pub fn dfs_refusal(
    board: &Board,
    goal: &Board,
    custom_goal: bool,
    probe: u64,
    stats: &Stats,
    limits: Limits,
) -> Refusal {
    let width = board.width();
    let per_node = bytes_per_node(width) as f64;
    let expected = dfs_expected_nodes(width);
    let mut reason = format!(
        "{} met no goal in its first {probe} nodes ({:.2} s, max_search_depth {}), and a depth-first search that \
         misses the goal early wanders through about half of the {} boards reachable on {width}x{width}: about {} \
         nodes (about {} at about {per_node} bytes a node), {}; no output written",
        method_name(Strategy::DepthFirst),
        stats.elapsed.as_secs_f64(),
        stats.max_depth,
        count(reachable_boards(width)),
        count(expected),
        bytes(expected * per_node),
        beyond(expected, per_node, limits),
    );
    if !limits.explicit {
        reason.push_str(" (--max-nodes N runs it to N nodes anyway)");
    }
    Refusal { reason, command: solve_command(board, goal, custom_goal) }
}

/// Which limits `nodes` nodes pass: the budget, the memory, or both.
fn beyond(nodes: f64, per_node: f64, limits: Limits) -> String {
    let budget = format!("the node budget of {} (--max-nodes)", limits.budget);
    let over_budget = nodes > limits.budget as f64;
    match limits.memory.filter(|&m| nodes * per_node > m as f64) {
        Some(m) if over_budget => format!("beyond {budget} and the {} of memory available", bytes(m as f64)),
        Some(m) => format!("beyond the {} of memory available (within {budget})", bytes(m as f64)),
        None => format!("beyond {budget}"),
    }
}

/// `searchlab solve [--goal GOAL] BOARD`.
fn solve_command(board: &Board, goal: &Board, custom_goal: bool) -> String {
    if custom_goal {
        format!("searchlab solve --goal {goal} {board}")
    } else {
        format!("searchlab solve {board}")
    }
}

/// A node count: whole below 10^9, else as 2.9e12.
fn count(n: f64) -> String {
    if n < 1e9 {
        format!("{n:.0}")
    } else {
        format!("{n:.1e}")
    }
}

/// Bytes in decimal units (kB to EB), as 3.6 GB.
fn bytes(b: f64) -> String {
    let units = ["bytes", "kB", "MB", "GB", "TB", "PB", "EB"];
    let mut value = b;
    let mut unit = 0;
    while value >= 1000.0 && unit + 1 < units.len() {
        value /= 1000.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{value:.0} bytes")
    } else if value >= 1000.0 {
        format!("{:.1e} {}", value, units[unit])
    } else {
        format!("{value:.1} {}", units[unit])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(budget: u64, explicit: bool) -> Limits {
        Limits { budget, explicit, memory: Some(24 << 30) }
    }

    #[test]
    fn sizes_and_counts_read_as_a_person_writes_them() {
        assert_eq!(
            (bytes(512.0), bytes(3.6e9), bytes(5.2e14), bytes(7.7e26)),
            ("512 bytes".into(), "3.6 GB".into(), "520.0 TB".into(), "7.7e8 EB".into())
        );
        assert_eq!((count(4.0), count(2.9e12)), ("4".into(), "2.9e12".into()));
    }

    #[test]
    fn easy_boards_and_small_widths_are_searched_hard_ones_refused() {
        let goal = Board::goal(4).unwrap();
        let near = Board::parse("1,5,2,3,4,0,6,7,8,9,10,11,12,13,14,15").unwrap();
        let korf1 = Board::parse("14,13,15,7,11,12,9,5,6,0,2,1,4,8,10,3").unwrap();
        let bfs = Strategy::BreadthFirst;
        assert_eq!(plan(bfs, &near, &goal, false, limits(50_000_000, false)), Plan::Search);
        let Plan::Refuse(refusal) = plan(bfs, &korf1, &goal, false, limits(50_000_000, false)) else { panic!() };
        assert_eq!(refusal.command, "searchlab solve 14,13,15,7,11,12,9,5,6,0,2,1,4,8,10,3");
        assert!(refusal.reason.contains("at least 41 moves"), "{}", refusal.reason);
        let dfs = Strategy::DepthFirst;
        assert_eq!(plan(dfs, &korf1, &goal, false, limits(50_000_000, false)), Plan::Probe(DFS_PROBE_NODES));
        assert_eq!(plan(dfs, &korf1, &goal, false, limits(50_000_000, true)), Plan::Search);
        assert_eq!(plan(dfs, &korf1, &goal, false, limits(1 << 40, true)), Plan::Probe(DFS_PROBE_NODES));
        assert_eq!(plan(dfs, &korf1, &goal, false, limits(1000, false)), Plan::Search);
        let eight = Board::parse("8,6,4,2,1,3,5,7,0").unwrap();
        assert_eq!(plan(bfs, &eight, &Board::goal(3).unwrap(), false, limits(10, false)), Plan::Search);
    }
}
