//! The pattern-database cache and its build messages (stderr, with a progress bar) that
//! `pdb`, `pdb search`, `solve` and `bench` share.

use std::path::PathBuf;
use std::sync::Mutex;

use indicatif::{ProgressBar, ProgressStyle};
use searchlab_solver::pdb::{CacheEvent, PdbCache};

/// The cache chosen by `--pdb-dir` or the default folder; its files are memory-mapped, and a
/// build above `--memory-limit` (default: the memory available now) is refused up front.
pub fn cache(dir: Option<PathBuf>, memory_limit: Option<u64>) -> PdbCache {
    let dir = dir.unwrap_or_else(PdbCache::default_dir);
    // SAFETY: searchlab never modifies a cache file in place (it writes a temporary file and
    // renames it), and the cache folder is the user's own; a file changed by hand while a search
    // runs is outside the documented use.
    unsafe { PdbCache::new_mapped(dir) }.with_memory_limit(crate::memory::build_limit(memory_limit))
}

/// Says on stderr when a database is rejected or built, with a progress bar while it builds.
#[derive(Default)]
pub struct BuildMessages {
    bar: Mutex<Option<ProgressBar>>,
}

impl BuildMessages {
    /// Reports one cache event.
    pub fn on(&self, event: CacheEvent<'_>) {
        match event {
            CacheEvent::Building { pattern, reason, path } => {
                if let Some(why) = reason {
                    eprintln!("searchlab: rejected cached pattern database {why}");
                }
                eprintln!(
                    "searchlab: building pattern database of the tiles with goal cells {pattern} ({} entries) -> {}",
                    pattern.entries(),
                    path.display()
                );
                let pb = ProgressBar::new(pattern.entries());
                pb.set_style(
                    ProgressStyle::with_template("{msg:>10} [{elapsed_precise}] {wide_bar} {percent:>3}% ETA {eta}")
                        .expect("valid template"),
                );
                *self.bar.lock().expect("bar") = Some(pb);
            }
            CacheEvent::Progress(p) => {
                if let Some(pb) = self.bar.lock().expect("bar").as_ref() {
                    pb.set_message(format!("layer {}", p.layer));
                    pb.set_position(p.settled);
                }
            }
            CacheEvent::Built { pattern, seconds } => {
                if let Some(pb) = self.bar.lock().expect("bar").take() {
                    pb.finish_and_clear();
                }
                eprintln!("searchlab: built {pattern} in {seconds:.1} s");
            }
            CacheEvent::NotSaved { pattern, error } => eprintln!(
                "searchlab: warning: the pattern database of the tiles with goal cells {pattern} was not saved \
                 ({error}); it is used from memory and will be built again next time"
            ),
            CacheEvent::Loaded { .. } => {}
        }
    }
}
