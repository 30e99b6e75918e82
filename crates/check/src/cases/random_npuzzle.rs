//! Seeded random N-puzzle boards, spread over optimal solution depths.
//!
//! Case `i` of `n` aims at depth `1 + i·(D−1)/(n−1)` (D = [`MAX_SPREAD_DEPTH`] on 3×3, 6 on
//! 2×2, 12 on 4×4 and 5×5, where breadth-first search of the reference must stay small): a
//! random walk from the goal (never undoing the previous move) of a random length at least
//! that depth, kept when its optimal depth (the reference's A* with decrease-key, which is
//! optimal) is the target, else the closest of a few walks. Walks from the goal only reach
//! solvable boards. A portable ChaCha generator makes the same seed give the same boards on
//! any machine.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use searchlab_core::Strategy;
use searchlab_npuzzle::{AstarReading, Board, Direction, DriverOptions};

use super::CasesError;

/// The deepest optimal depth aimed at on 3×3 boards (deeper ones are rare among walks).
pub const MAX_SPREAD_DEPTH: u64 = 24;

/// Walks tried per case before the closest one is taken.
const ATTEMPTS: usize = 40;

/// A random solvable board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NpuzzleInstance {
    /// `random-000`, `random-001`, …
    pub name: String,
    /// The board, as the driver takes it (`1,2,5,3,4,0,6,7,8`).
    pub board: String,
    /// Its optimal solution depth (fewest moves to the goal).
    pub depth: u64,
}

impl NpuzzleInstance {
    /// The labels of its cases: `depth-N`.
    pub fn labels(&self) -> Vec<String> {
        vec![format!("depth-{}", self.depth)]
    }
}

fn deepest_target(width: usize) -> Result<u64, CasesError> {
    match width {
        2 => Ok(6),
        3 => Ok(MAX_SPREAD_DEPTH),
        4 | 5 => Ok(12),
        _ => Err(CasesError::Size(width)),
    }
}

/// The optimal depth of `board`: the length of the reference's A* path with decrease-key.
fn optimal_depth(board: &Board, goal: &Board) -> Result<u64, CasesError> {
    let options = DriverOptions { astar: AstarReading::DecreaseKey, ..DriverOptions::default() };
    let report = searchlab_npuzzle::solve(Strategy::AStar, board, goal, &options)
        .map_err(|e| CasesError::Reference { name: board.to_string(), reason: e.to_string() })?;
    Ok(report.path.len() as u64)
}

fn random_walk(goal: &Board, length: u64, rng: &mut ChaCha8Rng) -> Board {
    let mut board = goal.clone();
    let mut last: Option<Direction> = None;
    let mut moves = Vec::with_capacity(4);
    for _ in 0..length {
        moves.clear();
        for direction in Direction::ALL {
            if last.map(Direction::opposite) == Some(direction) {
                continue;
            }
            if let Some(next) = board.slide(direction) {
                moves.push((direction, next));
            }
        }
        let (direction, next) = moves.swap_remove(rng.random_range(0..moves.len()));
        board = next;
        last = Some(direction);
    }
    board
}

/// `n` random solvable boards of `width`×`width` (2 to 5) for `seed`, in increasing target
/// depth.
///
/// ```
/// let boards = searchlab_check::cases::random_npuzzle(4, 7, 3).unwrap();
/// assert_eq!(boards.len(), 4);
/// assert_eq!(boards, searchlab_check::cases::random_npuzzle(4, 7, 3).unwrap());
/// ```
pub fn random_npuzzle(n: usize, seed: u64, width: usize) -> Result<Vec<NpuzzleInstance>, CasesError> {
    let deepest = deepest_target(width)?;
    let goal = Board::goal(width).map_err(|_| CasesError::Size(width))?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        let target = 1 + (i as u64 * (deepest - 1)) / (n.max(2) as u64 - 1);
        let mut best: Option<(Board, u64)> = None;
        for _ in 0..ATTEMPTS {
            let length = target + rng.random_range(0..=2 * target);
            let board = random_walk(&goal, length, &mut rng);
            let depth = optimal_depth(&board, &goal)?;
            let closer = match &best {
                None => true,
                Some((_, d)) => depth.abs_diff(target) < d.abs_diff(target),
            };
            if closer {
                best = Some((board, depth));
            }
            if depth == target {
                break;
            }
        }
        let (board, depth) = best.unwrap_or_else(|| (goal.clone(), 0));
        out.push(NpuzzleInstance { name: format!("random-{i:03}"), board: board.to_string(), depth });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::{HashMap, VecDeque};

    /// Solvable 3×3 boards have an even number of inversions among the tiles 1..8 (the
    /// blank's row does not matter on an odd width).
    fn even_inversions(tiles: &[u8]) -> bool {
        let t: Vec<u8> = tiles.iter().copied().filter(|&t| t != 0).collect();
        let inversions = (0..t.len()).flat_map(|i| (i + 1..t.len()).map(move |j| (i, j))).filter(|&(i, j)| t[i] > t[j]);
        inversions.count() % 2 == 0
    }

    /// Fewest moves from `tiles` to the 3×3 goal: a plain breadth-first search of its own.
    fn bfs_depth(tiles: Vec<u8>) -> u64 {
        let goal: Vec<u8> = (0..9).collect();
        let mut seen = HashMap::from([(tiles.clone(), 0u64)]);
        let mut queue = VecDeque::from([tiles]);
        while let Some(b) = queue.pop_front() {
            let d = seen[&b];
            if b == goal {
                return d;
            }
            let z = b.iter().position(|&t| t == 0).unwrap();
            let (r, c) = (z / 3, z % 3);
            let mut next = Vec::new();
            if r > 0 {
                next.push(z - 3);
            }
            if r < 2 {
                next.push(z + 3);
            }
            if c > 0 {
                next.push(z - 1);
            }
            if c < 2 {
                next.push(z + 1);
            }
            for n in next {
                let mut s = b.clone();
                s.swap(z, n);
                if !seen.contains_key(&s) {
                    seen.insert(s.clone(), d + 1);
                    queue.push_back(s);
                }
            }
        }
        unreachable!("solvable boards reach the goal")
    }

    fn tiles(board: &str) -> Vec<u8> {
        board.split(',').map(|t| t.parse().unwrap()).collect()
    }

    #[test]
    fn boards_are_solvable_with_the_labelled_optimal_depth() {
        for b in random_npuzzle(10, 3, 3).unwrap() {
            let t = tiles(&b.board);
            assert!(even_inversions(&t), "{} has odd parity", b.board);
            assert_eq!(bfs_depth(t), b.depth, "{}", b.board);
        }
    }

    #[test]
    fn depths_spread_from_shallow_to_deep() {
        let boards = random_npuzzle(20, 7, 3).unwrap();
        let depths: Vec<u64> = boards.iter().map(|b| b.depth).collect();
        assert!(depths.iter().min().unwrap() <= &2, "{depths:?}");
        assert!(depths.iter().max().unwrap() >= &20, "{depths:?}");
        let mut distinct = depths.clone();
        distinct.sort();
        distinct.dedup();
        assert!(distinct.len() >= 15, "{depths:?}");
    }

    #[test]
    fn same_seed_same_boards_other_seed_other_boards() {
        let a = random_npuzzle(6, 11, 3).unwrap();
        assert_eq!(a, random_npuzzle(6, 11, 3).unwrap());
        assert_ne!(a, random_npuzzle(6, 12, 3).unwrap());
    }

    #[test]
    fn other_sizes_and_unsupported_ones() {
        for width in [2, 4] {
            for b in random_npuzzle(4, 1, width).unwrap() {
                assert_eq!(tiles(&b.board).len(), width * width);
                assert!(b.depth >= 1);
            }
        }
        assert!(matches!(random_npuzzle(1, 1, 6), Err(CasesError::Size(6))));
        assert!(matches!(random_npuzzle(1, 1, 1), Err(CasesError::Size(1))));
    }
}
