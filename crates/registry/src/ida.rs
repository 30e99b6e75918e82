//! The 15-puzzle by IDA* in the replay: the optimal solver (`searchlab_solver`, outside the
//! engine) traced by its own `IdaTracer` and recorded like an engine search, with its
//! iterations and bounds, under a node budget.
//!
//! The heuristic is Manhattan distance with linear conflicts (no pattern database to build),
//! and the budget [`IDA_BUDGET`] generated nodes: the easy instances of Korf's 100
//! ([`EASY_KORF`]) solve within it; harder boards stop at the budget, and the page says so.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use searchlab_core::catalog::{Discipline, ExpandedCount, Field, FrontierRule, InstanceError, PriorityOrder};
use searchlab_core::{TieBreak, TraceEvent};
use searchlab_npuzzle::Board;
use searchlab_solver::benchmarks::Suite;
use searchlab_solver::ida::IdaTracer;
use searchlab_solver::{HeuristicSpec, IdaOutcome, IdaReport, Solver, SolverConfig};
use serde::Serialize;

use searchlab_trace::compact::Compactor;
use searchlab_trace::record::Recording;

use crate::error::RecordError;

/// The puzzle's name in requests.
pub const NAME: &str = "npuzzle-ida";
/// The most nodes a replayed IDA* search generates.
pub const IDA_BUDGET: u64 = 300_000;
/// Korf's 100 instances (ids) that IDA* with linear conflicts solves within [`IDA_BUDGET`]
/// (`searchlab bench korf100 --heuristic manhattan-lc --max-generated 300000`: 88,587 to
/// 179,627 nodes generated).
pub const EASY_KORF: [usize; 5] = [9, 12, 55, 79, 97];
const HEURISTIC: &str = "manhattan-lc";
/// The instance's one field: the 4×4 board.
pub(crate) const FIELDS: &[Field] = &[Field {
    name: "tiles",
    label: "Board (4×4, Korf's goal: blank first)",
    example: "0,1,9,7,11,13,5,3,14,12,4,2,8,6,10,15",
    per_run: false,
}];

/// IDA*'s frontier: the current path, by f = g + h.
pub(crate) fn rule() -> FrontierRule {
    FrontierRule {
        discipline: Discipline::Stack,
        priority: PriorityOrder::PathCostPlusHeuristic,
        ties: TieBreak::FirstAdded,
    }
}

/// IDA*'s frontier in a sentence.
pub(crate) const FRONTIER_TEXT: &str =
    "IDA*: depth-first search within a bound on f = g + h; the frontier is the current path.";

/// IDA*'s rule in one line.
pub(crate) fn rule_text() -> String {
    format!(
        "depth-first, children in the order Up, Down, Left, Right, never back to the parent · a child with f = g + h over the \
         bound is pruned · goal test when a node is entered · each iteration raises the bound to the least pruned f · \
         h: Manhattan distance with linear conflicts · stops after {IDA_BUDGET} generated nodes"
    )
}

/// One of [`EASY_KORF`], picked by `seed`, as the puzzle's fields.
pub fn random(seed: u64) -> Vec<(&'static str, String)> {
    let id = EASY_KORF[(seed % EASY_KORF.len() as u64) as usize];
    let instance = Suite::Korf100.instances().into_iter().find(|i| i.id == id);
    let tiles = instance.map(|i| i.start.tiles().iter().map(u8::to_string).collect::<Vec<_>>().join(","));
    vec![("tiles", tiles.unwrap_or_else(|| FIELDS[0].example.to_string()))]
}

/// The statistics of the `finished` event: `searchlab solve --json`'s counts.
#[derive(Debug, Clone, Copy, Serialize)]
struct IdaStats {
    nodes_expanded: u64,
    nodes_generated: u64,
    iterations: u32,
    initial_h: u32,
}

fn malformed(err: impl std::error::Error + Send + Sync + 'static) -> RecordError {
    RecordError::Instance(InstanceError::Malformed(Box::new(err)))
}

/// Runs IDA* from the 4×4 board `start` within [`IDA_BUDGET`] generated nodes, each event
/// (`finished` last) sent to `emit`; the solver's report and the statistics of `finished`.
fn solve(
    start: &Board,
    stop: Option<Arc<AtomicBool>>,
    emit: impl FnMut(TraceEvent<&[u8], &'static str, IdaStats>),
) -> Result<(IdaReport, IdaStats), RecordError> {
    let goal = Board::goal(4).map_err(malformed)?;
    let config = SolverConfig {
        heuristic: Some(HeuristicSpec::LinearConflict),
        max_generated: Some(IDA_BUDGET),
        stop,
        ..SolverConfig::default()
    };
    let solver = Solver::with_databases(&goal, config, Vec::new()).map_err(malformed)?;
    let mut tracer = IdaTracer::new(&goal, None, emit);
    let report = solver.solve_observed(start, &mut tracer).map_err(malformed)?;
    let stats = IdaStats {
        nodes_expanded: report.counts.expanded,
        nodes_generated: report.counts.generated,
        iterations: report.counts.iterations,
        initial_h: report.initial_h,
    };
    tracer.finish(&report, stats);
    Ok((report, stats))
}

/// The 4×4 board of `tiles`.
fn board(tiles: &str) -> Result<Board, RecordError> {
    let start = Board::parse(tiles).map_err(malformed)?;
    if start.width() != 4 {
        let err = std::io::Error::other(format!("the 15-puzzle needs 16 tiles (4×4), not {}", start.tiles().len()));
        return Err(malformed(err));
    }
    Ok(start)
}

/// Records IDA* on the 4×4 board `tiles`, within [`IDA_BUDGET`] generated nodes; raising
/// `stop` ends the search at its next node.
pub fn record(tiles: &str, stop: Option<Arc<AtomicBool>>) -> Result<Recording, RecordError> {
    // Compacted as the events come: the events themselves are never all held.
    let mut events = Compactor::new();
    let (report, stats) = solve(&board(tiles)?, stop, |e| events.add(&e))?;
    let (cli, moves, note) = match &report.outcome {
        IdaOutcome::Solved(moves) => {
            let names: Vec<String> = moves.iter().map(|d| d.name().to_string()).collect();
            let cli = format!(
                "Optimal solution: {} moves (heuristic {HEURISTIC}, initial h {})\nMoves: {}\n",
                moves.len(),
                report.initial_h,
                if names.is_empty() { "(already solved)".to_string() } else { names.join(" ") }
            );
            (cli, names, None)
        }
        IdaOutcome::Unsolvable => {
            let err = std::io::Error::other("this board cannot reach the goal (the parity rule): no search");
            return Err(RecordError::Instance(InstanceError::Unsolvable(Box::new(err))));
        }
        IdaOutcome::LimitReached { bound } => (
            String::new(),
            Vec::new(),
            Some(format!(
                "The replay's budget of {IDA_BUDGET} generated nodes ran out after bound {bound}: the optimal \
                 solution is longer than {bound} moves. `searchlab solve {tiles}` has no such budget."
            )),
        ),
        IdaOutcome::Interrupted => (String::new(), Vec::new(), Some("Interrupted.".into())),
    };
    Ok(Recording {
        puzzle: std::borrow::Cow::Borrowed(NAME),
        algorithm: "IDA*",
        label: None,
        strategy: "ida",
        rule: rule_text(),
        frontier: rule(),
        frontier_text: FRONTIER_TEXT.into(),
        expanded_counts: ExpandedCount::Expanded,
        path_frontier: true,
        trace: events.finish(),
        answer: serde_json::json!({ "moves": moves, "length": moves.len(), "stats": stats }),
        cli,
        moves,
        note,
        scene: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use searchlab_trace::schema::Code;

    #[test]
    fn korf_79_replays_with_its_iterations_and_optimal_length() {
        // Korf (1985): instance 79 is optimal at 42 moves.
        let r = record(&random(3)[0].1, None).unwrap();
        assert_eq!(random(3)[0].1, "0,1,9,7,11,13,5,3,14,12,4,2,8,6,10,15");
        assert_eq!(r.moves.len(), 42);
        assert!(r.cli.starts_with("Optimal solution: 42 moves (heuristic manhattan-lc, initial h "));
        let finished = r.trace.finished.unwrap();
        assert_eq!(finished["kind"], "found");
        // One `iteration` event (code 1) per iteration, bounds rising in steps of 2 to 42.
        let iterations = finished["stats"]["iterations"].as_u64().unwrap();
        assert!(iterations >= 2);
        assert_eq!(r.trace.steps[0], 0);
    }

    #[test]
    fn its_events_decode_through_the_events_table_into_the_trace() {
        // 30 random moves from the goal: expansions whose children
        // are not consecutive ids (each child's subtree is searched before the next child).
        let start = board("9,4,2,3,12,1,8,7,13,6,11,15,14,0,5,10").unwrap();
        let (mut trace, mut events) = (Vec::new(), Compactor::new());
        solve(&start, None, |e| {
            trace.push(serde_json::to_value(&e).unwrap());
            events.add(&e);
        })
        .unwrap();
        let compact = events.finish();
        let mut decoded = searchlab_trace::decode::page_events(&compact).unwrap();
        searchlab_trace::decode::restore(&mut decoded);
        assert_eq!(decoded, trace);
        let codes = searchlab_trace::decode::codes(&compact.steps);
        let count = |code: Code| codes.iter().filter(|&&c| c == code.value()).count();
        assert!(count(Code::ExpandedList) > 0 && count(Code::Iteration) > 0);
    }

    #[test]
    fn bad_hard_and_unsolvable_boards() {
        assert!(matches!(record("1,2,x", None), Err(RecordError::Instance(InstanceError::Malformed(_)))));
        assert!(record("1,2,5,3,4,0,6,7,8", None).unwrap_err().to_string().contains("16 tiles"));
        let swapped = "0,2,1,3,4,5,6,7,8,9,10,11,12,13,14,15";
        assert!(matches!(record(swapped, None), Err(RecordError::Instance(InstanceError::Unsolvable(_)))));
        // Korf #1 (57 moves) needs far more than the budget.
        let hard = record("14,13,15,7,11,12,9,5,6,0,2,1,4,8,10,3", None).unwrap();
        assert!(hard.note.unwrap().contains("budget of 300000 generated nodes"));
        assert_eq!(hard.trace.finished.unwrap()["kind"], "node-limit");
    }
}
