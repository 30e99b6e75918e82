//! One run's verdict: its score against the reference, its format faults and what went
//! wrong with the run itself.

use crate::check::{PreparedCase, ReferenceAnswer, TestReport};
use crate::variant::PuzzleKind;
use crate::{
    npuzzle_ran, read_digits, read_npuzzle_run, score_digits, score_npuzzle, DigitsExpected, Fault, RunError,
    RunResult, Score,
};

/// Lines of error output kept for a run that failed.
const STDERR_LINES: usize = 5;

fn faults_text(faults: &[Fault]) -> Vec<String> {
    faults.iter().map(|f| format!("{}: {f}", f.name())).collect()
}

/// Scores one run of a prepared case.
pub(crate) fn score(puzzle: PuzzleKind, p: &PreparedCase<'_>, run: &Result<RunResult, RunError>) -> TestReport {
    let mut report = TestReport {
        name: p.case.name.clone(),
        input: p.case.input_line(),
        method: p.case.method(),
        passed: false,
        items: Vec::new(),
        first_divergence: None,
        variants: Vec::new(),
        format: Vec::new(),
        problems: Vec::new(),
        stderr_tail: Vec::new(),
        notes: Vec::new(),
        program_seconds: 0.0,
    };
    let run = match run {
        Ok(run) => run,
        Err(e) => {
            report.problems.push(format!("could not be run: {e}"));
            return report;
        }
    };
    report.program_seconds = run.wall_time.as_secs_f64();
    report.problems = run.problems().iter().map(ToString::to_string).collect();
    if !report.problems.is_empty() {
        report.stderr_tail = run.stderr.last_lines(STDERR_LINES).iter().map(|l| (*l).to_owned()).collect();
    }
    let score: Option<Score> = match (&p.reference, puzzle) {
        (ReferenceAnswer::Npuzzle(Some(expected)), PuzzleKind::Npuzzle) => {
            let reading = read_npuzzle_run(run);
            if let Some(r) = &reading {
                report.format = faults_text(&r.faults);
            } else {
                report.problems.push("wrote no output.txt".to_owned());
            }
            Some(score_npuzzle(reading.as_ref(), npuzzle_ran(run), expected))
        }
        (ReferenceAnswer::Npuzzle(None), _) => {
            report.notes.push("the reference has no answer for this board (it cannot reach the goal)".to_owned());
            None
        }
        (ReferenceAnswer::Digits(text), _) => {
            let reading = read_digits(&run.stdout.text);
            report.format = faults_text(&reading.faults);
            DigitsExpected::from_text(text).ok().map(|expected| score_digits(&reading, &expected))
        }
        _ => None,
    };
    if let Some(score) = score {
        report.passed = score.all_passed();
        report.first_divergence = score.first_divergence;
        report.items = score.items;
    }
    report
}

/// Adds the note of issue 15 (must-show 6) when the program's A* path is shorter than the
/// reference's: the graded reading is not optimal on this board.
pub(crate) fn not_optimal_note(reference_moves: Option<usize>, run: &RunResult, report: &mut TestReport) {
    let Some(reference_moves) = reference_moves else { return };
    let Some(program_moves) = read_npuzzle_run(run).and_then(|r| r.path_to_goal).map(|p| p.len()) else { return };
    if program_moves < reference_moves {
        let rule = match report.variants.first() {
            Some(v) => format!("the rule {v} gives your numbers"),
            None => "no named rule gives your numbers".to_owned(),
        };
        report.notes.push(format!(
            "your path has {program_moves} moves, the grader's {reference_moves}: the graded A* reading is not optimal on this board; {rule}"
        ));
    }
}
