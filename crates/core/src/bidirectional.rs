//! Bidirectional search: one search forward from the start, one backward from the goal,
//! stopped when no shorter joined path can remain.

use std::collections::BTreeSet;

use crate::context::RunContext;
use crate::events::{DiscardReason, Event, NoObserver, NodeId, Observer};
use crate::node::{Arena, Child, Node};
use crate::problem::KeySpace;
use crate::table::KeyTable;
use crate::{timed, Limit, Outcome, Path, Problem, SearchOptions, SearchResult, TieBreak};

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

/// Both searches under `measure`, from the start and from the goal.
fn run<P, O>(problem: &P, options: &SearchOptions, observer: &mut O, measure: Measure) -> SearchResult<P>
where
    P: Problem + ?Sized,
    O: Observer<P>,
{
    timed(observer, |observer, stats| {
        let mut run = RunContext::new(problem, options, observer, stats);
        let space = problem.key_space();
        let mut sides = Sides {
            measure,
            ties: options.ties,
            expansion_limit: options.expansion_limit,
            entry: Vec::new(),
            frontier: [BTreeSet::new(), BTreeSet::new()],
            space,
            reached: [KeyTable::new(space), KeyTable::new(space)],
            best: None,
        };
        let outcome = search(&mut run, &mut sides);
        (outcome, (sides.frontier[0].len() + sides.frontier[1].len()) as u64)
    })
}

/// The two sides of one run (0 forward, 1 backward): their frontiers, the states each
/// reached and the best joined path. A backward node's action leads from its state to its
/// parent's.
struct Sides<K> {
    /// What orders each side and judges a joined path.
    measure: Measure,
    /// Which of equal values leaves first.
    ties: TieBreak,
    /// The most nodes selected.
    expansion_limit: Option<u64>,
    /// The frontier key of each node while it is in a frontier.
    entry: Vec<Option<(u64, u64)>>,
    /// (measure, tie stamp, node), lowest first.
    frontier: [BTreeSet<(u64, u64, NodeId)>; 2],
    /// The problem's key space.
    space: KeySpace<K>,
    /// The node holding each state reached, on each side.
    reached: [KeyTable<K>; 2],
    /// The best joined path: its length by the measure, and its forward and backward ends.
    best: Option<(u64, NodeId, NodeId)>,
}

impl<K: Clone + Eq + std::hash::Hash> Sides<K> {
    /// Puts node `id` into the frontier of `side` with `value`.
    fn enter(&mut self, id: NodeId, side: usize, value: u64) {
        let key = (value, u64::from(self.ties.stamp(id)));
        self.entry.push(Some(key));
        self.frontier[side].insert((key.0, key.1, id));
    }

    /// The side and node to select next: the lower of the two first nodes, the start's on
    /// ties; `None` when a side is empty (every path through it is joined, or none exists) or
    /// no path can beat the best joined one.
    fn next(&mut self) -> Option<(usize, NodeId)> {
        let (f, b) = (*self.frontier[0].first()?, *self.frontier[1].first()?);
        if self.best.is_some_and(|(length, _, _)| f.0.saturating_add(b.0) >= length) {
            return None;
        }
        let side = usize::from(b.0 < f.0);
        let (_, _, id) = if side == 0 { f } else { b };
        self.frontier[side].pop_first();
        self.entry[id as usize] = None;
        Some((side, id))
    }
}

/// The loop: the start and the goal enter, then the lower side's first node is expanded until
/// [`Sides::next`] has none.
fn search<P, O>(run: &mut RunContext<'_, P, O>, sides: &mut Sides<P::Key>) -> Outcome<P::State, P::Action>
where
    P: Problem + ?Sized,
    O: Observer<P>,
{
    start(run, sides);
    let (mut successors, mut children) = (Vec::new(), Vec::new());
    loop {
        if run.interrupted() {
            return Outcome::Interrupted;
        }
        let Some((side, id)) = sides.next() else { break };
        run.select(id, sides.measure.of_node(&run.arena.0[id as usize]));
        if sides.expansion_limit.is_some_and(|l| run.stats.selected >= l) {
            return Outcome::LimitReached(Limit::Expansions);
        }
        successors.clear();
        let state = &run.arena.0[id as usize].state;
        if side == 0 {
            run.problem.successors(state, &mut successors);
        } else {
            run.problem.predecessors(state, &mut successors);
        }
        run.arena.0[id as usize].closed = true;
        run.stats.expanded += 1;
        children.clear();
        for (action, state) in successors.drain(..) {
            run.stats.generated += 1;
            match add_child(run, sides, (side, id), action, state) {
                Ok(Some(child)) => children.push(child),
                Ok(None) => {}
                Err(limit) => return Outcome::LimitReached(limit),
            }
        }
        run.expanded(id, &children);
        let held = sides.frontier[0].len() + sides.frontier[1].len();
        run.stats.max_frontier = run.stats.max_frontier.max(held as u64);
    }
    match sides.best {
        Some((_, forward, backward)) => Outcome::Found(joined_path(&run.arena, forward, backward)),
        None => Outcome::Exhausted,
    }
}

/// The roots: the start forward, the goal backward, joined at once when they are one state.
fn start<P, O>(run: &mut RunContext<'_, P, O>, sides: &mut Sides<P::Key>)
where
    P: Problem + ?Sized,
    O: Observer<P>,
{
    let problem = run.problem;
    let goal = problem.goal_state().expect("bidirectional search needs the problem's goal_state");
    let root = problem.initial_state();
    run.observer.on_event(&Event::Start { state: &root });
    sides.reached[0].insert(sides.space, problem.key(&root), 0);
    run.arena.push_root(root);
    sides.enter(0, 0, 0);
    run.observer.on_event(&Event::GoalStart { node: 1, state: &goal });
    let goal_key = problem.key(&goal);
    sides.reached[1].insert(sides.space, goal_key.clone(), 1);
    run.arena.0.push(Node { state: goal, action: None, parent: 1, depth: 0, cost: 0, closed: false });
    sides.enter(1, 1, 0);
    run.stats.max_frontier = 2;
    if sides.reached[0].get(sides.space, &goal_key).is_some() {
        sides.best = Some((0, 0, 1));
        run.observer.on_event(&Event::Joined { forward: 0, backward: 1 });
    }
}

/// The child `state` reached by `action` from node `at.1` on side `at.0`: added unless its
/// state was reached as cheaply on that side (a cheaper path replaces the frontier's entry),
/// and joined with the other side when that side reached it. `Ok(None)` when discarded.
fn add_child<P, O>(
    run: &mut RunContext<'_, P, O>,
    sides: &mut Sides<P::Key>,
    (side, id): (usize, NodeId),
    action: P::Action,
    state: P::State,
) -> Result<Option<NodeId>, Limit>
where
    P: Problem + ?Sized,
    O: Observer<P>,
{
    let (problem, measure, space) = (run.problem, sides.measure, sides.space);
    let node = &run.arena.0[id as usize];
    let step = if side == 0 {
        problem.step_cost(&node.state, &action, &state)
    } else {
        problem.step_cost(&state, &action, &node.state)
    };
    let (depth, cost) = (node.depth + 1, node.cost.checked_add(step).ok_or(Limit::Cost)?);
    let key = problem.key(&state);
    let value = measure.of(depth, cost);
    if let Some(old) = sides.reached[side].get(space, &key) {
        let known = &run.arena.0[old as usize];
        if measure.of_node(known) <= value {
            let reason = if known.closed { DiscardReason::Explored } else { DiscardReason::InFrontier };
            run.discard(&state, reason);
            return Ok(None);
        }
        // A cheaper path to a state still in the frontier replaces it there.
        if let Some((v, s)) = sides.entry[old as usize].take() {
            sides.frontier[side].remove(&(v, s, old));
            run.discard_node(old, DiscardReason::Dropped);
        }
    }
    let child_id = run.add_child(Child { state, action, parent: id, depth, cost, priority: value })?;
    sides.enter(child_id, side, value);
    let other = sides.reached[1 - side].get(space, &key);
    sides.reached[side].insert(space, key, child_id);
    if let Some(other) = other {
        let length = value.saturating_add(measure.of_node(&run.arena.0[other as usize]));
        if sides.best.is_none_or(|(b, _, _)| length < b) {
            let (forward, backward) = if side == 0 { (child_id, other) } else { (other, child_id) };
            sides.best = Some((length, forward, backward));
            run.observer.on_event(&Event::Joined { forward, backward });
        }
    }
    Ok(Some(child_id))
}

/// The forward path to `forward` followed by the backward path from `backward` (both holding
/// the same state) to the goal.
fn joined_path<S: Clone, A: Clone>(arena: &Arena<S, A>, forward: NodeId, backward: NodeId) -> Path<S, A> {
    let mut path = arena.path_to(forward);
    let mut at = backward;
    while let Node { action: Some(action), parent, .. } = &arena.0[at as usize] {
        path.actions.push(action.clone());
        path.states.push(arena.0[*parent as usize].state.clone());
        at = *parent;
    }
    path.cost += arena.0[backward as usize].cost;
    path
}
