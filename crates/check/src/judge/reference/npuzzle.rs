//! The N-puzzle reference under a [`Config`]: the driver's problem wrapped so that its
//! successor order, heuristic and tie rule follow the config, run on the one engine, with
//! the counts derived from the engine's statistics by the report rules.

use std::collections::HashMap;

use searchlab_core::{search_with, Event, KeySpace, NodeId, Observer, Outcome, Problem, Stats, Tally};
use searchlab_npuzzle::packed::{Bytes, Cells, Nibbles};
use searchlab_npuzzle::{is_solvable, Board, Direction, NPuzzle, PuzzleState, SmallNPuzzle, DEFAULT_MAX_NODES};

use crate::judge::config::{Config, DepthRule, HeuristicRule, NodesRule, PathRule, SuccessorOrder};
use crate::NpuzzleExpected;

/// Scale of priorities when ties are broken by the move's index: f × 5 + index (0..=3).
const TIE_SCALE: u64 = 5;

/// A driver problem `P` under a config's puzzle rules. States carry the index of the move
/// that made them, for the tie rule by move.
struct Ruled<'a, P> {
    inner: P,
    config: &'a Config,
    /// Goal cell of each tile.
    goal_cell: Vec<usize>,
    width: usize,
}

fn index(d: Direction) -> u64 {
    Direction::ALL.iter().position(|x| *x == d).unwrap_or(0) as u64
}

impl<C: Cells, P: Problem<State = PuzzleState<C>, Action = Direction>> Problem for Ruled<'_, P> {
    type State = (PuzzleState<C>, u8);
    type Action = Direction;
    type Key = P::Key;

    fn initial_state(&self) -> Self::State {
        (self.inner.initial_state(), 0)
    }

    fn successors(&self, state: &Self::State, out: &mut Vec<(Direction, Self::State)>) {
        let mut inner = Vec::with_capacity(4);
        self.inner.successors(&state.0, &mut inner);
        if self.config.successors == SuccessorOrder::Reversed {
            inner.reverse();
        }
        out.extend(inner.into_iter().map(|(d, s)| (d, (s, index(d) as u8))));
    }

    fn is_goal(&self, state: &Self::State) -> bool {
        self.inner.is_goal(&state.0)
    }

    fn key(&self, state: &Self::State) -> P::Key {
        self.inner.key(&state.0)
    }

    fn step_cost(&self, _: &Self::State, _: &Direction, _: &Self::State) -> u64 {
        if self.config.action_ties {
            TIE_SCALE
        } else {
            1
        }
    }

    fn heuristic(&self, state: &Self::State) -> u64 {
        let cells = state.0.cells();
        let h = match self.config.heuristic {
            HeuristicRule::Spec => u64::from(state.0.manhattan()),
            HeuristicRule::Constant => 0,
            HeuristicRule::WithBlank => self.manhattan(cells, 0..self.goal_cell.len(), true),
            HeuristicRule::FirstEight => self.manhattan(cells, 0..8.min(self.goal_cell.len()), false),
        };
        if self.config.action_ties {
            h * TIE_SCALE + u64::from(state.1)
        } else {
            h
        }
    }

    fn key_space(&self) -> KeySpace<P::Key> {
        self.inner.key_space()
    }
}

impl<P> Ruled<'_, P> {
    /// The Manhattan distance of the tiles on `cells_range`, the blank counted if asked.
    fn manhattan<C: Cells>(&self, cells: &C, range: std::ops::Range<usize>, blank: bool) -> u64 {
        let w = self.width;
        range
            .filter_map(|cell| {
                let tile = usize::from(cells.get(cell));
                (blank || tile != 0).then(|| {
                    let goal = self.goal_cell[tile];
                    ((cell / w).abs_diff(goal / w) + (cell % w).abs_diff(goal % w)) as u64
                })
            })
            .sum()
    }
}

/// The reference's answer for `board` toward `goal` under `config`: `None` when the board
/// cannot reach the goal or the search stops without it (the driver then writes nothing).
pub fn npuzzle_reference(config: &Config, board: &Board, goal: &Board) -> Option<NpuzzleExpected> {
    npuzzle_search(config, board, goal).map(|found| npuzzle_answer(config, &found))
}

/// What one search found: the moves, the engine's statistics and the tally of the counts
/// it leaves out. The report rules of a
/// config turn it into an answer ([`npuzzle_answer`]), so configs that differ only in
/// report rules share one search.
pub type Found = (Vec<Direction>, Stats, Tally);

/// The config with its report rules reset: configs with the same key run the same search.
pub fn search_key(config: &Config) -> String {
    let reset = Config { nodes: NodesRule::default(), depth: DepthRule::default(), ..config.clone() };
    format!("{:?}", reset.with_edition(searchlab_npuzzle::Edition::Current))
}

/// The answer the driver writes for a search's result under `config`'s report rules.
pub fn npuzzle_answer(config: &Config, (path, stats, tally): &Found) -> NpuzzleExpected {
    let moves = path.len() as u64;
    let fringe = config.edition.has_fringe_lines();
    NpuzzleExpected {
        path_to_goal: path.clone(),
        cost_of_path: moves,
        nodes_expanded: nodes_expanded(config.nodes, stats, tally),
        search_depth: moves,
        max_search_depth: max_search_depth(config.depth, stats, tally),
        fringe_size: fringe.then_some(stats.frontier_left),
        max_fringe_size: fringe.then_some(stats.max_frontier),
    }
}

/// The search of [`npuzzle_reference`], before the report rules.
pub fn npuzzle_search(config: &Config, board: &Board, goal: &Board) -> Option<Found> {
    if board.width() != goal.width() || !is_solvable(board, goal) {
        return None;
    }
    let mut goal_cell = vec![0; goal.tiles().len()];
    for (cell, tile) in goal.tiles().iter().enumerate() {
        goal_cell[usize::from(*tile)] = cell;
    }
    let width = board.width();
    let mut options = config.options.clone();
    options.node_limit = options.node_limit.or(Some(DEFAULT_MAX_NODES));
    let config = &Config { options, ..config.clone() };
    let cells = board.tiles().len();
    if cells <= 9 {
        let inner = SmallNPuzzle::new(board, goal)?;
        run(Ruled { inner, config, goal_cell, width })
    } else if cells <= Nibbles::CAPACITY {
        let inner = NPuzzle::<Nibbles>::new(board, goal)?;
        run(Ruled { inner, config, goal_cell, width })
    } else {
        let inner = NPuzzle::<Bytes>::new(board, goal)?;
        run(Ruled { inner, config, goal_cell, width })
    }
}

fn run<C: Cells, P: Problem<State = PuzzleState<C>, Action = Direction>>(problem: Ruled<'_, P>) -> Option<Found> {
    let config = problem.config;
    if config.path == PathRule::LatestParent {
        let mut map = LatestParents::new(&problem);
        let result = search_with(&problem, config.strategy, &config.options, &mut map);
        let Outcome::Found(path) = result.outcome else { return None };
        let goal = path.states.last().map(|s| problem.key(s))?;
        return Some((map.path_to(goal)?, result.stats, map.tally));
    }
    let mut tally = Tally::default();
    let result = search_with(&problem, config.strategy, &config.options, &mut tally);
    let Outcome::Found(path) = result.outcome else { return None };
    Some((path.actions, result.stats, tally))
}

/// A program's board -> (parent board, move) map ([`PathRule::LatestParent`]): written at
/// every push, a later push of the same board overwriting the earlier one; and the run's
/// tally.
struct LatestParents<'p, Q: Problem> {
    problem: &'p Q,
    tally: Tally,
    /// The board of each node pushed (and of the root), by node id.
    boards: HashMap<NodeId, Q::Key>,
    /// Each board's latest parent board and move.
    parents: HashMap<Q::Key, (Q::Key, Direction)>,
    /// The root's board.
    root: Option<Q::Key>,
}

impl<'p, Q: Problem<Action = Direction>> LatestParents<'p, Q> {
    fn new(problem: &'p Q) -> Self {
        LatestParents { problem, tally: Tally::default(), boards: HashMap::new(), parents: HashMap::new(), root: None }
    }

    /// The moves from the root to `goal` along the latest parents; `None` if they do not
    /// lead back to the root (a cycle of overwritten entries).
    fn path_to(&self, goal: Q::Key) -> Option<Vec<Direction>> {
        let root = self.root.as_ref()?;
        let mut moves = Vec::new();
        let mut at = goal;
        while at != *root {
            let (from, action) = self.parents.get(&at)?;
            moves.push(*action);
            at = from.clone();
            if moves.len() > self.parents.len() {
                return None;
            }
        }
        moves.reverse();
        Some(moves)
    }
}

impl<Q: Problem<Action = Direction>> Observer<Q> for LatestParents<'_, Q> {
    fn on_event(&mut self, event: &Event<'_, Q>) {
        self.tally.on_event(event);
        match event {
            Event::Start { state } => self.root = Some(self.problem.key(state)),
            Event::Selected { node, state, depth: 0, .. } => {
                self.boards.insert(*node, self.problem.key(state));
            }
            Event::Generated { node, parent, state, action, .. } => {
                let key = self.problem.key(state);
                if let Some(from) = self.boards.get(parent).cloned() {
                    self.parents.insert(key.clone(), (from, **action));
                }
                self.boards.insert(*node, key);
            }
            _ => {}
        }
    }
}
/// `nodes_expanded` under a report rule.
pub fn nodes_expanded(rule: NodesRule, stats: &Stats, tally: &Tally) -> u64 {
    match rule {
        NodesRule::Expanded => stats.expanded,
        NodesRule::CountGoal => stats.expanded + u64::from(!tally.goal_generated),
        NodesRule::Pushes => tally.pushed,
        NodesRule::MinusOne => stats.expanded.saturating_sub(1),
    }
}

/// `max_search_depth` under a report rule.
pub fn max_search_depth(rule: DepthRule, stats: &Stats, tally: &Tally) -> u64 {
    match rule {
        DepthRule::Frontier => stats.max_depth,
        DepthRule::Expanded => tally.max_depth_expanded,
        DepthRule::Generated => tally.max_depth_generated.max(stats.max_depth),
        DepthRule::PlusOne => stats.max_depth + 1,
    }
}
