//! Ctrl-C: one process-wide flag that searches poll, so a long search stops cleanly and the
//! command exits with 130 instead of being killed mid-write. The only Ctrl-C handler of the binary.

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, OnceLock};

static FLAG: OnceLock<Arc<AtomicBool>> = OnceLock::new();

/// The interrupt flag, installing the Ctrl-C handler on first use. Pass it to
/// `SearchOptions::interrupt`, `SolverConfig::stop` (or any long loop) and check it with
/// `Ordering::Relaxed`.
pub fn flag() -> Arc<AtomicBool> {
    FLAG.get_or_init(|| {
        let flag = Arc::new(AtomicBool::new(false));
        let raised = Arc::clone(&flag);
        // If a handler cannot be installed, Ctrl-C simply kills the process as usual.
        let _ = ctrlc::set_handler(move || raised.store(true, std::sync::atomic::Ordering::Relaxed));
        flag
    })
    .clone()
}
