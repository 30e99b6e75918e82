//! Every board's true distance to a goal, by one breadth-first sweep of the boards the goal can
//! reach: the measure a heuristic's promises are checked against (admissible: never above it;
//! consistent: a move changes the estimate by at most 1). Boards of up to 9 cells only: the
//! 8-puzzle's 181,440 fit in memory, the 15-puzzle's 10^13 do not.

use std::collections::{HashMap, VecDeque};

use crate::{Board, Direction};

/// The most cells [`distances`] sweeps (3×3).
pub const DISTANCES_MAX_CELLS: usize = 9;

/// Every board that can reach `goal`, with its fewest moves to it; `None` for boards of more than
/// [`DISTANCES_MAX_CELLS`] cells.
///
/// ```
/// use searchlab_npuzzle::{distances, Board};
///
/// let all = distances(&Board::goal(3)?).unwrap();
/// assert_eq!(all.len(), 181_440); // 9!/2: one parity class
/// assert_eq!(all.values().max(), Some(&31)); // the 8-puzzle's farthest boards
/// assert_eq!(all[&Board::parse("1,5,6,3,0,4,7,8,2")?], 16);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn distances(goal: &Board) -> Option<HashMap<Board, u32>> {
    if goal.tiles().len() > DISTANCES_MAX_CELLS {
        return None;
    }
    let mut seen = HashMap::from([(goal.clone(), 0)]);
    let mut queue = VecDeque::from([goal.clone()]);
    while let Some(board) = queue.pop_front() {
        let d = seen[&board];
        for next in Direction::ALL.iter().filter_map(|&m| board.slide(m)) {
            if !seen.contains_key(&next) {
                seen.insert(next.clone(), d + 1);
                queue.push_back(next);
            }
        }
    }
    Some(seen)
}
