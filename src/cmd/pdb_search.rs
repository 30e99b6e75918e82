//! `searchlab pdb search`: which tiles to group. Hill climbing over partitions scored by an
//! estimate of the mean heuristic on sampled boards; finalists scored with their real databases.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::Context;
use searchlab_solver::pdb::{search_partitions, Candidate, Partition, PdbTable, SearchConfig};

use crate::exit::Exit;

/// Arguments of `searchlab pdb search`.
#[derive(Debug, clap::Args)]
pub struct SearchArgs {
    /// Board side length (4 for the 15-puzzle, 5 for the 24-puzzle); the blank's goal is cell 0.
    #[arg(long)]
    size: usize,
    /// The partition to start from; the group sizes are kept (e.g. 6-6-6-6, or the groups
    /// themselves as 1.2.5.6.7.12/3.4.8.9.13.14/...).
    #[arg(long)]
    pattern: String,
    /// Random boards the partitions are scored on.
    #[arg(long, default_value_t = 2000)]
    samples: usize,
    /// Random starts of the hill climbing, besides --pattern.
    #[arg(long, default_value_t = 16)]
    restarts: usize,
    /// Seed of the boards and the random starts (same seed, same result on any machine).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Candidates printed, best first.
    #[arg(long, default_value_t = 5)]
    top: usize,
    /// Also score --pattern and the best N candidates with their real databases (loaded from
    /// the cache, built if missing: minutes and 64 MB each for a 6-tile 24-puzzle pattern).
    #[arg(long, value_name = "N", default_value_t = 0)]
    exact: usize,
    /// Look for a second partition to max over besides this one (`pdb-<WITH>,<found>`): a board
    /// scores the larger of the two.
    #[arg(long, value_name = "PARTITION")]
    with: Option<String>,
    /// Score without the mirror lookup (as `pdb-...-noreflect` searches).
    #[arg(long)]
    noreflect: bool,
    /// Cache folder for --exact (default: the user's cache directory).
    #[arg(long)]
    pdb_dir: Option<PathBuf>,
    /// Refuse a build above this peak memory (e.g. 2G) [default: the memory available now].
    #[arg(long, value_name = "BYTES", value_parser = crate::memory::parse_bytes)]
    memory_limit: Option<u64>,
}

/// Runs `searchlab pdb search`.
pub fn run(a: SearchArgs) -> anyhow::Result<Exit> {
    if !(3..=5).contains(&a.size) {
        anyhow::bail!("--size {}: partitions are searched for 3×3 to 5×5 boards", a.size);
    }
    if a.samples == 0 {
        anyhow::bail!("--samples must be at least 1");
    }
    Partition::named(a.size, 0, &a.pattern)?;
    let reflect = !a.noreflect;
    let config = SearchConfig {
        width: a.size,
        start: a.pattern.clone(),
        samples: a.samples,
        restarts: a.restarts,
        seed: a.seed,
        reflect,
        with: a.with.clone(),
    };
    if let Some(w) = &a.with {
        Partition::named(a.size, 0, w)?;
    }
    let t0 = Instant::now();
    let result = search_partitions(&config, &|k, c| {
        eprintln!("searchlab: start {k}/{}: estimate {:.3}  {}", config.restarts, c.estimate, c.name());
    })?;
    let mut out = format!(
        "partition search on {w}×{w}, {} boards (seed {}), {} starts, {:.1} s; mean md {:.3}\n",
        result.boards.len(),
        a.seed,
        a.restarts + 1,
        t0.elapsed().as_secs_f64(),
        result.boards.mean_md(),
        w = a.size,
    );
    let cache = (a.exact > 0).then(|| super::pdb_cache::cache(a.pdb_dir.clone(), a.memory_limit));
    let messages = super::pdb_cache::BuildMessages::default();
    let exact = |c: &Candidate| -> anyhow::Result<String> {
        let Some(cache) = &cache else { return Ok("-".into()) };
        let name = match &a.with {
            Some(w) => format!("{w},{}", c.name()),
            None => c.name(),
        };
        let partition = Partition::named(a.size, 0, &name)?;
        let loaded = partition
            .patterns
            .iter()
            .map(|p| cache.load_or_build(p, &|e| messages.on(e)))
            .collect::<Result<Vec<_>, _>>()
            .with_context(|| format!("pattern database cache {}", cache.dir().display()))?;
        let tables: Vec<PdbTable<'_>> = loaded.iter().map(|l| l.table()).collect();
        let parts: Vec<&[PdbTable<'_>]> = match &partition.parts[..] {
            [first, _] => vec![&tables[..*first], &tables[*first..]],
            _ => vec![&tables[..]],
        };
        Ok(format!("{:.3}", result.boards.mean_h(&parts, reflect)))
    };
    out.push_str(&format!("{:>6} {:>9} {:>9}  heuristic\n", "rank", "estimate", "exact"));
    let suffix = if reflect { "" } else { "-noreflect" };
    let with = a.with.as_ref().map_or(String::new(), |w| format!("{w},"));
    let start_exact = exact(&result.start)?;
    out.push_str(&format!(
        "{:>6} {:>9.3} {:>9}  pdb-{with}{}{suffix}\n",
        "start",
        result.start.estimate,
        start_exact,
        result.start.name()
    ));
    for (i, c) in result.found.iter().take(a.top).enumerate() {
        let e = if i < a.exact { exact(c)? } else { "-".into() };
        out.push_str(&format!("{:>6} {:>9.3} {:>9}  pdb-{with}{}{suffix}\n", i + 1, c.estimate, e, c.name()));
    }
    crate::output::print(&out)?;
    Ok(Exit::Answered)
}
