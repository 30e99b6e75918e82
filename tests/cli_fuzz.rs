//! Fuzzing the whole command line: random argument vectors built from the real subcommands,
//! flags and values (valid ones, edge values and hostile ones), run against the binary. No run
//! may panic (exit 101, "panicked" on stderr) or die of a signal it did not get from this test;
//! a run still going after [`RUN_TIMEOUT`] (a long but valid search) gets Ctrl-C and must end
//! (else it hangs); no file may be lost: the input files stay as they were, and the output
//! files the runs share (`out.txt`, the traces, each present from the start) are always whole
//! when looked at, with no temporary file left at the end.
//! The seed is fixed and the count bounded, so CI runs the same vectors every time in well
//! under a minute; `SEARCHLAB_FUZZ_RUNS=N SEARCHLAB_FUZZ_SEED=S` explores further by hand.
//! The test checks its row of docs/robustness.md (`SEARCHLAB_UPDATE_DOCS=1` rewrites it);
//! `-- --nocapture` prints the outcomes.

#[path = "common/docs_table.rs"]
mod docs_table;
#[path = "common/temporaries.rs"]
mod temporaries;
use temporaries::temporaries;

use std::collections::BTreeMap;
use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use proptest::prelude::Rng;
use proptest::test_runner::{RngAlgorithm, TestRng};

/// Runs by default, and the time one run may take before the test interrupts it (long but
/// valid searches are expected: they are interrupted, counted, and not failures).
const RUNS: usize = 240;
const RUN_TIMEOUT: Duration = Duration::from_millis(1500);
/// The time an interrupted run has to end (the binary's own grace period is 1.5 s) before it
/// counts as a hang.
const HANG_TIMEOUT: Duration = Duration::from_secs(10);

/// Values that any flag or positional may receive: numbers at the edges of their types,
/// hostile text, files of every kind.
const HOSTILE: &[&str] = &[
    "",
    "0",
    "-1",
    "1",
    "4294967296",
    "18446744073709551615",
    "18446744073709551616",
    "1e300",
    "NaN",
    "-",
    "--",
    "\u{1b}[2J\u{1b}]0;pwned\u{7}",
    "a\nb",
    "é×",
];

fn pick<'a>(rng: &mut TestRng, items: &[&'a str]) -> &'a str {
    items[rng.next_u32() as usize % items.len()]
}

/// A value for a flag: most of the time one of its own, sometimes a hostile one.
fn value(rng: &mut TestRng, own: &[&'static str]) -> String {
    if rng.next_u32() % 4 == 0 || own.is_empty() {
        pick(rng, HOSTILE).to_string()
    } else {
        pick(rng, own).to_string()
    }
}

const BOARDS: &[&str] = &[
    "1,2,5,3,4,0,6,7,8",
    "8,6,4,2,1,3,5,7,0",
    "1,0,2,3,4,5,6,7,8",
    "1,2,3,0",
    "0,1,2,3",
    "14,13,15,7,11,12,9,5,6,0,2,1,4,8,10,3",
    "1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15",
    "1,1,2,3",
    "1,2,3",
    "0",
    "99,1,2,3",
    "1,2,,3",
];
const PATTERNS: &[&str] =
    &["3", "4-4", "5-5-5", "18446744073709551615-16", "12-3", "11-4", "10-5", "9-6", "0-8", "x-y", "8"];
const HEURISTICS: &[&str] = &[
    "manhattan",
    "manhattan-lc",
    "pdb-3",
    "pdb-8",
    "pdb-4-4",
    "pdb-5-5-5",
    "pdb-12-3",
    "pdb-18446744073709551615-16",
    "pdb-",
    "pdb-9-6",
];
const COUNTS: &[&str] = &["1", "10", "1000", "100000", "0"];
const MEMORY: &[&str] = &["0", "1K", "64M", "lots", "99999999999T"];

/// Flags of each subcommand, with their values (`None`: a switch).
fn flags(sub: &str) -> Vec<(&'static str, Option<&'static [&'static str]>)> {
    let solver: Vec<(&'static str, Option<&'static [&'static str]>)> = vec![
        ("--heuristic", Some(HEURISTICS)),
        ("--pdb-dir", Some(&["pdb", "/dev/null/x", "file.txt"])),
        ("--max-generated", Some(COUNTS)),
        ("--parallel", None),
        ("--memory-limit", Some(MEMORY)),
    ];
    match sub {
        "digits" => vec![("--json", None), ("--trace", Some(&["trace.jsonl", "/dev/full", "dir", "/dev/null/x"]))],
        "npuzzle" => vec![
            ("-o", Some(&["-", "out.txt", "/dev/full", "dir", "/dev/null/x", "/dev/null"])),
            ("--goal", Some(BOARDS)),
            ("--astar", Some(&["ignore", "decrease-key", "x"])),
            ("--max-nodes", Some(COUNTS)),
            ("--trace", Some(&["trace.jsonl", "/dev/full"])),
            ("--no-parity-check", None),
        ],
        "solve" => {
            [solver, vec![("--goal", Some(BOARDS)), ("--json", None), ("--trace", Some(&["ida.jsonl", "/dev/full"]))]]
                .concat()
        }
        "bench" => [
            solver,
            vec![
                ("--ids", Some(&["1", "1-2", "1-18446744073709551615", "1-100000000000", "0", "101", "3-1", "a"])),
                ("--json", None),
                ("--csv", None),
            ],
        ]
        .concat(),
        "pdb" => vec![
            ("--size", Some(&["2", "3", "4", "6", "0", "18446744073709551615"])),
            ("--pattern", Some(PATTERNS)),
            ("--goal", Some(BOARDS)),
            ("--pdb-dir", Some(&["pdb", "/dev/null/x"])),
            ("--force", None),
            ("--memory-limit", Some(MEMORY)),
        ],
        "report" => vec![
            ("--size", Some(&["2", "3", "4", "0"])),
            ("--depth", Some(&["1..3", "2", "5..2", "1..999", "x"])),
            ("--per-depth", Some(&["1", "2", "0", "10001"])),
            ("--seed", Some(&["1", "18446744073709551615"])),
            ("--algorithms", Some(&["B,A", "bfs,ast", "Z", ""])),
            ("--out", Some(&["report", "/dev/null/x", "file.txt"])),
        ],
        "cases" => vec![
            ("--out", Some(&["suite", "/dev/null/x", "file.txt"])),
            ("--set", Some(&["random", "edge", "all", "x"])),
            ("--n", Some(&["1", "2", "0", "100001"])),
            ("--seed", Some(&["1", "7"])),
            ("--size", Some(&["2", "3", "6", "0"])),
            ("--methods", Some(&["bfs,ast", "B,A", "x"])),
            ("--hashed", None),
            ("--force", None),
        ],
        "search" => vec![
            ("--json", None),
            ("--max-expansions", Some(COUNTS)),
            ("--from", Some(CITIES)),
            ("--to", Some(CITIES)),
            ("--board", Some(BOARDS)),
            ("--start", Some(&["320", "000", "999", "1000", "x"])),
            ("--goal", Some(&["110", "555", "-1"])),
            ("--forbidden", Some(&["", "220,330", "220,,x"])),
        ],
        "completions" => vec![],
        _ => vec![],
    }
}

/// Cities for `search romania`: names in several spellings, and names not on the map.
const CITIES: &[&str] = &["Arad", "bucharest", "RIMNICU-VILCEA", "Rimnicu Vilcea", "Neamt", "Paris", "Arad Arad"];

/// Positionals of each subcommand, in order.
fn positionals(sub: &str) -> Vec<&'static [&'static str]> {
    match sub {
        "digits" => {
            vec![&["B", "A", "I", "H", "astar", "Z"], &["sample.txt", "empty.txt", "dir", "/dev/null", "missing.txt"]]
        }
        "npuzzle" => vec![&["bfs", "dfs", "ast", "AST", "x"], BOARDS],
        "solve" => vec![BOARDS],
        "bench" => vec![&["korf100", "korf50-24", "korf999"]],
        "pdb" => vec![&["build", "verify"]],
        "report" => vec![&["digits", "npuzzle", "sokoban"]],
        "cases" => vec![&["digits", "npuzzle", "x"]],
        "completions" => vec![&["bash", "zsh", "fish", "powershell", "tcsh"]],
        "search" => {
            vec![&["romania", "digits", "npuzzle", "chess"], &["astar", "greedy", "ucs", "bfs", "dfs", "B", "ast", "x"]]
        }
        _ => vec![],
    }
}

const SUBCOMMANDS: &[&str] =
    &["search", "digits", "npuzzle", "solve", "bench", "pdb", "report", "cases", "completions", "man"];

/// One random argument vector: a subcommand, then its positionals (sometimes one missing or
/// hostile) and flags in random order (sometimes unknown or repeated).
fn argv(rng: &mut TestRng) -> Vec<String> {
    let sub = pick(rng, SUBCOMMANDS);
    let mut out = vec![sub.to_string()];
    let mut tokens: Vec<Vec<String>> = Vec::new();
    for own in positionals(sub) {
        if rng.next_u32() % 10 != 0 {
            out.push(value(rng, own));
        }
    }
    let flags = flags(sub);
    for _ in 0..rng.next_u32() % 4 {
        if flags.is_empty() || rng.next_u32() % 12 == 0 {
            tokens.push(vec![pick(rng, &["--frobnicate", "-x", "--help"]).to_string()]);
            continue;
        }
        let (name, values) = flags[rng.next_u32() as usize % flags.len()];
        match values {
            None => tokens.push(vec![name.to_string()]),
            Some(own) => tokens.push(vec![name.to_string(), value(rng, own)]),
        }
    }
    out.extend(tokens.into_iter().flatten());
    out
}

/// How one run ended.
#[derive(Debug)]
enum Ending {
    Code(i32),
    /// Interrupted by the test (Ctrl-C), then ended with this code.
    Interrupted(Option<i32>),
    /// Still running long after Ctrl-C: killed.
    Hung,
    Signal,
}

fn run(dir: &Path, args: &[String]) -> (Ending, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_searchlab"))
        .args(args)
        .current_dir(dir)
        .env("XDG_CACHE_HOME", dir.join("cache"))
        .env("HOME", dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut stderr = child.stderr.take().expect("piped");
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stderr.read_to_string(&mut text);
        text
    });
    let wait_until = |child: &mut std::process::Child, deadline: Instant| loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break Some(status);
        }
        if Instant::now() > deadline {
            break None;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let ending = match wait_until(&mut child, Instant::now() + RUN_TIMEOUT) {
        Some(status) => status.code().map_or(Ending::Signal, Ending::Code),
        None => {
            let pid = child.id().to_string();
            let _ = Command::new("kill").args(["-INT", &pid]).status();
            match wait_until(&mut child, Instant::now() + HANG_TIMEOUT) {
                Some(status) => Ending::Interrupted(status.code()),
                None => {
                    let _ = child.kill();
                    let _ = child.wait();
                    Ending::Hung
                }
            }
        }
    };
    (ending, reader.join().unwrap_or_default())
}

/// The files every run may read or write, each present from the start: inputs that must stay as
/// they are, outputs that must be whole whenever they are looked at.
const INPUTS: &[(&str, &str)] = &[("sample.txt", "320\n110\n"), ("empty.txt", ""), ("file.txt", "not a folder")];
const OUTPUTS: &[(&str, &str)] = &[
    ("out.txt", "path_to_goal: []\ncost_of_path: 0\nmax_ram_usage: 1.0\n"),
    ("trace.jsonl", "{\"type\":\"finished\"}\n"),
    ("ida.jsonl", "{\"type\":\"finished\"}\n"),
];

/// Whether an output file is whole: `output.txt` ends with its last line, a trace with its
/// `finished` event.
fn whole(name: &str, path: &Path) -> bool {
    use std::io::{Seek, SeekFrom};
    let Ok(mut file) = std::fs::File::open(path) else { return false };
    let len = file.metadata().map_or(0, |m| m.len());
    let _ = file.seek(SeekFrom::Start(len.saturating_sub(4096)));
    let mut tail = Vec::new();
    let _ = file.read_to_end(&mut tail);
    let tail = String::from_utf8_lossy(&tail);
    let last = tail.trim_end_matches('\n').rsplit('\n').next().unwrap_or("");
    tail.ends_with('\n')
        && if name == "out.txt" { last.starts_with("max_ram_usage: ") } else { last.contains("\"type\":\"finished\"") }
}

/// Files lost now: inputs changed, outputs missing or not whole.
fn files_lost(dir: &Path) -> Vec<String> {
    let changed =
        INPUTS.iter().filter(|(name, text)| std::fs::read_to_string(dir.join(name)).ok().as_deref() != Some(text));
    let partial = OUTPUTS.iter().filter(|(name, _)| !whole(name, &dir.join(name)));
    changed.chain(partial).map(|(name, _)| name.to_string()).collect()
}

fn setting(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

#[test]
fn no_command_line_panics() {
    let runs = setting("SEARCHLAB_FUZZ_RUNS", RUNS as u64) as usize;
    let seed = setting("SEARCHLAB_FUZZ_SEED", 13);
    let mut seed_bytes = [0u8; 32];
    seed_bytes[..8].copy_from_slice(&seed.to_le_bytes());
    let mut rng = TestRng::from_seed(RngAlgorithm::ChaCha, &seed_bytes);
    let vectors: Vec<Vec<String>> = (0..runs).map(|_| argv(&mut rng)).collect();

    let dir = tempfile::tempdir().unwrap();
    for (name, text) in INPUTS.iter().chain(OUTPUTS) {
        std::fs::write(dir.path().join(name), text).unwrap();
    }
    std::fs::create_dir(dir.path().join("dir")).unwrap();

    let results: Vec<(usize, Ending, String, Vec<String>)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..2)
            .map(|w| {
                let (vectors, dir) = (&vectors, dir.path());
                scope.spawn(move || {
                    (w..vectors.len())
                        .step_by(2)
                        .map(|i| {
                            let (ending, stderr) = run(dir, &vectors[i]);
                            (i, ending, stderr, files_lost(dir))
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers.into_iter().flat_map(|w| w.join().expect("worker")).collect()
    });

    let mut endings: BTreeMap<String, usize> = BTreeMap::new();
    let mut failures = Vec::new();
    let (mut panics, mut hangs, mut lost) = (0, 0, 0);
    for (i, ending, stderr, lost_now) in &results {
        let key = match ending {
            Ending::Code(c) => format!("exit {c}"),
            Ending::Interrupted(_) => "interrupted by the test's timer".to_string(),
            Ending::Hung => "hung".to_string(),
            Ending::Signal => "killed by a signal".to_string(),
        };
        *endings.entry(key).or_default() += 1;
        let panicked = matches!(ending, Ending::Code(101) | Ending::Signal | Ending::Interrupted(Some(101) | None))
            || stderr.contains("panicked");
        panics += usize::from(panicked);
        hangs += usize::from(matches!(ending, Ending::Hung));
        lost += usize::from(!lost_now.is_empty());
        if panicked || matches!(ending, Ending::Hung) || !lost_now.is_empty() {
            failures.push(format!("{:?}: {ending:?}, files lost {lost_now:?}\n{stderr}", vectors[*i]));
        }
    }
    let left = temporaries(dir.path());
    lost += left.len();
    println!("{runs} command lines (seed {seed}): {endings:?}");
    assert!(failures.is_empty(), "{} of {runs} command lines failed:\n{}", failures.len(), failures.join("\n"));
    assert!(left.is_empty(), "temporary files left: {left:?}");
    assert!(
        endings.keys().filter(|k| k.starts_with("exit")).count() >= 3,
        "the vectors reach several outcomes: {endings:?}"
    );
    let (tried, command) = if (runs, seed) == (RUNS, 13) {
        ("CI seed 13".to_string(), "cargo test --test cli_fuzz -- --nocapture".to_string())
    } else {
        (
            format!("seed {seed}, by hand"),
            format!("SEARCHLAB_FUZZ_RUNS={runs} SEARCHLAB_FUZZ_SEED={seed} cargo test --test cli_fuzz -- --nocapture"),
        )
    };
    docs_table::check_row(&docs_table::Row {
        tried: format!("random command lines from the real subcommands, flags and values, {tried}"),
        runs,
        panics,
        hangs,
        files_lost: Some(lost),
        command,
    });
}
