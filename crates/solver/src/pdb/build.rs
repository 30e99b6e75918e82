//! Breadth-first construction of an additive pattern database.
//!
//! An abstract state is a placement of the pattern's tiles plus the blank's cell. Only moves of
//! pattern tiles cost 1; the blank wanders for free through the cells no pattern tile occupies, so
//! the search works on (placement, blank *region*) pairs: for each placement a bit mask of the blank
//! cells reached so far (always closed under free moves). Layer `d` holds the masks first reached at
//! cost `d`; the current layer's masks are scanned in parallel with rayon and successors are
//! ORed atomically into the next-layer half of a per-placement word whose other half holds the
//! masks seen so far (one random memory access per successor). A placement's entry is the first layer that reaches
//! it, i.e. the minimum over blank positions.
//!
//! Entries are stored as `(h - md) / 2`, where `md` is the pattern tiles' Manhattan distance: every
//! pattern move changes `md` by one, so `h - md` is even and small; 4 bits per entry suffice for the
//! usual partitions (8 bits are used when some entry does not fit).

use std::sync::atomic::{AtomicBool, AtomicU16, AtomicU32, AtomicU64, AtomicU8, Ordering};

use super::build_regions::{build_by_regions, build_regions_bytes, uses_regions, CellMasks};
use super::masks::{Mask, Word};

use rayon::prelude::*;

use searchlab_npuzzle::{Direction, Geometry};

pub use super::built::{BuildProgress, Built};
use super::pattern::Pattern;

/// The peak memory of [`build`] for `pattern`, in bytes: per entry a word of seen and next
/// masks (4 bytes up to 4×4, 8 on 5×5), a mask of the current layer (2 or 4 bytes) and half a
/// byte of packed result (4 bits per entry, the usual case). The 7-8 partition's 8-tile
/// pattern: 518,918,400 entries, 3.37 GB.
pub fn build_bytes(pattern: &Pattern) -> u64 {
    if uses_regions(pattern) {
        return build_regions_bytes(pattern);
    }
    let per_entry: u64 = if pattern.n() <= 16 { 4 + 2 } else { 8 + 4 };
    let entries = pattern.entries();
    entries.saturating_mul(per_entry).saturating_add(entries.div_ceil(2))
}

/// Builds the database of `pattern`; `progress` is called after each layer.
///
/// Patterns of seven or more tiles on the 5×5 board are built region by region
/// ([`super::build_regions`]: 3.5 bytes per placement instead of 12, same entries).
pub fn build(pattern: &Pattern, progress: &(dyn Fn(BuildProgress) + Sync)) -> Built {
    if uses_regions(pattern) {
        build_by_regions(pattern, progress)
    } else {
        build_with_masks(pattern, progress)
    }
}

/// The mask build (the module documentation) of any pattern.
pub(super) fn build_with_masks(pattern: &Pattern, progress: &(dyn Fn(BuildProgress) + Sync)) -> Built {
    if pattern.n() <= 16 {
        build_with::<AtomicU16, AtomicU32>(pattern, 4, progress)
            .unwrap_or_else(|| build_with::<AtomicU16, AtomicU32>(pattern, 8, progress).expect("8 bits always fit"))
    } else {
        build_with::<AtomicU32, AtomicU64>(pattern, 4, progress)
            .unwrap_or_else(|| build_with::<AtomicU32, AtomicU64>(pattern, 8, progress).expect("8 bits always fit"))
    }
}

/// Geometry needed by the flood fill.
struct Geo {
    cells: CellMasks,
    neighbours: Vec<[u8; 4]>,
    dist: Vec<u8>,
}

impl Geo {
    fn new(width: usize) -> Geo {
        let n = width * width;
        let geometry = Geometry::new(width).expect("patterns are at most 5 wide");
        let neighbours = (0..n)
            .map(|c| {
                let mut a = [u8::MAX; 4];
                for (i, d) in Direction::ALL.into_iter().enumerate() {
                    if let Some(t) = geometry.neighbour(c, d) {
                        a[i] = t as u8;
                    }
                }
                a
            })
            .collect();
        let dist = (0..n * n).map(|i| geometry.distance(i / n, i % n) as u8).collect();
        Geo { cells: CellMasks::new(width), neighbours, dist }
    }
}

/// The rows a layer-by-layer build scans at a time, one rayon task each.
const CHUNK: usize = 1 << 14;

/// One breadth-first build over the placements of a pattern's tiles, each with the blank
/// regions reached so far: `words` holds per placement the regions seen and those of the next
/// layer, `cur` the current layer's, `packed` the values written (`bits` each) as placements
/// are first reached.
struct Layers<'a, M, W> {
    pattern: &'a Pattern,
    geo: Geo,
    words: Vec<W>,
    cur: Vec<M>,
    packed: Vec<AtomicU8>,
    bits: u8,
    /// Set when a value does not fit in `bits`.
    overflow: AtomicBool,
}

impl<'a, M: Mask, W: Word> Layers<'a, M, W> {
    /// Layer 0: the goal placement with the blank's region around its goal cell.
    fn new(pattern: &'a Pattern, bits: u8) -> Self {
        let total = pattern.entries();
        assert!(total <= u32::MAX as u64, "pattern too large");
        let len = total as usize;
        let geo = Geo::new(pattern.width());
        let per_byte = 8 / bits as usize;
        let layers = Layers {
            pattern,
            words: W::new_zeroed(len),
            cur: M::new_zeroed(len),
            packed: (0..len.div_ceil(per_byte)).map(|_| AtomicU8::new(0)).collect(),
            bits,
            overflow: AtomicBool::new(false),
            geo,
        };
        let goal_rank = pattern.rank(|i| pattern.cells()[i]);
        let goal_occ: u32 = pattern.cells().iter().map(|&c| 1u32 << c).sum();
        let region = layers.geo.cells.flood(1 << pattern.blank_goal(), layers.geo.cells.full & !goal_occ);
        layers.words[goal_rank as usize].set_seen(region);
        layers.cur[goal_rank as usize].set(region);
        layers
    }

    /// Expands layer `layer` (the placements in `cur`) into the next layer's regions, writing
    /// the value of every placement reached for the first time. The build's hot loop.
    fn expand(&self, layer: u32) {
        let (pattern, geo, words, packed) = (self.pattern, &self.geo, &self.words, &self.packed);
        let (n, k, bits) = (pattern.n(), pattern.k(), self.bits);
        let per_byte = 8 / bits as usize;
        let max_value = (1u32 << bits) - 1;
        self.cur.par_chunks(CHUNK).enumerate().for_each(|(ci, chunk)| {
            let mut pos = [0u8; 12];
            for (j, m) in chunk.iter().enumerate() {
                let mask = m.get();
                if mask == 0 {
                    continue;
                }
                let idx = (ci * CHUNK + j) as u32;
                pattern.unrank(idx, &mut pos[..k]);
                let mut occ = 0u32;
                let mut md = 0u32;
                for (&p, &cell) in pos[..k].iter().zip(pattern.cells()) {
                    occ |= 1 << p;
                    md += geo.dist[cell as usize * n + p as usize] as u32;
                }
                for i in 0..k {
                    let c = pos[i];
                    for &t in &geo.neighbours[c as usize] {
                        if t == u8::MAX || mask & (1 << t) == 0 {
                            continue;
                        }
                        // Tile i slides from c onto the blank at t; the blank is now on c.
                        let new_idx = rank_with(n, k, &pos, i, t) as usize;
                        let (old, known) = words[new_idx].known();
                        // Masks are unions of whole regions: if c is known, so is its region.
                        if known & (1 << c) != 0 {
                            continue;
                        }
                        let new_occ = occ ^ (1 << c) ^ (1 << t);
                        let region = geo.cells.flood(1 << c, geo.cells.full & !new_occ);
                        words[new_idx].add_next(region);
                        if old == 0 {
                            let gi = pattern.cells()[i] as usize * n;
                            let new_md = md - geo.dist[gi + c as usize] as u32 + geo.dist[gi + t as usize] as u32;
                            let v = (layer + 1 - new_md) / 2;
                            if v > max_value {
                                self.overflow.store(true, Ordering::Relaxed);
                                continue;
                            }
                            let shift = (new_idx % per_byte) * bits as usize;
                            packed[new_idx / per_byte].fetch_or((v << shift) as u8, Ordering::Relaxed);
                        }
                    }
                }
            }
        });
    }

    /// Makes the next layer the current one and adds it to the regions seen: how many
    /// placements it reached for the first time, and whether it holds any.
    fn merge(&mut self) -> (u64, bool) {
        let new_settled = AtomicU64::new(0);
        let any = AtomicBool::new(false);
        self.words.par_chunks(CHUNK).zip(self.cur.par_chunks_mut(CHUNK)).for_each(|(w, c)| {
            let mut count = 0;
            let mut found = false;
            for (w, c) in w.iter().zip(c.iter()) {
                let (v, fresh) = w.merge();
                c.set(v);
                found |= v != 0;
                count += fresh as u64;
            }
            new_settled.fetch_add(count, Ordering::Relaxed);
            if found {
                any.store(true, Ordering::Relaxed);
            }
        });
        (new_settled.into_inner(), any.into_inner())
    }
}

fn build_with<M: Mask, W: Word>(
    pattern: &Pattern,
    bits: u8,
    progress: &(dyn Fn(BuildProgress) + Sync),
) -> Option<Built> {
    let (n, k, total) = (pattern.n(), pattern.k(), pattern.entries());
    let mut layers = Layers::<M, W>::new(pattern, bits);
    let mut settled = 1u64;
    let mut layer = 0u32;
    let mut max_h = 0;
    loop {
        layers.expand(layer);
        if layers.overflow.load(Ordering::Relaxed) {
            return None;
        }
        let (fresh, any) = layers.merge();
        layer += 1;
        if fresh > 0 {
            max_h = layer;
        }
        settled += fresh;
        progress(BuildProgress { layer, settled, total });
        if !any {
            break;
        }
    }
    // A pattern of every tile fixes the blank's cell: then only the placements of the goal's
    // parity are reachable (half), and the others keep entry 0 (h = Manhattan, never looked up
    // since unsolvable boards are refused before searching).
    debug_assert!(settled == total || (k + 1 == n && settled * 2 == total), "{settled} of {total} placements reached");
    let data = layers.packed.into_iter().map(AtomicU8::into_inner).collect();
    Some(Built::from_parts(pattern.clone(), bits, data, max_h))
}

/// Rank of `pos` with tile `i` moved to cell `t`.
#[inline(always)]
fn rank_with(n: usize, k: usize, pos: &[u8; 12], i: usize, t: u8) -> u32 {
    super::pattern::rank(n, k, |j| if j == i { t } else { pos[j] })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::VecDeque;

    /// Brute force: 0-1 BFS over (placement, blank cell) states with explicit blank moves.
    fn brute(p: &Pattern) -> Vec<u32> {
        let n = p.n();
        let k = p.k();
        let w = p.width();
        let total = p.entries() as usize;
        let mut dist = vec![u32::MAX; total * n];
        let mut dq = VecDeque::new();
        let start = p.rank(|i| p.cells()[i]) as usize * n + p.blank_goal() as usize;
        dist[start] = 0;
        dq.push_back(start);
        let mut pos = vec![0u8; k];
        while let Some(s) = dq.pop_front() {
            let (idx, blank) = (s / n, s % n);
            let d = dist[s];
            p.unrank(idx as u32, &mut pos);
            for m in Direction::ALL {
                let Some(t) = m.target(blank, w) else { continue };
                let (nidx, cost) = match pos.iter().position(|&q| q as usize == t) {
                    Some(i) => {
                        let mut q = pos.clone();
                        q[i] = blank as u8;
                        (p.rank(|j| q[j]) as usize, 1)
                    }
                    None => (idx, 0),
                };
                let ns = nidx * n + t;
                if d + cost < dist[ns] {
                    dist[ns] = d + cost;
                    if cost == 0 {
                        dq.push_front(ns);
                    } else {
                        dq.push_back(ns);
                    }
                }
            }
        }
        (0..total).map(|idx| (0..n).map(|b| dist[idx * n + b]).min().unwrap()).collect()
    }

    fn check(p: &Pattern) {
        let built = build(p, &|_| {});
        let exact = brute(p);
        let g = Geometry::new(p.width()).unwrap();
        let table = built.table();
        let mut pos = vec![0u8; p.k()];
        for (idx, &h) in exact.iter().enumerate() {
            p.unrank(idx as u32, &mut pos);
            let md: u32 = (0..p.k()).map(|i| g.distance(p.cells()[i] as usize, pos[i] as usize)).sum();
            assert_eq!(md + 2 * table.entry(idx).unwrap(), h, "placement {pos:?}");
        }
        assert_eq!(built.max_h(), *exact.iter().max().unwrap());
    }

    #[test]
    fn small_databases_match_brute_force() {
        check(&Pattern::new(3, 0, vec![1, 2, 3]).unwrap());
        check(&Pattern::new(3, 0, vec![1, 4, 8]).unwrap());
        check(&Pattern::new(3, 4, vec![0, 2, 6, 7]).unwrap());
        check(&Pattern::new(4, 0, vec![1, 2, 5]).unwrap());
        // Every tile of the 2×2 board: half the placements are reachable.
        let all = build(&Pattern::new(2, 0, vec![1, 2, 3]).unwrap(), &|_| {});
        assert_eq!(all.max_h(), 6, "the 2×2 puzzle's diameter");
    }
}
