//! The engine's memory of keys: a hash map, or a flat table for dense key spaces.

use rustc_hash::FxHashMap;

use crate::events::NodeId;
use crate::KeySpace;

/// Marks an empty slot of a dense table; never a node id (see `engine::MAX_NODES`).
const EMPTY: NodeId = NodeId::MAX;

/// Maps keys to the node that holds them.
///
/// A dense table holds only its slots: the index function comes with every call, from the
/// problem's [`KeySpace`], so that the loop keeps it as a known function it can inline
/// rather than a pointer loaded from memory.
pub(crate) enum KeyTable<K> {
    Hashed(FxHashMap<K, NodeId>),
    Dense(Vec<NodeId>),
}

impl<K: Clone + Eq + std::hash::Hash> KeyTable<K> {
    pub(crate) fn new(space: KeySpace<K>) -> Self {
        match space {
            KeySpace::Hashed => KeyTable::Hashed(FxHashMap::default()),
            KeySpace::Dense { size, .. } => KeyTable::Dense(vec![EMPTY; size]),
        }
    }

    /// The node holding `key`; `space` is the one the table was made from.
    #[inline]
    pub(crate) fn get(&self, space: KeySpace<K>, key: &K) -> Option<NodeId> {
        match self {
            KeyTable::Hashed(map) => map.get(key).copied(),
            KeyTable::Dense(slots) => {
                let i = dense_index(space, key);
                let id = *slots.get(i).unwrap_or_else(|| out_of_range(i, slots.len()));
                (id != EMPTY).then_some(id)
            }
        }
    }

    /// Records that `node` holds `key`; `space` is the one the table was made from.
    #[inline]
    pub(crate) fn insert(&mut self, space: KeySpace<K>, key: K, node: NodeId) {
        debug_assert_ne!(node, EMPTY, "node ids stop below the empty marker");
        match self {
            KeyTable::Hashed(map) => insert_hashed(map, key, node),
            KeyTable::Dense(slots) => {
                let i = dense_index(space, &key);
                let size = slots.len();
                *slots.get_mut(i).unwrap_or_else(|| out_of_range(i, size)) = node;
            }
        }
    }
}

/// The hashed insertion, kept out of line so that [`KeyTable::insert`] stays small enough
/// for the loop to inline its dense case.
#[inline(never)]
fn insert_hashed<K: Eq + std::hash::Hash>(map: &mut FxHashMap<K, NodeId>, key: K, node: NodeId) {
    map.insert(key, node);
}

/// The index of `key` in the dense `space` a dense table was made from.
#[inline]
fn dense_index<K>(space: KeySpace<K>, key: &K) -> usize {
    match space {
        KeySpace::Dense { index, .. } => index(key),
        KeySpace::Hashed => not_dense(),
    }
}

/// A dense table was used with a hashed key space: a programming error of the engine.
#[cold]
#[inline(never)]
fn not_dense() -> ! {
    panic!("a dense key table was given a hashed key space")
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
        let space: KeySpace<u8> = KeySpace::Dense { size: 4, index: |k| *k as usize };
        let mut t = KeyTable::new(space);
        assert_eq!(t.get(space, &2), None);
        t.insert(space, 2, 7);
        assert_eq!(t.get(space, &2), Some(7));
        assert_eq!(t.get(space, &3), None);
    }

    #[test]
    #[should_panic(expected = "KeySpace::Dense index function returned 4, outside 0..4")]
    fn dense_index_out_of_range_panics_clearly() {
        let space: KeySpace<u8> = KeySpace::Dense { size: 4, index: |k| *k as usize };
        KeyTable::new(space).get(space, &4);
    }
}
