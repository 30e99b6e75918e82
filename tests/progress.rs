//! Progress of `solve` and `bench` on stderr: shown on a terminal, absent otherwise, and never a
//! change to what stdout says. The terminal is a pseudo-terminal from `script` (util-linux, in
//! Debian's essential `bsdutils`).

use std::path::Path;
use std::process::Command as Process;

use assert_cmd::Command;
use serde_json::Value;

fn searchlab() -> Command {
    Command::cargo_bin("searchlab").unwrap()
}

/// Korf #79 (optimal length 42, `crates/solver/data/korf100.txt`): a few IDA* iterations with
/// Manhattan distance, milliseconds even in a debug build.
const KORF79: &str = "0,1,9,7,11,13,5,3,14,12,4,2,8,6,10,15";

/// `solve`'s text without the time figures of its last line (`; 0.001 s (7.3 M nodes/s)`).
fn without_times(stdout: &[u8]) -> String {
    let text = String::from_utf8(stdout.to_vec()).unwrap();
    text.lines().map(|l| l.split("; ").next().unwrap()).collect::<Vec<_>>().join("\n")
}

/// Runs `searchlab ARGS > out` on a pseudo-terminal: returns what the terminal showed (stderr)
/// and what went to the file (stdout).
fn on_a_terminal(args: &str, dir: &Path) -> (String, Vec<u8>) {
    let bin = assert_cmd::cargo::cargo_bin("searchlab");
    let out = dir.join("out.txt");
    let line = format!("{} {args} > {}", bin.display(), out.display());
    let run = Process::new("script").args(["-qec", &line, "/dev/null"]).output().expect("script (util-linux) runs");
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    (String::from_utf8_lossy(&run.stdout).into_owned(), std::fs::read(&out).unwrap())
}

#[test]
fn solve_is_quiet_when_stderr_is_not_a_terminal() {
    let plain = searchlab().args(["solve", "--heuristic", "manhattan", KORF79]).output().unwrap();
    assert!(plain.status.success());
    assert_eq!(String::from_utf8_lossy(&plain.stderr), "", "no progress on a pipe");
    let text = without_times(&plain.stdout);
    assert!(text.starts_with("Optimal solution: 42 moves (heuristic manhattan, initial h "), "{text}");
    let quiet = searchlab().args(["solve", "--heuristic", "manhattan", "--no-progress", KORF79]).output().unwrap();
    assert_eq!((quiet.stderr.len(), without_times(&quiet.stdout)), (0, text));
}

#[test]
fn solve_shows_each_iteration_on_a_terminal_and_the_same_answer() {
    let dir = tempfile::tempdir().unwrap();
    let (screen, stdout) = on_a_terminal(&format!("solve --heuristic manhattan {KORF79}"), dir.path());
    let plain = searchlab().args(["solve", "--heuristic", "manhattan", KORF79]).output().unwrap();
    assert_eq!(without_times(&stdout), without_times(&plain.stdout), "stdout unchanged");
    // One line per iteration, numbered from 1, bounds rising by 2 (Manhattan keeps the parity)
    // from the initial h to the optimal length; as many as stdout's iterations.
    let text = without_times(&plain.stdout);
    let h0: u32 = text.split("initial h ").nth(1).unwrap().split(')').next().unwrap().parse().unwrap();
    let iterations: u32 = text.split(" in ").nth(1).unwrap().split(' ').next().unwrap().parse().unwrap();
    for k in 1..=iterations {
        let bound = h0 + 2 * (k - 1);
        assert!(screen.contains(&format!("iteration {k}, bound {bound}: ")), "iteration {k} in {screen:?}");
    }
    assert_eq!(h0 + 2 * (iterations - 1), 42);
    assert!(!screen.contains(&format!("iteration {}, bound", iterations + 1)));
    assert!(screen.contains(" nodes generated (") && screen.contains(" M nodes/s"), "{screen:?}");
    // --no-progress: nothing on the terminal.
    let (screen, _) = on_a_terminal(&format!("solve --heuristic manhattan --no-progress {KORF79}"), dir.path());
    assert_eq!(screen, "");
}

/// `bench --json` without its times (seconds, CPU seconds, nodes/s).
fn bench_without_times(stdout: &[u8]) -> Value {
    let mut v: Value = serde_json::from_slice(stdout).unwrap();
    let clear = |o: &mut Value| {
        for key in ["seconds", "cpu_seconds", "nodes_per_second", "pdb_load_seconds"] {
            if let Some(x) = o.get_mut(key) {
                *x = Value::Null;
            }
        }
    };
    clear(&mut v);
    clear(&mut v["totals"]);
    v["instances"].as_array_mut().unwrap().iter_mut().for_each(clear);
    v
}

#[test]
fn bench_is_quiet_when_stderr_is_not_a_terminal_and_says_the_same() {
    let args = ["bench", "korf100", "--heuristic", "manhattan", "--ids", "79,9", "--jobs", "2", "--json"];
    let plain = searchlab().args(args).output().unwrap();
    assert!(plain.status.success());
    assert_eq!(String::from_utf8_lossy(&plain.stderr), "");
    let v = bench_without_times(&plain.stdout);
    assert_eq!(v["totals"]["solved_optimally"], 2);
    let dir = tempfile::tempdir().unwrap();
    let (_, stdout) = on_a_terminal(&args.join(" "), dir.path());
    assert_eq!(bench_without_times(&stdout), v, "the same document on a terminal");
}
