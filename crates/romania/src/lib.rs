#![deny(missing_docs)]
//! # searchlab-romania
//!
//! The Romania road map of Russell & Norvig's *Artificial Intelligence: A Modern Approach*
//! (chapter 3): 20 cities, 23 roads with their lengths in kilometres (Figure 3.1 of the 4th
//! edition), and each city's straight-line distance to Bucharest (Figure 3.16), the book's running example of
//! route finding, uniform-cost, greedy and A* search.
//!
//! This crate holds the map ([`City`], [`ROADS`]), the route problem ([`Route`],
//! [`RouteProblem`]: successors in alphabetical order of the neighbour's name, step cost the
//! road's length, the straight-line heuristic toward Bucharest and none toward any other
//! city) and its registration for the views ([`Romania`]) — and no search code: the engine's
//! strategies run it, with the options [`Romania`]'s strategies name.
//!
//! ```
//! use searchlab_core::{astar_search, DuplicatePolicy, SearchOptions};
//! use searchlab_romania::{City, Route, RouteProblem};
//!
//! let problem = RouteProblem::new(Route::parse("Arad", "Bucharest").unwrap());
//! let options = SearchOptions::default().with_duplicates(DuplicatePolicy::DecreaseKey);
//! let result = astar_search(&problem, &options);
//! let path = result.solution().unwrap();
//! assert_eq!(path.cost, 418);
//! assert_eq!(path.states, [City::Arad, City::Sibiu, City::RimnicuVilcea, City::Pitesti, City::Bucharest]);
//! ```

mod catalog;
pub mod drawing;
mod map;
mod problem;

pub use catalog::{Romania, RouteAnswer, NO_HEURISTIC, STRAIGHT_LINE};
pub use map::{city_list, City, CityError, ROADS};
pub use problem::{Drive, Route, RouteError, RouteProblem};
