//! What a local search reports as it runs, for a replay: where it starts, each move it makes
//! (down, sideways or up the value), and why it stops.

use serde::{Deserialize, Serialize};

/// One thing a local strategy did. A climb begins with [`LocalEvent::Start`] and ends with
/// [`LocalEvent::End`]; random-restart hill-climbing makes several climbs, local beam search
/// reports the best state of its beam.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum LocalEvent<'a, S> {
    /// A climb starts from `state` (a restart's fresh random state too).
    Start {
        /// The starting state.
        state: &'a S,
        /// Its value.
        value: u64,
    },
    /// The search moved to `state`.
    Move {
        /// The new current state.
        state: &'a S,
        /// Its value.
        value: u64,
        /// Whether the value went down, stayed, or went up.
        kind: MoveKind,
        /// Simulated annealing's temperature when it moved.
        temperature: Option<f64>,
    },
    /// The climb stopped.
    End {
        /// Why.
        reason: StopReason,
    },
}

/// Which way a move took the value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MoveKind {
    /// To a lower value.
    Downhill,
    /// To an equal value (a plateau).
    Sideways,
    /// To a higher value (simulated annealing's accepted worse move).
    Uphill,
}

impl MoveKind {
    /// The kind of a move from `before` to `after`.
    pub fn of(before: u64, after: u64) -> MoveKind {
        match after.cmp(&before) {
            std::cmp::Ordering::Less => MoveKind::Downhill,
            std::cmp::Ordering::Equal => MoveKind::Sideways,
            std::cmp::Ordering::Greater => MoveKind::Uphill,
        }
    }
}

/// Why a climb stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StopReason {
    /// The value is 0.
    Solved,
    /// No neighbour is better (a local minimum, or a plateau with no sideways move allowed).
    NoBetterNeighbour,
    /// Only equal neighbours, and the sideways moves allowed in a row are used up.
    SidewaysUsedUp,
    /// First-choice hill-climbing drew its tries without finding a better neighbour.
    TriesUsedUp,
    /// Simulated annealing's schedule ended (its last step, or the temperature's floor).
    Cooled,
    /// The state has no neighbour.
    NoNeighbour,
    /// The most moves were made.
    StepLimit,
    /// The observer asked to stop ([`LocalObserver::should_stop`]: a replay's recording full,
    /// a request cancelled).
    Stopped,
}

impl StopReason {
    /// The reason in words.
    pub fn words(self) -> &'static str {
        match self {
            StopReason::Solved => "solved",
            StopReason::NoBetterNeighbour => "stuck: no neighbour is better",
            StopReason::SidewaysUsedUp => "stuck on a plateau: the sideways moves allowed are used up",
            StopReason::TriesUsedUp => "stuck: no better neighbour among the random tries",
            StopReason::Cooled => "the schedule ended",
            StopReason::NoNeighbour => "no neighbour",
            StopReason::StepLimit => "stopped at the move limit",
            StopReason::Stopped => "stopped: the recording is full or was cancelled",
        }
    }
}

/// Told every [`LocalEvent`]. A closure `FnMut(&LocalEvent<S>)` is one.
pub trait LocalObserver<S> {
    /// One event, as it happens.
    fn on_local(&mut self, event: &LocalEvent<'_, S>);

    /// Whether the search should stop now, asked before each move (a replay's recording that
    /// is full, a cancelled request). Never, by default.
    fn should_stop(&self) -> bool {
        false
    }

    /// Run `run` (from 1) of [`crate::local::run_many_with`] begins: its events follow.
    /// Nothing, by default.
    fn on_run(&mut self, _run: u64) {}
}

impl<S, F: FnMut(&LocalEvent<'_, S>)> LocalObserver<S> for F {
    fn on_local(&mut self, event: &LocalEvent<'_, S>) {
        self(event)
    }
}

/// The observer that ignores everything (what the plain strategy functions use).
#[derive(Debug, Clone, Copy, Default)]
pub struct NoLocalObserver;

impl<S> LocalObserver<S> for NoLocalObserver {
    fn on_local(&mut self, _: &LocalEvent<'_, S>) {}
}

/// Why a climb must stop before its next move, if it must: its value is 0, it has made
/// `max_steps` moves (`steps`), or its observer asks it to.
pub(crate) fn must_stop<S>(
    value: u64,
    steps: u64,
    max_steps: u64,
    observer: &dyn LocalObserver<S>,
) -> Option<StopReason> {
    if value == 0 {
        Some(StopReason::Solved)
    } else if steps >= max_steps {
        Some(StopReason::StepLimit)
    } else if observer.should_stop() {
        Some(StopReason::Stopped)
    } else {
        None
    }
}
