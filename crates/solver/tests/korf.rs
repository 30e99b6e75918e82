//! Easy instances of Korf's 100 (tests/data/korf, copied from the published sets): lengths must
//! equal the published optima, and plain IDA* + Manhattan must generate exactly as many nodes as
//! Korf (1985) reported (his count includes the root, ours does not).

use searchlab_solver::instances::{parse_instances, parse_optima, Instance};
use searchlab_solver::pdb::{build, Partition, PdbTable};
use searchlab_solver::{apply_moves, solve, HeuristicSpec, Limits, Outcome, Puzzle};

const KORF100: &str = include_str!("../../../tests/data/korf/korf100.txt");
const KORF100_OPT: &str = include_str!("../../../tests/data/korf/korf100-opt.txt");

fn instance(id: usize) -> (Instance, usize, u64) {
    let inst = parse_instances(KORF100).unwrap().into_iter().find(|i| i.id == id).unwrap();
    let opt = parse_optima(KORF100_OPT).unwrap().into_iter().find(|&(i, _)| i == id).unwrap().1;
    let line = KORF100.lines().find(|l| l.contains(&format!("# id={id} "))).unwrap();
    let nodes = line.split("korf85_nodes=").nth(1).unwrap().trim().parse().unwrap();
    (inst, opt, nodes)
}

fn run(id: usize, spec: &HeuristicSpec, tables: &[PdbTable<'_>]) -> (usize, u64) {
    run_with(id, spec, tables, false)
}

fn run_with(id: usize, spec: &HeuristicSpec, tables: &[PdbTable<'_>], parallel: bool) -> (usize, u64) {
    let (inst, opt, _) = instance(id);
    let p = Puzzle::with_standard_goal(inst.tiles.clone()).unwrap();
    let s = solve(&p, spec, tables, &Limits::default(), parallel, None).unwrap();
    let Outcome::Solved(moves) = s.report.outcome else { panic!("instance {id} unsolved") };
    assert_eq!(apply_moves(4, &inst.tiles, &moves).unwrap(), p.goal());
    assert_eq!(moves.len(), opt, "instance {id}");
    (moves.len(), s.report.counts.generated)
}

#[test]
fn manhattan_reproduces_korf_1985_node_counts() {
    for id in [79, 12, 42] {
        let (_, _, korf) = instance(id);
        let (_, generated) = run(id, &HeuristicSpec::Manhattan, &[]);
        assert_eq!(generated + 1, korf, "instance {id}");
    }
}

#[test]
fn linear_conflicts_solve_easy_instances_optimally() {
    for id in [79, 12] {
        run(id, &HeuristicSpec::LinearConflict, &[]);
    }
}

#[test]
fn pattern_databases_solve_easy_instances_optimally() {
    let partition = Partition::named(4, 0, "5-5-5").unwrap();
    let built: Vec<_> = partition.patterns.iter().map(|p| build(p, &|_| {})).collect();
    let tables: Vec<PdbTable<'_>> = partition.patterns.iter().zip(&built).map(|(p, b)| b.table(p)).collect();
    let with = HeuristicSpec::parse("pdb-5-5-5").unwrap();
    let without = HeuristicSpec::parse("pdb-5-5-5-noreflect").unwrap();
    for id in [79, 12, 42, 9, 2] {
        let (_, reflected) = run(id, &with, &tables);
        let (_, plain) = run(id, &without, &tables);
        assert!(reflected <= plain * 2, "instance {id}: reflection should not blow up the search");
        // The parallel search (rayon over subtrees) finds the same optimal length.
        run_with(id, &with, &tables, true);
    }
}

/// Rotating start and goal by 180° keeps the optimal length but moves the blank's goal to the last
/// cell: the databases are then built for that goal (cells cut row-major) and must agree.
#[test]
fn another_goal_keeps_the_published_length() {
    let (inst, opt, _) = instance(79);
    let rotate = |t: &[u8]| t.iter().rev().copied().collect::<Vec<u8>>();
    let goal: Vec<u8> = rotate(&(0..16).collect::<Vec<u8>>());
    let p = Puzzle::new(rotate(&inst.tiles), goal.clone()).unwrap();
    assert_eq!(p.blank_goal(), 15);
    let spec = HeuristicSpec::parse("pdb-5-5-5").unwrap();
    let partition = spec.partition(4, 15).unwrap().unwrap();
    let built: Vec<_> = partition.patterns.iter().map(|p| build(p, &|_| {})).collect();
    let tables: Vec<PdbTable<'_>> = partition.patterns.iter().zip(&built).map(|(p, b)| b.table(p)).collect();
    for (spec, tables) in [(spec.clone(), &tables[..]), (HeuristicSpec::LinearConflict, &[][..])] {
        let s = solve(&p, &spec, tables, &Limits::default(), false, None).unwrap();
        let Outcome::Solved(moves) = s.report.outcome else { panic!() };
        assert_eq!(moves.len(), opt);
        assert_eq!(apply_moves(4, p.start(), &moves).unwrap(), goal);
    }
}
