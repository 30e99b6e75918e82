//! Additive disjoint pattern databases as a [`Heuristic`], optionally also looked up on the board's
//! reflection about the main diagonal (taking the larger sum). How a pattern's entry is found is a
//! [`Lookup`]: ranking the placement in the compact table ([`CompactLookup`], this file) or
//! carrying a cell index into a direct table ([`super::direct::DirectLookup`]).

use std::fmt::Debug;

use searchlab_npuzzle::Geometry;

use super::pattern::{rank, Pattern};
use super::table::PdbTable;
use crate::error::PdbError;
use crate::heuristic::Heuristic;
use crate::label::{width_of, LabelBoard};
use crate::manhattan::Manhattan;

/// Most patterns in one partition.
pub const MAX_PATTERNS: usize = 8;
// `moved` indexes the per-pattern values with `j & 7`.
const _: () = assert!(MAX_PATTERNS == 8);

/// How [`AdditivePdb`] reads pattern `j`'s entry. `mirrored` lookups read the pattern's table for
/// the reflected board: the labels [`Lookup`] is given for pattern `j` then are the transposed
/// labels, and cells (`from`, `to`) are already transposed.
pub trait Lookup<const N: usize>: Sync {
    /// What a node carries per pattern to find its child's entry (`()` when nothing).
    type Key: Copy + Send + Debug;
    /// The key before any lookup.
    const NO_KEY: Self::Key;
    /// Whether [`Lookup::moved`] reads the positions (when not, the search keeps no positions
    /// and evaluates a child before it moves the tile on its board: [`Heuristic::READS_BOARD`]).
    const READS_POSITIONS: bool = true;
    /// Key and entry of pattern `j` on the board with positions `pos`, from scratch.
    fn start(&self, j: usize, pos: &[u8; N], mirrored: bool) -> (Self::Key, u32);
    /// Key and entry of pattern `j` after one of its tiles moved (`key` is the parent's; `pos`
    /// the child's when [`Lookup::READS_POSITIONS`], else unspecified).
    fn moved(&self, j: usize, key: Self::Key, pos: &[u8; N], m: TileMove, mirrored: bool) -> (Self::Key, u32);
}

/// A tile's move as a [`Lookup`] sees it: the tile's label and its cells before and after
/// (transposed for a mirrored lookup; the label is not).
#[derive(Debug, Clone, Copy)]
pub struct TileMove {
    /// The tile (its goal cell), below `N`.
    pub label: usize,
    /// Its cell before the move.
    pub from: u8,
    /// Its cell after the move.
    pub to: u8,
}

/// Sum of disjoint additive pattern databases, `h = md + 2 · Σ entries`, and with reflection
/// `md + 2 · max(Σ entries, Σ entries of the mirrored board)`, the entries read through `L`.
#[derive(Debug, Clone)]
pub struct AdditivePdb<const N: usize, L> {
    md: Manhattan<N>,
    lookup: L,
    /// Pattern index of each label (`u8::MAX`: none); labels are goal cells, so this is also the
    /// pattern whose cells hold a cell.
    pub(super) pattern_of: [u8; N],
    /// Pattern index holding `transpose(label)`.
    pub(super) mirror_pattern_of: [u8; N],
    pub(super) transpose: [u8; N],
    pub(super) reflect: bool,
    patterns: usize,
    name: String,
}

/// Per-node state of [`AdditivePdb`]: the sums, each pattern's entry, and its lookup key.
#[derive(Debug, Clone, Copy)]
pub struct AdditiveState<K> {
    pub(super) md: u32,
    pub(super) sum: u32,
    pub(super) mirror_sum: u32,
    vals: [u8; MAX_PATTERNS],
    mirror_vals: [u8; MAX_PATTERNS],
    keys: [K; MAX_PATTERNS],
    mirror_keys: [K; MAX_PATTERNS],
}

/// The heuristic over compact tables (each lookup ranks the placement).
pub type PdbHeuristic<'a, const N: usize> = AdditivePdb<N, CompactLookup<'a, N>>;
/// Per-node state of [`PdbHeuristic`].
pub type PdbState = AdditiveState<()>;

impl<const N: usize, L> AdditivePdb<N, L> {
    /// The heuristic of the disjoint `patterns` (all for the board of `N` cells and the same blank
    /// goal cell) read through `lookup`; `reflect` also looks them up on the mirrored board
    /// (requires the blank's goal on the diagonal). `name` is what [`Heuristic::name`] reports.
    pub(super) fn assemble(patterns: &[&Pattern], lookup: L, reflect: bool, name: &str) -> Result<Self, PdbError> {
        let first = patterns.first().ok_or(PdbError::NoTables)?;
        if patterns.len() > MAX_PATTERNS {
            return Err(PdbError::TooMany(MAX_PATTERNS));
        }
        let blank = first.blank_goal();
        let width = width_of(N).ok_or(PdbError::Mismatch)?;
        let transpose = transposed::<N>()?;
        if reflect && transpose[blank as usize] != blank {
            return Err(PdbError::Reflection);
        }
        let mut pattern_of = [u8::MAX; N];
        for (j, p) in patterns.iter().enumerate() {
            if p.width() != width || p.blank_goal() != blank {
                return Err(PdbError::Mismatch);
            }
            for &c in p.cells() {
                if pattern_of[c as usize] != u8::MAX {
                    return Err(PdbError::Overlap(c));
                }
                pattern_of[c as usize] = j as u8;
            }
        }
        let mut mirror_pattern_of = [u8::MAX; N];
        for l in 0..N {
            mirror_pattern_of[l] = pattern_of[transpose[l] as usize];
        }
        Ok(AdditivePdb {
            md: Manhattan::new(blank as usize),
            lookup,
            pattern_of,
            mirror_pattern_of,
            transpose,
            reflect,
            patterns: patterns.len(),
            name: name.to_string(),
        })
    }
}

/// The cell each cell of the board of `N` cells is reflected to (about the main diagonal).
pub(super) fn transposed<const N: usize>() -> Result<[u8; N], PdbError> {
    let geometry = Geometry::new(width_of(N).ok_or(PdbError::Mismatch)?).map_err(|_| PdbError::Mismatch)?;
    let mut t = [0u8; N];
    for (c, m) in t.iter_mut().enumerate() {
        *m = geometry.transpose(c) as u8;
    }
    Ok(t)
}

/// One compact table with its tiles' labels.
#[derive(Debug, Clone)]
struct Table<'a> {
    k: usize,
    table: PdbTable<'a>,
    /// Labels of the pattern's tiles.
    labels: [u8; 12],
    /// Labels whose mirrored positions form the mirrored placement: `transpose(labels[i])`.
    mirror_labels: [u8; 12],
}

/// [`Lookup`] in compact tables: every entry ranks the pattern's placement anew.
#[derive(Debug, Clone)]
pub struct CompactLookup<'a, const N: usize> {
    tables: Vec<Table<'a>>,
    transpose: [u8; N],
}

impl<'a, const N: usize> PdbHeuristic<'a, N> {
    /// The heuristic of these disjoint databases (all for the board of `N` cells and the same blank
    /// goal cell); `reflect` also looks them up on the mirrored board (requires the blank's goal on
    /// the diagonal). `name` is what [`Heuristic::name`] reports.
    pub fn new(tables: &[PdbTable<'a>], reflect: bool, name: &str) -> Result<Self, PdbError> {
        let transpose = transposed::<N>()?;
        let mut out = Vec::new();
        for tab in tables {
            let p = tab.pattern();
            let (mut labels, mut mirror_labels) = ([0u8; 12], [0u8; 12]);
            for (i, &c) in p.cells().iter().enumerate() {
                labels[i] = c;
                // Cells of another width are refused by `assemble`; keep the index in range.
                mirror_labels[i] = transpose[c as usize % N];
            }
            out.push(Table { k: p.k(), table: *tab, labels, mirror_labels });
        }
        let patterns: Vec<&Pattern> = tables.iter().map(|t| t.pattern()).collect();
        AdditivePdb::assemble(&patterns, CompactLookup { tables: out, transpose }, reflect, name)
    }
}

impl<const N: usize> Lookup<N> for CompactLookup<'_, N> {
    type Key = ();
    const NO_KEY: () = ();

    #[inline(always)]
    fn start(&self, j: usize, pos: &[u8; N], mirrored: bool) -> ((), u32) {
        self.moved(j, (), pos, TileMove { label: 0, from: 0, to: 0 }, mirrored)
    }

    #[inline(always)]
    fn moved(&self, j: usize, _key: (), pos: &[u8; N], _m: TileMove, mirrored: bool) -> ((), u32) {
        // SAFETY: j < tables.len() (pattern indices come from `pattern_of`, private and built in
        // `assemble` from these tables).
        let t = unsafe { self.tables.get_unchecked(j) };
        let idx = if mirrored {
            // SAFETY: mirror labels are transposed cells and positions are cells (a `LabelBoard`'s
            // permutation of 0..N), all below N = transpose.len().
            rank(N, t.k, |i| unsafe {
                *self.transpose.get_unchecked(*pos.get_unchecked(t.mirror_labels[i] as usize) as usize)
            })
        } else {
            // SAFETY: the labels of a pattern are its cells, below N (checked in `assemble`: same width).
            rank(N, t.k, |i| unsafe { *pos.get_unchecked(t.labels[i] as usize) })
        };
        // SAFETY: `pos` is a permutation (a `LabelBoard`'s), so the pattern's k labels stand on
        // distinct cells below N = the pattern's n (the transpose is a bijection of the cells, so
        // mirrored positions are distinct too): the rank is below n!/(n-k)! = entries.
        ((), unsafe { t.table.entry_unchecked(idx as usize) })
    }
}

impl<const N: usize, L: Lookup<N>> Heuristic<N> for AdditivePdb<N, L> {
    type State = AdditiveState<L::Key>;
    const USES_POSITIONS: bool = L::READS_POSITIONS;
    const READS_BOARD: bool = L::READS_POSITIONS;

    fn start(&self, b: &LabelBoard<N>) -> Self::State {
        let mut s = AdditiveState {
            md: self.md.board(b.tiles()),
            sum: 0,
            mirror_sum: 0,
            vals: [0; MAX_PATTERNS],
            mirror_vals: [0; MAX_PATTERNS],
            keys: [L::NO_KEY; MAX_PATTERNS],
            mirror_keys: [L::NO_KEY; MAX_PATTERNS],
        };
        for j in 0..self.patterns {
            let (key, v) = self.lookup.start(j, b.pos(), false);
            (s.keys[j], s.vals[j], s.sum) = (key, v as u8, s.sum + v);
            if self.reflect {
                let (key, v) = self.lookup.start(j, b.pos(), true);
                (s.mirror_keys[j], s.mirror_vals[j], s.mirror_sum) = (key, v as u8, s.mirror_sum + v);
            }
        }
        s
    }

    #[inline(always)]
    fn value(&self, s: &Self::State) -> u32 {
        s.md + 2 * s.sum.max(s.mirror_sum)
    }

    #[inline(always)]
    fn moved(
        &self,
        s: &Self::State,
        b: &LabelBoard<N>,
        label: u8,
        from: u8,
        to: u8,
        limit: u32,
    ) -> Result<Self::State, u32> {
        let mut c = *s;
        let l = label as usize % N;
        c.md = s.md + self.md.tile(label, to) - self.md.tile(label, from);
        let j = self.pattern_of[l] as usize;
        if j != u8::MAX as usize {
            // `j & 7`: j < MAX_PATTERNS = 8 anyway; the mask lets the compiler drop the bounds check.
            let (key, v) = self.lookup.moved(j, s.keys[j & 7], b.pos(), TileMove { label: l, from, to }, false);
            c.sum = s.sum - u32::from(s.vals[j & 7]) + v;
            (c.keys[j & 7], c.vals[j & 7]) = (key, v as u8);
        }
        let h = c.md + 2 * c.sum;
        if h > limit {
            return Err(h);
        }
        if self.reflect {
            let j = self.mirror_pattern_of[l] as usize;
            if j != u8::MAX as usize {
                let (from, to) = (self.transpose[from as usize % N], self.transpose[to as usize % N]);
                let (key, v) =
                    self.lookup.moved(j, s.mirror_keys[j & 7], b.pos(), TileMove { label: l, from, to }, true);
                c.mirror_sum = s.mirror_sum - u32::from(s.mirror_vals[j & 7]) + v;
                (c.mirror_keys[j & 7], c.mirror_vals[j & 7]) = (key, v as u8);
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
