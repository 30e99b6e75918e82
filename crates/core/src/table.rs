//! The engine's memory of keys: a hash map, or a flat table for dense key spaces.

use rustc_hash::FxHashMap;

use crate::events::NodeId;
use crate::{KeySpace, Problem};

const EMPTY: NodeId = NodeId::MAX;

/// Maps keys to the node that holds them.
pub(crate) enum KeyTable<K> {
    Hashed(FxHashMap<K, NodeId>),
    Dense(Vec<NodeId>),
}

impl<K: Clone + Eq + std::hash::Hash> KeyTable<K> {
    pub(crate) fn new<P: Problem<Key = K> + ?Sized>(problem: &P) -> Self {
        match problem.key_space() {
            KeySpace::Hashed => KeyTable::Hashed(FxHashMap::default()),
            KeySpace::Dense(n) => KeyTable::Dense(vec![EMPTY; n]),
        }
    }

    #[inline]
    pub(crate) fn get<P: Problem<Key = K> + ?Sized>(&self, problem: &P, key: &K) -> Option<NodeId> {
        match self {
            KeyTable::Hashed(map) => map.get(key).copied(),
            KeyTable::Dense(table) => {
                let id = table[problem.dense_index(key)];
                (id != EMPTY).then_some(id)
            }
        }
    }

    #[inline]
    pub(crate) fn insert<P: Problem<Key = K> + ?Sized>(&mut self, problem: &P, key: K, node: NodeId) {
        match self {
            KeyTable::Hashed(map) => {
                map.insert(key, node);
            }
            KeyTable::Dense(table) => {
                let i = problem.dense_index(&key);
                table[i] = node;
            }
        }
    }
}
