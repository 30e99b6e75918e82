//! `searchlab serve`: the replay web app on 127.0.0.1.

use std::io::Write;

use crate::exit::Exit;

const AFTER_HELP: &str = "\
Open the printed address in a browser. Enter or randomize a 3-digit instance or an 8-puzzle
board, pick one algorithm or two side by side, and replay the recorded search: play, pause,
step, step back, speed and a timeline; live counters, the frontier in its discipline's
order, the expanded list, and the search tree with the solution path. The final statistics
are the command line's for the same input.

The server listens on 127.0.0.1 only and needs no network: the page is built into the
binary. Board replays stop after 10000 expansions. Ctrl-C stops the server.

Examples:
  searchlab serve                 http://127.0.0.1:8080
  searchlab serve --port 0        any free port (the address is printed)";

/// Arguments of `searchlab serve`.
#[derive(Debug, clap::Args)]
#[command(after_help = AFTER_HELP)]
pub struct Args {
    /// The port on 127.0.0.1 (0: any free port).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
}

/// Runs `searchlab serve` until Ctrl-C.
pub fn run(args: Args) -> anyhow::Result<Exit> {
    searchlab_viz::serve::serve(args.port, |addr| {
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "searchlab serve: listening on http://{addr}/ (Ctrl-C stops)");
        let _ = out.flush();
    })
    .map_err(|e| anyhow::anyhow!("cannot serve on 127.0.0.1:{}: {e}", args.port))?;
    Ok(Exit::Interrupted)
}
