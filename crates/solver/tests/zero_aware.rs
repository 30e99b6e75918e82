//! Zero-aware tables (`ZeroAwareTable`: an entry per blank region) against a brute-force search of
//! (placement, blank cell) pairs, the heuristic along random walks against itself evaluated
//! afresh, and whole searches against the published optimal lengths.

mod common;

use std::collections::{HashMap, VecDeque};

use common::{cached, cached_zero, walk};

use proptest::prelude::*;
use searchlab_npuzzle::{Board, Direction, Geometry};
use searchlab_solver::benchmarks::Suite;
use searchlab_solver::pdb::{
    build, Built, DirectPdbHeuristic, DirectTable, Pattern, ZeroAwarePdbHeuristic, ZeroAwareTable,
};
use searchlab_solver::{Heuristic, LabelBoard};

/// Pattern-tile moves from every (cells of the pattern's tiles, blank cell) to the goal: a 0-1
/// breadth-first search where the blank slides over non-pattern cells for free.
fn brute(p: &Pattern) -> HashMap<(Vec<u8>, u8), u32> {
    let g = Geometry::new(p.width()).unwrap();
    let start = (p.cells().to_vec(), p.blank_goal());
    let mut dist = HashMap::from([(start.clone(), 0u32)]);
    let mut queue = VecDeque::from([start]);
    while let Some((cells, blank)) = queue.pop_front() {
        let d = dist[&(cells.clone(), blank)];
        for dir in Direction::ALL {
            let Some(t) = g.neighbour(blank as usize, dir) else { continue };
            let mut next = cells.clone();
            let cost = match cells.iter().position(|&c| c as usize == t) {
                Some(i) => {
                    next[i] = blank;
                    1
                }
                None => 0,
            };
            let key = (next, t as u8);
            if dist.get(&key).is_none_or(|&old| d + cost < old) {
                dist.insert(key.clone(), d + cost);
                if cost == 0 {
                    queue.push_front(key);
                } else {
                    queue.push_back(key);
                }
            }
        }
    }
    dist
}

/// The connected groups of cells not in `tiles`, by lowest cell.
fn regions(g: &Geometry, tiles: &[u8]) -> Vec<Vec<u8>> {
    let n = g.width() * g.width();
    let mut seen: Vec<bool> = (0..n).map(|c| tiles.contains(&(c as u8))).collect();
    let mut out = Vec::new();
    for c in 0..n {
        if seen[c] {
            continue;
        }
        let (mut region, mut stack) = (vec![], vec![c]);
        seen[c] = true;
        while let Some(x) = stack.pop() {
            region.push(x as u8);
            for t in Direction::ALL.into_iter().filter_map(|d| g.neighbour(x, d)) {
                if !seen[t] {
                    seen[t] = true;
                    stack.push(t);
                }
            }
        }
        out.push(region);
    }
    out
}

/// Each entry is the smallest over the placement's regions, plus one where the blank is in the
/// largest region (the last of equal size) and that region's exact value is larger: never above
/// the exact value of the blank's region, which a brute-force search gives.
#[test]
fn every_entry_bounds_the_distance_for_the_blank_region() {
    let patterns = [
        Pattern::new(3, 0, vec![1, 3, 4]).unwrap(),
        Pattern::new(3, 0, vec![1, 2, 3, 6]).unwrap(),
        Pattern::new(4, 0, vec![1, 4, 5]).unwrap(),
        Pattern::new(4, 0, vec![2, 3, 6, 7]).unwrap(),
        Pattern::new(5, 0, vec![1, 5, 6]).unwrap(),
    ];
    for p in &patterns {
        let g = Geometry::new(p.width()).unwrap();
        let zero = ZeroAwareTable::build(p, &|_| {}).unwrap();
        let plain = build(p, &|_| {});
        let exact = brute(p);
        let value = |cells: &[u8], blank: u8| {
            let md: u32 = cells.iter().zip(p.cells()).map(|(&c, &h)| g.distance(c as usize, h as usize)).sum();
            exact.get(&(cells.to_vec(), blank)).map(|d| (d - md) / 2)
        };
        let mut raised = 0;
        for (cells, blank) in exact.keys() {
            let min = plain.table().entry(p.rank(|i| cells[i]) as usize).unwrap();
            let regions = regions(&g, cells);
            let largest = regions.iter().max_by_key(|r| r.len()).unwrap();
            let main_value = largest.iter().find_map(|&c| value(cells, c)).unwrap_or(min);
            let expected = min + u32::from(largest.contains(blank) && main_value > min);
            let got = zero.entry(cells, *blank).unwrap();
            assert_eq!(got, expected, "{p}: tiles on {cells:?}, blank on {blank}");
            assert!(got <= value(cells, *blank).unwrap(), "{p}: above the exact value");
            raised += usize::from(got > min);
        }
        if p.k() == 3 && p.cells().contains(&1) {
            assert!(raised > 0 && zero.escaped() > 0, "{p}: tiles 1 and 3/4/5 wall the corner in");
        }
        assert_eq!(zero.entry(&p.cells()[..1], 0), None, "not a placement");
        assert_eq!(zero.entry(p.cells(), p.cells()[0]), None, "the blank on a tile");
    }
}

/// Two small patterns of the 24-puzzle whose tiles wall in corners, built once both ways.
fn tables() -> &'static (Vec<Built>, Vec<ZeroAwareTable>) {
    static BUILT: std::sync::OnceLock<(Vec<Built>, Vec<ZeroAwareTable>)> = std::sync::OnceLock::new();
    BUILT.get_or_init(|| {
        let patterns = [Pattern::new(5, 0, vec![1, 5, 6, 7]).unwrap(), Pattern::new(5, 0, vec![18, 19, 23]).unwrap()];
        let plain = patterns.iter().map(|p| build(p, &|_| {})).collect();
        let zero = patterns.iter().map(|p| ZeroAwareTable::build(p, &|_| {}).unwrap()).collect();
        (plain, zero)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Along a walk the carried state stays the value evaluated afresh (a pattern's region changes
    /// only when one of its tiles moves), never below the plain tables' value, and a child refused
    /// at a random limit is refused exactly when its value exceeds the limit.
    #[test]
    fn zero_aware_heuristic_is_incremental_and_dominates(
        moves in prop::collection::vec(0u8..4, 0..300),
        limits in prop::collection::vec(0u32..80, 300),
        reflect in any::<bool>(),
    ) {
        let (plain, zero) = tables();
        let direct: Vec<DirectTable> = plain.iter().map(|b| DirectTable::from_table(&b.table()).unwrap()).collect();
        let direct_refs: Vec<&DirectTable> = direct.iter().collect();
        let zero_refs: Vec<&ZeroAwareTable> = zero.iter().collect();
        let h0 = DirectPdbHeuristic::<25>::new(&direct_refs, reflect, "d").unwrap();
        let hz = ZeroAwarePdbHeuristic::<25>::new(&zero_refs, reflect, "z").unwrap();
        let boards = walk(5, &moves);
        let mut state = hz.start(&LabelBoard::<25>::new(&boards[0], 0).unwrap());
        for (i, pair) in boards.windows(2).enumerate() {
            let child = LabelBoard::<25>::new(&pair[1], 0).unwrap();
            let to = pair[0].iter().position(|&t| t == 0).unwrap() as u8;
            let from = pair[1].iter().position(|&t| t == 0).unwrap() as u8;
            let label = pair[0][from as usize];
            let fresh = hz.value(&hz.start(&child));
            let limit = limits[i % limits.len()];
            match hz.moved(&state, &child, label, from, to, limit) {
                Ok(s) => prop_assert!(hz.value(&s) <= limit),
                Err(bound) => prop_assert!(bound > limit && bound <= fresh),
            }
            state = hz.moved(&state, &child, label, from, to, u32::MAX).unwrap();
            prop_assert_eq!(hz.value(&state), fresh);
            let plain_value = h0.value(&h0.start(&child));
            prop_assert!(fresh >= plain_value);
            if !reflect {
                // The carried value against the tables' own entries for the tiles' cells and the
                // blank's cell (the region found from the cells, not from the lookup's index).
                let cells = |p: &Pattern| -> Vec<u8> {
                    p.cells().iter().map(|&c| pair[1].iter().position(|&t| t == c).unwrap() as u8).collect()
                };
                let raised: u32 = zero.iter().zip(&direct).map(|(z, d)| {
                    let at = cells(z.pattern());
                    z.entry(&at, from).unwrap() - d.entry(&at).unwrap()
                }).sum();
                prop_assert_eq!(hz.value(&state), plain_value + 2 * raised);
            }
        }
    }
}

/// The first 20 of Korf's 15-puzzles (published optimal lengths) solved with zero-aware 5-5-5
/// tables: the same lengths, and fewer nodes in all than with the plain tables.
#[test]
fn searches_find_the_optimal_lengths_with_fewer_nodes() {
    use searchlab_solver::pdb::Partition;
    use searchlab_solver::{ida_star, IdaConfig, IdaOutcome};
    let goal = Board::goal(4).unwrap();
    let patterns = Partition::named(4, 0, "5-5-5").unwrap().patterns;
    let plain = cached(&patterns);
    let direct: Vec<DirectTable> = plain.iter().map(|b| DirectTable::from_table(&b.table()).unwrap()).collect();
    let zero = cached_zero(&patterns);
    let h0 = DirectPdbHeuristic::<16>::new(&direct.iter().collect::<Vec<_>>(), true, "d").unwrap();
    let hz = ZeroAwarePdbHeuristic::<16>::new(&zero.iter().collect::<Vec<_>>(), true, "z").unwrap();
    let optima: HashMap<usize, usize> = Suite::Korf100.optima().into_iter().collect();
    let (mut fewer, mut total0, mut totalz) = (0, 0u64, 0u64);
    for inst in Suite::Korf100.instances().iter().filter(|i| i.id <= 20) {
        let start = LabelBoard::<16>::from_boards(&inst.start, &goal).unwrap();
        let a = ida_star(&h0, &start, &IdaConfig::default());
        let b = ida_star(&hz, &start, &IdaConfig::default());
        let (IdaOutcome::Solved(ma), IdaOutcome::Solved(mb)) = (&a.outcome, &b.outcome) else { panic!("#{}", inst.id) };
        assert_eq!(mb.len(), optima[&inst.id], "#{}", inst.id);
        assert_eq!(ma.len(), mb.len(), "#{}", inst.id);
        total0 += a.counts.generated;
        totalz += b.counts.generated;
        fewer += usize::from(b.counts.generated < a.counts.generated);
    }
    assert!(totalz < total0 && fewer > 0, "{totalz} vs {total0}");
}
