//! The rules of issue 8 pinned on small problems whose answers are worked out by hand:
//! goal test on generation, depth-limited search's cutoff, IDS's depth limit, the
//! decrease-key event, and costs that would overflow.

use proptest::prelude::*;
use searchlab_core::{
    breadth_first_search, depth_limited_search, iterative_deepening_search_with, uniform_cost_search,
    uniform_cost_search_with, DuplicatePolicy, Event, GoalTest, Limit, Outcome, Problem, SearchOptions,
};

/// A weighted directed graph on `0..n` given by its edges `(from, to, cost)`; start 0.
struct Graph {
    edges: Vec<(usize, usize, u64)>,
    goal: Option<usize>,
}

impl Problem for Graph {
    type State = usize;
    type Action = u64;
    type Key = usize;
    fn initial_state(&self) -> usize {
        0
    }
    fn successors(&self, n: &usize, out: &mut Vec<(u64, usize)>) {
        out.extend(self.edges.iter().filter(|e| e.0 == *n).map(|&(_, to, cost)| (cost, to)));
    }
    fn is_goal(&self, n: &usize) -> bool {
        self.goal == Some(*n)
    }
    fn key(&self, n: &usize) -> usize {
        *n
    }
    fn step_cost(&self, _: &usize, cost: &u64, _: &usize) -> u64 {
        *cost
    }
}

fn ucs_options(goal_test: GoalTest) -> SearchOptions {
    SearchOptions::default().with_duplicates(DuplicatePolicy::DecreaseKey).with_goal_test(goal_test)
}

#[test]
fn goal_test_on_generation_returns_the_first_goal_generated() {
    // S=0 → A=1 costs 1, S → G=2 costs 10, A → G costs 1.
    // On selection: S is expanded (A at g 1, G at g 10), A is expanded (G improved to g 2),
    // G is selected: path S, A, G of cost 2 after 2 expansions.
    // On generation: S is expanded, A is generated, then G is generated and is the goal:
    // path S, G of cost 10 after 1 expansion.
    let g = Graph { edges: vec![(0, 1, 1), (0, 2, 10), (1, 2, 1)], goal: Some(2) };
    let on_selection = uniform_cost_search(&g, &ucs_options(GoalTest::OnSelection));
    let path = on_selection.solution().unwrap();
    assert_eq!((path.states.as_slice(), path.cost, on_selection.stats.expanded), (&[0, 1, 2][..], 2, 2));
    let on_generation = uniform_cost_search(&g, &ucs_options(GoalTest::OnGeneration));
    let path = on_generation.solution().unwrap();
    assert_eq!((path.states.as_slice(), path.cost, on_generation.stats.expanded), (&[0, 2][..], 10, 1));

    // BFS, 0 → 1, 0 → 2, 1 → 3, 2 → 4; goal 2. On selection 0 and 1 are expanded before 2
    // is selected; on generation 2 is found while 0 is expanded. Same path 0, 2.
    let g = Graph { edges: vec![(0, 1, 1), (0, 2, 1), (1, 3, 1), (2, 4, 1)], goal: Some(2) };
    let on_selection = breadth_first_search(&g, &SearchOptions::default());
    let on_generation = breadth_first_search(&g, &SearchOptions::default().with_goal_test(GoalTest::OnGeneration));
    assert_eq!(on_selection.solution().unwrap().states, [0, 2]);
    assert_eq!(on_generation.solution().unwrap().states, [0, 2]);
    assert_eq!((on_selection.stats.expanded, on_generation.stats.expanded), (2, 1));
    // A goal root is found before anything is expanded, either way.
    let root = Graph { edges: vec![(0, 1, 1)], goal: Some(0) };
    let found = breadth_first_search(&root, &SearchOptions::default().with_goal_test(GoalTest::OnGeneration));
    assert_eq!((found.solution().unwrap().states.clone(), found.stats.expanded), (vec![0], 0));
}

#[test]
fn decrease_key_reports_the_improvement() {
    // 0 → 1 costs 5, 0 → 2 costs 1, 2 → 1 costs 1, 1 → 3 costs 1. Node 1 (id 1, g 5) is
    // improved when 2 (id 2, g 1) is expanded: parent 2, g 2, depth 2.
    let g = Graph { edges: vec![(0, 1, 5), (0, 2, 1), (2, 1, 1), (1, 3, 1)], goal: Some(3) };
    let mut improved = Vec::new();
    let mut observer = |e: &Event<'_, Graph>| {
        if let Event::Improved { node, parent, state, action, depth, old_cost, new_cost, priority } = *e {
            improved.push((node, parent, *state, *action, depth, old_cost, new_cost, priority));
        }
    };
    let result = uniform_cost_search_with(&g, &ucs_options(GoalTest::OnSelection), &mut observer);
    assert_eq!(improved, [(1, 2, 1, 1, 2, 5, 2, 2)]);
    assert_eq!(result.solution().unwrap().states, [0, 2, 1, 3]);
    assert_eq!(result.solution().unwrap().cost, 3);
    // Without decrease-key nothing is improved, and the dearer path stays.
    let mut count = 0;
    let mut observer = |e: &Event<'_, Graph>| count += matches!(e, Event::Improved { .. }) as usize;
    let result = uniform_cost_search_with(&g, &SearchOptions::default(), &mut observer);
    assert_eq!((count, result.solution().unwrap().cost), (0, 6));
}

#[test]
fn an_overflowing_cost_stops_with_the_cost_limit() {
    // 0 → 1 → 2 → 3, each step half of u64::MAX plus one: the second step overflows.
    let big = u64::MAX / 2 + 1;
    let g = Graph { edges: vec![(0, 1, big), (1, 2, big), (2, 3, 1)], goal: Some(3) };
    for options in [SearchOptions::default(), ucs_options(GoalTest::OnSelection)] {
        let result = uniform_cost_search(&g, &options);
        assert_eq!(result.outcome, Outcome::LimitReached(Limit::Cost));
        assert_eq!(result.stats.expanded, 2);
    }
    let closure = searchlab_core::dijkstra(0u8, |&n| [(n + 1, big)], |&n| n == 3);
    assert_eq!(closure, None);
    // A*'s f = g + h overflows too: node 1 has g 1 and h u64::MAX.
    let h = |&n: &u8| if n == 0 { 0 } else { u64::MAX };
    assert_eq!(searchlab_core::astar(0u8, |&n| [(n + 1, 1)], h, |&n| n == 2), None);
    let h = |&n: &u8| if n == 0 { 0 } else { u64::MAX - 1 };
    assert_eq!(searchlab_core::astar(0u8, |&n| [(n + 1, 1)], h, |&n| n == 1), Some((vec![0, 1], 1)));
}

/// A tree given by each node's parent (`parents[i]` for node `i + 1`; node 0 is the root).
#[derive(Debug, Clone)]
struct Tree {
    parents: Vec<usize>,
    goal: Option<usize>,
}

impl Tree {
    fn depth(&self, mut n: usize) -> u64 {
        let mut d = 0;
        while n != 0 {
            n = self.parents[n - 1];
            d += 1;
        }
        d
    }
}

impl Problem for Tree {
    type State = usize;
    type Action = ();
    type Key = usize;
    fn initial_state(&self) -> usize {
        0
    }
    fn successors(&self, n: &usize, out: &mut Vec<((), usize)>) {
        out.extend(self.parents.iter().enumerate().filter(|(_, p)| **p == *n).map(|(i, _)| ((), i + 1)));
    }
    fn is_goal(&self, n: &usize) -> bool {
        self.goal == Some(*n)
    }
    fn key(&self, n: &usize) -> usize {
        *n
    }
}

fn tree() -> impl Strategy<Value = Tree> {
    (0usize..20)
        .prop_flat_map(|n| {
            let parents: Vec<BoxedStrategy<usize>> = (0..n).map(|i| (0..=i).boxed()).collect();
            (parents, prop::option::of(0..=n))
        })
        .prop_map(|(parents, goal)| Tree { parents, goal })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn depth_limited_search_cuts_off_exactly_when_a_deeper_node_exists(t in tree(), limit in 0u64..8) {
        let height = (0..=t.parents.len()).map(|n| t.depth(n)).max().unwrap();
        let goal_depth = t.goal.map(|g| t.depth(g));
        for options in [
            SearchOptions::default(),
            SearchOptions::default().with_duplicates(DuplicatePolicy::DiscardExpandedOnSelection),
        ] {
            let result = depth_limited_search(&t, limit, &options);
            match goal_depth {
                Some(d) if d <= limit => {
                    prop_assert_eq!(result.solution().map(|p| p.len() as u64), Some(d));
                }
                _ if height > limit => prop_assert_eq!(&result.outcome, &Outcome::Cutoff),
                _ => prop_assert_eq!(&result.outcome, &Outcome::Exhausted),
            }
        }
    }
}

/// The integers from 0 up, one step at a time; goal `goal` if any.
struct Up(Option<u64>);

impl Problem for Up {
    type State = u64;
    type Action = ();
    type Key = u64;
    fn initial_state(&self) -> u64 {
        0
    }
    fn successors(&self, s: &u64, out: &mut Vec<((), u64)>) {
        out.push(((), s + 1));
    }
    fn is_goal(&self, s: &u64) -> bool {
        self.0 == Some(*s)
    }
    fn key(&self, s: &u64) -> u64 {
        *s
    }
}

#[test]
fn ids_stops_after_the_iteration_of_its_max_depth() {
    let options = SearchOptions::default().with_max_depth(3);
    // No goal: iterations with depth limits 0, 1, 2, 3 select 1 + 2 + 3 + 4 nodes.
    let mut limits = Vec::new();
    let mut observer = |e: &Event<'_, Up>| {
        if let Event::Iteration { depth_limit } = e {
            limits.push(*depth_limit);
        }
    };
    let result = iterative_deepening_search_with(&Up(None), &options, &mut observer);
    assert_eq!(result.outcome, Outcome::LimitReached(Limit::Depth));
    assert_eq!(limits, [0, 1, 2, 3]);
    assert_eq!(result.stats.selected, 10);
    // A goal at the max depth is found; one step deeper is not.
    let found = iterative_deepening_search_with(&Up(Some(3)), &options, &mut |_: &Event<'_, Up>| {});
    assert_eq!(found.solution().unwrap().states, [0, 1, 2, 3]);
    let missed = iterative_deepening_search_with(&Up(Some(4)), &options, &mut |_: &Event<'_, Up>| {});
    assert_eq!(missed.outcome, Outcome::LimitReached(Limit::Depth));
    // A finite space ends on its own before the max depth: 0 → 1 → 2, no goal. Limit 2
    // hides nothing (2 is a leaf), so IDS stops there, exhausted, after 1 + 2 + 3 nodes.
    let chain = Graph { edges: vec![(0, 1, 1), (1, 2, 1)], goal: None };
    let result = iterative_deepening_search_with(&chain, &options, &mut |_: &Event<'_, Graph>| {});
    assert_eq!((result.outcome, result.stats.selected), (Outcome::Exhausted, 6));
}
