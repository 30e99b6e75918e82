//! How many nodes a driver search of a board must store, known before it runs: the figures
//! behind the driver's refusal of BFS and DFS searches that cannot end within the node budget
//! or the machine's memory (4×4 and wider boards; `docs/npuzzle.md`, "Searches refused up
//! front").

use std::collections::HashSet;

use searchlab_core::Problem;

use crate::driver_options::DriverOptions;
use crate::encoding::Encoding;
use crate::{with_encoding, Board};

/// The growth, per extra move, of the number of distinct boards at a given distance, assumed
/// beyond the distances [`bfs_lower_bound`] counts exactly. A deliberate under-estimate: on the
/// 15-puzzle the number of boards at distance k+1 is 1.9 times that at k around k = 20, 1.7
/// around k = 30 and still above 1.5 up to k = 40 (Korf and Schultze's complete breadth-first
/// search, 2005), larger on wider boards; Korf's 2.13 is the branching factor of the search
/// *tree*, duplicates included, which would over-estimate.
pub const LAYER_GROWTH: f64 = 1.5;

/// How many boards [`bfs_lower_bound`] counts exactly (whole distance layers, by a small
/// breadth-first search from the board, two layers in memory) before it extrapolates with
/// [`LAYER_GROWTH`]: on 4×4, distances up to about 15, in a few milliseconds.
pub const EXACT_BOARDS: u64 = 100_000;

/// The nodes a depth-first probe stores before the driver refuses a DFS of a 4×4 or wider
/// board with its default budget: about 100 MB and 0.4 s (release build, 4×4). A DFS that meets
/// its goal within the probe answers exactly as an unbounded one, so nothing solved that fast
/// is ever refused.
pub const DFS_PROBE_NODES: u64 = 1_000_000;

/// The memory one stored node takes in a driver search of a board this wide, in bytes: about
/// 100 up to 4×4 and 175 for 5×5 (peak RSS of searches stopped at 4 and 8 million nodes:
/// 97–99 and 171 bytes, `docs/npuzzle.md`); wider boards keep each state in its own allocation
/// and store it twice (node and key): `110 + 2 × (m² rounded up to 16, + 16)`.
///
/// ```
/// use searchlab_npuzzle::estimate::bytes_per_node;
/// assert_eq!((bytes_per_node(3), bytes_per_node(4), bytes_per_node(5)), (100, 100, 175));
/// assert_eq!(bytes_per_node(6), 238);
/// ```
pub fn bytes_per_node(width: usize) -> u64 {
    match width * width {
        cells if cells <= 16 => 100,
        cells if cells <= 25 => 175,
        cells => 110 + 2 * (cells.next_multiple_of(16) as u64 + 16),
    }
}

/// The number of boards reachable from any board of this width: (m²)!/2.
///
/// ```
/// use searchlab_npuzzle::estimate::reachable_boards;
/// assert_eq!(reachable_boards(3), 181_440.0);
/// assert_eq!(reachable_boards(4), 10_461_394_944_000.0);
/// ```
pub fn reachable_boards(width: usize) -> f64 {
    (2..=width * width).map(|k| k as f64).product::<f64>() / 2.0
}

/// A lower bound on the work of the driver's BFS of a board, from [`bfs_lower_bound`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BfsBound {
    /// The board's Manhattan distance to the goal (blank excluded): a lower bound on its
    /// solution length d.
    pub manhattan: u32,
    /// The boards within `manhattan − 1` moves of the board: a lower bound on the nodes BFS
    /// expands (and so stores) before it removes the goal from its frontier.
    pub nodes: f64,
    /// Whether `nodes` is an exact count (else it extrapolates with [`LAYER_GROWTH`]).
    pub exact: bool,
}

/// A lower bound on the nodes the driver's BFS (goal test when a node leaves the frontier)
/// stores before it can answer: the number of boards within h − 1 moves of `board`, h its
/// Manhattan distance to `goal`.
///
/// Why it is a bound: h ≤ d, the solution length; a FIFO frontier removes every node of depth
/// below d before the goal, and expands each (a graph search stores every distinct board it
/// generates), so BFS stores at least the N(d − 1) ≥ N(h − 1) boards within d − 1 moves. The
/// count is
///
/// ```text
/// N(r) = c(0) + c(1) + … + c(r),   c(k) = the boards at distance exactly k from `board`,
/// c(k) counted exactly for k ≤ e (the layers of a breadth-first search of about EXACT_BOARDS
/// boards), and c(k) = c(e) × LAYER_GROWTH^(k − e) beyond, capped at (m²)!/2 in all.
/// ```
///
/// The exact layers are those of the board itself (its blank's cell matters); the growth of
/// 1.5 is below the 15-puzzle's measured 1.5–2.0 over the distances where the bound can reach
/// a budget or a machine's memory (up to 10^10 boards, distance about 35), so the bound errs
/// low. A board whose Manhattan distance underestimates its true distance by much still runs
/// and may stop at the budget: the bound never refuses a board BFS could solve in budget.
///
/// ```
/// use searchlab_npuzzle::{estimate::bfs_lower_bound, Board};
/// let goal = Board::goal(4)?;
/// let near = bfs_lower_bound(&Board::parse("1,5,2,3,4,0,6,7,8,9,10,11,12,13,14,15")?, &goal);
/// assert_eq!((near.manhattan, near.nodes, near.exact), (2, 5.0, true)); // itself, 4 neighbours
/// let korf1 = bfs_lower_bound(&Board::parse("14,13,15,7,11,12,9,5,6,0,2,1,4,8,10,3")?, &goal);
/// assert_eq!(korf1.manhattan, 41);
/// assert!(korf1.nodes > 1e9 && !korf1.exact);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn bfs_lower_bound(board: &Board, goal: &Board) -> BfsBound {
    let options = DriverOptions { check_parity: false, max_nodes: None, ..DriverOptions::default() };
    let Ok(encoding) = Encoding::new(board, goal, &options) else {
        return BfsBound { manhattan: 0, nodes: 1.0, exact: true };
    };
    let (manhattan, layers) = with_encoding!(encoding, problem => {
        let h = problem.heuristic(&problem.initial_state()) as u32;
        (h, layer_counts(&problem, h.saturating_sub(1), EXACT_BOARDS))
    });
    let radius = manhattan.saturating_sub(1) as usize;
    let mut nodes: f64 = layers.iter().map(|&c| c as f64).sum();
    let exact = layers.len() > radius || layers.last() == Some(&0);
    if !exact {
        let last = *layers.last().unwrap_or(&1) as f64;
        let mut layer = last;
        for _ in layers.len()..=radius {
            layer *= LAYER_GROWTH;
            nodes += layer;
        }
    }
    BfsBound { manhattan, nodes: nodes.min(reachable_boards(board.width())), exact }
}

/// The number of states at each distance 0, 1, … from `problem`'s initial state, up to
/// `max_depth` or until the layers counted hold `max_boards` states (a layer is always counted
/// whole). Two layers are kept: the N-puzzle's graph is bipartite (every move changes the
/// blank's colour on a checkerboard), so a neighbour of a board at distance k is at k − 1 or
/// k + 1.
fn layer_counts<P: Problem>(problem: &P, max_depth: u32, max_boards: u64) -> Vec<u64> {
    let mut counts = vec![1u64];
    let mut previous: HashSet<P::Key> = HashSet::new();
    let mut layer = vec![problem.initial_state()];
    let mut layer_keys: HashSet<P::Key> = layer.iter().map(|s| problem.key(s)).collect();
    let mut total = 1u64;
    let mut children = Vec::new();
    while counts.len() as u32 <= max_depth && total < max_boards && !layer.is_empty() {
        let mut next = Vec::new();
        let mut next_keys = HashSet::new();
        for state in &layer {
            children.clear();
            problem.successors(state, &mut children);
            for (_, child) in children.drain(..) {
                let key = problem.key(&child);
                if !previous.contains(&key) && !layer_keys.contains(&key) && next_keys.insert(key) {
                    next.push(child);
                }
            }
        }
        counts.push(next.len() as u64);
        total += next.len() as u64;
        previous = std::mem::replace(&mut layer_keys, next_keys);
        layer = next;
    }
    counts
}

/// The nodes the driver's DFS is expected to store on a board of this width whose goal it did
/// not meet early: half of the (m²)!/2 reachable boards. A depth-first graph search that leaves
/// the goal's neighbourhood wanders through the reachable boards in an order unrelated to the
/// goal, so the goal's place in that order is as likely anywhere (on 4×4: 5.2·10^12 nodes).
///
/// ```
/// use searchlab_npuzzle::estimate::dfs_expected_nodes;
/// assert_eq!(dfs_expected_nodes(4), 5_230_697_472_000.0);
/// ```
pub fn dfs_expected_nodes(width: usize) -> f64 {
    reachable_boards(width) / 2.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layers_of_the_8_puzzle_match_the_known_distance_table() {
        // From the goal: every layer equals the complete histogram of the 181,440 boards.
        let goal = Board::goal(3).unwrap();
        let problem = match Encoding::new(&goal, &goal, &DriverOptions::default()).unwrap() {
            Encoding::Small(p) => p,
            _ => unreachable!(),
        };
        let mut counts = layer_counts(&problem, 40, u64::MAX);
        assert_eq!(counts.pop(), Some(0), "the layer after the farthest boards is empty");
        assert_eq!(counts, crate::distance_histogram(3).unwrap());
        assert_eq!(layer_counts(&problem, 40, 10), [1, 2, 4, 8], "whole layers up to 10 boards");
    }

    #[test]
    fn the_bound_counts_exactly_when_it_can_and_never_exceeds_the_space() {
        let goal = Board::goal(4).unwrap();
        // Blank two moves right of the goal's: Manhattan 2, boards within 1 move: itself and 3.
        let b = bfs_lower_bound(&Board::parse("1,2,0,3,4,5,6,7,8,9,10,11,12,13,14,15").unwrap(), &goal);
        assert_eq!((b.manhattan, b.nodes, b.exact), (2, 4.0, true));
        assert_eq!(bfs_lower_bound(&goal, &goal).nodes, 1.0);
        let far = bfs_lower_bound(&Board::parse("0,15,14,13,12,11,10,9,8,7,6,5,4,3,2,1").unwrap(), &goal);
        assert!(far.nodes <= reachable_boards(4));
    }
}
