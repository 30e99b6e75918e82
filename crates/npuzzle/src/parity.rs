//! Solvability: which boards can reach which goals.
//!
//! Every move swaps the blank with a neighbour: one transposition of the tiles (blank
//! included), which flips the parity of the permutation, while the blank moves one cell,
//! which flips the parity of its Manhattan distance to its goal cell. So
//! `parity(permutation) XOR parity(blank distance)` never changes, and it is even at the
//! goal. The converse also holds (every board meeting the rule is reachable), for every
//! width m ≥ 2 and any goal: exactly half of the (m²)! arrangements are solvable.

use crate::Board;

/// Whether the permutation that takes `board` to `goal` (the blank counted as a tile) is
/// odd. Boards of different widths give `false`.
pub fn permutation_is_odd(board: &Board, goal: &Board) -> bool {
    if board.width() != goal.width() {
        return false;
    }
    let n = board.tiles().len();
    let mut goal_position = vec![0usize; n];
    for (pos, &tile) in goal.tiles().iter().enumerate() {
        goal_position[tile as usize] = pos;
    }
    // sigma(i) = where the tile on cell i must go. Parity = (n - number of cycles) mod 2.
    let mut visited = vec![false; n];
    let mut cycles = 0;
    for start in 0..n {
        if visited[start] {
            continue;
        }
        cycles += 1;
        let mut i = start;
        while !visited[i] {
            visited[i] = true;
            i = goal_position[board.tiles()[i] as usize];
        }
    }
    (n - cycles) % 2 == 1
}

/// The Manhattan distance between the blank's cell on `board` and on `goal`.
pub fn blank_distance(board: &Board, goal: &Board) -> usize {
    crate::cell_distance(board.width(), board.blank(), goal.blank())
}

/// Whether `board` can be slid into `goal`: the permutation from board to goal (blank
/// included) must have the parity of the blank's Manhattan displacement. Holds for odd
/// and even widths and any goal. Boards of different widths are never solvable.
///
/// ```
/// use searchlab_npuzzle::{is_solvable, Board};
/// let goal = Board::goal(3)?;
/// assert!(is_solvable(&Board::parse("8,6,4,2,1,3,5,7,0")?, &goal));
/// assert!(!is_solvable(&Board::parse("1,0,2,3,4,5,6,8,7")?, &goal));
/// # Ok::<(), searchlab_npuzzle::BoardError>(())
/// ```
pub fn is_solvable(board: &Board, goal: &Board) -> bool {
    board.width() == goal.width() && permutation_is_odd(board, goal) == (blank_distance(board, goal) % 2 == 1)
}

#[cfg(test)]
mod tests {
    use std::collections::{HashSet, VecDeque};

    use super::*;
    use crate::Direction;

    /// Every board reachable from `goal` by sliding (a plain BFS over `Board`s).
    fn reachable(goal: &Board) -> HashSet<Board> {
        let mut seen = HashSet::from([goal.clone()]);
        let mut queue = VecDeque::from([goal.clone()]);
        while let Some(b) = queue.pop_front() {
            for d in Direction::ALL {
                if let Some(next) = b.slide(d) {
                    if seen.insert(next.clone()) {
                        queue.push_back(next);
                    }
                }
            }
        }
        seen
    }

    fn permutations(items: &mut Vec<u8>, k: usize, out: &mut Vec<Vec<u8>>) {
        if k == items.len() {
            out.push(items.clone());
            return;
        }
        for i in k..items.len() {
            items.swap(k, i);
            permutations(items, k + 1, out);
            items.swap(k, i);
        }
    }

    #[test]
    fn rule_matches_reachability_exhaustively_on_2x2_for_every_goal() {
        let mut all = Vec::new();
        permutations(&mut vec![0, 1, 2, 3], 0, &mut all);
        assert_eq!(all.len(), 24);
        for goal_tiles in &all {
            let goal = Board::new(2, goal_tiles.clone()).unwrap();
            let reach = reachable(&goal);
            assert_eq!(reach.len(), 12);
            for tiles in &all {
                let board = Board::new(2, tiles.clone()).unwrap();
                assert_eq!(is_solvable(&board, &goal), reach.contains(&board), "{board} -> {goal}");
            }
        }
    }

    #[test]
    fn rule_matches_reachability_on_3x3_for_two_goals() {
        let mut all = Vec::new();
        permutations(&mut (0..9).collect(), 0, &mut all);
        for goal in [Board::goal(3).unwrap(), Board::parse("1,2,3,4,5,6,7,8,0").unwrap()] {
            let reach = reachable(&goal);
            assert_eq!(reach.len(), 181_440);
            for tiles in all.iter().step_by(7) {
                let board = Board::new(3, tiles.clone()).unwrap();
                assert_eq!(is_solvable(&board, &goal), reach.contains(&board), "{board} -> {goal}");
            }
        }
    }

    #[test]
    fn even_width_examples() {
        let goal = Board::goal(4).unwrap();
        // One move away: solvable.
        assert!(is_solvable(&Board::parse("1,0,2,3,4,5,6,7,8,9,10,11,12,13,14,15").unwrap(), &goal));
        // Two tiles swapped, blank home: not solvable.
        assert!(!is_solvable(&Board::parse("0,2,1,3,4,5,6,7,8,9,10,11,12,13,14,15").unwrap(), &goal));
        // Swapping the blank with a tile one row down is a legal move (solvable) ...
        assert!(is_solvable(&Board::parse("4,1,2,3,0,5,6,7,8,9,10,11,12,13,14,15").unwrap(), &goal));
        // ... but swapping it with a tile two cells away is not.
        assert!(!is_solvable(&Board::parse("2,1,0,3,4,5,6,7,8,9,10,11,12,13,14,15").unwrap(), &goal));
    }

    #[test]
    fn different_widths_are_never_solvable() {
        assert!(!is_solvable(&Board::goal(2).unwrap(), &Board::goal(3).unwrap()));
    }
}
