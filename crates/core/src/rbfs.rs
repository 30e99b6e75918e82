//! Recursive best-first search (RBFS): best-first in linear space, with f-limits.

use crate::context::RunContext;
use crate::events::{Event, NoObserver, NodeId, Observer};
use crate::node::Child;
use crate::{timed, Limit, Outcome, Problem, SearchOptions, SearchResult};

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
/// [`Stats::max_frontier`](crate::Stats::max_frontier) counts the longest path held.
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
    timed(observer, |observer, stats| {
        let mut run = RunContext::new(problem, options, observer, stats);
        let mut rbfs = Rbfs { f: Vec::new(), path: Vec::new(), expansion_limit: options.expansion_limit };
        let outcome = search(&mut run, &mut rbfs);
        (outcome, rbfs.path.len() as u64)
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

/// `None` for ∞, as events carry it.
fn finite(value: u64) -> Option<u64> {
    (value != INFINITE).then_some(value)
}

/// The current path of one run and each node's f.
struct Rbfs {
    /// Each node's f (backed up after a return).
    f: Vec<u64>,
    /// The current path, root first.
    path: Vec<Frame>,
    /// The most nodes entered.
    expansion_limit: Option<u64>,
}

/// The loop: enter a node, then go down into its best child within the f-limit, or back up.
fn search<P, O>(run: &mut RunContext<'_, P, O>, rbfs: &mut Rbfs) -> Outcome<P::State, P::Action>
where
    P: Problem + ?Sized,
    O: Observer<P>,
{
    let root = run.problem.initial_state();
    run.observer.on_event(&Event::Start { state: &root });
    rbfs.f.push(run.problem.heuristic(&root));
    run.arena.push_root(root);
    // The node to enter next and its f-limit.
    let mut enter = Some((0, INFINITE));
    let mut successors = Vec::new();
    loop {
        if run.interrupted() {
            return Outcome::Interrupted;
        }
        if let Some((id, limit)) = enter.take() {
            if let Err(outcome) = visit(run, rbfs, &mut successors, id, limit) {
                return outcome;
            }
        }
        let Some(frame) = rbfs.path.last() else {
            return Outcome::Exhausted;
        };
        let (best, best_f, alternative) = rbfs.best_child(frame);
        match best.filter(|_| best_f <= frame.limit && best_f != INFINITE) {
            Some(best) => enter = Some((best, frame.limit.min(alternative))),
            None => {
                rbfs.back_up(run, best_f);
                if rbfs.path.is_empty() {
                    return Outcome::Exhausted;
                }
            }
        }
    }
}

/// Enters node `id` with f-limit `limit`: selects and goal-tests it, then expands it onto the
/// path. `Err(outcome)` ends the run (the goal, a limit).
fn visit<P, O>(
    run: &mut RunContext<'_, P, O>,
    rbfs: &mut Rbfs,
    successors: &mut Vec<(P::Action, P::State)>,
    id: NodeId,
    limit: u64,
) -> Result<(), Outcome<P::State, P::Action>>
where
    P: Problem + ?Sized,
    O: Observer<P>,
{
    run.select(id, rbfs.f[id as usize]);
    run.observer.on_event(&Event::FLimit { node: id, limit: finite(limit) });
    if run.goal_test(id) {
        return Err(Outcome::Found(run.path_to(id)));
    }
    if rbfs.expansion_limit.is_some_and(|l| run.stats.selected >= l) {
        return Err(Outcome::LimitReached(Limit::Expansions));
    }
    let problem = run.problem;
    successors.clear();
    problem.successors(&run.arena.0[id as usize].state, successors);
    run.stats.expanded += 1;
    let depth = run.arena.0[id as usize].depth;
    let mut children = Vec::with_capacity(successors.len());
    for (action, state) in successors.drain(..) {
        run.stats.generated += 1;
        let g = run.child_cost(id, &action, &state).map_err(Outcome::LimitReached)?;
        let f = g.checked_add(problem.heuristic(&state)).ok_or(Outcome::LimitReached(Limit::Cost))?;
        let f = f.max(rbfs.f[id as usize]);
        let child = Child { state, action, parent: id, depth: depth + 1, cost: g, priority: f };
        children.push(run.add_child(child).map_err(Outcome::LimitReached)?);
        rbfs.f.push(f);
    }
    run.expanded(id, &children);
    rbfs.path.push(Frame { node: id, limit, children });
    run.stats.max_frontier = run.stats.max_frontier.max(rbfs.path.len() as u64);
    Ok(())
}

impl Rbfs {
    /// The best child of `frame` (the first of equal f), its f, and the best f among the
    /// others.
    fn best_child(&self, frame: &Frame) -> (Option<NodeId>, u64, u64) {
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
        (best, best.map_or(INFINITE, |b| self.f[b as usize]), alternative)
    }

    /// Backs up from the path's last node: its f becomes `best_f`, its best child's, and its
    /// subtree is forgotten.
    fn back_up<P, O>(&mut self, run: &mut RunContext<'_, P, O>, best_f: u64)
    where
        P: Problem + ?Sized,
        O: Observer<P>,
    {
        let frame = self.path.pop().expect("backing up from a node on the path");
        self.f[frame.node as usize] = best_f;
        // The subtree is forgotten: its nodes were the last made, and their ids are given
        // again, so memory stays linear in the path's length.
        if let Some(&first) = frame.children.first() {
            run.arena.0.truncate(first as usize);
            self.f.truncate(first as usize);
        }
        run.observer.on_event(&Event::BackedUp { node: frame.node, f: finite(best_f) });
    }
}
