//! Manhattan distance (the textbook's h2, the course driver's heuristic): the sum of every
//! tile's row and column distance to its goal cell.

use super::{GoalCells, TileHeuristic};
use crate::cell_distance;

/// Manhattan distance: each move brings one tile one cell nearer, at best.
pub const MANHATTAN: TileHeuristic = TileHeuristic {
    name: "manhattan",
    title: "Manhattan distance (h2)",
    admissible: true,
    consistent: true,
    about: "the sum over the tiles (the blank not counted) of the rows and columns between each and its goal cell; \
            a move changes it by exactly 1",
    estimate: manhattan,
};

fn manhattan(tiles: &[u8], goal: &GoalCells) -> u32 {
    let width = goal.width();
    let each = tiles.iter().enumerate().filter(|&(_, &tile)| tile != 0);
    each.map(|(cell, &tile)| cell_distance(width, cell, goal.cell_of(tile)) as u32).sum()
}
