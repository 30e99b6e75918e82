//! `--trace FILE` of `digits`, `npuzzle` and `solve`: the trace is written to a temporary file
//! beside FILE ([`searchlab_files::AtomicFile`]) and renamed over FILE only when the run has
//! written it whole. A trace that cannot be written, an interrupted run or a trace stopped by
//! its size cap leaves no partial file, and an earlier FILE as it was.

use std::path::Path;

use anyhow::Context;
use searchlab_files::AtomicFile;

/// Starts the trace file `path` (exit 2 when its folder cannot take it).
pub fn create(path: &Path) -> anyhow::Result<AtomicFile> {
    AtomicFile::create(path)
        .map_err(|e| e.source)
        .with_context(|| format!("cannot create trace file {}", path.display()))
}

/// Keeps the complete trace: flushed to disk, renamed over its path.
pub fn keep(file: AtomicFile) -> anyhow::Result<()> {
    Ok(file.commit()?)
}
