//! The route-finding problem on the map: states are cities, a step drives one road, its cost
//! is the road's length, and the heuristic is the straight-line distance to Bucharest.

use searchlab_core::{KeySpace, Problem};

use crate::map::{City, CityError};

/// A route to find: from one city to another.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Route {
    /// Where the route starts.
    pub from: City,
    /// Where it must end.
    pub to: City,
}

/// Why a route could not be read: which field, and why its text is not a city.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{field}`: {error}")]
pub struct RouteError {
    /// The field (`from` or `to`).
    pub field: &'static str,
    /// What is wrong with its text.
    pub error: CityError,
}

impl Route {
    /// Reads a route from the names of its two cities ([`City::parse`]).
    ///
    /// ```
    /// use searchlab_romania::{City, Route};
    ///
    /// assert_eq!(Route::parse("arad", "BUCHAREST").unwrap(), Route { from: City::Arad, to: City::Bucharest });
    /// assert!(Route::parse("Arad", "Paris").unwrap_err().to_string().starts_with("`to`: unknown city `Paris`"));
    /// ```
    pub fn parse(from: &str, to: &str) -> Result<Route, RouteError> {
        let city = |field: &'static str, text: &str| City::parse(text).map_err(|error| RouteError { field, error });
        Ok(Route { from: city("from", from)?, to: city("to", to)? })
    }

    /// Whether the straight-line heuristic applies: the book gives the distances to
    /// Bucharest only, so only a route to Bucharest is searched with them.
    pub fn informed(&self) -> bool {
        self.to == City::Bucharest
    }
}

/// One step: driving the road to a neighbouring city.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Drive {
    /// The city driven to.
    pub to: City,
    /// The road's length in kilometres (the step's cost).
    pub km: u64,
}

/// The search problem of a [`Route`].
///
/// - Successors: every city one road away, in **alphabetical order of the neighbour's name**
///   (as aima-python's map lists them): from Sibiu, Arad, Fagaras, Oradea, Rimnicu Vilcea.
/// - Step cost: the road's length in kilometres.
/// - Heuristic: the straight-line distance to Bucharest when the goal is Bucharest
///   (admissible and consistent: never more than the road distance, checked by the tests).
///   The book gives no distances to any other city, so toward another goal the heuristic is
///   0: still admissible, but it guides nothing. Greedy search then takes the earliest-added
///   of equal priorities, which makes it breadth-first, and A* is uniform-cost search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RouteProblem {
    route: Route,
}

impl RouteProblem {
    /// The problem of `route`.
    pub fn new(route: Route) -> Self {
        RouteProblem { route }
    }

    /// The route searched.
    pub fn route(&self) -> Route {
        self.route
    }
}

impl Problem for RouteProblem {
    type State = City;
    type Action = Drive;
    type Key = City;

    fn initial_state(&self) -> City {
        self.route.from
    }

    fn successors(&self, city: &City, out: &mut Vec<(Drive, City)>) {
        out.extend(city.neighbours().map(|(to, km)| (Drive { to, km }, to)));
    }

    fn is_goal(&self, city: &City) -> bool {
        *city == self.route.to
    }

    fn key(&self, city: &City) -> City {
        *city
    }

    fn heuristic(&self, city: &City) -> u64 {
        if self.route.informed() {
            city.straight_line_to_bucharest()
        } else {
            0
        }
    }

    fn step_cost(&self, _from: &City, drive: &Drive, _to: &City) -> u64 {
        drive.km
    }

    /// The goal city: roads go both ways, so a route can be searched from both ends.
    fn goal_state(&self) -> Option<City> {
        Some(self.route.to)
    }

    /// Every city one road away, in alphabetical order, each with the drive from it here.
    fn predecessors(&self, city: &City, out: &mut Vec<(Drive, City)>) {
        out.extend(city.neighbours().map(|(from, km)| (Drive { to: *city, km }, from)));
    }

    /// Twenty keys: a flat table indexed by the city.
    fn key_space(&self) -> KeySpace<City> {
        KeySpace::Dense { size: City::ALL.len(), index: |city| *city as usize }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use searchlab_core::dijkstra;

    /// The road distance from `from` to `to` (the core's closure shortcut, an independent run).
    fn road_distance(from: City, to: City) -> Option<u64> {
        dijkstra(from, |c: &City| c.neighbours().collect::<Vec<_>>(), |c| *c == to).map(|(_, km)| km)
    }

    #[test]
    fn every_city_reaches_every_other() {
        for a in City::ALL {
            for b in City::ALL {
                assert!(road_distance(a, b).is_some(), "{a} to {b}");
            }
        }
        assert_eq!(road_distance(City::Arad, City::Bucharest), Some(418));
    }

    #[test]
    fn the_straight_line_heuristic_is_zero_at_bucharest_admissible_and_consistent() {
        let problem = RouteProblem::new(Route { from: City::Arad, to: City::Bucharest });
        assert_eq!(problem.heuristic(&City::Bucharest), 0);
        assert_eq!(problem.heuristic(&City::Arad), 366);
        for city in City::ALL {
            let h = problem.heuristic(&city);
            let true_distance = road_distance(city, City::Bucharest).unwrap();
            assert!(h <= true_distance, "{city}: h = {h} > {true_distance}");
            for (next, km) in city.neighbours() {
                assert!(h <= km + problem.heuristic(&next), "{city} -> {next}");
            }
        }
    }

    #[test]
    fn another_goal_has_no_heuristic() {
        let problem = RouteProblem::new(Route::parse("Arad", "Craiova").unwrap());
        assert!(!problem.route().informed());
        assert!(City::ALL.iter().all(|c| problem.heuristic(c) == 0));
    }

    #[test]
    fn successors_are_alphabetical_with_road_costs() {
        let problem = RouteProblem::new(Route { from: City::Sibiu, to: City::Bucharest });
        let mut out = Vec::new();
        problem.successors(&City::Sibiu, &mut out);
        let shown: Vec<(&str, u64)> =
            out.iter().map(|(d, c)| (c.name(), problem.step_cost(&City::Sibiu, d, c))).collect();
        assert_eq!(shown, [("Arad", 140), ("Fagaras", 99), ("Oradea", 151), ("Rimnicu Vilcea", 80)]);
        assert_eq!(problem.key_space().index_of(&City::Zerind), Some(19));
    }
}
