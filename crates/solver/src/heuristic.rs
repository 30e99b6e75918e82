//! The incremental heuristic trait with its `Max`, `Add` and `Zero` building blocks
//! (Manhattan distance and linear conflicts are in `manhattan.rs`, pattern databases in `pdb/`).
//!
//! Boards are in *label* form (every tile renamed after its goal cell), so the goal is the identity
//! arrangement `tiles[c] == c` and a tile's label is its goal cell.

use crate::label::LabelBoard;

/// An admissible heuristic evaluated incrementally along a search path.
///
/// `State` is whatever the heuristic carries from a node to its child (a running sum, per-pattern
/// values); [`Heuristic::moved`] gets the parent's state, the child's board and the tile that moved.
///
/// Implementations must stay sound for any arguments (a safe caller may pass any label or cell);
/// the boards themselves are always valid permutations ([`LabelBoard`]).
pub trait Heuristic<const N: usize>: Sync {
    /// Per-node data carried down the search path.
    type State: Copy + Send;
    /// Whether [`LabelBoard::pos`] must be maintained for this heuristic.
    const USES_POSITIONS: bool;
    /// Whether [`Heuristic::moved`] reads the board at all; when it does not, the search evaluates
    /// a child before touching the board and only applies the move if the child survives.
    const READS_BOARD: bool = true;
    /// Whether IDA* propagates values with BPMX (bidirectional pathmax) for this heuristic; set by
    /// the [`Bpmx`] wrapper.
    const BPMX: bool = false;
    /// The state of a whole board (computed from scratch).
    fn start(&self, b: &LabelBoard<N>) -> Self::State;
    /// The heuristic value of a state.
    fn value(&self, s: &Self::State) -> u32;
    /// The child's state after tile `label` slid from cell `from` to cell `to` (`b` is the child,
    /// or still the parent when [`Heuristic::READS_BOARD`] is false); `Err(lower_bound)` with a
    /// lower bound `> limit` when the child's value exceeds `limit` (implementations may stop
    /// evaluating early then).
    fn moved(
        &self,
        s: &Self::State,
        b: &LabelBoard<N>,
        label: u8,
        from: u8,
        to: u8,
        limit: u32,
    ) -> Result<Self::State, u32>;
    /// A short name such as `manhattan` or `pdb-7-8+reflect`.
    fn name(&self) -> String;
}

/// The larger of two admissible heuristics (admissible; consistent if both are).
#[derive(Debug, Clone)]
pub struct Max<A, B>(pub A, pub B);

impl<const N: usize, A: Heuristic<N>, B: Heuristic<N>> Heuristic<N> for Max<A, B> {
    type State = (A::State, B::State);
    const USES_POSITIONS: bool = A::USES_POSITIONS || B::USES_POSITIONS;
    const READS_BOARD: bool = A::READS_BOARD || B::READS_BOARD;

    fn start(&self, b: &LabelBoard<N>) -> Self::State {
        (self.0.start(b), self.1.start(b))
    }

    #[inline(always)]
    fn value(&self, s: &Self::State) -> u32 {
        self.0.value(&s.0).max(self.1.value(&s.1))
    }

    #[inline(always)]
    fn moved(
        &self,
        s: &Self::State,
        b: &LabelBoard<N>,
        label: u8,
        from: u8,
        to: u8,
        limit: u32,
    ) -> Result<Self::State, u32> {
        let a = self.0.moved(&s.0, b, label, from, to, limit)?;
        let c = self.1.moved(&s.1, b, label, from, to, limit)?;
        Ok((a, c))
    }

    fn name(&self) -> String {
        format!("max({},{})", self.0.name(), self.1.name())
    }
}

/// The sum of two heuristics; admissible only when they count disjoint sets of moves
/// (e.g. disjoint pattern databases whose entries count only their own tiles' moves).
#[derive(Debug, Clone)]
pub struct Add<A, B>(pub A, pub B);

impl<const N: usize, A: Heuristic<N>, B: Heuristic<N>> Heuristic<N> for Add<A, B> {
    type State = (A::State, B::State);
    const USES_POSITIONS: bool = A::USES_POSITIONS || B::USES_POSITIONS;
    const READS_BOARD: bool = A::READS_BOARD || B::READS_BOARD;

    fn start(&self, b: &LabelBoard<N>) -> Self::State {
        (self.0.start(b), self.1.start(b))
    }

    #[inline(always)]
    fn value(&self, s: &Self::State) -> u32 {
        self.0.value(&s.0) + self.1.value(&s.1)
    }

    #[inline(always)]
    fn moved(
        &self,
        s: &Self::State,
        b: &LabelBoard<N>,
        label: u8,
        from: u8,
        to: u8,
        limit: u32,
    ) -> Result<Self::State, u32> {
        let a = self.0.moved(&s.0, b, label, from, to, limit)?;
        let va = self.0.value(&a);
        match self.1.moved(&s.1, b, label, from, to, limit - va) {
            Ok(c) => Ok((a, c)),
            Err(vc) => Err(va + vc),
        }
    }

    fn name(&self) -> String {
        format!("{}+{}", self.0.name(), self.1.name())
    }
}

/// Searches `H` with BPMX (bidirectional pathmax, Felner et al. 2011): IDA* lifts a node's value
/// to a child's value minus one (and a child's to its parent's minus one), and leaves a node as
/// soon as the lifted value exceeds the bound. Values and names are `H`'s; only the search
/// changes. Pays for inconsistent heuristics (dual lookups, [`crate::pdb::DualPdbHeuristic`]).
#[derive(Debug, Clone)]
pub struct Bpmx<H>(pub H);

impl<const N: usize, H: Heuristic<N>> Heuristic<N> for Bpmx<H> {
    type State = H::State;
    const USES_POSITIONS: bool = H::USES_POSITIONS;
    const READS_BOARD: bool = H::READS_BOARD;
    const BPMX: bool = true;

    fn start(&self, b: &LabelBoard<N>) -> Self::State {
        self.0.start(b)
    }

    #[inline(always)]
    fn value(&self, s: &Self::State) -> u32 {
        self.0.value(s)
    }

    #[inline(always)]
    fn moved(
        &self,
        s: &Self::State,
        b: &LabelBoard<N>,
        label: u8,
        from: u8,
        to: u8,
        limit: u32,
    ) -> Result<Self::State, u32> {
        self.0.moved(s, b, label, from, to, limit)
    }

    fn name(&self) -> String {
        self.0.name()
    }
}

/// A heuristic that is always 0 (breadth-first-like IDA*; for tests and as an `Add` identity).
#[derive(Debug, Clone, Copy, Default)]
pub struct Zero;

impl<const N: usize> Heuristic<N> for Zero {
    type State = ();
    const USES_POSITIONS: bool = false;
    const READS_BOARD: bool = false;
    fn start(&self, _b: &LabelBoard<N>) {}
    fn value(&self, _s: &()) -> u32 {
        0
    }
    fn moved(&self, _s: &(), _b: &LabelBoard<N>, _l: u8, _f: u8, _t: u8, _limit: u32) -> Result<(), u32> {
        Ok(())
    }
    fn name(&self) -> String {
        "zero".into()
    }
}
