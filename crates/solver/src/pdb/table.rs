//! One pattern database as bytes: its pattern, bits per entry and packed entries, checked to fit.

use super::pattern::Pattern;
use crate::error::PdbError;

/// Payload bytes of a database of `entries` entries at `bits` per entry.
pub fn payload_len(entries: u64, bits: u8) -> usize {
    (entries as usize).div_ceil(8 / bits.max(1) as usize)
}

/// One database as the heuristic reads it: its pattern and packed bytes (from a map or memory).
///
/// Always consistent (private fields, checked by [`PdbTable::new`]): 4 or 8 bits per entry and
/// exactly the pattern's entries, so every placement's entry can be read without a bounds check.
///
/// ```compile_fail
/// let p = searchlab_solver::pdb::Pattern::new(3, 0, vec![1, 2]).unwrap();
/// let t = searchlab_solver::pdb::PdbTable { pattern: &p, bits: 2, data: &[] };
/// ```
///
/// ```
/// use searchlab_solver::pdb::{Pattern, PdbTable};
/// use searchlab_solver::PdbError;
/// let p = Pattern::new(3, 0, vec![1, 2])?; // 9 * 8 = 72 placements
/// assert_eq!(PdbTable::new(&p, 2, &[0; 18]).unwrap_err(), PdbError::Bits(2));
/// assert!(matches!(PdbTable::new(&p, 4, &[0; 10]), Err(PdbError::Size { .. })));
/// assert_eq!(PdbTable::new(&p, 4, &[0x21; 36])?.entry(1), Some(2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct PdbTable<'a> {
    pattern: &'a Pattern,
    bits: u8,
    data: &'a [u8],
}

impl<'a> PdbTable<'a> {
    /// The database of `pattern` stored in `data` at `bits` (4 or 8) per entry, entries `(h - md) / 2`
    /// packed low nibble first.
    pub fn new(pattern: &'a Pattern, bits: u8, data: &'a [u8]) -> Result<Self, PdbError> {
        if bits != 4 && bits != 8 {
            return Err(PdbError::Bits(bits));
        }
        let expected = payload_len(pattern.entries(), bits);
        if data.len() != expected {
            return Err(PdbError::Size { pattern: pattern.to_string(), expected, got: data.len() });
        }
        Ok(PdbTable { pattern, bits, data })
    }

    /// The pattern.
    pub fn pattern(&self) -> &'a Pattern {
        self.pattern
    }

    /// Bits per entry (4 or 8).
    pub fn bits(&self) -> u8 {
        self.bits
    }

    /// The packed entries.
    pub fn data(&self) -> &'a [u8] {
        self.data
    }

    /// Entry `idx` (a placement's rank), or `None` past the end.
    pub fn entry(&self, idx: usize) -> Option<u32> {
        if (idx as u64) < self.pattern.entries() {
            // SAFETY: idx < entries, and the constructor checked data.len() == payload_len(entries, bits).
            Some(unsafe { self.entry_unchecked(idx) })
        } else {
            None
        }
    }

    /// Entry `idx` without a bounds check (the heuristic's hot path).
    ///
    /// # Safety
    /// `idx` must be below `self.pattern().entries()` (e.g. the rank of a placement of the
    /// pattern's tiles on distinct cells).
    #[inline(always)]
    pub(crate) unsafe fn entry_unchecked(&self, idx: usize) -> u32 {
        if self.bits == 4 {
            // SAFETY: idx < entries and data.len() == entries.div_ceil(2) (checked in `new`).
            let b = unsafe { *self.data.get_unchecked(idx >> 1) };
            ((b >> ((idx & 1) << 2)) & 15) as u32
        } else {
            // SAFETY: idx < entries == data.len() at 8 bits (checked in `new`).
            unsafe { *self.data.get_unchecked(idx) as u32 }
        }
    }
}
