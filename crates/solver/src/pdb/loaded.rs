//! A verified database held in memory or mapped from a cache file.

use std::path::{Path, PathBuf};

use memmap2::Mmap;

use super::build::Built;
use super::header::HEADER_LEN;
use super::pattern::Pattern;
use super::table::PdbTable;

/// The bytes of a database file: read into memory, or mapped.
#[derive(Debug)]
pub(super) enum Bytes {
    Owned(Vec<u8>),
    Mapped(Mmap),
}

impl Bytes {
    pub(super) fn as_slice(&self) -> &[u8] {
        match self {
            Bytes::Owned(v) => v,
            Bytes::Mapped(m) => m,
        }
    }
}

/// A verified database, in memory or mapped from a cache file.
#[derive(Debug)]
pub struct LoadedPdb {
    pub(super) pattern: Pattern,
    pub(super) bits: u8,
    pub(super) path: Option<PathBuf>,
    /// A whole file image (header + payload), or with `path == None` the payload alone.
    pub(super) bytes: Bytes,
}

impl LoadedPdb {
    /// A database built in memory (no file).
    pub fn from_built(built: Built) -> LoadedPdb {
        let (pattern, bits, data) = built.into_parts();
        LoadedPdb { pattern, bits, path: None, bytes: Bytes::Owned(data) }
    }

    /// Its pattern.
    pub fn pattern(&self) -> &Pattern {
        &self.pattern
    }

    /// Bits per entry (4 or 8).
    pub fn bits(&self) -> u8 {
        self.bits
    }

    /// The file it was loaded from (`None`: built in memory).
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The packed entries (what the heuristic reads).
    pub fn payload(&self) -> &[u8] {
        let bytes = self.bytes.as_slice();
        if self.path.is_some() {
            &bytes[HEADER_LEN..]
        } else {
            bytes
        }
    }

    /// This database as the heuristic reads it.
    pub fn table(&self) -> PdbTable<'_> {
        PdbTable::new(&self.pattern, self.bits, self.payload()).expect("verified on load")
    }
}
