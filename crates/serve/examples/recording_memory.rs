//! The memory of one heavy replay, as `searchlab serve` records it: BFS on the 8-puzzle board
//! `8,6,7,2,5,4,3,0,1` (about a million events), its recording and its JSON. Prints the
//! process's resident memory (VmRSS) and its peak (VmHWM) after each step (Linux).
//!
//! ```sh
//! cargo run -p searchlab-serve --example recording_memory
//! ```

use searchlab_registry::Replay;
use searchlab_serve::serve::{record, RunRequest};

/// `VmRSS` and `VmHWM` of this process, in MB.
fn memory() -> String {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let mb = |name: &str| {
        let line = status.lines().find(|l| l.starts_with(name)).unwrap_or("");
        line.split_whitespace().nth(1).and_then(|kb| kb.parse::<f64>().ok()).map_or(0.0, |kb| kb / 1024.0)
    };
    format!("resident {:.0} MB, peak {:.0} MB", mb("VmRSS:"), mb("VmHWM:"))
}

fn main() {
    let request: RunRequest =
        serde_json::from_str(r#"{"puzzle":"npuzzle","board":"8,6,7,2,5,4,3,0,1","algorithm":"bfs"}"#).unwrap();
    println!("start: {}", memory());
    let Replay::Path(recording) = record(&request).unwrap() else {
        unreachable!("the 8-puzzle is searched for a path")
    };
    let trace = &recording.trace;
    println!(
        "recorded ({} events, {} states, {} integers): {}",
        trace.count,
        trace.states.len(),
        trace.steps.len(),
        memory()
    );
    let json = serde_json::to_vec(&recording).unwrap();
    println!("serialized ({} bytes of JSON): {}", json.len(), memory());
    drop((recording, json));
    println!("dropped: {}", memory());
}
