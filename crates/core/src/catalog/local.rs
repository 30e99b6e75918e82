//! Registering a puzzle for local search: [`LocalPuzzle`], its name, its instance's fields
//! and its complete-state problem. `searchlab search` runs any registered one with any
//! [`crate::local::LocalStrategy`].

use serde::de::DeserializeOwned;
use serde::Serialize;

use super::{Field, InstanceError};
use crate::local::LocalProblem;

/// A puzzle offering local search (the n-queens), registered once: implement it in one file
/// of the puzzle's crate and add one line to `searchlab_registry::PUZZLES`.
pub trait LocalPuzzle: 'static {
    /// The name on command lines (`queens`).
    const NAME: &'static str;
    /// The name for people (`n-queens`).
    const TITLE: &'static str;
    /// The instance's text fields (`n`).
    const FIELDS: &'static [Field];
    /// What the value counts, in the puzzle's words (the n-queens: `attacking pairs`): the
    /// page and the reports name it so, never "h" or "value" alone.
    const VALUE: &'static str;
    /// The complete-state problem of an instance.
    type Problem: LocalProblem;

    /// The problem of the instance whose fields `field` gives (empty text for an absent field).
    fn problem(field: &dyn Fn(&str) -> String) -> Result<Self::Problem, InstanceError>;

    /// A state in a line of text (the n-queens: the rows, column by column).
    fn state_words(problem: &Self::Problem, state: &<Self::Problem as LocalProblem>::State) -> String;

    /// A state as a `--trace` line writes it and reads it back (the n-queens: the rows, a
    /// list of numbers).
    type StateView: Serialize + DeserializeOwned;

    /// The state as a trace line writes it.
    fn view_state(problem: &Self::Problem, state: &<Self::Problem as LocalProblem>::State) -> Self::StateView;

    /// The state a trace line names, checked against the instance (why not, in words: a
    /// trace of another instance, a row off the board).
    fn read_state(
        problem: &Self::Problem,
        view: Self::StateView,
    ) -> Result<<Self::Problem as LocalProblem>::State, String>;

    /// A state drawn as an SVG document, for the replay (the n-queens: the board with its
    /// attacking pairs marked).
    fn state_svg(problem: &Self::Problem, state: &<Self::Problem as LocalProblem>::State) -> String;
}
