//! Counts some graders derive that the engine's [`crate::Stats`] leave out, tallied from the
//! engine's events by an observer, so that a search without it pays nothing for them.

use crate::events::{DiscardReason, Event, Observer};
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
    /// decrease-key counts again).
    pub pushed: u64,
    /// The depth of the deepest node expanded (its successors generated; the goal is not).
    pub max_depth_expanded: u64,
    /// The depth of the deepest successor generated, whether or not it then entered the
    /// frontier (0 when nothing was generated).
    pub max_depth_generated: u64,
    /// The depth of the node being expanded.
    current: u64,
}

impl<P: Problem + ?Sized> Observer<P> for Tally {
    fn on_event(&mut self, event: &Event<'_, P>) {
        match event {
            Event::Selected { depth, .. } => self.current = *depth,
            Event::Generated { depth, .. } => self.max_depth_generated = self.max_depth_generated.max(*depth),
            Event::Improved { depth, .. } => {
                self.pushed += 1;
                self.max_depth_generated = self.max_depth_generated.max(*depth);
            }
            Event::Discarded { reason: DiscardReason::InFrontier | DiscardReason::Explored, .. } => {
                self.max_depth_generated = self.max_depth_generated.max(self.current + 1);
            }
            Event::Expanded { children, .. } => {
                self.pushed += children.len() as u64;
                self.max_depth_expanded = self.max_depth_expanded.max(self.current);
            }
            _ => {}
        }
    }
}
