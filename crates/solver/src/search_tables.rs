//! The tables a [`crate::Solver`] searches besides the stored ones: direct copies of them
//! ([`DirectTable`]) and zero-aware tables ([`ZeroAwareTable`], `+zero`).

use rayon::prelude::*;

use crate::error::PdbError;
use crate::pdb::{DirectTable, LoadedPdb, Pattern, PdbTable, ZeroAwareTable};
use crate::solver_config::SolverConfig;
use crate::spec::HeuristicSpec;

/// Direct copies of the partition's tables when they are searched that way: not asked for
/// compact ones, no dual lookups, and every table copied ([`DirectTable::from_table`]: 4-bit
/// entries, at most 25⁶ cell tuples). Empty otherwise.
pub(crate) fn direct_tables(spec: &HeuristicSpec, config: &SolverConfig, main: &[LoadedPdb]) -> Vec<DirectTable> {
    if config.compact_tables || !matches!(spec, HeuristicSpec::Pdb { dual: false, .. }) {
        return Vec::new();
    }
    let tables: Vec<PdbTable<'_>> = main.iter().map(LoadedPdb::table).collect();
    tables.par_iter().map(DirectTable::from_table).collect::<Option<Vec<_>>>().unwrap_or_default()
}

/// A `+zero` heuristic's patterns that cannot have zero-aware tables ([`ZeroAwareTable::fits`]),
/// refused before anything is built.
pub(crate) fn refuse_large_zero_tables(spec: &HeuristicSpec, patterns: &[Pattern]) -> Result<(), PdbError> {
    match (spec, patterns.iter().find(|p| !ZeroAwareTable::fits(p))) {
        (HeuristicSpec::Pdb { zero: true, .. }, Some(p)) => Err(PdbError::ZeroAware(p.to_string())),
        _ => Ok(()),
    }
}

/// The zero-aware tables of `patterns` for a `+zero` heuristic: `loaded` (from the cache folder)
/// when given, else built in memory (about a minute per six-tile table of the 24-puzzle). Empty
/// for other heuristics.
pub(crate) fn zero_tables(
    spec: &HeuristicSpec,
    loaded: Option<Vec<ZeroAwareTable>>,
    patterns: &[&Pattern],
) -> Result<Vec<ZeroAwareTable>, PdbError> {
    match (loaded, spec) {
        (Some(tables), _) => Ok(tables),
        (None, HeuristicSpec::Pdb { zero: true, .. }) => {
            patterns.par_iter().map(|p| ZeroAwareTable::build(p, &|_| {})).collect()
        }
        _ => Ok(Vec::new()),
    }
}
