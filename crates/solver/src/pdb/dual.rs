//! Dual (inverse) lookups into additive pattern databases (Zahavi, Felner, Holte & Schaeffer
//! 2005), made admissible for databases that keep the blank's region.
//!
//! The regular lookup of pattern `P` (its tiles = its goal cells `C`) places tile `c` on its cell
//! `pos[c]`; the *dual* lookup places tile `c` on `tiles[c]`, the label of the tile standing on
//! cell `c`: the positions of the pattern's tiles in the inverse permutation. When the blank is on
//! its goal cell the inverse is a legal board at the same distance and the pattern's own table
//! answers. With the blank on another cell `b` (proof in `docs/solver.md`), the dual placement
//! bounds the moves of the tiles standing on `C` only in a database whose goal has the blank in
//! `b`'s region, so the lookup goes to
//!
//! * `P`'s own table when `b` is in the blank's goal region of `P` (the free cells connected to
//!   the blank's goal cell when `P`'s tiles are home);
//! * a table of `P` whose goal blank is in `b`'s region otherwise (`b` outside `C`);
//! * a table of `C \ {b}` with goal blank `b` when `b` is one of `P`'s cells (the blank, not a
//!   tile, stands on `b`).
//!
//! [`dual_patterns`] lists those extra tables; a missing one leaves that pattern at its tiles'
//! Manhattan distance (entry 0). With `md` the board's Manhattan distance (the dual's too), the
//! dual value is `md + 2 · Σ` dual entries; the mirrored board's dual is looked up the same way.

use searchlab_npuzzle::{Direction, Geometry};

use super::heuristic::{PdbHeuristic, PdbState, MAX_PATTERNS};
use super::pattern::{rank, Pattern};
use super::table::PdbTable;
use crate::error::PdbError;
use crate::heuristic::Heuristic;
use crate::label::{width_of, LabelBoard};

const NONE: u8 = u8::MAX;

/// The extra databases the dual lookups of these disjoint patterns (one partition, one blank goal
/// cell) read besides the patterns' own: per pattern, one for each region of free cells (with its
/// tiles home) other than the blank goal's, with its goal blank on that region's first cell, and
/// for each of its cells `c` (patterns of two or more tiles) the pattern without `c`, goal blank
/// on `c`.
pub fn dual_patterns(patterns: &[Pattern]) -> Vec<Pattern> {
    let mut out = Vec::new();
    for p in patterns {
        let Ok(geometry) = Geometry::new(p.width()) else { continue };
        let blank_goal = p.blank_goal() as usize;
        let mut covered = vec![false; p.n()];
        for &c in p.cells() {
            covered[c as usize] = true;
        }
        for c in 0..p.n() {
            if covered[c] {
                continue;
            }
            let region = region_of(&geometry, c, p.cells());
            region.iter().enumerate().filter(|(_, &r)| r).for_each(|(t, _)| covered[t] = true);
            if !region[blank_goal] {
                out.extend(Pattern::new(p.width(), c as u8, p.cells().to_vec()));
            }
        }
        if p.k() >= 2 {
            for &c in p.cells() {
                let rest = p.cells().iter().copied().filter(|&d| d != c).collect();
                out.extend(Pattern::new(p.width(), c, rest));
            }
        }
    }
    out
}

/// The cells the blank reaches from `start` through cells `cells` does not hold.
fn region_of(geometry: &Geometry, start: usize, cells: &[u8]) -> Vec<bool> {
    let n = geometry.cells();
    let mut seen = vec![false; n];
    for &c in cells {
        seen[c as usize] = true;
    }
    let blocked = seen.clone();
    seen[start] = true;
    let mut stack = vec![start];
    while let Some(c) = stack.pop() {
        for d in Direction::ALL {
            if let Some(t) = geometry.neighbour(c, d) {
                if !seen[t] {
                    seen[t] = true;
                    stack.push(t);
                }
            }
        }
    }
    seen.iter().zip(&blocked).map(|(&s, &b)| s && !b).collect()
}

/// One database a dual lookup reads.
#[derive(Debug, Clone)]
struct DualTable<'a> {
    k: usize,
    table: PdbTable<'a>,
    /// Its pattern's cells, and their mirror images.
    cells: [u8; 12],
    mirror_cells: [u8; 12],
}

/// [`PdbHeuristic`] plus dual lookups: `md + 2 · max(regular, mirrored, dual, mirrored dual)`
/// sums, the dual ones computed only for a child that the regular (and mirrored) sum does not
/// already prune. Inconsistent: search it with BPMX ([`crate::Bpmx`]) to gain from it fully.
#[derive(Debug, Clone)]
pub struct DualPdbHeuristic<'a, const N: usize> {
    base: PdbHeuristic<'a, N>,
    tables: Vec<DualTable<'a>>,
    /// `choice[b][j]`: the table (index into `tables`, or `NONE`: Manhattan only) of pattern `j`'s
    /// dual lookup with the blank on cell `b`.
    choice: [[u8; MAX_PATTERNS]; N],
    transpose: [u8; N],
    patterns: usize,
}

/// Per-node state of [`DualPdbHeuristic`].
#[derive(Debug, Clone, Copy)]
pub struct DualPdbState {
    base: PdbState,
    dual_sum: u32,
    mirror_dual_sum: u32,
    dual_vals: [u8; MAX_PATTERNS],
    mirror_dual_vals: [u8; MAX_PATTERNS],
}

impl<'a, const N: usize> DualPdbHeuristic<'a, N> {
    /// The heuristic of the disjoint databases `tables` (as [`PdbHeuristic::new`]) with dual
    /// lookups reading them and `extra` (any of [`dual_patterns`]' databases; others are ignored).
    pub fn new(tables: &[PdbTable<'a>], extra: &[PdbTable<'a>], reflect: bool, name: &str) -> Result<Self, PdbError> {
        let base = PdbHeuristic::new(tables, reflect, name)?;
        let width = width_of(N).ok_or(PdbError::Mismatch)?;
        let geometry = Geometry::new(width).map_err(|_| PdbError::Mismatch)?;
        let blank_goal = tables[0].pattern().blank_goal();
        let mut all = Vec::new();
        for t in tables.iter().chain(extra) {
            if t.pattern().width() != width {
                return Err(PdbError::Mismatch);
            }
            let (mut cells, mut mirror_cells) = ([0u8; 12], [0u8; 12]);
            for (i, &c) in t.pattern().cells().iter().enumerate() {
                cells[i] = c;
                mirror_cells[i] = base.transpose[c as usize];
            }
            all.push(DualTable { k: t.pattern().k(), table: *t, cells, mirror_cells });
        }
        if all.len() >= NONE as usize {
            return Err(PdbError::TooMany(NONE as usize - 1));
        }
        let find = |goal: &dyn Fn(u8) -> bool, cells: &[u8]| {
            all.iter().position(|t| goal(t.table.pattern().blank_goal()) && t.table.pattern().cells() == cells)
        };
        let mut choice = [[NONE; MAX_PATTERNS]; N];
        for (j, t) in tables.iter().enumerate() {
            let cells = t.pattern().cells();
            for (b, row) in choice.iter_mut().enumerate() {
                let found = if cells.contains(&(b as u8)) {
                    let rest: Vec<u8> = cells.iter().copied().filter(|&c| c != b as u8).collect();
                    find(&|g| g == b as u8, &rest)
                } else {
                    let region = region_of(&geometry, b, cells);
                    if region[blank_goal as usize] {
                        Some(j)
                    } else {
                        find(&|g| region[g as usize], cells)
                    }
                };
                row[j] = found.map_or(NONE, |i| i as u8);
            }
        }
        let transpose = base.transpose;
        Ok(DualPdbHeuristic { base, tables: all, choice, transpose, patterns: tables.len() })
    }

    /// The dual entry read from table `t` (`NONE`: 0); `mirror`: of the mirrored board.
    #[inline(always)]
    fn lookup(&self, t: u8, tiles: &[u8; N], mirror: bool) -> u8 {
        if t == NONE {
            return 0;
        }
        // SAFETY: t < tables.len() (indices in `choice` come from positions in `tables`, `new`).
        let d = unsafe { self.tables.get_unchecked(t as usize) };
        let idx = if mirror {
            rank(N, d.k, |i| self.transpose[tiles[d.mirror_cells[i] as usize] as usize])
        } else {
            rank(N, d.k, |i| tiles[d.cells[i] as usize])
        };
        // SAFETY: `tiles` is a permutation of 0..N (a `LabelBoard`'s) and the transpose a
        // bijection of the cells, so the k distinct cells map to distinct cells below N = the
        // table's n (checked in `new`): the rank is below n!/(n-k)! = entries.
        unsafe { d.table.entry_unchecked(idx as usize) as u8 }
    }

    /// The dual entries with the blank on cell `new`, having moved from `old` (`None` at the
    /// start: all computed), updating `vals`; returns their sum.
    #[inline(always)]
    fn update(
        &self,
        vals: &mut [u8; MAX_PATTERNS],
        tiles: &[u8; N],
        old: Option<usize>,
        new: usize,
        mirror: bool,
    ) -> u32 {
        let blank = |c: usize| if mirror { self.transpose[c] as usize } else { c };
        let pattern_of = if mirror { &self.base.mirror_pattern_of } else { &self.base.pattern_of };
        let mut sum = 0;
        match old {
            None => {
                let choice = &self.choice[blank(new)];
                for (v, &t) in vals.iter_mut().zip(choice).take(self.patterns) {
                    *v = self.lookup(t, tiles, mirror);
                    sum += *v as u32;
                }
            }
            Some(old) => {
                let (co, cn) = (&self.choice[blank(old)], &self.choice[blank(new)]);
                let (po, pn) = (pattern_of[old] as usize, pattern_of[new] as usize);
                for j in 0..self.patterns {
                    // Table changed with the blank's cell, or one of the pattern's cells changed.
                    if co[j] != cn[j] || j == po || j == pn {
                        vals[j] = self.lookup(cn[j], tiles, mirror);
                    }
                    sum += vals[j] as u32;
                }
            }
        }
        sum
    }
}

impl<const N: usize> Heuristic<N> for DualPdbHeuristic<'_, N> {
    type State = DualPdbState;
    const USES_POSITIONS: bool = true;

    fn start(&self, b: &LabelBoard<N>) -> DualPdbState {
        let mut s = DualPdbState {
            base: self.base.start(b),
            dual_sum: 0,
            mirror_dual_sum: 0,
            dual_vals: [0; MAX_PATTERNS],
            mirror_dual_vals: [0; MAX_PATTERNS],
        };
        let blank = b.blank_cell();
        s.dual_sum = self.update(&mut s.dual_vals, b.tiles(), None, blank, false);
        if self.base.reflect {
            s.mirror_dual_sum = self.update(&mut s.mirror_dual_vals, b.tiles(), None, blank, true);
        }
        s
    }

    #[inline(always)]
    fn value(&self, s: &DualPdbState) -> u32 {
        s.base.md + 2 * s.base.sum.max(s.base.mirror_sum).max(s.dual_sum).max(s.mirror_dual_sum)
    }

    #[inline(always)]
    fn moved(
        &self,
        s: &DualPdbState,
        b: &LabelBoard<N>,
        label: u8,
        from: u8,
        to: u8,
        limit: u32,
    ) -> Result<DualPdbState, u32> {
        // The regular and mirrored sums first: the dual lookups only for children they keep.
        let base = self.base.moved(&s.base, b, label, from, to, limit)?;
        let mut c = DualPdbState { base, ..*s };
        // The blank moved from `to` to `from`.
        let (old, new) = (Some(to as usize), from as usize);
        c.dual_sum = self.update(&mut c.dual_vals, b.tiles(), old, new, false);
        let h = base.md + 2 * c.dual_sum;
        if h > limit {
            return Err(h);
        }
        if self.base.reflect {
            c.mirror_dual_sum = self.update(&mut c.mirror_dual_vals, b.tiles(), old, new, true);
            let h = base.md + 2 * c.mirror_dual_sum;
            if h > limit {
                return Err(h);
            }
        }
        Ok(c)
    }

    fn name(&self) -> String {
        self.base.name()
    }
}
