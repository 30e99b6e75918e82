//! The README's ways of grading a class on many machines, run as a cluster would run them:
//! `scripts/slurm_grade.sh` (shown verbatim in the README) as array tasks 1 and 2 of 2 with the
//! environment Slurm sets, then again for task 1 (a resubmission: nobody graded twice), then
//! `grade merge`; and the README's GNU parallel line and its merge, run as written by the shell
//! in a class laid out as the line expects. Both merged gradebooks must be the one a single
//! `grade` of the whole class writes.
//!
//! GNU parallel must be installed (`./test` installs Debian's `parallel`); the parallel line
//! runs in the sandbox, so bubblewrap too (SEARCHLAB_SKIP_SANDBOX=1 skips that half).

use std::path::{Path, PathBuf};
use std::process::Command;

// This file uses a part of the helpers that tests/grade.rs shares.
#[allow(dead_code)]
#[path = "common/grade_class.rs"]
mod grade_class;

use grade_class::{gradebook, skip, Class, CMD};

const README: &str = include_str!("../README.md");
const SCRIPT: &str = include_str!("../scripts/slurm_grade.sh");

/// The folder holding the binary under test, for a PATH that finds `searchlab`.
fn bin_dir() -> PathBuf {
    Path::new(env!("CARGO_BIN_EXE_searchlab")).parent().unwrap().to_path_buf()
}

fn class_of_four() -> Class {
    Class::new(&[
        ("alice", Some("correct.py")),
        ("bob", Some("goal-on-generation.py")),
        ("carol", Some("crash-start-equals-goal.py")),
        ("dan", Some("ties-first-added.py")),
    ])
}

/// Runs `scripts/slurm_grade.sh` as array task `k` of `n` in the class's folder.
fn slurm_task(class: &Class, k: u32, n: u32) -> std::process::Output {
    Command::new("bash")
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/slurm_grade.sh"))
        .current_dir(class.tmp.path())
        .env("SEARCHLAB", env!("CARGO_BIN_EXE_searchlab"))
        .env("PUZZLE", "digits")
        .env("SUBMISSIONS", class.sub())
        .env("CMD", CMD)
        .env("CASES", class.suite())
        .env("OUT", class.dir("part"))
        .env("FLAGS", "--no-sandbox --letters B --timeout 10")
        .env("SLURM_ARRAY_TASK_ID", k.to_string())
        .env("SLURM_ARRAY_TASK_COUNT", n.to_string())
        .env("SLURM_CPUS_PER_TASK", "1")
        .output()
        .unwrap()
}

#[test]
fn the_slurm_script_is_shown_verbatim_and_its_array_tasks_merge_into_the_whole_class() {
    assert!(README.contains(&format!("```sh\n{SCRIPT}```")), "README.md shows scripts/slurm_grade.sh verbatim");
    let class = class_of_four();
    let (code, stderr) = class.grade(&["--no-sandbox", "--letters", "B"]);
    assert_eq!(code, 0, "{stderr}");
    for k in [1, 2] {
        let out = slurm_task(&class, k, 2);
        assert!(out.status.success(), "task {k}: {}", String::from_utf8_lossy(&out.stderr));
    }
    let part1 = class.dir("part-1");
    let report = part1.join("students/alice/report.txt");
    let written = std::fs::metadata(&report).unwrap().modified().unwrap();
    // Resubmitted, task 1 finds its shard begun and grades nobody again.
    let out = slurm_task(&class, 1, 2);
    assert!(out.status.success(), "resubmitted: {}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(std::fs::metadata(&report).unwrap().modified().unwrap(), written, "alice was graded again");
    assert_eq!(gradebook(&part1).keys().collect::<Vec<_>>(), ["alice", "carol"]);

    let merged = class.dir("merged");
    let done = Command::new(env!("CARGO_BIN_EXE_searchlab"))
        .args(["grade", "merge"])
        .args([&part1, &class.dir("part-2")])
        .arg("--out")
        .arg(&merged)
        .output()
        .unwrap();
    assert!(done.status.success(), "{}", String::from_utf8_lossy(&done.stderr));
    assert_eq!(gradebook(&merged), class.gradebook());
    // Without the array's environment the script stops at once and says how to run it.
    let out = Command::new("bash")
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/slurm_grade.sh"))
        .env("CMD", CMD)
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("sbatch --array=1-N"));
}

/// The README's line that starts with `prefix` (a shell command shown in a block).
fn readme_line(prefix: &str) -> &'static str {
    README.lines().find(|l| l.starts_with(prefix)).unwrap_or_else(|| panic!("README.md shows a `{prefix}` line"))
}

#[test]
fn the_readme_parallel_line_and_its_merge_grade_the_whole_class() {
    assert!(
        Command::new("parallel").arg("--version").output().is_ok_and(|o| o.status.success()),
        "GNU parallel is missing: install Debian's `parallel` (./test does)"
    );
    if skip() {
        return;
    }
    let class = class_of_four();
    // The layout the line expects: submissions/NAME/ThreeDigits.py and suite/ in the folder.
    for entry in std::fs::read_dir(class.sub()).unwrap() {
        let student = entry.unwrap().path();
        let to = class.dir("submissions").join(student.file_name().unwrap());
        std::fs::create_dir_all(&to).unwrap();
        std::fs::copy(student.join("solver.py"), to.join("ThreeDigits.py")).unwrap();
    }
    let path = std::env::join_paths(
        std::iter::once(bin_dir()).chain(std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())),
    )
    .unwrap();
    for line in [readme_line("parallel 'searchlab grade digits"), readme_line("searchlab grade merge part1/")] {
        let out =
            Command::new("sh").args(["-c", line]).current_dir(class.tmp.path()).env("PATH", &path).output().unwrap();
        assert!(out.status.success(), "{line}: {}", String::from_utf8_lossy(&out.stderr));
    }
    let whole = class.dir("whole");
    let done = Command::new(env!("CARGO_BIN_EXE_searchlab"))
        .args(["grade", "digits"])
        .arg(class.dir("submissions"))
        .args(["--cmd", "python3 ThreeDigits.py {letter} {file}", "--cases"])
        .arg(class.suite())
        .arg("--out")
        .arg(&whole)
        .output()
        .unwrap();
    assert!(done.status.success(), "{}", String::from_utf8_lossy(&done.stderr));
    let merged = gradebook(&class.dir("graded"));
    assert_eq!(merged.keys().collect::<Vec<_>>(), ["alice", "bob", "carol", "dan"]);
    assert_eq!(merged, gradebook(&whole));
}
