//! Beam search: best-first on f = g + h with a frontier of at most `width` nodes.

use std::collections::BTreeSet;

use crate::events::{DiscardReason, Event, NoObserver, NodeId, Observer};
use crate::limits::node_capacity;
use crate::node::{Arena, Child};
use crate::table::KeyTable;
use crate::{timed, Limit, Outcome, Problem, SearchOptions, SearchResult, Stats};

/// The frontier's size when [`SearchOptions::beam_width`] is not set.
pub const DEFAULT_BEAM_WIDTH: u32 = 10;

/// Beam search (AIMA 4th edition, section 3.5.5): A*'s best-first search on f = g + h that
/// keeps only the `width` nodes of best f in its frontier ([`SearchOptions::beam_width`],
/// [`DEFAULT_BEAM_WIDTH`] by default), dropping the others. As in the book's best-first
/// search, a child enters when its state was never reached or is reached now by a cheaper
/// path (which replaces a frontier entry of the same state); the goal is tested when a node is
/// selected; ties go by [`SearchOptions::ties`]. Fewer nodes are kept than by A*, at the price
/// of completeness and optimality: with a width of 1 it follows one path. The expansion and
/// node limits and the interrupt flag of `options` apply; the duplicate policy and goal-test
/// timing do not. A dropped node is reported with [`DiscardReason::Dropped`]; a frontier that
/// empties after dropping nodes ends with [`Limit::Width`] (a wider beam may find a path),
/// one that empties without having dropped any with [`Outcome::Exhausted`].
///
/// ```
/// use searchlab_core::{beam_search, Problem, SearchOptions};
///
/// // From 0 to 6 by +1 or +3, each step costing 1; h = the steps left at +3 each, rounded up.
/// struct Line;
/// impl Problem for Line {
///     type State = u32;
///     type Action = u32;
///     type Key = u32;
///     fn initial_state(&self) -> u32 { 0 }
///     fn successors(&self, s: &u32, out: &mut Vec<(u32, u32)>) {
///         out.extend([(1, s + 1), (3, s + 3)].into_iter().filter(|&(_, t)| t <= 6));
///     }
///     fn is_goal(&self, s: &u32) -> bool { *s == 6 }
///     fn key(&self, s: &u32) -> u32 { *s }
///     fn heuristic(&self, s: &u32) -> u64 { u64::from(6 - s).div_ceil(3) }
/// }
/// let one = SearchOptions { beam_width: Some(1), ..SearchOptions::default() };
/// let result = beam_search(&Line, &one);
/// assert_eq!(result.solution().unwrap().states, vec![0, 3, 6]);
/// assert_eq!(result.stats.max_frontier, 1);
/// ```
pub fn beam_search<P: Problem + ?Sized>(problem: &P, options: &SearchOptions) -> SearchResult<P> {
    beam_search_with(problem, options, &mut NoObserver)
}

/// [`beam_search`] reporting every step to `observer`.
// Kept out of line: inlined into `search_with`, its loop made the other strategies' callers
// (the 3-digit puzzle's BFS) 14 % dearer in instructions (`scripts/instructions.py`).
#[inline(never)]
pub fn beam_search_with<P, O>(problem: &P, options: &SearchOptions, observer: &mut O) -> SearchResult<P>
where
    P: Problem + ?Sized,
    O: Observer<P>,
{
    let mut beam = Beam { arena: Arena(Vec::new()), entry: Vec::new(), frontier: BTreeSet::new(), dropped: false };
    timed(observer, |observer, stats| {
        let outcome = search(problem, options, observer, stats, &mut beam);
        (outcome, beam.frontier.len() as u64)
    })
}

/// The nodes and the frontier of one run.
struct Beam<S, A> {
    arena: Arena<S, A>,
    /// The frontier key of each node while it is in the frontier.
    entry: Vec<Option<(u64, u64)>>,
    /// (f, tie stamp, node), best first.
    frontier: BTreeSet<(u64, u64, NodeId)>,
    /// Whether a node left the frontier for the width (then an empty frontier proves nothing).
    dropped: bool,
}

impl<S, A> Beam<S, A> {
    /// Removes `node` from the frontier, if it is there.
    fn remove(&mut self, node: NodeId) -> bool {
        match self.entry[node as usize].take() {
            Some((f, stamp)) => self.frontier.remove(&(f, stamp, node)),
            None => false,
        }
    }
}

fn search<P, O>(
    problem: &P,
    options: &SearchOptions,
    observer: &mut O,
    stats: &mut Stats,
    beam: &mut Beam<P::State, P::Action>,
) -> Outcome<P::State, P::Action>
where
    P: Problem + ?Sized,
    O: Observer<P>,
{
    let width = options.beam_width.unwrap_or(DEFAULT_BEAM_WIDTH).max(1) as usize;
    let node_limit = node_capacity(options.node_limit);
    let stamp = |node: NodeId| u64::from(options.ties.stamp(node));
    let root = problem.initial_state();
    observer.on_event(&Event::Start { state: &root });
    // The node holding each key reached: a flat table when the problem's keys are dense.
    let space = problem.key_space();
    let mut reached = KeyTable::new(space);
    reached.insert(space, problem.key(&root), 0);
    let f_root = problem.heuristic(&root);
    beam.arena.push_root(root);
    beam.entry.push(Some((f_root, stamp(0))));
    beam.frontier.insert((f_root, stamp(0), 0));
    stats.max_frontier = 1;
    let (mut successors, mut children, mut ids) = (Vec::new(), Vec::new(), Vec::new());
    while let Some((f, _, id)) = beam.frontier.pop_first() {
        if options.interrupt.as_ref().is_some_and(|flag| flag.load(std::sync::atomic::Ordering::Relaxed)) {
            return Outcome::Interrupted;
        }
        beam.entry[id as usize] = None;
        let node = &beam.arena.0[id as usize];
        let (depth, cost) = (node.depth, node.cost);
        stats.selected += 1;
        observer.on_event(&Event::Selected { node: id, state: &node.state, depth, cost, priority: f });
        let is_goal = problem.is_goal(&node.state);
        observer.on_event(&Event::GoalTest { node: id, is_goal });
        if is_goal {
            return Outcome::Found(beam.arena.path_to(id));
        }
        if options.expansion_limit.is_some_and(|l| stats.selected >= l) {
            return Outcome::LimitReached(Limit::Expansions);
        }
        successors.clear();
        problem.successors(&node.state, &mut successors);
        beam.arena.0[id as usize].closed = true;
        stats.expanded += 1;
        children.clear();
        for (action, child) in successors.drain(..) {
            stats.generated += 1;
            let Some(g) = cost.checked_add(problem.step_cost(&beam.arena.0[id as usize].state, &action, &child)) else {
                return Outcome::LimitReached(Limit::Cost);
            };
            let key = problem.key(&child);
            if let Some(old) = reached.get(space, &key) {
                let known = &beam.arena.0[old as usize];
                if known.cost <= g {
                    let reason = match (beam.entry[old as usize].is_some(), known.closed) {
                        (true, _) => DiscardReason::InFrontier,
                        (false, true) => DiscardReason::Explored,
                        (false, false) => DiscardReason::Dropped,
                    };
                    stats.discarded += 1;
                    observer.on_event(&Event::Discarded { state: &child, reason });
                    continue;
                }
                // A cheaper path: the entry of the dearer one leaves the frontier.
                if beam.remove(old) {
                    stats.discarded += 1;
                    let state = &beam.arena.0[old as usize].state;
                    observer.on_event(&Event::Discarded { state, reason: DiscardReason::Dropped });
                }
            }
            let Some(child_f) = g.checked_add(problem.heuristic(&child)) else {
                return Outcome::LimitReached(Limit::Cost);
            };
            let child = Child { state: child, action, parent: id, depth: depth + 1, cost: g, priority: child_f };
            let child_id = match beam.arena.add_child(child, node_limit, observer, stats) {
                Ok(child_id) => child_id,
                Err(limit) => return Outcome::LimitReached(limit),
            };
            reached.insert(space, key, child_id);
            beam.entry.push(None);
            children.push((child_id, child_f));
        }
        ids.clear();
        ids.extend(children.iter().map(|&(child, _)| child));
        observer.on_event(&Event::Expanded { node: id, children: &ids });
        for &(child, child_f) in &children {
            beam.entry[child as usize] = Some((child_f, stamp(child)));
            beam.frontier.insert((child_f, stamp(child), child));
        }
        while beam.frontier.len() > width {
            let (_, _, worst) = *beam.frontier.last().expect("a frontier over its width is not empty");
            beam.remove(worst);
            beam.dropped = true;
            stats.discarded += 1;
            observer.on_event(&Event::Discarded {
                state: &beam.arena.0[worst as usize].state,
                reason: DiscardReason::Dropped,
            });
        }
        stats.max_frontier = stats.max_frontier.max(beam.frontier.len() as u64);
    }
    if beam.dropped {
        Outcome::LimitReached(Limit::Width)
    } else {
        Outcome::Exhausted
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 0 leads to 1 (a dead end that looks closest) and to 2, which leads to the goal 3.
    struct Fork;
    impl Problem for Fork {
        type State = u8;
        type Action = u8;
        type Key = u8;
        fn initial_state(&self) -> u8 {
            0
        }
        fn successors(&self, s: &u8, out: &mut Vec<(u8, u8)>) {
            match s {
                0 => out.extend([(1, 1), (2, 2)]),
                2 => out.push((3, 3)),
                _ => {}
            }
        }
        fn is_goal(&self, s: &u8) -> bool {
            *s == 3
        }
        fn key(&self, s: &u8) -> u8 {
            *s
        }
        fn heuristic(&self, s: &u8) -> u64 {
            u64::from(*s == 2)
        }
    }

    #[test]
    fn a_beam_too_narrow_stops_at_its_width_and_a_wider_one_finds_the_path() {
        let narrow = beam_search(&Fork, &SearchOptions::default().with_beam_width(1));
        assert_eq!(narrow.outcome, Outcome::LimitReached(Limit::Width));
        assert_eq!((narrow.stats.selected, narrow.stats.max_frontier), (2, 1));
        let wide = beam_search(&Fork, &SearchOptions::default().with_beam_width(2));
        assert_eq!(wide.solution().unwrap().states, vec![0, 2, 3]);
    }

    #[test]
    fn a_frontier_that_empties_without_dropping_is_exhausted() {
        struct Alone;
        impl Problem for Alone {
            type State = u8;
            type Action = u8;
            type Key = u8;
            fn initial_state(&self) -> u8 {
                0
            }
            fn successors(&self, _: &u8, _: &mut Vec<(u8, u8)>) {}
            fn is_goal(&self, _: &u8) -> bool {
                false
            }
            fn key(&self, s: &u8) -> u8 {
                *s
            }
        }
        assert_eq!(beam_search(&Alone, &SearchOptions::default()).outcome, Outcome::Exhausted);
    }
}
