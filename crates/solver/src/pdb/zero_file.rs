//! Zero-aware tables in the cache folder: `zero-pdb-…-4bit.bin`, the usual file format
//! ([`super::file`]) with kind 1 in the header and the entries in rank order, 4 bits each (64 MB
//! for six tiles of the 24-puzzle); loading expands them into the direct layout in seconds,
//! where building takes about a minute per table.

use std::fs;
use std::io;
use std::path::Path;
use std::time::Instant;

use super::file::{CacheEvent, PdbCache};
use super::header::{header_of_kind, verify_kind, HEADER_LEN};
use super::pattern::Pattern;
use super::zero_aware::ZeroAwareTable;

/// The header's kind byte of a zero-aware file.
const KIND: u8 = 1;

/// The file name of `pattern`'s zero-aware table.
pub fn zero_file_name(pattern: &Pattern) -> String {
    format!("zero-{}", pattern.file_name(4))
}

impl PdbCache {
    /// The zero-aware table of `pattern` from the cache folder, built and saved when missing or
    /// damaged (a damaged file is reported through `on_event` and replaced). A table that cannot
    /// be built (more than six tiles of the 24-puzzle) is an error of kind `InvalidInput`.
    pub fn load_or_build_zero(
        &self,
        pattern: &Pattern,
        on_event: &(dyn Fn(CacheEvent<'_>) + Sync),
    ) -> io::Result<ZeroAwareTable> {
        let t0 = Instant::now();
        let path = self.dir().join(zero_file_name(pattern));
        let reason = match fs::read(&path) {
            Ok(bytes) => match verify_kind(pattern, KIND, &bytes)
                .map(|_| ZeroAwareTable::from_compact(pattern, &bytes[HEADER_LEN..]))
            {
                Ok(Some(table)) => {
                    on_event(CacheEvent::Loaded { pattern, seconds: t0.elapsed().as_secs_f64() });
                    return Ok(table);
                }
                Ok(None) => Some(format!("{}: not a zero-aware table of this pattern", path.display())),
                Err(why) => Some(format!("{}: {why}", path.display())),
            },
            Err(e) if e.kind() == io::ErrorKind::NotFound => None,
            Err(e) => return Err(e),
        };
        on_event(CacheEvent::Building { pattern, reason, path: &path });
        let t0 = Instant::now();
        let table = ZeroAwareTable::build(pattern, &|p| on_event(CacheEvent::Progress(p)))
            .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
        let stored = self.store_zero(&path, &table);
        on_event(CacheEvent::Built { pattern, seconds: t0.elapsed().as_secs_f64() });
        if let Err(error) = stored {
            on_event(CacheEvent::NotSaved { pattern, error: &error });
        }
        Ok(table)
    }

    fn store_zero(&self, path: &Path, table: &ZeroAwareTable) -> io::Result<()> {
        fs::create_dir_all(self.dir())?;
        let payload = table.to_compact();
        searchlab_files::write_atomically(path, |f| {
            f.write_all(&header_of_kind(table.pattern(), 4, KIND, &payload))?;
            f.write_all(&payload)
        })
        .map_err(|e| io::Error::new(e.source.kind(), e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn saved_loaded_and_damage_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let cache = PdbCache::new(dir.path());
        let p = Pattern::new(4, 0, vec![1, 4, 5]).unwrap();
        let events = std::sync::Mutex::new(Vec::new());
        let record = |e: CacheEvent<'_>| match e {
            CacheEvent::Building { reason, .. } => events.lock().unwrap().push(format!("building {reason:?}")),
            CacheEvent::Loaded { .. } => events.lock().unwrap().push("loaded".into()),
            _ => {}
        };
        let built = cache.load_or_build_zero(&p, &record).unwrap();
        let path = dir.path().join("zero-pdb-4x4-b0-1.4.5-4bit.bin");
        assert!(path.is_file());
        let loaded = cache.load_or_build_zero(&p, &record).unwrap();
        assert_eq!(loaded.to_compact(), built.to_compact());
        assert_eq!(loaded.escaped(), built.escaped());
        assert!(built.escaped() > 0, "tiles 1 and 4 wall the corner in");
        // The usual table's file of the same pattern is not taken for a zero-aware one.
        let plain = crate::pdb::build(&p, &|_| {});
        let mut img = crate::pdb::file::header(&p, 4, plain.data()).to_vec();
        img.extend_from_slice(plain.data());
        fs::write(&path, &img).unwrap();
        let again = cache.load_or_build_zero(&p, &record).unwrap();
        assert_eq!(again.to_compact(), built.to_compact());
        // A flipped payload bit is detected and the table rebuilt.
        let mut bytes = fs::read(&path).unwrap();
        bytes[HEADER_LEN + 3] ^= 0x40;
        fs::write(&path, &bytes).unwrap();
        assert_eq!(cache.load_or_build_zero(&p, &record).unwrap().to_compact(), built.to_compact());
        let log = events.lock().unwrap().clone();
        assert_eq!(log[0], "building None");
        assert_eq!(log[1], "loaded");
        assert!(log[2].contains("another pattern or layout"), "{log:?}");
        assert!(log[3].contains("checksum"), "{log:?}");
    }
}
