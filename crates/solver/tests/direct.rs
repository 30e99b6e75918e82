//! Direct tables (`DirectTable`, indexed by the tiles' cells) against the compact tables they are
//! copied from: every entry, the heuristic along random walks (incremental states carried for many
//! moves, early exits at random limits), and whole searches node for node.

mod common;

use common::{cached, walk};
use proptest::prelude::*;
use searchlab_npuzzle::Board;
use searchlab_solver::benchmarks::Suite;
use searchlab_solver::pdb::{build, Built, DirectPdbHeuristic, DirectTable, Partition, Pattern, PdbTable};
use searchlab_solver::{Heuristic, HeuristicSpec, IdaOutcome, LabelBoard, Solver, SolverConfig};

/// Two small patterns of the 24-puzzle (tiles 1, 2, 6 and 12, 13, 17, 18; the others are left
/// out, which the heuristic allows), built once.
fn tables_5x5() -> &'static [Built] {
    static BUILT: std::sync::OnceLock<Vec<Built>> = std::sync::OnceLock::new();
    BUILT.get_or_init(|| {
        [vec![1, 2, 6], vec![12, 13, 17, 18]]
            .into_iter()
            .map(|cells| build(&Pattern::new(5, 0, cells).unwrap(), &|_| {}))
            .collect()
    })
}

#[test]
fn every_placement_reads_the_compact_entry() {
    for built in tables_5x5() {
        let table = built.table();
        let direct = DirectTable::from_table(&table).unwrap();
        let p = table.pattern();
        assert_eq!(direct.bytes() as u64, (p.n() as u64).pow(p.k() as u32).div_ceil(2));
        let mut cells = vec![0u8; p.k()];
        for rank in 0..p.entries() {
            p.unrank(rank as u32, &mut cells);
            assert_eq!(direct.entry(&cells), table.entry(rank as usize), "{p} {cells:?}");
        }
        assert_eq!(direct.entry(&[0, 1]), None, "not a placement of the pattern");
        assert_eq!(direct.entry(&vec![25; p.k()]), None, "cells off the board");
    }
}

#[test]
fn eight_bit_tables_are_not_copied() {
    let p = Pattern::new(4, 0, vec![1, 2, 3]).unwrap();
    let bytes = vec![0u8; p.entries() as usize];
    let eight = PdbTable::new(&p, 8, &bytes).unwrap();
    assert!(DirectTable::from_table(&eight).is_none(), "8-bit entries may exceed a nibble");
    let four = PdbTable::new(&p, 4, &bytes[..bytes.len() / 2]).unwrap();
    assert!(DirectTable::from_table(&four).is_some());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Along a walk the direct heuristic's carried state stays the compact heuristic's value
    /// evaluated afresh, and a child refused at a random limit is refused with the same bound.
    #[test]
    fn direct_heuristic_follows_the_compact_one(
        moves in prop::collection::vec(0u8..4, 0..300),
        limits in prop::collection::vec(0u32..120, 300),
        reflect in any::<bool>(),
    ) {
        let tables: Vec<PdbTable<'_>> = tables_5x5().iter().map(Built::table).collect();
        let direct: Vec<DirectTable> = tables.iter().map(|t| DirectTable::from_table(t).unwrap()).collect();
        let refs: Vec<&DirectTable> = direct.iter().collect();
        let compact = searchlab_solver::pdb::PdbHeuristic::<25>::new(&tables, reflect, "c").unwrap();
        let fast = DirectPdbHeuristic::<25>::new(&refs, reflect, "d").unwrap();
        let boards = walk(5, &moves);
        let mut state = fast.start(&LabelBoard::<25>::new(&boards[0], 0).unwrap());
        let mut compact_state = compact.start(&LabelBoard::<25>::new(&boards[0], 0).unwrap());
        for (i, pair) in boards.windows(2).enumerate() {
            let child = LabelBoard::<25>::new(&pair[1], 0).unwrap();
            let to = pair[0].iter().position(|&t| t == 0).unwrap() as u8;
            let from = pair[1].iter().position(|&t| t == 0).unwrap() as u8;
            let label = pair[0][from as usize];
            let limit = limits[i % limits.len()];
            let a = fast.moved(&state, &child, label, from, to, limit).map(|s| fast.value(&s));
            let b = compact.moved(&compact_state, &child, label, from, to, limit).map(|s| compact.value(&s));
            prop_assert_eq!(a, b);
            state = fast.moved(&state, &child, label, from, to, u32::MAX).unwrap();
            compact_state = compact.moved(&compact_state, &child, label, from, to, u32::MAX).unwrap();
            let fresh = compact.value(&compact.start(&child));
            prop_assert_eq!(fast.value(&state), fresh);
        }
    }
}

/// The solver copies the tables unless told not to; both generate the same nodes on Korf's
/// 15-puzzles, with one partition, two maxed, without reflection and with BPMX.
#[test]
fn direct_and_compact_tables_search_node_for_node() {
    let goal = Board::goal(4).unwrap();
    let groups = "1.2.3.4.8/5.6.7.9.10/11.12.13.14.15";
    let mut patterns = Vec::new();
    for name in ["5-5-5", groups] {
        patterns.extend(Partition::named(4, 0, name).unwrap().patterns);
    }
    let instances = Suite::Korf100.instances();
    for name in ["pdb-5-5-5", "pdb-5-5-5-noreflect", "pdb-5-5-5+bpmx", &format!("pdb-5-5-5,{groups}")] {
        let spec = HeuristicSpec::parse(name).unwrap();
        let tables = if name.contains(',') { patterns.len() } else { 3 };
        let solver = |compact_tables| {
            let config = SolverConfig { heuristic: Some(spec.clone()), compact_tables, ..SolverConfig::default() };
            Solver::with_databases(&goal, config, cached(&patterns[..tables])).unwrap()
        };
        let (direct, compact) = (solver(false), solver(true));
        assert!(direct.uses_direct_tables() && !compact.uses_direct_tables(), "{name}");
        for inst in instances.iter().filter(|i| [79, 12, 42, 9].contains(&i.id)) {
            let (a, b) = (direct.solve(&inst.start).unwrap(), compact.solve(&inst.start).unwrap());
            assert!(matches!(a.outcome, IdaOutcome::Solved(_)), "{name} #{}", inst.id);
            assert_eq!(a.outcome, b.outcome, "{name} #{}", inst.id);
            assert_eq!(a.counts.generated, b.counts.generated, "{name} #{}", inst.id);
        }
    }
}
