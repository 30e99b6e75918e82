//! The expansion count of a search, kept as a countdown to the next poll: `subq $1, mem; jb`
//! per node (two instructions, where an expansion counter compared with the next poll's count
//! took five), the number of expansions recovered from it when asked.

/// Expansions counted down to the next poll.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Countdown {
    /// Expansions before the last poll.
    base: u64,
    /// Expansions the last poll allowed before the next one.
    granted: u64,
    /// Of those, the ones not made yet.
    left: u64,
}

impl Countdown {
    /// Counts one expansion; `true` when none was left, so the caller must poll (the expansion
    /// is then counted by a poll, [`Countdown::grant`]).
    #[inline(always)]
    pub(super) fn tick(&mut self) -> bool {
        let (left, empty) = self.left.overflowing_sub(1);
        self.left = left;
        empty
    }

    /// Takes back the expansion just counted (a node the observer stopped at).
    pub(super) fn untick(&mut self) {
        self.left += 1;
    }

    /// Expansions so far.
    pub(super) fn expanded(&self) -> u64 {
        self.base + self.granted - self.left
    }

    /// At a poll: counts every expansion granted as made and grants none; the expansions so far.
    pub(super) fn settle(&mut self) -> u64 {
        self.base += self.granted;
        (self.granted, self.left) = (0, 0);
        self.base
    }

    /// Grants `room` more expansions (at least 1), the one that polled among them.
    pub(super) fn grant(&mut self, room: u64) {
        (self.granted, self.left) = (room, room - 1);
    }
}
