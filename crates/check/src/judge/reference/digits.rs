//! The 3-digit reference under a [`Config`]: the puzzle's problem wrapped so that node
//! identity, child order, forbidden numbers, the "same digit" rule, the heuristic and A*'s g
//! follow the config, run on the one engine, and printed under the config's output rules.

use std::cell::RefCell;

use searchlab_core::{search_with, Event, GoalTest, KeySpace, Outcome, Problem, Strategy, COMP3308_EXPANSION_LIMIT};
use searchlab_threedigits::{DigitsProblem, Instance, Move, Number, State};

use crate::judge::config::{Config, ExhaustedFringe, HeuristicRule, Identity, SameDigit, StartIsGoal, SuccessorOrder};

/// The most expansions a run "without limit" makes.
const UNLIMITED_BOUND: u64 = 100_000;

/// A node as the config's rules see it: the puzzle's state, the digit changed by the move
/// into its parent (for [`SameDigit::ParentsMove`]) and its g under
/// [`Config::g_per_number`].
#[derive(Debug, Clone, Copy)]
struct RuledState {
    state: State,
    parents_move: Option<u8>,
    g: u64,
}

/// The 3-digit problem under a config's puzzle rules.
struct Ruled<'a> {
    inner: DigitsProblem,
    config: &'a Config,
    /// The g table per number ([`Config::g_per_number`]).
    g_table: RefCell<Vec<u64>>,
}

impl Ruled<'_> {
    /// Whether a forbidden child of `state` may still be generated.
    fn allows_forbidden(&self, state: &State, child: &State) -> bool {
        let f = &self.config.forbidden;
        f.ignored
            || (f.unchecked_at_root && state.changed.is_none())
            || (f.goal_reachable && child.number == self.inner.instance().goal)
    }
}

impl Problem for Ruled<'_> {
    type State = RuledState;
    type Action = Move;
    type Key = u16;

    fn initial_state(&self) -> RuledState {
        RuledState { state: self.inner.initial_state(), parents_move: None, g: 0 }
    }

    fn successors(&self, node: &RuledState, out: &mut Vec<(Move, RuledState)>) {
        let state = node.state;
        // The puzzle's moves skip the digit in `changed`: the config says which one.
        let rule = match self.config.same_digit {
            SameDigit::Spec => state,
            SameDigit::ParentsMove => State { changed: node.parents_move, ..state },
        };
        let mut children = Vec::new();
        self.inner.successors(&rule, &mut children);
        let mut extra = Vec::new();
        self.inner.forbidden_successors(&rule, &mut extra);
        extra.retain(|(_, child)| self.allows_forbidden(&state, child));
        if !extra.is_empty() {
            children.extend(extra);
            children.sort_by_key(|(m, _)| (m.digit, m.delta));
        }
        if self.config.successors == SuccessorOrder::Reversed {
            children.reverse();
        }
        let mut table = self.g_table.borrow_mut();
        let g = if self.config.g_per_number { table[usize::from(state.number.value())] + 1 } else { node.g + 1 };
        for (m, child) in children {
            if self.config.g_per_number {
                table[usize::from(child.number.value())] = g;
            }
            out.push((m, RuledState { state: child, parents_move: state.changed, g }));
        }
    }

    fn is_goal(&self, node: &RuledState) -> bool {
        self.inner.is_goal(&node.state)
    }

    fn key(&self, node: &RuledState) -> u16 {
        match self.config.identity {
            Identity::Spec => node.state.index() as u16,
            Identity::DigitsOnly => node.state.number.value(),
        }
    }

    fn heuristic(&self, node: &RuledState) -> u64 {
        let h = match self.config.heuristic {
            HeuristicRule::Constant => 0,
            _ => self.inner.heuristic(&node.state),
        };
        // Under g per number the engine's own g is 0 (see `step_cost`) and f = g + h is the
        // program's, with the g the table gave the node.
        if self.config.g_per_number {
            node.g + h
        } else {
            h
        }
    }

    fn step_cost(&self, _: &RuledState, _: &Move, _: &RuledState) -> u64 {
        u64::from(!self.config.g_per_number)
    }

    fn key_space(&self) -> KeySpace<u16> {
        KeySpace::Dense { size: 4000, index: |key| usize::from(*key) }
    }
}

fn join(numbers: &[Number]) -> String {
    numbers.iter().map(Number::to_string).collect::<Vec<_>>().join(",")
}

/// The reference's answer before it is written: the two lines of numbers (the path, or
/// `None` for the no-solution line, then the expanded list), or what the config prints
/// instead of them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum DigitsAnswer {
    /// Line 1 (`None`: `No solution found.`) and line 2.
    Lines(Option<Vec<Number>>, Vec<Number>),
    /// Any other text.
    Text(String),
}

impl DigitsAnswer {
    /// The answer as the reference writes it.
    pub(crate) fn text(&self) -> String {
        match self {
            DigitsAnswer::Lines(Some(path), expanded) => format!("{}\n{}\n", join(path), join(expanded)),
            DigitsAnswer::Lines(None, expanded) => format!("{}\n{}\n", crate::NO_SOLUTION, join(expanded)),
            DigitsAnswer::Text(text) => text.clone(),
        }
    }
}

/// The reference's exact output (the two lines, or what the config prints instead) for
/// `instance` under `config`.
pub fn digits_reference(config: &Config, instance: &Instance) -> String {
    digits_answer(config, instance).text()
}

/// The reference's answer for `instance` under `config`, before it is written.
pub(crate) fn digits_answer(config: &Config, instance: &Instance) -> DigitsAnswer {
    let text = |text: String| DigitsAnswer::Text(text);
    let start_forbidden = instance.forbidden.contains(&instance.start);
    if instance.start == instance.goal {
        match config.start_is_goal {
            StartIsGoal::Spec => {}
            StartIsGoal::NoSolution => return DigitsAnswer::Lines(None, vec![instance.start]),
            StartIsGoal::PrintsNothing => return text(String::new()),
            StartIsGoal::EmptyPath => return text(format!("\n{}\n", instance.start)),
        }
    } else if start_forbidden && config.forbidden.start_not_expanded {
        return DigitsAnswer::Lines(None, Vec::new());
    }
    // Without a limit, a search with the discard rule ends within its 4000 keys; one without
    // any cycle check may not: stop it at a bound far beyond what any program prints. A
    // limit compared at the end of IDS's iterations is applied to the unlimited run's list.
    let at_iteration_end = config.limit_at_iteration_end && config.strategy == Strategy::IterativeDeepening;
    let limit = config.options.expansion_limit;
    let mut options = config.options.clone();
    options.expansion_limit = if at_iteration_end { Some(UNLIMITED_BOUND) } else { limit.or(Some(UNLIMITED_BOUND)) };
    let config = &Config { options, ..config.clone() };
    let problem = Ruled { inner: DigitsProblem::new(instance.clone()), config, g_table: RefCell::new(vec![0; 1000]) };
    let unlist_root = start_forbidden && config.forbidden.start_unlisted;
    let mut expanded = Vec::new();
    let mut iteration_starts = Vec::new();
    let mut record = |event: &Event<'_, Ruled<'_>>| match event {
        Event::Selected { state, depth, .. } if !(unlist_root && *depth == 0) => expanded.push(state.state.number),
        Event::Iteration { .. } => iteration_starts.push(expanded.len()),
        _ => {}
    };
    let result = search_with(&problem, config.strategy, &config.options, &mut record);
    if let (true, Some(limit)) = (at_iteration_end, limit) {
        let found = matches!(result.outcome, Outcome::Found(_));
        if let Some(end) = first_end_at_limit(&iteration_starts, expanded.len(), found, limit as usize) {
            expanded.truncate(end);
            return if config.limit_prints_nothing { text(String::new()) } else { DigitsAnswer::Lines(None, expanded) };
        }
    }
    print(config, instance, result.outcome, expanded)
}

/// Where a search whose limit is compared only when an IDS iteration ends stops: the end
/// (nodes listed so far) of the first iteration that ends at or past `limit`, if one ends
/// before the goal's. `starts` holds the list's length as each iteration began; the last
/// iteration ends with the list unless the goal was found in it.
fn first_end_at_limit(starts: &[usize], len: usize, found: bool, limit: usize) -> Option<usize> {
    let mut ends: Vec<usize> = starts.iter().skip(1).copied().collect();
    if !found {
        ends.push(len);
    }
    ends.into_iter().find(|&end| end >= limit)
}

/// The two lines (or what the config prints instead) for a search's outcome and the nodes
/// it listed.
fn print(
    config: &Config,
    instance: &Instance,
    outcome: Outcome<RuledState, Move>,
    mut expanded: Vec<Number>,
) -> DigitsAnswer {
    match outcome {
        Outcome::Found(path) => {
            if config.options.goal_test == GoalTest::OnGeneration {
                // Found when generated: such programs list the goal as the last node.
                expanded.push(instance.goal);
            }
            DigitsAnswer::Lines(Some(path.states.iter().map(|s| s.state.number).collect()), expanded)
        }
        Outcome::LimitReached(_) if config.limit_prints_nothing => DigitsAnswer::Text(String::new()),
        Outcome::Exhausted | Outcome::Cutoff if config.exhausted != ExhaustedFringe::Spec => match config.exhausted {
            ExhaustedFringe::PrintsNothing => DigitsAnswer::Text(String::new()),
            ExhaustedFringe::StartAsPath => DigitsAnswer::Lines(Some(vec![instance.start]), expanded),
            ExhaustedFringe::EmptyLine => DigitsAnswer::Text(format!("\n{}\n", join(&expanded))),
            _ => {
                let limit = config
                    .options
                    .expansion_limit
                    .map_or(COMP3308_EXPANSION_LIMIT, |l| l.min(COMP3308_EXPANSION_LIMIT))
                    as usize;
                if let Some(last) = expanded.last().copied() {
                    expanded.resize(limit.max(expanded.len()), last);
                }
                DigitsAnswer::Lines(None, expanded)
            }
        },
        _ => DigitsAnswer::Lines(None, expanded),
    }
}

#[cfg(test)]
mod tests {
    use super::first_end_at_limit;

    /// Iterations of 1, 3, 9 and 27 nodes: the list is 1, 4, 13 and 40 long as they end.
    #[test]
    fn the_limit_compared_when_an_iteration_ends() {
        let starts = [0, 1, 4, 13];
        assert_eq!(first_end_at_limit(&starts, 40, false, 10), Some(13));
        assert_eq!(first_end_at_limit(&starts, 40, false, 13), Some(13));
        assert_eq!(first_end_at_limit(&starts, 40, false, 14), Some(40));
        // The goal found in the last iteration: only the iterations before it can stop it.
        assert_eq!(first_end_at_limit(&starts, 30, true, 10), Some(13));
        assert_eq!(first_end_at_limit(&starts, 30, true, 14), None);
        assert_eq!(first_end_at_limit(&starts, 40, false, 41), None);
    }
}
