//! One instance of the registered N-puzzle ([`crate::SlidingPuzzle`]): a board of up to 4×4,
//! the goal it slides to (the course's `0,1,…,8` by default) and the heuristic the informed
//! strategies read (Manhattan distance by default), read from the fields every view shares
//! (`--board`, `--goal`, `--heuristic` on the command line, the replay's form, Python).

use searchlab_core::catalog::{Field, InstanceError};

use crate::heuristic::{Heuristic, RowsOnly, TableHeuristics};
use crate::sliding_problem::{SlidingProblem, VIEWED_MAX_WIDTH};
use crate::{is_solvable, Board};

/// The instance's fields, in form order.
pub(crate) const FIELDS: &[Field] = &[
    Field { name: "board", label: "Tiles (row by row, 0 the blank)", example: "1,2,5,3,4,0,6,7,8", per_run: false },
    Field { name: "goal", label: "Goal (row by row; empty: 0,1,2,…)", example: "0,1,2,3,4,5,6,7,8", per_run: false },
    Field {
        name: "heuristic",
        label: "Heuristic (manhattan, misplaced, linear-conflict, gaschnig; pattern databases: pdb-4-4, pdb-5-5-5, …)",
        example: "manhattan",
        per_run: true,
    },
];

/// Why a well-formed board cannot be replayed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayBoardError {
    /// Wider than [`VIEWED_MAX_WIDTH`].
    #[error(
        "searches and replays take boards up to 4x4; this one is {width}x{width} (use `searchlab npuzzle` or \
         `searchlab solve` for larger boards)"
    )]
    TooWide {
        /// The board's width.
        width: usize,
    },
    /// The goal's width is not the board's.
    #[error("the goal {goal} is {goal_width}x{goal_width} but the board is {width}x{width}")]
    GoalWidth {
        /// The goal.
        goal: Board,
        /// The goal's width.
        goal_width: usize,
        /// The board's width.
        width: usize,
    },
    /// The parity rule says the goal cannot be reached.
    #[error(
        "{board} cannot reach the goal {goal}: the tiles' permutation and the blank's distance have different \
         parities (swap two tiles to make it solvable)"
    )]
    Unsolvable {
        /// The board.
        board: Board,
        /// The goal.
        goal: Board,
    },
}

/// A board, its goal and the heuristic of the informed strategies.
#[derive(Debug, Clone)]
pub struct SlidingInstance {
    /// The start board.
    pub board: Board,
    /// The goal board (same width).
    pub goal: Board,
    /// The heuristic greedy search, A*, IDA* and the others that use h read.
    pub heuristic: Heuristic,
}

/// Equal boards, goals and heuristics (heuristics by name: names are unique).
impl PartialEq for SlidingInstance {
    fn eq(&self, other: &Self) -> bool {
        (&self.board, &self.goal, &self.heuristic) == (&other.board, &other.goal, &other.heuristic)
    }
}

fn malformed(err: impl std::error::Error + Send + Sync + 'static) -> InstanceError {
    InstanceError::Malformed(Box::new(err))
}

impl SlidingInstance {
    /// `board` toward the course's goal `0,1,…`, with Manhattan distance.
    pub fn standard(board: Board) -> Result<SlidingInstance, InstanceError> {
        let goal = Board::goal(board.width()).map_err(malformed)?;
        Self::new(board, goal, Heuristic::default())
    }

    /// Checks the widths and the parity rule.
    pub fn new(board: Board, goal: Board, heuristic: Heuristic) -> Result<SlidingInstance, InstanceError> {
        if board.width() > VIEWED_MAX_WIDTH {
            return Err(malformed(ReplayBoardError::TooWide { width: board.width() }));
        }
        if goal.width() != board.width() {
            let (goal_width, width) = (goal.width(), board.width());
            return Err(malformed(ReplayBoardError::GoalWidth { goal, goal_width, width }));
        }
        if !is_solvable(&board, &goal) {
            return Err(InstanceError::Unsolvable(Box::new(ReplayBoardError::Unsolvable { board, goal })));
        }
        Ok(SlidingInstance { board, goal, heuristic })
    }

    /// Reads the fields (`goal` and `heuristic` may be empty: the defaults), the heuristic a
    /// row of [`crate::heuristic::HEURISTICS`] or one of `T`'s table heuristics.
    pub fn parse_with<T: TableHeuristics>(field: &dyn Fn(&str) -> String) -> Result<SlidingInstance, InstanceError> {
        let board = Board::parse(&field("board")).map_err(malformed)?;
        let goal = match field("goal").trim() {
            "" => Board::goal(board.width()).map_err(malformed)?,
            text => Board::parse(text).map_err(malformed)?,
        };
        // The widths and parity first: a table heuristic is built for the goal.
        let instance = Self::new(board, goal, Heuristic::default())?;
        let heuristic = Heuristic::named::<T>(&field("heuristic"), &instance.goal).map_err(malformed)?;
        Ok(SlidingInstance { heuristic, ..instance })
    }

    /// [`SlidingInstance::parse_with`] the rows of [`crate::heuristic::HEURISTICS`] alone.
    pub fn parse(field: &dyn Fn(&str) -> String) -> Result<SlidingInstance, InstanceError> {
        Self::parse_with::<RowsOnly>(field)
    }

    /// The fields, in [`FIELDS`] order.
    pub fn fields(&self) -> Vec<(&'static str, String)> {
        vec![
            ("board", self.board.to_string()),
            ("goal", self.goal.to_string()),
            ("heuristic", self.heuristic.name().to_string()),
        ]
    }

    /// The options a command line needs beyond `--board` (the goal and heuristic when not
    /// the defaults).
    pub fn extra_options(&self) -> String {
        let mut options = String::new();
        if Board::goal(self.board.width()).ok().as_ref() != Some(&self.goal) {
            options.push_str(&format!(" --goal {}", self.goal));
        }
        if !self.heuristic.is_manhattan() {
            options.push_str(&format!(" --heuristic {}", self.heuristic.name()));
        }
        options
    }

    /// The search problem.
    pub fn problem(&self) -> Result<SlidingProblem, InstanceError> {
        let problem = SlidingProblem::new(&self.board, &self.goal);
        let problem = problem.ok_or_else(|| malformed(ReplayBoardError::TooWide { width: self.board.width() }))?;
        Ok(problem.with_heuristic(&self.heuristic))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(fields: &[(&str, &str)]) -> Result<SlidingInstance, InstanceError> {
        SlidingInstance::parse(&|name| {
            fields.iter().find(|(n, _)| *n == name).map(|(_, v)| v.to_string()).unwrap_or_default()
        })
    }

    #[test]
    fn goal_and_heuristic_default_and_read_back() {
        let plain = parse(&[("board", "1,2,5,3,4,0,6,7,8")]).unwrap();
        assert_eq!(plain.goal.to_string(), "0,1,2,3,4,5,6,7,8");
        assert_eq!((plain.heuristic.name(), plain.extra_options().as_str()), ("manhattan", ""));
        let small = parse(&[("board", "1,3,2,0")]).unwrap();
        assert_eq!(small.goal.to_string(), "0,1,2,3");
        let aima = parse(&[("board", "1,2,3,4,5,7,8,6,0"), ("goal", "1,2,3,4,5,6,7,8,0"), ("heuristic", "Misplaced")])
            .unwrap();
        assert_eq!(aima.extra_options(), " --goal 1,2,3,4,5,6,7,8,0 --heuristic misplaced");
        let fields = aima.fields();
        let again = SlidingInstance::parse(&|name| {
            fields.iter().find(|(n, _)| *n == name).map(|(_, v)| v.clone()).unwrap_or_default()
        });
        assert_eq!(again.unwrap(), aima);
    }

    #[test]
    fn the_heuristic_field_names_every_heuristic() {
        let label = FIELDS.iter().find(|f| f.name == "heuristic").unwrap().label;
        assert!(crate::heuristic::HEURISTICS.iter().all(|h| label.contains(h.name)), "{label}");
    }

    #[test]
    fn bad_goals_and_heuristics_are_refused_in_one_line() {
        let err = |fields: &[(&str, &str)]| parse(fields).unwrap_err().to_string();
        assert_eq!(
            err(&[("board", "1,2,5,3,4,0,6,7,8"), ("goal", "0,1,2,3")]),
            "the goal 0,1,2,3 is 2x2 but the board is 3x3"
        );
        assert!(err(&[("board", "1,2,5,3,4,0,6,7,8"), ("heuristic", "h3")]).starts_with("unknown heuristic `h3`"));
        // 1,2,3,4,5,6,8,7,0 is one swap from aima's goal: the other parity class.
        let odd = parse(&[("board", "1,2,3,4,5,6,8,7,0"), ("goal", "1,2,3,4,5,6,7,8,0")]).unwrap_err();
        assert!(matches!(odd, InstanceError::Unsolvable(_)));
        assert!(err(&[("board", "1,2,5,3,4,0,6,7,8"), ("goal", "1,2,3")]).contains("not a square"));
    }
}
