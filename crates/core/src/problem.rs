//! The one abstraction every search strategy works on.

use std::hash::Hash;

/// How the engine remembers which nodes it has seen.
///
/// Most problems use [`KeySpace::Hashed`] (the default of [`Problem::key_space`]). A
/// problem whose keys map onto a small range `0..size` (the 3-digit puzzle: 4,000 keys;
/// the 8-puzzle by permutation rank: 181,440) answers [`KeySpace::Dense`] with that size
/// *and* the function that maps a key to its index: the engine then uses a flat table
/// instead of a hash map, which is several times faster. The two come together, so a
/// dense key space cannot be declared without its index.
///
/// The index is a plain function of the key (no captured data): a key must carry what its
/// index needs. It must be below `size` and differ for different keys; the engine checks
/// the first (see `# Panics` on the search functions) but cannot check the second, and two
/// keys sharing an index are treated as the same node.
///
/// # Example
///
/// ```
/// use searchlab_core::KeySpace;
///
/// // Pairs of bytes, as the water-jug example stores them.
/// let dense: KeySpace<[u8; 2]> = KeySpace::Dense { size: 256 * 256, index: |k| k[0] as usize * 256 + k[1] as usize };
/// assert_eq!(dense.size(), Some(65_536));
/// assert_eq!(KeySpace::<[u8; 2]>::Hashed.size(), None);
/// ```
pub enum KeySpace<K> {
    /// Keys are hashed (the default).
    Hashed,
    /// Keys map onto `0..size` through `index`.
    Dense {
        /// How many indices there are.
        size: usize,
        /// The index of a key, below `size`, different for different keys.
        index: fn(&K) -> usize,
    },
}

impl<K> KeySpace<K> {
    /// The number of indices of a dense key space, `None` for a hashed one.
    pub fn size(&self) -> Option<usize> {
        match self {
            KeySpace::Hashed => None,
            KeySpace::Dense { size, .. } => Some(*size),
        }
    }

    /// The index of `key` in a dense key space, `None` for a hashed one.
    pub fn index_of(&self, key: &K) -> Option<usize> {
        match self {
            KeySpace::Hashed => None,
            KeySpace::Dense { index, .. } => Some(index(key)),
        }
    }
}

// By hand: derives would demand `K: Clone` (and so on) although only a fn pointer is held.
impl<K> Clone for KeySpace<K> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<K> Copy for KeySpace<K> {}

impl<K> std::fmt::Debug for KeySpace<K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            KeySpace::Hashed => f.write_str("Hashed"),
            KeySpace::Dense { size, .. } => f.debug_struct("Dense").field("size", size).finish_non_exhaustive(),
        }
    }
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
/// let result = breadth_first_search(&Reach(10), &SearchOptions::default());
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

    /// The goal state, for a problem that can also be searched backward from its goal
    /// (bidirectional search); `None` by default. Give it together with
    /// [`Problem::predecessors`].
    fn goal_state(&self) -> Option<Self::State> {
        None
    }

    /// Appends the predecessors of `state` to `out`: each `(action, before)` such that
    /// `(action, state)` is among the successors of `before`. Only bidirectional search calls
    /// it, from [`Problem::goal_state`]; nothing by default.
    fn predecessors(&self, _state: &Self::State, _out: &mut Vec<(Self::Action, Self::State)>) {}

    /// How keys are stored; see [`KeySpace`] (hashed by default).
    fn key_space(&self) -> KeySpace<Self::Key> {
        KeySpace::Hashed
    }
}
