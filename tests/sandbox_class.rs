//! A hostile class graded by `searchlab grade`, tried as attackers would: a student who hunts
//! for the answer key (the grader's binary, a `searchlab` on PATH), one who looks for the
//! teacher's files, one who talks to a Unix socket on the file system, one who holds memory
//! in four children, one who fills the disk, one who holds every process it can while a
//! parallel grade runs an honest student, and one who leaves a daemon when the grade is
//! interrupted. The programs are `tests/sandbox_programs/hostile_student.py` (each attack
//! bounded even if the sandbox failed); the class lives under the target folder, outside
//! `/tmp` and the homes, so that only the sandbox's own rules protect it.
//!
//! These tests need bubblewrap and the machine's cgroups, and fail without them.
//! SEARCHLAB_SKIP_SANDBOX=1 makes each of them print why and return.

#[allow(dead_code)]
#[path = "common/grade_class.rs"]
mod grade_class;
#[path = "common/hostile_class.rs"]
mod hostile_class;

use std::io::Read as _;
use std::os::unix::net::UnixListener;
use std::time::Duration;

use grade_class::skip;
use hostile_class::{left_behind, Student};

/// The honest student's score: 2 random B cases, 2 points each.
const FULL: &str = "4";

#[test]
fn a_hostile_class_gets_nothing_and_the_honest_student_loses_nothing() {
    if skip() {
        return;
    }
    let mut class = hostile_class::Class::new();
    let secret = class.path("teacher/answers.txt");
    std::fs::create_dir_all(secret.parent().unwrap()).unwrap();
    std::fs::write(&secret, "TEACHER-SECRET").unwrap();
    let socket = class.path("teacher/grader.sock");
    let listener = UnixListener::bind(&socket).unwrap();
    listener.set_nonblocking(true).unwrap();
    // A searchlab on the grader's PATH, in a folder the course binds: masked all the same.
    let tools = class.path("tools");
    std::fs::create_dir_all(&tools).unwrap();
    std::fs::copy(env!("CARGO_BIN_EXE_searchlab"), tools.join("searchlab")).unwrap();
    let grader = env!("CARGO_BIN_EXE_searchlab");
    let folders = [class.path("teacher"), class.path("sub"), class.path("suite"), class.path("out")];
    let folders: Vec<String> = folders.iter().map(|f| f.display().to_string()).collect();
    class.student("alice", Student::Honest);
    class.student("key", Student::attack(serde_json::json!({"mode": "key", "grader": grader})));
    let look =
        serde_json::json!({"mode": "look", "secrets": [secret, class.path("suite/manifest.json")], "folders": folders});
    class.student("look", Student::attack(look));
    class.student("socket", Student::attack(serde_json::json!({"mode": "socket", "socket": socket})));
    class.student("memory", Student::attack(serde_json::json!({"mode": "memory"})));
    class.student("disk", Student::attack(serde_json::json!({"mode": "disk"})));
    let bind = tools.display().to_string();
    let (code, stderr) = class.grade(&["--jobs", "2", "--memory", "1G", "--sandbox-bind", &bind], Some(&tools));
    assert_eq!(code, 0, "{stderr}");
    let rows = class.gradebook();
    assert_eq!(rows["alice"]["score"], FULL, "{rows:?}");
    for attacker in ["key", "look", "socket", "memory", "disk"] {
        assert_eq!(rows[attacker]["score"], "0", "{attacker}: {:?}", rows[attacker]);
    }
    let key = class.stderr("key");
    assert!(key.contains(&format!("KEY {grader}:")) && key.contains("KEY searchlab:"), "{key}");
    assert!(!key.contains("KEY python package importable"), "{key}");
    let seen = class.stderr("look");
    assert!(!seen.contains("TEACHER-SECRET") && !seen.lines().any(|l| l.starts_with("READ ")), "{seen}");
    let root = seen.lines().find_map(|l| l.strip_prefix("ROOT ")).unwrap_or_else(|| panic!("{seen}"));
    for never in ["home", "run", "var", "boot", "srv", "mnt", "media"] {
        assert!(!root.split(',').any(|e| e == never), "/{never} is visible: {root}");
    }
    // The output folder exists only as the way down to the student's own copy.
    let (out, hidden) = folders.split_last().unwrap();
    for folder in hidden {
        assert!(seen.contains(&format!("CANNOT LIST {folder}")), "{folder} listed: {seen}");
    }
    assert!(seen.contains(&format!("LIST {out}: work\n")), "{seen}");
    assert!(seen.contains("CANNOT READ /etc/shadow") && seen.contains("CANNOT READ /etc/passwd"), "{seen}");
    assert!(seen.contains("CANNOT LIST /run") && seen.contains("CANNOT LIST /var"), "{seen}");
    let work = seen.lines().find(|l| l.starts_with(&format!("LIST {}", class.path("out/work").display())));
    assert_eq!(work.map(|l| l.rsplit(": ").next().unwrap()), Some("look"), "other students' copies: {seen}");
    assert!(class.stderr("socket").contains("SOCKET refused"), "{}", class.stderr("socket"));
    let mut stolen = Vec::new();
    if let Ok((mut peer, _)) = listener.accept() {
        let _ = peer.read_to_end(&mut stolen);
    }
    assert!(stolen.is_empty(), "the socket was reached: {}", String::from_utf8_lossy(&stolen));
    assert!(rows["memory"]["stopped"].starts_with("memory:"), "{:?}", rows["memory"]);
    assert!(rows["disk"]["stopped"].starts_with("disk:"), "{:?}", rows["disk"]);
    let memory = class.report("memory");
    assert!(memory.contains("(all its processes together, held by cgroup v"), "{memory}");
    let disk = class.report("disk");
    assert!(
        disk.contains(
            "wrote more than the 256 MiB of disk it was given (all its files together, held by a tmpfs of its own)"
        ),
        "{disk}"
    );

    // Without the sandbox the same key and the same look succeed: these tests can fail.
    let mut plain = hostile_class::Class::new();
    plain.student("key", Student::attack(serde_json::json!({"mode": "key", "grader": grader})));
    plain.student("look", Student::attack(serde_json::json!({"mode": "look", "secrets": [secret], "folders": []})));
    let (code, stderr) = plain.grade(&["--no-sandbox"], None);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(plain.gradebook()["key"]["score"], FULL);
    assert!(plain.stderr("look").contains("READ") && plain.stderr("look").contains("TEACHER-SECRET"));
}

/// Where no control group and no tmpfs can be made (forced here with
/// SEARCHLAB_CONTAINMENT=supervisor), the supervisor holds memory summed over the children
/// and the disk, and the report says so.
#[test]
fn without_cgroups_the_supervisor_holds_memory_and_disk() {
    if skip() {
        return;
    }
    let mut class = hostile_class::Class::new();
    class.student("memory", Student::attack(serde_json::json!({"mode": "memory"})));
    class.student("disk", Student::attack(serde_json::json!({"mode": "disk"})));
    let (code, stderr) = class.grade_with(&["--jobs", "2"], None, &[("SEARCHLAB_CONTAINMENT", "supervisor")]);
    assert_eq!(code, 0, "{stderr}");
    let rows = class.gradebook();
    assert!(rows["memory"]["stopped"].starts_with("memory:"), "{rows:?}");
    assert!(rows["disk"]["stopped"].starts_with("disk:"), "{rows:?}");
    assert!(class.report("memory").contains("(all its processes together, held by supervisor)"));
    assert!(class.report("disk").contains("(all its files together, held by supervisor)"));
    assert_eq!(left_behind(&class.path("")), Vec::<String>::new());
}

/// One student holding every process it can never fails another, in a parallel grade (as
/// shards run): the process count is per run, never per user.
#[test]
fn processes_of_one_student_never_count_against_another_in_a_parallel_grade() {
    if skip() {
        return;
    }
    let mut hog = hostile_class::Class::new();
    hog.student("hog", Student::attack(serde_json::json!({"mode": "processes", "hold": 6})));
    let mut honest = hostile_class::Class::new();
    honest.student("alice", Student::Honest);
    let mut running = hog.spawn(&["--jobs", "2"], None);
    hog.wait_for_processes("out/work/hog", 100);
    let (code, stderr) = honest.grade(&["--jobs", "2"], None);
    let hog_status = running.wait().unwrap();
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(honest.gradebook()["alice"]["score"], FULL, "{:?}", honest.gradebook());
    assert_eq!(honest.gradebook()["alice"]["stopped"], "");
    assert!(hog_status.success());
    assert!(hog.gradebook()["hog"]["stopped"].starts_with("processes:"), "{:?}", hog.gradebook());
    assert_eq!(left_behind(&hog.path("")), Vec::<String>::new());
}

/// SIGINT or SIGTERM ends every program (a daemon that left the process group too), removes
/// every run folder, keeps the finished students' rows, and --resume goes on; with and
/// without the sandbox.
#[test]
fn an_interrupt_ends_every_program_and_leaves_nothing_behind() {
    if skip() {
        return;
    }
    for (signal, flags) in [("-INT", &[][..]), ("-TERM", &["--no-sandbox"][..])] {
        let mut class = hostile_class::Class::new();
        class.student("a", Student::Honest);
        class.student("b", Student::attack(serde_json::json!({"mode": "daemon"})));
        let mut args = vec!["--jobs", "1", "--timeout", "60"];
        args.extend(flags);
        let mut running = class.spawn(&args, None);
        class.wait_for_processes("out/work/b/solver.py", 2);
        let kill = std::process::Command::new("kill").arg(signal).arg(running.id().to_string()).status();
        assert!(kill.unwrap().success());
        let status = hostile_class::wait_at_most(&mut running, Duration::from_secs(20));
        assert_eq!(status.code(), Some(130), "{flags:?}");
        assert_eq!(left_behind(&class.path("")), Vec::<String>::new(), "{flags:?}");
        assert_eq!(class.run_folders(), Vec::<String>::new(), "{flags:?}");
        let mounts = std::fs::read_to_string("/proc/self/mountinfo").unwrap();
        assert!(!mounts.contains(&class.path("runs").display().to_string()), "a run's file system is left");
        assert!(class.path("out/students/a/summary.json").exists());
        assert!(!class.path("out/students/b/summary.json").exists());
        // b hands in an honest program; --resume grades b and keeps a.
        class.student("b", Student::Honest);
        let mut resume = args.clone();
        resume.push("--resume");
        let (code, stderr) = class.grade(&resume, None);
        assert_eq!(code, 0, "{stderr}");
        assert!(stderr.is_empty() || !stderr.contains("not graded"), "{stderr}");
        let rows = class.gradebook();
        assert_eq!((rows["a"]["score"].as_str(), rows["b"]["score"].as_str()), (FULL, FULL), "{rows:?}");
    }
}
