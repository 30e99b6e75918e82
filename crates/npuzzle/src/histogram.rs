//! How far every solvable board is from the goal: a complete breadth-first search.

use searchlab_core::{breadth_first_search_with, Event, KeySpace, Problem, SearchOptions};

use crate::packed::{Cells, Nibbles, FACTORIALS};
use crate::{Board, Direction, SmallNPuzzle};

/// A problem with the same moves as `P` but no goal, so that a search visits every
/// reachable state. Everything else is forwarded (and inlined: no cost per node).
struct NoGoal<P>(P);

impl<P: Problem> Problem for NoGoal<P> {
    type State = P::State;
    type Action = P::Action;
    type Key = P::Key;

    fn initial_state(&self) -> P::State {
        self.0.initial_state()
    }
    #[inline]
    fn successors(&self, state: &P::State, out: &mut Vec<(P::Action, P::State)>) {
        self.0.successors(state, out)
    }
    #[inline]
    fn is_goal(&self, _state: &P::State) -> bool {
        false
    }
    #[inline]
    fn key(&self, state: &P::State) -> P::Key {
        self.0.key(state)
    }
    fn key_space(&self) -> KeySpace<P::Key> {
        self.0.key_space()
    }
}

/// Marks the root of [`distance_histogram`]'s search, which has no move to undo.
const NO_MOVE: u8 = 4;

/// For each move index (UDLR, then [`NO_MOVE`]), the index of the move that undoes it.
const OPPOSITE: [usize; 5] = [1, 0, 3, 2, 4];

/// `histogram[d]` = the number of boards of width `width` at exactly `d` moves from the
/// goal `0, 1, …, m² − 1`; the last entry is the largest distance. `None` for widths other
/// than 2 and 3 (4×4 has 10¹³ solvable boards).
///
/// A dedicated layered breadth-first search, not the engine: the layers hold packed boards
/// and the visited set is one bit per board of the goal's solvability class, indexed by
/// [`Cells::class_index`] (181,440 bits = 22 KiB for 3×3, which stays in the L1 cache);
/// a horizontal move shifts that index by a constant, so only vertical moves re-rank, and
/// the move that undoes the last one is not generated.
/// Why not the engine: its visited table stores a 4-byte node id per state (725 KiB for
/// 3×3) next to an arena of 40-byte nodes that the search writes as it goes, so nearly
/// every duplicate check misses the cache; profiling showed about a quarter of the run
/// waiting on that table and the whole run took about 20 ms on the 2-core machine of
/// `docs/npuzzle.md`, against about 5 ms here. [`distance_histogram_with_engine`] computes
/// the same histogram on the engine (the tests check that both agree).
///
/// ```
/// use searchlab_npuzzle::distance_histogram;
///
/// let h = distance_histogram(3).unwrap();
/// assert_eq!(h.iter().sum::<u64>(), 181_440); // 9!/2 solvable boards
/// assert_eq!(h.len(), 32); // the farthest boards are 31 moves away ...
/// assert_eq!(h[31], 2); // ... and there are two of them
/// assert_eq!(distance_histogram(2).unwrap(), [1, 2, 2, 2, 2, 2, 1]);
/// ```
pub fn distance_histogram(width: usize) -> Option<Vec<u64>> {
    if !(2..=3).contains(&width) {
        return None;
    }
    let n = width * width;
    let size = (FACTORIALS[n] / 2) as usize;
    // moves[4 * cell ..]: the cells the blank can reach from `cell`, u8::MAX for none.
    let mut moves = vec![u8::MAX; 4 * n];
    for cell in 0..n {
        for (d, dir) in Direction::ALL.iter().enumerate() {
            if let Some(t) = dir.target(cell, width) {
                moves[4 * cell + d] = t as u8;
            }
        }
    }
    let goal = Board::goal(width).ok()?;
    let start = Nibbles::from_tiles(goal.tiles());
    // A horizontal move keeps the tiles' reading order, so it only moves the index by one
    // block of (n-1)!/2: no need to rank the board again. Vertical moves re-rank.
    let block = (FACTORIALS[n - 1] / 2) as usize;
    let mut visited = vec![0u64; size.div_ceil(64)];
    let first = start.class_index(n);
    visited[first / 64] |= 1 << (first % 64);
    // (cells, blank, index, the move that led here: its opposite is skipped).
    let mut layer = vec![(start, goal.blank() as u8, first, NO_MOVE)];
    let mut next = Vec::new();
    let mut histogram = Vec::new();
    while !layer.is_empty() {
        histogram.push(layer.len() as u64);
        next.clear();
        for &(cells, blank, index, came) in &layer {
            let b = usize::from(blank);
            for (d, &to) in moves[4 * b..4 * b + 4].iter().enumerate() {
                if to == u8::MAX || d == OPPOSITE[usize::from(came)] {
                    continue;
                }
                let child = cells.slide(b, usize::from(to));
                let i = match d {
                    2 => index - block, // Left
                    3 => index + block, // Right
                    _ => child.class_index(n),
                };
                let (word, bit) = (i / 64, 1u64 << (i % 64));
                if visited[word] & bit == 0 {
                    visited[word] |= bit;
                    next.push((child, to, i, d as u8));
                }
            }
        }
        std::mem::swap(&mut layer, &mut next);
    }
    Some(histogram)
}

/// The same histogram as [`distance_histogram`], computed by the engine: a breadth-first
/// search from the goal with no goal test, graph search on the dense class-index table
/// ([`SmallNPuzzle`]), and an observer that counts each node at the depth where it is first
/// generated (its distance, since BFS reaches every state first along a shortest path).
/// About four times slower; kept as an independent check and as an example of observers.
///
/// ```
/// use searchlab_npuzzle::distance_histogram_with_engine;
/// assert_eq!(distance_histogram_with_engine(2).unwrap(), [1, 2, 2, 2, 2, 2, 1]);
/// ```
pub fn distance_histogram_with_engine(width: usize) -> Option<Vec<u64>> {
    if !(2..=3).contains(&width) {
        return None;
    }
    let goal = Board::goal(width).ok()?;
    let problem = NoGoal(SmallNPuzzle::new(&goal, &goal)?);
    let mut histogram = vec![1u64]; // the goal itself, at distance 0
    let mut count = |event: &Event<'_, NoGoal<SmallNPuzzle>>| {
        if let Event::Generated { depth, .. } = *event {
            let d = depth as usize;
            if d >= histogram.len() {
                histogram.resize(d + 1, 0);
            }
            histogram[d] += 1;
        }
    };
    breadth_first_search_with(&problem, &SearchOptions::columbia_driver(), &mut count);
    Some(histogram)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_outside_2_and_3_are_refused() {
        for width in [0, 1, 4, 5] {
            assert_eq!(distance_histogram(width), None);
            assert_eq!(distance_histogram_with_engine(width), None);
        }
    }

    #[test]
    fn engine_and_dedicated_search_agree() {
        for width in [2, 3] {
            assert_eq!(distance_histogram(width), distance_histogram_with_engine(width));
        }
    }

    #[test]
    fn eight_puzzle_histogram_matches_known_counts() {
        // Published counts of 8-puzzle boards by distance (OEIS A089473).
        let expected: [u64; 32] = [
            1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893, 2512, 4485, 5638, 9529, 10878, 16993,
            17110, 23952, 20224, 24047, 15578, 14560, 6274, 3910, 760, 221, 2,
        ];
        assert_eq!(distance_histogram(3).unwrap(), expected);
    }
}
