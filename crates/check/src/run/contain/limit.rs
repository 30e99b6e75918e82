//! The limits a contained run can hit: its memory, its processes, its disk.

/// A limit of a run that stopped it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Limit {
    /// Memory summed over the run's processes.
    Memory,
    /// Processes at once.
    Processes,
    /// Bytes in the run's folder.
    Disk,
}

impl Limit {
    /// Every limit, in the order a run's failure is explained by.
    pub const ALL: [Limit; 3] = [Limit::Memory, Limit::Processes, Limit::Disk];
}
