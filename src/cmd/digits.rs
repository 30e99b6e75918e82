//! `searchlab digits`: the 3-digit puzzle.

use crate::exit::Exit;

/// Arguments of `searchlab digits`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Strategy letter (B D I G A H) or name.
    pub strategy: String,
    /// Input file.
    pub file: std::path::PathBuf,
}

/// Runs `searchlab digits`.
pub fn run(_args: Args) -> anyhow::Result<Exit> {
    anyhow::bail!("not implemented yet")
}
