//! The duplicate-pruning automaton kept in a file beside the pattern databases: enumerating the
//! forbidden strings takes seconds at 12 moves and 20–45 s (3.8 GB) at 14, reading the file a
//! fraction of a second.
//!
//! Layout: the magic `SLFSM001`, then `max_len`, the number of forbidden strings, the number of
//! states and the CRC-32 of the table (u32, little-endian), then the table: per state, the next
//! state after each move of Korf's order (u32, little-endian; [`DEAD`] for a forbidden move).

use std::fs;
use std::path::{Path, PathBuf};

use super::{MoveFsm, DEAD, MAX_FSM_DEPTH};

const MAGIC: &[u8; 8] = b"SLFSM001";
const HEADER_LEN: usize = 24;

impl MoveFsm {
    /// The automaton in the file layout above.
    pub fn to_bytes(&self) -> Vec<u8> {
        let table: Vec<u8> = self.next.iter().flatten().flat_map(|q| q.to_le_bytes()).collect();
        let mut out = Vec::with_capacity(HEADER_LEN + table.len());
        out.extend_from_slice(MAGIC);
        for v in [self.max_len as u32, self.forbidden as u32, self.next.len() as u32, crc32fast::hash(&table)] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&table);
        out
    }

    /// Reads [`MoveFsm::to_bytes`]'s layout; `None` when anything is off: the magic, a length,
    /// the checksum, a depth beyond [`MAX_FSM_DEPTH`], or a move leading to no state.
    pub fn from_bytes(bytes: &[u8]) -> Option<MoveFsm> {
        let word = |i: usize| u32::from_le_bytes(bytes[8 + 4 * i..12 + 4 * i].try_into().unwrap());
        if bytes.len() < HEADER_LEN || &bytes[..8] != MAGIC {
            return None;
        }
        let (max_len, forbidden, states, crc) = (word(0) as usize, word(1) as usize, word(2) as usize, word(3));
        let table = &bytes[HEADER_LEN..];
        if !(1..=MAX_FSM_DEPTH).contains(&max_len) || states == 0 || table.len() != states * 16 {
            return None;
        }
        if crc32fast::hash(table) != crc {
            return None;
        }
        let mut next = Vec::with_capacity(states);
        for row in table.chunks_exact(16) {
            let mut r = [0u32; 4];
            for (m, q) in r.iter_mut().enumerate() {
                *q = u32::from_le_bytes(row[4 * m..4 * m + 4].try_into().unwrap());
                if *q != DEAD && *q as usize >= states {
                    return None;
                }
            }
            next.push(r);
        }
        Some(MoveFsm { next, max_len, forbidden })
    }

    /// The automaton of `max_len` moves (clamped as by [`MoveFsm::new`]) read from its file in
    /// `dir` ([`fsm_path`]), or built and saved there when the file is missing or damaged (saving
    /// is best effort: a folder that cannot take the file only costs the build next time).
    pub fn load_or_build(max_len: usize, dir: &Path) -> MoveFsm {
        let max_len = max_len.clamp(1, MAX_FSM_DEPTH);
        let path = fsm_path(dir, max_len);
        if let Some(fsm) = fs::read(&path).ok().and_then(|b| MoveFsm::from_bytes(&b)) {
            if fsm.max_len == max_len {
                return fsm;
            }
        }
        let fsm = MoveFsm::new(max_len);
        if fs::create_dir_all(dir).is_ok() {
            let _ = searchlab_files::write_atomically(&path, |f| f.write_all(&fsm.to_bytes()));
        }
        fsm
    }
}

/// Where the automaton of `max_len` moves is kept in a cache folder: `fsm-<max_len>.bin`.
pub fn fsm_path(dir: &Path, max_len: usize) -> PathBuf {
    dir.join(format!("fsm-{max_len}.bin"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_round_trip_and_damage_is_refused() {
        let fsm = MoveFsm::new(10);
        let bytes = fsm.to_bytes();
        let back = MoveFsm::from_bytes(&bytes).unwrap();
        assert_eq!((back.max_len(), back.forbidden_strings(), back.states()), (10, 358, 1_384));
        assert_eq!(back.next, fsm.next);
        let mut flipped = bytes.clone();
        flipped[HEADER_LEN + 5] ^= 1;
        assert!(MoveFsm::from_bytes(&flipped).is_none(), "checksum");
        assert!(MoveFsm::from_bytes(&bytes[..bytes.len() - 4]).is_none(), "truncated");
        assert!(MoveFsm::from_bytes(&bytes[..7]).is_none(), "shorter than the header");
        let mut magic = bytes.clone();
        magic[0] = b'X';
        assert!(MoveFsm::from_bytes(&magic).is_none(), "magic");
        // A move to a state that does not exist, with a checksum that matches it.
        let mut wild = bytes;
        wild[HEADER_LEN..HEADER_LEN + 4].copy_from_slice(&5_000u32.to_le_bytes());
        let crc = crc32fast::hash(&wild[HEADER_LEN..]);
        wild[20..24].copy_from_slice(&crc.to_le_bytes());
        assert!(MoveFsm::from_bytes(&wild).is_none(), "transition out of range");
    }

    #[test]
    fn load_or_build_saves_once_and_rebuilds_a_damaged_file() {
        let dir = tempfile::tempdir().unwrap();
        let sub = dir.path().join("cache");
        let first = MoveFsm::load_or_build(8, &sub);
        let path = fsm_path(&sub, 8);
        assert_eq!(fs::read(&path).unwrap(), first.to_bytes(), "saved");
        // A file of another depth under this name is not taken for the one asked for.
        fs::write(&path, MoveFsm::new(6).to_bytes()).unwrap();
        assert_eq!(MoveFsm::load_or_build(8, &sub).next, first.next);
        fs::write(&path, b"garbage").unwrap();
        let again = MoveFsm::load_or_build(8, &sub);
        assert_eq!(again.next, first.next);
        assert_eq!(fs::read(&path).unwrap(), first.to_bytes(), "rewritten");
        // Depths are clamped as by `new`, also in the file name.
        assert_eq!(MoveFsm::load_or_build(0, &sub).max_len(), 1);
        assert!(fsm_path(&sub, 1).exists());
    }
}
