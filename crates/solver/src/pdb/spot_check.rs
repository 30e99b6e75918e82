//! A spot check of a database's values against the truth near the goal: a file can pass its
//! checksums and still hold wrong values (written by a buggy build, or edited with its
//! checksums recomputed). An entry larger than the true distance makes IDA* prune the goal
//! region until its bound grows past it, so one inflated value near the goal can make a
//! search run for practically ever. Boards a random walk of `L` moves away from the goal are
//! at most `L` moves from it, so every pattern's value on them must be at most `L`.

use searchlab_npuzzle::{Direction, Geometry};

use super::pattern::Pattern;
use super::table::PdbTable;

/// Random walks per database, and the longest.
const WALKS: u32 = 2000;
const MAX_WALK: u32 = 60;

/// A value that exceeds the distance a random walk proves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Overestimate {
    /// Moves of the walk: the board is at most this far from the goal.
    pub moves: u32,
    /// The database's value there (Manhattan distance of the pattern's tiles plus twice the
    /// stored entry).
    pub value: u32,
}

/// Checks `table` on [`WALKS`] boards reached from the goal by random walks of 0 to
/// [`MAX_WALK`] moves (a fixed seed: the same boards every time); the first value above its
/// walk's length is returned.
pub fn spot_check(table: &PdbTable<'_>) -> Result<(), Overestimate> {
    let pattern = table.pattern();
    let geometry = Geometry::new(pattern.width()).expect("patterns are 2 to 5 wide");
    let n = pattern.n();
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    for walk in 0..WALKS {
        // Tiles are named by their goal cells: at the goal, the tile of cell c is on c (the
        // blank's entry follows the blank).
        let mut at: Vec<u8> = (0..n as u8).collect();
        let blank_goal = pattern.blank_goal() as usize;
        let mut blank = blank_goal;
        let moves = walk % (MAX_WALK + 1);
        for _ in 0..moves {
            // xorshift64: a fixed, portable sequence of directions.
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let direction = Direction::ALL[(state % 4) as usize];
            if let Some(cell) = geometry.neighbour(blank, direction) {
                let tile = at.iter().position(|&c| c as usize == cell).expect("every cell holds a tile");
                at[tile] = blank as u8;
                at[blank_goal] = cell as u8;
                blank = cell;
            }
        }
        let value = value(pattern, table, &geometry, &at);
        if value > moves {
            return Err(Overestimate { moves, value });
        }
    }
    Ok(())
}

/// The database's heuristic value with the tile of goal cell `c` on `at[c]`.
fn value(pattern: &Pattern, table: &PdbTable<'_>, geometry: &Geometry, at: &[u8]) -> u32 {
    let cells = pattern.cells();
    let rank = pattern.rank(|i| at[cells[i] as usize]);
    let md: u32 = cells.iter().map(|&c| geometry.distance(c as usize, at[c as usize] as usize)).sum();
    md + 2 * table.entry(rank as usize).expect("a rank is below the entries")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pdb::build::build;

    #[test]
    fn built_databases_pass_and_an_inflated_entry_near_the_goal_fails() {
        let pattern = Pattern::new(3, 0, vec![1, 2, 3, 4]).unwrap();
        let built = build(&pattern, &|_| {});
        assert_eq!(spot_check(&built.table()), Ok(()));
        // The goal placement's entry raised to 3: h = 6 at the goal itself.
        let goal_rank = pattern.rank(|i| pattern.cells()[i]) as usize;
        let mut data = built.data().to_vec();
        let shift = if built.bits() == 4 { 4 * (goal_rank % 2) } else { 0 };
        let index = if built.bits() == 4 { goal_rank / 2 } else { goal_rank };
        data[index] |= 3 << shift;
        let table = PdbTable::new(&pattern, built.bits(), &data).unwrap();
        assert_eq!(spot_check(&table), Err(Overestimate { moves: 0, value: 6 }));
    }
}
