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

use rayon::prelude::*;

use super::pattern::Pattern;

/// Progress of a build, reported after every layer.
#[derive(Debug, Clone, Copy)]
pub struct BuildProgress {
    /// Layer (pattern-move cost) just completed.
    pub layer: u32,
    /// Placements whose entry is known.
    pub settled: u64,
    /// All placements.
    pub total: u64,
}

/// A finished database in memory.
#[derive(Debug, Clone)]
pub struct Built {
    /// Bits per entry (4 or 8).
    pub bits: u8,
    /// Packed entries (`(h - md) / 2`), two per byte (low nibble first) at 4 bits.
    pub data: Vec<u8>,
    /// The largest entry value `h` (the pattern's depth).
    pub max_h: u32,
}

impl Built {
    /// This database as the heuristic reads it, for the `pattern` it was built from.
    pub fn table<'a>(&'a self, pattern: &'a Pattern) -> crate::pdb::PdbTable<'a> {
        crate::pdb::PdbTable { pattern, bits: self.bits, data: &self.data }
    }
}

/// Bit masks of blank cells, as atomics of the right width for the board (u16 up to 4×4).
trait Mask: Sync + Send {
    fn new_zeroed(len: usize) -> Vec<Self>
    where
        Self: Sized;
    fn get(&self) -> u32;
    fn set(&self, v: u32);
}

macro_rules! mask_impl {
    ($atomic:ty, $int:ty) => {
        impl Mask for $atomic {
            fn new_zeroed(len: usize) -> Vec<Self> {
                (0..len).map(|_| <$atomic>::new(0)).collect()
            }
            #[inline(always)]
            fn get(&self) -> u32 {
                self.load(Ordering::Relaxed) as u32
            }
            #[inline(always)]
            fn set(&self, v: u32) {
                self.store(v as $int, Ordering::Relaxed)
            }
        }
    };
}
mask_impl!(AtomicU16, u16);
mask_impl!(AtomicU32, u32);

/// One atomic word per placement holding two masks: blank cells seen in earlier layers (low half)
/// and those added to the next layer (high half), so a successor costs one cache miss, not two.
trait Word: Sync + Send {
    fn new_zeroed(len: usize) -> Vec<Self>
    where
        Self: Sized;
    /// (seen, seen | next).
    fn known(&self) -> (u32, u32);
    fn set_seen(&self, v: u32);
    fn add_next(&self, v: u32);
    /// Moves the next-layer half into the seen half; returns (next mask, whether seen was empty).
    fn merge(&self) -> (u32, bool);
}

macro_rules! word_impl {
    ($atomic:ty, $int:ty, $shift:expr) => {
        impl Word for $atomic {
            fn new_zeroed(len: usize) -> Vec<Self> {
                (0..len).map(|_| <$atomic>::new(0)).collect()
            }
            #[inline(always)]
            fn known(&self) -> (u32, u32) {
                let w = self.load(Ordering::Relaxed);
                let low = ((1 as $int) << $shift) - 1;
                ((w & low) as u32, ((w | (w >> $shift)) & low) as u32)
            }
            #[inline(always)]
            fn set_seen(&self, v: u32) {
                self.store(v as $int, Ordering::Relaxed)
            }
            #[inline(always)]
            fn add_next(&self, v: u32) {
                self.fetch_or((v as $int) << $shift, Ordering::Relaxed);
            }
            #[inline(always)]
            fn merge(&self) -> (u32, bool) {
                let w = self.load(Ordering::Relaxed);
                let next = w >> $shift;
                if next == 0 {
                    return (0, false);
                }
                let low = ((1 as $int) << $shift) - 1;
                self.store((w | next) & low, Ordering::Relaxed);
                (next as u32, w & low == 0)
            }
        }
    };
}
word_impl!(AtomicU32, u32, 16);
word_impl!(AtomicU64, u64, 32);

/// Builds the database of `pattern`; `progress` is called after each layer.
pub fn build(pattern: &Pattern, progress: &(dyn Fn(BuildProgress) + Sync)) -> Built {
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
    width: usize,
    full: u32,
    not_first_col: u32,
    not_last_col: u32,
    neighbours: Vec<[u8; 4]>,
    dist: Vec<u8>,
}

impl Geo {
    fn new(width: usize) -> Geo {
        let n = width * width;
        let full = if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
        let mut first = 0u32;
        let mut last = 0u32;
        for r in 0..width {
            first |= 1 << (r * width);
            last |= 1 << (r * width + width - 1);
        }
        let neighbours = (0..n)
            .map(|c| {
                let mut a = [u8::MAX; 4];
                for (i, m) in crate::grid::Move::ALL.iter().enumerate() {
                    if let Some(t) = m.target(width, c) {
                        a[i] = t as u8;
                    }
                }
                a
            })
            .collect();
        let g = crate::grid::Grid::new(width);
        Geo { width, full, not_first_col: full & !first, not_last_col: full & !last, neighbours, dist: g.dist }
    }

    /// The cells the blank reaches from `seed` through `free` cells.
    #[inline(always)]
    fn flood(&self, seed: u32, free: u32) -> u32 {
        let mut r = seed;
        loop {
            let g = (r
                | ((r << 1) & self.not_first_col)
                | ((r >> 1) & self.not_last_col)
                | (r << self.width)
                | (r >> self.width))
                & free;
            if g == r {
                return r;
            }
            r = g;
        }
    }
}

fn build_with<M: Mask, W: Word>(
    pattern: &Pattern,
    bits: u8,
    progress: &(dyn Fn(BuildProgress) + Sync),
) -> Option<Built> {
    let n = pattern.n();
    let k = pattern.k();
    let total = pattern.entries();
    assert!(total <= u32::MAX as u64, "pattern too large");
    let len = total as usize;
    let geo = Geo::new(pattern.width);
    let words = W::new_zeroed(len);
    let mut cur = M::new_zeroed(len);
    let per_byte = 8 / bits as usize;
    let packed: Vec<AtomicU8> = (0..len.div_ceil(per_byte)).map(|_| AtomicU8::new(0)).collect();
    let overflow = AtomicBool::new(false);
    let max_value = (1u32 << bits) - 1;

    // Layer 0: the goal placement with the blank's region around its goal cell.
    let goal_rank = pattern.rank(|i| pattern.cells[i]);
    let goal_occ: u32 = pattern.cells.iter().map(|&c| 1u32 << c).sum();
    let region = geo.flood(1 << pattern.blank_goal, geo.full & !goal_occ);
    words[goal_rank as usize].set_seen(region);
    cur[goal_rank as usize].set(region);
    let mut settled = 1u64;
    let mut layer = 0u32;
    let mut max_h = 0;
    const CHUNK: usize = 1 << 14;
    loop {
        // Expand layer `layer` into `next`.
        cur.par_chunks(CHUNK).enumerate().for_each(|(ci, chunk)| {
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
                for (&p, &cell) in pos[..k].iter().zip(&pattern.cells) {
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
                        let region = geo.flood(1 << c, geo.full & !new_occ);
                        words[new_idx].add_next(region);
                        if old == 0 {
                            let gi = pattern.cells[i] as usize * n;
                            let new_md = md - geo.dist[gi + c as usize] as u32 + geo.dist[gi + t as usize] as u32;
                            let v = (layer + 1 - new_md) / 2;
                            if v > max_value {
                                overflow.store(true, Ordering::Relaxed);
                                continue;
                            }
                            let shift = (new_idx % per_byte) * bits as usize;
                            packed[new_idx / per_byte].fetch_or((v << shift) as u8, Ordering::Relaxed);
                        }
                    }
                }
            }
        });
        if overflow.load(Ordering::Relaxed) {
            return None;
        }
        // Merge: next becomes the current layer and joins `seen`.
        let new_settled = AtomicU64::new(0);
        let any = AtomicBool::new(false);
        words.par_chunks(CHUNK).zip(cur.par_chunks_mut(CHUNK)).for_each(|(w, c)| {
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
        let fresh = new_settled.load(Ordering::Relaxed);
        layer += 1;
        if fresh > 0 {
            max_h = layer;
        }
        settled += fresh;
        progress(BuildProgress { layer, settled, total });
        if !any.load(Ordering::Relaxed) {
            break;
        }
    }
    debug_assert_eq!(settled, total, "every placement is reachable");
    Some(Built { bits, data: packed.into_iter().map(AtomicU8::into_inner).collect(), max_h })
}

/// Rank of `pos` with tile `i` moved to cell `t`.
#[inline(always)]
fn rank_with(n: usize, k: usize, pos: &[u8; 12], i: usize, t: u8) -> u32 {
    super::pattern::rank(n, k, |j| if j == i { t } else { pos[j] })
}

/// Reads entry `idx` of packed data.
#[inline(always)]
pub fn entry(data: &[u8], bits: u8, idx: usize) -> u32 {
    if bits == 4 {
        // SAFETY: callers index within the table (idx < entries, data.len() == entries.div_ceil(2)).
        let b = unsafe { *data.get_unchecked(idx >> 1) };
        ((b >> ((idx & 1) << 2)) & 15) as u32
    } else {
        // SAFETY: as above, one byte per entry.
        unsafe { *data.get_unchecked(idx) as u32 }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::VecDeque;

    /// Brute force: 0-1 BFS over (placement, blank cell) states with explicit blank moves.
    fn brute(p: &Pattern) -> Vec<u32> {
        let n = p.n();
        let k = p.k();
        let w = p.width;
        let total = p.entries() as usize;
        let mut dist = vec![u32::MAX; total * n];
        let mut dq = VecDeque::new();
        let start = p.rank(|i| p.cells[i]) as usize * n + p.blank_goal as usize;
        dist[start] = 0;
        dq.push_back(start);
        let mut pos = vec![0u8; k];
        while let Some(s) = dq.pop_front() {
            let (idx, blank) = (s / n, s % n);
            let d = dist[s];
            p.unrank(idx as u32, &mut pos);
            for m in crate::grid::Move::ALL {
                let Some(t) = m.target(w, blank) else { continue };
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
        let g = crate::grid::Grid::new(p.width);
        let mut pos = vec![0u8; p.k()];
        for (idx, &h) in exact.iter().enumerate() {
            p.unrank(idx as u32, &mut pos);
            let md: u32 = (0..p.k()).map(|i| g.dist[p.cells[i] as usize * p.n() + pos[i] as usize] as u32).sum();
            assert_eq!(md + 2 * entry(&built.data, built.bits, idx), h, "placement {pos:?}");
        }
        assert_eq!(built.max_h, *exact.iter().max().unwrap());
    }

    #[test]
    fn small_databases_match_brute_force() {
        check(&Pattern::new(3, 0, vec![1, 2, 3]).unwrap());
        check(&Pattern::new(3, 0, vec![1, 4, 8]).unwrap());
        check(&Pattern::new(3, 4, vec![0, 2, 6, 7]).unwrap());
        check(&Pattern::new(4, 0, vec![1, 2, 5]).unwrap());
    }
}
