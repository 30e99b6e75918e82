//! Korf & Felner's 6-6-6-6 partition with reflection reproduces, node for node, the published
//! generated-node counts of the 24-puzzle instances 38 and 40 (the two cheapest of Korf & Felner's
//! 50). Source of the counts: the "Korf" column of `doc/combined-results.txt` in the public
//! clausecker/24puzzle repository (per-instance counts of a 6-6-6-6 + reflection IDA*); optimal
//! lengths from the crate's `data/korf50-24-opt.txt`.
//!
//! Not part of `cargo test --workspace`: it needs the four 6-6-6-6 databases (127,512,000 entries
//! each; built into the cache folder on first use, minutes on two cores) and a release build (about
//! 100 million nodes). Run it with
//!
//! ```text
//! cargo test --release -p searchlab-solver --features korf24-test --test korf24
//! ```
//!
//! The databases are read from (or built into) `$SEARCHLAB_PDB_DIR`, else the default cache folder
//! that `searchlab solve` uses.

use searchlab_npuzzle::Board;
use searchlab_solver::benchmarks::Suite;
use searchlab_solver::pdb::{CacheEvent, PdbCache};
use searchlab_solver::{HeuristicSpec, IdaOutcome, Solver, SolverConfig};

/// (instance, optimal length, generated nodes published for 6-6-6-6 + reflection).
const PUBLISHED: [(usize, usize, u64); 2] = [(38, 96, 38_173_507), (40, 82, 65_099_578)];

#[test]
fn korf_felner_6_6_6_6_generates_the_published_node_counts_on_38_and_40() {
    let dir = std::env::var_os("SEARCHLAB_PDB_DIR").map_or_else(PdbCache::default_dir, Into::into);
    let cache = PdbCache::new(dir);
    let goal = Board::goal(5).unwrap();
    let config = SolverConfig { heuristic: Some(HeuristicSpec::parse("pdb-6-6-6-6").unwrap()), ..Default::default() };
    let on_event = |event: CacheEvent<'_>| {
        if let CacheEvent::Built { pattern, seconds } = event {
            eprintln!("built the database of {pattern} in {seconds:.1} s");
        }
    };
    let solver = Solver::new(&goal, config, &cache, &on_event).unwrap();
    assert_eq!(solver.heuristic_name(), "pdb-6-6-6-6+reflect");
    let suite = Suite::Korf50x24;
    let (instances, optima) = (suite.instances(), suite.optima());
    for (id, length, generated) in PUBLISHED {
        let inst = instances.iter().find(|i| i.id == id).unwrap();
        assert!(optima.contains(&(id, length)), "instance {id}");
        let r = solver.solve(&inst.start).unwrap();
        let IdaOutcome::Solved(moves) = r.outcome else { panic!("instance {id}: {:?}", r.outcome) };
        assert_eq!(inst.start.apply_moves(&moves).as_ref(), Some(&goal), "instance {id}");
        assert_eq!(moves.len(), length, "instance {id}");
        assert_eq!(r.counts.generated, generated, "instance {id}");
        eprintln!(
            "instance {id}: {} generated, {} expanded in {:.2} s",
            r.counts.generated, r.counts.expanded, r.seconds
        );
    }
}
