//! The compile-time hook into the IDA* loop: every call sits behind `if O::ENABLED`, a constant,
//! so an unobserved search compiles to the loop without hooks.

use searchlab_npuzzle::Direction;

/// Hooks into the sequential IDA* loop ([`crate::ida::ida_star_observed`]): the search calls them as it goes,
/// so an observer sees the very search that answers, node for node.
///
/// Boards are passed in *label* form (each tile named after its goal cell, see [`crate::LabelBoard`]).
/// Every method has an empty default; with [`IdaObserver::ENABLED`] `false` the search does not
/// even compute the arguments (the checks are on a constant, so no branch or call is left in the
/// compiled loop: [`crate::ida::ida_star`] runs with [`NoIdaObserver`]).
pub trait IdaObserver {
    /// Whether the search reports to this observer at all.
    const ENABLED: bool = true;

    /// The search starts from `board` (called once, before the first iteration).
    #[inline(always)]
    fn start(&mut self, board: &[u8]) {
        let _ = board;
    }

    /// A new iteration with this bound on f = g + h begins at the root.
    #[inline(always)]
    fn iteration(&mut self, bound: u32) {
        let _ = bound;
    }

    /// The search entered a node (the root of an iteration, or the child last reported by
    /// [`IdaObserver::generated`]) `depth` moves from the root, with heuristic value `h`.
    #[inline(always)]
    fn selected(&mut self, board: &[u8], depth: u32, h: u32) {
        let _ = (board, depth, h);
    }

    /// The goal test of the node just selected.
    #[inline(always)]
    fn goal_test(&mut self, is_goal: bool) {
        let _ = is_goal;
    }

    /// A child of the current node, `depth` moves from the root, reached by the blank's move
    /// `action`, survived the bound (g + h ≤ bound); the search enters it next.
    #[inline(always)]
    fn generated(&mut self, board: &[u8], action: Direction, depth: u32, h: u32) {
        let _ = (board, action, depth, h);
    }

    /// A child of the current node was pruned: its f = g + h exceeds the bound.
    #[inline(always)]
    fn over_bound(&mut self, board: &[u8], action: Direction, depth: u32) {
        let _ = (board, action, depth);
    }

    /// The search leaves the node `depth` moves from the root on the current path, which was
    /// expanded (counted in [`crate::ida::Counts::expanded`]); called after its subtree, also when a goal was
    /// found or the search stops below it.
    #[inline(always)]
    fn expanded(&mut self, depth: u32) {
        let _ = depth;
    }

    /// Asked before each expansion; `true` stops the search there (it then ends with
    /// [`crate::IdaOutcome::LimitReached`], or [`crate::IdaOutcome::Interrupted`] if the stop flag is also raised).
    #[inline(always)]
    fn should_stop(&mut self) -> bool {
        false
    }
}

/// The observer of an unobserved search: reports nothing, costs nothing.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoIdaObserver;

impl IdaObserver for NoIdaObserver {
    const ENABLED: bool = false;
}

impl<O: IdaObserver + ?Sized> IdaObserver for &mut O {
    const ENABLED: bool = O::ENABLED;

    #[inline(always)]
    fn start(&mut self, board: &[u8]) {
        (**self).start(board)
    }

    #[inline(always)]
    fn iteration(&mut self, bound: u32) {
        (**self).iteration(bound)
    }

    #[inline(always)]
    fn selected(&mut self, board: &[u8], depth: u32, h: u32) {
        (**self).selected(board, depth, h)
    }

    #[inline(always)]
    fn goal_test(&mut self, is_goal: bool) {
        (**self).goal_test(is_goal)
    }

    #[inline(always)]
    fn generated(&mut self, board: &[u8], action: Direction, depth: u32, h: u32) {
        (**self).generated(board, action, depth, h)
    }

    #[inline(always)]
    fn over_bound(&mut self, board: &[u8], action: Direction, depth: u32) {
        (**self).over_bound(board, action, depth)
    }

    #[inline(always)]
    fn expanded(&mut self, depth: u32) {
        (**self).expanded(depth)
    }

    #[inline(always)]
    fn should_stop(&mut self) -> bool {
        (**self).should_stop()
    }
}
