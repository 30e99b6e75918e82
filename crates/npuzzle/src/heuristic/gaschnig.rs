//! Gaschnig's heuristic: the moves left when any tile may jump into the blank's cell, wherever
//! it is (the relaxed problem of Gaschnig 1979; AIMA's exercise on relaxed 8-puzzles).

use super::{GoalCells, TileHeuristic};

/// Gaschnig's heuristic: a relaxed problem's exact distance, so admissible and consistent; never
/// below misplaced tiles.
pub const GASCHNIG: TileHeuristic = TileHeuristic {
    name: "gaschnig",
    title: "Gaschnig's relaxed swaps",
    admissible: true,
    consistent: true,
    about: "the swaps of the blank with any tile that sort the board: each misplaced tile once, plus one for every \
            cycle of misplaced tiles the blank is not in; a real move is one such swap, so it changes by at most 1",
    estimate: gaschnig,
};

/// The misplaced tiles plus the cycles of the board's permutation (over cells) that leave the
/// blank out: the blank's own cycle of L cells sorts in L - 1 swaps, any other of L cells in L + 1.
fn gaschnig(tiles: &[u8], goal: &GoalCells) -> u32 {
    let mut seen = [false; 256];
    let mut swaps = 0;
    for start in 0..tiles.len() {
        if seen[start] || goal.cell_of(tiles[start]) == start {
            continue;
        }
        let (mut cell, mut length, mut has_blank) = (start, 0, false);
        while !seen[cell] {
            seen[cell] = true;
            length += 1;
            has_blank |= tiles[cell] == 0;
            cell = goal.cell_of(tiles[cell]);
        }
        swaps += if has_blank { length - 1 } else { length + 1 };
    }
    swaps
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Board;

    fn h(board: &str) -> u32 {
        let board = Board::parse(board).unwrap();
        gaschnig(board.tiles(), &GoalCells::new(&Board::goal(board.width()).unwrap()))
    }

    #[test]
    fn swaps_counted_by_hand() {
        assert_eq!(h("0,1,2,3,4,5,6,7,8"), 0);
        // Tiles 1 and 2 shifted left, the blank where 2 belongs: one cycle with the blank, 2 swaps.
        assert_eq!(h("1,2,0,3,4,5,6,7,8"), 2);
        // Tiles 7 and 8 exchanged, the blank home: swap the blank out, two swaps, back: 3.
        assert_eq!(h("0,1,2,3,4,5,6,8,7"), 3);
    }
}
