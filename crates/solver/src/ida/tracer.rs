//! [`IdaTracer`]: an observer that numbers the nodes and reports each step as an [`IdaEvent`]
//! with the user's tile numbers.

use std::ops::ControlFlow;

use searchlab_npuzzle::{Board, Direction};

use super::observer::IdaObserver;

/// One step of a traced IDA* search, with node ids and the user's tile numbers: what
/// [`IdaTracer`] makes of the [`IdaObserver`] calls. Node ids restart at 0 (the root) in each
/// iteration and are given in generation order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IdaEvent<'a> {
    /// The search starts from this board.
    Start {
        /// The start board, row-major, 0 = blank.
        board: &'a [u8],
    },
    /// A new iteration with this bound on f begins; ids restart at 0.
    Iteration {
        /// The bound on f = g + h.
        bound: u32,
    },
    /// The search entered a node.
    Selected {
        /// The node's id.
        node: u64,
        /// Its board.
        board: &'a [u8],
        /// Directions from the root (= its path cost g).
        depth: u32,
        /// Its heuristic value (f = depth + h).
        h: u32,
    },
    /// The goal test of the node just selected.
    GoalTest {
        /// The node tested.
        node: u64,
        /// Whether it is the goal.
        is_goal: bool,
    },
    /// A child within the bound; the search enters it next.
    Generated {
        /// The child's id.
        node: u64,
        /// Its parent's id.
        parent: u64,
        /// Its board.
        board: &'a [u8],
        /// The blank's move from the parent.
        action: Direction,
        /// Directions from the root.
        depth: u32,
        /// Its heuristic value.
        h: u32,
    },
    /// A child pruned because its f exceeds the bound (it gets no id).
    OverBound {
        /// Its parent's id.
        parent: u64,
        /// Its board.
        board: &'a [u8],
        /// The blank's move from the parent.
        action: Direction,
        /// Directions from the root.
        depth: u32,
    },
    /// The search left an expanded node (after its subtree).
    Expanded {
        /// The node.
        node: u64,
        /// Its children that were entered ([`IdaEvent::Generated`]), in generation order.
        children: &'a [u64],
    },
}

/// An [`IdaObserver`] that numbers the nodes, translates boards back to the user's tile numbers
/// and hands each step to `sink` as an [`IdaEvent`]. The sink returns
/// [`ControlFlow::Break`] to stop the search (e.g. a trace grown too large).
pub struct IdaTracer<F> {
    /// `tile_of[label]`: the user's tile number of each label (the goal board itself).
    tile_of: Vec<u8>,
    sink: F,
    next_id: u64,
    /// The id of the node the search enters next (the root, or the last child generated).
    entering: u64,
    /// Ids of the nodes on the current path, by depth.
    path: Vec<u64>,
    /// Children entered so far, of each node on the current path, by depth.
    children: Vec<Vec<u64>>,
    board: Vec<u8>,
    stop: bool,
}

impl<F: FnMut(IdaEvent<'_>) -> ControlFlow<()>> IdaTracer<F> {
    /// A tracer of searches towards `goal`, reporting to `sink`.
    pub fn new(goal: &Board, sink: F) -> Self {
        IdaTracer {
            tile_of: goal.tiles().to_vec(),
            sink,
            next_id: 0,
            entering: 0,
            path: Vec::new(),
            children: Vec::new(),
            board: Vec::with_capacity(goal.tiles().len()),
            stop: false,
        }
    }

    /// Whether the sink asked to stop.
    pub fn stopped(&self) -> bool {
        self.stop
    }

    /// The sink.
    pub fn into_sink(self) -> F {
        self.sink
    }

    fn send(&mut self, event: IdaEvent<'_>) {
        if (self.sink)(event).is_break() {
            self.stop = true;
        }
    }

    /// `labels` in the user's tile numbers, into `self.board`.
    fn translate(&mut self, labels: &[u8]) {
        self.board.clear();
        self.board.extend(labels.iter().map(|&l| self.tile_of.get(l as usize).copied().unwrap_or(l)));
    }

    fn emit_with_board(&mut self, labels: &[u8], event: impl FnOnce(&[u8]) -> IdaEvent<'_>) {
        self.translate(labels);
        let board = std::mem::take(&mut self.board);
        self.send(event(&board));
        self.board = board;
    }

    /// The id of the node `depth` moves from the root on the current path (0 if unknown).
    fn on_path(&self, depth: u32) -> u64 {
        self.path.get(depth as usize).copied().unwrap_or(0)
    }
}

impl<F: FnMut(IdaEvent<'_>) -> ControlFlow<()>> IdaObserver for IdaTracer<F> {
    fn start(&mut self, board: &[u8]) {
        self.emit_with_board(board, |board| IdaEvent::Start { board });
    }

    fn iteration(&mut self, bound: u32) {
        self.next_id = 1;
        self.entering = 0;
        self.path.clear();
        self.send(IdaEvent::Iteration { bound });
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
        self.emit_with_board(board, |board| IdaEvent::Selected { node, board, depth, h });
    }

    fn goal_test(&mut self, is_goal: bool) {
        let node = self.entering;
        self.send(IdaEvent::GoalTest { node, is_goal });
    }

    fn generated(&mut self, board: &[u8], action: Direction, depth: u32, h: u32) {
        let node = self.next_id;
        self.next_id += 1;
        self.entering = node;
        let parent = self.on_path(depth.saturating_sub(1));
        if let Some(siblings) = self.children.get_mut(depth.saturating_sub(1) as usize) {
            siblings.push(node);
        }
        self.emit_with_board(board, |board| IdaEvent::Generated { node, parent, board, action, depth, h });
    }

    fn over_bound(&mut self, board: &[u8], action: Direction, depth: u32) {
        let parent = self.on_path(depth.saturating_sub(1));
        self.emit_with_board(board, |board| IdaEvent::OverBound { parent, board, action, depth });
    }

    fn expanded(&mut self, depth: u32) {
        let node = self.on_path(depth);
        let children = self.children.get_mut(depth as usize).map(std::mem::take).unwrap_or_default();
        self.send(IdaEvent::Expanded { node, children: &children });
        if let Some(slot) = self.children.get_mut(depth as usize) {
            *slot = children;
        }
    }

    fn should_stop(&mut self) -> bool {
        self.stop
    }
}
