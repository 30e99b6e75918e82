//! Additive disjoint pattern databases as a [`Heuristic`], optionally also looked up on the board's
//! reflection about the main diagonal (taking the larger sum).

use super::build::entry;
use super::pattern::{rank, Pattern};
use crate::grid::Grid;
use crate::heuristic::{Board, Heuristic, Manhattan};

/// Most patterns in one partition.
pub const MAX_PATTERNS: usize = 8;

/// One database as the heuristic reads it: its pattern and packed bytes (from a map or memory).
#[derive(Debug, Clone, Copy)]
pub struct PdbTable<'a> {
    /// The pattern.
    pub pattern: &'a Pattern,
    /// Bits per entry (4 or 8).
    pub bits: u8,
    /// Packed entries `(h - md) / 2`.
    pub data: &'a [u8],
}

#[derive(Debug, Clone)]
struct Table<'a> {
    k: usize,
    bits: u8,
    data: &'a [u8],
    /// Labels of the pattern's tiles.
    labels: [u8; 12],
    /// Labels whose mirrored positions form the mirrored placement: `transpose(labels[i])`.
    mirror_labels: [u8; 12],
}

/// Sum of disjoint additive pattern databases, `h = md + 2 · Σ entries`, and with reflection
/// `md + 2 · max(Σ entries, Σ entries of the mirrored board)`.
#[derive(Debug, Clone)]
pub struct PdbHeuristic<'a, const N: usize> {
    md: Manhattan<N>,
    tables: Vec<Table<'a>>,
    /// Pattern index of each label (`u8::MAX`: none).
    pattern_of: [u8; N],
    /// Pattern index holding `transpose(label)`.
    mirror_pattern_of: [u8; N],
    transpose: [u8; N],
    reflect: bool,
    name: String,
}

/// Per-node state of [`PdbHeuristic`].
#[derive(Debug, Clone, Copy)]
pub struct PdbState {
    md: u32,
    sum: u32,
    mirror_sum: u32,
    vals: [u8; MAX_PATTERNS],
    mirror_vals: [u8; MAX_PATTERNS],
}

impl<'a, const N: usize> PdbHeuristic<'a, N> {
    /// The heuristic of these disjoint databases (all for `grid`'s width and the same blank goal cell);
    /// `reflect` also looks them up on the mirrored board (requires the blank's goal on the diagonal).
    pub fn new(grid: &Grid, tables: &[PdbTable<'a>], reflect: bool, name: &str) -> Result<Self, String> {
        assert_eq!(grid.cells(), N);
        let first = tables.first().ok_or("no pattern databases given")?;
        if tables.len() > MAX_PATTERNS {
            return Err(format!("at most {MAX_PATTERNS} patterns"));
        }
        let blank = first.pattern.blank_goal;
        let mut pattern_of = [u8::MAX; N];
        let mut t = [0u8; N];
        t.copy_from_slice(&grid.transpose);
        let mut out = Vec::new();
        for (j, tab) in tables.iter().enumerate() {
            let p = tab.pattern;
            if p.width != grid.width || p.blank_goal != blank {
                return Err("databases for different boards or goals".into());
            }
            if tab.data.len() != super::file::payload_len(p.entries(), tab.bits) {
                return Err(format!("database {p} has the wrong size"));
            }
            let mut labels = [0u8; 12];
            let mut mirror_labels = [0u8; 12];
            for (i, &c) in p.cells.iter().enumerate() {
                if pattern_of[c as usize] != u8::MAX {
                    return Err(format!("patterns overlap on tile {c}"));
                }
                pattern_of[c as usize] = j as u8;
                labels[i] = c;
                mirror_labels[i] = t[c as usize];
            }
            out.push(Table { k: p.k(), bits: tab.bits, data: tab.data, labels, mirror_labels });
        }
        if reflect && t[blank as usize] != blank {
            return Err("reflection needs the blank's goal cell on the main diagonal".into());
        }
        let mut mirror_pattern_of = [u8::MAX; N];
        for l in 0..N {
            mirror_pattern_of[l] = pattern_of[t[l] as usize];
        }
        Ok(PdbHeuristic {
            md: Manhattan::new(grid, blank as usize),
            tables: out,
            pattern_of,
            mirror_pattern_of,
            transpose: t,
            reflect,
            name: name.to_string(),
        })
    }

    #[inline(always)]
    fn lookup(&self, j: usize, pos: &[u8; N]) -> u32 {
        // SAFETY: j < tables.len() (pattern indices come from `pattern_of`).
        let t = unsafe { self.tables.get_unchecked(j) };
        let idx = rank(N, t.k, |i| pos[t.labels[i] as usize]);
        entry(t.data, t.bits, idx as usize)
    }

    #[inline(always)]
    fn mirror_lookup(&self, j: usize, pos: &[u8; N]) -> u32 {
        // SAFETY: as in `lookup`.
        let t = unsafe { self.tables.get_unchecked(j) };
        let idx = rank(N, t.k, |i| self.transpose[pos[t.mirror_labels[i] as usize] as usize]);
        entry(t.data, t.bits, idx as usize)
    }
}

impl<const N: usize> Heuristic<N> for PdbHeuristic<'_, N> {
    type State = PdbState;
    const USES_POSITIONS: bool = true;

    fn start(&self, b: &Board<N>) -> PdbState {
        let mut s = PdbState {
            md: self.md.board(&b.tiles),
            sum: 0,
            mirror_sum: 0,
            vals: [0; MAX_PATTERNS],
            mirror_vals: [0; MAX_PATTERNS],
        };
        for j in 0..self.tables.len() {
            let v = self.lookup(j, &b.pos);
            s.vals[j] = v as u8;
            s.sum += v;
            if self.reflect {
                let m = self.mirror_lookup(j, &b.pos);
                s.mirror_vals[j] = m as u8;
                s.mirror_sum += m;
            }
        }
        s
    }

    #[inline(always)]
    fn value(&self, s: &PdbState) -> u32 {
        s.md + 2 * s.sum.max(s.mirror_sum)
    }

    #[inline(always)]
    fn moved(&self, s: &PdbState, b: &Board<N>, label: u8, from: u8, to: u8, limit: u32) -> Result<PdbState, u32> {
        let mut c = *s;
        c.md = s.md + self.md.tile(label, to) - self.md.tile(label, from);
        let j = self.pattern_of[label as usize] as usize;
        if j != u8::MAX as usize {
            let v = self.lookup(j, &b.pos);
            c.sum = s.sum - s.vals[j] as u32 + v;
            c.vals[j] = v as u8;
        }
        let h = c.md + 2 * c.sum;
        if h > limit {
            return Err(h);
        }
        if self.reflect {
            let j = self.mirror_pattern_of[label as usize] as usize;
            if j != u8::MAX as usize {
                let v = self.mirror_lookup(j, &b.pos);
                c.mirror_sum = s.mirror_sum - s.mirror_vals[j] as u32 + v;
                c.mirror_vals[j] = v as u8;
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
