//! `searchlab pdb`: build (or verify) pattern databases in the cache folder.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::Context;
use searchlab_npuzzle::Board;
use searchlab_solver::pdb::file::HEADER_LEN;
use searchlab_solver::pdb::Partition;

use super::pdb_cache::{cache, BuildMessages};

use crate::exit::Exit;

const AFTER_HELP: &str = "\
Examples:
  searchlab pdb build --size 4 --pattern 7-8      # the 15-puzzle's 7-8 databases (minutes, once)
  searchlab pdb build --size 4 --pattern 6-6-3    # seconds
  searchlab pdb build --size 5 --pattern 6-6-6-6  # the 24-puzzle's databases
  searchlab pdb build --size 4 --pattern 5-5-5 --pdb-dir /tmp/pdb
  searchlab pdb search --size 5 --pattern 6-6-6-6 --exact 2   # look for better groups

Files are named pdb-<w>x<w>-b<blank goal cell>-<pattern goal cells>-<bits>bit.bin and carry a
checksummed header: a stale, truncated or corrupt file is reported and rebuilt, never trusted.
Tiles are identified by their goal cells, so one file serves every goal with the blank on the
same cell.";

/// Arguments of `searchlab pdb`.
#[derive(Debug, clap::Args)]
#[command(after_help = AFTER_HELP)]
pub struct Args {
    #[command(subcommand)]
    action: Action,
}

#[derive(Debug, clap::Subcommand)]
enum Action {
    /// Build the databases of a partition (those already cached and valid are only verified).
    Build(BuildArgs),
    /// Search for a partition: hill climbing on the estimated mean heuristic of sampled boards.
    Search(super::pdb_search::SearchArgs),
}

#[derive(Debug, clap::Args)]
struct BuildArgs {
    /// Board side length (4 for the 15-puzzle, 5 for the 24-puzzle).
    #[arg(long)]
    size: usize,
    /// Partition: pattern sizes joined by '-', e.g. 7-8, 6-6-3, 5-5-5, 6-6-6-6; or the groups of goal
    /// cells themselves, cells joined by '.', groups by '/' (as `pdb search` prints them).
    #[arg(long)]
    pattern: String,
    /// Goal board (comma-separated, 0 = blank); default: blank first (0,1,2,...).
    #[arg(long)]
    goal: Option<String>,
    /// Cache folder (default: the user's cache directory, e.g. ~/.cache/searchlab/pdb).
    #[arg(long)]
    pdb_dir: Option<PathBuf>,
    /// Rebuild even if a valid file is cached.
    #[arg(long)]
    force: bool,
    /// Refuse a build whose estimated peak memory is above this (e.g. 2G, 512M) [default: the
    /// memory available now, MemAvailable in /proc/meminfo].
    #[arg(long, value_name = "BYTES", value_parser = crate::memory::parse_bytes)]
    memory_limit: Option<u64>,
}

/// Runs `searchlab pdb`.
pub fn run(args: Args) -> anyhow::Result<Exit> {
    let a = match args.action {
        Action::Build(a) => a,
        Action::Search(a) => return super::pdb_search::run(a),
    };
    if !(2..=5).contains(&a.size) {
        anyhow::bail!("--size {}: pattern databases are built for 2×2 to 5×5 boards", a.size);
    }
    let blank_goal = match &a.goal {
        Some(g) => {
            let goal = Board::parse(g)?;
            if goal.width() != a.size {
                anyhow::bail!("--goal has {} tiles, --size {} needs {}", goal.tiles().len(), a.size, a.size * a.size);
            }
            goal.blank() as u8
        }
        None => 0,
    };
    let partition = Partition::named(a.size, blank_goal, &a.pattern)?;
    let cache = cache(a.pdb_dir, a.memory_limit);
    if a.force {
        for p in &partition.patterns {
            if let Some(path) = cache.existing(p) {
                std::fs::remove_file(&path).with_context(|| format!("removing {}", path.display()))?;
            }
        }
    }
    let messages = BuildMessages::default();
    for pattern in &partition.patterns {
        let t0 = Instant::now();
        let pdb = cache
            .load_or_build(pattern, &|e| messages.on(e))
            .with_context(|| format!("pattern database cache {}", cache.dir().display()))?;
        let seconds = t0.elapsed().as_secs_f64();
        if pdb.path().is_none() {
            anyhow::bail!("the pattern database of {pattern} could not be saved in {}", cache.dir().display());
        }
        // Time a fresh map + full verification, i.e. what every later `solve` pays.
        let t1 = Instant::now();
        drop(cache.load(pattern)?);
        let load = t1.elapsed().as_secs_f64();
        crate::output::print(&format!(
            "{}  {} entries, {} bits/entry, {} bytes, ready in {seconds:.2} s, load+verify {load:.3} s\n",
            pdb.path().map(|p| p.display().to_string()).unwrap_or_default(),
            pattern.entries(),
            pdb.bits(),
            pdb.payload().len() + HEADER_LEN,
        ))?;
    }
    Ok(Exit::Answered)
}
