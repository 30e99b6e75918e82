//! Bidirectional search: one search forward from the start, one backward from the goal,
//! stopped when no shorter joined path can remain.

use std::collections::BTreeSet;

use crate::events::{DiscardReason, Event, NoObserver, NodeId, Observer};
use crate::limits::node_capacity;
use crate::node::{Arena, Child, Node};
use crate::table::KeyTable;
use crate::{timed, Limit, Outcome, Path, Problem, SearchOptions, SearchResult, Stats};

/// Bidirectional breadth-first search (AIMA 4th edition, section 3.4.5): fewest actions.
///
/// Two frontiers, one grown forward from [`Problem::initial_state`] by
/// [`Problem::successors`], one backward from [`Problem::goal_state`] by
/// [`Problem::predecessors`], each ordered by depth. The next node comes from the side whose
/// shallowest node is shallower (the forward side on ties; within a side, equal depths by
/// [`SearchOptions::ties`]), so the two sides take turns a whole layer at a time. Every
/// generated child is looked up among the other side's reached states: a hit joins two paths
/// into a solution ([`Event::Joined`]), kept when it has fewer actions than the best so far.
/// The search stops when the two shallowest depths add up to at least the best solution's
/// length, which no path still to be found can beat. The solution's `cost` is the sum of its
/// step costs, which this search does not minimise (see
/// [`bidirectional_uniform_cost_search`]). The expansion and node limits and the interrupt
/// flag apply; the goal test, the duplicate policy and the goal-test timing do not (a state
/// is reached at most once per side).
///
/// # Panics
///
/// When the problem has no [`Problem::goal_state`] (the puzzles offer this strategy only
/// where they have one).
///
/// ```
/// use searchlab_core::{bidirectional_search, Problem, SearchOptions};
///
/// // From 0 to 10 by +1 or +2 (each step costs 1); backward, 10 is reached by -1 or -2.
/// struct Line;
/// impl Problem for Line {
///     type State = u32;
///     type Action = u32;
///     type Key = u32;
///     fn initial_state(&self) -> u32 { 0 }
///     fn successors(&self, s: &u32, out: &mut Vec<(u32, u32)>) {
///         out.extend([1, 2].into_iter().map(|step| (step, s + step)).filter(|&(_, t)| t <= 10));
///     }
///     fn is_goal(&self, s: &u32) -> bool { *s == 10 }
///     fn key(&self, s: &u32) -> u32 { *s }
///     fn goal_state(&self) -> Option<u32> { Some(10) }
///     fn predecessors(&self, s: &u32, out: &mut Vec<(u32, u32)>) {
///         out.extend([1, 2].into_iter().filter(|&step| step <= *s).map(|step| (step, s - step)));
///     }
/// }
/// let result = bidirectional_search(&Line, &SearchOptions::default());
/// assert_eq!(result.solution().unwrap().states, vec![0, 2, 4, 6, 8, 10]);
/// // Each side goes 2 or 3 layers deep instead of one side 5.
/// assert_eq!(result.stats.max_depth, 3);
/// ```
pub fn bidirectional_search<P: Problem + ?Sized>(problem: &P, options: &SearchOptions) -> SearchResult<P> {
    bidirectional_search_with(problem, options, &mut NoObserver)
}

/// [`bidirectional_search`] reporting every step to `observer`.
#[inline(never)]
pub fn bidirectional_search_with<P, O>(problem: &P, options: &SearchOptions, observer: &mut O) -> SearchResult<P>
where
    P: Problem + ?Sized,
    O: Observer<P>,
{
    run(problem, options, observer, Measure::Depth)
}

/// Bidirectional uniform-cost search (bidirectional Dijkstra; AIMA 4th edition, Figure 3.14
/// with f = g): cheapest path.
///
/// As [`bidirectional_search`], with each side ordered by path cost g instead of depth, a
/// cheaper path to a state still in its side's frontier replacing the dearer one, and the
/// search stopping when the two sides' lowest g add up to at least the cheapest joined
/// path's cost. With non-negative step costs the solution is a cheapest one.
///
/// # Panics
///
/// When the problem has no [`Problem::goal_state`].
///
/// ```
/// use searchlab_core::{bidirectional_uniform_cost_search, Problem, SearchOptions};
///
/// // 0 → 3 directly costs 10; 0 → 1 → 2 → 3 costs 3.
/// struct Detour;
/// impl Problem for Detour {
///     type State = u8;
///     type Action = u8;
///     type Key = u8;
///     fn initial_state(&self) -> u8 { 0 }
///     fn successors(&self, s: &u8, out: &mut Vec<(u8, u8)>) {
///         match s { 0 => out.extend([(3, 3), (1, 1)]), 1 => out.push((2, 2)), 2 => out.push((3, 3)), _ => {} }
///     }
///     fn is_goal(&self, s: &u8) -> bool { *s == 3 }
///     fn key(&self, s: &u8) -> u8 { *s }
///     fn step_cost(&self, from: &u8, _: &u8, to: &u8) -> u64 { if (*from, *to) == (0, 3) { 10 } else { 1 } }
///     fn goal_state(&self) -> Option<u8> { Some(3) }
///     fn predecessors(&self, s: &u8, out: &mut Vec<(u8, u8)>) {
///         match s { 3 => out.extend([(3, 0), (3, 2)]), 2 => out.push((2, 1)), 1 => out.push((1, 0)), _ => {} }
///     }
/// }
/// let result = bidirectional_uniform_cost_search(&Detour, &SearchOptions::default());
/// assert_eq!(result.solution().unwrap().states, vec![0, 1, 2, 3]);
/// assert_eq!(result.solution().unwrap().cost, 3);
/// ```
pub fn bidirectional_uniform_cost_search<P: Problem + ?Sized>(problem: &P, options: &SearchOptions) -> SearchResult<P> {
    bidirectional_uniform_cost_search_with(problem, options, &mut NoObserver)
}

/// [`bidirectional_uniform_cost_search`] reporting every step to `observer`.
#[inline(never)]
pub fn bidirectional_uniform_cost_search_with<P, O>(
    problem: &P,
    options: &SearchOptions,
    observer: &mut O,
) -> SearchResult<P>
where
    P: Problem + ?Sized,
    O: Observer<P>,
{
    run(problem, options, observer, Measure::Cost)
}

/// What orders each side and what a joined path is judged by.
#[derive(Clone, Copy)]
enum Measure {
    Depth,
    Cost,
}

impl Measure {
    /// The value of a node at this depth and path cost.
    fn of(self, depth: u64, cost: u64) -> u64 {
        match self {
            Measure::Depth => depth,
            Measure::Cost => cost,
        }
    }

    fn of_node<S, A>(self, node: &Node<S, A>) -> u64 {
        self.of(node.depth, node.cost)
    }
}

fn run<P, O>(problem: &P, options: &SearchOptions, observer: &mut O, measure: Measure) -> SearchResult<P>
where
    P: Problem + ?Sized,
    O: Observer<P>,
{
    let mut search =
        Search { arena: Arena(Vec::new()), entry: Vec::new(), frontier: [BTreeSet::new(), BTreeSet::new()] };
    timed(observer, |observer, stats| {
        let outcome = search.run(problem, options, observer, stats, measure);
        (outcome, (search.frontier[0].len() + search.frontier[1].len()) as u64)
    })
}

/// The nodes of both sides and their frontiers (0 forward, 1 backward). A backward node's
/// action leads from its state to its parent's.
struct Search<S, A> {
    arena: Arena<S, A>,
    /// The frontier key of each node while it is in a frontier.
    entry: Vec<Option<(u64, u64)>>,
    /// (measure, tie stamp, node), lowest first.
    frontier: [BTreeSet<(u64, u64, NodeId)>; 2],
}

impl<S: Clone, A: Clone> Search<S, A> {
    fn push(&mut self, node: Node<S, A>, backward: bool, key: (u64, u64)) -> NodeId {
        let id = self.arena.0.len() as NodeId;
        self.arena.0.push(node);
        self.enter(id, backward, key);
        id
    }

    /// Puts the arena's node `id` into the frontier of its side under `key`.
    fn enter(&mut self, id: NodeId, backward: bool, key: (u64, u64)) {
        self.entry.push(Some(key));
        self.frontier[usize::from(backward)].insert((key.0, key.1, id));
    }

    /// The forward path to `forward` followed by the backward path from `backward` (both
    /// holding the same state) to the goal.
    fn joined_path(&self, forward: NodeId, backward: NodeId) -> Path<S, A> {
        let mut path = self.arena.path_to(forward);
        let mut at = backward;
        while let Node { action: Some(action), parent, .. } = &self.arena.0[at as usize] {
            let parent = &self.arena.0[*parent as usize];
            path.actions.push(action.clone());
            path.states.push(parent.state.clone());
            at = self.arena.0[at as usize].parent;
        }
        path.cost += self.arena.0[backward as usize].cost;
        path
    }

    fn run<P, O>(
        &mut self,
        problem: &P,
        options: &SearchOptions,
        observer: &mut O,
        stats: &mut Stats,
        measure: Measure,
    ) -> Outcome<S, A>
    where
        P: Problem<State = S, Action = A> + ?Sized,
        O: Observer<P>,
    {
        let node_limit = node_capacity(options.node_limit);
        let stamp = |node: NodeId| u64::from(options.ties.stamp(node));
        let goal = problem.goal_state().expect("bidirectional search needs the problem's goal_state");
        let space = problem.key_space();
        let mut reached = [KeyTable::new(space), KeyTable::new(space)];
        let root = problem.initial_state();
        observer.on_event(&Event::Start { state: &root });
        reached[0].insert(space, problem.key(&root), 0);
        self.push(
            Node { state: root, action: None, parent: 0, depth: 0, cost: 0, closed: false },
            false,
            (0, stamp(0)),
        );
        observer.on_event(&Event::GoalStart { node: 1, state: &goal });
        let goal_key = problem.key(&goal);
        reached[1].insert(space, goal_key.clone(), 1);
        self.push(Node { state: goal, action: None, parent: 1, depth: 0, cost: 0, closed: false }, true, (0, stamp(1)));
        stats.max_frontier = 2;
        // The best joined path: its length by the measure, and its forward and backward ends.
        let mut best: Option<(u64, NodeId, NodeId)> = None;
        if reached[0].get(space, &goal_key).is_some() {
            best = Some((0, 0, 1));
            observer.on_event(&Event::Joined { forward: 0, backward: 1 });
        }
        let mut successors = Vec::new();
        let mut children = Vec::new();
        loop {
            if options.interrupt.as_ref().is_some_and(|flag| flag.load(std::sync::atomic::Ordering::Relaxed)) {
                return Outcome::Interrupted;
            }
            // An empty side has reached all it can: every path through it has been joined
            // (the start and the goal are reached from the beginning), or none exists.
            let (Some(f), Some(b)) = (self.frontier[0].first().copied(), self.frontier[1].first().copied()) else {
                break;
            };
            if best.is_some_and(|(length, _, _)| f.0.saturating_add(b.0) >= length) {
                break;
            }
            let side = usize::from(b.0 < f.0);
            let (_, _, id) = if side == 0 { f } else { b };
            self.frontier[side].pop_first();
            self.entry[id as usize] = None;
            let node = &self.arena.0[id as usize];
            let (depth, cost) = (node.depth, node.cost);
            stats.selected += 1;
            observer.on_event(&Event::Selected {
                node: id,
                state: &node.state,
                depth,
                cost,
                priority: measure.of_node(node),
            });
            if options.expansion_limit.is_some_and(|l| stats.selected >= l) {
                return Outcome::LimitReached(Limit::Expansions);
            }
            successors.clear();
            if side == 0 {
                problem.successors(&node.state, &mut successors);
            } else {
                problem.predecessors(&node.state, &mut successors);
            }
            self.arena.0[id as usize].closed = true;
            stats.expanded += 1;
            children.clear();
            for (action, child) in successors.drain(..) {
                stats.generated += 1;
                let here = &self.arena.0[id as usize].state;
                let step = if side == 0 {
                    problem.step_cost(here, &action, &child)
                } else {
                    problem.step_cost(&child, &action, here)
                };
                let Some(g) = cost.checked_add(step) else {
                    return Outcome::LimitReached(Limit::Cost);
                };
                let key = problem.key(&child);
                let value = measure.of(depth + 1, g);
                if let Some(old) = reached[side].get(space, &key) {
                    let known = &self.arena.0[old as usize];
                    if measure.of_node(known) <= value {
                        let reason = if known.closed { DiscardReason::Explored } else { DiscardReason::InFrontier };
                        stats.discarded += 1;
                        observer.on_event(&Event::Discarded { state: &child, reason });
                        continue;
                    }
                    // A cheaper path to a state still in the frontier replaces it there.
                    if let Some((v, s)) = self.entry[old as usize].take() {
                        self.frontier[side].remove(&(v, s, old));
                        stats.discarded += 1;
                        observer.on_event(&Event::Discarded { state: &known.state, reason: DiscardReason::Dropped });
                    }
                }
                let child = Child { state: child, action, parent: id, depth: depth + 1, cost: g, priority: value };
                let child_id = match self.arena.add_child(child, node_limit, observer, stats) {
                    Ok(child_id) => child_id,
                    Err(limit) => return Outcome::LimitReached(limit),
                };
                self.enter(child_id, side == 1, (value, stamp(child_id)));
                let other = reached[1 - side].get(space, &key);
                reached[side].insert(space, key, child_id);
                children.push(child_id);
                if let Some(other) = other {
                    let length = value.saturating_add(measure.of_node(&self.arena.0[other as usize]));
                    if best.is_none_or(|(b, _, _)| length < b) {
                        let (forward, backward) = if side == 0 { (child_id, other) } else { (other, child_id) };
                        best = Some((length, forward, backward));
                        observer.on_event(&Event::Joined { forward, backward });
                    }
                }
            }
            observer.on_event(&Event::Expanded { node: id, children: &children });
            stats.max_frontier = stats.max_frontier.max((self.frontier[0].len() + self.frontier[1].len()) as u64);
        }
        match best {
            Some((_, forward, backward)) => Outcome::Found(self.joined_path(forward, backward)),
            None => Outcome::Exhausted,
        }
    }
}
