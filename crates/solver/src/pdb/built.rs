//! What a pattern-database build yields and reports: the finished table in memory ([`Built`])
//! and the progress after each layer ([`BuildProgress`]), the same for the mask build and the
//! region build.

use super::pattern::Pattern;
use super::table::PdbTable;

/// Progress of a build, reported after every layer.
#[derive(Debug, Clone, Copy)]
pub struct BuildProgress {
    /// Layer (pattern-move cost) just completed.
    pub layer: u32,
    /// Placements whose entry is known.
    pub settled: u64,
    /// All placements.
    pub total: u64,
}

/// A finished database in memory, with the pattern it was built for.
#[derive(Debug, Clone)]
pub struct Built {
    pattern: Pattern,
    bits: u8,
    data: Vec<u8>,
    max_h: u32,
}

impl Built {
    /// The pattern.
    pub fn pattern(&self) -> &Pattern {
        &self.pattern
    }

    /// Bits per entry (4 or 8).
    pub fn bits(&self) -> u8 {
        self.bits
    }

    /// Packed entries (`(h - md) / 2`), two per byte (low nibble first) at 4 bits.
    pub fn data(&self) -> &[u8] {
        &self.data
    }

    /// The deepest layer of the build: for the mask build the largest value `h` (the pattern's
    /// depth); for the region build ([`super::build_regions`]) the largest entry.
    pub fn max_h(&self) -> u32 {
        self.max_h
    }

    /// This database as the heuristic reads it.
    pub fn table(&self) -> PdbTable<'_> {
        PdbTable::new(&self.pattern, self.bits, &self.data).expect("a built database fits its pattern")
    }

    /// A database from its packed entries (the region build's result).
    pub(super) fn from_parts(pattern: Pattern, bits: u8, data: Vec<u8>, max_h: u32) -> Built {
        Built { pattern, bits, data, max_h }
    }

    /// The packed entries, given up.
    pub(crate) fn into_parts(self) -> (Pattern, u8, Vec<u8>) {
        (self.pattern, self.bits, self.data)
    }
}
