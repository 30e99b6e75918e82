//! The header of a pattern-database file, and the checks a file must pass before it is trusted.
//!
//! A file is a 64-byte header followed by the packed entries:
//!
//! | bytes  | content                                                    |
//! |--------|------------------------------------------------------------|
//! | 0..8   | magic `SLPDB\0\0\0`                                        |
//! | 8      | format version (1)                                         |
//! | 9..13  | width, blank goal cell, tiles in the pattern, bits/entry   |
//! | 13     | kind: 0 the usual table, 1 zero-aware (`super::zero_file`) |
//! | 14..16 | zero                                                       |
//! | 16..48 | the pattern's goal cells, zero-padded                      |
//! | 48..56 | number of entries (u64 little-endian)                      |
//! | 56..60 | CRC-32 of the payload                                      |
//! | 60..64 | CRC-32 of bytes 0..60                                      |
//!
//! The payload must have the length the header's pattern and bits give, and both checksums must
//! hold.

use super::pattern::Pattern;
use super::table::payload_len;

/// Header size in bytes.
pub const HEADER_LEN: usize = 64;
const MAGIC: &[u8; 8] = b"SLPDB\0\0\0";
const VERSION: u8 = 1;

/// Why a database file was not trusted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Invalid {
    /// Shorter than a header.
    #[error("truncated: {0} bytes, shorter than the header")]
    TooShort(usize),
    /// Not a searchlab database.
    #[error("not a searchlab pattern database (bad magic)")]
    Magic,
    /// The header's own checksum fails.
    #[error("corrupt header (checksum mismatch)")]
    HeaderChecksum,
    /// Written by another format version.
    #[error("stale: format version {0}, expected {VERSION}")]
    Version(u8),
    /// The header describes another pattern.
    #[error("stale: the header describes another pattern or layout")]
    WrongPattern,
    /// The payload is shorter or longer than the header says.
    #[error("truncated: {got} payload bytes, expected {expected}")]
    Size {
        /// Expected payload bytes.
        expected: usize,
        /// Actual payload bytes.
        got: usize,
    },
    /// The payload's checksum fails.
    #[error("corrupt payload (checksum mismatch)")]
    PayloadChecksum,
}

/// The header for `pattern` with this payload.
pub fn header(pattern: &Pattern, bits: u8, payload: &[u8]) -> [u8; HEADER_LEN] {
    header_of_kind(pattern, bits, 0, payload)
}

/// The header of a file of `kind` (byte 13: 0 the usual table, 1 zero-aware).
pub(super) fn header_of_kind(pattern: &Pattern, bits: u8, kind: u8, payload: &[u8]) -> [u8; HEADER_LEN] {
    let mut h = [0u8; HEADER_LEN];
    h[13] = kind;
    h[..8].copy_from_slice(MAGIC);
    h[8] = VERSION;
    h[9] = pattern.width() as u8;
    h[10] = pattern.blank_goal();
    h[11] = pattern.k() as u8;
    h[12] = bits;
    h[16..16 + pattern.k()].copy_from_slice(pattern.cells());
    h[48..56].copy_from_slice(&pattern.entries().to_le_bytes());
    h[56..60].copy_from_slice(&crc32fast::hash(payload).to_le_bytes());
    let hc = crc32fast::hash(&h[..60]);
    h[60..64].copy_from_slice(&hc.to_le_bytes());
    h
}

/// Checks a whole file image against `pattern`; returns the bits per entry.
pub fn verify(pattern: &Pattern, bytes: &[u8]) -> Result<u8, Invalid> {
    verify_kind(pattern, 0, bytes)
}

/// [`verify`] for a file of `kind` (see [`header_of_kind`]).
pub(super) fn verify_kind(pattern: &Pattern, kind: u8, bytes: &[u8]) -> Result<u8, Invalid> {
    if bytes.len() < HEADER_LEN {
        return Err(Invalid::TooShort(bytes.len()));
    }
    let h = &bytes[..HEADER_LEN];
    if &h[..8] != MAGIC {
        return Err(Invalid::Magic);
    }
    if crc32fast::hash(&h[..60]).to_le_bytes() != h[60..64] {
        return Err(Invalid::HeaderChecksum);
    }
    if h[8] != VERSION {
        return Err(Invalid::Version(h[8]));
    }
    let bits = h[12];
    let same = h[13] == kind
        && h[9] as usize == pattern.width()
        && h[10] == pattern.blank_goal()
        && h[11] as usize == pattern.k()
        && (bits == 4 || bits == 8)
        && h[16..16 + pattern.k()] == *pattern.cells()
        && h[48..56] == pattern.entries().to_le_bytes();
    if !same {
        return Err(Invalid::WrongPattern);
    }
    let expected = payload_len(pattern.entries(), bits);
    let payload = &bytes[HEADER_LEN..];
    if payload.len() != expected {
        return Err(Invalid::Size { expected, got: payload.len() });
    }
    if crc32fast::hash(payload).to_le_bytes() != h[56..60] {
        return Err(Invalid::PayloadChecksum);
    }
    Ok(bits)
}
