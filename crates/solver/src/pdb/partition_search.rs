//! Searching for a disjoint partition: which tiles to group so that the additive databases, with
//! the mirror lookup, give the largest mean heuristic over random boards.
//!
//! A 6-tile database of the 24-puzzle takes minutes to build, so candidates are first compared
//! through an estimate. A group's estimated entry on a board is its best split into triples (and
//! a pair or a single tile left over), each looked up in its own small exact database (13,800
//! placements on 5×5): databases of disjoint tiles add up admissibly, so the estimate never
//! exceeds the group's real entry. It sees the conflicts among two and three tiles, not larger
//! ones. A partition's score is the mean over sampled random boards of what the solver computes,
//! `md + 2 · max(Σ regular, Σ mirrored)`, with the estimates in place of the entries.
//!
//! Hill climbing swaps two tiles between groups (the best swap each step) until no swap raises
//! the score, from the named partition and from seeded random starts; the distinct local optima
//! are the candidates. [`Boards::mean_h`] then scores finalists with their real databases on the
//! same boards.

use std::collections::HashMap;

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use super::build::build;
use super::pattern::{Partition, Pattern};
use super::table::PdbTable;
use crate::error::PatternError;

/// Random boards on which partitions are compared: the cell of every label (goal cell; label 0
/// is the blank), on the board and on its reflection about the main diagonal.
#[derive(Debug, Clone)]
pub struct Boards {
    /// `regular[s][label]`: the cell of `label` on board `s`.
    regular: Vec<Vec<u8>>,
    /// The same for the reflected board: label `t`'s cell there is `T(cell of T(t))`.
    mirrored: Vec<Vec<u8>>,
    /// Sum of the tiles' Manhattan distances over all boards.
    md_total: u64,
}

impl Boards {
    /// `count` boards drawn uniformly (any permutation; parity does not matter to a database) with
    /// the blank's goal on cell 0, reproducibly from `seed`.
    pub fn sample(width: usize, count: usize, seed: u64) -> Boards {
        let n = width * width;
        let t = |c: u8| ((c as usize % width) * width + c as usize / width) as u8;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut cells: Vec<u8> = (0..n as u8).collect();
        let (mut regular, mut mirrored, mut md_total) = (Vec::new(), Vec::new(), 0u64);
        for _ in 0..count {
            cells.shuffle(&mut rng);
            let m: Vec<u8> = (0..n as u8).map(|label| t(cells[t(label) as usize])).collect();
            let md = |pos: &[u8]| -> u64 {
                (1..n)
                    .map(|l| {
                        let (p, g) = (pos[l] as usize, l);
                        ((p / width).abs_diff(g / width) + (p % width).abs_diff(g % width)) as u64
                    })
                    .sum()
            };
            md_total += md(&cells);
            regular.push(cells.clone());
            mirrored.push(m);
        }
        Boards { regular, mirrored, md_total }
    }

    /// Number of boards.
    pub fn len(&self) -> usize {
        self.regular.len()
    }

    /// True when there are no boards.
    pub fn is_empty(&self) -> bool {
        self.regular.is_empty()
    }

    /// Mean Manhattan distance of the boards.
    pub fn mean_md(&self) -> f64 {
        self.md_total as f64 / self.len().max(1) as f64
    }

    /// Mean of the solver's heuristic over the boards with these databases (one slice per
    /// partition, one database per group): `md + 2 · max(Σ entries, Σ entries of the reflection)`
    /// maxed over the partitions, or without `reflect` the regular sums only.
    pub fn mean_h(&self, partitions: &[&[PdbTable<'_>]], reflect: bool) -> f64 {
        let sum = |tables: &[PdbTable<'_>], pos: &[u8]| -> u64 {
            tables
                .iter()
                .map(|t| {
                    let cells = t.pattern().cells();
                    let rank = t.pattern().rank(|i| pos[cells[i] as usize]);
                    u64::from(t.entry(rank as usize).expect("a placement's rank is an entry"))
                })
                .sum()
        };
        let total: u64 = (0..self.len())
            .map(|s| {
                let one = |t: &&[PdbTable<'_>]| {
                    let r = sum(t, &self.regular[s]);
                    if reflect {
                        r.max(sum(t, &self.mirrored[s]))
                    } else {
                        r
                    }
                };
                partitions.iter().map(one).max().unwrap_or(0)
            })
            .sum();
        self.mean_md() + 2.0 * total as f64 / self.len().max(1) as f64
    }
}

/// How to search.
#[derive(Debug, Clone)]
pub struct SearchConfig {
    /// Board side length (the blank's goal is cell 0).
    pub width: usize,
    /// The partition whose group sizes are kept; it is also the first start.
    pub start: String,
    /// Sampled boards.
    pub samples: usize,
    /// Random starts besides the named partition.
    pub restarts: usize,
    /// Seed of the boards and of the random starts.
    pub seed: u64,
    /// Score with the mirror lookup, as the solver's default heuristic does.
    pub reflect: bool,
    /// A partition the heuristic maxes over besides the one searched for (`pdb-<with>,<found>`):
    /// each board then scores the larger of the two.
    pub with: Option<String>,
}

/// A partition found by the search, with its estimated mean heuristic.
#[derive(Debug, Clone, PartialEq)]
pub struct Candidate {
    /// Groups of goal cells, each sorted, groups in the order of their first cell.
    pub groups: Vec<Vec<u8>>,
    /// Estimated mean heuristic over the sampled boards.
    pub estimate: f64,
}

impl Candidate {
    /// The partition's name as `pdb-<name>` accepts it: groups of goal cells joined by `.`,
    /// groups joined by `/`.
    pub fn name(&self) -> String {
        let group = |g: &Vec<u8>| g.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(".");
        self.groups.iter().map(group).collect::<Vec<_>>().join("/")
    }
}

/// What [`search`] found: the named start's estimate and the distinct local optima, best first.
#[derive(Debug, Clone)]
pub struct SearchResult {
    /// The boards everything was scored on.
    pub boards: Boards,
    /// The named partition, scored.
    pub start: Candidate,
    /// Local optima of the hill climbing, best first, without repeats.
    pub found: Vec<Candidate>,
}

/// Exact small databases (pairs and triples) for the estimates, keyed by a bit mask of cells.
struct SmallTables {
    tables: HashMap<u32, (Pattern, Vec<u8>)>,
}

/// Per-board estimates of one group: (regular, mirrored).
type GroupValues = (Vec<u8>, Vec<u8>);

impl SmallTables {
    fn build_all(width: usize) -> Result<SmallTables, PatternError> {
        let n = width * width;
        let mut sets = Vec::new();
        for a in 1..n as u8 {
            for b in a + 1..n as u8 {
                sets.push(vec![a, b]);
                sets.extend((b + 1..n as u8).map(|c| vec![a, b, c]));
            }
        }
        let built: Vec<(u32, (Pattern, Vec<u8>))> = sets
            .into_par_iter()
            .map(|cells| {
                let mask = cells.iter().fold(0u32, |m, &c| m | 1 << c);
                let pattern = Pattern::new(width, 0, cells)?;
                let db = build(&pattern, &|_| {});
                let table = db.table();
                let entries = (0..pattern.entries() as usize).map(|i| table.entry(i).unwrap_or(0) as u8).collect();
                Ok((mask, (pattern, entries)))
            })
            .collect::<Result<_, PatternError>>()?;
        Ok(SmallTables { tables: built.into_iter().collect() })
    }

    /// Estimates of `group` on every board.
    fn values(&self, group: &[u8], boards: &Boards) -> GroupValues {
        let splits: Vec<Vec<&(Pattern, Vec<u8>)>> = splits(group)
            .into_iter()
            .map(|blocks| {
                blocks
                    .iter()
                    .filter(|b| b.len() > 1)
                    .map(|b| &self.tables[&b.iter().fold(0u32, |m, &c| m | 1 << c)])
                    .collect()
            })
            .collect();
        let value = |pos: &[u8]| -> u8 {
            let one = |(p, e): &&(Pattern, Vec<u8>)| {
                let cells = p.cells();
                u32::from(e[p.rank(|i| pos[cells[i] as usize]) as usize])
            };
            splits.iter().map(|s| s.iter().map(one).sum::<u32>()).max().unwrap_or(0) as u8
        };
        (boards.regular.iter().map(|p| value(p)).collect(), boards.mirrored.iter().map(|p| value(p)).collect())
    }
}

/// Every split of `group` into triples plus one block of the `len % 3` tiles left over.
fn splits(group: &[u8]) -> Vec<Vec<Vec<u8>>> {
    let r = group.len() % 3;
    if r == 0 {
        return triples(group);
    }
    let mut out = Vec::new();
    for rest_mask in 0u32..1 << group.len() {
        if rest_mask.count_ones() as usize != r {
            continue;
        }
        let pick = |inside: bool| -> Vec<u8> {
            (0..group.len()).filter(|&i| (rest_mask >> i & 1 == 1) == inside).map(|i| group[i]).collect()
        };
        for mut s in triples(&pick(false)) {
            s.push(pick(true));
            out.push(s);
        }
    }
    out
}

/// Every split of `group` (a multiple of three tiles) into triples.
fn triples(group: &[u8]) -> Vec<Vec<Vec<u8>>> {
    if group.is_empty() {
        return vec![Vec::new()];
    }
    if group.len() <= 3 {
        return vec![vec![group.to_vec()]];
    }
    let (first, rest) = (group[0], &group[1..]);
    let mut out = Vec::new();
    for i in 0..rest.len() {
        for j in i + 1..rest.len() {
            let left: Vec<u8> = (0..rest.len()).filter(|&k| k != i && k != j).map(|k| rest[k]).collect();
            for mut s in triples(&left) {
                s.insert(0, vec![first, rest[i], rest[j]]);
                out.push(s);
            }
        }
    }
    out
}

/// The summed estimate of a partition over all boards (an exact integer), each board's value
/// at least `floor[s]` (the fixed partition's, when the search looks for a second one).
fn total(values: &[&GroupValues], reflect: bool, floor: &[u32]) -> u64 {
    (0..floor.len()).map(|s| u64::from(sum_at(values, s, reflect).max(floor[s]))).sum()
}

/// One board's estimate: the larger of the regular and (with `reflect`) the mirrored sum.
fn sum_at(values: &[&GroupValues], s: usize, reflect: bool) -> u32 {
    let r: u32 = values.iter().map(|v| u32::from(v.0[s])).sum();
    let m: u32 = if reflect { values.iter().map(|v| u32::from(v.1[s])).sum() } else { 0 };
    r.max(m)
}

fn normalized(mut groups: Vec<Vec<u8>>) -> Vec<Vec<u8>> {
    groups.iter_mut().for_each(|g| g.sort_unstable());
    groups.sort();
    groups
}

/// Hill climbing from `groups`: the best swap of two tiles between groups, until none helps.
fn climb(
    small: &SmallTables,
    boards: &Boards,
    groups: Vec<Vec<u8>>,
    (reflect, floor): (bool, &[u32]),
) -> (Vec<Vec<u8>>, u64) {
    let mut groups = groups;
    let mut values: Vec<GroupValues> = groups.iter().map(|g| small.values(g, boards)).collect();
    let mut score = total(&values.iter().collect::<Vec<_>>(), reflect, floor);
    loop {
        let mut swaps = Vec::new();
        for gi in 0..groups.len() {
            for gj in gi + 1..groups.len() {
                for a in 0..groups[gi].len() {
                    swaps.extend((0..groups[gj].len()).map(|b| (gi, a, gj, b)));
                }
            }
        }
        let best = swaps
            .par_iter()
            .map(|&(gi, a, gj, b)| {
                let (mut x, mut y) = (groups[gi].clone(), groups[gj].clone());
                std::mem::swap(&mut x[a], &mut y[b]);
                let (vx, vy) = (small.values(&x, boards), small.values(&y, boards));
                let all: Vec<&GroupValues> = (0..groups.len())
                    .map(|k| {
                        if k == gi {
                            &vx
                        } else if k == gj {
                            &vy
                        } else {
                            &values[k]
                        }
                    })
                    .collect();
                (total(&all, reflect, floor), (gi, x, vx), (gj, y, vy))
            })
            .max_by_key(|(t, ..)| *t);
        match best {
            Some((t, (gi, x, vx), (gj, y, vy))) if t > score => {
                score = t;
                (groups[gi], values[gi], groups[gj], values[gj]) = (x, vx, y, vy);
            }
            _ => return (normalized(groups), score),
        }
    }
}

/// Searches partitions with the group sizes of `config.start`, calling `on_start` after each
/// start with its local optimum.
pub fn search(config: &SearchConfig, on_start: &dyn Fn(usize, &Candidate)) -> Result<SearchResult, PatternError> {
    let named = Partition::named(config.width, 0, &config.start)?;
    let start_groups: Vec<Vec<u8>> = named.patterns.iter().map(|p| p.cells().to_vec()).collect();
    let boards = Boards::sample(config.width, config.samples, config.seed);
    let small = SmallTables::build_all(config.width)?;
    let score = |t: u64| boards.mean_md() + 2.0 * t as f64 / boards.len().max(1) as f64;
    let floor: Vec<u32> = match &config.with {
        None => vec![0u32; boards.len()],
        Some(name) => {
            let fixed = Partition::named(config.width, 0, name)?;
            let values: Vec<GroupValues> = fixed.patterns.iter().map(|p| small.values(p.cells(), &boards)).collect();
            let values: Vec<&GroupValues> = values.iter().collect();
            (0..boards.len()).map(|s| sum_at(&values, s, config.reflect)).collect()
        }
    };
    let start_values: Vec<GroupValues> = start_groups.iter().map(|g| small.values(g, &boards)).collect();
    let start = Candidate {
        groups: normalized(start_groups.clone()),
        estimate: score(total(&start_values.iter().collect::<Vec<_>>(), config.reflect, &floor)),
    };
    let mut rng = ChaCha8Rng::seed_from_u64(config.seed ^ 0x5eed);
    let sizes: Vec<usize> = start_groups.iter().map(Vec::len).collect();
    let mut found: Vec<Candidate> = Vec::new();
    for k in 0..=config.restarts {
        let groups = if k == 0 {
            start_groups.clone()
        } else {
            let mut tiles: Vec<u8> = (1..(config.width * config.width) as u8).collect();
            tiles.shuffle(&mut rng);
            let mut at = 0;
            sizes.iter().map(|&s| (tiles[at..at + s].to_vec(), at += s).0).collect()
        };
        let (groups, t) = climb(&small, &boards, groups, (config.reflect, &floor));
        let candidate = Candidate { groups, estimate: score(t) };
        on_start(k, &candidate);
        if !found.iter().any(|c| c.groups == candidate.groups) {
            found.push(candidate);
        }
    }
    found.sort_by(|a, b| b.estimate.total_cmp(&a.estimate));
    Ok(SearchResult { boards, start, found })
}

#[cfg(test)]
#[path = "partition_search_tests.rs"]
mod tests;
