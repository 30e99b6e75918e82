//! Helpers shared by the solver's integration tests.

/// A solvable board `moves` random blank moves away from the goal, as the walk's boards.
pub fn walk(width: usize, moves: &[u8]) -> Vec<Vec<u8>> {
    let mut tiles: Vec<u8> = (0..(width * width) as u8).collect();
    let mut blank = 0usize;
    let mut out = vec![tiles.clone()];
    for &m in moves {
        let (r, c) = (blank / width, blank % width);
        let target = match m % 4 {
            0 if r > 0 => blank - width,
            1 if c > 0 => blank - 1,
            2 if c + 1 < width => blank + 1,
            3 if r + 1 < width => blank + width,
            _ => continue,
        };
        tiles.swap(blank, target);
        blank = target;
        out.push(tiles.clone());
    }
    out
}
