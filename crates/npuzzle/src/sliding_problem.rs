//! The problem every view searches ([`crate::SlidingPuzzle`]: `searchlab search npuzzle`, the
//! replay, Python): the 8-puzzle's boards with their dense duplicate table, the 15-puzzle's with
//! hashed keys, one state type for both.

use searchlab_core::{KeySpace, Problem};

use crate::heuristic::Heuristic;
use crate::packed::Nibbles;
use crate::{Board, Direction, NPuzzle, PuzzleState, SmallNPuzzle};

/// The widest board the views take: the 15-puzzle (its cells fit the packed `u64` state).
pub const VIEWED_MAX_WIDTH: usize = 4;

/// Sliding a board of up to 4×4 to a goal: [`SmallNPuzzle`] (a dense table of the 9!/2 boards of
/// one parity class) up to 3×3, [`NPuzzle`] with hashed keys for 4×4. The key is a `u64` for
/// both: the board's index in its class, or its packed cells.
#[derive(Debug, Clone)]
pub enum SlidingProblem {
    /// Up to 3×3: dense keys.
    Small(SmallNPuzzle),
    /// 4×4: the packed cells, hashed.
    Wide(NPuzzle<Nibbles>),
}

impl SlidingProblem {
    /// The problem of sliding `board` to `goal`; `None` when the widths differ or the board is
    /// wider than [`VIEWED_MAX_WIDTH`].
    pub fn new(board: &Board, goal: &Board) -> Option<Self> {
        if board.width() > VIEWED_MAX_WIDTH {
            return None;
        }
        match SmallNPuzzle::new(board, goal) {
            Some(small) => Some(SlidingProblem::Small(small)),
            None => NPuzzle::new(board, goal).map(SlidingProblem::Wide),
        }
    }

    /// The same problem with `heuristic` as its estimate (Manhattan distance by default).
    pub fn with_heuristic(self, heuristic: &Heuristic) -> Self {
        match self {
            SlidingProblem::Small(p) => SlidingProblem::Small(p.with_heuristic(heuristic)),
            SlidingProblem::Wide(p) => SlidingProblem::Wide(p.with_heuristic(heuristic)),
        }
    }

    /// The board-level problem (moves, goal test, heuristics), whichever the key.
    pub fn inner(&self) -> &NPuzzle<Nibbles> {
        match self {
            SlidingProblem::Small(p) => p.inner(),
            SlidingProblem::Wide(p) => p,
        }
    }
}

impl Problem for SlidingProblem {
    type State = PuzzleState<Nibbles>;
    type Action = Direction;
    type Key = u64;

    fn initial_state(&self) -> Self::State {
        self.inner().initial_state()
    }

    #[inline]
    fn successors(&self, state: &Self::State, out: &mut Vec<(Direction, Self::State)>) {
        self.inner().successors(state, out)
    }

    #[inline]
    fn is_goal(&self, state: &Self::State) -> bool {
        self.inner().is_goal(state)
    }

    #[inline]
    fn key(&self, state: &Self::State) -> u64 {
        match self {
            SlidingProblem::Small(p) => u64::from(p.key(state)),
            SlidingProblem::Wide(_) => state.cells().0,
        }
    }

    #[inline]
    fn heuristic(&self, state: &Self::State) -> u64 {
        self.inner().heuristic(state)
    }

    fn goal_state(&self) -> Option<Self::State> {
        self.inner().goal_state()
    }

    fn predecessors(&self, state: &Self::State, out: &mut Vec<(Direction, Self::State)>) {
        self.inner().predecessors(state, out)
    }

    fn key_space(&self) -> KeySpace<u64> {
        match self {
            SlidingProblem::Small(p) => match p.key_space().size() {
                Some(size) => KeySpace::Dense { size, index: |key| *key as usize },
                None => KeySpace::Hashed,
            },
            SlidingProblem::Wide(_) => KeySpace::Hashed,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problem(board: &str) -> SlidingProblem {
        let board = Board::parse(board).unwrap();
        SlidingProblem::new(&board, &Board::goal(board.width()).unwrap()).unwrap()
    }

    #[test]
    fn small_boards_are_dense_and_the_15_puzzle_is_hashed() {
        let small = problem("1,2,5,3,4,0,6,7,8");
        assert!(matches!(small, SlidingProblem::Small(_)));
        assert_eq!(small.key_space().size(), Some(181_440));
        let key = small.key(&small.initial_state());
        assert!(small.key_space().index_of(&key).is_some_and(|i| i < 181_440));
        let wide = problem("1,2,3,0,4,5,6,7,8,9,10,11,12,13,14,15");
        assert!(matches!(wide, SlidingProblem::Wide(_)));
        assert_eq!(wide.key_space().size(), None);
        let five = Board::goal(5).unwrap();
        assert!(SlidingProblem::new(&five, &five).is_none());
    }

    #[test]
    fn different_15_puzzle_boards_have_different_keys() {
        let p = problem("1,2,3,0,4,5,6,7,8,9,10,11,12,13,14,15");
        let mut out = Vec::new();
        p.successors(&p.initial_state(), &mut out);
        let mut keys: Vec<u64> = out.iter().map(|(_, s)| p.key(s)).collect();
        keys.push(p.key(&p.initial_state()));
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), out.len() + 1);
        // The blank moves Down and Left from the top-right corner of a 4x4 board.
        let moves: Vec<&str> = out.iter().map(|(d, _)| d.name()).collect();
        assert_eq!(moves, ["Down", "Left"]);
    }
}
