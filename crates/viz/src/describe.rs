//! How a puzzle's states and moves are written in a trace.

use searchlab_core::Problem;
use searchlab_threedigits::{DigitsProblem, Move, Number, State};
use serde::Serialize;

/// A [`Problem`] whose states and actions can be shown: what a trace writes for each.
///
/// Implemented here for the puzzles of this workspace; a new puzzle implements it to get
/// `--trace`, reports and replays for free.
pub trait Describe: Problem {
    /// What a state looks like in a trace.
    type StateView: Serialize;
    /// What an action looks like in a trace.
    type ActionView: Serialize;

    /// The trace's view of `state`.
    fn view_state(&self, state: &Self::State) -> Self::StateView;

    /// The trace's view of `action`.
    fn view_action(&self, action: &Self::Action) -> Self::ActionView;

    /// Appends the children of `state` that the puzzle's rules rejected before the engine
    /// saw them (the 3-digit puzzle's forbidden numbers). The trace reports each as
    /// discarded with reason `forbidden`, just before the node's `expanded` event. None by
    /// default.
    fn rejected_children(&self, _state: &Self::State, _out: &mut Vec<Self::State>) {}
}

/// A 3-digit puzzle state in a trace: `{"number": "320", "changed": 1}` (`changed` is the
/// digit the move into the node changed, 0 = first; `null` at the start).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct DigitsState {
    /// The number, as three digits.
    pub number: Number,
    /// The digit changed by the move into this node.
    pub changed: Option<u8>,
}

impl Describe for DigitsProblem {
    type StateView = DigitsState;
    type ActionView = Move;

    fn view_state(&self, state: &State) -> DigitsState {
        DigitsState { number: state.number, changed: state.changed }
    }

    fn view_action(&self, action: &Move) -> Move {
        *action
    }

    fn rejected_children(&self, state: &State, out: &mut Vec<State>) {
        let mut moves = Vec::new();
        self.forbidden_successors(state, &mut moves);
        out.extend(moves.into_iter().map(|(_, s)| s));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use searchlab_threedigits::parse_instance;

    #[test]
    fn digits_states_and_moves_serialize_as_documented() {
        let p = DigitsProblem::new(parse_instance(b"320\n110\n220\n").unwrap());
        let root = p.initial_state();
        assert_eq!(serde_json::to_string(&p.view_state(&root)).unwrap(), r#"{"number":"320","changed":null}"#);
        let m = Move { digit: 0, delta: -1 };
        assert_eq!(serde_json::to_string(&p.view_action(&m)).unwrap(), r#"{"digit":0,"delta":-1}"#);
        // 320's children in spec order are 220, 420, 310, 330, 319, 321; 220 is forbidden.
        let mut rejected = Vec::new();
        p.rejected_children(&root, &mut rejected);
        assert_eq!(rejected.iter().map(|s| s.number.value()).collect::<Vec<_>>(), [220]);
    }
}
