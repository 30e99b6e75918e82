//! Registering a puzzle once for every view: the [`Puzzle`] trait a puzzle crate implements
//! (in one file), and what the views derive from it.
//!
//! A registered puzzle says how to read an instance from named text fields, how to draw a
//! seeded random one, how its states and moves look ([`Describe`]), which strategies it
//! offers with which engine options ([`StrategyEntry`]), and how one run answers. The
//! command line, `searchlab report` and `searchlab serve` iterate over the registered
//! puzzles (the list is `searchlab_registry::PUZZLES`); the frontier discipline, the
//! priority and the tie rule the web app shows come from [`Strategy::frontier`], derived from
//! the strategy's row of the strategy table and its options, never typed by hand.
//!
//! No I/O here: the trait only describes.

mod frontier;
mod local;
mod scene;

use serde::Serialize;

pub use frontier::{Discipline, FrontierRule, PriorityOrder};
pub use local::LocalPuzzle;
pub use scene::{Place, Scene};

use crate::{FinishKind, Observer, Problem, SearchOptions, Stats, Strategy};

/// One strategy a puzzle offers: its name in the puzzle's own spelling (the grader's letter
/// `B`, the driver's word `ast`), the engine strategy, and the engine options the puzzle's
/// rules fix for it.
#[derive(Debug, Clone)]
pub struct StrategyEntry {
    /// The name commands and the API take (matched without regard to case).
    pub name: &'static str,
    /// The engine strategy.
    pub strategy: Strategy,
    /// The engine options.
    pub options: SearchOptions,
}

impl StrategyEntry {
    /// A short name for people (`BFS`, `A*`): the engine strategy's.
    pub fn title(&self) -> &'static str {
        self.strategy.title()
    }

    /// The frontier this entry runs with.
    pub fn frontier(&self) -> FrontierRule {
        self.strategy.frontier(&self.options)
    }
}

/// One text field of an instance, as forms and requests name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Field {
    /// The field's name in requests (`start`, `board`).
    pub name: &'static str,
    /// Its label for people.
    pub label: &'static str,
    /// An example value, shown in an empty form.
    pub example: &'static str,
    /// A choice of the run rather than of the instance (the N-puzzle's heuristic): two runs
    /// side by side on one instance may differ in it (A* with misplaced tiles beside A* with
    /// Manhattan distance).
    pub per_run: bool,
}

/// What a puzzle's "expanded" count counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ExpandedCount {
    /// Every node taken from the frontier and goal-tested, goal included (`Stats::selected`:
    /// the 3-digit puzzle's list).
    Selected,
    /// Nodes whose successors were generated, goal excluded (`Stats::expanded`: the N-puzzle
    /// driver's `nodes_expanded`).
    Expanded,
}

/// Why an instance could not be read: the input is malformed, or it is well-formed but has
/// no solution (checked before any search, e.g. by a parity rule).
#[derive(Debug, thiserror::Error)]
pub enum InstanceError {
    /// The text is not an instance.
    #[error(transparent)]
    Malformed(Box<dyn std::error::Error + Send + Sync>),
    /// A valid instance whose goal cannot be reached.
    #[error(transparent)]
    Unsolvable(Box<dyn std::error::Error + Send + Sync>),
}

/// A source of seeded random numbers for [`Puzzle::random`] (the caller owns the generator,
/// so this crate needs none).
pub trait RandomSource {
    /// A number uniformly drawn from `0..bound` (`bound` > 0).
    fn below(&mut self, bound: u32) -> u32;
}

/// A [`Problem`] whose states and actions can be shown: what traces, reports and replays
/// write for each. A puzzle implements it once, next to its [`Puzzle`] registration.
pub trait Describe: Problem {
    /// What a state looks like in a trace.
    type StateView: Serialize;
    /// What an action looks like in a trace.
    type ActionView: Serialize;

    /// The trace's view of `state`.
    fn view_state(&self, state: &Self::State) -> Self::StateView;

    /// The trace's view of `action`.
    fn view_action(&self, action: &Self::Action) -> Self::ActionView;

    /// `action` in words, for people (`3rd digit +1`, `Up`, `go to Sibiu`).
    fn action_words(&self, action: &Self::Action) -> String;

    /// `state` in words, for people and text output (`320`, `125/34_/678`, `Arad`): short,
    /// on one line, and without `, ` (text output separates states with it).
    fn state_words(&self, state: &Self::State) -> String;

    /// Appends the children of `state` that the puzzle's rules rejected before the engine
    /// saw them (the 3-digit puzzle's forbidden numbers). Traces report each as discarded
    /// with reason `forbidden`, just before the node's `expanded` event. None by default.
    fn rejected_children(&self, _state: &Self::State, _out: &mut Vec<Self::State>) {}
}

/// What one run of a registered strategy answers.
#[derive(Debug, Clone, PartialEq)]
pub struct RunAnswer<A> {
    /// The answer, as the command line's `--json` (or the driver's fields) gives it.
    pub answer: A,
    /// The command line's text for the same input (boards: the first five lines of
    /// `output.txt`, without the process's time and memory); empty without a solution.
    pub text: String,
    /// The solution's moves in words (empty without a solution).
    pub moves: Vec<String>,
    /// How the search ended.
    pub finish: FinishKind,
    /// The engine's statistics.
    pub stats: Stats,
}

/// A puzzle, registered once for every view. Implement it in one file of the puzzle's crate
/// and add one line to `searchlab_registry::PUZZLES`.
pub trait Puzzle: 'static {
    /// The name on command lines and in the API (`digits`, `npuzzle`).
    const NAME: &'static str;
    /// The name for people (`3-digit puzzle`).
    const TITLE: &'static str;
    /// The instance's text fields, in form order.
    const FIELDS: &'static [Field];
    /// What the puzzle's "expanded" count counts.
    const EXPANDED_COUNT: ExpandedCount;
    /// That count's name for people, as the puzzle's own output or book calls it (the replay's
    /// counter label): `expanded (the spec's list)`, `nodes_expanded`.
    const EXPANDED_LABEL: &'static str = "expanded";

    /// An instance.
    type Instance: Clone;
    /// The search problem of an instance.
    type Problem: Describe;
    /// What a run answers, serializable.
    type Answer: Serialize;

    /// Reads an instance from its fields; `field(name)` is the field's text (empty when
    /// absent).
    fn parse(field: &dyn Fn(&str) -> String) -> Result<Self::Instance, InstanceError>;

    /// The fields of `instance`, in [`Puzzle::FIELDS`] order (what [`Puzzle::parse`] reads back).
    fn fields(instance: &Self::Instance) -> Vec<(&'static str, String)>;

    /// A random solvable instance that a replay shows in moments.
    fn random(rng: &mut dyn RandomSource) -> Self::Instance;

    /// The search problem of `instance` (an error for an instance the views cannot run).
    fn problem(instance: &Self::Instance) -> Result<Self::Problem, InstanceError>;

    /// The strategies, in the order commands list them.
    fn strategies() -> Vec<StrategyEntry>;

    /// The command line that answers `instance` with `entry` (for notes that point to it).
    fn command(instance: &Self::Instance, entry: &StrategyEntry) -> String;

    /// Runs `entry` on `problem` (with `entry.options`), reporting every engine event to
    /// `observer`, and answers as the command line does.
    fn run<O: Observer<Self::Problem>>(
        problem: &Self::Problem,
        entry: &StrategyEntry,
        observer: &mut O,
    ) -> RunAnswer<Self::Answer>;

    /// A caution, in one line, about what `entry` answers on `instance` (an admissible heuristic
    /// that is not consistent, given to a graph search that never re-opens a state). `None`, the
    /// default, when there is nothing to say.
    fn caution(_instance: &Self::Instance, _entry: &StrategyEntry) -> Option<String> {
        None
    }

    /// A picture of the whole state space, for a puzzle whose states are a few places (a
    /// map): the replay draws it and marks each place by what the search did with it. `None`
    /// (the default) for the others, whose states the page draws one at a time.
    fn scene() -> Option<Scene> {
        None
    }

    /// The strategy entry called `name` (any case), if the puzzle offers it; an entry under
    /// the strategy table's own name is also found by that name's aliases (`a*`).
    fn strategy(name: &str) -> Option<StrategyEntry> {
        let entries = Self::strategies();
        let table_name = Strategy::named(name).map(Strategy::name);
        let position = entries.iter().position(|e| e.name.eq_ignore_ascii_case(name.trim()));
        let position = position.or_else(|| entries.iter().position(|e| Some(e.name) == table_name));
        position.map(|i| entries[i].clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_are_found_by_name_in_any_case() {
        struct Two;
        impl Puzzle for Two {
            const NAME: &'static str = "two";
            const TITLE: &'static str = "two";
            const FIELDS: &'static [Field] = &[];
            const EXPANDED_COUNT: ExpandedCount = ExpandedCount::Selected;
            type Instance = ();
            type Problem = Never;
            type Answer = ();
            fn parse(_: &dyn Fn(&str) -> String) -> Result<(), InstanceError> {
                Ok(())
            }
            fn fields(_: &()) -> Vec<(&'static str, String)> {
                Vec::new()
            }
            fn random(_: &mut dyn RandomSource) {}
            fn problem(_: &()) -> Result<Never, InstanceError> {
                Ok(Never)
            }
            fn strategies() -> Vec<StrategyEntry> {
                [("b", Strategy::BreadthFirst), ("ast", Strategy::AStar)]
                    .map(|(name, strategy)| StrategyEntry { name, strategy, options: SearchOptions::default() })
                    .to_vec()
            }
            fn command(_: &(), entry: &StrategyEntry) -> String {
                entry.name.to_string()
            }
            fn run<O: Observer<Never>>(_: &Never, _: &StrategyEntry, _: &mut O) -> RunAnswer<()> {
                RunAnswer {
                    answer: (),
                    text: String::new(),
                    moves: Vec::new(),
                    finish: FinishKind::Exhausted,
                    stats: Stats::default(),
                }
            }
        }
        struct Never;
        impl Problem for Never {
            type State = ();
            type Action = ();
            type Key = ();
            fn initial_state(&self) {}
            fn successors(&self, _: &(), _: &mut Vec<((), ())>) {}
            fn is_goal(&self, _: &()) -> bool {
                false
            }
            fn key(&self, _: &()) {}
        }
        impl Describe for Never {
            type StateView = ();
            type ActionView = ();
            fn view_state(&self, _: &()) {}
            fn view_action(&self, _: &()) {}
            fn action_words(&self, _: &()) -> String {
                String::new()
            }
            fn state_words(&self, _: &()) -> String {
                String::new()
            }
        }
        assert_eq!(Two::strategy("AST").map(|e| e.strategy), Some(Strategy::AStar));
        assert_eq!(Two::strategy(" B ").map(|e| e.title()), Some("BFS"));
        assert!(Two::strategy("ida").is_none());
        // `a*` is A*'s alias, but this puzzle calls A* `ast`, not the table's `astar`.
        assert!(Two::strategy("a*").is_none());
    }
}
