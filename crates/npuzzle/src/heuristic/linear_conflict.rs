//! Manhattan distance plus linear conflicts (Hansson, Mayer and Yung, 1992): two tiles in
//! their goal row (or column) but in each other's way cost two moves more than Manhattan
//! distance counts, since one of them must leave the line and come back.

use super::{manhattan::MANHATTAN, GoalCells, TileHeuristic};

/// Manhattan distance plus linear conflicts.
pub const LINEAR_CONFLICT: TileHeuristic = TileHeuristic {
    name: "linear-conflict",
    title: "Manhattan distance + linear conflicts",
    admissible: true,
    consistent: true,
    about: "Manhattan distance plus, for every row and column, 2 for each tile that must leave the line so that \
            the tiles of that line standing in it come in goal order; a move changes it by at most 1",
    estimate: linear_conflict,
};

/// The conflict cost of one line: `goal_offsets` are the goal positions along the line of the
/// tiles standing in it that belong to it, in board order; the tiles outside a longest
/// increasing run must step out of the line and back, two moves each (at most 16 tiles).
///
/// ```
/// use searchlab_npuzzle::heuristic::line_conflict_cost;
/// assert_eq!(line_conflict_cost(&[0, 1, 2]), 0);
/// assert_eq!(line_conflict_cost(&[2, 1, 0]), 4); // two of the three must step aside
/// assert_eq!(line_conflict_cost(&[1, 2, 0]), 2);
/// ```
#[inline]
pub fn line_conflict_cost(goal_offsets: &[u8]) -> u32 {
    let n = goal_offsets.len().min(16);
    if n < 2 {
        return 0;
    }
    // Longest strictly increasing subsequence, quadratic (n ≤ 16).
    let mut run = [0u8; 16];
    let mut longest = 0;
    for i in 0..n {
        let before = (0..i).filter(|&j| goal_offsets[j] < goal_offsets[i]).map(|j| run[j]).max();
        run[i] = before.unwrap_or(0) + 1;
        longest = longest.max(run[i]);
    }
    2 * (n as u32 - u32::from(longest))
}

fn linear_conflict(tiles: &[u8], goal: &GoalCells) -> u32 {
    let width = goal.width();
    let mut offsets = [0u8; 16];
    let mut conflicts = 0;
    for line in 0..2 * width {
        let mut n = 0;
        for i in 0..width {
            // Row `line`, or column `line - width`.
            let cell = if line < width { line * width + i } else { i * width + line - width };
            let tile = tiles[cell];
            let home = goal.cell_of(tile);
            let (same_line, offset) = if line < width {
                (home / width == line, home % width)
            } else {
                (home % width == line - width, home / width)
            };
            if tile != 0 && same_line && n < offsets.len() {
                offsets[n] = offset as u8;
                n += 1;
            }
        }
        conflicts += line_conflict_cost(&offsets[..n]);
    }
    (MANHATTAN.estimate)(tiles, goal) + conflicts
}
