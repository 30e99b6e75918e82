//! The engine's memory of keys: a hash map, or a flat table for dense key spaces.

use rustc_hash::FxHashMap;

use crate::events::NodeId;
use crate::KeySpace;

/// Marks an empty slot of a dense table; never a node id (see `engine::MAX_NODES`).
const EMPTY: NodeId = NodeId::MAX;

/// Maps keys to the node that holds them.
pub(crate) enum KeyTable<K> {
    Hashed(FxHashMap<K, NodeId>),
    Dense { slots: Vec<NodeId>, index: fn(&K) -> usize },
}

impl<K: Clone + Eq + std::hash::Hash> KeyTable<K> {
    pub(crate) fn new(space: KeySpace<K>) -> Self {
        match space {
            KeySpace::Hashed => KeyTable::Hashed(FxHashMap::default()),
            KeySpace::Dense { size, index } => KeyTable::Dense { slots: vec![EMPTY; size], index },
        }
    }

    #[inline]
    pub(crate) fn get(&self, key: &K) -> Option<NodeId> {
        match self {
            KeyTable::Hashed(map) => map.get(key).copied(),
            KeyTable::Dense { slots, index } => {
                let i = index(key);
                let id = *slots.get(i).unwrap_or_else(|| out_of_range(i, slots.len()));
                (id != EMPTY).then_some(id)
            }
        }
    }

    #[inline]
    pub(crate) fn insert(&mut self, key: K, node: NodeId) {
        debug_assert_ne!(node, EMPTY, "node ids stop below the empty marker");
        match self {
            KeyTable::Hashed(map) => {
                map.insert(key, node);
            }
            KeyTable::Dense { slots, index } => {
                let i = index(&key);
                let size = slots.len();
                *slots.get_mut(i).unwrap_or_else(|| out_of_range(i, size)) = node;
            }
        }
    }
}

/// A dense index function broke its contract: a programming error of the problem.
#[cold]
#[inline(never)]
fn out_of_range(index: usize, size: usize) -> ! {
    panic!("KeySpace::Dense index function returned {index}, outside 0..{size}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dense_table_stores_and_finds() {
        let mut t: KeyTable<u8> = KeyTable::new(KeySpace::Dense { size: 4, index: |k| *k as usize });
        assert_eq!(t.get(&2), None);
        t.insert(2, 7);
        assert_eq!(t.get(&2), Some(7));
        assert_eq!(t.get(&3), None);
    }

    #[test]
    #[should_panic(expected = "KeySpace::Dense index function returned 4, outside 0..4")]
    fn dense_index_out_of_range_panics_clearly() {
        let t: KeyTable<u8> = KeyTable::new(KeySpace::Dense { size: 4, index: |k| *k as usize });
        t.get(&4);
    }
}
