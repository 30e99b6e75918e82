//! The N-puzzle's registration for the views: boards up to 4×4 toward any goal,
//! with the course driver's `bfs`, `dfs` and `ast` and the textbook's strategies
//! ([`searchlab_core::catalog::Puzzle`]).

use searchlab_core::catalog::{
    Describe, ExpandedCount, Field, InstanceError, Puzzle, RandomSource, RunAnswer, StrategyEntry,
};
use searchlab_core::{search_with, Event, FinishKind, Observer, Outcome, Strategy, Weight};

use std::marker::PhantomData;

use crate::heuristic::{Heuristic, RowsOnly, TableHeuristics};
use crate::instance::{SlidingInstance, FIELDS};
use crate::packed::{Cells, Nibbles};
use crate::{
    default_max_nodes, format_output, search_options, Board, Direction, DriverOptions, DriverReport, NPuzzle,
    PuzzleState, SlidingProblem, SmallNPuzzle, METHODS,
};

/// The N-puzzle as the course driver runs it, registered for every view (boards up to
/// [`crate::VIEWED_MAX_WIDTH`] wide, toward the goal `0,1,…` or any other, with a heuristic by
/// name: a row of [`crate::heuristic::HEURISTICS`] or one of `T`'s table heuristics, which the
/// registry takes from the optimal solver's pattern databases).
#[derive(Debug, Clone, Copy, Default)]
pub struct SlidingPuzzleOf<T>(PhantomData<T>);

/// The N-puzzle with the heuristics of this crate alone.
pub type SlidingPuzzle = SlidingPuzzleOf<RowsOnly>;

/// What the driver reports about one run, as the replay's answer (the `output.txt` fields
/// a run determines, and how a run without a path stopped).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct DriverAnswer {
    /// The method (`bfs`, `dfs`, `ast`).
    pub method: &'static str,
    /// The blank's moves, or `None` when no path was found.
    pub path_to_goal: Option<Vec<&'static str>>,
    /// The number of moves.
    pub cost_of_path: Option<u64>,
    /// Nodes whose successors were generated (the goal excluded).
    pub nodes_expanded: u64,
    /// The goal's depth.
    pub search_depth: Option<u64>,
    /// The deepest node added to the frontier.
    pub max_search_depth: u64,
    /// How the search ended, when it found nothing (`"node-limit"`, `"expansion-limit"`, …).
    pub stopped: Option<FinishKind>,
}

/// A board is shown as its tiles row by row, 0 the blank (`[1,2,5,3,4,0,6,7,8]`); a move as
/// where the blank goes (`"Up"`).
impl<C: Cells> Describe for NPuzzle<C> {
    type StateView = Vec<u8>;
    type ActionView = &'static str;

    fn view_state(&self, state: &PuzzleState<C>) -> Vec<u8> {
        self.board(state).tiles().to_vec()
    }

    fn view_action(&self, action: &Direction) -> &'static str {
        action.name()
    }

    fn action_words(&self, action: &Direction) -> String {
        action.name().to_string()
    }

    /// Row by row, rows separated by `/`, the blank `_`, tiles run together up to 3×3 and
    /// separated by spaces on wider boards: `125/34_/678` (as the replay page labels nodes).
    fn state_words(&self, state: &PuzzleState<C>) -> String {
        board_words(&self.board(state))
    }
}

/// A board in words: `125/34_/678` (see `state_words` of [`NPuzzle`]'s [`Describe`]).
fn board_words(board: &Board) -> String {
    let width = board.width().max(1);
    let tile = |t: &u8| if *t == 0 { "_".to_string() } else { t.to_string() };
    let gap = if width > 3 { " " } else { "" };
    board
        .tiles()
        .chunks(width)
        .map(|row| row.iter().map(tile).collect::<Vec<_>>().join(gap))
        .collect::<Vec<_>>()
        .join("/")
}

/// The same views as [`NPuzzle`]'s, for a problem that wraps one (`inner()`): the views'
/// [`SlidingProblem`] and the driver's [`SmallNPuzzle`] (its traces of 3×3 boards).
macro_rules! describe_as_inner {
    ($problem:ty) => {
        impl Describe for $problem {
            type StateView = Vec<u8>;
            type ActionView = &'static str;

            fn view_state(&self, state: &PuzzleState<Nibbles>) -> Vec<u8> {
                self.inner().view_state(state)
            }

            fn view_action(&self, action: &Direction) -> &'static str {
                action.name()
            }

            fn action_words(&self, action: &Direction) -> String {
                action.name().to_string()
            }

            fn state_words(&self, state: &PuzzleState<Nibbles>) -> String {
                self.inner().state_words(state)
            }
        }
    };
}

describe_as_inner!(SlidingProblem);
describe_as_inner!(SmallNPuzzle);

impl<T: TableHeuristics> Puzzle for SlidingPuzzleOf<T> {
    const NAME: &'static str = "npuzzle";
    const TITLE: &'static str = "8-puzzle";
    const FIELDS: &'static [Field] = FIELDS;
    const EXPANDED_COUNT: ExpandedCount = ExpandedCount::Expanded;
    const EXPANDED_LABEL: &'static str = "nodes_expanded";

    type Instance = SlidingInstance;
    type Problem = SlidingProblem;
    type Answer = DriverAnswer;

    /// A board of up to 4×4 that can reach its goal (`0,1,…` by default), and a heuristic.
    fn parse(field: &dyn Fn(&str) -> String) -> Result<SlidingInstance, InstanceError> {
        SlidingInstance::parse_with::<T>(field)
    }

    fn fields(instance: &SlidingInstance) -> Vec<(&'static str, String)> {
        instance.fields()
    }

    /// A 3×3 board 6 to 14 random moves (never undoing the last one) from the goal.
    fn random(rng: &mut dyn RandomSource) -> SlidingInstance {
        let goal = Board::goal(3).unwrap_or_else(|_| unreachable!("3x3 is a valid width"));
        let mut board = goal.clone();
        let moves = 6 + rng.below(9);
        let mut last: Option<Direction> = None;
        let mut made = 0;
        while made < moves {
            let direction = Direction::ALL[rng.below(4) as usize];
            if last == Some(direction.opposite()) {
                continue;
            }
            if let Some(next) = board.slide(direction) {
                board = next;
                last = Some(direction);
                made += 1;
            }
        }
        SlidingInstance { board, goal, heuristic: Heuristic::default() }
    }

    fn problem(instance: &SlidingInstance) -> Result<SlidingProblem, InstanceError> {
        instance.problem()
    }

    /// The course driver's `bfs`, `dfs` and `ast` with its default options (its exact counts),
    /// then the textbook's strategies under the strategy table's names: iterative deepening and
    /// IDA* checking only each node's own path for cycles, so that they stay optimal; best-first
    /// searches re-adding a cheaper path to a state still in the frontier (AIMA Figure 3.7);
    /// weighted A* with w = 2; beam search keeping 100 boards; bidirectional search from both
    /// the start and the goal board; RBFS in linear memory.
    fn strategies() -> Vec<StrategyEntry> {
        let driver = DriverOptions::default();
        let course = METHODS.iter().map(|&(name, strategy)| StrategyEntry {
            name,
            strategy,
            options: search_options(strategy, &driver),
        });
        let entry = |strategy: Strategy, options| StrategyEntry { name: strategy.name(), strategy, options };
        let textbook = |strategy: Strategy| entry(strategy, strategy.textbook_options());
        course
            .chain([
                textbook(Strategy::IterativeDeepening),
                textbook(Strategy::UniformCost),
                textbook(Strategy::Greedy),
                textbook(Strategy::AStar),
                entry(
                    Strategy::WeightedAStar,
                    Strategy::WeightedAStar.textbook_options().with_weight(Weight { num: 2, den: 1 }),
                ),
                entry(Strategy::Beam, Strategy::Beam.textbook_options().with_beam_width(100)),
                textbook(Strategy::Bidirectional),
                textbook(Strategy::BidirectionalUniformCost),
                textbook(Strategy::RecursiveBestFirst),
                textbook(Strategy::IdaStar),
            ])
            .collect()
    }

    /// The course driver's command for its methods, `searchlab search` for the others.
    fn command(instance: &SlidingInstance, entry: &StrategyEntry) -> String {
        let (board, extra) = (&instance.board, instance.extra_options());
        if METHODS.iter().any(|&(name, _)| name == entry.name) && extra.is_empty() {
            format!("searchlab npuzzle {} {board} -o -", entry.name)
        } else {
            format!("searchlab search npuzzle {} --board {board}{extra}", entry.name)
        }
    }

    /// A* (the driver's `ast` too) with a heuristic that is admissible but not consistent: it
    /// never re-opens an expanded board, so it may return a longer path than the shortest.
    fn caution(instance: &SlidingInstance, entry: &StrategyEntry) -> Option<String> {
        let h = &instance.heuristic;
        (entry.strategy == Strategy::AStar && h.admissible() && !h.consistent()).then(|| {
            format!(
                "the heuristic {} is admissible but not consistent: {} never re-opens an expanded board, so its path may be \
                 longer than the shortest (ida and rbfs stay optimal)",
                h.name(),
                entry.name
            )
        })
    }

    /// Every strategy stores at most the driver's node budget for the board's width (a 4×4
    /// search that would outgrow memory stops with a node limit instead).
    fn run<O: Observer<SlidingProblem>>(
        problem: &SlidingProblem,
        entry: &StrategyEntry,
        observer: &mut O,
    ) -> RunAnswer<DriverAnswer> {
        let mut finish = FinishKind::Exhausted;
        let mut watch = |event: &Event<'_, SlidingProblem>| {
            if let Event::Finished { kind, .. } = event {
                finish = *kind;
            }
            observer.on_event(event);
        };
        let mut options = entry.options.clone();
        options.node_limit = options.node_limit.or(Some(default_max_nodes(problem.inner().width())));
        let result = search_with(problem, entry.strategy, &options, &mut watch);
        let stats = result.stats;
        let path = match result.outcome {
            Outcome::Found(path) => Some(path.actions),
            _ => None,
        };
        let text = path.as_ref().map_or_else(String::new, |path| {
            let report = DriverReport {
                path: path.clone(),
                nodes_expanded: stats.expanded,
                search_depth: path.len() as u64,
                max_search_depth: stats.max_depth,
                running_time: stats.elapsed,
                stats,
            };
            // The first five lines: running time and memory are the process's, not the run's.
            format_output(&report, 0.0).lines().take(5).map(|l| format!("{l}\n")).collect()
        });
        let moves = path.as_ref().map(|p| p.len() as u64);
        let answer = DriverAnswer {
            method: entry.name,
            path_to_goal: path.as_ref().map(|p| p.iter().map(|d| d.name()).collect()),
            cost_of_path: moves,
            nodes_expanded: stats.expanded,
            search_depth: moves,
            max_search_depth: stats.max_depth,
            stopped: path.is_none().then_some(finish),
        };
        let words = path.unwrap_or_default().iter().map(|d| d.name().to_string()).collect();
        RunAnswer { answer, text, moves: words, finish, stats }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use searchlab_core::{NoObserver, Problem, TieBreak};

    struct Lcg(u64);

    impl RandomSource for Lcg {
        fn below(&mut self, bound: u32) -> u32 {
            self.0 = self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            ((self.0 >> 33) % u64::from(bound)) as u32
        }
    }

    fn field_of<'a>(fields: &'a [(&'static str, String)]) -> impl Fn(&str) -> String + 'a {
        move |name| fields.iter().find(|(n, _)| *n == name).map(|(_, v)| v.clone()).unwrap_or_default()
    }

    #[test]
    fn random_boards_parse_back_and_are_solvable() {
        let mut rng = Lcg(3);
        for _ in 0..30 {
            let instance = SlidingPuzzle::random(&mut rng);
            let fields = SlidingPuzzle::fields(&instance);
            assert_eq!(SlidingPuzzle::parse(&field_of(&fields)).unwrap(), instance);
            assert_ne!(instance.board, instance.goal, "6 or more moves without undoing one");
        }
    }

    #[test]
    fn boards_are_refused_with_their_reason() {
        let parse = |text: &str| {
            SlidingPuzzle::parse(&|name| if name == "board" { text.to_string() } else { String::new() }).unwrap_err()
        };
        assert!(matches!(parse("1,0,2,3,4,5,6,8,7"), InstanceError::Unsolvable(_)));
        assert!(parse("1,0,2,3,4,5,6,8,7").to_string().contains("cannot reach the goal"));
        assert!(parse("1,2,3").to_string().contains("not a square"));
        assert!(parse(&(0..25).map(|t| t.to_string()).collect::<Vec<_>>().join(",")).to_string().contains("up to 4x4"));
    }

    #[test]
    fn strategies_are_the_drivers_with_fifo_ties() {
        let entries = SlidingPuzzle::strategies();
        let names: Vec<&str> = entries.iter().map(|e| e.name).collect();
        assert_eq!(names[..3], ["bfs", "dfs", "ast"]);
        assert!(entries[..3].iter().all(|e| e.options.ties == TieBreak::FirstAdded));
        // Then the textbook's, under the strategy table's names.
        assert_eq!(
            names[3..],
            [
                "ids",
                "ucs",
                "greedy",
                "astar",
                "weighted-astar",
                "beam",
                "bidirectional",
                "bidirectional-ucs",
                "rbfs",
                "ida"
            ]
        );
        assert!(entries[3..].iter().all(|e| e.name == e.strategy.name()));
        let ast = SlidingPuzzle::strategy("AST").unwrap();
        assert_eq!(ast.strategy, Strategy::AStar);
        assert_eq!(
            ast.frontier().to_string(),
            "Frontier: a priority queue. Lowest f = g + h first; equal values: the earliest added."
        );
    }

    #[test]
    fn runs_count_like_the_driver() {
        let board = Board::parse("1,2,5,3,4,0,6,7,8").unwrap();
        let problem = SlidingPuzzle::problem(&SlidingInstance::standard(board.clone()).unwrap()).unwrap();
        let goal = Board::goal(3).unwrap();
        for (name, strategy) in [("bfs", Strategy::BreadthFirst), ("ast", Strategy::AStar)] {
            let driver = crate::solve(strategy, &board, &goal, &DriverOptions::default()).unwrap();
            let run = SlidingPuzzle::run(&problem, &SlidingPuzzle::strategy(name).unwrap(), &mut NoObserver);
            let names: Vec<&str> = driver.path.iter().map(|d| d.name()).collect();
            assert_eq!(run.answer.path_to_goal.as_deref(), Some(names.as_slice()));
            assert_eq!(
                (run.answer.nodes_expanded, run.answer.max_search_depth),
                (driver.nodes_expanded, driver.max_search_depth)
            );
        }
        // The spec's BFS example: Up, Left, Left after 10 expansions, max depth 4.
        let run = SlidingPuzzle::run(&problem, &SlidingPuzzle::strategy("bfs").unwrap(), &mut NoObserver);
        assert_eq!(run.moves, ["Up", "Left", "Left"]);
        assert!(run.text.starts_with("path_to_goal: ['Up', 'Left', 'Left']\ncost_of_path: 3\nnodes_expanded: 10\n"));
        assert_eq!(run.text.lines().count(), 5);
        assert_eq!(
            serde_json::to_string(&problem.view_state(&problem.initial_state())).unwrap(),
            "[1,2,5,3,4,0,6,7,8]"
        );
        assert_eq!(problem.state_words(&problem.initial_state()), "125/34_/678");
        let wide = Board::parse("1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0").unwrap();
        assert_eq!(board_words(&wide), "1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 _");
    }
}
