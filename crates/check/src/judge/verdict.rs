//! One run's verdict: its score against the reference, its format faults and what went
//! wrong with the run itself.

use crate::cases::Puzzle;
use crate::judge::oracle::Oracle;
use crate::judge::prepare::PreparedCase;
use crate::judge::reference_answer::ReferenceAnswer;
use crate::{
    npuzzle_ran, read_digits, read_npuzzle_run, score_digits, score_npuzzle, DigitsExpected, Fault, RunError,
    RunProblem, RunResult, TestReport,
};

/// Lines of error output kept for a run that failed.
const STDERR_LINES: usize = 5;

/// The note of an N-puzzle test stopped at the time limit.
const SLOW_IS_NOT_WRONG: &str = "the graders time their whole suite (10 minutes for 15 tests), not each test: \
     a search slower than this limit is not a wrong answer (--timeout SECONDS gives each test longer)";

fn faults_text(faults: &[Fault]) -> Vec<String> {
    faults.iter().map(|f| format!("{}: {f}", f.name())).collect()
}

/// What went wrong with a run, for `puzzle`: an N-puzzle program's stdout is not graded, so
/// its being cut at the cap is no problem (a note says how much it printed).
pub(crate) fn run_problems(puzzle: Puzzle, run: &RunResult) -> Vec<RunProblem> {
    puzzle.checked().run_problems(run)
}

/// Scores one run of a prepared case.
pub(crate) fn score(puzzle: Puzzle, p: &PreparedCase<'_>, run: &Result<RunResult, RunError>) -> TestReport {
    let mut report = TestReport::new(&p.case.name, &p.method, &p.case.input_line());
    let run = match run {
        Ok(run) => run,
        Err(e) => {
            report.problems.push(format!("could not be run: {e}"));
            report.stopped = Some("not-run".to_owned());
            return report;
        }
    };
    report.program_seconds = run.wall_time.as_secs_f64();
    let problems = run_problems(puzzle, run);
    report.stopped = problems.first().map(|p| p.kind().to_owned());
    report.problems = problems.iter().map(ToString::to_string).collect();
    if !report.problems.is_empty() {
        report.stderr_tail = run.stderr.last_lines(STDERR_LINES).iter().map(|l| (*l).to_owned()).collect();
    }
    let score = match (&p.reference, puzzle) {
        (ReferenceAnswer::Npuzzle(expected), _) => {
            let reading = read_npuzzle_run(run);
            if run.stdout.truncated {
                report.notes.push(format!(
                    "the program printed {:.1} MB on stdout: the grader reads only output.txt, so it costs nothing, but printing every state slows a search",
                    run.stdout.total_bytes as f64 / 1e6
                ));
            }
            if let Some(r) = &reading {
                report.format = faults_text(&r.faults);
            } else {
                report.problems.push("wrote no output.txt".to_owned());
            }
            if run.timed_out && reading.is_none() {
                report.notes.push(SLOW_IS_NOT_WRONG.to_owned());
                Some(crate::Score::npuzzle_stopped(run.wall_time.as_secs_f64()))
            } else {
                Some(score_npuzzle(reading.as_ref(), npuzzle_ran(run), expected))
            }
        }
        (ReferenceAnswer::Digits(text), _) => {
            let reading = read_digits(&run.stdout.text);
            report.format = faults_text(&reading.faults);
            DigitsExpected::from_text(text).ok().map(|expected| score_digits(&reading, &expected))
        }
    };
    if !report.problems.is_empty() {
        let kinds = input_kinds(p);
        report.notes.push(if kinds.is_empty() {
            "the input is none of the kinds programs often fail on (solved board, start = goal, forbidden start, empty third line, final newline)".to_owned()
        } else {
            format!("the input is of a kind programs often fail on: {}", kinds.join("; "))
        });
    }
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

/// The kinds of input programs often fail on that this case's input is: for a crash, where
/// to look (issue 15, must-show 5).
fn input_kinds(p: &PreparedCase<'_>) -> Vec<&'static str> {
    let mut kinds = Vec::new();
    match &p.oracle {
        Oracle::Npuzzle { board, goal, .. } => {
            if board == goal {
                kinds.push("the board is already solved");
            }
        }
        Oracle::Digits(instance) => {
            if instance.start == instance.goal {
                kinds.push("start = goal");
            }
            if instance.forbidden.contains(&instance.start) {
                kinds.push("the start is forbidden");
            }
            if instance.forbidden.contains(&instance.goal) {
                kinds.push("the goal is forbidden");
            }
            let lines: Vec<&str> = p.case.input.lines().filter(|l| !l.trim().is_empty()).collect();
            let all: Vec<&str> = p.case.input.lines().collect();
            if lines.len() == 2 && all.len() >= 3 && all[2].trim().is_empty() {
                kinds.push("the third line (forbidden numbers) is empty");
            }
            if lines.len() >= 3 && p.case.input.ends_with('\n') {
                kinds.push("the file ends in a newline after the forbidden list");
            }
        }
    }
    kinds
}
