//! Construction of a large pattern database in about 3.5 bytes per placement, for patterns whose
//! mask build ([`super::build()`]'s default) would not fit in memory: seven or more tiles on the
//! 5×5 board, 2.4·10⁹ placements, where the masks of blank cells take 12 bytes each.
//!
//! The abstract space is the mask build's: a placement of the pattern's tiles plus the blank's
//! *region* (the free cells it reaches without moving a pattern tile), and the same entries come
//! out. Only the representation differs: a placement's regions are numbered by their lowest cell
//! (at most 8 regions with at most 8 tiles), so the regions reached so far, those to expand in
//! this layer and those that start the next one are three bytes of bits instead of three masks.
//! The price is flood fills to name a child's region.
//!
//! The search runs over `e = (d - md) / 2` (what is stored): a pattern move away from the tile's
//! home keeps `e`, one towards it adds 1, so layer `e` is closed under away-moves (the work bytes
//! swept until none is left) and the regions first reached over a towards-move that the closure
//! did not reach open layer `e + 1`. A placement's entry is the first layer reaching any of its
//! regions: the minimum over blank positions.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU8, Ordering};

use rayon::prelude::*;
use searchlab_npuzzle::{Direction, Geometry};

use super::built::{BuildProgress, Built};
use super::pattern::{rank, Pattern};

/// Whether [`super::build()`] uses this construction for `pattern`: seven or more tiles on a
/// board wider than 4 (at most 8, so that a placement has at most 8 blank regions).
pub fn uses_regions(pattern: &Pattern) -> bool {
    pattern.n() > 16 && (7..=8).contains(&pattern.k())
}

/// Peak memory of [`build_by_regions`] in bytes: three bytes per placement and the packed result
/// (half a byte per entry at 4 bits, a byte at 8).
pub fn build_regions_bytes(pattern: &Pattern) -> u64 {
    pattern.entries().saturating_mul(3).saturating_add(pattern.entries())
}

/// Cell masks of the board, for flood fills with shifts (shared with the mask build).
#[derive(Debug, Clone)]
pub(super) struct CellMasks {
    width: usize,
    /// Every cell of the board.
    pub(super) full: u32,
    not_first_col: u32,
    not_last_col: u32,
}

impl CellMasks {
    pub(super) fn new(width: usize) -> CellMasks {
        let n = width * width;
        let full = ((1u64 << n) - 1) as u32;
        let (mut first, mut last) = (0u32, 0u32);
        for r in 0..width {
            first |= 1 << (r * width);
            last |= 1 << (r * width + width - 1);
        }
        CellMasks { width, full, not_first_col: full & !first, not_last_col: full & !last }
    }

    /// `r` and its neighbours inside `free`: one step of a flood fill.
    #[inline(always)]
    pub(super) fn grow(&self, r: u32, free: u32) -> u32 {
        (r | ((r << 1) & self.not_first_col) | ((r >> 1) & self.not_last_col) | (r << self.width) | (r >> self.width))
            & free
    }

    /// The free cells connected to `seed` inside `free`.
    #[inline(always)]
    pub(super) fn flood(&self, seed: u32, free: u32) -> u32 {
        let mut r = seed;
        loop {
            let g = self.grow(r, free);
            if g == r {
                return r;
            }
            r = g;
        }
    }

    /// The number of the region `region` among the regions of `free` (ordered by lowest cell).
    #[inline(always)]
    fn index(&self, region: u32, free: u32) -> u32 {
        let mut below = free & ((1u32 << region.trailing_zeros()) - 1);
        let mut count = 0;
        while below != 0 {
            below &= !self.flood(below & below.wrapping_neg(), free);
            count += 1;
        }
        count
    }

    /// The regions of `free` in order (the first `count` entries of the result).
    pub(super) fn regions(&self, free: u32) -> ([u32; 8], usize) {
        let (mut out, mut count, mut rest) = ([0u32; 8], 0, free);
        while rest != 0 {
            let r = self.flood(rest & rest.wrapping_neg(), free);
            out[count] = r;
            count += 1;
            rest &= !r;
        }
        (out, count)
    }
}

fn bytes(len: usize) -> Vec<AtomicU8> {
    (0..len).map(|_| AtomicU8::new(0)).collect()
}

/// Builds the database of `pattern` (at most 8 tiles) region by region; `progress` is told after
/// each layer. Same entries as the mask build.
pub(crate) fn build_by_regions(pattern: &Pattern, progress: &(dyn Fn(BuildProgress) + Sync)) -> Built {
    assert!(pattern.k() <= 8 && pattern.n() <= 32, "at most 8 tiles: at most 8 blank regions");
    build_with(pattern, 4, None, progress)
        .unwrap_or_else(|| build_with(pattern, 8, None, progress).expect("8 bits always fit"))
}

/// The region build of `pattern` that also keeps, per placement, the layer of each of its blank
/// regions: nibble `r` of `layers[rank]` is 1 + the entry for the blank in region `r` (regions
/// numbered by lowest cell), 0 for a region never reached. `None` when an entry exceeds 14.
/// Memory: 7 bytes per placement (six tiles of the 24-puzzle: 0.9 GB).
pub(crate) fn build_region_layers(pattern: &Pattern, progress: &(dyn Fn(BuildProgress) + Sync)) -> Option<Vec<u32>> {
    assert!(pattern.k() <= 8 && pattern.n() <= 32, "at most 8 tiles: at most 8 blank regions");
    let layers: Vec<AtomicU32> = (0..pattern.entries()).map(|_| AtomicU32::new(0)).collect();
    build_with(pattern, 4, Some(&layers), progress)?;
    Some(layers.into_iter().map(AtomicU32::into_inner).collect())
}

/// One build by blank regions: per placement, the regions seen, those to expand in this layer
/// (`work`) and those that open the next (`next`); the values packed `bits` each as placements
/// are first reached, and each region's first layer in `layers` when asked for.
struct RegionBuild<'a> {
    pattern: &'a Pattern,
    masks: CellMasks,
    /// Per cell, the cells next to it as a bit mask.
    neighbours: Vec<u32>,
    /// Cell-to-cell Manhattan distances, `n` by `n`.
    dist: Vec<u8>,
    seen: Vec<AtomicU8>,
    work: Vec<AtomicU8>,
    next: Vec<AtomicU8>,
    packed: Vec<AtomicU8>,
    bits: u8,
    /// Values per byte of `packed`.
    per_byte: usize,
    layers: Option<&'a [AtomicU32]>,
    /// Set when a value does not fit in `bits` (or a layer in `layers`' 4 bits).
    overflow: AtomicBool,
}

impl<'a> RegionBuild<'a> {
    /// Layer 0: the goal placement with the blank's region around its goal cell.
    fn new(pattern: &'a Pattern, bits: u8, layers: Option<&'a [AtomicU32]>) -> Self {
        let (n, len) = (pattern.n(), pattern.entries() as usize);
        let geometry = Geometry::new(pattern.width()).expect("patterns are 2 to 5 wide");
        let neighbours = (0..n)
            .map(|c| Direction::ALL.into_iter().filter_map(|d| geometry.neighbour(c, d)).map(|t| 1u32 << t).sum())
            .collect();
        let build = RegionBuild {
            pattern,
            masks: CellMasks::new(pattern.width()),
            neighbours,
            dist: (0..n * n).map(|i| geometry.distance(i / n, i % n) as u8).collect(),
            seen: bytes(len),
            work: bytes(len),
            next: bytes(len),
            packed: bytes(len.div_ceil(8 / bits as usize)),
            bits,
            per_byte: 8 / bits as usize,
            layers,
            overflow: AtomicBool::new(false),
        };
        let cells = pattern.cells();
        let goal = pattern.rank(|i| cells[i]) as usize;
        let goal_free = build.masks.full & !cells.iter().map(|&c| 1u32 << c).sum::<u32>();
        let start = build.masks.flood(1 << pattern.blank_goal(), goal_free);
        let bit = 1u8 << build.masks.index(start, goal_free);
        build.seen[goal].store(bit, Ordering::Relaxed);
        build.work[goal].store(bit, Ordering::Relaxed);
        build.record(goal, bit, 0);
        build
    }

    /// Writes the value `e` of placement `q`.
    fn store(&self, q: usize, e: u8) {
        let per_byte = self.per_byte;
        if u32::from(e) >= 1 << self.bits {
            self.overflow.store(true, Ordering::Relaxed);
        } else {
            self.packed[q / per_byte].fetch_or(e << ((q % per_byte) * self.bits as usize), Ordering::Relaxed);
        }
    }

    /// Regions `regions` of placement `q` first reached in layer `e` (only when `layers` is
    /// asked for).
    fn record(&self, q: usize, regions: u8, e: u8) {
        if let Some(layers) = self.layers {
            if e >= 15 {
                self.overflow.store(true, Ordering::Relaxed);
                return;
            }
            let mut bits = regions;
            let mut add = 0u32;
            while bits != 0 {
                add |= u32::from(e + 1) << (4 * bits.trailing_zeros());
                bits &= bits - 1;
            }
            layers[q].fetch_or(add, Ordering::Relaxed);
        }
    }

    /// Expands the regions `which` of placement `idx` in layer `e`; returns the placements
    /// first seen. The build's hot loop.
    fn expand(&self, idx: usize, which: u8, e: u8, pos: &mut [u8; 12]) -> u64 {
        let (n, k, masks, cells) = (self.pattern.n(), self.pattern.k(), &self.masks, self.pattern.cells());
        self.pattern.unrank(idx as u32, &mut pos[..k]);
        let free = masks.full & !pos[..k].iter().map(|&p| 1u32 << p).sum::<u32>();
        let (regions, count) = masks.regions(free);
        let mut fresh = 0;
        for region in regions.iter().take(count).enumerate().filter(|(r, _)| which & (1 << r) != 0).map(|(_, m)| m) {
            for i in 0..k {
                let (c, home) = (pos[i] as usize, cells[i] as usize * n);
                let mut targets = self.neighbours[c] & region;
                while targets != 0 {
                    let t = targets.trailing_zeros() as usize;
                    targets &= targets - 1;
                    // Tile i slides from c onto the blank at t; the blank is now on c.
                    let q = rank(n, k, |j| if j == i { t as u8 } else { pos[j] }) as usize;
                    let child_free = free ^ (1 << t) ^ (1 << c);
                    let reached = masks.flood(1 << c, child_free);
                    let r = if reached == child_free { 0 } else { masks.index(reached, child_free) };
                    let bit = 1u8 << r;
                    if self.dist[home + t] > self.dist[home + c] {
                        // Away from home: same layer.
                        let before = self.seen[q].fetch_or(bit, Ordering::Relaxed);
                        if before & bit == 0 {
                            self.record(q, bit, e);
                            self.work[q].fetch_or(bit, Ordering::Relaxed);
                            if before == 0 {
                                self.store(q, e);
                                fresh += 1;
                            }
                        }
                    } else if self.seen[q].load(Ordering::Relaxed) & bit == 0 {
                        self.next[q].fetch_or(bit, Ordering::Relaxed);
                    }
                }
            }
        }
        fresh
    }

    /// Closes layer `layer` under away-moves: sweeps until a sweep finds no work. Returns the
    /// placements first seen.
    fn close(&self, layer: u8) -> u64 {
        let mut settled = 0;
        loop {
            let any = AtomicBool::new(false);
            let found: u64 = self
                .work
                .par_iter()
                .enumerate()
                .with_min_len(1 << 14)
                .map(|(idx, w)| {
                    let which = w.swap(0, Ordering::Relaxed);
                    if which == 0 {
                        return 0;
                    }
                    any.store(true, Ordering::Relaxed);
                    self.expand(idx, which, layer, &mut [0u8; 12])
                })
                .sum();
            settled += found;
            if !any.load(Ordering::Relaxed) {
                return settled;
            }
        }
    }

    /// Opens layer `e`: the regions reached over a towards-move and not by the closure.
    /// Returns the placements with a new region and those first seen.
    fn open(&self, e: u8) -> (u64, u64) {
        self.next
            .par_iter()
            .zip(&self.seen)
            .zip(&self.work)
            .enumerate()
            .with_min_len(1 << 14)
            .map(|(q, ((nx, s), w))| {
                let before = s.load(Ordering::Relaxed);
                let new = nx.swap(0, Ordering::Relaxed) & !before;
                if new == 0 {
                    return (0, 0);
                }
                s.store(before | new, Ordering::Relaxed);
                w.store(new, Ordering::Relaxed);
                self.record(q, new, e);
                if before == 0 {
                    self.store(q, e);
                }
                (1, u64::from(before == 0))
            })
            .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1))
    }
}

fn build_with(
    pattern: &Pattern,
    bits: u8,
    layers: Option<&[AtomicU32]>,
    progress: &(dyn Fn(BuildProgress) + Sync),
) -> Option<Built> {
    let total = pattern.entries();
    let build = RegionBuild::new(pattern, bits, layers);
    let mut layer = 0u8;
    let mut settled = 1u64;
    loop {
        settled += build.close(layer);
        if build.overflow.load(Ordering::Relaxed) {
            return None;
        }
        let e = layer + 1;
        let (opened, fresh) = build.open(e);
        progress(BuildProgress { layer: u32::from(layer), settled, total });
        if opened == 0 {
            break;
        }
        settled += fresh;
        assert!(e < u8::MAX, "entries stay far below 255");
        layer = e;
    }
    if build.overflow.load(Ordering::Relaxed) {
        return None;
    }
    let data = build.packed.into_iter().map(AtomicU8::into_inner).collect();
    Some(Built::from_parts(pattern.clone(), bits, data, u32::from(layer)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The mask build (itself checked against a brute-force search) gives the same bytes.
    fn same_as_masks(p: &Pattern) {
        let regions = build_by_regions(p, &|_| {});
        let masks = super::super::build::build_with_masks(p, &|_| {});
        assert_eq!(regions.bits(), masks.bits(), "{p}");
        assert!(regions.data() == masks.data(), "{p}: entries differ");
    }

    #[test]
    fn region_build_equals_the_mask_build() {
        same_as_masks(&Pattern::new(3, 0, vec![1, 2, 3]).unwrap());
        same_as_masks(&Pattern::new(3, 4, vec![0, 2, 6, 7]).unwrap());
        same_as_masks(&Pattern::new(4, 0, vec![1, 2, 5, 6]).unwrap());
        same_as_masks(&Pattern::new(4, 0, vec![1, 4, 5, 10, 15]).unwrap());
        // Tiles 1 and 5 wall the blank's goal corner in.
        same_as_masks(&Pattern::new(5, 0, vec![1, 5, 6]).unwrap());
        same_as_masks(&Pattern::new(5, 0, vec![1, 2, 6, 7]).unwrap());
        same_as_masks(&Pattern::new(5, 12, vec![6, 7, 8, 11]).unwrap());
    }

    #[test]
    fn the_rule_picks_large_five_by_five_patterns() {
        assert!(uses_regions(&Pattern::new(5, 0, (1..=7).collect()).unwrap()));
        assert!(!uses_regions(&Pattern::new(5, 0, (1..=6).collect()).unwrap()));
        assert!(!uses_regions(&Pattern::new(4, 0, (1..=8).collect()).unwrap()));
    }
}
