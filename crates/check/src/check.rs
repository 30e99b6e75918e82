//! `check`: run a program on test cases, score each run as the graders do, and diagnose
//! every failure (format faults, crashes, chance, then the named rules that explain it).

use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};

use searchlab_npuzzle::{Board, Edition};
use searchlab_threedigits::{parse_instance, Instance};

use crate::case::{board_text, CaseInput, Expected, TestCase};
use crate::diagnose::{consistent, diagnose, Diagnosis};
use crate::variant::{variants_for, PuzzleKind};
use crate::{
    digits_reference, npuzzle_answer, npuzzle_reference, npuzzle_search, read_digits, read_npuzzle_run, run_all,
    search_key, CommandTemplate, Config, Divergence, Found, ItemScore, NpuzzleExpected, NpuzzleReading, RunConfig,
    RunResult, RunSpec, Values,
};

/// How `check` runs.
#[derive(Debug, Clone)]
pub struct CheckOptions {
    /// The program's command line, with placeholders.
    pub template: CommandTemplate,
    /// Timeout, output caps, folders.
    pub run: RunConfig,
    /// Parallel runs (0: one per core).
    pub jobs: usize,
    /// The N-puzzle assignment's edition (2017: nine lines, `ida`).
    pub edition: Edition,
}

/// One test's result.
#[derive(Debug, Clone, serde::Serialize)]
pub struct TestReport {
    /// The case's name.
    pub name: String,
    /// The input in one line (`bfs 1,2,5,3,4,0,6,7,8`).
    pub input: String,
    /// The method or letter.
    pub method: String,
    /// Whether every item passed.
    pub passed: bool,
    /// The scored items.
    pub items: Vec<ItemScore>,
    /// The first item whose value is wrong.
    pub first_divergence: Option<Divergence>,
    /// The combinations of named rules that reproduce the program's output exactly.
    pub variants: Vec<String>,
    /// Format faults, each with its fix.
    pub format: Vec<String>,
    /// What went wrong with the run (crash, timeout), in plain words.
    pub problems: Vec<String>,
    /// The last lines of the program's error output when it failed to run cleanly.
    pub stderr_tail: Vec<String>,
    /// Findings in plain words: chance, the reference's non-optimal path, nothing explains it.
    pub notes: Vec<String>,
    /// The program's wall time, in seconds.
    pub program_seconds: f64,
}

/// The tests of one method or letter.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct MethodSummary {
    /// Tests passed.
    pub passed: usize,
    /// Tests run.
    pub total: usize,
    /// The combinations consistent with every failed test of this method.
    pub variants: Vec<String>,
    /// The format faults found (names), each once.
    pub format: Vec<String>,
}

/// The whole run's summary.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct Summary {
    /// Tests passed.
    pub passed: usize,
    /// Tests run.
    pub total: usize,
    /// The combinations consistent with every failed test.
    pub variants: Vec<String>,
    /// Per method (`bfs`, …) or letter (`B`, …).
    pub methods: BTreeMap<String, MethodSummary>,
}

/// What `check` found.
#[derive(Debug, Clone, serde::Serialize)]
pub struct CheckReport {
    /// The puzzle.
    pub puzzle: PuzzleKind,
    /// Every test, in the order given.
    pub tests: Vec<TestReport>,
    /// The summary.
    pub summary: Summary,
}

impl CheckReport {
    /// Whether every test passed.
    pub fn all_passed(&self) -> bool {
        self.summary.passed == self.summary.total
    }
}

/// A case that cannot be checked.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CheckError {
    /// A 3-digit case's input file is not valid.
    #[error("case {name}: the input file is not valid: {reason}")]
    BadInput {
        /// The case.
        name: String,
        /// Why.
        reason: String,
    },
    /// A case of the other puzzle.
    #[error("case {0} is not a case of this puzzle")]
    WrongPuzzle(String),
}

/// The reference's answer to a case, as each puzzle writes it.
pub(crate) enum ReferenceAnswer {
    Npuzzle(Option<NpuzzleExpected>),
    Digits(String),
}

/// A case ready to run: its reference config, instance and expected answer.
pub(crate) struct PreparedCase<'a> {
    pub(crate) case: &'a TestCase,
    pub(crate) base: Config,
    pub(crate) instance: Option<Instance>,
    pub(crate) reference: ReferenceAnswer,
}

fn prepare(puzzle: PuzzleKind, case: &TestCase, edition: Edition) -> Result<PreparedCase<'_>, CheckError> {
    match (&case.input, puzzle) {
        (CaseInput::Npuzzle { method, board }, PuzzleKind::Npuzzle) => {
            let base = Config::npuzzle(*method).with_edition(edition);
            let reference = match &case.expected {
                Some(Expected::Npuzzle(e)) if e.as_ref().map_or(true, |e| e.has_edition(edition)) => e.clone(),
                _ => npuzzle_reference(&base, board, &goal_of(board)),
            };
            Ok(PreparedCase { case, base, instance: None, reference: ReferenceAnswer::Npuzzle(reference) })
        }
        (CaseInput::Digits { letter, file }, PuzzleKind::Digits) => {
            let instance = parse_instance(file)
                .map_err(|e| CheckError::BadInput { name: case.name.clone(), reason: e.to_string() })?;
            let base = Config::digits(*letter);
            let reference = match &case.expected {
                Some(Expected::Digits(text)) => text.clone(),
                _ => digits_reference(&base, &instance),
            };
            Ok(PreparedCase { case, base, instance: Some(instance), reference: ReferenceAnswer::Digits(reference) })
        }
        _ => Err(CheckError::WrongPuzzle(case.name.clone())),
    }
}

fn goal_of(board: &Board) -> Board {
    Board::goal(board.width()).unwrap_or_else(|_| board.clone())
}

fn spec(case: &TestCase) -> RunSpec {
    match &case.input {
        CaseInput::Npuzzle { method, board } => RunSpec {
            values: Values {
                method: Some(searchlab_npuzzle::method_name(*method).to_owned()),
                board: Some(board_text(board)),
                ..Values::default()
            },
            input: None,
        },
        CaseInput::Digits { letter, file } => RunSpec {
            values: Values { letter: searchlab_threedigits::letter(*letter).map(str::to_owned), ..Values::default() },
            input: Some(file.clone()),
        },
    }
}

/// The graded values a run produced, for comparing two runs and for the diagnosis.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Graded {
    Npuzzle(Option<[Option<String>; 5]>),
    Digits(crate::DigitsPath, Option<Vec<String>>),
}

fn graded_npuzzle(r: Option<&NpuzzleReading>) -> Graded {
    Graded::Npuzzle(r.map(|r| {
        let s = |v: Option<u64>| v.map(|v| v.to_string());
        [
            r.path_to_goal.as_ref().map(|p| searchlab_npuzzle::path_to_python_list(p)),
            s(r.cost_of_path),
            s(r.nodes_expanded),
            s(r.search_depth),
            s(r.max_search_depth),
        ]
    }))
}

fn graded_expected(e: Option<&NpuzzleExpected>) -> Graded {
    Graded::Npuzzle(e.map(|e| {
        [
            Some(searchlab_npuzzle::path_to_python_list(&e.path_to_goal)),
            Some(e.cost_of_path.to_string()),
            Some(e.nodes_expanded.to_string()),
            Some(e.search_depth.to_string()),
            Some(e.max_search_depth.to_string()),
        ]
    }))
}

fn graded_digits(text: &str) -> Graded {
    let r = read_digits(text);
    Graded::Digits(r.path, r.expanded)
}

fn graded(puzzle: PuzzleKind, run: &RunResult) -> Graded {
    match puzzle {
        PuzzleKind::Npuzzle => graded_npuzzle(read_npuzzle_run(run).as_ref()),
        PuzzleKind::Digits => graded_digits(&run.stdout.text),
    }
}

/// Runs every case, scores it and diagnoses every failure. Errors only for cases that cannot
/// be checked at all (a bad input file, a case of the other puzzle); whatever the program
/// does is a test result.
pub fn check(puzzle: PuzzleKind, cases: &[TestCase], options: &CheckOptions) -> Result<CheckReport, CheckError> {
    let prepared = cases.iter().map(|c| prepare(puzzle, c, options.edition)).collect::<Result<Vec<_>, _>>()?;
    let specs: Vec<RunSpec> = cases.iter().map(spec).collect();
    let runs = run_all(&options.template, &specs, &options.run, options.jobs);
    let mut tests: Vec<TestReport> =
        prepared.iter().zip(&runs).map(|(p, run)| crate::verdict::score(puzzle, p, run)).collect();

    // Chance: run every failed test again; an answer that changes is not a rule.
    let failed: Vec<usize> = (0..tests.len()).filter(|&i| !tests[i].passed).collect();
    let again_specs: Vec<RunSpec> = failed.iter().map(|&i| specs[i].clone()).collect();
    let again = run_all(&options.template, &again_specs, &options.run, options.jobs);
    for (&i, second) in failed.iter().zip(&again) {
        let (Ok(first), Ok(second)) = (&runs[i], second) else { continue };
        let changed = graded(puzzle, first) != graded(puzzle, second);
        let test = &mut tests[i];
        if changed {
            test.notes.push(CHANCE.to_owned());
            continue;
        }
        if first.timed_out || (puzzle == PuzzleKind::Npuzzle && read_npuzzle_run(first).is_none()) {
            continue;
        }
        let p = &prepared[i];
        let program = graded(puzzle, first);
        let d = run_diagnosis(puzzle, p, &program);
        test.variants = d.combinations.clone();
        if d.combinations.is_empty() {
            test.notes.push(format!(
                "no combination of up to three named rules reproduces this output ({} of them change the reference's output here)",
                d.active.len()
            ));
        }
        crate::verdict::not_optimal_note(p_answer_path(p), first, test);
    }
    let summary = summarize(&tests);
    Ok(CheckReport { puzzle, tests, summary })
}

/// Diagnoses `output` as if a program had written it for `case`: an N-puzzle program's
/// `output.txt`, a 3-digit program's stdout. No program is run.
pub fn diagnose_output(puzzle: PuzzleKind, case: &TestCase, output: &str) -> Result<Diagnosis, CheckError> {
    let p = prepare(puzzle, case, Edition::Current)?;
    let program = match puzzle {
        PuzzleKind::Npuzzle => graded_npuzzle(Some(&crate::read_npuzzle(output))),
        PuzzleKind::Digits => graded_digits(output),
    };
    Ok(run_diagnosis(puzzle, &p, &program))
}

/// The note for a program whose answer changes from run to run.
pub const CHANCE: &str = "the answer changes from run to run: ties broken by memory address or random numbers";

fn p_answer_path(p: &PreparedCase<'_>) -> Option<usize> {
    match &p.reference {
        ReferenceAnswer::Npuzzle(Some(e)) if p.base.strategy == searchlab_core::Strategy::AStar => {
            Some(e.path_to_goal.len())
        }
        _ => None,
    }
}

fn run_diagnosis(puzzle: PuzzleKind, p: &PreparedCase<'_>, program: &Graded) -> Diagnosis {
    let variants = variants_for(puzzle, &p.case.method());
    match (&p.case.input, &p.reference, &p.instance) {
        (CaseInput::Npuzzle { board, .. }, ReferenceAnswer::Npuzzle(_), _) => {
            let goal = goal_of(board);
            let searches: RefCell<HashMap<String, Option<Found>>> = RefCell::default();
            let run = |c: &Config| {
                let key = search_key(c);
                let found = searches.borrow().get(&key).cloned();
                let found = found.unwrap_or_else(|| {
                    let found = npuzzle_search(c, board, &goal);
                    searches.borrow_mut().insert(key, found.clone());
                    found
                });
                found.map(|f| npuzzle_answer(c, &f))
            };
            let reference = run(&p.base);
            diagnose(&p.base, &variants, &reference, run, |out| graded_expected(out.as_ref()) == *program)
        }
        (CaseInput::Digits { .. }, ReferenceAnswer::Digits(_), Some(instance)) => {
            let run = |c: &Config| digits_reference(c, instance);
            let reference = run(&p.base);
            diagnose(&p.base, &variants, &reference, run, |out| graded_digits(out) == *program)
        }
        _ => Diagnosis::default(),
    }
}

fn summarize(tests: &[TestReport]) -> Summary {
    let mut summary =
        Summary { total: tests.len(), passed: tests.iter().filter(|t| t.passed).count(), ..Summary::default() };
    let mut failed_by_method: BTreeMap<String, Vec<Diagnosis>> = BTreeMap::new();
    for t in tests {
        let m = summary.methods.entry(t.method.clone()).or_default();
        m.total += 1;
        m.passed += usize::from(t.passed);
        for f in &t.format {
            let name = f.split(':').next().unwrap_or(f).to_owned();
            if !m.format.contains(&name) {
                m.format.push(name);
            }
        }
        if !t.passed {
            let d = Diagnosis { combinations: t.variants.clone(), ..Diagnosis::default() };
            failed_by_method.entry(t.method.clone()).or_default().push(d);
        }
    }
    for (method, diagnoses) in &failed_by_method {
        let refs: Vec<&Diagnosis> = diagnoses.iter().collect();
        if let Some(m) = summary.methods.get_mut(method) {
            m.variants = consistent(&refs);
        }
    }
    let all: Vec<&Diagnosis> = failed_by_method.values().flatten().collect();
    summary.variants = consistent(&all);
    summary
}
