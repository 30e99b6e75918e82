//! `searchlab man`: prints the man page (roff, clap_mangen).

use std::io::Write;

use crate::exit::Exit;

const AFTER_HELP: &str = "\
Examples:
  searchlab man | man -l -
  searchlab man > ~/.local/share/man/man1/searchlab.1";

/// Arguments of `searchlab man` (none).
#[derive(Debug, clap::Args)]
#[command(after_help = AFTER_HELP)]
pub struct Args {}

/// Writes the man page of `command` (the whole command line) to stdout.
pub fn run(_args: Args, command: clap::Command) -> anyhow::Result<Exit> {
    let mut page = Vec::new();
    clap_mangen::Man::new(command).title("SEARCHLAB").render(&mut page)?;
    std::io::stdout().lock().write_all(&page)?;
    Ok(Exit::Answered)
}
