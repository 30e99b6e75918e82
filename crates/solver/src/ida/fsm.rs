//! Duplicate-path pruning (Taylor & Korf 1993): an automaton over the blank's moves that rejects
//! every path containing a *forbidden* move string, so IDA* stops re-searching the same boards
//! along different paths.
//!
//! A string of blank moves has the same effect from every cell where it is legal (it permutes the
//! cells along the blank's path, relative to where it starts). A string `S` is forbidden when
//! another string `T` comes before it (fewer moves, or as many and earlier in Korf's move order),
//! has the same effect, and keeps the blank inside `S`'s bounding box. Wherever `S` is legal, `T`
//! is too (its cells lie in `S`'s box, which lies on the board), so replacing `S` by `T` in a path
//! gives a path to the same board that is no longer and comes earlier; repeating this ends with a
//! path free of forbidden strings. The earliest shortest path to every board therefore survives,
//! and IDA* with an admissible heuristic still finds optimal solutions.
//!
//! The strings are found by a breadth-first enumeration of move strings up to `max_len` moves in
//! that order, simulated on an unbounded grid; only strings not yet forbidden are extended. The
//! forbidden ones become the patterns of an Aho–Corasick automaton whose states remember the
//! longest suffix of the path that may still grow into a forbidden string.

use std::collections::{HashMap, HashSet};
use std::fmt;

/// The state after a move that completes a forbidden string: the path is pruned.
pub const DEAD: u32 = u32::MAX;

/// Longest forbidden strings searched for: the enumeration takes about 3.5 times longer per move
/// (12 moves: 4 s, 14 moves: 45 s on one core).
pub const MAX_FSM_DEPTH: usize = 14;

/// Column and row steps of the blank for the moves of `KORF_ORDER` (up, left, right, down).
const STEP: [(i32, i32); 4] = [(0, -1), (-1, 0), (1, 0), (0, 1)];

/// The pruning automaton: `next(state, move)` is the state after the move, or [`DEAD`].
#[derive(Clone)]
pub struct MoveFsm {
    next: Vec<[u32; 4]>,
    max_len: usize,
    forbidden: usize,
}

impl fmt::Debug for MoveFsm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MoveFsm")
            .field("max_len", &self.max_len)
            .field("forbidden", &self.forbidden)
            .field("states", &self.next.len())
            .finish()
    }
}

impl MoveFsm {
    /// The state of the empty path (the root of a search).
    pub const ROOT: u32 = 0;

    /// The automaton of the forbidden strings of at most `max_len` moves (`max_len` is clamped to
    /// 1..=[`MAX_FSM_DEPTH`]; 2 gives plain parent pruning).
    pub fn new(max_len: usize) -> MoveFsm {
        let max_len = max_len.clamp(1, MAX_FSM_DEPTH);
        let patterns = forbidden_strings(max_len);
        let forbidden = patterns.len();
        MoveFsm { next: automaton(&patterns), max_len, forbidden }
    }

    /// The state after move `m` (an index into Korf's order: up, left, right, down) from state
    /// `q`, or [`DEAD`]. `q` must be a state of this automaton (any returned state but [`DEAD`]).
    #[inline(always)]
    pub fn next(&self, q: u32, m: usize) -> u32 {
        self.next[q as usize][m & 3]
    }

    /// Whether no part of the move string `moves` (indices in Korf's order) is forbidden.
    pub fn accepts(&self, moves: &[usize]) -> bool {
        let mut q = Self::ROOT;
        for &m in moves {
            q = self.next(q, m);
            if q == DEAD {
                return false;
            }
        }
        true
    }

    /// Longest forbidden strings looked for.
    pub fn max_len(&self) -> usize {
        self.max_len
    }

    /// How many forbidden strings the automaton rejects.
    pub fn forbidden_strings(&self) -> usize {
        self.forbidden
    }

    /// Its number of states.
    pub fn states(&self) -> usize {
        self.next.len()
    }
}

/// Bounding box of the blank's path: min x, max x, min y, max y.
type BoundingBox = [i32; 4];

fn inside(inner: &BoundingBox, outer: &BoundingBox) -> bool {
    inner[0] >= outer[0] && inner[1] <= outer[1] && inner[2] >= outer[2] && inner[3] <= outer[3]
}

/// Replays move strings on an unbounded grid (large enough for `max_len` moves from its centre).
struct Simulator {
    side: i32,
    cells: Vec<u32>,
    touched: Vec<usize>,
}

impl Simulator {
    fn new(max_len: usize) -> Simulator {
        let side = 2 * max_len as i32 + 1;
        Simulator { side, cells: (0..(side * side) as u32).collect(), touched: Vec::new() }
    }

    /// The effect of `moves` from the centre (the cells whose content changed, with that content,
    /// in cell order) and the bounding box of the blank's path.
    fn effect(&mut self, moves: &[u8]) -> (Vec<u32>, BoundingBox) {
        let c = self.side / 2;
        let (mut x, mut y) = (c, c);
        let mut bbox = [c, c, c, c];
        self.touched.clear();
        self.touched.push((y * self.side + x) as usize);
        for &m in moves {
            let (dx, dy) = STEP[m as usize];
            let (nx, ny) = (x + dx, y + dy);
            let (a, b) = ((y * self.side + x) as usize, (ny * self.side + nx) as usize);
            self.cells.swap(a, b);
            self.touched.push(b);
            (x, y) = (nx, ny);
            bbox = [bbox[0].min(x), bbox[1].max(x), bbox[2].min(y), bbox[3].max(y)];
        }
        self.touched.sort_unstable();
        self.touched.dedup();
        let mut key = Vec::new();
        for &t in &self.touched {
            if self.cells[t] != t as u32 {
                key.extend([t as u32, self.cells[t]]);
            }
            self.cells[t] = t as u32;
        }
        (key, bbox)
    }
}

/// The forbidden strings of at most `max_len` moves, found in breadth-first (length, then Korf
/// order) order; none contains another (strings with a forbidden prefix or suffix are skipped).
fn forbidden_strings(max_len: usize) -> Vec<Vec<u8>> {
    let mut sim = Simulator::new(max_len);
    let mut seen: HashMap<Vec<u32>, Vec<BoundingBox>> = HashMap::new();
    let (key, bbox) = sim.effect(&[]);
    seen.insert(key, vec![bbox]);
    let mut level: Vec<Vec<u8>> = vec![Vec::new()];
    let mut out = Vec::new();
    let mut found: HashSet<Vec<u8>> = HashSet::new();
    for _ in 0..max_len {
        let mut longer = Vec::new();
        for s in &level {
            for m in 0..4u8 {
                let mut t = s.clone();
                t.push(m);
                // Ending in a forbidden string: not a new one, and never searched anyway.
                if (1..t.len()).any(|k| found.contains(&t[k..])) {
                    continue;
                }
                let (key, bbox) = sim.effect(&t);
                let boxes = seen.entry(key).or_default();
                if boxes.iter().any(|b| inside(b, &bbox)) {
                    found.insert(t.clone());
                    out.push(t);
                } else {
                    boxes.push(bbox);
                    longer.push(t);
                }
            }
        }
        level = longer;
    }
    out
}

/// The Aho–Corasick automaton of `patterns` as a full transition table, states that end a pattern
/// replaced by [`DEAD`] and the rest renumbered (the root stays 0).
fn automaton(patterns: &[Vec<u8>]) -> Vec<[u32; 4]> {
    const NONE: u32 = u32::MAX;
    let mut goto: Vec<[u32; 4]> = vec![[NONE; 4]];
    let mut end = vec![false];
    for p in patterns {
        let mut q = 0usize;
        for &m in p {
            if goto[q][m as usize] == NONE {
                goto[q][m as usize] = goto.len() as u32;
                goto.push([NONE; 4]);
                end.push(false);
            }
            q = goto[q][m as usize] as usize;
        }
        end[q] = true;
    }
    // Breadth-first: each state's failure link and missing moves from shallower states.
    let mut fail = vec![0u32; goto.len()];
    let mut queue = std::collections::VecDeque::new();
    for v in goto[0].iter_mut() {
        match *v {
            NONE => *v = 0,
            child => queue.push_back(child as usize),
        }
    }
    while let Some(u) = queue.pop_front() {
        let fail_row = goto[fail[u] as usize];
        for (m, via_fail) in fail_row.into_iter().enumerate() {
            match goto[u][m] {
                NONE => goto[u][m] = via_fail,
                v => {
                    fail[v as usize] = via_fail;
                    end[v as usize] |= end[via_fail as usize];
                    queue.push_back(v as usize);
                }
            }
        }
    }
    let mut renumber = vec![DEAD; goto.len()];
    let mut count = 0u32;
    for (q, &e) in end.iter().enumerate() {
        if !e {
            renumber[q] = count;
            count += 1;
        }
    }
    goto.iter().zip(&end).filter(|(_, &e)| !e).map(|(row, _)| row.map(|v| renumber[v as usize])).collect()
}

#[path = "fsm_file.rs"]
mod file;
pub use file::fsm_path;

#[cfg(test)]
#[path = "fsm_tests.rs"]
mod tests;
