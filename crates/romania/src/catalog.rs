//! The Romania road map's registration: how the command line (`searchlab search romania`),
//! reports and the replay web app read, draw, show and run it
//! ([`searchlab_core::catalog::Puzzle`]).

use searchlab_core::catalog::{
    Describe, ExpandedCount, Field, InstanceError, Puzzle, RandomSource, RunAnswer, Scene, StrategyEntry,
};
use searchlab_core::{
    search_with, DuplicatePolicy, Event, FinishKind, Observer, Outcome, SearchOptions, Strategy, Weight,
};

use crate::map::City;
use crate::problem::{Drive, Route, RouteProblem};

/// The Romania road map of AIMA's chapter 3, registered for every view.
#[derive(Debug, Clone, Copy, Default)]
pub struct Romania;

/// What the heuristic strategies are guided by toward Bucharest.
pub const STRAIGHT_LINE: &str = "straight-line distance to Bucharest";

/// What they are guided by toward any other city: nothing.
pub const NO_HEURISTIC: &str = "none (h = 0): the book gives straight-line distances to Bucharest only";

/// What one run answers: the route found, its length, and the cities selected in order.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct RouteAnswer {
    /// The strategy's name (`astar`).
    pub strategy: &'static str,
    /// The cities from start to goal, or `None` when no route was found.
    pub path: Option<Vec<City>>,
    /// The route's length in kilometres.
    pub cost: Option<u64>,
    /// Every city taken from the frontier and goal-tested, in order, the goal included (the
    /// textbook figures' expansions).
    pub expanded: Vec<City>,
    /// The heuristic the strategy uses ([`STRAIGHT_LINE`] or [`NO_HEURISTIC`]); `None` for a
    /// strategy that uses none (bfs, dfs, ucs).
    pub heuristic: Option<&'static str>,
    /// How the search ended, when it found nothing (`"expansion-limit"`, …).
    pub stopped: Option<FinishKind>,
}

/// A state is shown as the city's name (`"Arad"`), a move as `"go to Sibiu"`.
impl Describe for RouteProblem {
    type StateView = City;
    type ActionView = String;

    fn view_state(&self, city: &City) -> City {
        *city
    }

    fn view_action(&self, drive: &Drive) -> String {
        self.action_words(drive)
    }

    fn action_words(&self, drive: &Drive) -> String {
        format!("go to {}", drive.to)
    }

    fn state_words(&self, city: &City) -> String {
        city.name().to_string()
    }
}

/// The textbook's best-first search (AIMA 4th edition, Figure 3.7): the engine's defaults,
/// and a cheaper path to a city still in the frontier enters the frontier again, its old entry
/// thrown away when selected (without it, A* from Arad would reach Bucharest through
/// Fagaras). The 3rd edition's replacement of the entry (`DecreaseKey`) selects the same
/// cities; the re-insertion is also what the replay page models.
fn best_first() -> SearchOptions {
    SearchOptions::default().with_duplicates(DuplicatePolicy::Reinsert)
}

/// A name as a shell word: quoted when it has a space.
fn shell_word(city: City) -> String {
    if city.name().contains(' ') {
        format!("'{}'", city.name())
    } else {
        city.name().to_string()
    }
}

impl Puzzle for Romania {
    const NAME: &'static str = "romania";
    const TITLE: &'static str = "Romania road map";
    const FIELDS: &'static [Field] = &[
        Field { name: "from", label: "From city", example: "Arad", per_run: false },
        Field { name: "to", label: "To city", example: "Bucharest", per_run: false },
    ];
    const EXPANDED_COUNT: ExpandedCount = ExpandedCount::Selected;
    const EXPANDED_LABEL: &'static str = "expanded (the book's order)";

    type Instance = Route;
    type Problem = RouteProblem;
    type Answer = RouteAnswer;

    fn parse(field: &dyn Fn(&str) -> String) -> Result<Route, InstanceError> {
        Route::parse(&field("from"), &field("to")).map_err(|e| InstanceError::Malformed(Box::new(e)))
    }

    fn fields(route: &Route) -> Vec<(&'static str, String)> {
        vec![("from", route.from.name().to_string()), ("to", route.to.name().to_string())]
    }

    /// A city other than Bucharest, to Bucharest (where the heuristic applies).
    fn random(rng: &mut dyn RandomSource) -> Route {
        let others: Vec<City> = City::ALL.into_iter().filter(|&c| c != City::Bucharest).collect();
        let from = others[rng.below(others.len() as u32) as usize % others.len()];
        Route { from, to: City::Bucharest }
    }

    fn problem(route: &Route) -> Result<RouteProblem, InstanceError> {
        Ok(RouteProblem::new(*route))
    }

    /// `bfs` and `dfs` with the engine's textbook graph search (goal test on selection,
    /// a city already in the frontier or expanded is not added again); `ucs`, `greedy` and
    /// `astar` also add a cheaper path to a city still in the frontier, as the book does.
    fn strategies() -> Vec<StrategyEntry> {
        // Every strategy under the strategy table's own name.
        let entry = |strategy: Strategy, options| StrategyEntry { name: strategy.name(), strategy, options };
        vec![
            entry(Strategy::BreadthFirst, SearchOptions::default()),
            entry(Strategy::DepthFirst, SearchOptions::default()),
            // The book's depth-limited search, deepened: a cycle check on the path only.
            entry(Strategy::IterativeDeepening, Strategy::IterativeDeepening.textbook_options()),
            entry(Strategy::UniformCost, best_first()),
            entry(Strategy::Greedy, best_first()),
            entry(Strategy::AStar, best_first()),
            // w = 2: a route at most twice the shortest, found with fewer expansions.
            entry(Strategy::WeightedAStar, best_first().with_weight(Weight { num: 2, den: 1 })),
            // A*'s order with at most 2 cities in the frontier.
            entry(Strategy::Beam, best_first().with_beam_width(2)),
            // From both ends at once: fewest roads, and shortest route.
            entry(Strategy::Bidirectional, SearchOptions::default()),
            entry(Strategy::BidirectionalUniformCost, SearchOptions::default()),
            // Best-first in linear memory: the current path with its f-limits.
            entry(Strategy::RecursiveBestFirst, SearchOptions::default()),
            // Uniform cost's order in depth-first memory: tree searches bounded by the route's length.
            entry(Strategy::IterativeLengthening, SearchOptions::default().with_duplicates(DuplicatePolicy::NoCheck)),
        ]
    }

    /// The road map, each city placed as in the book's figure.
    fn scene() -> Option<Scene> {
        Some(crate::drawing::scene())
    }

    fn command(route: &Route, entry: &StrategyEntry) -> String {
        format!(
            "searchlab search romania {} --from {} --to {}",
            entry.name,
            shell_word(route.from),
            shell_word(route.to)
        )
    }

    fn run<O: Observer<RouteProblem>>(
        problem: &RouteProblem,
        entry: &StrategyEntry,
        observer: &mut O,
    ) -> RunAnswer<RouteAnswer> {
        let mut expanded = Vec::new();
        let mut finish = FinishKind::Exhausted;
        let mut watch = |event: &Event<'_, RouteProblem>| {
            match event {
                Event::Selected { state, .. } => expanded.push(**state),
                Event::Finished { kind, .. } => finish = *kind,
                _ => {}
            }
            observer.on_event(event);
        };
        let result = search_with(problem, entry.strategy, &entry.options, &mut watch);
        let (path, cost, moves) = match result.outcome {
            Outcome::Found(path) => {
                let moves = path.actions.iter().map(|d| problem.action_words(d)).collect();
                (Some(path.states), Some(path.cost), moves)
            }
            _ => (None, None, Vec::new()),
        };
        let names = |cities: &[City]| cities.iter().map(|c| c.name()).collect::<Vec<_>>().join(", ");
        let text = match (&path, cost) {
            (Some(path), Some(cost)) => {
                format!("path: {}\ncost: {cost}\nexpanded: {}\n", names(path), names(&expanded))
            }
            _ => String::new(),
        };
        let answer = RouteAnswer {
            strategy: entry.name,
            stopped: path.is_none().then_some(finish),
            path,
            cost,
            expanded,
            heuristic: match (entry.strategy.uses_heuristic(), problem.route().informed()) {
                (false, _) => None,
                (true, true) => Some(STRAIGHT_LINE),
                (true, false) => Some(NO_HEURISTIC),
            },
        };
        RunAnswer { answer, text, moves, finish, stats: result.stats }
    }
}

#[cfg(test)]
#[path = "catalog_tests.rs"]
mod tests;
