//! [`IdaTracer`]: an observer that numbers the nodes and reports each step of IDA* as a trace
//! line, core's [`TraceEvent`], with the user's tile numbers and the moves' names.

use std::marker::PhantomData;

use searchlab_core::{FinishKind, NodeId, TraceDiscard, TraceEvent};
use searchlab_npuzzle::{Board, Direction};

use super::observer::IdaObserver;
use super::report::{IdaOutcome, IdaReport};

/// One line of an IDA* trace, as [`IdaTracer`] hands it to its sink: boards as the user's tiles
/// (row-major, 0 = blank), moves as the blank's direction names (`"Up"`, the N-puzzle traces'
/// views), and `T` the statistics of the `finished` line.
///
/// `cost` and `depth` are g (moves from the root), `priority` is f = g + h; an IDA* iteration is
/// [`TraceEvent::ida_iteration`], a pruned child is discarded with [`TraceDiscard::OverBound`].
pub type IdaTraceEvent<'a, T> = TraceEvent<&'a [u8], &'static str, T>;

/// Why an [`IdaTracer`] stopped the search: the trace could not go on as documented.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum TraceStop {
    /// The line cap given to [`IdaTracer::new`] was reached (that many lines were sent).
    #[error("the trace reached its cap of {0} lines")]
    LineCap(u64),
    /// A node id within one iteration outgrew [`NodeId`] (more than 2³² nodes).
    #[error("a node id outgrew the trace's node ids")]
    NodeIds,
}

/// An [`IdaObserver`] that numbers the nodes (0 = the root, in generation order, restarting at
/// each iteration), translates boards back to the user's tile numbers and hands each step to
/// `sink` as an [`IdaTraceEvent`]; [`IdaTracer::finish`] adds the `finished` line.
///
/// It stops the search itself ([`IdaTracer::stopped`] says why) before sending more than `cap`
/// lines, or when a node id does not fit a [`NodeId`]; nothing is sent after that.
///
/// ```
/// use searchlab_npuzzle::Board;
/// use searchlab_solver::ida::IdaTracer;
/// use searchlab_solver::{HeuristicSpec, Solver, SolverConfig};
/// let goal = Board::goal(3)?;
/// let config = SolverConfig { heuristic: Some(HeuristicSpec::Manhattan), ..SolverConfig::default() };
/// let solver = Solver::with_databases(&goal, config, Vec::new())?;
/// let mut lines = Vec::new();
/// let mut tracer = IdaTracer::new(&goal, None, |event| lines.push(serde_json::to_string(&event).unwrap()));
/// let report = solver.solve_observed(&Board::parse("1,0,2,3,4,5,6,7,8")?, &mut tracer)?;
/// tracer.finish(&report, "stats");
/// drop(tracer);
/// assert_eq!(lines[..2], [r#"{"type":"start","state":[1,0,2,3,4,5,6,7,8]}"#, r#"{"type":"iteration","bound":1}"#]);
/// assert_eq!(lines.last().unwrap(), r#"{"type":"finished","kind":"found","stats":"stats"}"#);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct IdaTracer<F, T = ()> {
    /// `tile_of[label]`: the user's tile number of each label (the goal board itself).
    tile_of: Vec<u8>,
    sink: F,
    /// The most lines sent before the tracer stops the search.
    cap: u64,
    /// Lines sent so far.
    lines: u64,
    /// The id the next generated node gets (checked against [`NodeId`] when it is given).
    next_id: u64,
    /// The id of the node the search enters next (the root, or the last child generated).
    entering: NodeId,
    /// Ids of the nodes on the current path, by depth.
    path: Vec<NodeId>,
    /// Children entered so far, of each node on the current path, by depth.
    children: Vec<Vec<NodeId>>,
    board: Vec<u8>,
    stop: Option<TraceStop>,
    stats: PhantomData<fn(T)>,
}

impl<T, F: FnMut(IdaTraceEvent<'_, T>)> IdaTracer<F, T> {
    /// A tracer of searches towards `goal`, sending at most `cap` lines (`None`: no cap) to `sink`.
    pub fn new(goal: &Board, cap: Option<u64>, sink: F) -> Self {
        IdaTracer {
            tile_of: goal.tiles().to_vec(),
            sink,
            cap: cap.unwrap_or(u64::MAX),
            lines: 0,
            next_id: 0,
            entering: 0,
            path: Vec::new(),
            children: Vec::new(),
            board: Vec::with_capacity(goal.tiles().len()),
            stop: None,
            stats: PhantomData,
        }
    }

    /// Why the tracer stopped the search, if it did (the trace then has no `finished` line).
    pub fn stopped(&self) -> Option<TraceStop> {
        self.stop
    }

    /// How many lines were sent to the sink.
    pub fn lines(&self) -> u64 {
        self.lines
    }

    /// Sends the `finished` line of the search that answered `report`, with `stats`, unless the
    /// tracer stopped the search (the cap does not apply to this last line).
    pub fn finish(&mut self, report: &IdaReport, stats: T) {
        if self.stop.is_none() {
            (self.sink)(TraceEvent::Finished { kind: finish_kind(&report.outcome), stats });
            self.lines += 1;
        }
    }

    /// The sink.
    pub fn into_sink(self) -> F {
        self.sink
    }

    /// Whether one more line may be sent; stops the tracer at the cap.
    fn may_send(&mut self) -> bool {
        if self.stop.is_some() {
            return false;
        }
        if self.lines >= self.cap {
            self.stop = Some(TraceStop::LineCap(self.cap));
            return false;
        }
        true
    }

    fn send(&mut self, event: IdaTraceEvent<'_, T>) {
        if self.may_send() {
            (self.sink)(event);
            self.lines += 1;
        }
    }

    /// Sends the event built on `labels` in the user's tile numbers.
    fn send_with_board(&mut self, labels: &[u8], event: impl FnOnce(&[u8]) -> IdaTraceEvent<'_, T>) {
        if !self.may_send() {
            return;
        }
        let mut board = std::mem::take(&mut self.board);
        board.clear();
        board.extend(labels.iter().map(|&l| self.tile_of.get(l as usize).copied().unwrap_or(l)));
        (self.sink)(event(&board));
        self.lines += 1;
        self.board = board;
    }

    /// The id of the node `depth` moves from the root on the current path (0 if unknown).
    fn on_path(&self, depth: u32) -> NodeId {
        self.path.get(depth as usize).copied().unwrap_or(0)
    }
}

/// The `finished` line's kind for an IDA* outcome.
fn finish_kind(outcome: &IdaOutcome) -> FinishKind {
    match outcome {
        IdaOutcome::Solved(_) => FinishKind::Found,
        IdaOutcome::Unsolvable => FinishKind::Exhausted,
        IdaOutcome::LimitReached { .. } => FinishKind::NodeLimit,
        IdaOutcome::Interrupted => FinishKind::Interrupted,
    }
}

impl<T, F: FnMut(IdaTraceEvent<'_, T>)> IdaObserver for IdaTracer<F, T> {
    fn start(&mut self, board: &[u8]) {
        self.send_with_board(board, |state| TraceEvent::Start { state });
    }

    fn iteration(&mut self, bound: u32) {
        self.next_id = 1;
        self.entering = 0;
        self.path.clear();
        self.send(TraceEvent::ida_iteration(bound.into()));
    }

    fn selected(&mut self, board: &[u8], depth: u32, h: u32) {
        let node = self.entering;
        self.path.truncate(depth as usize);
        self.path.push(node);
        let d = self.path.len() - 1;
        if self.children.len() <= d {
            self.children.resize_with(d + 1, Vec::new);
        }
        self.children[d].clear();
        let (depth, priority) = (u64::from(depth), u64::from(depth) + u64::from(h));
        self.send_with_board(board, |state| TraceEvent::Selected { node, state, depth, cost: depth, priority });
    }

    fn goal_test(&mut self, is_goal: bool) {
        self.send(TraceEvent::GoalTest { node: self.entering, is_goal });
    }

    fn generated(&mut self, board: &[u8], action: Direction, depth: u32, h: u32) {
        if self.stop.is_some() {
            return;
        }
        let Ok(node) = NodeId::try_from(self.next_id) else {
            self.stop = Some(TraceStop::NodeIds);
            return;
        };
        self.next_id += 1;
        self.entering = node;
        let parent = self.on_path(depth.saturating_sub(1));
        if let Some(siblings) = self.children.get_mut(depth.saturating_sub(1) as usize) {
            siblings.push(node);
        }
        let (action, priority, depth) = (action.name(), u64::from(depth) + u64::from(h), u64::from(depth));
        self.send_with_board(board, |state| TraceEvent::Generated {
            node,
            parent,
            state,
            action,
            depth,
            cost: depth,
            priority,
        });
    }

    fn over_bound(&mut self, board: &[u8], _action: Direction, _depth: u32) {
        self.send_with_board(board, |state| TraceEvent::Discarded { state, reason: TraceDiscard::OverBound });
    }

    fn expanded(&mut self, depth: u32) {
        let node = self.on_path(depth);
        // The list moves into the line; the next node at this depth starts a new one.
        let children = self.children.get_mut(depth as usize).map(std::mem::take).unwrap_or_default();
        self.send(TraceEvent::Expanded { node, children });
    }

    fn should_stop(&mut self) -> bool {
        self.stop.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ida::{ida_star, ida_star_observed, IdaConfig};
    use crate::label::LabelBoard;
    use crate::manhattan::Manhattan;

    #[test]
    fn the_tracer_translates_labels_and_its_cap_stops_the_search() {
        // Goal 1,2,…,8,0: label c is the tile on goal cell c.
        let goal = [1u8, 2, 3, 4, 5, 6, 7, 8, 0];
        let start = [8u8, 6, 7, 2, 5, 4, 3, 0, 1];
        let mut goal_cell = [0u8; 9];
        for (c, &t) in goal.iter().enumerate() {
            goal_cell[t as usize] = c as u8;
        }
        let labels: Vec<u8> = start.iter().map(|&t| goal_cell[t as usize]).collect();
        let (mut first, mut sent) = (None, 0u64);
        let goal_board = Board::new(3, goal.to_vec()).unwrap();
        let mut tracer = IdaTracer::<_, ()>::new(&goal_board, Some(1000), |e| {
            if let TraceEvent::Start { state } = e {
                first = Some(state.to_vec());
            }
            sent += 1;
        });
        let start_labels = LabelBoard::<9>::new(&labels, 8).unwrap();
        let r = ida_star_observed(&Manhattan::<9>::new(8), &start_labels, &IdaConfig::default(), &mut tracer);
        assert_eq!(tracer.stopped(), Some(TraceStop::LineCap(1000)));
        assert!(matches!(r.outcome, IdaOutcome::LimitReached { .. }));
        tracer.finish(&r, ());
        assert_eq!(tracer.lines(), 1000, "no finished line after a stop");
        drop(tracer);
        assert_eq!(sent, 1000);
        assert_eq!(first.unwrap(), start);
    }

    #[test]
    fn a_node_id_beyond_node_ids_stops_the_search_without_wrapping() {
        let goal = Board::goal(3).unwrap();
        let mut ids = Vec::new();
        let mut tracer = IdaTracer::<_, ()>::new(&goal, None, |e| {
            if let TraceEvent::Generated { node, .. } = e {
                ids.push(node);
            }
        });
        // The search itself cannot reach 2³² nodes here: start the first iteration's ids near
        // the end of the range (the root and its first children keep their numbers).
        tracer.iteration(31);
        tracer.next_id = u64::from(NodeId::MAX) - 1;
        tracer.entering = 0;
        tracer.selected(&[8, 6, 7, 2, 5, 4, 3, 0, 1], 0, 21);
        tracer.generated(&[8, 6, 7, 2, 5, 4, 0, 3, 1], Direction::Left, 1, 22);
        tracer.selected(&[8, 6, 7, 2, 5, 4, 0, 3, 1], 1, 22);
        tracer.generated(&[8, 6, 7, 0, 5, 4, 2, 3, 1], Direction::Up, 2, 23);
        assert_eq!(tracer.stopped(), None);
        tracer.selected(&[8, 6, 7, 0, 5, 4, 2, 3, 1], 2, 23);
        tracer.generated(&[0, 6, 7, 8, 5, 4, 2, 3, 1], Direction::Up, 3, 24);
        assert_eq!(tracer.stopped(), Some(TraceStop::NodeIds));
        assert!(tracer.should_stop());
        tracer.expanded(2);
        drop(tracer);
        assert_eq!(ids, [NodeId::MAX - 1, NodeId::MAX]);
    }

    #[test]
    fn lines_carry_g_as_cost_and_f_as_priority_and_the_finish_kind() {
        let goal = Board::goal(3).unwrap();
        let mut events: Vec<TraceEvent<Vec<u8>, &str, u8>> = Vec::new();
        let mut tracer =
            IdaTracer::new(&goal, None, |e: IdaTraceEvent<'_, u8>| events.push(e.map(<[u8]>::to_vec, |a| a)));
        // Two moves from the goal (the blank goes Left, then Up); h = 2 at the root, so the
        // first bound is 2. Korf's order tries Up first: tile 1 leaves its cell, f = 1 + 3.
        let start = LabelBoard::<9>::new(&[3, 1, 2, 4, 0, 5, 6, 7, 8], 0).unwrap();
        let r = ida_star_observed(&Manhattan::<9>::new(0), &start, &IdaConfig::default(), &mut tracer);
        tracer.finish(&r, 7);
        let lines = tracer.lines();
        drop(tracer);
        assert_eq!(r.counts, ida_star(&Manhattan::<9>::new(0), &start, &IdaConfig::default()).counts);
        let (root, middle, goal_tiles) =
            (vec![3, 1, 2, 4, 0, 5, 6, 7, 8], vec![3, 1, 2, 0, 4, 5, 6, 7, 8], (0..9).collect::<Vec<u8>>());
        let expected: Vec<TraceEvent<Vec<u8>, &str, u8>> = vec![
            TraceEvent::Start { state: root.clone() },
            TraceEvent::ida_iteration(2),
            TraceEvent::Selected { node: 0, state: root, depth: 0, cost: 0, priority: 2 },
            TraceEvent::GoalTest { node: 0, is_goal: false },
            TraceEvent::Discarded { state: vec![3, 0, 2, 4, 1, 5, 6, 7, 8], reason: TraceDiscard::OverBound },
            TraceEvent::Generated {
                node: 1,
                parent: 0,
                state: middle.clone(),
                action: "Left",
                depth: 1,
                cost: 1,
                priority: 2,
            },
            TraceEvent::Selected { node: 1, state: middle, depth: 1, cost: 1, priority: 2 },
            TraceEvent::GoalTest { node: 1, is_goal: false },
            TraceEvent::Generated {
                node: 2,
                parent: 1,
                state: goal_tiles.clone(),
                action: "Up",
                depth: 2,
                cost: 2,
                priority: 2,
            },
            TraceEvent::Selected { node: 2, state: goal_tiles, depth: 2, cost: 2, priority: 2 },
            TraceEvent::GoalTest { node: 2, is_goal: true },
            TraceEvent::Expanded { node: 1, children: vec![2] },
            TraceEvent::Expanded { node: 0, children: vec![1] },
            TraceEvent::Finished { kind: FinishKind::Found, stats: 7 },
        ];
        assert_eq!(events, expected);
        assert_eq!(lines, 14);
    }
}
