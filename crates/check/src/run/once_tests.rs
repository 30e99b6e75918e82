//! Tests of the runner with tiny programs written into temporary folders.

use std::path::Path;
use std::time::Duration;

use super::*;
use crate::{read_digits, read_npuzzle_run, run_all, DigitsPath, Exit, FormatFault, RunProblem, Values};

/// A base folder holding the test's scripts, and a temporary root for the run folders.
struct Setup {
    base: tempfile::TempDir,
    root: tempfile::TempDir,
    config: RunConfig,
}

fn setup(scripts: &[(&str, &str)]) -> Setup {
    let base = tempfile::tempdir().unwrap();
    let root = tempfile::tempdir().unwrap();
    for (name, text) in scripts {
        std::fs::write(base.path().join(name), text).unwrap();
    }
    let config = RunConfig {
        timeout: Duration::from_secs(20),
        output_cap: 64 * 1024,
        flood_limit: 8 << 20,
        base_dir: base.path().to_path_buf(),
        temp_root: Some(root.path().to_path_buf()),
        sandbox: None,
        group_unsandboxed: false,
    };
    Setup { base, root, config }
}

impl Setup {
    fn run(&self, template: &str, values: Values, input: Option<&str>) -> RunResult {
        let template = CommandTemplate::parse(template).unwrap();
        let spec = RunSpec { values, input: input.map(|i| i.as_bytes().to_vec()) };
        let result = run_once(&template, &spec, &self.config).unwrap();
        assert_eq!(std::fs::read_dir(self.root.path()).unwrap().count(), 0, "the run folder is removed");
        result
    }

    /// The names in the base folder: only the scripts, nothing the program wrote.
    fn base_names(&self) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(self.base.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        names
    }
}

fn board(method: &str, board: &str) -> Values {
    Values { method: Some(method.into()), board: Some(board.into()), ..Values::default() }
}

/// Whether process `pid` is gone (or a zombie nobody reaped yet), waiting up to 5 s.
fn gone(pid: &str) -> bool {
    let stat = format!("/proc/{}/stat", pid.trim());
    for _ in 0..100 {
        match std::fs::read_to_string(&stat) {
            Err(_) => return true,
            Ok(s) if s.rsplit(')').next().is_some_and(|rest| rest.trim_start().starts_with('Z')) => return true,
            Ok(_) => std::thread::sleep(Duration::from_millis(50)),
        }
    }
    false
}

const DRIVER: &str = r#"echo "$1 $2"
printf "path_to_goal: ['Up', 'Left', 'Left']\ncost_of_path: 3\nnodes_expanded: 10\nsearch_depth: 3\n" > output.txt
printf "max_search_depth: 4\nrunning_time: 0.00188088\nmax_ram_usage: 0.07812500\n" >> output.txt
"#;

#[test]
fn a_correct_program() {
    let s = setup(&[("driver.sh", DRIVER)]);
    let r = s.run("sh driver.sh {method} {board}", board("bfs", "1,2,5,3,4,0,6,7,8"), None);
    assert_eq!((r.exit, r.timed_out, r.flooded), (Exit::Code(0), false, false));
    assert_eq!(r.problems(), vec![]);
    assert_eq!(r.argv[1], s.base.path().join("driver.sh").to_string_lossy());
    assert_eq!(r.stdout.text, "bfs 1,2,5,3,4,0,6,7,8\n");
    let names: Vec<&str> = r.files.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(names, ["output.txt"]);
    let reading = read_npuzzle_run(&r).unwrap();
    assert!(reading.is_exact(), "{:?}", reading.faults);
    assert_eq!((reading.nodes_expanded, reading.max_search_depth), (Some(10), Some(4)));
    assert!(crate::npuzzle_ran(&r));
    assert_eq!(s.base_names(), ["driver.sh"]);
}

#[test]
fn a_crash_keeps_the_end_of_the_traceback() {
    let crash = "import sys\nsys.stderr.write('noise\\n' * 100000)\nprint('320')\n1 / 0\n";
    let s = setup(&[("crash.py", crash)]);
    let r = s.run(
        "python3 crash.py {letter} {file}",
        Values { letter: Some("B".into()), ..Values::default() },
        Some("320\n110\n"),
    );
    assert_eq!(r.exit, Exit::Code(1));
    assert_eq!(r.problems(), vec![RunProblem::ExitCode { code: 1 }, RunProblem::OutputTruncated { stream: "stderr" }]);
    assert_eq!(r.problems().iter().map(RunProblem::kind).collect::<Vec<_>>(), ["crash", "truncated"]);
    assert!(r.stderr.truncated && r.stderr.text.len() <= s.config.output_cap);
    assert_eq!(r.stderr.last_lines(1), ["ZeroDivisionError: division by zero"]);
    assert!(r.stderr.last_lines(5).iter().any(|l| l.starts_with("Traceback")));
    assert_eq!(r.stdout.text, "320\n");
    assert_eq!(s.base_names(), ["crash.py"], "PYTHONDONTWRITEBYTECODE: no __pycache__ next to the program");
}

#[test]
fn a_hang_is_killed_with_its_children() {
    let hang = "sleep 1000 &\necho $! > grandchild.pid\nsleep 1000\n";
    let mut s = setup(&[("hang.sh", hang)]);
    s.config.timeout = Duration::from_millis(500);
    let r = s.run("sh hang.sh", Values::default(), None);
    assert!(r.timed_out);
    assert_eq!(r.exit, Exit::Signal(libc::SIGKILL));
    assert_eq!(r.problems(), vec![RunProblem::TimedOut { seconds: 0.5 }]);
    assert_eq!(r.problems()[0].to_string(), "did not finish within the 0.5 s it was given");
    assert_eq!(r.problems()[0].kind(), "timeout");
    assert!(r.wall_time >= Duration::from_millis(500) && r.wall_time < Duration::from_secs(10), "{:?}", r.wall_time);
    let pid = r.find_file("grandchild.pid").and_then(|f| f.contents.clone()).expect("the pid file");
    assert!(gone(&pid), "grandchild {pid} survived");
}

#[test]
fn what_a_finished_program_leaves_running_is_killed() {
    let s = setup(&[("leave.sh", "sleep 1000 &\necho $! > grandchild.pid\necho done\n")]);
    let r = s.run("sh leave.sh", Values::default(), None);
    assert_eq!((r.exit, r.timed_out), (Exit::Code(0), false));
    assert!(r.wall_time < Duration::from_secs(10), "the open stdout of the grandchild does not block the reader");
    assert_eq!(r.stdout.text, "done\n");
    assert!(gone(&r.find_file("grandchild.pid").unwrap().contents.clone().unwrap()));
}

/// A daemon that left the process group with setsid escapes the group's kill, but not the
/// run's control group (as root, where `grade` gives every run one).
#[test]
fn a_grouped_run_ends_a_setsid_daemon_too() {
    let marker = format!("grouped-daemon-{}", std::process::id());
    let script = format!("setsid sh -c 'sleep 1000; : {marker}' </dev/null >/dev/null 2>&1 &\nsleep 0.3\necho done\n");
    let mut s = setup(&[("daemon.sh", &script)]);
    s.config.group_unsandboxed = true;
    let r = s.run("sh daemon.sh", Values::default(), None);
    assert_eq!((r.exit, r.stdout.text.as_str()), (Exit::Code(0), "done\n"));
    std::thread::sleep(Duration::from_millis(200));
    let left = std::fs::read_dir("/proc")
        .unwrap()
        .flatten()
        .filter_map(|e| std::fs::read(e.path().join("cmdline")).ok())
        .filter(|c| String::from_utf8_lossy(c).contains(&marker))
        .count();
    assert_eq!(left, 0, "the daemon outlived the run");
}

#[test]
fn garbage_is_read_as_faults() {
    let s = setup(&[("garbage.sh", "printf 'Hello \\377\\376 world\\n\\000\\001 42 x\\n'\n")]);
    let r = s.run("sh garbage.sh {letter}", Values { letter: Some("A".into()), ..Values::default() }, None);
    assert_eq!(r.exit, Exit::Code(0));
    assert!(r.stdout.text.starts_with("Hello \u{FFFD}\u{FFFD} world\n"));
    let reading = read_digits(&r.stdout.text);
    assert_eq!(reading.path, DigitsPath::Missing);
    assert!(reading.faults.iter().any(|f| f.kind == FormatFault::MissingLine(crate::Item::Expanded)));
}

#[test]
fn a_flood_is_capped_and_stopped() {
    let mut s = setup(&[]);
    s.config.flood_limit = 4 << 20;
    let r = s.run("yes {board}", board("bfs", "flood"), None);
    assert!(r.flooded && !r.timed_out);
    assert_eq!(r.exit, Exit::Signal(libc::SIGKILL));
    assert!(r.stdout.truncated && r.stdout.text.len() == s.config.output_cap);
    assert!(r.stdout.total_bytes > 4 << 20);
    assert!(r.stdout.text.starts_with("flood\nflood\n"));
    assert_eq!(r.problems(), vec![RunProblem::Flooded, RunProblem::OutputTruncated { stream: "stdout" }]);
}

#[test]
fn output_over_the_cap_but_under_the_flood_limit_finishes() {
    let s = setup(&[("big.sh", "head -c 300000 /dev/zero | tr '\\000' a\necho\n")]);
    let r = s.run("sh big.sh", Values::default(), None);
    assert_eq!((r.exit, r.flooded), (Exit::Code(0), false));
    assert_eq!((r.stdout.total_bytes, r.stdout.truncated, r.stdout.text.len()), (300_001, true, 64 * 1024));
    assert_eq!(r.problems(), vec![RunProblem::OutputTruncated { stream: "stdout" }]);
}

#[test]
fn output_txt_in_another_case_is_found_and_named() {
    let s = setup(&[("driver.sh", &DRIVER.replace("output.txt", "Output.txt"))]);
    let r = s.run("sh driver.sh {method} {board}", board("bfs", "1,2,5,3,4,0,6,7,8"), None);
    let reading = read_npuzzle_run(&r).unwrap();
    assert_eq!(reading.file_name.as_deref(), Some("Output.txt"));
    let names: Vec<&str> = reading.faults.iter().map(|f| f.name()).collect();
    assert_eq!(names, ["wrong-file-name"]);
    assert_eq!(reading.faults[0].fix(), "writes Output.txt; the grader reads output.txt");
    assert_eq!(reading.cost_of_path, Some(3), "the numbers are still read");
    assert!(!crate::npuzzle_ran(&r));
}

#[test]
fn a_program_that_writes_nothing() {
    let s = setup(&[("quiet.sh", "exit 0\n")]);
    let r = s.run("sh quiet.sh {method} {board}", board("dfs", "0,1,2,3"), None);
    assert_eq!((r.exit, r.files.len(), r.stdout.text.as_str()), (Exit::Code(0), 0, ""));
    assert_eq!(read_npuzzle_run(&r), None);
    assert!(!crate::npuzzle_ran(&r));
    let reading = read_digits(&r.stdout.text);
    let names: Vec<&str> = reading.faults.iter().map(|f| f.name()).collect();
    assert_eq!(names, ["missing-line", "missing-line"]);
}

#[test]
fn placeholder_values_are_never_interpreted() {
    let evil = "$(touch pwned); touch pwned2 && 'q' \"d\" `touch pwned3` > pwned4 *";
    let s = setup(&[("echo.sh", "printf '%s' \"$1\" > arg.txt\nprintf '%s' \"$#\" > argc.txt\n")]);
    let r = s.run("sh echo.sh {board}", board("bfs", evil), None);
    assert_eq!(r.exit, Exit::Code(0));
    assert_eq!(r.find_file("arg.txt").unwrap().contents.as_deref(), Some(evil));
    assert_eq!(r.find_file("argc.txt").unwrap().contents.as_deref(), Some("1"));
    let names: Vec<&str> = r.files.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(names, ["arg.txt", "argc.txt"]);
    assert_eq!(s.base_names(), ["echo.sh"]);
    assert!(!Path::new("pwned").exists());
}

#[test]
fn the_input_file_stdin_and_order_of_many_runs() {
    let s = setup(&[("cat.sh", "cat \"$1\"\ncat\necho \"$2\"\n")]);
    let template = CommandTemplate::parse("sh cat.sh {file} {letter}").unwrap();
    let specs: Vec<RunSpec> = ["B", "D", "I", "G", "A", "H"]
        .iter()
        .map(|l| RunSpec {
            values: Values { letter: Some((*l).into()), ..Values::default() },
            input: Some(format!("320\n{l}\n").into_bytes()),
        })
        .collect();
    let results = run_all(&template, &specs, &s.config, 2);
    for (r, l) in results.into_iter().zip(["B", "D", "I", "G", "A", "H"]) {
        let r = r.unwrap();
        assert_eq!(r.stdout.text, format!("320\n{l}\n{l}\n"), "stdin is closed, so `cat` ends at once");
        assert!(r.files.is_empty(), "the input file is not listed");
        assert!(r.argv[2].ends_with("/input.txt") && Path::new(&r.argv[2]).is_absolute());
    }
    assert_eq!(std::fs::read_dir(s.root.path()).unwrap().count(), 0);
}

#[test]
fn a_missing_program_is_an_error_not_a_result() {
    let s = setup(&[]);
    let template = CommandTemplate::parse("./no-such-program {board}").unwrap();
    let err = run_once(&template, &RunSpec { values: board("bfs", "x"), input: None }, &s.config).unwrap_err();
    assert!(matches!(err, RunError::Spawn { .. }), "{err}");
    let err = run_once(&template, &RunSpec::default(), &s.config).unwrap_err();
    assert!(matches!(err, RunError::Template(crate::TemplateError::MissingValue(_))));
}

#[test]
fn an_endless_timeout_is_no_timeout() {
    let mut s = setup(&[("ok.sh", "echo ok\n")]);
    s.config.timeout = Duration::MAX;
    let r = s.run("sh ok.sh", Values::default(), None);
    assert_eq!((r.exit, r.timed_out, r.stdout.text.as_str()), (Exit::Code(0), false, "ok\n"));
}

#[test]
fn a_signal_is_a_result_with_its_name() {
    let s = setup(&[("segv.sh", "kill -SEGV $$\n")]);
    let r = s.run("sh segv.sh", Values::default(), None);
    assert_eq!((r.exit, r.timed_out), (Exit::Signal(libc::SIGSEGV), false));
    assert_eq!(r.problems(), vec![RunProblem::Signal { signal: libc::SIGSEGV }]);
    assert_eq!(r.problems()[0].to_string(), "was killed by signal 11 (segmentation fault)");
}

#[test]
fn a_stopped_run_says_how_long_it_computed() {
    let mut s = setup(&[("spin.sh", "while :; do :; done\n"), ("nap.sh", "sleep 30\n")]);
    s.config.timeout = Duration::from_secs(1);
    let spin = s.run("sh spin.sh {board}", board("bfs", "x"), None);
    assert!(spin.timed_out);
    // A busy loop computes for most of its second (less when other tests share the machine).
    let spun = spin.cpu_at_stop.expect("/proc tells a live run's time");
    assert!(spun >= Duration::from_millis(300), "{spun:?}");
    let nap = s.run("sh nap.sh {board}", board("bfs", "x"), None);
    assert!(nap.timed_out);
    assert!(nap.cpu_at_stop.expect("/proc tells a live run's time") < Duration::from_millis(200));
    assert!(!nap.kept_busy());
    // Kept busy: at least 90 % of the limit.
    let at = |share: f64| RunResult { cpu_at_stop: Some(nap.timeout.mul_f64(share)), ..nap.clone() };
    assert!(at(0.95).kept_busy());
    assert!(!at(0.85).kept_busy());
    assert!(!RunResult { timed_out: false, ..at(0.95) }.kept_busy());
    // A run that ends by itself has no time at stop.
    let quick = s.run("sh -c 'exit 0' {board}", board("bfs", "x"), None);
    assert_eq!(quick.cpu_at_stop, None);
}
