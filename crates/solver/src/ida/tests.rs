//! Tests of the IDA* searches: optimal answers, limits, and traces that are the search itself.
use std::ops::ControlFlow;

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
    let limits = IdaConfig { max_generated: Some(10), stop: None };
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
    let config = IdaConfig { max_generated: None, stop: Some(&stop) };
    let b = board(&[8, 6, 7, 2, 5, 4, 3, 0, 1]);
    assert_eq!(ida_star(&m, &b, &config).outcome, IdaOutcome::Interrupted);
    assert_eq!(ida_star_parallel(&m, &b, &config).outcome, IdaOutcome::Interrupted);
}
/// An [`IdaEvent`] with owned boards, for checking traces.
#[derive(Debug, Clone, PartialEq)]
enum Ev {
    Start(Vec<u8>),
    Iteration(u32),
    Selected { node: u64, board: Vec<u8>, depth: u32, h: u32 },
    GoalTest(bool),
    Generated { node: u64, parent: u64, board: Vec<u8>, action: Direction, depth: u32, h: u32 },
    OverBound { parent: u64, board: Vec<u8>, depth: u32 },
    Expanded { node: u64, children: Vec<u64> },
}

fn own(e: IdaEvent<'_>) -> Ev {
    match e {
        IdaEvent::Start { board } => Ev::Start(board.to_vec()),
        IdaEvent::Iteration { bound } => Ev::Iteration(bound),
        IdaEvent::Selected { node, board, depth, h } => Ev::Selected { node, board: board.to_vec(), depth, h },
        IdaEvent::GoalTest { is_goal, .. } => Ev::GoalTest(is_goal),
        IdaEvent::Generated { node, parent, board, action, depth, h } => {
            Ev::Generated { node, parent, board: board.to_vec(), action, depth, h }
        }
        IdaEvent::OverBound { parent, board, depth, .. } => Ev::OverBound { parent, board: board.to_vec(), depth },
        IdaEvent::Expanded { node, children } => Ev::Expanded { node, children: children.to_vec() },
    }
}

fn traced<H: Heuristic<9>>(h: &H, labels: &[u8; 9], limits: &IdaConfig<'_>) -> (IdaReport, Vec<Ev>) {
    let mut events = Vec::new();
    let goal = Board::goal(3).unwrap();
    let mut tracer = IdaTracer::new(&goal, |e| {
        events.push(own(e));
        ControlFlow::Continue(())
    });
    let r = ida_star_observed(h, &board(labels), limits, &mut tracer);
    (r, events)
}

/// The documented relations between a trace and the counts, checked event by event.
fn check_trace(r: &IdaReport, events: &[Ev], bounded: bool) {
    let count = |f: fn(&Ev) -> bool| events.iter().filter(|e| f(e)).count() as u64;
    let selected = count(|e| matches!(e, Ev::Selected { .. }));
    let generated = count(|e| matches!(e, Ev::Generated { .. }));
    let over = count(|e| matches!(e, Ev::OverBound { .. }));
    assert!(matches!(events[0], Ev::Start(_)));
    assert_eq!(selected, r.counts.expanded + 1, "selected = expanded + 1");
    assert_eq!(count(|e| matches!(e, Ev::GoalTest(_))), selected);
    assert_eq!(count(|e| matches!(e, Ev::Expanded { .. })), r.counts.expanded);
    assert_eq!(generated + over, r.counts.generated);
    assert_eq!(generated, selected - u64::from(r.counts.iterations));
    assert_eq!(count(|e| matches!(e, Ev::GoalTest(true))), u64::from(!bounded));
    // Iterations with increasing bounds; within one, ids from 0 in order, f within the bound,
    // each child one move from its parent.
    let mut bound = 0;
    let mut boards: Vec<Vec<u8>> = Vec::new();
    let mut last_bound = None;
    for e in events {
        match e {
            Ev::Iteration(b) => {
                if let Some(l) = last_bound {
                    assert!(*b > l, "bounds increase");
                }
                last_bound = Some(*b);
                bound = *b;
                boards.clear();
            }
            Ev::Selected { node, board, depth, h } => {
                if *node == 0 {
                    assert!(boards.is_empty() && *depth == 0);
                    boards.push(board.clone());
                }
                assert_eq!(&boards[*node as usize], board);
                assert!(depth + h <= bound || (*node == 0 && *h > bound));
            }
            Ev::Generated { node, parent, board, depth, h, action } => {
                assert_eq!(*node as usize, boards.len());
                assert!(depth + h <= bound);
                let moved = replay(&boards[*parent as usize], &[*action]);
                assert_eq!(&moved, board);
                boards.push(board.clone());
            }
            Ev::OverBound { parent, board, depth } => {
                assert!(*depth >= 1);
                let p = &boards[*parent as usize];
                assert_eq!(p.iter().zip(board).filter(|(a, b)| a != b).count(), 2);
            }
            Ev::Expanded { node, children } => {
                assert!((*node as usize) < boards.len());
                assert!(children.iter().all(|&c| c > *node && (c as usize) < boards.len()));
            }
            Ev::Start(_) | Ev::GoalTest(_) => {}
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
    let bounds: Vec<u32> =
        events.iter().filter_map(|e| if let Ev::Iteration(b) = e { Some(*b) } else { None }).collect();
    assert_eq!(bounds, [0, 1, 2]);
}

#[test]
fn traced_node_limit_keeps_the_relations() {
    let m = Manhattan::<9>::new(0);
    let limits = IdaConfig { max_generated: Some(10), stop: None };
    let labels = [8, 6, 7, 2, 5, 4, 3, 0, 1];
    let plain = ida_star(&m, &board(&labels), &limits);
    let (r, events) = traced(&m, &labels, &limits);
    assert!(matches!(r.outcome, IdaOutcome::LimitReached { .. }));
    assert_eq!(r.counts, plain.counts);
    check_trace(&r, &events, true);
}

#[test]
fn the_tracer_translates_labels_and_can_stop_the_search() {
    // Goal 1,2,…,8,0: label c is the tile on goal cell c.
    let goal = [1u8, 2, 3, 4, 5, 6, 7, 8, 0];
    let m = Manhattan::<9>::new(8);
    let start = [8u8, 6, 7, 2, 5, 4, 3, 0, 1];
    let mut goal_cell = [0u8; 9];
    for (c, &t) in goal.iter().enumerate() {
        goal_cell[t as usize] = c as u8;
    }
    let labels: Vec<u8> = start.iter().map(|&t| goal_cell[t as usize]).collect();
    let mut first = None;
    let mut seen = 0;
    let goal_board = Board::new(3, goal.to_vec()).unwrap();
    let mut tracer = IdaTracer::new(&goal_board, |e| {
        if let IdaEvent::Start { board } = e {
            first = Some(board.to_vec());
        }
        seen += 1;
        if seen >= 1000 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    let r = ida_star_observed(&m, &LabelBoard::<9>::new(&labels, 8).unwrap(), &IdaConfig::default(), &mut tracer);
    assert!(tracer.stopped());
    assert!(matches!(r.outcome, IdaOutcome::LimitReached { .. }));
    drop(tracer);
    assert_eq!(first.unwrap(), start);
}
