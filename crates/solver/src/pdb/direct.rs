//! Pattern databases indexed directly by their tiles' cells, for a faster search.
//!
//! A [`PdbTable`] is compact: entry `rank(placement)`, `n!/(n-k)!` entries, and every lookup
//! ranks the placement anew. [`DirectPdbHeuristic`] copies each table into one byte per
//! *position tuple*, index `Σ cell_i · n^(k-1-i)` (`n^k` entries, most never read: Korf & Felner's
//! layout). When tile `i` moves by `to - from` cells the index moves by `(to - from) · n^(k-1-i)`,
//! so a child's entry costs one multiply-add and one read, its mirrored entry another; the values,
//! and so the node counts, are the compact heuristic's ([`super::PdbHeuristic`]). Memory: `n^k`
//! bytes a pattern (244 MB for six tiles of the 24-puzzle, where the compact table has 64 MB).

use searchlab_npuzzle::Geometry;

use super::pattern::Pattern;
use super::table::PdbTable;
use crate::error::PdbError;
use crate::heuristic::Heuristic;
use crate::label::{width_of, LabelBoard};
use crate::manhattan::Manhattan;

/// Most patterns in one partition of direct tables (as for the compact heuristic; a state for four
/// measured no faster).
pub const MAX_DIRECT_PATTERNS: usize = super::heuristic::MAX_PATTERNS;

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
        let index = cells.iter().fold(0u32, |acc, &c| acc * n as u32 + u32::from(c));
        Some(u32::from(nibble(&self.entries, index)))
    }
}

#[inline(always)]
fn nibble(entries: &[u8], index: u32) -> u8 {
    (entries[(index >> 1) as usize] >> ((index & 1) << 2)) & 15
}

/// The additive heuristic of [`super::PdbHeuristic`] (`md + 2 · Σ entries`, with reflection the
/// larger of the regular and mirrored sums) over direct tables.
#[derive(Debug, Clone)]
pub struct DirectPdbHeuristic<'a, const N: usize> {
    md: Manhattan<N>,
    tables: Vec<&'a DirectTable>,
    /// Pattern of each label (`u8::MAX`: none) and the label's index weight `n^(k-1-i)`.
    pattern_of: [u8; N],
    weight: [u32; N],
    /// Pattern whose mirrored placement holds the label (its cell is transposed), and the weight.
    mirror_pattern_of: [u8; N],
    mirror_weight: [u32; N],
    transpose: [u8; N],
    reflect: bool,
    name: String,
}

/// Per-node state of [`DirectPdbHeuristic`]: the sums, and each pattern's index and entry.
#[derive(Debug, Clone, Copy)]
pub struct DirectState {
    md: u32,
    sum: u32,
    mirror_sum: u32,
    index: [u32; MAX_DIRECT_PATTERNS],
    mirror_index: [u32; MAX_DIRECT_PATTERNS],
    vals: [u8; MAX_DIRECT_PATTERNS],
    mirror_vals: [u8; MAX_DIRECT_PATTERNS],
}

impl<'a, const N: usize> DirectPdbHeuristic<'a, N> {
    /// The heuristic of these disjoint direct tables (all for the board of `N` cells and the same
    /// blank goal cell); `reflect` also looks them up on the mirrored board. Fails like
    /// [`super::PdbHeuristic::new`].
    pub fn new(tables: &[&'a DirectTable], reflect: bool, name: &str) -> Result<Self, PdbError> {
        let first = tables.first().ok_or(PdbError::NoTables)?;
        if tables.len() > MAX_DIRECT_PATTERNS {
            return Err(PdbError::TooMany(MAX_DIRECT_PATTERNS));
        }
        let blank = first.pattern().blank_goal();
        let width = width_of(N).ok_or(PdbError::Mismatch)?;
        let geometry = Geometry::new(width).map_err(|_| PdbError::Mismatch)?;
        let mut transpose = [0u8; N];
        for (c, t) in transpose.iter_mut().enumerate() {
            *t = geometry.transpose(c) as u8;
        }
        if reflect && transpose[blank as usize] != blank {
            return Err(PdbError::Reflection);
        }
        let mut h = DirectPdbHeuristic {
            md: Manhattan::new(blank as usize),
            tables: Vec::new(),
            pattern_of: [u8::MAX; N],
            weight: [0; N],
            mirror_pattern_of: [u8::MAX; N],
            mirror_weight: [0; N],
            transpose,
            reflect,
            name: name.to_string(),
        };
        for (j, &tab) in tables.iter().enumerate() {
            let p = tab.pattern();
            if p.width() != width || p.blank_goal() != blank {
                return Err(PdbError::Mismatch);
            }
            let k = p.k();
            for (i, &c) in p.cells().iter().enumerate() {
                if h.pattern_of[c as usize] != u8::MAX {
                    return Err(PdbError::Overlap(c));
                }
                let w = (N as u32).pow((k - 1 - i) as u32);
                h.pattern_of[c as usize] = j as u8;
                h.weight[c as usize] = w;
                let m = transpose[c as usize] as usize;
                h.mirror_pattern_of[m] = j as u8;
                h.mirror_weight[m] = w;
            }
            h.tables.push(tab);
        }
        Ok(h)
    }

    /// Direct index of pattern `j` for positions `pos` (mirrored: the transposed board's).
    fn index(&self, j: usize, pos: &[u8; N], mirrored: bool) -> u32 {
        let (of, w) =
            if mirrored { (&self.mirror_pattern_of, &self.mirror_weight) } else { (&self.pattern_of, &self.weight) };
        (0..N)
            .filter(|&l| of[l] as usize == j)
            .map(|l| {
                let cell = if mirrored { self.transpose[pos[l] as usize] } else { pos[l] };
                u32::from(cell) * w[l]
            })
            .sum()
    }

    #[inline(always)]
    fn entry(&self, j: usize, index: u32) -> u8 {
        nibble(&self.tables[j].entries, index)
    }
}

/// The direct table of `table`: placements enumerated in lexicographic order of their cells, which
/// is the order of their ranks, so the compact entries are read one after the other.
fn expand(table: &PdbTable<'_>) -> Vec<u8> {
    let p = table.pattern();
    let (n, k) = (p.n(), p.k());
    let mut out = vec![0u8; n.pow(k as u32).div_ceil(2)];
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
        let index = cells[..k].iter().fold(0usize, |acc, &c| acc * n + c);
        out[index >> 1] |= ((table.entry(rank).unwrap_or(0) as u8) & 15) << ((index & 1) << 2);
        rank += 1;
        cells[depth] += 1;
    }
    debug_assert_eq!(rank as u64, p.entries());
    out
}

impl<const N: usize> Heuristic<N> for DirectPdbHeuristic<'_, N> {
    type State = DirectState;
    const USES_POSITIONS: bool = true;

    fn start(&self, b: &LabelBoard<N>) -> DirectState {
        let mut s = DirectState {
            md: self.md.board(b.tiles()),
            sum: 0,
            mirror_sum: 0,
            index: [0; MAX_DIRECT_PATTERNS],
            mirror_index: [0; MAX_DIRECT_PATTERNS],
            vals: [0; MAX_DIRECT_PATTERNS],
            mirror_vals: [0; MAX_DIRECT_PATTERNS],
        };
        for j in 0..self.tables.len() {
            s.index[j] = self.index(j, b.pos(), false);
            s.vals[j] = self.entry(j, s.index[j]);
            s.sum += u32::from(s.vals[j]);
            if self.reflect {
                s.mirror_index[j] = self.index(j, b.pos(), true);
                s.mirror_vals[j] = self.entry(j, s.mirror_index[j]);
                s.mirror_sum += u32::from(s.mirror_vals[j]);
            }
        }
        s
    }

    #[inline(always)]
    fn value(&self, s: &DirectState) -> u32 {
        s.md + 2 * s.sum.max(s.mirror_sum)
    }

    #[inline(always)]
    fn moved(
        &self,
        s: &DirectState,
        _b: &LabelBoard<N>,
        label: u8,
        from: u8,
        to: u8,
        limit: u32,
    ) -> Result<DirectState, u32> {
        let mut c = *s;
        let l = label as usize % N;
        c.md = s.md + self.md.tile(label, to) - self.md.tile(label, from);
        let j = self.pattern_of[l] as usize;
        if j < MAX_DIRECT_PATTERNS {
            let step = (i32::from(to) - i32::from(from)) as u32;
            let index = s.index[j].wrapping_add(step.wrapping_mul(self.weight[l]));
            let v = self.entry(j, index);
            c.index[j] = index;
            c.sum = s.sum - u32::from(s.vals[j]) + u32::from(v);
            c.vals[j] = v;
        }
        let h = c.md + 2 * c.sum;
        if h > limit {
            return Err(h);
        }
        if self.reflect {
            let j = self.mirror_pattern_of[l] as usize;
            if j < MAX_DIRECT_PATTERNS {
                let (mf, mt) = (self.transpose[from as usize % N], self.transpose[to as usize % N]);
                let step = (i32::from(mt) - i32::from(mf)) as u32;
                let index = s.mirror_index[j].wrapping_add(step.wrapping_mul(self.mirror_weight[l]));
                let v = self.entry(j, index);
                c.mirror_index[j] = index;
                c.mirror_sum = s.mirror_sum - u32::from(s.mirror_vals[j]) + u32::from(v);
                c.mirror_vals[j] = v;
            }
            let h = c.md + 2 * c.mirror_sum.max(c.sum);
            if h > limit {
                return Err(h);
            }
        }
        Ok(c)
    }

    fn name(&self) -> String {
        self.name.clone()
    }
}
