//! Additive disjoint pattern databases as a [`Heuristic`], optionally also looked up on the board's
//! reflection about the main diagonal (taking the larger sum).

use searchlab_npuzzle::Geometry;

use super::pattern::rank;
use super::table::PdbTable;
use crate::error::PdbError;
use crate::heuristic::Heuristic;
use crate::label::{width_of, LabelBoard};
use crate::manhattan::Manhattan;

/// Most patterns in one partition.
pub const MAX_PATTERNS: usize = 8;
// `moved` indexes the per-pattern values with `j & 7`.
const _: () = assert!(MAX_PATTERNS == 8);

#[derive(Debug, Clone)]
struct Table<'a> {
    k: usize,
    table: PdbTable<'a>,
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
    /// Pattern index of each label (`u8::MAX`: none); labels are goal cells, so this is also the
    /// pattern whose cells hold a cell.
    pub(super) pattern_of: [u8; N],
    /// Pattern index holding `transpose(label)`.
    pub(super) mirror_pattern_of: [u8; N],
    pub(super) transpose: [u8; N],
    pub(super) reflect: bool,
    name: String,
}

/// Per-node state of [`PdbHeuristic`].
#[derive(Debug, Clone, Copy)]
pub struct PdbState {
    pub(super) md: u32,
    pub(super) sum: u32,
    pub(super) mirror_sum: u32,
    vals: [u8; MAX_PATTERNS],
    mirror_vals: [u8; MAX_PATTERNS],
}

impl<'a, const N: usize> PdbHeuristic<'a, N> {
    /// The heuristic of these disjoint databases (all for the board of `N` cells and the same blank
    /// goal cell); `reflect` also looks them up on the mirrored board (requires the blank's goal on
    /// the diagonal). `name` is what [`Heuristic::name`] reports.
    pub fn new(tables: &[PdbTable<'a>], reflect: bool, name: &str) -> Result<Self, PdbError> {
        let first = tables.first().ok_or(PdbError::NoTables)?;
        if tables.len() > MAX_PATTERNS {
            return Err(PdbError::TooMany(MAX_PATTERNS));
        }
        let blank = first.pattern().blank_goal();
        let width = width_of(N).ok_or(PdbError::Mismatch)?;
        let geometry = Geometry::new(width).map_err(|_| PdbError::Mismatch)?;
        let mut pattern_of = [u8::MAX; N];
        let mut t = [0u8; N];
        for (c, m) in t.iter_mut().enumerate() {
            *m = geometry.transpose(c) as u8;
        }
        let mut out = Vec::new();
        for (j, tab) in tables.iter().enumerate() {
            let p = tab.pattern();
            if p.width() != width || p.blank_goal() != blank {
                return Err(PdbError::Mismatch);
            }
            let mut labels = [0u8; 12];
            let mut mirror_labels = [0u8; 12];
            for (i, &c) in p.cells().iter().enumerate() {
                if pattern_of[c as usize] != u8::MAX {
                    return Err(PdbError::Overlap(c));
                }
                pattern_of[c as usize] = j as u8;
                labels[i] = c;
                mirror_labels[i] = t[c as usize];
            }
            out.push(Table { k: p.k(), table: *tab, labels, mirror_labels });
        }
        if reflect && t[blank as usize] != blank {
            return Err(PdbError::Reflection);
        }
        let mut mirror_pattern_of = [u8::MAX; N];
        for l in 0..N {
            mirror_pattern_of[l] = pattern_of[t[l] as usize];
        }
        Ok(PdbHeuristic {
            md: Manhattan::new(blank as usize),
            tables: out,
            pattern_of,
            mirror_pattern_of,
            transpose: t,
            reflect,
            name: name.to_string(),
        })
    }

    /// The entry of pattern `j` for the positions `pos` of a [`LabelBoard`].
    #[inline(always)]
    fn lookup(&self, j: usize, pos: &[u8; N]) -> u32 {
        // SAFETY: j < tables.len() (pattern indices come from `pattern_of`, private and built in `new`).
        let t = unsafe { self.tables.get_unchecked(j) };
        // SAFETY: the labels of a pattern are its cells, below N (checked in `new`: same width).
        let idx = rank(N, t.k, |i| unsafe { *pos.get_unchecked(t.labels[i] as usize) });
        // SAFETY: `pos` is a permutation (a `LabelBoard`'s), so the pattern's k labels stand on
        // distinct cells below N = the pattern's n: the rank is below n!/(n-k)! = entries.
        unsafe { t.table.entry_unchecked(idx as usize) }
    }

    /// The entry of pattern `j` for the mirrored board.
    #[inline(always)]
    fn mirror_lookup(&self, j: usize, pos: &[u8; N]) -> u32 {
        // SAFETY: as in `lookup`.
        let t = unsafe { self.tables.get_unchecked(j) };
        // SAFETY: mirror labels are transposed cells and positions are cells (a `LabelBoard`'s
        // permutation of 0..N), all below N = transpose.len().
        let idx = rank(N, t.k, |i| unsafe {
            *self.transpose.get_unchecked(*pos.get_unchecked(t.mirror_labels[i] as usize) as usize)
        });
        // SAFETY: as in `lookup`; the transpose is a bijection of the cells, so the mirrored
        // positions are distinct cells too.
        unsafe { t.table.entry_unchecked(idx as usize) }
    }
}

impl<const N: usize> Heuristic<N> for PdbHeuristic<'_, N> {
    type State = PdbState;
    const USES_POSITIONS: bool = true;

    fn start(&self, b: &LabelBoard<N>) -> PdbState {
        let mut s = PdbState {
            md: self.md.board(b.tiles()),
            sum: 0,
            mirror_sum: 0,
            vals: [0; MAX_PATTERNS],
            mirror_vals: [0; MAX_PATTERNS],
        };
        for j in 0..self.tables.len() {
            let v = self.lookup(j, b.pos());
            s.vals[j] = v as u8;
            s.sum += v;
            if self.reflect {
                let m = self.mirror_lookup(j, b.pos());
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
    fn moved(&self, s: &PdbState, b: &LabelBoard<N>, label: u8, from: u8, to: u8, limit: u32) -> Result<PdbState, u32> {
        let mut c = *s;
        c.md = s.md + self.md.tile(label, to) - self.md.tile(label, from);
        let j = self.pattern_of[label as usize] as usize;
        if j != u8::MAX as usize {
            let v = self.lookup(j, b.pos());
            // `j & 7`: j < MAX_PATTERNS = 8 anyway; the mask lets the compiler drop the bounds check.
            c.sum = s.sum - s.vals[j & 7] as u32 + v;
            c.vals[j & 7] = v as u8;
        }
        let h = c.md + 2 * c.sum;
        if h > limit {
            return Err(h);
        }
        if self.reflect {
            let j = self.mirror_pattern_of[label as usize] as usize;
            if j != u8::MAX as usize {
                let v = self.mirror_lookup(j, b.pos());
                c.mirror_sum = s.mirror_sum - s.mirror_vals[j & 7] as u32 + v;
                c.mirror_vals[j & 7] = v as u8;
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
