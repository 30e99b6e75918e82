//! Heuristics by name: `manhattan`, `manhattan-lc`, `pdb-<sizes>[-noreflect][+dual|+dual-nobpmx|+bpmx|+zero]`;
//! `<sizes>` may instead list the groups (`pdb-1.2.5.6.7.12/3.4.8.9.13.14/…`), and several
//! partitions joined by `,` take the largest of their sums (`pdb-6-6-6-6,1.2.5.6.7.10/…`).

use crate::error::{HeuristicError, PatternError};
use crate::pdb::Partition;

/// Which heuristic to search with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HeuristicSpec {
    /// Manhattan distance (`manhattan`).
    Manhattan,
    /// Manhattan distance plus linear conflicts (`manhattan-lc`).
    LinearConflict,
    /// Additive disjoint pattern databases (`pdb-7-8`; `pdb-7-8-noreflect` without the mirror
    /// lookup; `+dual` adds dual lookups searched with BPMX, `+dual-nobpmx` dual lookups without
    /// BPMX, `+bpmx` BPMX alone).
    Pdb {
        /// Partition name such as `7-8`.
        partition: String,
        /// Also look the databases up on the board's reflection about the main diagonal.
        reflect: bool,
        /// Also look them up on the inverse (dual) board ([`crate::pdb::DualPdbHeuristic`]).
        dual: bool,
        /// Search with BPMX ([`crate::Bpmx`]).
        bpmx: bool,
        /// Zero-aware tables (`+zero`): the entry for the blank's region, not the minimum over
        /// blank positions ([`crate::pdb::ZeroAwareTable`]); not with dual lookups or BPMX.
        zero: bool,
    },
}

/// The partitions offered for 4×4, best first.
pub const PARTITIONS_4X4: [&str; 3] = ["7-8", "6-6-3", "5-5-5"];
/// The partition offered for 5×5.
pub const PARTITIONS_5X5: [&str; 1] = ["6-6-6-6"];

impl HeuristicSpec {
    /// Parses `manhattan`, `manhattan-lc`, `pdb-<sizes>` or `pdb-<sizes>-noreflect`, either of the
    /// latter optionally followed by `+dual`, `+dual-nobpmx`, `+bpmx` or `+zero`.
    pub fn parse(text: &str) -> Result<HeuristicSpec, HeuristicError> {
        match text {
            "manhattan" | "md" => Ok(HeuristicSpec::Manhattan),
            "manhattan-lc" | "lc" => Ok(HeuristicSpec::LinearConflict),
            _ => {
                let rest = text.strip_prefix("pdb-").ok_or_else(|| HeuristicError::Unknown(text.to_string()))?;
                let (rest, zero) = match rest.strip_suffix("+zero") {
                    Some(r) => (r, true),
                    None => (rest, false),
                };
                let (rest, dual, bpmx) = if let Some(r) = rest.strip_suffix("+dual") {
                    (r, true, true)
                } else if let Some(r) = rest.strip_suffix("+dual-nobpmx") {
                    (r, true, false)
                } else if let Some(r) = rest.strip_suffix("+bpmx") {
                    (r, false, true)
                } else {
                    (rest, false, false)
                };
                let (partition, reflect) = match rest.strip_suffix("-noreflect") {
                    Some(p) => (p, false),
                    None => (rest, true),
                };
                let valid = |part: &str| {
                    let groups = part.contains(['.', '/'])
                        && part.split('/').all(|g| g.split('.').all(|c| c.parse::<u8>().is_ok()));
                    let sizes = part.split('-').all(|s| s.parse::<usize>().is_ok_and(|v| v > 0));
                    !part.is_empty() && (groups || sizes)
                };
                // Several partitions (joined by `,`) are maxed over; dual lookups take one.
                let several = partition.contains(',');
                if !partition.split(',').all(valid) || (several && dual) || (zero && (dual || bpmx)) {
                    return Err(HeuristicError::BadSizes(text.to_string()));
                }
                Ok(HeuristicSpec::Pdb { partition: partition.to_string(), reflect, dual, bpmx, zero })
            }
        }
    }

    /// The name [`HeuristicSpec::parse`] accepts.
    pub fn name(&self) -> String {
        match self {
            HeuristicSpec::Manhattan => "manhattan".into(),
            HeuristicSpec::LinearConflict => "manhattan-lc".into(),
            HeuristicSpec::Pdb { partition, reflect, dual, bpmx, zero } => {
                let options = match (dual, bpmx, zero) {
                    (true, true, _) => "+dual",
                    (true, false, _) => "+dual-nobpmx",
                    (false, true, _) => "+bpmx",
                    (false, false, true) => "+zero",
                    (false, false, false) => "",
                };
                format!("pdb-{partition}{}{options}", if *reflect { "" } else { "-noreflect" })
            }
        }
    }

    /// The name a search reports: for pattern databases `pdb-<partition>` with `+reflect` when
    /// the mirror lookups are made, then `+dual`, `+bpmx`, `+zero` as asked; `+fsm<moves>` with
    /// duplicate pruning.
    pub fn full_name(&self, reflect: bool, fsm: Option<usize>) -> String {
        let name = match self {
            HeuristicSpec::Pdb { partition, dual, bpmx, zero, .. } => format!(
                "pdb-{partition}{}{}{}{}",
                if reflect { "+reflect" } else { "" },
                if *dual { "+dual" } else { "" },
                if *bpmx { "+bpmx" } else { "" },
                if *zero { "+zero" } else { "" }
            ),
            other => other.name(),
        };
        match fsm {
            Some(moves) => format!("{name}+fsm{moves}"),
            None => name,
        }
    }

    /// The partition this heuristic needs on a board of `width` whose blank goal cell is `blank_goal`.
    pub fn partition(&self, width: usize, blank_goal: u8) -> Result<Option<Partition>, PatternError> {
        match self {
            HeuristicSpec::Pdb { partition, .. } => Partition::named(width, blank_goal, partition).map(Some),
            _ => Ok(None),
        }
    }
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
            HeuristicSpec::Pdb { partition: "7-8".into(), reflect: true, dual: false, bpmx: false, zero: false }
        );
        assert_eq!(
            HeuristicSpec::parse("pdb-6-6-6-6+dual").unwrap(),
            HeuristicSpec::Pdb { partition: "6-6-6-6".into(), reflect: true, dual: true, bpmx: true, zero: false }
        );
        for name in ["pdb-7-8-noreflect+dual", "pdb-7-8+dual-nobpmx", "pdb-5-5-5+bpmx", "pdb-7-8", "pdb-6-6-6-6+zero"] {
            assert_eq!(HeuristicSpec::parse(name).unwrap().name(), name);
        }
        assert!(HeuristicSpec::parse("pdb-7-8+dual-noreflect").is_err());
        assert!(HeuristicSpec::parse("pdb-7-8+dual+bpmx").is_err());
        assert!(HeuristicSpec::parse("pdb-7-8+dual+zero").is_err());
        assert!(HeuristicSpec::parse("pdb-7-8+zero+bpmx").is_err());
        assert_eq!(HeuristicSpec::parse("pdb-6-6-6-6,1.2/3+zero").unwrap().name(), "pdb-6-6-6-6,1.2/3+zero");
        assert_eq!(HeuristicSpec::parse("pdb-5-5-5-noreflect+zero").unwrap().name(), "pdb-5-5-5-noreflect+zero");
        assert_eq!(HeuristicSpec::parse("pdb-6-6-3-noreflect").unwrap().name(), "pdb-6-6-3-noreflect");
        let groups = "pdb-1.2.3.4.5.6.7/8.9.10.11.12.13.14.15+dual";
        assert_eq!(HeuristicSpec::parse(groups).unwrap().name(), groups);
        assert!(HeuristicSpec::parse("pdb-1.2/x").is_err());
        let two = "pdb-6-6-6-6,1.2.5.6.7.10/3.4.8.9.13.14/11.12.15.16.20.21/17.18.19.22.23.24";
        assert_eq!(HeuristicSpec::parse(two).unwrap().name(), two);
        assert!(HeuristicSpec::parse("pdb-7-8,6-6-3+dual").is_err());
        assert!(HeuristicSpec::parse("pdb-7-8,").is_err());
        assert!(HeuristicSpec::parse("pdb-").is_err());
        assert!(HeuristicSpec::parse("pdb-a-b").is_err());
        assert!(HeuristicSpec::parse("euclid").is_err());
    }
}
