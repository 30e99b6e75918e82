//! Recursive best-first search (RBFS): best-first in linear space, with f-limits.

use crate::events::{Event, NoObserver, NodeId, Observer};
use crate::limits::node_capacity;
use crate::node::{Arena, Child};
use crate::{timed, Limit, Outcome, Problem, SearchOptions, SearchResult, Stats};

/// Recursive best-first search (AIMA 4th edition, Figure 3.26): a depth-first descent that
/// always enters the child of lowest f = g + h, but only while that f stays within an
/// f-limit, the f of the best alternative anywhere above (∞ at the root). When every child
/// of a node is over its limit, the search goes back up, forgets the node's subtree and keeps
/// only its best child's f as the node's backed-up f ([`Event::BackedUp`]); a node entered
/// again is expanded again. A child's f is at least its parent's (the book's `max`), and the
/// first of equal f in successor order is the best. Memory is the current path and each path
/// node's children (a forgotten node's id is given again to a later node). With an admissible
/// heuristic the path found is a cheapest one.
///
/// Tree search, as in the book: no duplicate check, so the goal-test timing and the duplicate
/// policy of `options` do not apply; the expansion and node limits and the interrupt flag do
/// (with no reachable goal on an infinite or cyclic space only a limit ends it).
/// [`Stats::max_frontier`] counts the longest path held.
///
/// ```
/// use searchlab_core::{recursive_best_first_search, Problem, SearchOptions};
///
/// // 0 leads to 1 (h = 1, then a dead end) and to 2 (h = 2), which leads to the goal 3.
/// struct Fork;
/// impl Problem for Fork {
///     type State = u8;
///     type Action = u8;
///     type Key = u8;
///     fn initial_state(&self) -> u8 { 0 }
///     fn successors(&self, s: &u8, out: &mut Vec<(u8, u8)>) {
///         match s { 0 => out.extend([(1, 1), (2, 2)]), 2 => out.push((3, 3)), _ => {} }
///     }
///     fn is_goal(&self, s: &u8) -> bool { *s == 3 }
///     fn key(&self, s: &u8) -> u8 { *s }
///     fn heuristic(&self, s: &u8) -> u64 { [2, 1, 2, 0][*s as usize] }
/// }
/// let result = recursive_best_first_search(&Fork, &SearchOptions::default());
/// assert_eq!(result.solution().unwrap().states, vec![0, 2, 3]);
/// // 0, then 1 (f = 2, limit 3: 2's f), a dead end backed up to ∞; then 2 and 3.
/// assert_eq!(result.stats.selected, 4);
/// ```
pub fn recursive_best_first_search<P: Problem + ?Sized>(problem: &P, options: &SearchOptions) -> SearchResult<P> {
    recursive_best_first_search_with(problem, options, &mut NoObserver)
}

/// [`recursive_best_first_search`] reporting every step to `observer`: each node entered
/// ([`Event::Selected`], with its f) and its f-limit ([`Event::FLimit`]), and each return
/// with its backed-up f ([`Event::BackedUp`]).
#[inline(never)]
pub fn recursive_best_first_search_with<P, O>(problem: &P, options: &SearchOptions, observer: &mut O) -> SearchResult<P>
where
    P: Problem + ?Sized,
    O: Observer<P>,
{
    let mut search = Rbfs { arena: Arena(Vec::new()), f: Vec::new(), path: Vec::new() };
    timed(observer, |observer, stats| {
        let outcome = search.run(problem, options, observer, stats);
        (outcome, search.path.len() as u64)
    })
}

/// ∞, as an f or an f-limit.
const INFINITE: u64 = u64::MAX;

/// One node of the current path: its f-limit and its children (their f may be backed up).
struct Frame {
    node: NodeId,
    limit: u64,
    children: Vec<NodeId>,
}

struct Rbfs<S, A> {
    arena: Arena<S, A>,
    /// Each node's f (backed up after a return).
    f: Vec<u64>,
    /// The current path, root first.
    path: Vec<Frame>,
}

/// `None` for ∞, as events carry it.
fn finite(value: u64) -> Option<u64> {
    (value != INFINITE).then_some(value)
}

impl<S: Clone, A: Clone> Rbfs<S, A> {
    fn run<P, O>(&mut self, problem: &P, options: &SearchOptions, observer: &mut O, stats: &mut Stats) -> Outcome<S, A>
    where
        P: Problem<State = S, Action = A> + ?Sized,
        O: Observer<P>,
    {
        let node_limit = node_capacity(options.node_limit);
        let root = problem.initial_state();
        observer.on_event(&Event::Start { state: &root });
        self.f.push(problem.heuristic(&root));
        self.arena.push_root(root);
        // The node to enter next and its f-limit.
        let mut enter = Some((0, INFINITE));
        let mut successors = Vec::new();
        loop {
            if options.interrupt.as_ref().is_some_and(|flag| flag.load(std::sync::atomic::Ordering::Relaxed)) {
                return Outcome::Interrupted;
            }
            if let Some((id, limit)) = enter.take() {
                let node = &self.arena.0[id as usize];
                let (depth, cost) = (node.depth, node.cost);
                stats.selected += 1;
                observer.on_event(&Event::Selected {
                    node: id,
                    state: &node.state,
                    depth,
                    cost,
                    priority: self.f[id as usize],
                });
                observer.on_event(&Event::FLimit { node: id, limit: finite(limit) });
                let is_goal = problem.is_goal(&node.state);
                observer.on_event(&Event::GoalTest { node: id, is_goal });
                if is_goal {
                    return Outcome::Found(self.arena.path_to(id));
                }
                if options.expansion_limit.is_some_and(|l| stats.selected >= l) {
                    return Outcome::LimitReached(Limit::Expansions);
                }
                successors.clear();
                problem.successors(&node.state, &mut successors);
                stats.expanded += 1;
                let mut children = Vec::with_capacity(successors.len());
                for (action, child) in successors.drain(..) {
                    stats.generated += 1;
                    let here = &self.arena.0[id as usize].state;
                    let Some(g) = cost.checked_add(problem.step_cost(here, &action, &child)) else {
                        return Outcome::LimitReached(Limit::Cost);
                    };
                    let Some(f) = g.checked_add(problem.heuristic(&child)) else {
                        return Outcome::LimitReached(Limit::Cost);
                    };
                    let f = f.max(self.f[id as usize]);
                    let child = Child { state: child, action, parent: id, depth: depth + 1, cost: g, priority: f };
                    let child_id = match self.arena.add_child(child, node_limit, observer, stats) {
                        Ok(child_id) => child_id,
                        Err(limit) => return Outcome::LimitReached(limit),
                    };
                    self.f.push(f);
                    children.push(child_id);
                }
                observer.on_event(&Event::Expanded { node: id, children: &children });
                self.path.push(Frame { node: id, limit, children });
                stats.max_frontier = stats.max_frontier.max(self.path.len() as u64);
            }
            let Some(frame) = self.path.last() else {
                return Outcome::Exhausted;
            };
            // The best child (the first of equal f) and the best f among the others.
            let mut best: Option<NodeId> = None;
            let mut alternative = INFINITE;
            for &child in &frame.children {
                match best {
                    Some(b) if self.f[child as usize] >= self.f[b as usize] => {
                        alternative = alternative.min(self.f[child as usize])
                    }
                    _ => {
                        if let Some(b) = best {
                            alternative = alternative.min(self.f[b as usize]);
                        }
                        best = Some(child);
                    }
                }
            }
            let best_f = best.map_or(INFINITE, |b| self.f[b as usize]);
            let within = best.filter(|_| best_f <= frame.limit && best_f != INFINITE);
            let Some(best) = within else {
                // Back up: the node's f becomes its best child's, its subtree is forgotten.
                let (node, first_child) = (frame.node, frame.children.first().copied());
                self.path.pop();
                self.f[node as usize] = best_f;
                // The subtree is forgotten: its nodes were the last made, and their ids are
                // given again, so memory stays linear in the path's length.
                if let Some(first) = first_child {
                    self.arena.0.truncate(first as usize);
                    self.f.truncate(first as usize);
                }
                observer.on_event(&Event::BackedUp { node, f: finite(best_f) });
                if self.path.is_empty() {
                    return Outcome::Exhausted;
                }
                continue;
            };
            enter = Some((best, frame.limit.min(alternative)));
        }
    }
}
