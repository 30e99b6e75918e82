//! Dual lookups on the 15-puzzle against optimal lengths: on boards a random walk away from the
//! goal, the dual value (with the mirror, small 3-tile databases) never exceeds the optimal length
//! found by IDA* with the regular databases, is 0 on the goal, and IDA* with dual lookups and BPMX
//! finds solutions of that same length.

use proptest::prelude::*;
use searchlab_npuzzle::{Board, Direction};
use searchlab_solver::pdb::{build, dual_patterns, Built, DualPdbHeuristic, Partition, PdbHeuristic, PdbTable};
use searchlab_solver::{ida_star, Bpmx, Heuristic, IdaConfig, IdaOutcome, LabelBoard};

/// The 3-3-3-3-3 databases (cells row-major), then the dual's extra ones.
fn databases() -> &'static (Vec<Built>, Vec<Built>) {
    static DBS: std::sync::OnceLock<(Vec<Built>, Vec<Built>)> = std::sync::OnceLock::new();
    DBS.get_or_init(|| {
        let partition = Partition::named(4, 0, "3-3-3-3-3").unwrap();
        let main = partition.patterns.iter().map(|p| build(p, &|_| {})).collect();
        let extra = dual_patterns(&partition.patterns).iter().map(|p| build(p, &|_| {})).collect();
        (main, extra)
    })
}

fn length<H: Heuristic<16>>(h: &H, board: &LabelBoard<16>) -> usize {
    match ida_star(h, board, &IdaConfig::default()).outcome {
        IdaOutcome::Solved(moves) => moves.len(),
        other => panic!("{other:?}"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn dual_lookups_never_exceed_the_optimal_length(walk in proptest::collection::vec(0usize..4, 0..60)) {
        let (main, extra) = databases();
        let tables: Vec<PdbTable<'_>> = main.iter().map(Built::table).collect();
        let extra: Vec<PdbTable<'_>> = extra.iter().map(Built::table).collect();
        let regular = PdbHeuristic::<16>::new(&tables, true, "pdb-3-3-3-3-3").unwrap();
        let dual = DualPdbHeuristic::<16>::new(&tables, &extra, true, "pdb-3-3-3-3-3+dual").unwrap();
        let goal = LabelBoard::<16>::new(Board::goal(4).unwrap().tiles(), 0).unwrap();
        prop_assert_eq!(dual.value(&dual.start(&goal)), 0);
        let mut board = Board::goal(4).unwrap();
        for &m in &walk {
            if let Some(b) = board.apply_moves(&[Direction::ALL[m]]) {
                board = b;
            }
        }
        let start = LabelBoard::<16>::new(board.tiles(), 0).unwrap();
        let optimal = length(&regular, &start);
        prop_assert!(dual.value(&dual.start(&start)) as usize <= optimal);
        prop_assert_eq!(length(&Bpmx(dual.clone()), &start), optimal);
        prop_assert_eq!(length(&dual, &start), optimal);
    }
}
