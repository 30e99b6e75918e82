//! Ctrl-C (and SIGTERM, SIGHUP): one process-wide flag that searches poll, so a long search
//! stops cleanly and the command exits with 130 instead of being killed mid-write. The only
//! handler of the binary, installed when `main` starts. The programs `check` and `grade` run
//! are ended at once, every one of them (`searchlab_check::stop_live_runs`: their cgroups or
//! process groups, their folders removed). Work that does not poll the flag (a database
//! build, a report's batch, writing files) is ended by the handler itself after [`GRACE`],
//! or at once on a second signal: temporary files removed, `searchlab: interrupted`, exit 130.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

static FLAG: OnceLock<Arc<AtomicBool>> = OnceLock::new();

/// How long a command has after Ctrl-C to stop by itself (searches poll the flag every few
/// thousand nodes and stop within milliseconds).
pub const GRACE: Duration = Duration::from_millis(1500);

/// Ends the process as an interrupted command: no temporary file left, one line, exit 130.
fn end() -> ! {
    searchlab_check::stop_live_runs();
    searchlab_files::remove_live_temporaries();
    eprintln!("searchlab: interrupted");
    std::process::exit(130)
}

/// The interrupt flag, installing the Ctrl-C handler on first use. Pass it to
/// `SearchOptions::interrupt`, `SolverConfig::stop` (or any long loop) and check it with
/// `Ordering::Relaxed`.
pub fn flag() -> Arc<AtomicBool> {
    FLAG.get_or_init(|| {
        let flag = Arc::new(AtomicBool::new(false));
        let raised = Arc::clone(&flag);
        // If a handler cannot be installed, Ctrl-C simply kills the process as usual.
        let _ = ctrlc::set_handler(move || {
            if raised.swap(true, Ordering::Relaxed) {
                end();
            }
            searchlab_check::stop_live_runs();
            std::thread::spawn(|| {
                std::thread::sleep(GRACE);
                end();
            });
        });
        flag
    })
    .clone()
}

/// The error that ends an interrupted command: `searchlab: interrupted`, exit 130.
pub fn interrupted() -> anyhow::Error {
    crate::exit::Failure::new(crate::exit::Exit::Interrupted, "interrupted").into()
}
