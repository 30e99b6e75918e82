//! Tests of the IDA* searches: optimal answers, limits, and traces that are the search itself.
use searchlab_core::{FinishKind, NodeId, TraceDiscard, TraceEvent};
use searchlab_npuzzle::{Board, Direction};

use super::*;
use crate::heuristic::{Heuristic, Zero};
use crate::label::LabelBoard;
use crate::manhattan::{LinearConflict, Manhattan};

fn board(labels: &[u8]) -> LabelBoard<9> {
    LabelBoard::new(labels, 0).unwrap()
}

/// The labels after `moves` (blank label 0).
fn replay(labels: &[u8], moves: &[Direction]) -> Vec<u8> {
    Board::new(3, labels.to_vec()).unwrap().apply_moves(moves).unwrap().tiles().to_vec()
}

fn solve_len<H: Heuristic<9>>(h: &H, labels: &[u8]) -> usize {
    let r = ida_star(h, &board(labels), &IdaConfig::default());
    let IdaOutcome::Solved(moves) = r.outcome else { panic!("not solved") };
    assert_eq!(replay(labels, &moves), (0..9).collect::<Vec<u8>>());
    moves.len()
}

#[test]
fn solves_small_8_puzzles() {
    let m = Manhattan::<9>::new(0);
    let lc = LinearConflict::<9>::new(0);
    assert_eq!(solve_len(&m, &[0, 1, 2, 3, 4, 5, 6, 7, 8]), 0);
    assert_eq!(solve_len(&m, &[1, 0, 2, 3, 4, 5, 6, 7, 8]), 1);
    assert_eq!(solve_len(&m, &[3, 1, 2, 0, 4, 5, 6, 7, 8]), 1);
    assert_eq!(solve_len(&lc, &[1, 2, 0, 3, 4, 5, 6, 7, 8]), 2);
    assert_eq!(solve_len(&Zero, &[3, 1, 2, 4, 0, 5, 6, 7, 8]), 2);
}

#[test]
fn parallel_search_finds_optimal_solutions() {
    let m = Manhattan::<9>::new(0);
    for labels in [[8u8, 6, 7, 2, 5, 4, 3, 0, 1], [0, 1, 2, 3, 4, 5, 6, 7, 8], [1, 0, 2, 3, 4, 5, 6, 7, 8]] {
        let seq = ida_star(&m, &board(&labels), &IdaConfig::default());
        let par = ida_star_parallel(&m, &board(&labels), &IdaConfig::default());
        let (IdaOutcome::Solved(a), IdaOutcome::Solved(b)) = (seq.outcome, par.outcome) else { panic!() };
        assert_eq!(a.len(), b.len());
        assert_eq!(replay(&labels, &b), (0..9).collect::<Vec<u8>>());
    }
}

#[test]
fn node_limit_stops_the_search() {
    let m = Manhattan::<9>::new(0);
    let limits = IdaConfig { max_generated: Some(10), ..IdaConfig::default() };
    let r = ida_star(&m, &board(&[8, 6, 7, 2, 5, 4, 3, 0, 1]), &limits);
    assert!(matches!(r.outcome, IdaOutcome::LimitReached { .. }));
}

#[test]
fn unsolvable_boards_end_with_an_outcome() {
    let m = Manhattan::<9>::new(0);
    let swapped = board(&[0, 2, 1, 3, 4, 5, 6, 7, 8]);
    for r in [ida_star(&m, &swapped, &IdaConfig::default()), ida_star_parallel(&m, &swapped, &IdaConfig::default())] {
        assert_eq!(r.outcome, IdaOutcome::Unsolvable);
        assert_eq!(r.counts, Counts::default());
    }
}

#[test]
fn a_raised_stop_flag_interrupts() {
    let m = Manhattan::<9>::new(0);
    let stop = std::sync::atomic::AtomicBool::new(true);
    let config = IdaConfig { stop: Some(&stop), ..IdaConfig::default() };
    let b = board(&[8, 6, 7, 2, 5, 4, 3, 0, 1]);
    assert_eq!(ida_star(&m, &b, &config).outcome, IdaOutcome::Interrupted);
    assert_eq!(ida_star_parallel(&m, &b, &config).outcome, IdaOutcome::Interrupted);
}
/// A trace line with an owned board and the move back as a [`Direction`], for checking traces.
type Ev = TraceEvent<Vec<u8>, Direction, ()>;

fn direction(name: &str) -> Direction {
    Direction::ALL.into_iter().find(|d| d.name() == name).expect("a move's name")
}

fn traced<H: Heuristic<9>>(h: &H, labels: &[u8; 9], limits: &IdaConfig<'_>) -> (IdaReport, Vec<Ev>) {
    let mut events = Vec::new();
    let goal = Board::goal(3).unwrap();
    let mut tracer =
        IdaTracer::new(&goal, None, |e: IdaTraceEvent<'_, ()>| events.push(e.map(<[u8]>::to_vec, direction)));
    let r = ida_star_observed(h, &board(labels), limits, &mut tracer);
    tracer.finish(&r, ());
    assert_eq!(tracer.stopped(), None);
    drop(tracer);
    (r, events)
}

/// The documented relations between a trace and the counts, checked event by event.
fn check_trace(r: &IdaReport, events: &[Ev], bounded: bool) {
    let count = |f: fn(&Ev) -> bool| events.iter().filter(|e| f(e)).count() as u64;
    let selected = count(|e| matches!(e, TraceEvent::Selected { .. }));
    let generated = count(|e| matches!(e, TraceEvent::Generated { .. }));
    let over = count(|e| matches!(e, TraceEvent::Discarded { reason: TraceDiscard::OverBound, .. }));
    assert!(matches!(events[0], TraceEvent::Start { .. }));
    assert_eq!(selected, r.counts.expanded + 1, "selected = expanded + 1");
    assert_eq!(count(|e| matches!(e, TraceEvent::GoalTest { .. })), selected);
    assert_eq!(count(|e| matches!(e, TraceEvent::Expanded { .. })), r.counts.expanded);
    assert_eq!(generated + over, r.counts.generated);
    assert_eq!(generated, selected - u64::from(r.counts.iterations));
    assert_eq!(count(|e| matches!(e, TraceEvent::GoalTest { is_goal: true, .. })), u64::from(!bounded));
    let kind = if bounded { FinishKind::NodeLimit } else { FinishKind::Found };
    assert_eq!(events.last(), Some(&TraceEvent::Finished { kind, stats: () }));
    // Iterations with increasing bounds; within one, ids from 0 in order, cost = depth, f
    // (the priority) within the bound, each child one move from its parent, the node being
    // expanded (the innermost one entered and not yet left).
    let mut bound = 0;
    let mut boards: Vec<Vec<u8>> = Vec::new();
    let mut entered: Vec<NodeId> = Vec::new();
    let mut last_bound = None;
    let mut stopped_below = false;
    for e in events {
        match e {
            TraceEvent::Iteration { depth_limit: None, bound: Some(b) } => {
                if let Some(l) = last_bound {
                    assert!(*b > l, "bounds increase");
                }
                last_bound = Some(*b);
                bound = *b;
                boards.clear();
                entered.clear();
            }
            TraceEvent::Selected { node, state, depth, cost, priority } => {
                if *node == 0 {
                    assert!(boards.is_empty() && *depth == 0);
                    boards.push(state.clone());
                } else {
                    assert_eq!(*node as usize, boards.len() - 1, "a child is entered right after it is generated");
                }
                assert_eq!(&boards[*node as usize], state);
                assert_eq!((*cost, *depth), (entered.len() as u64, entered.len() as u64));
                assert!(*priority <= bound, "f within the bound");
                entered.push(*node);
            }
            TraceEvent::Generated { node, parent, state, depth, cost, priority, action } => {
                assert_eq!(*node as usize, boards.len());
                assert_eq!(Some(parent), entered.last());
                assert_eq!((*depth, *cost), (entered.len() as u64, entered.len() as u64));
                assert!(*priority <= bound && *priority >= *depth);
                assert_eq!(&replay(&boards[*parent as usize], &[*action]), state);
                boards.push(state.clone());
            }
            TraceEvent::Discarded { state, reason } => {
                assert_eq!(*reason, TraceDiscard::OverBound);
                let parent = &boards[*entered.last().expect("discarded while expanding") as usize];
                assert_eq!(parent.iter().zip(state).filter(|(a, b)| a != b).count(), 2);
            }
            TraceEvent::GoalTest { node, is_goal: true } => {
                assert_eq!(entered.pop(), Some(*node), "the goal is not expanded");
            }
            TraceEvent::Expanded { node, children } => {
                if entered.last() != Some(node) {
                    // Only the node a limit stopped on is entered and never expanded.
                    assert!(bounded && !stopped_below, "an unexpanded node on the path");
                    stopped_below = true;
                    entered.pop();
                }
                assert_eq!(entered.pop(), Some(*node), "a node is left after its subtree");
                assert!(children.iter().all(|&c| c > *node && (c as usize) < boards.len()));
            }
            TraceEvent::Start { .. } | TraceEvent::GoalTest { .. } | TraceEvent::Finished { .. } => {}
            other => panic!("not an IDA* line: {other:?}"),
        }
    }
    assert_eq!(last_bound, Some(bound));
}

#[test]
fn traced_search_is_the_same_search() {
    let m = Manhattan::<9>::new(0);
    let lc = LinearConflict::<9>::new(0);
    for labels in [[8u8, 6, 7, 2, 5, 4, 3, 0, 1], [1, 2, 5, 3, 4, 8, 0, 6, 7], [0, 1, 2, 3, 4, 5, 6, 7, 8]] {
        let plain = ida_star(&m, &board(&labels), &IdaConfig::default());
        let (r, events) = traced(&m, &labels, &IdaConfig::default());
        assert_eq!((r.outcome.clone(), r.counts), (plain.outcome, plain.counts));
        check_trace(&r, &events, false);
        // Linear conflicts read the board: the other branch of the loop.
        let plain = ida_star(&lc, &board(&labels), &IdaConfig::default());
        let (r, events) = traced(&lc, &labels, &IdaConfig::default());
        assert_eq!((r.outcome.clone(), r.counts), (plain.outcome, plain.counts));
        check_trace(&r, &events, false);
    }
    // With h = 0 every node on the bound is expanded and all its children are over it.
    let labels = [3, 1, 2, 4, 0, 5, 6, 7, 8];
    let plain = ida_star(&Zero, &board(&labels), &IdaConfig::default());
    let (r, events) = traced(&Zero, &labels, &IdaConfig::default());
    assert_eq!((r.outcome.clone(), r.counts), (plain.outcome, plain.counts));
    check_trace(&r, &events, false);
    let bounds: Vec<u64> =
        events.iter().filter_map(|e| if let TraceEvent::Iteration { bound, .. } = e { *bound } else { None }).collect();
    assert_eq!(bounds, [0, 1, 2]);
}

#[test]
fn traced_node_limit_keeps_the_relations() {
    let m = Manhattan::<9>::new(0);
    let limits = IdaConfig { max_generated: Some(10), ..IdaConfig::default() };
    let labels = [8, 6, 7, 2, 5, 4, 3, 0, 1];
    let plain = ida_star(&m, &board(&labels), &limits);
    let (r, events) = traced(&m, &labels, &limits);
    assert!(matches!(r.outcome, IdaOutcome::LimitReached { .. }));
    assert_eq!(r.counts, plain.counts);
    check_trace(&r, &events, true);
}

/// Records the bounds the search reports to an observer ([`IdaObserver::iteration`]).
#[derive(Default)]
struct Bounds(Vec<u32>);

impl IdaObserver for Bounds {
    fn iteration(&mut self, bound: u32) {
        self.0.push(bound);
    }
}

/// The progress reports of one search.
fn reported(run: impl FnOnce(&ProgressFn<'_>) -> IdaReport) -> (IdaReport, Vec<IdaProgress>) {
    let reports = std::sync::Mutex::new(Vec::new());
    let r = run(&|p: &IdaProgress| reports.lock().unwrap().push(*p));
    (r, reports.into_inner().unwrap())
}

#[test]
fn progress_is_told_once_per_iteration_with_the_bounds_the_search_reports() {
    let m = Manhattan::<9>::new(0);
    let b = board(&[8, 6, 7, 2, 5, 4, 3, 0, 1]);
    let mut observed = Bounds::default();
    let plain = ida_star_observed(&m, &b, &IdaConfig::default(), &mut observed);
    let IdaOutcome::Solved(moves) = &plain.outcome else { panic!("solved") };
    let (seq, seq_reports) = reported(|p| ida_star(&m, &b, &IdaConfig { progress: Some(p), ..IdaConfig::default() }));
    let (par, par_reports) =
        reported(|p| ida_star_parallel(&m, &b, &IdaConfig { progress: Some(p), ..IdaConfig::default() }));
    assert_eq!((seq.outcome.clone(), seq.counts), (plain.outcome.clone(), plain.counts), "the same search");
    for (r, reports) in [(&seq, &seq_reports), (&par, &par_reports)] {
        let started: Vec<&IdaProgress> =
            reports.iter().filter(|p| p.stage == ProgressStage::IterationStarted).collect();
        // Once per iteration, numbered from 1, with the observer's bounds: from h(start) up to the
        // solution's length, increasing.
        assert_eq!(started.len(), r.counts.iterations as usize);
        assert_eq!(started.iter().map(|p| p.bound).collect::<Vec<_>>(), observed.0);
        assert!(started.iter().enumerate().all(|(i, p)| p.iteration as usize == i + 1));
        assert!(observed.0.windows(2).all(|w| w[0] < w[1]));
        assert_eq!((observed.0[0], observed.0.last().copied()), (r.initial_h, Some(moves.len() as u32)));
        // Nodes so far: none before the first iteration, never decreasing, never past the total.
        assert_eq!((started[0].expanded, started[0].generated), (0, 0));
        assert!(started.windows(2).all(|w| w[0].generated < w[1].generated && w[0].seconds <= w[1].seconds));
        assert!(started.last().unwrap().generated < r.counts.generated);
    }
    // An unsolvable board searches nothing and reports nothing.
    let swapped = board(&[0, 2, 1, 3, 4, 5, 6, 7, 8]);
    let (_, none) = reported(|p| ida_star(&m, &swapped, &IdaConfig { progress: Some(p), ..IdaConfig::default() }));
    assert!(none.is_empty());
}

#[test]
fn a_long_iteration_reports_progress_within_it() {
    // With no heuristic, IDA* is iterative deepening: this board's last iterations take millions of
    // expansions; the budget stops the search after three to four million nodes generated.
    let b = board(&[8, 6, 7, 2, 5, 4, 3, 0, 1]);
    let (r, reports) = reported(|p| {
        ida_star(&Zero, &b, &IdaConfig { max_generated: Some(4_000_000), progress: Some(p), ..IdaConfig::default() })
    });
    assert!(matches!(r.outcome, IdaOutcome::LimitReached { .. }));
    assert!(r.counts.expanded > 2 * PROGRESS_PERIOD, "{:?}", r.counts);
    let starts = reports.iter().filter(|p| p.stage == ProgressStage::IterationStarted).count();
    assert_eq!(starts, r.counts.iterations as usize);
    let mut last_start: Option<&IdaProgress> = None;
    let mut last_running: Option<&IdaProgress> = None;
    for p in &reports {
        match p.stage {
            ProgressStage::IterationStarted => last_start = Some(p),
            ProgressStage::Running => {
                // Within the iteration begun last, with its bound, at least a period apart.
                let start = last_start.expect("an iteration has begun");
                assert_eq!((p.iteration, p.bound), (start.iteration, start.bound));
                assert!(p.expanded >= start.expanded && p.generated >= start.generated);
                assert!(p.expanded >= last_running.map_or(0, |q| q.expanded) + PROGRESS_PERIOD);
                assert!(p.generated <= r.counts.generated && p.seconds >= start.seconds);
                last_running = Some(p);
            }
        }
    }
    let running = reports.len() - starts;
    assert!(running >= 1 && running as u64 <= r.counts.expanded / PROGRESS_PERIOD, "{running} reports");
}
