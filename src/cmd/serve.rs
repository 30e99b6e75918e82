//! `searchlab serve`: the replay web app on 127.0.0.1.

use std::io::Write;

use searchlab_registry::PUZZLES;
use searchlab_serve::serve::REPLAY_EXPANSION_LIMIT;

use crate::exit::{Exit, Failure};

/// The help text after the options: the registered puzzles and their strategies.
fn after_help() -> String {
    let puzzles: Vec<String> = PUZZLES
        .iter()
        .map(|p| {
            let kind = if p.is_local() { ", local search move by move" } else { "" };
            format!("  {:<16}{}{kind} ({})", p.name(), p.title(), p.strategy_names().join(" "))
        })
        .collect();
    format!(
        "\
Open the printed address in a browser. Enter or randomize an instance of a puzzle, pick one
algorithm or two side by side, and replay the recorded search one expansion (or one event)
at a time: each algorithm's rule, every step in words, g, h and f of the selected node, why
the search stopped, live counters, the frontier in order, the expanded list and the search
tree. The final statistics are the command line's for the same input. The URL holds the run;
a --trace file can be loaded; a program's pasted output is compared with the reference. The
puzzles and their algorithms:

{}
  {:<16}15-puzzle by IDA* (ida), linear conflicts, at most {} generated nodes

The server listens on 127.0.0.1 only and needs no network: the page is built into the
binary. Replays of puzzles without an expansion limit of their own (boards) stop after
{REPLAY_EXPANSION_LIMIT} expansions; a local search's replay keeps its first {} events (the
search stops there). Ctrl-C stops the server.

Examples:
  searchlab serve                 http://127.0.0.1:8080
  searchlab serve --port 0        any free port (the address is printed)",
        puzzles.join("\n"),
        searchlab_registry::ida::NAME,
        searchlab_registry::ida::IDA_BUDGET,
        searchlab_trace::local::recording::MAX_FRAMES,
    )
}

/// Arguments of `searchlab serve`.
#[derive(Debug, clap::Args)]
#[command(after_help = after_help())]
pub struct Args {
    /// The port on 127.0.0.1 (0: any free port).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
}

/// Runs `searchlab serve` until Ctrl-C, which ends it as every command ends when
/// interrupted: the searches still running stopped, `searchlab: interrupted`, exit 130.
pub fn run(args: Args) -> anyhow::Result<Exit> {
    searchlab_serve::serve::serve(args.port, crate::interrupt::flag(), |addr| {
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "searchlab serve: listening on http://{addr}/ (Ctrl-C stops)");
        let _ = out.flush();
    })
    .map_err(|e| anyhow::anyhow!("cannot serve on 127.0.0.1:{}: {e}", args.port))?;
    Err(Failure::new(Exit::Interrupted, "interrupted").into())
}
