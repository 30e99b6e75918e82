//! Helpers shared by the solver's integration tests.

/// A solvable board `moves` random blank moves away from the goal, as the walk's boards.
#[allow(dead_code)] // Each test binary uses some of the helpers.
pub fn walk(width: usize, moves: &[u8]) -> Vec<Vec<u8>> {
    let mut tiles: Vec<u8> = (0..(width * width) as u8).collect();
    let mut blank = 0usize;
    let mut out = vec![tiles.clone()];
    for &m in moves {
        let (r, c) = (blank / width, blank % width);
        let target = match m % 4 {
            0 if r > 0 => blank - width,
            1 if c > 0 => blank - 1,
            2 if c + 1 < width => blank + 1,
            3 if r + 1 < width => blank + width,
            _ => continue,
        };
        tiles.swap(blank, target);
        blank = target;
        out.push(tiles.clone());
    }
    out
}

/// The pattern databases of this test run, shared by its tests: under cargo-nextest (every
/// test a process of its own, `NEXTEST_RUN_ID` set) a folder of that run under the target
/// directory, so that the first test to need a table builds it and the others load and verify
/// it, as `searchlab solve` does with its cache; under `cargo test`, a folder of this process.
/// Never shared between runs, so no test reads a table built by older code. Folders of runs
/// over an hour old are removed.
#[allow(dead_code)] // Each test binary uses some of the helpers.
pub fn run_cache() -> searchlab_solver::pdb::PdbCache {
    use std::time::{Duration, SystemTime};
    let root = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("pdb-runs");
    let run = std::env::var("NEXTEST_RUN_ID").unwrap_or_else(|_| format!("pid-{}", std::process::id()));
    let old = |entry: &std::fs::DirEntry| {
        let modified = entry.metadata().and_then(|m| m.modified()).unwrap_or(SystemTime::now());
        SystemTime::now().duration_since(modified).unwrap_or_default() > Duration::from_secs(3600)
    };
    for entry in std::fs::read_dir(&root).into_iter().flatten().flatten() {
        if entry.file_name() != run.as_str() && old(&entry) {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
    searchlab_solver::pdb::PdbCache::new(root.join(run))
}

/// The databases of `patterns` from this run's cache ([`run_cache`]), built by the first test
/// that asks for them.
#[allow(dead_code)] // Each test binary uses some of the helpers.
pub fn cached(patterns: &[searchlab_solver::pdb::Pattern]) -> Vec<searchlab_solver::pdb::LoadedPdb> {
    let cache = run_cache();
    patterns.iter().map(|p| cache.load_or_build(p, &|_| {}).unwrap()).collect()
}

/// The zero-aware tables of `patterns` from this run's cache ([`run_cache`]).
#[allow(dead_code)] // Each test binary uses some of the helpers.
pub fn cached_zero(patterns: &[searchlab_solver::pdb::Pattern]) -> Vec<searchlab_solver::pdb::ZeroAwareTable> {
    let cache = run_cache();
    patterns.iter().map(|p| cache.load_or_build_zero(p, &|_| {}).unwrap()).collect()
}
