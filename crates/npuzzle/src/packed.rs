//! Compact board encodings for the search, and a perfect rank for small boards.
//!
//! The engine stores one state per node, so the state's size is the search's memory:
//!
//! | width | type | bytes per board |
//! |---|---|---|
//! | 2–4 | [`Nibbles`]: 4 bits per cell in a `u64` | 8 |
//! | 5 | [`Quints`]: 5 bits per cell in a `u128` | 16 |
//! | 6–15 | [`Bytes`]: a boxed byte slice (one allocation per state) | m² + 16 |

use std::fmt::Debug;
use std::hash::Hash;

/// n! for n ≤ 20 (the largest that fits a u64).
pub const FACTORIALS: [u64; 21] = {
    let mut f = [1u64; 21];
    let mut i = 1;
    while i < 21 {
        f[i] = f[i - 1] * i as u64;
        i += 1;
    }
    f
};

/// The number of set bits of every 9-bit mask (the tiles of a 3×3 board).
const POPCOUNT_9: [u8; 512] = {
    let mut table = [0u8; 512];
    let mut i = 0;
    while i < 512 {
        table[i] = (i as u32).count_ones() as u8;
        i += 1;
    }
    table
};

/// A board's cells, packed. The blank is tile 0; cells are indexed row-major from 0.
pub trait Cells: Clone + Eq + Hash + Debug {
    /// The largest number of cells (m²) the encoding holds.
    const CAPACITY: usize;

    /// Packs `tiles` (at most [`Cells::CAPACITY`] of them, each below the cell count).
    fn from_tiles(tiles: &[u8]) -> Self;

    /// The tile on cell `pos`.
    fn get(&self, pos: usize) -> u8;

    /// The cells after the tile on cell `from` slides into the blank cell `blank` (which
    /// must hold 0): `from` then holds the blank.
    fn slide(&self, blank: usize, from: usize) -> Self;

    /// The first `n` cells as tiles.
    fn to_tiles(&self, n: usize) -> Vec<u8> {
        (0..n).map(|i| self.get(i)).collect()
    }

    /// A perfect index of the first `n` cells among the boards of one solvability class,
    /// in `0..n!/2`: `blank cell × (n−1)!/2 + rank of the other tiles in reading order / 2`.
    ///
    /// Why it is injective: within a class (the boards reachable from one another), the
    /// parity of the tiles' reading order is fixed once the blank's cell is (a horizontal
    /// move keeps the order, a vertical one moves a tile over m − 1 others, and two boards
    /// with the blank on the same cell are an even number of vertical moves apart). The
    /// last two Lehmer digits of that order are then fixed by the others (the last is
    /// always 0, the one of weight 1! carries the parity), so halving the rank loses
    /// nothing. For 2 ≤ n ≤ 21.
    fn class_index(&self, n: usize) -> usize {
        let mut used: u32 = 0;
        let mut rank = 0u64;
        let mut blank = 0;
        let mut i = 0;
        for pos in 0..n {
            let t = u32::from(self.get(pos));
            if t == 0 {
                blank = pos;
                continue;
            }
            let smaller_used = (used & ((1u32 << t) - 1)).count_ones();
            // Tiles are 1..n; t - 1 - smaller_used counts the unused tiles below t.
            rank += u64::from(t - 1 - smaller_used) * FACTORIALS[n - 2 - i];
            used |= 1 << t;
            i += 1;
        }
        (blank as u64 * (FACTORIALS[n - 1] / 2) + rank / 2) as usize
    }

    /// The lexicographic rank of the first `n` cells as a permutation of `0..n`, in
    /// `0..n!` (a perfect hash: different permutations get different ranks). For n ≤ 20.
    fn rank(&self, n: usize) -> usize {
        let mut used: u32 = 0;
        let mut rank = 0u64;
        for i in 0..n {
            let t = u32::from(self.get(i));
            let smaller_used = (used & ((1u32 << t) - 1)).count_ones();
            rank += u64::from(t - smaller_used) * FACTORIALS[n - 1 - i];
            used |= 1 << t;
        }
        rank as usize
    }
}

/// Up to 16 cells of 4 bits in a `u64` (boards up to 4×4). Cell 0 is the lowest nibble.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Nibbles(pub u64);

impl Cells for Nibbles {
    const CAPACITY: usize = 16;

    fn from_tiles(tiles: &[u8]) -> Self {
        Nibbles(tiles.iter().enumerate().fold(0, |acc, (i, &t)| acc | (u64::from(t) & 0xF) << (4 * i)))
    }

    #[inline]
    fn get(&self, pos: usize) -> u8 {
        ((self.0 >> (4 * pos)) & 0xF) as u8
    }

    #[inline]
    fn slide(&self, blank: usize, from: usize) -> Self {
        let tile = (self.0 >> (4 * from)) & 0xF;
        Nibbles(self.0 ^ (tile << (4 * from)) | (tile << (4 * blank)))
    }

    #[inline]
    fn class_index(&self, n: usize) -> usize {
        let mut x = self.0;
        let mut used: u32 = 0;
        let mut rank = 0u64;
        let mut blank = 0;
        let mut weight = n - 2;
        for pos in 0..n {
            let t = (x & 0xF) as u32;
            x >>= 4;
            if t == 0 {
                blank = pos;
                continue;
            }
            let below = used & ((1u32 << t) - 1);
            // A table look-up beats count_ones on CPUs the baseline target has no POPCNT for.
            let smaller_used = if n <= 9 { u32::from(POPCOUNT_9[below as usize]) } else { below.count_ones() };
            rank += u64::from(t - 1 - smaller_used) * FACTORIALS[weight];
            used |= 1 << t;
            weight = weight.wrapping_sub(1);
        }
        (blank as u64 * (FACTORIALS[n - 1] / 2) + rank / 2) as usize
    }

    #[inline]
    fn rank(&self, n: usize) -> usize {
        let mut x = self.0;
        let mut used: u32 = 0;
        let mut rank = 0u64;
        for i in 0..n {
            let t = (x & 0xF) as u32;
            x >>= 4;
            let smaller_used = (used & ((1u32 << t) - 1)).count_ones();
            rank += u64::from(t - smaller_used) * FACTORIALS[n - 1 - i];
            used |= 1 << t;
        }
        rank as usize
    }
}

/// Up to 25 cells of 5 bits in a `u128` (boards up to 5×5). Cell 0 is the lowest 5 bits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Quints(pub u128);

impl Cells for Quints {
    const CAPACITY: usize = 25;

    fn from_tiles(tiles: &[u8]) -> Self {
        Quints(tiles.iter().enumerate().fold(0, |acc, (i, &t)| acc | (u128::from(t) & 0x1F) << (5 * i)))
    }

    #[inline]
    fn get(&self, pos: usize) -> u8 {
        ((self.0 >> (5 * pos)) & 0x1F) as u8
    }

    #[inline]
    fn slide(&self, blank: usize, from: usize) -> Self {
        let tile = (self.0 >> (5 * from)) & 0x1F;
        Quints(self.0 ^ (tile << (5 * from)) | (tile << (5 * blank)))
    }
}

/// Any number of cells, one byte each (boards of 6×6 and more). Each new state is one
/// allocation: fine for the shallow searches that are practical at these sizes.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Bytes(pub Box<[u8]>);

impl Cells for Bytes {
    const CAPACITY: usize = usize::MAX;

    fn from_tiles(tiles: &[u8]) -> Self {
        Bytes(tiles.into())
    }

    #[inline]
    fn get(&self, pos: usize) -> u8 {
        self.0[pos]
    }

    fn slide(&self, blank: usize, from: usize) -> Self {
        let mut cells = self.0.clone();
        cells.swap(blank, from);
        Bytes(cells)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roundtrip<C: Cells>(tiles: &[u8]) {
        let c = C::from_tiles(tiles);
        assert_eq!(c.to_tiles(tiles.len()), tiles);
    }

    #[test]
    fn encodings_round_trip() {
        let t16: Vec<u8> = (0..16).rev().collect();
        let t25: Vec<u8> = (0..25).rev().collect();
        let t36: Vec<u8> = (0..36).rev().collect();
        roundtrip::<Nibbles>(&[1, 2, 5, 3, 4, 0, 6, 7, 8]);
        roundtrip::<Nibbles>(&t16);
        roundtrip::<Quints>(&t16);
        roundtrip::<Quints>(&t25);
        roundtrip::<Bytes>(&t25);
        roundtrip::<Bytes>(&t36);
    }

    fn slides_like_a_swap<C: Cells>(tiles: &[u8]) {
        let blank = tiles.iter().position(|&t| t == 0).unwrap();
        for from in 0..tiles.len() {
            let mut expected = tiles.to_vec();
            expected.swap(blank, from);
            assert_eq!(C::from_tiles(tiles).slide(blank, from).to_tiles(tiles.len()), expected);
        }
    }

    #[test]
    fn slide_swaps_blank_and_tile() {
        let t16: Vec<u8> = vec![15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0];
        let t25: Vec<u8> = (0..25).map(|i| (i * 7 + 3) % 25).collect();
        slides_like_a_swap::<Nibbles>(&t16);
        slides_like_a_swap::<Nibbles>(&[1, 2, 5, 3, 4, 0, 6, 7, 8]);
        slides_like_a_swap::<Quints>(&t25);
        slides_like_a_swap::<Bytes>(&t25);
    }

    #[test]
    fn rank_is_a_bijection_onto_0_to_n_factorial() {
        // All 4! and 5! permutations get distinct ranks in range; identity is 0, reversed is n!-1.
        for n in [4usize, 5] {
            let mut seen = vec![false; FACTORIALS[n] as usize];
            let mut perm: Vec<u8> = (0..n as u8).collect();
            loop {
                let r = Nibbles::from_tiles(&perm).rank(n);
                assert_eq!(r, Bytes::from_tiles(&perm).rank(n), "fast and generic ranks agree");
                assert!(!seen[r]);
                seen[r] = true;
                if !next_permutation(&mut perm) {
                    break;
                }
            }
            assert!(seen.iter().all(|&s| s));
        }
        assert_eq!(Nibbles::from_tiles(&[0, 1, 2, 3, 4, 5, 6, 7, 8]).rank(9), 0);
        assert_eq!(Nibbles::from_tiles(&[8, 7, 6, 5, 4, 3, 2, 1, 0]).rank(9), 362_879);
    }

    /// Every board reachable from `start` (a plain BFS over tile vectors).
    fn class_of(start: Vec<u8>, width: usize) -> Vec<Vec<u8>> {
        let mut seen = std::collections::HashSet::from([start.clone()]);
        let mut queue = std::collections::VecDeque::from([start]);
        let mut all = Vec::new();
        while let Some(b) = queue.pop_front() {
            let blank = b.iter().position(|&t| t == 0).unwrap();
            for d in crate::Direction::ALL {
                if let Some(to) = d.target(blank, width) {
                    let mut next = b.clone();
                    next.swap(blank, to);
                    if seen.insert(next.clone()) {
                        queue.push_back(next);
                    }
                }
            }
            all.push(b);
        }
        all
    }

    #[test]
    fn class_index_is_a_bijection_onto_each_class() {
        // 2×2 and 3×3, both classes each (the second starts from two swapped tiles).
        for (width, starts) in [
            (2usize, [vec![0, 1, 2, 3], vec![0, 2, 1, 3]]),
            (3, [(0..9).collect::<Vec<u8>>(), vec![0, 2, 1, 3, 4, 5, 6, 7, 8]]),
        ] {
            let n = width * width;
            for start in starts {
                let class = class_of(start, width);
                assert_eq!(class.len() as u64, FACTORIALS[n] / 2);
                let mut seen = vec![false; class.len()];
                for tiles in &class {
                    let i = Nibbles::from_tiles(tiles).class_index(n);
                    assert_eq!(i, Bytes::from_tiles(tiles).class_index(n), "fast and generic agree");
                    assert!(!seen[i], "index {i} taken twice");
                    seen[i] = true;
                }
            }
        }
    }

    #[test]
    fn rank_follows_lexicographic_order() {
        let mut perm: Vec<u8> = (0..9).collect();
        for expected in 0..2000 {
            assert_eq!(Nibbles::from_tiles(&perm).rank(9), expected);
            next_permutation(&mut perm);
        }
    }

    /// Advances to the next permutation in lexicographic order; false after the last.
    fn next_permutation(p: &mut [u8]) -> bool {
        let Some(i) = (1..p.len()).rev().find(|&i| p[i - 1] < p[i]) else {
            return false;
        };
        let j = (i..p.len()).rev().find(|&j| p[j] > p[i - 1]).unwrap();
        p.swap(i - 1, j);
        p[i..].reverse();
        true
    }
}
