//! What bounds one run of the search loop: the node capacity, the limits a run starts with
//! (shared across IDS iterations) and what a run reports besides its outcome.

use crate::carry::Carry;
use crate::events::NodeId;
use crate::{LimitCounting, SearchOptions, Stats};

/// The most nodes one run stores: ids run from 0 to `NodeId::MAX - 1`, and `NodeId::MAX`
/// itself marks an empty slot of the key table.
pub(crate) const MAX_NODES: u64 = NodeId::MAX as u64;

/// Limits that may be shared across runs (IDS spends one expansion budget over all its
/// iterations), and what earlier IDS iterations remembered (`carry`, `None` for every other
/// strategy).
pub(crate) struct RunLimits<'a, K> {
    pub(crate) expansions: Option<u64>,
    pub(crate) depth: Option<u64>,
    /// What the expansion limit counts.
    pub(crate) counting: LimitCounting,
    /// The keys selected in earlier IDS iterations, under an [`crate::IdsMemory`] that keeps them.
    pub(crate) carry: Option<&'a mut Carry<K>>,
    /// IDA*'s bound: a child whose priority exceeds it is not added to the frontier.
    pub(crate) bound: Option<u64>,
}

impl<K> RunLimits<'_, K> {
    /// The limits `options` set for one run, with an optional depth limit.
    pub(crate) fn new(options: &SearchOptions, depth: Option<u64>) -> Self {
        RunLimits {
            expansions: options.expansion_limit,
            depth,
            counting: options.limit_counting,
            carry: None,
            bound: None,
        }
    }
}

/// What a run leaves behind besides its outcome: the statistics and, when a bound pruned
/// children, the smallest priority it pruned (IDA*'s next bound).
pub(crate) struct RunReport {
    /// What the run counted.
    pub(crate) stats: Stats,
    /// The smallest priority above [`RunLimits::bound`] among the pruned children.
    pub(crate) next_bound: Option<u64>,
}

/// How many nodes a run may store under `node_limit`: ids must stay below [`MAX_NODES`].
pub(crate) fn node_capacity(node_limit: Option<u64>) -> u64 {
    node_limit.map_or(MAX_NODES, |n| n.min(MAX_NODES))
}
