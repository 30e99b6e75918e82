//! The puzzle as a search problem: the move rules and the child order of the spec.

use searchlab_core::{KeySpace, Problem};

use crate::{Dialect, Instance, Move, Number, State};

/// The 3-digit puzzle of one [`Instance`], as a [`Problem`] for the search engine.
///
/// Children come in the spec's order — first digit −1, +1, second digit −1, +1, third
/// digit −1, +1 — leaving out moves past 9 or below 0, moves into a forbidden number and
/// moves of the digit changed by the previous move. The heuristic is the Manhattan
/// distance to the goal. Two nodes are the same when they have the same number and changed
/// the same digit; in the 2012 dialect every node with the start's number is the start node.
#[derive(Debug, Clone)]
pub struct DigitsProblem {
    instance: Instance,
    forbidden: Vec<bool>,
    dialect: Dialect,
}

impl DigitsProblem {
    /// The problem of `instance` under the current rules.
    pub fn new(instance: Instance) -> Self {
        Self::with_dialect(instance, Dialect::Current)
    }

    /// The problem of `instance` under `dialect`'s rules.
    pub fn with_dialect(instance: Instance, dialect: Dialect) -> Self {
        let mut forbidden = vec![false; 1000];
        for n in &instance.forbidden {
            forbidden[n.value() as usize] = true;
        }
        DigitsProblem { instance, forbidden, dialect }
    }

    /// The dialect whose rules this problem follows.
    pub fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// The instance this problem was made from.
    pub fn instance(&self) -> &Instance {
        &self.instance
    }

    /// Appends to `out` the children of `state` that the rules leave out only because their
    /// number is forbidden, in the spec's child order.
    ///
    /// The search never sees these children ([`Problem::successors`] filters them out);
    /// this hook lets a trace report them (as discarded, reason "forbidden") without
    /// changing what the search does.
    pub fn forbidden_successors(&self, state: &State, out: &mut Vec<(Move, State)>) {
        self.moves(state, |m, child| {
            if self.forbidden[child.number.value() as usize] {
                out.push((m, child));
            }
        });
    }

    /// Calls `f` with every move that keeps the digits in 0..=9 and does not change the
    /// digit changed last, in the spec's order, forbidden numbers included.
    fn moves(&self, state: &State, mut f: impl FnMut(Move, State)) {
        for digit in 0..3u8 {
            if state.changed == Some(digit) {
                continue;
            }
            for delta in [-1i8, 1] {
                if let Some(number) = state.number.step(digit as usize, delta) {
                    f(Move { digit, delta }, State { number, changed: Some(digit) });
                }
            }
        }
    }
}

impl Problem for DigitsProblem {
    type State = State;
    type Action = Move;
    type Key = State;

    fn initial_state(&self) -> State {
        State { number: self.instance.start, changed: None }
    }

    fn successors(&self, state: &State, out: &mut Vec<(Move, State)>) {
        self.moves(state, |m, child| {
            if !self.forbidden[child.number.value() as usize] {
                out.push((m, child));
            }
        });
    }

    fn is_goal(&self, state: &State) -> bool {
        state.number == self.instance.goal
    }

    fn key(&self, state: &State) -> State {
        if self.dialect.start_number_is_start_node() && state.number == self.instance.start {
            State { number: state.number, changed: None }
        } else {
            *state
        }
    }

    fn heuristic(&self, state: &State) -> u64 {
        state.number.manhattan(self.instance.goal)
    }

    #[inline]
    fn key_space(&self) -> KeySpace<State> {
        KeySpace::Dense { size: 4000, index: |key| key.index() }
    }
}

/// The numbers of a list of states.
pub(crate) fn numbers<'a>(states: impl IntoIterator<Item = &'a State>) -> Vec<Number> {
    states.into_iter().map(|s| s.number).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(v: u16) -> Number {
        Number::new(v).unwrap()
    }

    #[test]
    fn spec_example_child_order() {
        // "the order of the children of node 678 coming from parent 668 is 578, 778, 677, 679"
        let p = DigitsProblem::new(Instance { start: n(668), goal: n(0), forbidden: vec![] });
        let mut out = Vec::new();
        p.successors(&State { number: n(678), changed: Some(1) }, &mut out);
        let children: Vec<u16> = out.iter().map(|(_, s)| s.number.value()).collect();
        assert_eq!(children, [578, 778, 677, 679]);
    }

    #[test]
    fn the_2012_dialect_keys_the_start_number_as_the_start() {
        let instance = Instance { start: n(0), goal: n(1), forbidden: vec![] };
        let back = State { number: n(0), changed: Some(2) };
        let current = DigitsProblem::new(instance.clone());
        assert_ne!(current.key(&back), current.key(&current.initial_state()));
        let old = DigitsProblem::with_dialect(instance, Dialect::Y2012);
        assert_eq!(old.key(&back), old.key(&old.initial_state()));
        let other = State { number: n(10), changed: Some(1) };
        assert_eq!(old.key(&other), other);
    }

    #[test]
    fn start_has_up_to_six_children_and_respects_bounds_and_forbidden() {
        let p = DigitsProblem::new(Instance { start: n(90), goal: n(0), forbidden: vec![n(190)] });
        let mut out = Vec::new();
        p.successors(&p.initial_state(), &mut out);
        let children: Vec<u16> = out.iter().map(|(_, s)| s.number.value()).collect();
        // 0-1 on the first digit, 9+1 on the second and 0-1 on the third are impossible;
        // 190 is forbidden.
        assert_eq!(children, [80, 91]);
        let mut rejected = Vec::new();
        p.forbidden_successors(&p.initial_state(), &mut rejected);
        let rejected: Vec<u16> = rejected.iter().map(|(_, s)| s.number.value()).collect();
        assert_eq!(rejected, [190]);
    }
}
