//! The entry point: pick a heuristic by name, build it for the board's width, run IDA*.

use std::sync::atomic::AtomicBool;

use crate::grid::Grid;
use crate::heuristic::{LinearConflict, Manhattan};
use crate::ida::{ida_star, ida_star_observed, ida_star_parallel, IdaObserver, Limits, NoIdaObserver, Report};
use crate::pdb::{Partition, PdbHeuristic, PdbTable};
use crate::puzzle::Puzzle;

/// Which heuristic to search with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HeuristicSpec {
    /// Manhattan distance (`manhattan`).
    Manhattan,
    /// Manhattan distance plus linear conflicts (`manhattan-lc`).
    LinearConflict,
    /// Additive disjoint pattern databases (`pdb-7-8`; `pdb-7-8-noreflect` without the mirror lookup).
    Pdb {
        /// Partition name such as `7-8`.
        partition: String,
        /// Also look the databases up on the board's reflection about the main diagonal.
        reflect: bool,
    },
}

/// The partitions offered for 4×4, best first.
pub const PARTITIONS_4X4: [&str; 3] = ["7-8", "6-6-3", "5-5-5"];
/// The partition offered for 5×5.
pub const PARTITIONS_5X5: [&str; 1] = ["6-6-6-6"];

impl HeuristicSpec {
    /// Parses `manhattan`, `manhattan-lc`, `pdb-<sizes>` or `pdb-<sizes>-noreflect`.
    pub fn parse(text: &str) -> Result<HeuristicSpec, String> {
        match text {
            "manhattan" | "md" => Ok(HeuristicSpec::Manhattan),
            "manhattan-lc" | "lc" => Ok(HeuristicSpec::LinearConflict),
            _ => {
                let rest = text.strip_prefix("pdb-").ok_or_else(|| {
                    format!(
                        "unknown heuristic {text:?}: expected manhattan, manhattan-lc or pdb-<sizes> (e.g. pdb-7-8)"
                    )
                })?;
                let (partition, reflect) = match rest.strip_suffix("-noreflect") {
                    Some(p) => (p, false),
                    None => (rest, true),
                };
                if partition.is_empty() || !partition.split('-').all(|s| s.parse::<usize>().is_ok_and(|v| v > 0)) {
                    return Err(format!("bad heuristic {text:?}: pattern sizes look like pdb-7-8 or pdb-6-6-3"));
                }
                Ok(HeuristicSpec::Pdb { partition: partition.to_string(), reflect })
            }
        }
    }

    /// The name [`HeuristicSpec::parse`] accepts.
    pub fn name(&self) -> String {
        match self {
            HeuristicSpec::Manhattan => "manhattan".into(),
            HeuristicSpec::LinearConflict => "manhattan-lc".into(),
            HeuristicSpec::Pdb { partition, reflect: true } => format!("pdb-{partition}"),
            HeuristicSpec::Pdb { partition, reflect: false } => format!("pdb-{partition}-noreflect"),
        }
    }

    /// The partition this heuristic needs on a board of `width` whose blank goal cell is `blank_goal`.
    pub fn partition(&self, width: usize, blank_goal: u8) -> Result<Option<Partition>, String> {
        match self {
            HeuristicSpec::Pdb { partition, .. } => Partition::named(width, blank_goal, partition).map(Some),
            _ => Ok(None),
        }
    }
}

/// Solves `puzzle` optimally with `spec`; pattern-database heuristics read `tables` (the partition's
/// databases, in the partition's order, as bytes: the solver never touches files). `parallel`
/// searches subtrees on all rayon threads ([`crate::ida::ida_star_parallel`]).
pub fn solve(
    puzzle: &Puzzle,
    spec: &HeuristicSpec,
    tables: &[PdbTable<'_>],
    limits: &Limits,
    parallel: bool,
    stop: Option<&AtomicBool>,
) -> Result<Solved, String> {
    dispatch(puzzle, spec, tables, limits, parallel, stop, &mut NoIdaObserver)
}

/// [`solve`] on one thread, reporting every step of the search to `observer`
/// ([`crate::ida::ida_star_observed`]; e.g. an [`crate::ida::IdaTracer`] for `--trace`). The answer
/// and the counts are those of [`solve`] without `parallel`.
pub fn solve_observed<O: IdaObserver>(
    puzzle: &Puzzle,
    spec: &HeuristicSpec,
    tables: &[PdbTable<'_>],
    limits: &Limits,
    stop: Option<&AtomicBool>,
    observer: &mut O,
) -> Result<Solved, String> {
    dispatch(puzzle, spec, tables, limits, false, stop, observer)
}

fn dispatch<O: IdaObserver>(
    puzzle: &Puzzle,
    spec: &HeuristicSpec,
    tables: &[PdbTable<'_>],
    limits: &Limits,
    parallel: bool,
    stop: Option<&AtomicBool>,
    observer: &mut O,
) -> Result<Solved, String> {
    match puzzle.width() {
        2 => solve_n::<4, O>(puzzle, spec, tables, limits, parallel, stop, observer),
        3 => solve_n::<9, O>(puzzle, spec, tables, limits, parallel, stop, observer),
        4 => solve_n::<16, O>(puzzle, spec, tables, limits, parallel, stop, observer),
        5 => solve_n::<25, O>(puzzle, spec, tables, limits, parallel, stop, observer),
        6 => solve_n::<36, O>(puzzle, spec, tables, limits, parallel, stop, observer),
        7 => solve_n::<49, O>(puzzle, spec, tables, limits, parallel, stop, observer),
        8 => solve_n::<64, O>(puzzle, spec, tables, limits, parallel, stop, observer),
        w => Err(format!("{w}×{w} boards are not supported by the optimal solver (2×2 to 8×8)")),
    }
}

/// A search report with the heuristic's full name (e.g. `pdb-7-8+reflect`).
#[derive(Debug, Clone)]
pub struct Solved {
    /// The IDA* report.
    pub report: Report,
    /// The heuristic actually used.
    pub heuristic: String,
}

fn solve_n<const N: usize, O: IdaObserver>(
    puzzle: &Puzzle,
    spec: &HeuristicSpec,
    tables: &[PdbTable<'_>],
    limits: &Limits,
    parallel: bool,
    stop: Option<&AtomicBool>,
    observer: &mut O,
) -> Result<Solved, String> {
    let grid = Grid::new(puzzle.width());
    let labels = puzzle.labels();
    let blank = puzzle.blank_goal();
    let b = blank as u8;
    macro_rules! run {
        ($h:expr) => {
            if parallel {
                ida_star_parallel(&grid, &labels, b, $h, limits, stop)
            } else if O::ENABLED {
                ida_star_observed(&grid, &labels, b, $h, limits, stop, observer)
            } else {
                // Exactly the unobserved search (`ida_star` runs with the unit `NoIdaObserver`).
                ida_star(&grid, &labels, b, $h, limits, stop)
            }
        };
    }
    let (report, heuristic) = match spec {
        HeuristicSpec::Manhattan => {
            let h = Manhattan::<N>::new(&grid, blank);
            (run!(&h), "manhattan".to_string())
        }
        HeuristicSpec::LinearConflict => {
            let h = LinearConflict::<N>::new(&grid, blank);
            (run!(&h), "manhattan-lc".to_string())
        }
        HeuristicSpec::Pdb { partition, reflect } => {
            let reflect = *reflect && grid.transpose[blank] as usize == blank;
            let name = format!("pdb-{partition}{}", if reflect { "+reflect" } else { "" });
            let h = PdbHeuristic::<N>::new(&grid, tables, reflect, &name)?;
            (run!(&h), name)
        }
    };
    Ok(Solved { report, heuristic })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_heuristic_names() {
        assert_eq!(HeuristicSpec::parse("manhattan").unwrap(), HeuristicSpec::Manhattan);
        assert_eq!(HeuristicSpec::parse("lc").unwrap(), HeuristicSpec::LinearConflict);
        assert_eq!(
            HeuristicSpec::parse("pdb-7-8").unwrap(),
            HeuristicSpec::Pdb { partition: "7-8".into(), reflect: true }
        );
        assert_eq!(HeuristicSpec::parse("pdb-6-6-3-noreflect").unwrap().name(), "pdb-6-6-3-noreflect");
        assert!(HeuristicSpec::parse("pdb-").is_err());
        assert!(HeuristicSpec::parse("pdb-a-b").is_err());
        assert!(HeuristicSpec::parse("euclid").is_err());
    }
}
