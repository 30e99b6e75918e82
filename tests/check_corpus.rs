//! The corpus of student-style programs (`tests/check_corpus/`): every program listed in its
//! manifest, and every listed program present; each correct program reproduces the reference
//! (`searchlab digits` / `searchlab npuzzle -o -`) on every public and edge case; every other
//! program differs, crashes or hangs on its witness case, as the manifest says. Needs
//! python3, and javac and java for the Java programs: the test fails, never skips, without them.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use searchlab_check::cases::{edge_digits, edge_npuzzle, EdgeInstance};
use searchlab_check::{
    diagnose_output, run_all, PuzzleKind, RunConfig, RunResult, RunSpec, TestCase, Values, OUTPUT_FILE_NAME,
};

mod corpus;
use corpus::{manifest, require_tools, template, Program, CORPUS};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");

/// One run: a method or letter and the board or input file's text.
#[derive(Debug, Clone)]
struct Case {
    label: String,
    method: String,
    input: String,
}

/// The reference's answer: the digits command's stdout, or the npuzzle command's five
/// exactly graded lines.
fn reference(puzzle: &str, case: &Case) -> String {
    let bin = env!("CARGO_BIN_EXE_searchlab");
    if puzzle == "digits" {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("input.txt");
        std::fs::write(&file, &case.input).unwrap();
        let out = Command::new(bin).args(["digits", &case.method]).arg(&file).output().unwrap();
        assert!(out.status.success(), "reference failed on {}", case.label);
        String::from_utf8(out.stdout).unwrap()
    } else {
        let out = Command::new(bin).args(["npuzzle", &case.method, &case.input, "-o", "-"]).output().unwrap();
        assert!(out.status.success(), "reference failed on {}", case.label);
        String::from_utf8(out.stdout).unwrap().split_inclusive('\n').take(5).collect()
    }
}

/// What the program answered, in the same form as [`reference`] (`None`: nothing usable).
fn answer(puzzle: &str, run: &RunResult) -> Option<String> {
    if puzzle == "digits" {
        Some(run.stdout.text.clone())
    } else {
        let file = run.files.iter().find(|f| f.name == OUTPUT_FILE_NAME)?;
        Some(file.contents.as_deref()?.split_inclusive('\n').take(5).collect())
    }
}

fn run(program: &Program, cases: &[Case], timeout: Duration) -> Vec<RunResult> {
    let classes = tempfile::tempdir().unwrap();
    let template = template(program, classes.path());
    let specs: Vec<RunSpec> = cases
        .iter()
        .map(|c| match program.puzzle.as_str() {
            "digits" => RunSpec {
                values: Values { letter: Some(c.method.clone()), ..Values::default() },
                input: Some(c.input.clone().into_bytes()),
            },
            _ => RunSpec {
                values: Values { method: Some(c.method.clone()), board: Some(c.input.clone()), ..Values::default() },
                input: None,
            },
        })
        .collect();
    let config = RunConfig { timeout, ..RunConfig::default() };
    run_all(&template, &specs, &config, 2).into_iter().map(|r| r.unwrap()).collect()
}

fn edge(puzzle: &str) -> Vec<EdgeInstance> {
    if puzzle == "digits" {
        edge_digits()
    } else {
        edge_npuzzle()
    }
}

/// Every public case (the published conformance inputs) and every edge case of `puzzle`.
fn all_cases(puzzle: &str) -> Vec<Case> {
    let mut cases = Vec::new();
    if puzzle == "digits" {
        let mut dirs: Vec<PathBuf> = std::fs::read_dir(format!("{DATA}/threedigits"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.file_name().unwrap().to_string_lossy().starts_with("case-"))
            .collect();
        dirs.sort();
        for dir in dirs {
            let input = std::fs::read_to_string(dir.join("input.txt")).unwrap();
            for letter in ["B", "D", "I", "G", "A", "H"] {
                let label = format!("public {}", dir.file_name().unwrap().to_string_lossy());
                cases.push(Case { label, method: letter.into(), input: input.clone() });
            }
        }
    } else {
        let tsv = std::fs::read_to_string(format!("{DATA}/npuzzle/cases.tsv")).unwrap();
        for line in tsv.lines().skip(1) {
            let cols: Vec<&str> = line.split('\t').collect();
            cases.push(Case { label: format!("public {}", cols[1]), method: cols[0].into(), input: cols[1].into() });
        }
    }
    for e in edge(puzzle) {
        for m in &e.methods {
            cases.push(Case { label: format!("edge {}", e.name), method: m.clone(), input: e.input.clone() });
        }
    }
    cases
}

fn witness(program: &Program) -> Case {
    let w = &program.witness;
    assert_eq!(w.set, "edge", "{}: witnesses come from the edge set", program.file);
    let e = edge(&program.puzzle).into_iter().find(|e| e.name == w.case);
    let e = e.unwrap_or_else(|| panic!("{}: no edge case {}", program.file, w.case));
    assert!(e.methods.contains(&w.method), "{}: the edge case {} is not run with {}", program.file, w.case, w.method);
    Case { label: format!("edge {}", e.name), method: w.method.clone(), input: e.input }
}

#[test]
fn the_manifest_lists_exactly_the_programs_and_describes_each() {
    let m = manifest();
    let listed: BTreeSet<String> = m.programs.iter().map(|p| p.file.clone()).collect();
    assert_eq!(listed.len(), m.programs.len(), "a program is listed twice");
    let mut present = BTreeSet::new();
    for folder in ["digits", "npuzzle", "java"] {
        for entry in std::fs::read_dir(Path::new(CORPUS).join(folder)).unwrap() {
            let name = entry.unwrap().file_name().to_string_lossy().into_owned();
            present.insert(format!("{folder}/{name}"));
        }
    }
    assert_eq!(listed, present);
    for p in &m.programs {
        assert!(["digits", "npuzzle"].contains(&p.puzzle.as_str()), "{}", p.file);
        match p.language.as_str() {
            "python3" => assert!(p.file.starts_with(&p.puzzle) && p.file.ends_with(".py"), "{}", p.file),
            "java" => assert!(p.file.starts_with("java/") && p.file.ends_with(".java"), "{}", p.file),
            other => panic!("{}: unknown language {other}", p.file),
        }
        assert!(!p.notes.is_empty(), "{}", p.file);
        match p.kind.as_str() {
            "mistakes" => assert!(!p.variants.is_empty() && p.variants.len() <= 3, "{}", p.file),
            "correct" | "format" | "crash" | "hang" | "garbage" => assert!(p.variants.is_empty(), "{}", p.file),
            other => panic!("{}: unknown kind {other}", p.file),
        }
    }
    for puzzle in ["digits", "npuzzle"] {
        let of = |kind: &str| m.programs.iter().filter(|p| p.puzzle == puzzle && p.kind == kind).count();
        let python = |kind: &str| {
            m.programs.iter().filter(|p| p.puzzle == puzzle && p.kind == kind && p.language == "python3").count()
        };
        assert_eq!(python("correct"), 1, "{puzzle}");
        assert!(of("crash") >= 1 && of("hang") >= 1 && of("garbage") >= 1, "{puzzle}");
        let several = m.programs.iter().filter(|p| p.puzzle == puzzle && p.variants.len() >= 2).count();
        assert!(several >= 1, "{puzzle}: a program with several mistakes");
    }
    assert!(m.programs.iter().filter(|p| p.variants.len() >= 2).count() >= 3);
}

#[test]
fn correct_programs_reproduce_the_reference_on_every_public_and_edge_case() {
    require_tools();
    let programs = manifest().programs;
    for puzzle in ["digits", "npuzzle"] {
        let cases = all_cases(puzzle);
        let wanted: Vec<String> = cases.iter().map(|c| reference(puzzle, c)).collect();
        for program in programs.iter().filter(|p| p.kind == "correct" && p.puzzle == puzzle) {
            let runs = run(program, &cases, Duration::from_secs(120));
            for ((case, r), want) in cases.iter().zip(&runs).zip(&wanted) {
                let what = format!("{} on {} {}", program.file, case.label, case.method);
                assert!(r.problems().is_empty(), "{what}: {:?}", r.problems());
                assert_eq!(answer(puzzle, r).as_deref(), Some(want.as_str()), "{what}");
            }
        }
    }
}

#[test]
fn every_other_program_fails_on_its_witness_as_the_manifest_says() {
    require_tools();
    let programs: Vec<Program> = manifest().programs.into_iter().filter(|p| p.kind != "correct").collect();
    for program in &programs {
        let case = witness(program);
        let timeout = Duration::from_secs(if program.kind == "hang" { 3 } else { 60 });
        let r = &run(program, std::slice::from_ref(&case), timeout)[0];
        let what = format!("{} on {} {}", program.file, case.label, case.method);
        match program.kind.as_str() {
            "hang" => assert!(r.timed_out, "{what} should hang: {:?}", r.exit),
            "crash" => {
                assert!(!r.timed_out && r.exit != searchlab_check::Exit::Code(0), "{what} should crash: {:?}", r.exit);
                assert!(r.stderr.text.contains("Error"), "{what}: a Python traceback on stderr");
            }
            _ => {
                assert!(r.problems().is_empty(), "{what} should run cleanly: {:?}", r.problems());
                let got = answer(&program.puzzle, r);
                assert_ne!(got.as_deref(), Some(reference(&program.puzzle, &case).as_str()), "{what} should differ");
            }
        }
    }
}

/// The combination `check` names for `variants`: their names in the registry's order, joined
/// by `+`.
fn combination(variants: &[String]) -> String {
    let names = searchlab_check::all_variants().filter(|v| v.puzzle == PuzzleKind::Digits);
    names.filter(|v| variants.iter().any(|n| n == v.name)).map(|v| v.name).collect::<Vec<_>>().join("+")
}

/// Issue 15, must-show 7: every 3-digit program with mistakes is diagnosed, on its witness, with
/// a combination of its own rules (the minimal one: a rule that changes nothing once the others
/// act is left out), and at least three programs with several mistakes with all of them. The
/// N-puzzle programs' diagnoses are the end-to-end tests' (`tests/check.rs`): A* ones take
/// minutes in a debug build.
#[test]
fn every_three_digit_program_with_mistakes_is_diagnosed_with_its_rules() {
    require_tools();
    let programs = manifest().programs;
    let mut complete_several = 0;
    for program in programs.iter().filter(|p| p.kind == "mistakes" && p.puzzle == "digits") {
        let case = witness(program);
        let r = &run(program, std::slice::from_ref(&case), Duration::from_secs(60))[0];
        let what = format!("{} on {} {}", program.file, case.label, case.method);
        assert!(r.problems().is_empty(), "{what} should run cleanly: {:?}", r.problems());
        let test = TestCase::digits(&case.label, &case.method, &case.input).unwrap();
        let d = diagnose_output(PuzzleKind::Digits, &test, &r.stdout.text).unwrap();
        let all = combination(&program.variants);
        assert_eq!(all.split('+').count(), program.variants.len(), "{}: unknown rule names", program.file);
        // Minimal combinations: rules that change nothing once the others act are left out.
        let own = |c: &String| c.split('+').all(|n| program.variants.iter().any(|v| v == n));
        assert!(d.combinations.iter().any(own), "{what}: diagnosed {:?}, the manifest says {all}", d.combinations);
        complete_several += usize::from(program.variants.len() >= 2 && d.combinations.contains(&all));
    }
    assert!(complete_several >= 3, "{complete_several} programs with several mistakes show them all on their witness");
}
