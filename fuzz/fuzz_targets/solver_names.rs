//! The optimal solver's names: heuristics (`--heuristic`), partitions (`pdb build --pattern`)
//! on every width, and benchmark id selections (`bench --ids`), all refused with typed errors.
#![no_main]

use libfuzzer_sys::fuzz_target;
use searchlab_solver::benchmarks::parse_ids;
use searchlab_solver::pdb::Partition;
use searchlab_solver::HeuristicSpec;

fuzz_target!(|text: &str| {
    let _ = HeuristicSpec::parse(text);
    for width in 2..=5 {
        let _ = Partition::named(width, 0, text);
    }
    let _ = parse_ids(text, 100);
});
