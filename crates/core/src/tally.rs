//! Counts some graders derive that the engine's [`crate::Stats`] leave out, tallied from the
//! engine's events by an observer, so that a search without it pays nothing for them.

use crate::events::{DiscardReason, Event, NodeId, Observer};
use crate::Problem;

/// An [`Observer`] counting what course programs report under other definitions than the
/// graders': nodes pushed, and the deepest node expanded or generated.
///
/// ```
/// use searchlab_core::{search_with, SearchOptions, Strategy, Tally};
/// # use searchlab_core::Problem;
/// # struct Line;
/// # impl Problem for Line {
/// #     type State = u8; type Action = (); type Key = u8;
/// #     fn initial_state(&self) -> u8 { 0 }
/// #     fn successors(&self, s: &u8, out: &mut Vec<((), u8)>) { if *s < 3 { out.push(((), s + 1)); } }
/// #     fn is_goal(&self, s: &u8) -> bool { *s == 3 }
/// #     fn key(&self, s: &u8) -> u8 { *s }
/// # }
/// let mut tally = Tally::default();
/// search_with(&Line, Strategy::BreadthFirst, &SearchOptions::default(), &mut tally);
/// assert_eq!((tally.pushed, tally.max_depth_expanded, tally.max_depth_generated), (3, 2, 3));
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    /// Children added to the frontier (the root not counted; a node re-pushed by a
    /// decrease-key counts again). Under a goal test on generation, the children generated
    /// before the goal in the last expansion count (a program pushes each child as it comes)
    /// and the goal does not (it never enters the frontier).
    pub pushed: u64,
    /// The depth of the deepest node expanded (its successors generated; the goal is not,
    /// the node whose child was found to be the goal on generation is).
    pub max_depth_expanded: u64,
    /// The depth of the deepest successor generated, whether or not it then entered the
    /// frontier (0 when nothing was generated).
    pub max_depth_generated: u64,
    /// Whether the goal was found when it was generated (goal test on generation), so it
    /// never left the frontier; false when the root is the goal.
    pub goal_generated: bool,
    /// The depth of the node being expanded.
    current: u64,
    /// The node being expanded (none before the first selection of an iteration).
    selected: Option<NodeId>,
}

impl<P: Problem + ?Sized> Observer<P> for Tally {
    fn on_event(&mut self, event: &Event<'_, P>) {
        match event {
            Event::Iteration { .. } | Event::Bound { .. } => self.selected = None,
            Event::Selected { node, depth, .. } => {
                self.current = *depth;
                self.selected = Some(*node);
            }
            Event::Generated { depth, .. } => {
                self.pushed += 1;
                self.max_depth_generated = self.max_depth_generated.max(*depth);
            }
            Event::GoalTest { node, is_goal: true } if self.selected.is_some_and(|s| s != *node) => {
                // A child found to be the goal when generated: it is not pushed, and the
                // search stops inside its parent's expansion.
                self.goal_generated = true;
                self.pushed = self.pushed.saturating_sub(1);
                self.max_depth_expanded = self.max_depth_expanded.max(self.current);
            }
            Event::Improved { depth, .. } => {
                self.pushed += 1;
                self.max_depth_generated = self.max_depth_generated.max(*depth);
            }
            Event::Discarded { reason: DiscardReason::InFrontier | DiscardReason::Explored, .. } => {
                self.max_depth_generated = self.max_depth_generated.max(self.current + 1);
            }
            Event::Expanded { .. } => self.max_depth_expanded = self.max_depth_expanded.max(self.current),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{search_with, GoalTest, SearchOptions, Strategy};

    /// The binary tree of 0..15 (children 2s + 1 and 2s + 2), goal `self.0`.
    struct Tree(u8);

    impl Problem for Tree {
        type State = u8;
        type Action = ();
        type Key = u8;
        fn initial_state(&self) -> u8 {
            0
        }
        fn successors(&self, s: &u8, out: &mut Vec<((), u8)>) {
            out.extend([2 * s + 1, 2 * s + 2].into_iter().filter(|c| *c < 15).map(|c| ((), c)));
        }
        fn is_goal(&self, s: &u8) -> bool {
            *s == self.0
        }
        fn key(&self, s: &u8) -> u8 {
            *s
        }
    }

    fn tally(goal: u8, goal_test: GoalTest) -> Tally {
        let mut tally = Tally::default();
        let options = SearchOptions { goal_test, ..SearchOptions::default() };
        search_with(&Tree(goal), Strategy::BreadthFirst, &options, &mut tally);
        tally
    }

    /// Worked by hand: BFS selects 0, 1, 2, 3, then 4 is the goal; 1..=8 were pushed.
    #[test]
    fn counts_on_selection() {
        let t = tally(4, GoalTest::OnSelection);
        assert_eq!((t.pushed, t.max_depth_expanded, t.max_depth_generated, t.goal_generated), (8, 2, 3, false));
    }

    /// On generation: 0 pushes 1 and 2; 1 pushes 3, then its child 4 is the goal, never
    /// pushed; 1 (depth 1) was being expanded.
    #[test]
    fn counts_the_last_expansion_when_the_goal_is_generated() {
        let t = tally(4, GoalTest::OnGeneration);
        assert_eq!((t.pushed, t.max_depth_expanded, t.max_depth_generated, t.goal_generated), (3, 1, 2, true));
    }

    #[test]
    fn a_root_goal_is_not_generated() {
        for goal_test in [GoalTest::OnSelection, GoalTest::OnGeneration] {
            let t = tally(0, goal_test);
            assert_eq!((t.pushed, t.max_depth_expanded, t.max_depth_generated, t.goal_generated), (0, 0, 0, false));
        }
    }
}
