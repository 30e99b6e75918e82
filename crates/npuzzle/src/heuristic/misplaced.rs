//! Misplaced tiles (the textbook's h1): the number of tiles not on their goal cell.

use super::{GoalCells, TileHeuristic};

/// Misplaced tiles: each tile off its goal cell needs at least one move.
pub const MISPLACED: TileHeuristic = TileHeuristic {
    name: "misplaced",
    title: "misplaced tiles (h1)",
    admissible: true,
    consistent: true,
    about:
        "the number of tiles (the blank not counted) that are not on their goal cell; a move changes it by at most 1",
    estimate: misplaced,
};

fn misplaced(tiles: &[u8], goal: &GoalCells) -> u32 {
    let off = tiles.iter().enumerate().filter(|&(cell, &tile)| tile != 0 && goal.cell_of(tile) != cell);
    off.count() as u32
}
