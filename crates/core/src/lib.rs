#![deny(missing_docs)]
//! # searchlab-core
//!
//! Generic state-space search over one small [`Problem`] trait: ordered successors, a goal
//! test, a duplicate key and an optional heuristic. Every strategy is a short function:
//!
//! | strategy | function | frontier |
//! |---|---|---|
//! | breadth-first | [`breadth_first_search`] | queue |
//! | depth-first | [`depth_first_search`], [`depth_limited_search`] | stack |
//! | iterative deepening | [`iterative_deepening_search`] | stack, deepening |
//! | greedy best-first | [`greedy_search`] | priority h |
//! | A* | [`astar_search`] | priority g + h |
//! | uniform cost | [`uniform_cost_search`] | priority g |
//! | hill-climbing | [`hill_climbing`] | the current node only |
//!
//! All but hill-climbing share one loop. Its behaviour is set by [`SearchOptions`]: when
//! the goal test happens ([`GoalTest`]), how repeated states are handled
//! ([`DuplicatePolicy`]), how ties among equal priorities are broken ([`TieBreak`]), and
//! expansion, node and depth limits. The engine counts [`Stats`] and reports typed
//! [`Event`]s to an [`Observer`]; with [`NoObserver`] that costs nothing.
//!
//! The search never changes the problem it is given: all state lives inside the search.

mod best_first;
mod bfs;
pub mod catalog;
mod dfs;
mod engine;
mod events;
mod frontier;
mod hill_climbing;
mod ids;
mod options;
mod outcome;
mod problem;
mod stats;
mod strategy;
mod table;
mod trace;

pub use best_first::{
    astar_search, astar_search_with, greedy_search, greedy_search_with, uniform_cost_search, uniform_cost_search_with,
};
pub use bfs::{breadth_first_search, breadth_first_search_with};
pub use dfs::{depth_first_search, depth_first_search_with, depth_limited_search, depth_limited_search_with};
pub use events::{DiscardReason, Event, FinishKind, NoObserver, NodeId, Observer};
pub use hill_climbing::{hill_climbing, hill_climbing_with};
pub use ids::{iterative_deepening_search, iterative_deepening_search_with};
pub use options::{DuplicatePolicy, GoalTest, IdsTermination, SearchOptions, TieBreak};
pub use outcome::{Limit, Outcome, Path, SearchResult};
pub use problem::{KeySpace, Problem};
pub use stats::Stats;
pub use strategy::{search_with, Strategy};
pub use trace::{TraceDiscard, TraceEvent};

/// Reports [`Event::Finished`] and wraps up a result.
fn finish<P, O>(outcome: Outcome<P::State, P::Action>, stats: Stats, observer: &mut O) -> SearchResult<P>
where
    P: Problem + ?Sized,
    O: Observer<P>,
{
    let kind = match &outcome {
        Outcome::Found(_) => FinishKind::Found,
        Outcome::Exhausted => FinishKind::Exhausted,
        Outcome::Cutoff => FinishKind::Cutoff,
        Outcome::LimitReached(Limit::Nodes) => FinishKind::NodeLimit,
        Outcome::LimitReached(_) => FinishKind::ExpansionLimit,
        Outcome::Interrupted => FinishKind::Interrupted,
        Outcome::LocalOptimum(_) => FinishKind::LocalOptimum,
    };
    observer.on_event(&Event::Finished { kind, stats: &stats });
    SearchResult { outcome, stats }
}
