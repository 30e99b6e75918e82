//! What iterative deepening carries from one iteration to the next under
//! [`IdsMemory::KeepsExpanded`] and [`IdsMemory::StaleChildren`]: the keys selected in
//! earlier iterations.

use crate::table::KeyTable;
use crate::{IdsMemory, KeySpace};

/// What the memory says about a node just selected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Recall {
    /// Not selected in an earlier iteration (or the start, or no memory): as usual.
    New,
    /// [`IdsMemory::KeepsExpanded`]: discard it.
    Discard,
    /// [`IdsMemory::StaleChildren`]: select it, but generate no children.
    Childless,
}

/// The keys selected in earlier iterations, and those of the running one.
pub(crate) struct Carry<K> {
    memory: IdsMemory,
    space: KeySpace<K>,
    earlier: KeyTable<K>,
    running: Vec<K>,
}

impl<K: Clone + Eq + std::hash::Hash> Carry<K> {
    /// An empty memory of kind `memory` over the problem's key space.
    pub(crate) fn new(memory: IdsMemory, space: KeySpace<K>) -> Self {
        Carry { memory, space, earlier: KeyTable::new(space), running: Vec::new() }
    }

    /// Node `key` is being selected (`root`: it is the start of the iteration); what to do.
    /// A node kept (not discarded) is remembered for the next iterations.
    pub(crate) fn recall(&mut self, key: K, root: bool) -> Recall {
        let seen = !root && self.earlier.get(self.space, &key).is_some();
        let recall = match (seen, self.memory) {
            (true, IdsMemory::KeepsExpanded) => return Recall::Discard,
            (true, IdsMemory::StaleChildren) => Recall::Childless,
            _ => Recall::New,
        };
        self.running.push(key);
        recall
    }

    /// The running iteration ended: what it selected is now an earlier iteration's.
    pub(crate) fn end_iteration(&mut self) {
        for key in self.running.drain(..) {
            self.earlier.insert(self.space, key, 0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_earlier_iterations_count_and_the_start_is_exempt() {
        for (memory, again) in
            [(IdsMemory::KeepsExpanded, Recall::Discard), (IdsMemory::StaleChildren, Recall::Childless)]
        {
            let mut c: Carry<u8> = Carry::new(memory, KeySpace::Hashed);
            assert_eq!(c.recall(1, true), Recall::New);
            assert_eq!(c.recall(2, false), Recall::New);
            assert_eq!(c.recall(2, false), Recall::New, "the same iteration");
            c.end_iteration();
            assert_eq!(c.recall(1, true), Recall::New);
            assert_eq!(c.recall(2, false), again);
            assert_eq!(c.recall(3, false), Recall::New);
        }
    }
}
