//! Patterns (sets of goal cells whose tiles a database tracks), partitions of the board into
//! disjoint patterns, and the perfect ranking of a pattern's placements.

use std::fmt;

use crate::error::PatternError;

/// The most placements a pattern may have: ranks are `u32`.
pub const MAX_ENTRIES: u64 = 1 << 32;

/// The tiles of one pattern database, named by their goal cells, for one width and blank goal cell.
///
/// Always valid (private fields, checked by [`Pattern::new`]): distinct cells on a board of at most
/// 5×5, never the blank's, at most [`MAX_ENTRIES`] placements, so every placement's rank is below
/// [`Pattern::entries`] and fits a `u32`.
///
/// ```compile_fail
/// let p = searchlab_solver::pdb::Pattern { width: 3, blank_goal: 0, cells: vec![1, 1] };
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Pattern {
    width: usize,
    blank_goal: u8,
    cells: Vec<u8>,
}

impl Pattern {
    /// A pattern; the cells are sorted, and must be distinct, on the board and not the blank's goal.
    pub fn new(width: usize, blank_goal: u8, mut cells: Vec<u8>) -> Result<Pattern, PatternError> {
        let n = width * width;
        cells.sort_unstable();
        cells.dedup();
        if cells.is_empty() || cells.len() > 12 {
            return Err(PatternError::TileCount);
        }
        if !(2..=5).contains(&width) {
            return Err(PatternError::TooWide);
        }
        if cells.iter().any(|&c| c as usize >= n || c == blank_goal) || blank_goal as usize >= n {
            return Err(PatternError::BadCell { blank_goal });
        }
        let pattern = Pattern { width, blank_goal, cells };
        if pattern.entries() > MAX_ENTRIES {
            return Err(PatternError::TooManyEntries { tiles: pattern.k(), width, entries: pattern.entries() });
        }
        Ok(pattern)
    }

    /// Board side length.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The blank's goal cell.
    pub fn blank_goal(&self) -> u8 {
        self.blank_goal
    }

    /// Goal cells of the pattern's tiles, ascending (never the blank's).
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// Number of cells on the board.
    pub fn n(&self) -> usize {
        self.width * self.width
    }

    /// Number of tiles in the pattern.
    pub fn k(&self) -> usize {
        self.cells.len()
    }

    /// Number of placements of the pattern's tiles: n! / (n-k)!.
    pub fn entries(&self) -> u64 {
        (0..self.k()).map(|i| (self.n() - i) as u64).product()
    }

    /// The cache file name: size, blank goal cell, pattern cells and bits per entry, e.g.
    /// `pdb-4x4-b0-1.2.3.4.5.6.7-4bit.bin`.
    pub fn file_name(&self, bits: u8) -> String {
        let cells: Vec<String> = self.cells.iter().map(|c| c.to_string()).collect();
        format!("pdb-{w}x{w}-b{b}-{c}-{bits}bit.bin", w = self.width, b = self.blank_goal, c = cells.join("."))
    }

    /// The rank of the placement that puts tile `i` (goal cell `cells[i]`) on `positions(i)`.
    /// Mixed radix n, n-1, …, n-k+1; digit i is the position among the cells not used by tiles before i.
    #[inline(always)]
    pub fn rank(&self, positions: impl Fn(usize) -> u8) -> u32 {
        rank(self.n(), self.k(), positions)
    }

    /// The placement of a rank (inverse of [`Pattern::rank`]).
    pub fn unrank(&self, rank: u32, out: &mut [u8]) {
        let (n, k) = (self.n(), self.k());
        let mut digits = [0u32; 12];
        let mut r = rank;
        for i in (0..k).rev() {
            let radix = (n - i) as u32;
            digits[i] = r % radix;
            r /= radix;
        }
        let mut occ = 0u32;
        for i in 0..k {
            // The digits[i]-th free cell.
            let mut d = digits[i];
            let mut c = 0;
            loop {
                if occ & (1 << c) == 0 {
                    if d == 0 {
                        break;
                    }
                    d -= 1;
                }
                c += 1;
            }
            out[i] = c as u8;
            occ |= 1 << c;
        }
    }
}

/// See [`Pattern::rank`]. With `k` distinct positions below `n ≤ 32` the rank is below
/// n!/(n-k)!.
///
/// Digit i counts the earlier tiles on lower cells by comparing positions, not with a popcount of
/// an occupancy mask: the portable x86-64 target has no `popcnt` instruction, and a software
/// popcount per tile cost more than the k(k-1)/2 comparisons. The 24-puzzle's pattern sizes
/// (5, 6 and 7 tiles) get versions with the loops unrolled.
#[inline(always)]
pub(crate) fn rank(n: usize, k: usize, positions: impl Fn(usize) -> u8) -> u32 {
    match k {
        5 => rank_of::<5>(n, positions),
        6 => rank_of::<6>(n, positions),
        7 => rank_of::<7>(n, positions),
        _ => rank_any(n, k, positions),
    }
}

/// [`rank`] for patterns of exactly `K` tiles.
#[inline(always)]
fn rank_of<const K: usize>(n: usize, positions: impl Fn(usize) -> u8) -> u32 {
    let mut seen = [0u8; K];
    let mut r = 0u32;
    for i in 0..K {
        let p = positions(i);
        let below: u32 = seen[..i].iter().map(|&q| u32::from(q < p)).sum();
        seen[i] = p;
        r = r * (n - i) as u32 + (u32::from(p) - below);
    }
    r
}

/// [`rank`] for any number of tiles up to 12.
#[inline(always)]
fn rank_any(n: usize, k: usize, positions: impl Fn(usize) -> u8) -> u32 {
    let mut seen = [0u8; 12];
    let mut r = 0u32;
    for i in 0..k {
        let p = positions(i);
        let below: u32 = seen[..i].iter().map(|&q| u32::from(q < p)).sum();
        seen[i] = p;
        r = r * (n - i) as u32 + (u32::from(p) - below);
    }
    r
}

impl fmt::Display for Pattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cells: Vec<String> = self.cells.iter().map(|c| c.to_string()).collect();
        write!(f, "{{{}}}", cells.join(","))
    }
}

/// Disjoint patterns covering every tile: their databases add up admissibly. A name listing
/// several partitions joined by `,` gives all their patterns, one partition after the other
/// (`parts` says how many each has); the heuristic takes the largest of their sums.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Partition {
    /// Its name, e.g. `7-8`.
    pub name: String,
    /// The patterns.
    pub patterns: Vec<Pattern>,
    /// Patterns per partition of a `,`-joined name, in order (`[patterns.len()]` for one).
    pub parts: Vec<usize>,
}

/// The named partitions for the blank-first goal: Korf & Felner's shapes.
fn standard_cells(width: usize, name: &str) -> Option<Vec<Vec<u8>>> {
    let v = |groups: &[&[u8]]| Some(groups.iter().map(|g| g.to_vec()).collect());
    match (width, name) {
        // 15-puzzle: the top two rows and the bottom two rows.
        (4, "7-8") => v(&[&[1, 2, 3, 4, 5, 6, 7], &[8, 9, 10, 11, 12, 13, 14, 15]]),
        // Two 2×3 blocks under the top row, which is the 3-tile pattern.
        (4, "6-6-3") => v(&[&[4, 5, 8, 9, 12, 13], &[6, 7, 10, 11, 14, 15], &[1, 2, 3]]),
        (4, "5-5-5") => v(&[&[1, 2, 3, 6, 7], &[4, 5, 8, 9, 12], &[10, 11, 13, 14, 15]]),
        // 24-puzzle: Korf & Felner's four six-tile blocks.
        (5, "6-6-6-6") => {
            v(&[&[1, 2, 5, 6, 7, 12], &[3, 4, 8, 9, 13, 14], &[10, 11, 15, 16, 20, 21], &[17, 18, 19, 22, 23, 24]])
        }
        (3, "4-4") => v(&[&[1, 2, 3, 4], &[5, 6, 7, 8]]),
        _ => None,
    }
}

impl Partition {
    /// The partition called `name` (group sizes joined by `-`, e.g. `7-8`, `6-6-3`, `5-5-5`,
    /// `6-6-6-6`) for a board of `width` whose blank's goal cell is `blank_goal`.
    ///
    /// For the blank-first goal the well-known shapes are used; otherwise (or for other sizes) the
    /// non-blank cells are cut into groups in row-major order.
    ///
    /// A name holding `.` or `/` lists the groups themselves: goal cells joined by `.`, groups
    /// joined by `/` (e.g. `1.2.3.4.5.6.7/8.9.10.11.12.13.14.15`), as [`super::partition_search`]
    /// prints them; they must cover every cell but the blank's goal exactly once.
    pub fn named(width: usize, blank_goal: u8, name: &str) -> Result<Partition, PatternError> {
        if name.contains(',') {
            let mut all = Partition { name: name.to_string(), patterns: Vec::new(), parts: Vec::new() };
            for part in name.split(',') {
                let p = Partition::named(width, blank_goal, part)?;
                all.parts.push(p.patterns.len());
                all.patterns.extend(p.patterns);
            }
            return Ok(all);
        }
        if name.contains(['.', '/']) {
            return Partition::from_groups(width, blank_goal, name);
        }
        let sizes: Vec<usize> = name
            .split('-')
            .map(|s| s.parse::<usize>().map_err(|_| PatternError::BadName(name.to_string())))
            .collect::<Result<_, _>>()?;
        let n = width * width;
        // Checked: sizes near usize::MAX must not wrap around to the board's tile count.
        let total = sizes.iter().try_fold(0usize, |sum, &s| sum.checked_add(s));
        if total != Some(n.saturating_sub(1)) || sizes.contains(&0) {
            return Err(PatternError::NotCovering { name: name.to_string(), tiles: n.saturating_sub(1), width });
        }
        let groups = match standard_cells(width, name) {
            Some(g) if blank_goal == 0 => g,
            _ => {
                let cells: Vec<u8> = (0..n as u8).filter(|&c| c != blank_goal).collect();
                let mut out = Vec::new();
                let mut at = 0;
                for s in &sizes {
                    out.push(cells[at..at + s].to_vec());
                    at += s;
                }
                out
            }
        };
        let patterns: Vec<Pattern> =
            groups.into_iter().map(|g| Pattern::new(width, blank_goal, g)).collect::<Result<_, _>>()?;
        Ok(Partition { name: name.to_string(), parts: vec![patterns.len()], patterns })
    }
}

impl Partition {
    /// The partition whose groups `name` lists (see [`Partition::named`]).
    fn from_groups(width: usize, blank_goal: u8, name: &str) -> Result<Partition, PatternError> {
        let n = width * width;
        let bad = || PatternError::BadName(name.to_string());
        let groups: Vec<Vec<u8>> = name
            .split('/')
            .map(|g| g.split('.').map(|c| c.parse::<u8>().map_err(|_| bad())).collect::<Result<Vec<u8>, _>>())
            .collect::<Result<_, _>>()?;
        let mut all: Vec<u8> = groups.iter().flatten().copied().collect();
        all.sort_unstable();
        let expected: Vec<u8> = (0..n.min(256) as u8).filter(|&c| c != blank_goal).collect();
        if all != expected {
            return Err(PatternError::NotCovering { name: name.to_string(), tiles: n.saturating_sub(1), width });
        }
        let patterns: Vec<Pattern> =
            groups.into_iter().map(|g| Pattern::new(width, blank_goal, g)).collect::<Result<_, _>>()?;
        Ok(Partition { name: name.to_string(), parts: vec![patterns.len()], patterns })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_is_a_bijection_on_a_small_pattern() {
        let p = Pattern::new(3, 0, vec![1, 2, 3]).unwrap();
        assert_eq!(p.entries(), 9 * 8 * 7);
        let mut seen = vec![false; p.entries() as usize];
        let mut buf = [0u8; 3];
        for r in 0..p.entries() as u32 {
            p.unrank(r, &mut buf);
            assert!(buf[0] != buf[1] && buf[1] != buf[2] && buf[0] != buf[2]);
            let back = p.rank(|i| buf[i]);
            assert_eq!(back, r);
            assert!(!seen[r as usize]);
            seen[r as usize] = true;
        }
    }

    #[test]
    fn six_tile_ranks_match_the_mixed_radix_definition() {
        // The unrolled six-tile rank against the definition (digit i = cell minus the earlier
        // tiles on lower cells), on placements spread over a 5×5 pattern's 127,512,000 ranks.
        let p = Pattern::new(5, 0, vec![1, 2, 5, 6, 7, 12]).unwrap();
        let mut buf = [0u8; 6];
        for r in (0..p.entries() as u32).step_by(9_973).chain([0, p.entries() as u32 - 1]) {
            p.unrank(r, &mut buf);
            let mut expected = 0u32;
            for i in 0..6 {
                let below = buf[..i].iter().filter(|&&q| q < buf[i]).count() as u32;
                expected = expected * (25 - i as u32) + u32::from(buf[i]) - below;
            }
            assert_eq!(expected, r);
            assert_eq!(p.rank(|i| buf[i]), r);
            assert_eq!(rank_any(25, 6, |i| buf[i]), r);
        }
        // The five- and seven-tile versions against the general loop.
        for k in [5, 7] {
            let p = Pattern::new(5, 0, (1..=k as u8).collect()).unwrap();
            let mut buf = [0u8; 7];
            for r in (0..p.entries() as u32).step_by(99_991).chain([p.entries() as u32 - 1]) {
                p.unrank(r, &mut buf[..k]);
                assert_eq!(rank(25, k, |i| buf[i]), r);
                assert_eq!(rank_any(25, k, |i| buf[i]), r);
            }
        }
    }

    #[test]
    fn partitions_cover_the_board() {
        for (w, name) in [(4, "7-8"), (4, "6-6-3"), (4, "5-5-5"), (5, "6-6-6-6"), (3, "4-4"), (4, "8-7")] {
            for blank in [0u8, 5] {
                let p = Partition::named(w, blank, name).unwrap();
                let mut all: Vec<u8> = p.patterns.iter().flat_map(|p| p.cells().to_vec()).collect();
                all.sort();
                let expected: Vec<u8> = (0..(w * w) as u8).filter(|&c| c != blank).collect();
                assert_eq!(all, expected, "{w} {name} {blank}");
            }
        }
        assert!(Partition::named(4, 0, "7-7").is_err());
        assert!(Partition::named(4, 0, "18446744073709551615-16").is_err());
        assert!(Partition::named(4, 0, "18446744073709551615-18446744073709551615-17").is_err());
        assert!(Partition::named(4, 0, "x").is_err());
    }

    #[test]
    fn partitions_can_list_their_groups() {
        let p = Partition::named(4, 0, "1.2.3.4.5.6.7/8.9.10.11.12.13.14.15").unwrap();
        assert_eq!(p.patterns, Partition::named(4, 0, "7-8").unwrap().patterns);
        let p = Partition::named(3, 4, "0.1.2.3/5.6.7.8").unwrap();
        assert_eq!(p.patterns[0].cells(), &[0, 1, 2, 3]);
        for bad in
            ["1.2.3/4.5.6.7/8.9.10.11.12.13.14", "1.1.2/3", "1.2.3.4.5.6.7/8.9.10.11.12.13.14.15.0", "1..2/3", "a/b"]
        {
            assert!(Partition::named(4, 0, bad).is_err(), "{bad}");
        }
        assert!(Partition::named(4, 0, "1.2.3.4.5.6.7.8.9.10.11.12.13/14.15").is_err(), "13 tiles: too many entries");
    }

    #[test]
    fn patterns_whose_ranks_overflow_are_refused() {
        for name in ["12-3", "11-4", "10-5"] {
            let err = Partition::named(4, 0, name).unwrap_err();
            assert!(matches!(err, PatternError::TooManyEntries { width: 4, .. }), "{name}: {err}");
        }
        // 16!/7! = 4,151,347,200 placements still fit.
        assert_eq!(Pattern::new(4, 0, (1..=9).collect()).unwrap().entries(), 4_151_347_200);
    }

    #[test]
    fn file_names_encode_everything() {
        let p = Pattern::new(4, 0, vec![3, 1, 2]).unwrap();
        assert_eq!(p.file_name(4), "pdb-4x4-b0-1.2.3-4bit.bin");
    }
}
