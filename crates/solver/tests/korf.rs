//! Easy instances of Korf's 100 (the crate's `data/`, copied from the published sets): lengths must
//! equal the published optima, and plain IDA* + Manhattan must generate exactly as many nodes as
//! Korf (1985) reported (his count includes the root, ours does not).

mod common;

use common::cached;
use searchlab_npuzzle::Board;
use searchlab_solver::benchmarks::{BenchmarkInstance, Suite};
use searchlab_solver::pdb::{dual_patterns, LoadedPdb, Partition, Pattern};
use searchlab_solver::{HeuristicSpec, IdaOutcome, Solver, SolverConfig};

fn instance(id: usize) -> (BenchmarkInstance, usize, u64) {
    let suite = Suite::Korf100;
    let inst = suite.instances().into_iter().find(|i| i.id == id).unwrap();
    let opt = suite.optima().into_iter().find(|&(i, _)| i == id).unwrap().1;
    let line = suite.instances_text().lines().find(|l| l.contains(&format!("# id={id} "))).unwrap();
    let nodes = line.split("korf85_nodes=").nth(1).unwrap().trim().parse().unwrap();
    (inst, opt, nodes)
}

/// Databases of `name` for `goal` (built once per test run, see `common::run_cache`).
fn databases(name: &str, goal: &Board) -> Vec<LoadedPdb> {
    cached(&Partition::named(goal.width(), goal.blank() as u8, name).unwrap().patterns)
}

/// The patterns of `name` followed by the extra ones its dual lookups read.
fn patterns_with_dual(name: &str, goal: &Board) -> Vec<Pattern> {
    let partition = Partition::named(goal.width(), goal.blank() as u8, name).unwrap();
    let extra = dual_patterns(&partition.patterns);
    partition.patterns.into_iter().chain(extra).collect()
}

fn solver(spec: &HeuristicSpec, goal: &Board, parallel: bool) -> Solver {
    let dbs = match spec {
        HeuristicSpec::Pdb { partition, .. } => databases(partition, goal),
        _ => Vec::new(),
    };
    let config = SolverConfig { heuristic: Some(spec.clone()), parallel, ..SolverConfig::default() };
    Solver::with_databases(goal, config, dbs).unwrap()
}

fn run(id: usize, solver: &Solver) -> (usize, u64) {
    let (inst, opt, _) = instance(id);
    let r = solver.solve(&inst.start).unwrap();
    let IdaOutcome::Solved(moves) = r.outcome else { panic!("instance {id} unsolved") };
    assert_eq!(inst.start.apply_moves(&moves).as_ref(), Some(solver.goal()));
    assert_eq!(moves.len(), opt, "instance {id}");
    (moves.len(), r.counts.generated)
}

#[test]
fn manhattan_reproduces_korf_1985_node_counts() {
    let solver = solver(&HeuristicSpec::Manhattan, &Board::goal(4).unwrap(), false);
    for id in [79, 12, 42] {
        let (_, _, korf) = instance(id);
        let (_, generated) = run(id, &solver);
        assert_eq!(generated + 1, korf, "instance {id}");
    }
}

#[test]
fn linear_conflicts_solve_easy_instances_optimally() {
    let solver = solver(&HeuristicSpec::LinearConflict, &Board::goal(4).unwrap(), false);
    for id in [79, 12] {
        run(id, &solver);
    }
}

#[test]
fn pattern_databases_solve_easy_instances_optimally() {
    let goal = Board::goal(4).unwrap();
    let config = |spec: &str, parallel| SolverConfig {
        heuristic: Some(HeuristicSpec::parse(spec).unwrap()),
        parallel,
        ..SolverConfig::default()
    };
    let with = Solver::with_databases(&goal, config("pdb-5-5-5", false), databases("5-5-5", &goal)).unwrap();
    let without =
        Solver::with_databases(&goal, config("pdb-5-5-5-noreflect", false), databases("5-5-5", &goal)).unwrap();
    let parallel = Solver::with_databases(&goal, config("pdb-5-5-5", true), databases("5-5-5", &goal)).unwrap();
    for id in [79, 12, 42, 9, 2] {
        let (_, reflected) = run(id, &with);
        let (_, plain) = run(id, &without);
        assert!(reflected <= plain * 2, "instance {id}: reflection should not blow up the search");
        // The parallel search (rayon over subtrees) finds the same optimal length.
        run(id, &parallel);
    }
}

/// Rotating start and goal by 180° keeps the optimal length but moves the blank's goal to the last
/// cell: the databases are then built for that goal (cells cut row-major) and must agree.
#[test]
fn another_goal_keeps_the_published_length() {
    let (inst, opt, _) = instance(79);
    let rotate = |b: &Board| Board::new(4, b.tiles().iter().rev().copied().collect()).unwrap();
    let goal = rotate(&Board::goal(4).unwrap());
    let start = rotate(&inst.start);
    assert_eq!(goal.blank(), 15);
    for spec in [HeuristicSpec::parse("pdb-5-5-5").unwrap(), HeuristicSpec::LinearConflict] {
        let solver = solver(&spec, &goal, false);
        let r = solver.solve(&start).unwrap();
        let IdaOutcome::Solved(moves) = r.outcome else { panic!() };
        assert_eq!(moves.len(), opt);
        assert_eq!(start.apply_moves(&moves), Some(goal.clone()));
    }
}

/// Dual lookups, with and without BPMX, sequential and parallel, and BPMX alone keep every
/// solution optimal, also for a goal whose blank is on the last cell.
#[test]
fn dual_lookups_and_bpmx_keep_solutions_optimal() {
    let goal = Board::goal(4).unwrap();
    let config = |spec: &str, parallel| SolverConfig {
        heuristic: Some(HeuristicSpec::parse(spec).unwrap()),
        parallel,
        ..SolverConfig::default()
    };
    let built = patterns_with_dual("5-5-5", &goal);
    let dual = |spec, parallel| Solver::with_databases(&goal, config(spec, parallel), cached(&built));
    let solvers = [
        dual("pdb-5-5-5+dual", false).unwrap(),
        dual("pdb-5-5-5+dual", true).unwrap(),
        dual("pdb-5-5-5-noreflect+dual-nobpmx", false).unwrap(),
        Solver::with_databases(&goal, config("pdb-5-5-5+bpmx", false), cached(&built[..3])).unwrap(),
    ];
    assert_eq!(solvers[0].heuristic_name(), "pdb-5-5-5+reflect+dual+bpmx");
    for id in [79, 12, 9] {
        for s in &solvers {
            run(id, s);
        }
    }
    // The extra databases are the dual's only: the plain heuristic refuses them.
    assert!(Solver::with_databases(&goal, config("pdb-5-5-5", false), cached(&built)).is_err());
    let (inst, opt, _) = instance(79);
    let rotate = |b: &Board| Board::new(4, b.tiles().iter().rev().copied().collect()).unwrap();
    let (goal, start) = (rotate(&goal), rotate(&inst.start));
    let built = patterns_with_dual("5-5-5", &goal);
    let solver = Solver::with_databases(&goal, config("pdb-5-5-5+dual", false), cached(&built));
    let IdaOutcome::Solved(moves) = solver.unwrap().solve(&start).unwrap().outcome else { panic!() };
    assert_eq!(moves.len(), opt);
}

#[test]
fn duplicate_pruning_keeps_the_published_optima_with_fewer_nodes() {
    // Taylor & Korf's automaton prunes duplicate paths only: every length stays the published
    // optimum (sequential, parallel, and with BPMX's loop), while fewer nodes are generated.
    let goal = Board::goal(4).unwrap();
    let spec = HeuristicSpec::parse("pdb-5-5-5").unwrap();
    let partition = Partition::named(4, 0, "5-5-5").unwrap();
    let dbs = || cached(&partition.patterns);
    let plain =
        Solver::with_databases(&goal, SolverConfig { heuristic: Some(spec.clone()), ..Default::default() }, dbs())
            .unwrap();
    for (name, parallel) in [("pdb-5-5-5", false), ("pdb-5-5-5", true), ("pdb-5-5-5+bpmx", false)] {
        let config = SolverConfig {
            heuristic: Some(HeuristicSpec::parse(name).unwrap()),
            parallel,
            duplicate_pruning: Some(8),
            ..SolverConfig::default()
        };
        let pruned = Solver::with_databases(&goal, config, dbs()).unwrap();
        assert!(pruned.heuristic_name().ends_with("+fsm8"), "{}", pruned.heuristic_name());
        let (mut before, mut after) = (0, 0);
        for id in [79, 12, 42, 9, 2] {
            before += run(id, &plain).1;
            after += run(id, &pruned).1;
        }
        assert!(after * 10 < before * 9, "{name}, parallel {parallel}: {after} vs {before} generated");
    }
}
