//! Unit tests of `solver.rs`.

use super::*;
use crate::pdb::{build, Partition};
use crate::IdaOutcome;

#[test]
fn the_default_heuristic_is_linear_conflicts_without_databases() {
    let dir = tempfile::tempdir().unwrap();
    let cache = PdbCache::new(dir.path());
    let goal = Board::goal(3).unwrap();
    let solver = Solver::new(&goal, SolverConfig::default(), &cache, &|_| {}).unwrap();
    assert_eq!(solver.heuristic(), &HeuristicSpec::LinearConflict);
    let r = solver.solve(&Board::parse("0,2,1,3,4,5,6,7,8").unwrap()).unwrap();
    assert_eq!(r.outcome, IdaOutcome::Unsolvable);
    assert!(matches!(solver.solve(&Board::goal(4).unwrap()), Err(SolverError::WidthMismatch { start: 4, goal: 3 })));
    assert!(matches!(
        Solver::new(&Board::goal(9).unwrap(), SolverConfig::default(), &cache, &|_| {}),
        Err(SolverError::UnsupportedWidth(9))
    ));
}

#[test]
fn databases_must_be_the_partitions() {
    let goal = Board::goal(3).unwrap();
    let spec = HeuristicSpec::parse("pdb-4-4").unwrap();
    let config = SolverConfig { heuristic: Some(spec), ..SolverConfig::default() };
    assert!(matches!(
        Solver::with_databases(&goal, config.clone(), Vec::new()),
        Err(SolverError::Pdb(PdbError::WrongPartition(_)))
    ));
    let partition = Partition::named(3, 0, "4-4").unwrap();
    let dbs = partition.patterns.iter().map(|p| LoadedPdb::from_built(build(p, &|_| {}))).collect();
    let solver = Solver::with_databases(&goal, config, dbs).unwrap();
    assert_eq!(solver.heuristic_name(), "pdb-4-4+reflect");
    let r = solver.solve(&Board::parse("8,6,7,2,5,4,3,0,1").unwrap()).unwrap();
    // 27 moves: the N-puzzle driver's textbook A* (README, `--astar decrease-key`) agrees.
    assert!(matches!(r.outcome, IdaOutcome::Solved(ref m) if m.len() == 27));
}
