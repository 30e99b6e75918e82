//! The on-disk format of a pattern database and the cache folder that holds them.
//!
//! A file is a 64-byte header (`super::header`) followed by the packed entries.
//!
//! Files are written to a temporary name and renamed, so a crash never leaves a half-written file
//! under the real name; any file whose header, size or checksums disagree is reported and rebuilt.
//!
//! A [`PdbCache`] reads files into memory. Mapping them instead (no copy, loads in milliseconds)
//! is an explicit, `unsafe` opt-in: [`PdbCache::new_mapped`], whose caller promises that the files
//! are not modified while mapped.

use std::fs::{self, File};
use std::io;
use std::path::{Path, PathBuf};
use std::time::Instant;

use memmap2::Mmap;

use super::build::{build, build_bytes, BuildProgress, Built};
use super::loaded::{Bytes, LoadedPdb};
use super::pattern::Pattern;
use crate::error::BuildRefused;

pub use super::header::{header, verify, Invalid, HEADER_LEN};

/// What the cache tells its caller (for messages and progress bars).
#[derive(Debug, Clone)]
pub enum CacheEvent<'a> {
    /// A database is about to be built; `reason` says why a cached file was not used.
    Building {
        /// The pattern.
        pattern: &'a Pattern,
        /// Why the cached file was rejected (`None`: there was none).
        reason: Option<String>,
        /// Where it will be written.
        path: &'a Path,
    },
    /// Build progress.
    Progress(BuildProgress),
    /// Built and saved (or kept in memory only: [`CacheEvent::NotSaved`] follows).
    Built {
        /// The pattern.
        pattern: &'a Pattern,
        /// Build seconds.
        seconds: f64,
    },
    /// Built, but the cache folder could not take the file: the database is used from memory
    /// and will be built again next time.
    NotSaved {
        /// The pattern.
        pattern: &'a Pattern,
        /// Why the file could not be written.
        error: &'a io::Error,
    },
    /// Loaded from the cache.
    Loaded {
        /// The pattern.
        pattern: &'a Pattern,
        /// Load (map + verify) seconds.
        seconds: f64,
    },
}

/// A folder of database files.
#[derive(Debug, Clone)]
pub struct PdbCache {
    dir: PathBuf,
    map: bool,
    memory_limit: Option<u64>,
}

impl PdbCache {
    /// A cache in `dir` (created on first write); loaded files are read into memory.
    pub fn new(dir: impl Into<PathBuf>) -> PdbCache {
        PdbCache { dir: dir.into(), map: false, memory_limit: None }
    }

    /// A cache in `dir` whose files are memory-mapped instead of read (a 288 MB 7-8 set then
    /// loads in tens of milliseconds instead of a copy).
    ///
    /// # Safety
    /// A mapped file must not be modified or truncated, by this or any other process, while a
    /// [`LoadedPdb`] loaded from it is alive: the database's bytes would change under the search
    /// (undefined behaviour). This crate never writes a cache file in place: it writes a temporary
    /// file and renames it over the old name, which leaves a mapped file intact.
    pub unsafe fn new_mapped(dir: impl Into<PathBuf>) -> PdbCache {
        PdbCache { dir: dir.into(), map: true, memory_limit: None }
    }

    /// `<user cache dir>/searchlab/pdb` (e.g. `~/.cache/searchlab/pdb`), or `./searchlab-pdb` when
    /// the platform has no cache directory.
    pub fn default_dir() -> PathBuf {
        dirs::cache_dir().map(|d| d.join("searchlab").join("pdb")).unwrap_or_else(|| PathBuf::from("searchlab-pdb"))
    }

    /// The same cache, refusing to build a database whose estimated peak memory
    /// ([`build_bytes`]) is above `limit` bytes (`None`: no limit).
    pub fn with_memory_limit(mut self, limit: Option<u64>) -> PdbCache {
        self.memory_limit = limit;
        self
    }

    /// The folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Candidate files for a pattern (4-bit first).
    fn candidates(&self, pattern: &Pattern) -> [PathBuf; 2] {
        [self.dir.join(pattern.file_name(4)), self.dir.join(pattern.file_name(8))]
    }

    /// The cached file for `pattern` if one exists (not yet verified).
    pub fn existing(&self, pattern: &Pattern) -> Option<PathBuf> {
        self.candidates(pattern).into_iter().find(|p| p.is_file())
    }

    /// Maps and verifies the cached file of `pattern`: `Ok(None)` when there is none,
    /// `Err((path, why))` when one exists but is not to be trusted.
    pub fn load(&self, pattern: &Pattern) -> io::Result<Result<Option<LoadedPdb>, (PathBuf, Invalid)>> {
        let Some(path) = self.existing(pattern) else { return Ok(Ok(None)) };
        let bytes = if self.map {
            let file = File::open(&path)?;
            // SAFETY: the map is read-only, and whoever made this cache with `new_mapped` promised
            // that its files are not modified while mapped (this crate only replaces them by rename).
            Bytes::Mapped(unsafe { Mmap::map(&file)? })
        } else {
            Bytes::Owned(fs::read(&path)?)
        };
        Ok(match verify(pattern, bytes.as_slice()) {
            Ok(bits) => Ok(Some(LoadedPdb { pattern: pattern.clone(), bits, path: Some(path), bytes })),
            Err(why) => Err((path, why)),
        })
    }

    /// Writes a built database (temporary file, then rename) and returns its path.
    pub fn store(&self, built: &Built) -> io::Result<PathBuf> {
        fs::create_dir_all(&self.dir)?;
        let pattern = built.pattern();
        let path = self.dir.join(pattern.file_name(built.bits()));
        searchlab_files::write_atomically(&path, |f| {
            f.write_all(&header(pattern, built.bits(), built.data()))?;
            f.write_all(built.data())
        })
        .map_err(|e| io::Error::new(e.source.kind(), e))?;
        // A stale file with the other bit width would shadow or confuse later loads.
        for other in self.candidates(pattern) {
            if other != path && other.exists() {
                let _ = fs::remove_file(other);
            }
        }
        Ok(path)
    }

    /// Loads `pattern` from the cache, building (and saving) it when missing or not trusted.
    pub fn load_or_build(
        &self,
        pattern: &Pattern,
        on_event: &(dyn Fn(CacheEvent<'_>) + Sync),
    ) -> io::Result<LoadedPdb> {
        let t0 = Instant::now();
        // Temporary files of builds that were killed or failed before their rename.
        let _ = searchlab_files::remove_stale_temporaries(&self.dir);
        let reason = match self.load(pattern)? {
            Ok(Some(pdb)) => {
                on_event(CacheEvent::Loaded { pattern, seconds: t0.elapsed().as_secs_f64() });
                return Ok(pdb);
            }
            Ok(None) => None,
            Err((path, why)) => {
                let _ = fs::remove_file(&path);
                Some(format!("{}: {why}", path.display()))
            }
        };
        let bytes = build_bytes(pattern);
        if let Some(limit) = self.memory_limit.filter(|&limit| bytes > limit) {
            let refused = BuildRefused { pattern: pattern.to_string(), entries: pattern.entries(), bytes, limit };
            return Err(io::Error::new(io::ErrorKind::OutOfMemory, refused));
        }
        let target = self.dir.join(pattern.file_name(4));
        on_event(CacheEvent::Building { pattern, reason, path: &target });
        let t0 = Instant::now();
        let built = build(pattern, &|p| on_event(CacheEvent::Progress(p)));
        let stored = self.store(&built);
        on_event(CacheEvent::Built { pattern, seconds: t0.elapsed().as_secs_f64() });
        if let Err(error) = stored {
            on_event(CacheEvent::NotSaved { pattern, error: &error });
            return Ok(LoadedPdb::from_built(built));
        }
        match self.load(pattern)? {
            Ok(Some(pdb)) => Ok(pdb),
            Ok(None) => Err(io::Error::other("database vanished after writing")),
            Err((path, why)) => Err(io::Error::other(format!("{}: {why} right after writing", path.display()))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn small() -> Pattern {
        Pattern::new(3, 0, vec![1, 2, 3]).unwrap()
    }

    #[test]
    fn round_trip_and_corruption_is_detected() {
        let dir = tempfile::tempdir().unwrap();
        // SAFETY: the test rewrites files only after dropping every database loaded from them.
        let cache = unsafe { PdbCache::new_mapped(dir.path()) };
        let p = small();
        let events = std::sync::Mutex::new(Vec::new());
        let record = |e: CacheEvent<'_>| {
            let tag = match e {
                CacheEvent::Building { reason, .. } => format!("building {}", reason.unwrap_or_default()),
                CacheEvent::Progress(_) => return,
                CacheEvent::Built { .. } => "built".into(),
                CacheEvent::NotSaved { .. } => "not saved".into(),
                CacheEvent::Loaded { .. } => "loaded".into(),
            };
            events.lock().unwrap().push(tag);
        };
        let first = cache.load_or_build(&p, &record).unwrap();
        let payload = first.payload().to_vec();
        drop(first);
        let again = cache.load_or_build(&p, &record).unwrap();
        assert_eq!(again.payload(), &payload[..]);
        drop(again);
        let path = cache.existing(&p).unwrap();
        assert_eq!(path.file_name().unwrap(), "pdb-3x3-b0-1.2.3-4bit.bin");

        // Flip one payload bit: detected, rebuilt, identical result.
        let mut bytes = fs::read(&path).unwrap();
        bytes[HEADER_LEN + 10] ^= 0x10;
        fs::write(&path, &bytes).unwrap();
        assert!(matches!(cache.load(&p).unwrap(), Err((_, Invalid::PayloadChecksum))));
        let rebuilt = cache.load_or_build(&p, &record).unwrap();
        assert_eq!(rebuilt.payload(), &payload[..]);
        drop(rebuilt);

        // Truncate: detected.
        let bytes = fs::read(&path).unwrap();
        fs::write(&path, &bytes[..bytes.len() - 3]).unwrap();
        assert!(matches!(cache.load(&p).unwrap(), Err((_, Invalid::Size { .. }))));
        // Header damage and short files.
        let mut h = bytes.clone();
        h[9] = 4;
        fs::write(&path, &h).unwrap();
        assert_eq!(cache.load(&p).unwrap().unwrap_err().1, Invalid::HeaderChecksum);
        fs::write(&path, &bytes[..20]).unwrap();
        assert_eq!(cache.load(&p).unwrap().unwrap_err().1, Invalid::TooShort(20));
        // A valid file of another pattern under this name is stale.
        let other = Pattern::new(3, 0, vec![1, 2, 4]).unwrap();
        let built = build(&other, &|_| {});
        let mut img = header(&other, built.bits(), built.data()).to_vec();
        img.extend_from_slice(built.data());
        fs::write(&path, &img).unwrap();
        assert_eq!(cache.load(&p).unwrap().unwrap_err().1, Invalid::WrongPattern);

        let log = events.lock().unwrap().clone();
        assert_eq!(log[0], "building ");
        assert_eq!(log[1], "built");
        assert_eq!(log[2], "loaded");
        assert!(log[3].starts_with("building ") && log[3].contains("checksum"), "{log:?}");
    }
}
