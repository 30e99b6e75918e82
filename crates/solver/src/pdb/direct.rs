//! Pattern databases indexed directly by their tiles' cells, for a faster search.
//!
//! A [`PdbTable`] is compact: entry `rank(placement)`, `n!/(n-k)!` entries, and every lookup
//! ranks the placement anew. A [`DirectTable`] holds the same entries, 4 bits each, per *cell
//! tuple*: index `Σ cell_i · n^(k-1-i)` (`n^k` entries, the ones with a repeated cell never read:
//! Korf & Felner's layout). When tile `i` moves by `to - from` cells the index moves by
//! `(to - from) · n^(k-1-i)`, so [`DirectLookup`] finds a child's entry with one multiply-add and
//! one read, no ranking; the values, and so the node counts, are the compact heuristic's
//! ([`super::PdbHeuristic`]). Memory: `n^k / 2` bytes a pattern (122 MB for six tiles of the
//! 24-puzzle, where the compact table has 64 MB).

use super::heuristic::{transposed, AdditivePdb, Lookup, TileMove};
use super::pattern::Pattern;
use super::table::PdbTable;
use crate::error::PdbError;

/// Largest direct table accepted, in entries: six tiles of the 24-puzzle (25⁶, 122 MB).
pub const MAX_DIRECT_ENTRIES: u64 = 25u64.pow(6);

/// One pattern's entries indexed by its tiles' cells, 4 bits each (see the module documentation).
#[derive(Debug, Clone)]
pub struct DirectTable {
    pattern: Pattern,
    entries: Vec<u8>,
}

impl DirectTable {
    /// The direct copy of a 4-bit `table`; `None` for 8-bit tables and for patterns of more than
    /// [`MAX_DIRECT_ENTRIES`] position tuples.
    pub fn from_table(table: &PdbTable<'_>) -> Option<DirectTable> {
        let p = table.pattern();
        let entries = (p.n() as u64).checked_pow(p.k() as u32)?;
        (table.bits() == 4 && entries <= MAX_DIRECT_ENTRIES)
            .then(|| DirectTable { pattern: p.clone(), entries: expand(table) })
    }

    /// Its pattern.
    pub fn pattern(&self) -> &Pattern {
        &self.pattern
    }

    /// Bytes it takes.
    pub fn bytes(&self) -> usize {
        self.entries.len()
    }

    /// The entry of the placement putting the pattern's tile `i` on `cells[i]` (`None` when
    /// `cells` is not a placement of this pattern).
    pub fn entry(&self, cells: &[u8]) -> Option<u32> {
        let n = self.pattern.n();
        if cells.len() != self.pattern.k() || cells.iter().any(|&c| c as usize >= n) {
            return None;
        }
        let index = cell_index(n, cells.iter().map(|&c| usize::from(c)));
        Some(u32::from(nibble(&self.entries, index as u32)))
    }
}

/// The direct index of the placement putting tile `i` of a pattern on `cells[i]`, on a board of
/// `n` cells: `Σ cell_i · n^(k-1-i)`.
pub(super) fn cell_index(n: usize, cells: impl Iterator<Item = usize>) -> usize {
    cells.fold(0, |acc, c| acc * n + c)
}

/// Entry `index` of a table of 4-bit entries, low nibble first.
#[inline(always)]
pub(super) fn nibble(entries: &[u8], index: u32) -> u8 {
    (entries[(index >> 1) as usize] >> ((index & 1) << 2)) & 15
}

/// How a pattern's direct index follows its tiles: the index weight `n^(k-1-i)` of each label
/// (tile `i` of its pattern), and of each label in its mirrored pattern (the label whose
/// transposed cell is the pattern's tile `i`). Shared by direct and zero-aware tables.
#[derive(Debug, Clone)]
pub(super) struct CellWeights<const N: usize> {
    weight: [u32; N],
    mirror_weight: [u32; N],
    pub(super) transpose: [u8; N],
}

impl<const N: usize> CellWeights<N> {
    /// The weights of these disjoint patterns (their checks are [`AdditivePdb`]'s).
    pub(super) fn new(patterns: &[&Pattern]) -> Result<Self, PdbError> {
        let transpose = transposed::<N>()?;
        let mut out = CellWeights { weight: [0; N], mirror_weight: [0; N], transpose };
        for p in patterns {
            let k = p.k();
            for (i, &c) in p.cells().iter().enumerate() {
                let w = (N as u32).pow((k - 1 - i) as u32);
                // Cells of another width are refused by `assemble`; keep the index in range.
                out.weight[c as usize % N] = w;
                out.mirror_weight[transpose[c as usize % N] as usize] = w;
            }
        }
        Ok(out)
    }

    /// The direct index of `pattern` on the board with positions `pos` (or its mirror image).
    pub(super) fn start(&self, pattern: &Pattern, pos: &[u8; N], mirrored: bool) -> u32 {
        let cells = pattern.cells().iter().map(|&c| {
            let c = c as usize % N;
            usize::from(if mirrored { self.transpose[pos[self.transpose[c] as usize] as usize % N] } else { pos[c] })
        });
        cell_index(N, cells) as u32
    }

    /// The index `key` after tile `m.label` moved.
    #[inline(always)]
    pub(super) fn moved(&self, key: u32, m: TileMove, mirrored: bool) -> u32 {
        let weight = if mirrored { self.mirror_weight[m.label] } else { self.weight[m.label] };
        let step = (i32::from(m.to) - i32::from(m.from)) as u32;
        key.wrapping_add(step.wrapping_mul(weight))
    }
}

/// [`Lookup`] in direct tables: the key is the pattern's cell index, moved by `(to - from) ·
/// weight` when one of its tiles moves.
#[derive(Debug, Clone)]
pub struct DirectLookup<'a, const N: usize> {
    tables: Vec<&'a DirectTable>,
    weights: CellWeights<N>,
}

/// The additive heuristic over direct tables (same values as [`super::PdbHeuristic`]).
pub type DirectPdbHeuristic<'a, const N: usize> = AdditivePdb<N, DirectLookup<'a, N>>;

impl<'a, const N: usize> DirectPdbHeuristic<'a, N> {
    /// The heuristic of these disjoint direct tables (all for the board of `N` cells and the same
    /// blank goal cell); `reflect` also looks them up on the mirrored board. Fails like
    /// [`super::PdbHeuristic::new`].
    pub fn new(tables: &[&'a DirectTable], reflect: bool, name: &str) -> Result<Self, PdbError> {
        let patterns: Vec<&Pattern> = tables.iter().map(|t| &t.pattern).collect();
        let lookup = DirectLookup { tables: tables.to_vec(), weights: CellWeights::new(&patterns)? };
        AdditivePdb::assemble(&patterns, lookup, reflect, name)
    }
}

/// The direct table of `table`: placements enumerated in lexicographic order of their cells, which
/// is the order of their ranks, so the compact entries are read one after the other.
fn expand(table: &PdbTable<'_>) -> Vec<u8> {
    let p = table.pattern();
    let mut out = vec![0u8; p.n().pow(p.k() as u32).div_ceil(2)];
    for_each_placement(p, |rank, index, _| {
        out[index >> 1] |= ((table.entry(rank).unwrap_or(0) as u8) & 15) << ((index & 1) << 2);
    });
    out
}

/// Calls `f(rank, direct index, cells)` for every placement of `p`, in rank order.
pub(super) fn for_each_placement(p: &Pattern, mut f: impl FnMut(usize, usize, &[usize])) {
    let (n, k) = (p.n(), p.k());
    let mut cells = [0usize; 12];
    let mut rank = 0usize;
    // Depth-first over distinct cells: `cells[..depth]` is the prefix, `cells[depth]` the next try.
    let mut depth = 0usize;
    cells[0] = 0;
    loop {
        if cells[depth] == n {
            if depth == 0 {
                break;
            }
            depth -= 1;
            cells[depth] += 1;
            continue;
        }
        if cells[..depth].contains(&cells[depth]) {
            cells[depth] += 1;
            continue;
        }
        if depth + 1 < k {
            depth += 1;
            cells[depth] = 0;
            continue;
        }
        f(rank, cell_index(n, cells[..k].iter().copied()), &cells[..k]);
        rank += 1;
        cells[depth] += 1;
    }
    debug_assert_eq!(rank as u64, p.entries());
}

impl<const N: usize> Lookup<N> for DirectLookup<'_, N> {
    type Key = u32;
    const NO_KEY: u32 = 0;
    const READS_POSITIONS: bool = false;

    fn start(&self, j: usize, pos: &[u8; N], mirrored: bool) -> (u32, u32) {
        let table = self.tables[j];
        let index = self.weights.start(&table.pattern, pos, mirrored);
        (index, u32::from(nibble(&table.entries, index)))
    }

    #[inline(always)]
    fn moved(&self, j: usize, key: u32, _pos: &[u8; N], m: TileMove, mirrored: bool) -> (u32, u32) {
        let index = self.weights.moved(key, m, mirrored);
        (index, u32::from(nibble(&self.tables[j].entries, index)))
    }
}
