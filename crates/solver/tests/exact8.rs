//! Heuristics and IDA* against exact distances: a complete breadth-first search of the 8-puzzle
//! (all 181,440 boards reachable from the goal) gives every board's true distance.

use std::collections::HashMap;

use proptest::prelude::*;
use searchlab_npuzzle::{Board, Direction};
use searchlab_solver::pdb::{
    build, dual_patterns, DirectPdbHeuristic, DirectTable, DualPdbHeuristic, Partition, PdbHeuristic, PdbTable,
};
use searchlab_solver::{ida_star, Bpmx, Heuristic, IdaConfig, IdaOutcome, LabelBoard, LinearConflict, Manhattan};

/// Exact distance to the goal 0,1,…,8 of every reachable board.
fn exact() -> &'static HashMap<[u8; 9], u8> {
    static TABLE: std::sync::OnceLock<HashMap<[u8; 9], u8>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let goal: [u8; 9] = [0, 1, 2, 3, 4, 5, 6, 7, 8];
        let mut dist = HashMap::with_capacity(181_440);
        dist.insert(goal, 0u8);
        let mut frontier = vec![goal];
        let mut d = 0;
        while !frontier.is_empty() {
            d += 1;
            let mut next = Vec::new();
            for b in frontier {
                for n in neighbours(&b) {
                    if let std::collections::hash_map::Entry::Vacant(e) = dist.entry(n) {
                        e.insert(d);
                        next.push(n);
                    }
                }
            }
            frontier = next;
        }
        assert_eq!(dist.len(), 181_440, "half of 9! boards are reachable");
        dist
    })
}

fn neighbours(b: &[u8; 9]) -> Vec<[u8; 9]> {
    let blank = b.iter().position(|&t| t == 0).unwrap();
    Direction::ALL
        .iter()
        .filter_map(|m| m.target(blank, 3))
        .map(|t| {
            let mut n = *b;
            n.swap(blank, t);
            n
        })
        .collect()
}

/// Every board at a fixed stride through the table (deterministic sample of ~2,000 boards).
fn sample() -> Vec<[u8; 9]> {
    let mut all: Vec<[u8; 9]> = exact().keys().copied().collect();
    all.sort();
    all.into_iter().step_by(90).collect()
}

fn value<const N: usize, H: Heuristic<N>>(h: &H, tiles: &[u8]) -> u32 {
    h.value(&h.start(&LabelBoard::<N>::new(tiles, 0).unwrap()))
}

/// Admissible (h ≤ exact distance), consistent (h(s) ≤ 1 + h(s') for every move) when asked, and 0
/// on the goal; also checks that the incremental update equals the from-scratch value.
fn check<H: Heuristic<9>>(h: &H, consistent: bool) -> usize {
    let mut inconsistent = 0;
    let table = exact();
    assert_eq!(value(h, &[0, 1, 2, 3, 4, 5, 6, 7, 8]), 0);
    for b in sample() {
        let hb = value(h, &b);
        assert!(hb <= table[&b] as u32, "{} not admissible on {b:?}: {hb} > {}", h.name(), table[&b]);
        let board = LabelBoard::<9>::new(&b, 0).unwrap();
        let st = h.start(&board);
        let blank = b.iter().position(|&t| t == 0).unwrap();
        for n in neighbours(&b) {
            let hn = value(h, &n);
            if hb > hn + 1 {
                assert!(!consistent, "{} not consistent: {b:?} {hb} -> {n:?} {hn}", h.name());
                inconsistent += 1;
            }
            // The incremental update agrees with a fresh evaluation.
            let moved_to = blank;
            let moved_from = n.iter().position(|&t| t == 0).unwrap();
            let label = b[moved_from];
            let child = LabelBoard::<9>::new(&n, 0).unwrap();
            let inc = h.moved(&st, &child, label, moved_from as u8, moved_to as u8, u32::MAX).unwrap();
            assert_eq!(h.value(&inc), hn, "{} incremental update differs", h.name());
        }
    }
    inconsistent
}

#[test]
fn manhattan_and_linear_conflicts_are_admissible_and_consistent() {
    check(&Manhattan::<9>::new(0), true);
    check(&LinearConflict::<9>::new(0), true);
    check(&searchlab_solver::Max(Manhattan::<9>::new(0), LinearConflict::<9>::new(0)), true);
    check(&searchlab_solver::Add(Manhattan::<9>::new(0), searchlab_solver::Zero), true);
}

/// Pattern databases store, per placement, the minimum over the blank's positions; where the free
/// cells split into several regions a move can lower that minimum by more than one, so they are
/// admissible but not always consistent (IDA* does not need consistency). This 8-puzzle shows it:
/// sliding tile 1 left drops the 4-4 value from 16 to 13.
#[test]
fn pattern_databases_are_admissible() {
    let partition = Partition::named(3, 0, "4-4").unwrap();
    let built: Vec<_> = partition.patterns.iter().map(|p| build(p, &|_| {})).collect();
    let tables: Vec<PdbTable<'_>> = built.iter().map(|b| b.table()).collect();
    let plain = PdbHeuristic::<9>::new(&tables, false, "pdb-4-4").unwrap();
    let mirrored = PdbHeuristic::<9>::new(&tables, true, "pdb-4-4+reflect").unwrap();
    let a = check(&plain, false);
    let b = check(&mirrored, false);
    assert!(a + b < sample().len(), "inconsistency is the exception");
    let before = value(&plain, &[0, 1, 2, 6, 3, 4, 5, 8, 7]);
    let after = value(&plain, &[1, 0, 2, 6, 3, 4, 5, 8, 7]);
    assert!(before <= exact()[&[0, 1, 2, 6, 3, 4, 5, 8, 7]] as u32);
    assert_eq!((before, after), (16, 13));
    // The databases dominate Manhattan, and reflection dominates the plain lookup.
    let md = Manhattan::<9>::new(0);
    let (mut sum_plain, mut sum_mirror) = (0, 0);
    for b in sample() {
        let (m, p, r) = (value(&md, &b), value(&plain, &b), value(&mirrored, &b));
        assert!(m <= p && p <= r);
        sum_plain += p;
        sum_mirror += r;
    }
    assert!(sum_mirror > sum_plain, "reflection adds information");
}

/// Direct tables (indexed by the tiles' cells) hold the compact tables' values: the same
/// heuristic, admissible and updated incrementally as evaluated afresh, on every sampled board.
#[test]
fn direct_tables_give_the_compact_values() {
    let partition = Partition::named(3, 0, "4-4").unwrap();
    let built: Vec<_> = partition.patterns.iter().map(|p| build(p, &|_| {})).collect();
    let tables: Vec<PdbTable<'_>> = built.iter().map(|b| b.table()).collect();
    let direct: Vec<DirectTable> = tables.iter().map(|t| DirectTable::from_table(t).unwrap()).collect();
    let refs: Vec<&DirectTable> = direct.iter().collect();
    for reflect in [false, true] {
        let compact = PdbHeuristic::<9>::new(&tables, reflect, "compact").unwrap();
        let fast = DirectPdbHeuristic::<9>::new(&refs, reflect, "direct").unwrap();
        check(&fast, false);
        for b in sample() {
            assert_eq!(value(&fast, &b), value(&compact, &b), "{b:?}, reflect {reflect}");
        }
    }
}

/// Dual lookups (with and without the mirror, with and without the extra databases) are
/// admissible on every one of the 181,440 boards, 0 on the goal, updated incrementally as
/// evaluated afresh, dominate the regular lookups and add to them; a dual lookup into the
/// pattern's own table whatever the blank's region overestimates.
#[test]
fn dual_lookups_are_admissible_on_every_8_puzzle() {
    let partition = Partition::named(3, 0, "4-4").unwrap();
    let built: Vec<_> = partition.patterns.iter().map(|p| build(p, &|_| {})).collect();
    let tables: Vec<PdbTable<'_>> = built.iter().map(|b| b.table()).collect();
    let plain = PdbHeuristic::<9>::new(&tables, false, "pdb-4-4-noreflect").unwrap();
    let mirrored = PdbHeuristic::<9>::new(&tables, true, "pdb-4-4").unwrap();
    let extra_patterns = dual_patterns(&partition.patterns);
    // {1,2,3,4} walls off the corner: one table for the other region, and 4 + 4 tables of three
    // tiles with the blank's goal on the fourth's cell.
    assert_eq!(extra_patterns.len(), 9);
    let extra_built: Vec<_> = extra_patterns.iter().map(|p| build(p, &|_| {})).collect();
    let extra: Vec<PdbTable<'_>> = extra_built.iter().map(|b| b.table()).collect();
    let dual = DualPdbHeuristic::<9>::new(&tables, &extra, false, "pdb-4-4-noreflect+dual").unwrap();
    let dual_mirrored = DualPdbHeuristic::<9>::new(&tables, &extra, true, "pdb-4-4+dual").unwrap();
    let own_tables_only = DualPdbHeuristic::<9>::new(&tables, &[], true, "pdb-4-4+dual").unwrap();
    check(&dual, false);
    check(&dual_mirrored, false);
    check(&own_tables_only, false);
    check(&Bpmx(dual_mirrored.clone()), false);
    let (mut gained, mut gained_own) = (0, 0);
    for (b, &d) in exact() {
        let (r, h) = (value(&mirrored, b), value(&dual_mirrored, b));
        assert!(value(&dual, b) <= d as u32 && h <= d as u32, "dual lookup overestimates {b:?}: {h} > {d}");
        let own = value(&own_tables_only, b);
        assert!(own <= d as u32 && own <= h, "dual lookup overestimates {b:?}: {own} > {d}");
        assert!(value(&plain, b) <= value(&dual, b) && r <= h);
        gained += usize::from(h > r);
        gained_own += usize::from(own > r);
    }
    assert!(gained > gained_own && gained_own > 1_000, "dual lookups add information ({gained}, {gained_own})");
    // Why the blank's region matters. Board 3,1,2,6,4,5,0,7,8 is 2 moves from the goal (blank
    // down twice), Manhattan 2. Pattern {1,2,3,4}'s dual placement puts tile 3 on cell 6 (the
    // label on cell 3), the others home. Tile 3 alone is one move from home, but the database's
    // goal has the blank in the corner the pattern's home tiles wall off (cell 0), and getting it
    // there costs more pattern moves: the entry is 2 (h = 1 + 2·2 = 5 for the pattern alone,
    // the builder checked against brute force), so the unrestricted dual value is 2 + 2·2 = 6 > 2.
    let board = [3u8, 1, 2, 6, 4, 5, 0, 7, 8];
    assert_eq!(exact()[&board], 2);
    let first = &partition.patterns[0];
    assert_eq!(first.cells(), &[1, 2, 3, 4]);
    let entry = tables[0].entry(first.rank(|i| board[first.cells()[i] as usize]) as usize).unwrap();
    assert_eq!(value(&md_only(), &board) + 2 * entry, 6);
    // The blank (cell 6) is outside that pattern's goal region {0}: that lookup is left out.
    assert!(value(&dual_mirrored, &board) <= 2);
}

fn md_only() -> Manhattan<9> {
    Manhattan::<9>::new(0)
}

fn solve<H: Heuristic<9>>(h: &H, b: &[u8; 9]) -> Vec<Direction> {
    let r = ida_star(h, &LabelBoard::<9>::new(b, 0).unwrap(), &IdaConfig::default());
    match r.outcome {
        IdaOutcome::Solved(m) => m,
        o => panic!("{o:?}"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// IDA*'s solutions replay to the goal and are exactly as long as BFS's distance.
    #[test]
    fn ida_star_is_optimal_on_random_8_puzzles(pick in 0usize..181_440) {
        let table = exact();
        let mut all: Vec<&[u8; 9]> = table.keys().collect();
        all.sort();
        let b = *all[pick];
        for moves in [solve(&Manhattan::<9>::new(0), &b), solve(&LinearConflict::<9>::new(0), &b)] {
            let end = Board::new(3, b.to_vec()).unwrap().apply_moves(&moves).unwrap();
            prop_assert_eq!(end, Board::goal(3).unwrap());
            prop_assert_eq!(moves.len(), table[&b] as usize);
        }
    }
}
