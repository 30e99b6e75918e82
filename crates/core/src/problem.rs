//! The one abstraction every search strategy works on.

use std::hash::Hash;

/// How the engine remembers which nodes it has seen.
///
/// Most problems use [`KeySpace::Hashed`]. A problem whose keys map onto a small range
/// `0..n` (the 3-digit puzzle: 4,000 keys; the 8-puzzle by permutation rank: 362,880)
/// can answer [`KeySpace::Dense`] and implement [`Problem::dense_index`]; the engine then
/// uses a flat table instead of a hash map, which is several times faster.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeySpace {
    /// Keys are hashed (the default).
    Hashed,
    /// Keys map onto `0..n` through [`Problem::dense_index`].
    Dense(usize),
}

/// A state-space search problem: where to start, what follows a state (in a fixed order),
/// when a state is a goal, and an optional heuristic.
///
/// The search functions of this crate take a problem by reference and never change it;
/// everything they learn lives inside the search.
///
/// # Example
///
/// Counting up to a target, by +1 or ×2 steps:
///
/// ```
/// use searchlab_core::{Problem, breadth_first_search, SearchOptions};
///
/// struct Reach(u32);
///
/// impl Problem for Reach {
///     type State = u32;
///     type Action = &'static str;
///     type Key = u32;
///     fn initial_state(&self) -> u32 { 1 }
///     fn successors(&self, s: &u32, out: &mut Vec<(&'static str, u32)>) {
///         out.push(("+1", s + 1));
///         out.push(("*2", s * 2));
///     }
///     fn is_goal(&self, s: &u32) -> bool { *s == self.0 }
///     fn key(&self, s: &u32) -> u32 { *s }
/// }
///
/// let result = breadth_first_search(&Reach(10), &SearchOptions::graph_search());
/// let actions: Vec<_> = result.solution().unwrap().actions().copied().collect();
/// assert_eq!(actions, ["+1", "*2", "+1", "*2"]); // 1 → 2 → 4 → 5 → 10
/// ```
pub trait Problem {
    /// A state of the problem.
    type State: Clone;
    /// What leads from a state to one of its successors (a move name, an operator, …).
    type Action: Clone;
    /// What decides whether two nodes are "the same" for duplicate detection.
    type Key: Clone + Eq + Hash;

    /// The state the search starts from.
    fn initial_state(&self) -> Self::State;

    /// Appends the successors of `state` to `out`, in the order the search must consider
    /// them. `out` is empty when called; the engine reuses it, so no allocation per node.
    fn successors(&self, state: &Self::State, out: &mut Vec<(Self::Action, Self::State)>);

    /// Whether `state` is a goal.
    fn is_goal(&self, state: &Self::State) -> bool;

    /// The key of `state`: two nodes with equal keys are duplicates of each other.
    fn key(&self, state: &Self::State) -> Self::Key;

    /// An estimate of the cost from `state` to the nearest goal (0 by default).
    ///
    /// A* returns optimal paths when this never overestimates (admissible) and, with a
    /// duplicate policy that skips seen states, when it is also consistent.
    fn heuristic(&self, _state: &Self::State) -> u64 {
        0
    }

    /// The cost of the step `from --action--> to` (1 by default).
    fn step_cost(&self, _from: &Self::State, _action: &Self::Action, _to: &Self::State) -> u64 {
        1
    }

    /// How keys are stored; see [`KeySpace`].
    fn key_space(&self) -> KeySpace {
        KeySpace::Hashed
    }

    /// The index of `key` in `0..n` when [`Problem::key_space`] is [`KeySpace::Dense`]`(n)`.
    ///
    /// Never called for [`KeySpace::Hashed`] problems. Must be below `n` and differ for
    /// different keys.
    fn dense_index(&self, _key: &Self::Key) -> usize {
        0
    }
}
