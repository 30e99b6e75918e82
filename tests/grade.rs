//! End-to-end tests of `searchlab grade` on a class built in a temporary folder from the
//! programs of `tests/check_corpus/digits/`: alice (correct), bob (tests the goal on
//! generation), carol (crashes when start = goal), dan (no program) and erin (a broken .zip). The
//! expected rows are computed from the suite's manifest and the 3-digit weights (1 point a
//! line, 2 a test), never read from the command's output.
//!
//! The shard and merge, --anonymize and zip tests grade smaller classes with --no-sandbox and
//! the letter B only, to stay quick. The sandboxed test fails without bubblewrap;
//! SEARCHLAB_SKIP_SANDBOX=1 makes it print why and return (the --no-sandbox ones always run).

use std::collections::BTreeSet;
use std::path::Path;

#[path = "common/grade_class.rs"]
mod grade_class;

use grade_class::{files_but_the_key, gradebook, key_of, merge, searchlab, skip, zip_with_python, Class, CMD, CORPUS};

/// Whether a 3-digit input starts at its goal (the first two lines are the same number).
fn start_is_goal(input: &str) -> bool {
    let lines: Vec<&str> = input.lines().map(str::trim).collect();
    lines.len() >= 2 && lines[0] == lines[1]
}

fn class_of_five() -> Class {
    let class = Class::new(&[
        ("alice", Some("correct.py")),
        ("bob", Some("goal-on-generation.py")),
        ("carol", Some("crash-start-equals-goal.py")),
        ("dan", None),
    ]);
    std::fs::write(class.sub().join("erin.zip"), "PK\u{3}\u{4}").unwrap();
    std::fs::write(class.sub().join("notes.txt"), "not a student").unwrap();
    std::fs::create_dir(class.sub().join(".hidden")).unwrap();
    class
}

#[test]
fn a_class_is_graded_in_the_sandbox_and_resumed() {
    if skip() {
        return;
    }
    let class = class_of_five();
    let (code, stderr) = class.grade(&["--jobs", "2"]);
    assert_eq!(code, 0, "{stderr}");
    let cases = class.cases();
    let n = cases.len();
    let count = |letter: &str| cases.iter().filter(|(_, l, _)| l == letter).count();
    let crashes = cases.iter().filter(|(_, _, input)| start_is_goal(input)).count();
    let crashes_b = cases.iter().filter(|(_, l, input)| l == "B" && start_is_goal(input)).count();
    assert!(crashes > 0 && crashes < n, "the edge set has start = goal cases");
    let rows = class.gradebook();
    assert_eq!(rows.keys().collect::<Vec<_>>(), ["alice", "bob", "carol", "dan", "erin"]);

    let alice = &rows["alice"];
    let full = (2 * n).to_string();
    assert_eq!((alice["score"].as_str(), alice["max_score"].as_str()), (full.as_str(), full.as_str()));
    assert_eq!((alice["passed"].clone(), alice["total"].clone()), (n.to_string(), n.to_string()));
    assert_eq!(alice["B"], format!("{0}/{0}", count("B")));
    assert_eq!(alice["A"], format!("{0}/{0}", count("A")));
    assert_eq!((alice["rules"].as_str(), alice["stopped"].as_str(), alice["error"].as_str()), ("", "", ""));
    assert_eq!(alice["sandbox"], "yes");

    // carol crashes with nothing printed on every start = goal input: 0 of its 2 points.
    let carol = &rows["carol"];
    assert_eq!(carol["score"], (2 * (n - crashes)).to_string());
    assert_eq!(carol["passed"], (n - crashes).to_string());
    assert_eq!(carol["B"], format!("{}/{}", count("B") - crashes_b, count("B")));
    assert_eq!(carol["stopped"], format!("crash:{crashes}"));

    let bob = &rows["bob"];
    assert_eq!(bob["rules"], "goal-on-generation");
    let bob_passed: usize = bob["passed"].parse().unwrap();
    assert!(bob_passed < n && bob["A"] == format!("{0}/{0}", count("A")), "{bob:?}");

    let dan = &rows["dan"];
    assert!(dan["error"].contains("there is no file solver.py"), "{dan:?}");
    assert_eq!((dan["score"].as_str(), dan["passed"].as_str(), dan["max_score"].clone()), ("0", "0", full.clone()));
    assert!(rows["erin"]["error"].contains("erin.zip: not a zip archive"), "{:?}", rows["erin"]);
    assert!(stderr.contains("dan not graded") && !stderr.contains("alice"), "{stderr}");

    // Each graded student's files exist and parse; results.json's score is the gradebook's.
    for name in ["alice", "bob", "carol"] {
        let dir = class.out().join("students").join(name);
        let results: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(dir.join("results.json")).unwrap()).unwrap();
        assert_eq!(results["score"].as_f64().unwrap().to_string(), rows[name]["score"], "{name}");
        assert_eq!(results["tests"].as_array().unwrap().len(), n);
        let report: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(dir.join("report.json")).unwrap()).unwrap();
        assert_eq!(report["summary"]["total"], n);
        assert!(std::fs::read_to_string(dir.join("junit.xml")).unwrap().starts_with("<?xml"));
        assert!(!std::fs::read_to_string(dir.join("report.txt")).unwrap().is_empty());
    }
    let dan_report = std::fs::read_to_string(class.out().join("students/dan/report.txt")).unwrap();
    assert!(dan_report.contains("there is no file solver.py"), "{dan_report}");
    let stopped = carol_stops(&class);
    assert_eq!(stopped, vec!["crash"; crashes]);

    let md = std::fs::read_to_string(class.out().join("class.md")).unwrap();
    assert!(md.contains("5 students (digits): 3 graded, 2 could not be graded."), "{md}");
    assert!(md.contains("Every program ran in the sandbox"), "{md}");
    assert!(md.contains("| `goal-on-generation` | 1 |"), "{md}");
    assert!(md.contains(&format!("| crash | {crashes} | 1 |")), "{md}");

    // An OUT in use is refused without --resume.
    let before = std::fs::read_to_string(class.out().join("gradebook.csv")).unwrap();
    let (code, stderr) = class.grade(&[]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("is not empty") && stderr.contains("--resume"), "{stderr}");

    // --resume runs nobody graded already: bob without his program keeps his row.
    std::fs::remove_file(class.sub().join("bob/solver.py")).unwrap();
    let (code, stderr) = class.grade(&["--resume"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(std::fs::read_to_string(class.out().join("gradebook.csv")).unwrap(), before);
}

/// What stopped each of carol's runs, from her report.json.
fn carol_stops(class: &Class) -> Vec<String> {
    let text = std::fs::read_to_string(class.out().join("students/carol/report.json")).unwrap();
    let report: serde_json::Value = serde_json::from_str(&text).unwrap();
    let tests = report["tests"].as_array().unwrap();
    tests.iter().filter_map(|t| t.get("stopped").and_then(|s| s.as_str()).map(str::to_owned)).collect()
}

#[test]
fn without_a_sandbox_the_reports_say_so() {
    let class = Class::new(&[("alice", Some("correct.py"))]);
    let (code, stderr) = class.grade(&["--no-sandbox", "--letters", "B"]);
    assert_eq!(code, 0, "{stderr}");
    let b = class.cases().iter().filter(|(_, l, _)| l == "B").count();
    let rows = class.gradebook();
    let alice = &rows["alice"];
    assert_eq!((alice["passed"].clone(), alice["score"].clone()), (b.to_string(), (2 * b).to_string()));
    assert_eq!(alice["B"], format!("{b}/{b}"));
    assert!(!alice.contains_key("A"), "no column for a letter not tested: {alice:?}");
    assert_eq!(alice["sandbox"], "no");
    let md = std::fs::read_to_string(class.out().join("class.md")).unwrap();
    assert!(md.contains("Graded without a sandbox"), "{md}");
}

#[test]
fn no_bubblewrap_is_refused_with_the_way_out() {
    let class = Class::new(&[("alice", Some("correct.py"))]);
    let out = searchlab()
        .env("PATH", class.tmp.path())
        .args(["grade", "digits"])
        .arg(class.sub())
        .args(["--cmd", CMD, "--cases", "public", "--letters", "B", "--out"])
        .arg(class.out())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("bubblewrap") && stderr.contains("--no-sandbox"), "{stderr}");
    assert!(!class.out().exists(), "nothing is written");
}

/// alice, bob, carol and dan (no program): a class of four for the tests without a sandbox.
fn class_of_four() -> Class {
    Class::new(&[
        ("alice", Some("correct.py")),
        ("bob", Some("goal-on-generation.py")),
        ("carol", Some("crash-start-equals-goal.py")),
        ("dan", None),
    ])
}

const QUICK: [&str; 3] = ["--no-sandbox", "--letters", "B"];

#[test]
fn shards_merged_are_the_whole_class() {
    let class = class_of_four();
    let (code, stderr) = class.grade(&QUICK);
    assert_eq!(code, 0, "{stderr}");
    let (one, two) = (class.dir("shard1"), class.dir("shard2"));
    for (k, out) in [("1/2", &one), ("2/2", &two)] {
        let (code, stderr) = class.grade_into(out, &[&QUICK[..], &["--shard", k]].concat());
        assert_eq!(code, 0, "{stderr}");
    }
    // Sorted by name, index i in shard K when i % 2 = K - 1.
    assert_eq!(gradebook(&one).keys().collect::<Vec<_>>(), ["alice", "carol"]);
    assert_eq!(gradebook(&two).keys().collect::<Vec<_>>(), ["bob", "dan"]);
    let shard: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(two.join("grade.json")).unwrap()).unwrap();
    assert_eq!((shard["shard"].as_str(), shard["students"].to_string().as_str()), (Some("2/2"), "[\"bob\",\"dan\"]"));

    let merged = class.dir("merged");
    let (code, stdout, stderr) = merge(&[two.clone(), one.clone()], &merged);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("merged 4 students from 2 outputs"), "{stdout}");
    // The same files, but for the staging folder named in dan's error (OUT/work/dan).
    let read = |dir: &Path, file: &str| {
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        [&class.out(), &one, &two]
            .iter()
            .fold(text, |t, d| t.replace(d.canonicalize().unwrap().to_str().unwrap(), "OUT"))
    };
    assert_eq!(read(&merged, "gradebook.csv"), read(&class.out(), "gradebook.csv"));
    assert_eq!(read(&merged, "class.md"), read(&class.out(), "class.md"));
    assert_eq!(read(&merged, "class.html"), read(&class.out(), "class.html"));
    for name in ["alice", "bob", "carol", "dan"] {
        let file = format!("students/{name}/report.txt");
        assert_eq!(read(&merged, &file), read(&class.out(), &file), "{name}");
    }

    // A missing shard is said; a student in two inputs and another case option are refused.
    let (code, stdout, stderr) = merge(std::slice::from_ref(&one), &class.dir("half"));
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("shards 2/2 missing"), "{stdout}");
    let (code, _, stderr) = merge(&[one.clone(), class.out()], &class.dir("twice"));
    assert_eq!(code, 2, "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("alice is graded in both"), "{stderr}");
    let other = class.dir("other");
    let (code, stderr) = class.grade_into(&other, &["--no-sandbox", "--letters", "A", "--shard", "4/4"]);
    assert_eq!(code, 0, "{stderr}");
    let (code, _, stderr) = merge(&[one.clone(), other], &class.dir("mixed"));
    assert_eq!((code, stderr.lines().count()), (2, 1), "{stderr}");
    assert!(stderr.contains("graded differently (methods: B vs A)"), "{stderr}");
    // --resume with another shard is refused; a bad shard is one line.
    let (code, stderr) = class.grade_into(&one, &[&QUICK[..], &["--shard", "2/2", "--resume"]].concat());
    assert_eq!((code, stderr.lines().count()), (2, 1), "{stderr}");
    assert!(stderr.contains("shard 1/2 vs shard 2/2"), "{stderr}");
    for bad in ["0/2", "3/2", "two"] {
        let (code, stderr) = class.grade_into(&class.dir("bad"), &[&QUICK[..], &["--shard", bad]].concat());
        assert_eq!((code, stderr.lines().count()), (2, 1), "{bad}: {stderr}");
        assert!(stderr.contains("1 <= K <= N"), "{stderr}");
    }
}

#[test]
fn anonymized_outputs_name_nobody_and_keep_their_pseudonyms() {
    let names = ["zoe_adams", "yuri_brown", "xena_clark"];
    let class =
        Class::new(&[(names[0], Some("correct.py")), (names[1], Some("goal-on-generation.py")), (names[2], None)]);
    let anonymous = |out: &Path| {
        for (path, text) in files_but_the_key(out) {
            for name in names {
                assert!(!path.to_string_lossy().contains(name) && !text.contains(name), "{name} in {path:?}");
            }
        }
        let key = key_of(out);
        let students: BTreeSet<&str> = key.values().map(String::as_str).collect();
        assert_eq!(students, names.into_iter().collect());
        assert_eq!(gradebook(out).keys().collect::<Vec<_>>(), key.keys().collect::<Vec<_>>());
        key
    };
    let (code, stderr) = class.grade(&[&QUICK[..], &["--anonymize"]].concat());
    assert_eq!(code, 0, "{stderr}");
    let first = anonymous(&class.out());
    assert!(first.keys().all(|p| p.len() == 16 && p.starts_with("student-")), "{first:?}");
    let zoe = first.iter().find(|(_, n)| *n == names[0]).unwrap().0;
    assert_eq!(gradebook(&class.out())[zoe]["error"], "");
    // --resume keeps OUT's key: the same pseudonyms, nobody graded again.
    let before = std::fs::read_to_string(class.out().join("gradebook.csv")).unwrap();
    let (code, stderr) = class.grade(&[&QUICK[..], &["--anonymize", "--resume"]].concat());
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(std::fs::read_to_string(class.out().join("gradebook.csv")).unwrap(), before);
    assert_eq!(key_of(&class.out()), first);
    // --resume without --anonymize is refused.
    let (code, stderr) = class.grade(&[&QUICK[..], &["--resume"]].concat());
    assert_eq!((code, stderr.lines().count()), (2, 1), "{stderr}");
    assert!(stderr.contains("anonymize key"), "{stderr}");

    // Shards sharing a key file merge into the pseudonyms of a whole run with that key.
    let shared = class.dir("class-key.csv");
    let key_flag = ["--anonymize-key", shared.to_str().unwrap()];
    let (one, two, whole) = (class.dir("shard1"), class.dir("shard2"), class.dir("whole"));
    for (out, shard) in [(&one, "1/2"), (&two, "2/2")] {
        let (code, stderr) = class.grade_into(out, &[&QUICK[..], &key_flag, &["--shard", shard]].concat());
        assert_eq!(code, 0, "{stderr}");
    }
    let merged = class.dir("merged");
    let (code, _, stderr) = merge(&[one, two], &merged);
    assert_eq!(code, 0, "{stderr}");
    let from_shards = anonymous(&merged);
    let (code, stderr) = class.grade_into(&whole, &[&QUICK[..], &key_flag].concat());
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(anonymous(&whole), from_shards);
    assert_ne!(from_shards, first, "another key, other pseudonyms");
    // A key file that is not one is refused.
    std::fs::write(class.dir("bad-key.csv"), "pseudonym,student\n").unwrap();
    let bad = class.dir("bad-key.csv");
    let (code, stderr) =
        class.grade_into(&class.dir("bad"), &[&QUICK[..], &["--anonymize-key", bad.to_str().unwrap()]].concat());
    assert_eq!((code, stderr.lines().count()), (2, 1), "{stderr}");
    assert!(stderr.contains("no salt line"), "{stderr}");
}

#[test]
fn a_zip_is_graded_like_a_folder_and_zip_slip_is_refused() {
    let class = Class::new(&[("alice", Some("correct.py")), ("bob", Some("goal-on-generation.py"))]);
    let correct = std::fs::read_to_string(Path::new(CORPUS).join("correct.py")).unwrap();
    let wrong = std::fs::read_to_string(Path::new(CORPUS).join("goal-on-generation.py")).unwrap();
    // zed's folder zipped with its top folder, yann's without; eve's and mal's try to escape.
    zip_with_python(&class.sub().join("zed.zip"), &[("zed/README", "my submission\n"), ("zed/solver.py", &correct)]);
    zip_with_python(&class.sub().join("yann.zip"), &[("solver.py", &wrong), ("README", "mine\n")]);
    zip_with_python(&class.sub().join("eve.zip"), &[("solver.py", &correct), ("../../escape.txt", "gotcha")]);
    zip_with_python(&class.sub().join("mal.zip"), &[("solver.py", &correct), ("/tmp/searchlab-grade-abs.txt", "x")]);
    let (code, stderr) = class.grade(&QUICK);
    assert_eq!(code, 0, "{stderr}");
    let rows = class.gradebook();
    assert_eq!(rows.keys().collect::<Vec<_>>(), ["alice", "bob", "eve", "mal", "yann", "zed"]);
    let but_name = |name: &str| {
        let mut row = rows[name].clone();
        row.remove("student");
        row
    };
    assert_eq!(but_name("zed"), but_name("alice"));
    assert_eq!(but_name("yann"), but_name("bob"));
    assert!(class.out().join("work/zed/solver.py").is_file());
    for (name, entry) in [("eve", "../../escape.txt"), ("mal", "/tmp/searchlab-grade-abs.txt")] {
        let error = &rows[name]["error"];
        assert!(error.contains(&format!("{name}.zip: refused: the entry `{entry}` points outside")), "{error}");
        assert_eq!(rows[name]["score"], "0");
        assert!(!class.out().join("work").join(name).exists(), "nothing unpacked for {name}");
    }
    assert!(!class.tmp.path().join("escape.txt").exists() && !class.out().join("escape.txt").exists());
    assert!(!Path::new("/tmp/searchlab-grade-abs.txt").exists());
}
