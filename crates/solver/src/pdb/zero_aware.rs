//! Zero-aware pattern databases (after D. Clausecker's ZPDBs): a placement's entry for the
//! blank's actual *region* instead of the minimum over all blank positions.
//!
//! An additive table's abstract state is a placement plus the blank's region, the free cells it
//! reaches without moving a pattern tile; the usual table keeps, per placement, the smallest
//! entry of its regions. When pattern tiles wall off part of the board (tiles on cells 1 and 5
//! enclose the corner cell 0), the regions' entries differ, and the one the blank is really in
//! may be larger: still admissible, since every pattern-tile move the abstract solution needs is
//! a move the real one needs. The value of a pattern changes only when one of its tiles moves
//! (the blank's other moves stay within its region), so the search's incremental lookups keep
//! working: after tile `t` moves from `from`, the blank is on `from`.
//!
//! Layout: a nibble per cell tuple, indexed like a [`super::DirectTable`] (so just as large): the
//! low three bits hold the smallest entry `m` over the placement's regions, as in the usual
//! table, and the high bit says that the *largest* region has more: `m + 1` is then a bound for
//! the blank there (the exact entry may be larger still; three bits suffice for six-tile
//! patterns, whose entries stay below 8). Where the bit is set a lookup tells whether the blank is in the
//! largest region by growing its region until it holds more than half the free cells (then it
//! is the largest) or stops growing: a few shifts, no memory access beyond the nibble. (In Korf &
//! Felner's first two 24-puzzle patterns 16–17 % of the placements have regions whose entries
//! differ.)

use super::build::BuildProgress;
use super::build_regions::{build_region_layers, CellMasks};
use super::direct::{cell_index, for_each_placement, nibble, CellWeights, MAX_DIRECT_ENTRIES};
use super::heuristic::{AdditivePdb, Lookup, TileMove};
use super::pattern::Pattern;
use super::table::payload_len;
use crate::error::PdbError;

/// One pattern's zero-aware entries (see the module documentation).
#[derive(Debug, Clone)]
pub struct ZeroAwareTable {
    pattern: Pattern,
    /// Per cell tuple a nibble: smallest entry | 8 when the largest region's entry is larger.
    entries: Vec<u8>,
    escaped: usize,
}

impl ZeroAwareTable {
    /// Builds the table of `pattern` (region build, 7 bytes per placement while it runs; at most
    /// [`MAX_DIRECT_ENTRIES`] cell tuples). Fails for larger patterns and when an entry exceeds 7.
    pub fn build(pattern: &Pattern, progress: &(dyn Fn(BuildProgress) + Sync)) -> Result<ZeroAwareTable, PdbError> {
        let refuse = || PdbError::ZeroAware(pattern.to_string());
        if !ZeroAwareTable::fits(pattern) {
            return Err(refuse());
        }
        let tuples = (pattern.n() as u64).pow(pattern.k() as u32);
        let layers = build_region_layers(pattern, progress).ok_or_else(refuse)?;
        let masks = CellMasks::new(pattern.width());
        let mut entries = vec![0u8; (tuples as usize).div_ceil(2)];
        let (mut escaped, mut too_large) = (0, false);
        for_each_placement(pattern, |rank, index, cells| {
            let packed = layers[rank];
            let nibble = |r: usize| (packed >> (4 * r)) & 15;
            let (lo, hi) = (0..8).map(nibble).filter(|&v| v != 0).fold((16, 0), |(lo, hi), v| (lo.min(v), hi.max(v)));
            too_large |= hi > 8;
            let mut e = (lo - 1) as u8 & 7;
            if lo != hi {
                let free = masks.full & !cells.iter().map(|&c| 1u32 << c).sum::<u32>();
                let (regions, count) = masks.regions(free);
                if nibble(largest(&regions[..count])) > lo {
                    e |= 8;
                    escaped += 1;
                }
            }
            entries[index >> 1] |= e << ((index & 1) << 2);
        });
        if too_large {
            return Err(refuse());
        }
        Ok(ZeroAwareTable { pattern: pattern.clone(), entries, escaped })
    }

    /// Whether `pattern` can have a zero-aware table: at most [`MAX_DIRECT_ENTRIES`] cell tuples
    /// (six tiles of the 24-puzzle, eight of the 15-puzzle would be 4.3·10⁹: refused).
    pub fn fits(pattern: &Pattern) -> bool {
        pattern.k() <= 8
            && (pattern.n() as u64).checked_pow(pattern.k() as u32).is_some_and(|t| t <= MAX_DIRECT_ENTRIES)
    }

    /// The entries in rank order, 4 bits each (the file's payload, [`super::zero_file`]).
    pub(super) fn to_compact(&self) -> Vec<u8> {
        let mut out = vec![0u8; payload_len(self.pattern.entries(), 4)];
        for_each_placement(&self.pattern, |rank, index, _| {
            out[rank >> 1] |= nibble(&self.entries, index as u32) << ((rank & 1) << 2);
        });
        out
    }

    /// The table of these rank-ordered entries ([`ZeroAwareTable::to_compact`]'s; `None` when
    /// they do not fit the pattern or its cell tuples are too many).
    pub(super) fn from_compact(pattern: &Pattern, compact: &[u8]) -> Option<ZeroAwareTable> {
        if !ZeroAwareTable::fits(pattern) || compact.len() != payload_len(pattern.entries(), 4) {
            return None;
        }
        let mut entries = vec![0u8; (pattern.n().pow(pattern.k() as u32)).div_ceil(2)];
        let mut escaped = 0;
        for_each_placement(pattern, |rank, index, _| {
            let e = nibble(compact, rank as u32);
            escaped += usize::from(e & 8 != 0);
            entries[index >> 1] |= e << ((index & 1) << 2);
        });
        Some(ZeroAwareTable { pattern: pattern.clone(), entries, escaped })
    }

    /// Its pattern.
    pub fn pattern(&self) -> &Pattern {
        &self.pattern
    }

    /// Placements whose largest region has a larger entry than another.
    pub fn escaped(&self) -> usize {
        self.escaped
    }

    /// Bytes it takes.
    pub fn bytes(&self) -> usize {
        self.entries.len()
    }

    /// The entry of the placement putting the pattern's tile `i` on `cells[i]` with the blank on
    /// `blank` (`None` when that is not a placement with a free blank cell).
    pub fn entry(&self, cells: &[u8], blank: u8) -> Option<u32> {
        let n = self.pattern.n();
        let tiles: u32 = cells.iter().map(|&c| 1u32.checked_shl(u32::from(c)).unwrap_or(0)).sum();
        let distinct = (0..cells.len()).all(|i| !cells[..i].contains(&cells[i]));
        if cells.len() != self.pattern.k() || !distinct || usize::from(blank) >= n || tiles & (1 << blank) != 0 {
            return None;
        }
        let index = cell_index(n, cells.iter().map(|&c| usize::from(c)));
        let masks = CellMasks::new(self.pattern.width());
        (index < self.entries.len() * 2).then(|| pick(nibble(&self.entries, index as u32), &masks, tiles, blank))
    }
}

/// The region with the most cells (the last of equals, as the lookup's fallback agrees).
fn largest(regions: &[u32]) -> usize {
    (0..regions.len()).max_by_key(|&r| regions[r].count_ones()).unwrap_or(0)
}

/// The entry nibble `e` gives for the blank on `blank` with the pattern's tiles on `tiles`.
#[inline(always)]
fn pick(e: u8, masks: &CellMasks, tiles: u32, blank: u8) -> u32 {
    let least = u32::from(e & 7);
    if e & 8 == 0 {
        return least;
    }
    let free = masks.full & !tiles;
    let half = free.count_ones() / 2;
    let mut r = 1u32 << blank;
    loop {
        let g = masks.grow(r, free);
        if g.count_ones() > half {
            return least + 1;
        }
        if g == r {
            break;
        }
        r = g;
    }
    // No region holds more than half the cells: find the largest the build's way.
    let (regions, count) = masks.regions(free);
    least + u32::from(regions[largest(&regions[..count])] == r)
}

/// [`Lookup`] in zero-aware tables: the direct index, and for placements whose largest region has
/// more the blank's region told apart by [`pick`].
#[derive(Debug, Clone)]
pub struct ZeroAwareLookup<'a, const N: usize> {
    tables: Vec<&'a ZeroAwareTable>,
    weights: CellWeights<N>,
    blank: u8,
    masks: CellMasks,
}

/// The additive heuristic over zero-aware tables.
pub type ZeroAwarePdbHeuristic<'a, const N: usize> = AdditivePdb<N, ZeroAwareLookup<'a, N>>;

impl<'a, const N: usize> ZeroAwarePdbHeuristic<'a, N> {
    /// The heuristic of these disjoint zero-aware tables (all for the board of `N` cells and the
    /// same blank goal cell); `reflect` also looks them up on the mirrored board.
    pub fn new(tables: &[&'a ZeroAwareTable], reflect: bool, name: &str) -> Result<Self, PdbError> {
        let first = tables.first().ok_or(PdbError::NoTables)?;
        let patterns: Vec<&Pattern> = tables.iter().map(|t| &t.pattern).collect();
        let weights = CellWeights::<N>::new(&patterns)?;
        let lookup = ZeroAwareLookup {
            tables: tables.to_vec(),
            weights,
            blank: first.pattern.blank_goal(),
            masks: CellMasks::new(first.pattern.width()),
        };
        AdditivePdb::assemble(&patterns, lookup, reflect, name)
    }
}

impl<const N: usize> ZeroAwareLookup<'_, N> {
    /// The entry at `index` of pattern `j` with the blank on `blank` (cells transposed for a
    /// mirrored lookup: the index then is the transposed cells', and so is `blank`).
    #[inline(always)]
    fn entry(&self, j: usize, index: u32, blank: u8) -> u32 {
        let e = nibble(&self.tables[j].entries, index);
        if e & 8 == 0 {
            return u32::from(e);
        }
        self.raised(j, e, index, blank)
    }

    /// [`pick`] for a flagged nibble, out of line: the search's hot loop stays small. The
    /// pattern's cells are the digits of its direct index (base `N`), so the board is not read.
    #[inline(never)]
    fn raised(&self, j: usize, e: u8, index: u32, blank: u8) -> u32 {
        let (mut rest, mut tiles) = (index, 0u32);
        for _ in 0..self.tables[j].pattern.k() {
            tiles |= 1u32.checked_shl(rest % N as u32).unwrap_or(0);
            rest /= N as u32;
        }
        pick(e, &self.masks, tiles, blank)
    }
}

impl<const N: usize> Lookup<N> for ZeroAwareLookup<'_, N> {
    type Key = u32;
    const NO_KEY: u32 = 0;
    const READS_POSITIONS: bool = false;

    fn start(&self, j: usize, pos: &[u8; N], mirrored: bool) -> (u32, u32) {
        let index = self.weights.start(&self.tables[j].pattern, pos, mirrored);
        let blank = pos[self.blank as usize % N];
        let blank = if mirrored { self.weights.transpose[blank as usize % N] } else { blank };
        (index, self.entry(j, index, blank))
    }

    #[inline(always)]
    fn moved(&self, j: usize, key: u32, _pos: &[u8; N], m: TileMove, mirrored: bool) -> (u32, u32) {
        let index = self.weights.moved(key, m, mirrored);
        // The tile left `from`: the blank stands there now (cells are already transposed).
        (index, self.entry(j, index, m.from))
    }
}
