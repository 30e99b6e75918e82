//! Tests of the search loop's limits.

use super::*;
use crate::frontier::Fifo;
use crate::limits::{node_capacity, MAX_NODES};

/// Counting up from 0 by +1 and +2, no goal: never runs out of nodes.
struct Count;

impl Problem for Count {
    type State = u64;
    type Action = ();
    type Key = u64;
    fn initial_state(&self) -> u64 {
        0
    }
    fn successors(&self, s: &u64, out: &mut Vec<((), u64)>) {
        out.extend([((), s + 1), ((), s + 2)]);
    }
    fn is_goal(&self, _: &u64) -> bool {
        false
    }
    fn key(&self, s: &u64) -> u64 {
        *s
    }
}

#[test]
fn node_capacity_never_exceeds_the_ids() {
    assert_eq!(MAX_NODES, 4_294_967_295);
    assert_eq!(node_capacity(None), MAX_NODES);
    assert_eq!(node_capacity(Some(10)), 10);
    assert_eq!(node_capacity(Some(u64::MAX)), MAX_NODES);
    assert_eq!(node_capacity(Some(MAX_NODES + 1)), MAX_NODES);
}

#[test]
fn running_out_of_ids_stops_with_the_node_limit() {
    // The same check that guards id u32::MAX, with room for 3 ids: root 0, children 1
    // and 2 of the root, then the first child of node 1 would need id 3.
    let options = SearchOptions::default().with_node_limit(3);
    let mut ids = Vec::new();
    let mut observer = |e: &Event<'_, Count>| {
        if let Event::Generated { node, .. } = e {
            ids.push(*node);
        }
    };
    let limits = RunLimits::new(&options, None);
    let (outcome, stats) = run(&Count, &options, &mut Fifo::default(), Evaluation::Depth, limits, &mut observer);
    assert_eq!(outcome, Outcome::LimitReached(Limit::Nodes));
    assert_eq!(ids, [1, 2]);
    assert_eq!(stats.expanded, 2); // the root, then node 1, whose first new child has no id left
    assert_eq!(outcome, Outcome::LimitReached(Limit::Nodes));
}
