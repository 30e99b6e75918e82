//! The 3-digit puzzle's registration: how the command line, reports and the replay web app
//! read, draw, show and run it ([`searchlab_core::catalog::Puzzle`]).

use searchlab_core::catalog::{
    Describe, ExpandedCount, Field, InstanceError, Puzzle, RandomSource, RunAnswer, StrategyEntry,
};
use searchlab_core::Observer;

use crate::algorithm::{spec_options, LETTERS};
use crate::{
    optimal_depth, parse_fields, parse_strategy, solve_problem, Answer, DigitsProblem, Instance, Move, Number, State,
};

/// The 3-digit puzzle (COMP3308), registered for every view.
#[derive(Debug, Clone, Copy, Default)]
pub struct ThreeDigits;

/// A state is shown as `{"number": "320", "changed": 1}`, a move as `{"digit": 0, "delta":
/// -1}` (in words: `320` and `1st digit -1`); forbidden children are reported as rejected.
impl Describe for DigitsProblem {
    type StateView = State;
    type ActionView = Move;

    fn view_state(&self, state: &State) -> State {
        *state
    }

    fn view_action(&self, action: &Move) -> Move {
        *action
    }

    fn action_words(&self, action: &Move) -> String {
        let ordinal = ["1st", "2nd", "3rd"].get(usize::from(action.digit)).copied().unwrap_or("?");
        format!("{ordinal} digit {:+}", action.delta)
    }

    /// The number alone (`320`), as the spec's lines write it.
    fn state_words(&self, state: &State) -> String {
        state.number.to_string()
    }

    fn rejected_children(&self, state: &State, out: &mut Vec<State>) {
        let mut moves = Vec::new();
        self.forbidden_successors(state, &mut moves);
        out.extend(moves.into_iter().map(|(_, s)| s));
    }
}

impl Puzzle for ThreeDigits {
    const NAME: &'static str = "digits";
    const TITLE: &'static str = "3-digit puzzle";
    const FIELDS: &'static [Field] = &[
        Field { name: "start", label: "Start", example: "320", per_run: false },
        Field { name: "goal", label: "Goal", example: "110", per_run: false },
        Field { name: "forbidden", label: "Forbidden", example: "", per_run: false },
    ];
    const EXPANDED_COUNT: ExpandedCount = ExpandedCount::Selected;
    const EXPANDED_LABEL: &'static str = "expanded (the spec's list)";

    type Instance = Instance;
    type Problem = DigitsProblem;
    type Answer = Answer;

    fn parse(field: &dyn Fn(&str) -> String) -> Result<Instance, InstanceError> {
        parse_fields(&field("start"), &field("goal"), &field("forbidden"))
            .map_err(|e| InstanceError::Malformed(Box::new(e)))
    }

    fn fields(instance: &Instance) -> Vec<(&'static str, String)> {
        let forbidden: Vec<String> = instance.forbidden.iter().map(Number::to_string).collect();
        vec![
            ("start", instance.start.to_string()),
            ("goal", instance.goal.to_string()),
            ("forbidden", forbidden.join(",")),
        ]
    }

    /// A start and a goal 3 to 8 moves apart, with up to 4 forbidden numbers.
    fn random(rng: &mut dyn RandomSource) -> Instance {
        fn number(rng: &mut dyn RandomSource) -> Number {
            Number::new(rng.below(1000) as u16).unwrap_or_else(|| unreachable!("below 1000"))
        }
        loop {
            let (start, goal) = (number(rng), number(rng));
            let count = rng.below(5);
            let forbidden: Vec<Number> = (0..count).map(|_| number(rng)).filter(|&f| f != start && f != goal).collect();
            let instance = Instance { start, goal, forbidden };
            if optimal_depth(&instance).is_some_and(|d| (3..=8).contains(&d)) {
                return instance;
            }
        }
    }

    fn problem(instance: &Instance) -> Result<DigitsProblem, InstanceError> {
        Ok(DigitsProblem::new(instance.clone()))
    }

    /// B D I G A H, all with the spec's options.
    fn strategies() -> Vec<StrategyEntry> {
        LETTERS.iter().map(|&(name, strategy)| StrategyEntry { name, strategy, options: spec_options() }).collect()
    }

    /// A letter or a name, as [`parse_strategy`] reads them (`A`, `astar`).
    fn strategy(name: &str) -> Option<StrategyEntry> {
        let strategy = parse_strategy(name).ok()?;
        Self::strategies().into_iter().find(|e| e.strategy == strategy)
    }

    fn command(_instance: &Instance, entry: &StrategyEntry) -> String {
        format!("searchlab digits {} FILE", entry.name)
    }

    fn run<O: Observer<DigitsProblem>>(
        problem: &DigitsProblem,
        entry: &StrategyEntry,
        observer: &mut O,
    ) -> RunAnswer<Answer> {
        let answer = solve_problem(problem, entry.strategy, &entry.options, observer);
        RunAnswer {
            text: answer.to_string(),
            moves: answer.moves.iter().map(|m| problem.action_words(m)).collect(),
            finish: answer.finish,
            stats: answer.stats,
            answer,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use searchlab_core::{NoObserver, Strategy};

    struct Counter(u32);

    impl RandomSource for Counter {
        fn below(&mut self, bound: u32) -> u32 {
            self.0 = self.0.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            (self.0 >> 8) % bound
        }
    }

    #[test]
    fn random_instances_parse_back_from_their_fields() {
        let mut rng = Counter(7);
        for _ in 0..20 {
            let instance = ThreeDigits::random(&mut rng);
            let fields = ThreeDigits::fields(&instance);
            let field =
                |name: &str| fields.iter().find(|(n, _)| *n == name).map(|(_, v)| v.clone()).unwrap_or_default();
            assert_eq!(ThreeDigits::parse(&field).unwrap(), instance);
            let depth = optimal_depth(&instance).unwrap();
            assert!((3..=8).contains(&depth), "{depth}");
        }
    }

    #[test]
    fn strategies_show_the_spec_frontiers() {
        let shown: Vec<(&str, String)> =
            ThreeDigits::strategies().iter().map(|e| (e.name, e.frontier().to_string())).collect();
        // The spec: a queue for BFS, a stack for DFS and IDS, the node added last wins ties.
        assert_eq!(shown[0], ("B", "Frontier: a queue (first in, first out).".to_string()));
        assert_eq!(shown[2].1, "Frontier: a stack (last in, first out; the first child on top).");
        assert_eq!(
            shown[4],
            ("A", "Frontier: a priority queue. Lowest f = g + h first; equal values: the latest added.".into())
        );
        assert_eq!(ThreeDigits::strategy("g").unwrap().frontier(), Strategy::Greedy.frontier(&spec_options()));
    }

    #[test]
    fn runs_answer_as_the_command_line() {
        let problem = ThreeDigits::problem(&crate::parse_instance(b"320\n110\n").unwrap()).unwrap();
        let run = ThreeDigits::run(&problem, &ThreeDigits::strategy("A").unwrap(), &mut NoObserver);
        assert_eq!(run.text, "320,220,210,110\n320,310,210,220,210,110\n");
        assert_eq!(run.moves, ["1st digit -1", "2nd digit -1", "1st digit -1"]);
        assert_eq!(problem.action_words(&Move { digit: 2, delta: 1 }), "3rd digit +1");
        assert_eq!(problem.state_words(&searchlab_core::Problem::initial_state(&problem)), "320");
    }
}
