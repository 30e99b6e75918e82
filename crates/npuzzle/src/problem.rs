//! The N-puzzle as a [`searchlab_core::Problem`]: what the generic engine searches.

use searchlab_core::{KeySpace, Problem};

use crate::heuristic::{GoalCells, Heuristic, MANHATTAN};
use crate::packed::{Cells, Nibbles, FACTORIALS};
use crate::{Board, Direction, MAX_WIDTH};

/// The largest cell count for which [`SmallNPuzzle`] gives the engine a dense visited table (3×3: 9!/2 =
/// 181,440 entries of 4 bytes, one per board of the start's solvability class, indexed by
/// [`Cells::class_index`]). Beyond it, keys are hashed.
const DENSE_MAX_CELLS: usize = 9;

/// "No cell" in the move table.
const NONE: u8 = u8::MAX;

/// A search state: the packed cells plus two cached facts, so that successors cost a few
/// shifts and two table look-ups: where the blank is, and the Manhattan distance to the
/// goal (updated incrementally, move by move).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PuzzleState<C> {
    cells: C,
    blank: u8,
    manhattan: u32,
}

impl<C: Cells> PuzzleState<C> {
    /// The packed cells.
    pub fn cells(&self) -> &C {
        &self.cells
    }

    /// The blank's cell.
    pub fn blank(&self) -> usize {
        usize::from(self.blank)
    }

    /// The Manhattan distance to the problem's goal, blank excluded.
    pub fn manhattan(&self) -> u32 {
        self.manhattan
    }
}

/// Sliding a board to a goal of the same width: successors in UDLR order (moves of the
/// blank), the packed cells as duplicate key, and the Manhattan distance with the blank
/// excluded as heuristic (kept up to date move by move; [`NPuzzle::with_heuristic`] picks
/// another row of [`crate::heuristic::HEURISTICS`]). Keys are hashed; [`SmallNPuzzle`] is the same problem with a
/// dense key table for boards of up to 9 cells.
///
/// The type parameter picks the encoding (see [`crate::packed`]); [`crate::driver`]
/// chooses the smallest one that fits.
#[derive(Debug, Clone)]
pub struct NPuzzle<C> {
    width: usize,
    cells: usize,
    start: PuzzleState<C>,
    goal: C,
    /// `moves[4 * cell + d]`: where the blank goes from `cell` in direction `d` (UDLR), or NONE.
    moves: Vec<u8>,
    /// `distance[tile * cells + cell]`: the Manhattan distance from `cell` to the tile's goal
    /// cell; 0 for the blank.
    distance: Vec<u8>,
    /// The chosen heuristic's estimate; `None` for Manhattan distance, which the states carry.
    estimate: Option<Heuristic>,
    /// Where each tile belongs, for `estimate`.
    goal_cells: GoalCells,
}

impl<C: Cells> NPuzzle<C> {
    /// The problem of sliding `board` to `goal`. Returns `None` when the widths differ or
    /// the encoding `C` cannot hold the board. Solvability is not checked here (see
    /// [`crate::is_solvable`]); an unsolvable board makes the search exhaust its half of
    /// the state space.
    pub fn new(board: &Board, goal: &Board) -> Option<Self> {
        let width = board.width();
        let cells = board.tiles().len();
        if goal.width() != width || cells > C::CAPACITY {
            return None;
        }
        let mut moves = vec![NONE; 4 * cells];
        for cell in 0..cells {
            for (d, dir) in Direction::ALL.iter().enumerate() {
                if let Some(t) = dir.target(cell, width) {
                    moves[4 * cell + d] = t as u8;
                }
            }
        }
        let mut distance = vec![0u8; cells * cells];
        for (goal_cell, &tile) in goal.tiles().iter().enumerate() {
            if tile == 0 {
                continue;
            }
            for cell in 0..cells {
                distance[usize::from(tile) * cells + cell] = crate::cell_distance(width, cell, goal_cell) as u8;
            }
        }
        let goal_cells = GoalCells::new(goal);
        let manhattan = (MANHATTAN.estimate)(board.tiles(), &goal_cells);
        let start = PuzzleState { cells: C::from_tiles(board.tiles()), blank: board.blank() as u8, manhattan };
        Some(NPuzzle {
            width,
            cells,
            start,
            goal: C::from_tiles(goal.tiles()),
            moves,
            distance,
            estimate: None,
            goal_cells,
        })
    }

    /// The same problem with `heuristic` as its estimate (Manhattan distance by default).
    pub fn with_heuristic(mut self, heuristic: &Heuristic) -> Self {
        self.estimate = (!heuristic.is_manhattan()).then(|| heuristic.clone());
        self
    }

    /// The board's width.
    pub fn width(&self) -> usize {
        self.width
    }

    /// A chosen heuristic's estimate of `state`, read from its tiles. Kept out of line, so that
    /// `heuristic` stays small enough for the engine's loops to inline (with this body inline,
    /// the driver's BFS ran 2.4 % more instructions: its priority step left the loop).
    #[inline(never)]
    fn estimate_from_tiles(&self, estimate: &Heuristic, state: &PuzzleState<C>) -> u64 {
        let mut tiles = [0u8; MAX_WIDTH * MAX_WIDTH];
        for (cell, tile) in tiles[..self.cells].iter_mut().enumerate() {
            *tile = state.cells.get(cell);
        }
        u64::from(estimate.estimate(&tiles[..self.cells], &self.goal_cells))
    }

    /// The state as a [`Board`].
    pub fn board(&self, state: &PuzzleState<C>) -> Board {
        match Board::new(self.width, state.cells.to_tiles(self.cells)) {
            Ok(board) => board,
            // States are built from valid boards by slides, which keep the tile set.
            Err(_) => unreachable!("a search state always holds a valid board"),
        }
    }
}

impl<C: Cells> Problem for NPuzzle<C> {
    type State = PuzzleState<C>;
    type Action = Direction;
    type Key = C;

    fn initial_state(&self) -> Self::State {
        self.start.clone()
    }

    #[inline]
    fn successors(&self, state: &Self::State, out: &mut Vec<(Direction, Self::State)>) {
        let blank = usize::from(state.blank);
        let targets = &self.moves[4 * blank..4 * blank + 4];
        for (d, &target) in Direction::ALL.into_iter().zip(targets) {
            if target == NONE {
                continue;
            }
            let from = usize::from(target);
            let tile = usize::from(state.cells.get(from));
            let row = tile * self.cells;
            // The tile moves from `from` to `blank`.
            let manhattan =
                state.manhattan + u32::from(self.distance[row + blank]) - u32::from(self.distance[row + from]);
            out.push((d, PuzzleState { cells: state.cells.slide(blank, from), blank: target, manhattan }));
        }
    }

    #[inline]
    fn is_goal(&self, state: &Self::State) -> bool {
        state.cells == self.goal
    }

    #[inline]
    fn key(&self, state: &Self::State) -> C {
        state.cells.clone()
    }

    #[inline]
    fn heuristic(&self, state: &Self::State) -> u64 {
        match &self.estimate {
            None => u64::from(state.manhattan),
            Some(estimate) => self.estimate_from_tiles(estimate, state),
        }
    }

    /// The goal board (its Manhattan distance 0): bidirectional search starts there.
    fn goal_state(&self) -> Option<Self::State> {
        Some(PuzzleState { cells: self.goal.clone(), blank: self.goal_cells.cell_of(0) as u8, manhattan: 0 })
    }

    /// Moves are reversible: the board before the blank moved in direction d is the one where
    /// it moves back, so each successor by d is a predecessor by d's opposite (UDLR order of
    /// the move back).
    fn predecessors(&self, state: &Self::State, out: &mut Vec<(Direction, Self::State)>) {
        let first = out.len();
        self.successors(state, out);
        for (direction, _) in &mut out[first..] {
            *direction = direction.opposite();
        }
    }
}

/// The N-puzzle for boards of at most 9 cells (2×2 and 3×3), with a dense duplicate table:
/// the key of a board is its perfect index among the boards of its solvability class
/// ([`Cells::class_index`], computed once per generated board), so the engine's visited
/// table is a flat array of 9!/2 = 181,440 entries instead of a hash map. Everything else
/// is [`NPuzzle`]'s.
#[derive(Debug, Clone)]
pub struct SmallNPuzzle(NPuzzle<Nibbles>);

impl SmallNPuzzle {
    /// The problem of sliding `board` to `goal`; `None` when the widths differ or the board
    /// has more than 9 cells.
    pub fn new(board: &Board, goal: &Board) -> Option<Self> {
        if board.tiles().len() > DENSE_MAX_CELLS {
            return None;
        }
        NPuzzle::new(board, goal).map(SmallNPuzzle)
    }

    /// The same problem with `heuristic` as its estimate (Manhattan distance by default).
    pub fn with_heuristic(self, heuristic: &Heuristic) -> Self {
        SmallNPuzzle(self.0.with_heuristic(heuristic))
    }

    /// The underlying problem.
    pub fn inner(&self) -> &NPuzzle<Nibbles> {
        &self.0
    }
}

impl Problem for SmallNPuzzle {
    type State = PuzzleState<Nibbles>;
    type Action = Direction;
    type Key = u32;

    fn initial_state(&self) -> Self::State {
        self.0.initial_state()
    }

    #[inline]
    fn successors(&self, state: &Self::State, out: &mut Vec<(Direction, Self::State)>) {
        self.0.successors(state, out)
    }

    #[inline]
    fn is_goal(&self, state: &Self::State) -> bool {
        self.0.is_goal(state)
    }

    #[inline]
    fn key(&self, state: &Self::State) -> u32 {
        state.cells.class_index(self.0.cells) as u32
    }

    #[inline]
    fn heuristic(&self, state: &Self::State) -> u64 {
        self.0.heuristic(state)
    }

    fn goal_state(&self) -> Option<Self::State> {
        self.0.goal_state()
    }

    fn predecessors(&self, state: &Self::State, out: &mut Vec<(Direction, Self::State)>) {
        self.0.predecessors(state, out)
    }

    #[inline]
    fn key_space(&self) -> KeySpace<u32> {
        KeySpace::Dense { size: (FACTORIALS[self.0.cells] / 2) as usize, index: |key| *key as usize }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::packed::{Bytes, Quints};

    fn problem<C: Cells>(board: &str) -> NPuzzle<C> {
        let board = Board::parse(board).unwrap();
        NPuzzle::new(&board, &Board::goal(board.width()).unwrap()).unwrap()
    }

    #[test]
    fn successors_come_in_udlr_order_and_move_the_blank() {
        let p = problem::<Nibbles>("1,2,5,3,4,0,6,7,8");
        let mut out = Vec::new();
        p.successors(&p.initial_state(), &mut out);
        let moves: Vec<_> = out.iter().map(|(d, _)| *d).collect();
        assert_eq!(moves, [Direction::Up, Direction::Down, Direction::Left]);
        let boards: Vec<_> = out.iter().map(|(_, s)| p.board(s).to_string()).collect();
        assert_eq!(boards, ["1,2,0,3,4,5,6,7,8", "1,2,5,3,4,8,6,7,0", "1,2,5,3,0,4,6,7,8"]);
    }

    #[test]
    fn manhattan_excludes_the_blank_and_tracks_moves() {
        // The notebook's figure board toward 0..8, by hand: tiles 1,8,2,4,3,7,6,5 contribute
        // 1+3+0+0+2+1+1+1 = 9 (the blank's distance, 1, is not counted).
        let p = problem::<Nibbles>("1,8,2,0,4,3,7,6,5");
        assert_eq!(p.heuristic(&p.initial_state()), 9);
        let p = problem::<Nibbles>("1,2,5,3,4,0,6,7,8");
        assert_eq!(p.heuristic(&p.initial_state()), 3);
        // Incremental updates agree with a fresh computation after every move of a walk.
        let mut state = p.initial_state();
        let mut out = Vec::new();
        for step in 0..40 {
            out.clear();
            p.successors(&state, &mut out);
            state = out[step % out.len()].1.clone();
            let fresh = NPuzzle::<Nibbles>::new(&p.board(&state), &Board::goal(3).unwrap()).unwrap();
            assert_eq!(state.manhattan(), fresh.initial_state().manhattan());
        }
    }

    #[test]
    fn goal_test_and_heuristic_follow_a_custom_goal() {
        let goal = Board::parse("1,2,3,4,5,6,7,8,0").unwrap();
        let p = NPuzzle::<Nibbles>::new(&goal, &goal).unwrap();
        assert!(p.is_goal(&p.initial_state()));
        assert_eq!(p.heuristic(&p.initial_state()), 0);
        let p = NPuzzle::<Nibbles>::new(&Board::goal(3).unwrap(), &goal).unwrap();
        assert!(!p.is_goal(&p.initial_state()));
        assert_eq!(p.heuristic(&p.initial_state()), 12);
    }

    #[test]
    fn key_space_is_dense_up_to_3x3() {
        let small = |text: &str| {
            let b = Board::parse(text).unwrap();
            SmallNPuzzle::new(&b, &Board::goal(b.width()).unwrap())
        };
        assert_eq!(small("1,0,2,3").unwrap().key_space().size(), Some(12));
        let p = small("1,2,5,3,4,0,6,7,8").unwrap();
        assert_eq!(p.key_space().size(), Some(181_440));
        assert!(p.key_space().index_of(&p.key(&p.initial_state())).is_some_and(|i| i < 181_440));
        assert!(small("1,0,2,3,4,5,6,7,8,9,10,11,12,13,14,15").is_none());
        assert_eq!(problem::<Nibbles>("1,0,2,3,4,5,6,7,8,9,10,11,12,13,14,15").key_space().size(), None);
    }

    #[test]
    fn refuses_encodings_too_small_and_width_mismatch() {
        let b5 = Board::goal(5).unwrap();
        assert!(NPuzzle::<Nibbles>::new(&b5, &b5).is_none());
        assert!(NPuzzle::<Quints>::new(&b5, &b5).is_some());
        assert!(NPuzzle::<Bytes>::new(&b5, &b5).is_some());
        assert!(NPuzzle::<Bytes>::new(&b5, &Board::goal(4).unwrap()).is_none());
    }
}
