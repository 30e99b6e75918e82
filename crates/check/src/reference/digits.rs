//! The 3-digit reference under a [`Config`]: the puzzle's problem wrapped so that node
//! identity, child order, forbidden numbers and the heuristic follow the config, run on the
//! one engine, and printed under the config's output rules.

use searchlab_core::{search_with, Event, GoalTest, KeySpace, Outcome, Problem, COMP3308_EXPANSION_LIMIT};
use searchlab_threedigits::{DigitsProblem, Instance, Move, Number, State};

use crate::config::{Config, ExhaustedFringe, HeuristicRule, Identity, StartIsGoal, SuccessorOrder};

/// The most expansions a run "without limit" makes.
const UNLIMITED_BOUND: u64 = 100_000;

/// The 3-digit problem under a config's puzzle rules.
struct Ruled<'a> {
    inner: DigitsProblem,
    config: &'a Config,
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
    type State = State;
    type Action = Move;
    type Key = u16;

    fn initial_state(&self) -> State {
        self.inner.initial_state()
    }

    fn successors(&self, state: &State, out: &mut Vec<(Move, State)>) {
        let start = out.len();
        self.inner.successors(state, out);
        let mut extra = Vec::new();
        self.inner.forbidden_successors(state, &mut extra);
        extra.retain(|(_, child)| self.allows_forbidden(state, child));
        if !extra.is_empty() {
            out.extend(extra);
            out[start..].sort_by_key(|(m, _)| (m.digit, m.delta));
        }
        if self.config.successors == SuccessorOrder::Reversed {
            out[start..].reverse();
        }
    }

    fn is_goal(&self, state: &State) -> bool {
        self.inner.is_goal(state)
    }

    fn key(&self, state: &State) -> u16 {
        match self.config.identity {
            Identity::Spec => state.index() as u16,
            Identity::DigitsOnly => state.number.value(),
        }
    }

    fn heuristic(&self, state: &State) -> u64 {
        match self.config.heuristic {
            HeuristicRule::Constant => 0,
            _ => self.inner.heuristic(state),
        }
    }

    fn key_space(&self) -> KeySpace<u16> {
        KeySpace::Dense { size: 4000, index: |key| usize::from(*key) }
    }
}

fn join(numbers: &[Number]) -> String {
    numbers.iter().map(Number::to_string).collect::<Vec<_>>().join(",")
}

/// The reference's exact output (the two lines, or what the config prints instead) for
/// `instance` under `config`.
pub fn digits_reference(config: &Config, instance: &Instance) -> String {
    let start_forbidden = instance.forbidden.contains(&instance.start);
    if instance.start == instance.goal {
        match config.start_is_goal {
            StartIsGoal::Spec => {}
            StartIsGoal::NoSolution => return format!("{}\n{}\n", crate::NO_SOLUTION, instance.start),
            StartIsGoal::PrintsNothing => return String::new(),
        }
    } else if start_forbidden && config.forbidden.start_not_expanded {
        return format!("{}\n\n", crate::NO_SOLUTION);
    }
    // Without a limit, a search with the discard rule ends within its 4000 keys; one without
    // any cycle check may not: stop it at a bound far beyond what any program prints.
    let mut options = config.options.clone();
    options.expansion_limit = options.expansion_limit.or(Some(UNLIMITED_BOUND));
    let config = &Config { options, ..config.clone() };
    let problem = Ruled { inner: DigitsProblem::new(instance.clone()), config };
    let unlist_root = start_forbidden && config.forbidden.start_unlisted;
    let mut expanded = Vec::new();
    let mut record = |event: &Event<'_, Ruled<'_>>| {
        if let Event::Selected { state, depth, .. } = event {
            if !(unlist_root && *depth == 0) {
                expanded.push(state.number);
            }
        }
    };
    let result = search_with(&problem, config.strategy, &config.options, &mut record);
    match result.outcome {
        Outcome::Found(path) => {
            if config.options.goal_test == GoalTest::OnGeneration {
                // Found when generated: such programs list the goal as the last node.
                expanded.push(instance.goal);
            }
            let numbers: Vec<Number> = path.states.iter().map(|s| s.number).collect();
            format!("{}\n{}\n", join(&numbers), join(&expanded))
        }
        Outcome::Exhausted | Outcome::Cutoff if config.exhausted != ExhaustedFringe::Spec => match config.exhausted {
            ExhaustedFringe::PrintsNothing => String::new(),
            _ => {
                let limit = config
                    .options
                    .expansion_limit
                    .map_or(COMP3308_EXPANSION_LIMIT, |l| l.min(COMP3308_EXPANSION_LIMIT))
                    as usize;
                if let Some(last) = expanded.last().copied() {
                    expanded.resize(limit.max(expanded.len()), last);
                }
                format!("{}\n{}\n", crate::NO_SOLUTION, join(&expanded))
            }
        },
        _ => format!("{}\n{}\n", crate::NO_SOLUTION, join(&expanded)),
    }
}
