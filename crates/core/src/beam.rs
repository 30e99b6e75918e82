//! Beam search: best-first on f = g + h with a frontier of at most `width` nodes.

use std::collections::BTreeSet;

use crate::context::RunContext;
use crate::events::{DiscardReason, Event, NoObserver, NodeId, Observer};
use crate::node::Child;
use crate::table::KeyTable;
use crate::{timed, Limit, Outcome, Problem, SearchOptions, SearchResult, TieBreak};

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
    timed(observer, |observer, stats| {
        let mut run = RunContext::new(problem, options, observer, stats);
        let mut beam = Beam {
            width: options.beam_width.unwrap_or(DEFAULT_BEAM_WIDTH).max(1) as usize,
            ties: options.ties,
            entry: Vec::new(),
            frontier: BTreeSet::new(),
            dropped: false,
            reached: KeyTable::new(problem.key_space()),
        };
        let outcome = search(&mut run, &mut beam, options.expansion_limit);
        (outcome, beam.frontier.len() as u64)
    })
}

/// The frontier of one run, and the node holding each key reached.
struct Beam<K> {
    /// The most nodes the frontier keeps.
    width: usize,
    /// Which of equal f leaves first.
    ties: TieBreak,
    /// The frontier key of each node while it is in the frontier.
    entry: Vec<Option<(u64, u64)>>,
    /// (f, tie stamp, node), best first.
    frontier: BTreeSet<(u64, u64, NodeId)>,
    /// Whether a node left the frontier for the width (then an empty frontier proves nothing).
    dropped: bool,
    /// The node holding each key reached: a flat table when the problem's keys are dense.
    reached: KeyTable<K>,
}

impl<K> Beam<K> {
    /// Puts `node` in the frontier with priority `f`.
    fn insert(&mut self, node: NodeId, f: u64) {
        let stamp = u64::from(self.ties.stamp(node));
        self.entry[node as usize] = Some((f, stamp));
        self.frontier.insert((f, stamp, node));
    }

    /// Removes `node` from the frontier, if it is there.
    fn remove(&mut self, node: NodeId) -> bool {
        match self.entry[node as usize].take() {
            Some((f, stamp)) => self.frontier.remove(&(f, stamp, node)),
            None => false,
        }
    }
}

/// The loop: the best node selected and goal-tested, its children added, the worst dropped.
fn search<P, O>(
    run: &mut RunContext<'_, P, O>,
    beam: &mut Beam<P::Key>,
    expansion_limit: Option<u64>,
) -> Outcome<P::State, P::Action>
where
    P: Problem + ?Sized,
    O: Observer<P>,
{
    let root = run.problem.initial_state();
    run.observer.on_event(&Event::Start { state: &root });
    let space = run.problem.key_space();
    beam.reached.insert(space, run.problem.key(&root), 0);
    let f_root = run.problem.heuristic(&root);
    run.arena.push_root(root);
    beam.entry.push(None);
    beam.insert(0, f_root);
    run.stats.max_frontier = 1;
    let mut scratch = Scratch { successors: Vec::new(), children: Vec::new(), ids: Vec::new() };
    while let Some((f, _, id)) = beam.frontier.pop_first() {
        if run.interrupted() {
            return Outcome::Interrupted;
        }
        beam.entry[id as usize] = None;
        run.select(id, f);
        if run.goal_test(id) {
            return Outcome::Found(run.path_to(id));
        }
        if expansion_limit.is_some_and(|l| run.stats.selected >= l) {
            return Outcome::LimitReached(Limit::Expansions);
        }
        if let Err(limit) = expand(run, beam, &mut scratch, id) {
            return Outcome::LimitReached(limit);
        }
        while beam.frontier.len() > beam.width {
            let (_, _, worst) = *beam.frontier.last().expect("a frontier over its width is not empty");
            beam.remove(worst);
            beam.dropped = true;
            run.discard_node(worst, DiscardReason::Dropped);
        }
        run.stats.max_frontier = run.stats.max_frontier.max(beam.frontier.len() as u64);
    }
    if beam.dropped {
        Outcome::LimitReached(Limit::Width)
    } else {
        Outcome::Exhausted
    }
}

/// Expands node `id`: each child enters the frontier unless its state was reached as cheaply
/// (a cheaper path drops the dearer entry).
fn expand<P, O>(
    run: &mut RunContext<'_, P, O>,
    beam: &mut Beam<P::Key>,
    scratch: &mut Scratch<P::State, P::Action>,
    id: NodeId,
) -> Result<(), Limit>
where
    P: Problem + ?Sized,
    O: Observer<P>,
{
    let (problem, space) = (run.problem, run.problem.key_space());
    let Scratch { successors, children, ids } = scratch;
    successors.clear();
    problem.successors(&run.arena.0[id as usize].state, successors);
    run.arena.0[id as usize].closed = true;
    run.stats.expanded += 1;
    children.clear();
    let depth = run.arena.0[id as usize].depth;
    for (action, state) in successors.drain(..) {
        run.stats.generated += 1;
        let g = run.child_cost(id, &action, &state)?;
        let key = problem.key(&state);
        if let Some(old) = beam.reached.get(space, &key) {
            let known = &run.arena.0[old as usize];
            if known.cost <= g {
                let reason = match (beam.entry[old as usize].is_some(), known.closed) {
                    (true, _) => DiscardReason::InFrontier,
                    (false, true) => DiscardReason::Explored,
                    (false, false) => DiscardReason::Dropped,
                };
                run.discard(&state, reason);
                continue;
            }
            // A cheaper path: the entry of the dearer one leaves the frontier.
            if beam.remove(old) {
                run.discard_node(old, DiscardReason::Dropped);
            }
        }
        let f = g.checked_add(problem.heuristic(&state)).ok_or(Limit::Cost)?;
        let child_id = run.add_child(Child { state, action, parent: id, depth: depth + 1, cost: g, priority: f })?;
        beam.reached.insert(space, key, child_id);
        beam.entry.push(None);
        children.push((child_id, f));
    }
    ids.clear();
    ids.extend(children.iter().map(|&(child, _)| child));
    run.expanded(id, ids);
    for &(child, f) in children.iter() {
        beam.insert(child, f);
    }
    Ok(())
}

/// The buffers of one expansion, kept across expansions.
struct Scratch<S, A> {
    /// The successors of the node expanded.
    successors: Vec<(A, S)>,
    /// The children added, with their f.
    children: Vec<(NodeId, u64)>,
    /// The children added (the `Expanded` event's list).
    ids: Vec<NodeId>,
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
