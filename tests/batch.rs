//! End-to-end tests of `bench` batches (`--jobs`, `--shard`, `--resume`, `--time-limit`, suite
//! files), and of the Slurm script and the GNU parallel line of docs/solver.md, run the way a
//! cluster would run them, on cheap instances of Korf's 100 (linear conflicts, debug build).

use std::path::{Path, PathBuf};
use std::process::{Command as Process, Stdio};
use std::time::{Duration, Instant};

use assert_cmd::cargo::CommandCargoExt;
use assert_cmd::Command;
use serde_json::Value;

fn searchlab() -> Command {
    Command::cargo_bin("searchlab").unwrap()
}

/// Five cheap instances of Korf's 100 (optimal lengths 42, 45, 42, 41, 44: korf100-opt.txt).
const IDS: [usize; 5] = [79, 12, 42, 55, 97];
const LENGTHS: [u64; 5] = [42, 45, 42, 41, 44];

fn ids() -> String {
    IDS.map(|i| i.to_string()).join(",")
}

/// The five as a suite file: their lines of korf100.txt (board, `# id=N opt=L …`), with comments.
fn suite_file(dir: &Path) -> PathBuf {
    let text = std::fs::read_to_string("crates/solver/data/korf100.txt").unwrap();
    let mut file = String::from("# five easy ones\n\n");
    for id in IDS {
        file.push_str(text.lines().find(|l| l.contains(&format!("# id={id} "))).unwrap());
        file.push('\n');
    }
    let path = dir.join("easy.txt");
    std::fs::write(&path, file).unwrap();
    path
}

/// `bench … --json`, checking the exit status; the document without its times (which vary).
fn bench_json(args: &[&str], code: i32) -> Value {
    let out = searchlab().args(["bench", "--json"]).args(args).output().unwrap();
    assert_eq!(out.status.code(), Some(code), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    let mut v: Value = serde_json::from_slice(&out.stdout).unwrap();
    for key in ["seconds", "cpu_seconds", "nodes_per_second"] {
        for row in v["instances"].as_array_mut().unwrap() {
            row.as_object_mut().unwrap().remove(key);
        }
        v["totals"].as_object_mut().unwrap().remove(key);
    }
    v.as_object_mut().unwrap().remove("pdb_load_seconds");
    v
}

fn column(v: &Value, key: &str) -> Vec<Value> {
    v["instances"].as_array().unwrap().iter().map(|r| r[key].clone()).collect()
}

fn lines(path: &Path) -> usize {
    std::fs::read_to_string(path).map_or(0, |t| t.lines().count())
}

#[test]
fn shards_run_as_by_gnu_parallel_then_merged_equal_the_full_run() {
    let dir = tempfile::tempdir().unwrap();
    let ids = ids();
    let common = ["korf100", "--heuristic", "manhattan-lc", "--ids", &ids];
    let full = bench_json(&common, 0);
    assert_eq!(column(&full, "id"), IDS.map(Value::from));
    assert_eq!(column(&full, "length"), LENGTHS.map(Value::from));
    assert_eq!(full["totals"]["solved_optimally"], 5);

    // `parallel … --shard {}/3 --resume shard-{}.jsonl ::: 0 1 2`: three processes at once.
    let children: Vec<_> = (0..3)
        .map(|k| {
            let resume = dir.path().join(format!("shard-{k}.jsonl"));
            Process::cargo_bin("searchlab")
                .unwrap()
                .args(["bench"])
                .args(common)
                .args(["--shard", &format!("{k}/3"), "--resume", resume.to_str().unwrap(), "--json"])
                .stdout(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for (k, child) in children.into_iter().enumerate() {
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "shard {k}");
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        let expected: Vec<Value> = IDS.iter().skip(k).step_by(3).map(|&i| Value::from(i)).collect();
        assert_eq!(column(&v, "id"), expected, "shard {k}/3 holds positions {k}, {k}+3, …");
    }
    // Merge: the shards' lines in one file, given to --resume, solve nothing and print the full run.
    let all = dir.path().join("all.jsonl");
    let merged: String =
        (0..3).map(|k| std::fs::read_to_string(dir.path().join(format!("shard-{k}.jsonl"))).unwrap()).collect();
    std::fs::write(&all, &merged).unwrap();
    assert_eq!(lines(&all), 5);
    assert_eq!(bench_json(&[&common[..], &["--resume", all.to_str().unwrap()]].concat(), 0), full);
    assert_eq!(std::fs::read_to_string(&all).unwrap(), merged, "nothing was solved again");
    // Another heuristic is another run: nothing is skipped, five lines are added.
    bench_json(&["korf100", "--heuristic", "manhattan", "--ids", &ids, "--resume", all.to_str().unwrap()], 0);
    assert_eq!(lines(&all), 10);
}

/// The script and the parallel line the tests run are the ones docs/solver.md shows.
#[test]
fn the_docs_show_the_tested_script_and_parallel_line() {
    let docs = std::fs::read_to_string("docs/solver.md").unwrap();
    let script = std::fs::read_to_string("scripts/slurm_bench.sh").unwrap();
    assert!(docs.contains(&format!("```sh\n{script}```")), "docs/solver.md shows scripts/slurm_bench.sh verbatim");
    assert!(docs.contains("--shard {}/4 --resume shard-{}.jsonl --json '>' shard-{}.json ::: 0 1 2 3"));
    assert!(docs.contains("cat results/shard-*.jsonl > results/all.jsonl"));
}

#[test]
fn the_slurm_script_runs_each_array_task_then_the_merge_equals_the_full_run() {
    let dir = tempfile::tempdir().unwrap();
    let suite = suite_file(dir.path());
    let suite = suite.to_str().unwrap();
    let out = dir.path().join("results");
    let task = |k: usize| {
        let status = Process::new("bash")
            .arg("scripts/slurm_bench.sh")
            .env("SEARCHLAB", assert_cmd::cargo::cargo_bin("searchlab"))
            .envs([("SUITE", suite), ("HEURISTIC", "manhattan-lc"), ("TIME_LIMIT", "600")])
            .env("OUT", &out)
            .envs([("SLURM_ARRAY_TASK_COUNT", "2"), ("SLURM_CPUS_PER_TASK", "2")])
            .env("SLURM_ARRAY_TASK_ID", k.to_string())
            .status()
            .unwrap();
        assert!(status.success(), "array task {k}");
    };
    task(0);
    task(1);
    assert_eq!((lines(&out.join("shard-0.jsonl")), lines(&out.join("shard-1.jsonl"))), (3, 2));
    task(0); // the array resubmitted: task 0 resumes and has nothing left to do
    assert_eq!(lines(&out.join("shard-0.jsonl")), 3);
    let all = dir.path().join("all.jsonl");
    let merged = [0, 1].map(|k| std::fs::read_to_string(out.join(format!("shard-{k}.jsonl"))).unwrap()).concat();
    std::fs::write(&all, merged).unwrap();
    let common = [suite, "--heuristic", "manhattan-lc", "--time-limit", "600"];
    let full = bench_json(&common, 0);
    assert_eq!(column(&full, "length"), LENGTHS.map(Value::from));
    assert_eq!(column(&full, "optimal"), LENGTHS.map(Value::from), "opt= tags of the suite file");
    assert_eq!(bench_json(&[&common[..], &["--resume", all.to_str().unwrap()]].concat(), 0), full);
    assert_eq!(lines(&all), 5);
}

#[test]
fn a_killed_run_keeps_its_finished_instances_and_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let resume = dir.path().join("r.jsonl");
    // #79 takes a fraction of a second, #1 hundreds of millions of nodes with Manhattan.
    let args = ["bench", "korf100", "--heuristic", "manhattan", "--ids", "79,1", "--resume"];
    let mut child = Process::cargo_bin("searchlab")
        .unwrap()
        .args(args)
        .arg(&resume)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let t0 = Instant::now();
    while lines(&resume) == 0 {
        assert!(t0.elapsed() < Duration::from_secs(120), "#79 never finished");
        assert!(child.try_wait().unwrap().is_none(), "the run ended before it was killed");
        std::thread::sleep(Duration::from_millis(20));
    }
    child.kill().unwrap(); // SIGKILL: no chance to clean up
    child.wait().unwrap();
    let text = std::fs::read_to_string(&resume).unwrap();
    assert!(text.ends_with('\n') && text.lines().count() == 1, "{text}");
    let record: Value = serde_json::from_str(text.trim()).unwrap();
    assert_eq!((record["id"].clone(), record["length"].clone()), (Value::from(79), Value::from(42)));
    // A write cut short by a kill leaves half a line: dropped, and the run goes on.
    std::fs::write(&resume, format!("{text}{{\"id\":1,\"board\":\"14,13")).unwrap();
    let v =
        bench_json(&["korf100", "--heuristic", "manhattan", "--ids", "79,9", "--resume", resume.to_str().unwrap()], 0);
    assert_eq!(column(&v, "length"), vec![Value::from(42), Value::from(46)]);
    let text = std::fs::read_to_string(&resume).unwrap();
    assert_eq!(text.lines().count(), 2, "#79 skipped, #9 added, the half line gone: {text}");
    assert!(text.lines().all(|l| serde_json::from_str::<Value>(l).is_ok()));
}

#[test]
fn a_time_limit_stops_an_instance_and_exits_3_in_order() {
    // More jobs than instances: one thread each. #1 (stopped after 2 s; it needs minutes) starts
    // first and finishes last; rows keep the given order. #79 needs milliseconds: 2 s leave room
    // for a loaded machine and the unoptimized test build.
    let v = bench_json(
        &["korf100", "--heuristic", "manhattan", "--ids", "1,79", "--jobs", "60000", "--time-limit", "2"],
        3,
    );
    assert_eq!(column(&v, "id"), vec![Value::from(1), Value::from(79)]);
    assert_eq!(column(&v, "status"), vec![Value::from("time-limit"), Value::from("solved")]);
    assert_eq!(column(&v, "length"), vec![Value::Null, Value::from(42)]);
    let out = searchlab()
        .args(["bench", "korf100", "--heuristic", "manhattan", "--ids", "1", "--time-limit", "0.1"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    assert!(String::from_utf8(out.stdout).unwrap().contains("STOPPED (time limit)"));
    assert_eq!(String::from_utf8(out.stderr).unwrap(), "searchlab: 1 instance(s) stopped by --time-limit\n");
}

#[test]
fn a_cpu_time_limit_stops_an_instance_and_its_line_names_the_clock() {
    // Korf #1 needs 276 million nodes with Manhattan: 0.05 s of the thread's CPU cannot solve it.
    let dir = tempfile::tempdir().unwrap();
    let resume = dir.path().join("cpu.jsonl");
    let args = ["korf100", "--heuristic", "manhattan", "--ids", "1", "--time-limit", "0.05"];
    let out = searchlab()
        .args(["bench", "--limit-clock", "cpu", "--resume", resume.to_str().unwrap()])
        .args(args)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(String::from_utf8(out.stderr).unwrap(), "searchlab: 1 instance(s) stopped by --time-limit\n");
    let text = std::fs::read_to_string(&resume).unwrap();
    let line: Value = serde_json::from_str(text.trim_end()).unwrap();
    assert_eq!((&line["status"], &line["limit_clock"]), (&Value::from("time-limit"), &Value::from("cpu")));
    assert!(text.contains(r#""limit_clock":"cpu""#), "{text}");
    // That line settles the same run (nothing is searched again, one line) but not a wall-clock run.
    searchlab()
        .args(["bench", "--limit-clock", "cpu", "--resume", resume.to_str().unwrap()])
        .args(args)
        .assert()
        .code(3);
    assert_eq!(lines(&resume), 1);
    searchlab().args(["bench", "--resume", resume.to_str().unwrap()]).args(args).assert().code(3);
    let text = std::fs::read_to_string(&resume).unwrap();
    assert!(text.lines().nth(1).is_some_and(|l| l.contains(r#""limit_clock":"wall""#)), "{text}");
    searchlab().args(["bench", "korf100", "--limit-clock", "gpu"]).assert().code(2);
}

#[test]
fn bad_batch_input_exits_2_with_one_line_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let bad_suite = dir.path().join("bad.txt");
    std::fs::write(&bad_suite, "# mine\n1,0,2,3\n1,0,2,3,4\n").unwrap();
    let bad_resume = dir.path().join("bad.jsonl");
    std::fs::write(&bad_resume, "{\"id\":79}\n").unwrap();
    let missing = dir.path().join("missing.txt");
    let cases: [(Vec<&str>, &str); 11] = [
        (vec!["korf100", "--shard", "2/2"], "bad shard \"2/2\""),
        (vec!["korf100", "--shard", "x"], "bad shard"),
        (vec!["korf100", "--shard", "0/0"], "bad shard"),
        (vec!["korf100", "--time-limit", "0"], "--time-limit"),
        (vec!["korf100", "--time-limit=-1"], "--time-limit"),
        (vec!["korf100", "--time-limit", "1e300"], "--time-limit"),
        (vec!["korf100", "--time-limit", "NaN"], "--time-limit"),
        (vec!["korf100", "--parallel", "--jobs", "2"], "--parallel"),
        (vec![missing.to_str().unwrap()], "unknown suite"),
        (vec![bad_suite.to_str().unwrap()], "line 3:"),
        (
            vec!["korf100", "--ids", "79", "--heuristic", "manhattan", "--resume", bad_resume.to_str().unwrap()],
            "line 1:",
        ),
    ];
    for (args, says) in cases {
        let out = searchlab().arg("bench").args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
    for args in [["--jobs", "0"], ["--time-limit", "soon"]] {
        searchlab().args(["bench", "korf100"]).args(args).assert().code(2);
    }
}
