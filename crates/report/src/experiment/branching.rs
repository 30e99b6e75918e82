//! The textbook's heuristics table on the 8-puzzle: for each optimal solution length d, the
//! mean search cost (nodes generated) and effective branching factor b* of breadth-first
//! search, iterative deepening, A* with misplaced tiles (h1) and A* with Manhattan distance
//! (h2), over boards drawn uniformly among all boards at exactly d moves from the goal.

use std::ops::RangeInclusive;

use indicatif::ProgressBar;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use searchlab_core::{search_with, GoalTest, NoObserver, SearchOptions, Stats, Strategy, TieBreak};
use searchlab_npuzzle::heuristic::{TileHeuristic, MANHATTAN, MISPLACED};
use searchlab_npuzzle::{Board, SmallNPuzzle};

use crate::{boards_by_distance, effective_branching_factor, ReportError};

/// The experiment's settings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BranchingOptions {
    /// The solution lengths d, both ends included.
    pub depths: RangeInclusive<u64>,
    /// Boards per d (all of them where fewer exist).
    pub per_depth: usize,
    /// The seed of the draw: the same seed, the same boards and the same counts.
    pub seed: u64,
    /// The most nodes iterative deepening may take from the frontier on one board; from the
    /// first d where a board needs more, iterative deepening is left out.
    pub ids_limit: u64,
}

/// One column of the table: a strategy, its engine options and its heuristic.
#[derive(Debug, Clone, Copy)]
pub struct Column {
    /// The name in `branching.csv` (`astar-misplaced`).
    pub name: &'static str,
    /// The name in `report.md`'s header (`A*(h1)`).
    pub title: &'static str,
    strategy: Strategy,
    heuristic: &'static TileHeuristic,
    ties: TieBreak,
}

impl Column {
    /// The engine options: the textbook's (BFS tests for the goal when a node is generated;
    /// iterative deepening checks cycles on the path; A* is a graph search that re-adds a
    /// cheaper path to a state still in the frontier).
    fn options(&self, ids_limit: u64) -> SearchOptions {
        let options = match self.strategy {
            Strategy::BreadthFirst => SearchOptions::default().with_goal_test(GoalTest::OnGeneration),
            Strategy::IterativeDeepening => self.strategy.textbook_options().with_expansion_limit(ids_limit),
            other => other.textbook_options(),
        };
        options.with_ties(self.ties)
    }
}

/// A column of the table.
const fn column(
    name: &'static str,
    title: &'static str,
    strategy: Strategy,
    heuristic: &'static TileHeuristic,
    ties: TieBreak,
) -> Column {
    Column { name, title, strategy, heuristic, ties }
}

/// The columns: the book's table (breadth-first search added before it), then both A*s
/// again with equal f broken toward the latest added node, which shows what the tie rule
/// is worth ([`BOOK_COLUMNS`] of them are the book's).
pub const COLUMNS: [Column; 6] = [
    column("bfs", "BFS", Strategy::BreadthFirst, &MANHATTAN, TieBreak::FirstAdded),
    column("ids", "IDS", Strategy::IterativeDeepening, &MANHATTAN, TieBreak::FirstAdded),
    column("astar-misplaced", "A*(h1)", Strategy::AStar, &MISPLACED, TieBreak::FirstAdded),
    column("astar-manhattan", "A*(h2)", Strategy::AStar, &MANHATTAN, TieBreak::FirstAdded),
    column("astar-misplaced-last", "A*(h1) latest", Strategy::AStar, &MISPLACED, TieBreak::LastAdded),
    column("astar-manhattan-last", "A*(h2) latest", Strategy::AStar, &MANHATTAN, TieBreak::LastAdded),
];

/// The columns of the book's table, the first of [`COLUMNS`].
pub const BOOK_COLUMNS: usize = 4;

/// One (d, strategy) cell: means over the boards at d.
#[derive(Debug, Clone, PartialEq)]
pub struct BranchingRow {
    /// The solution length.
    pub d: u64,
    /// The column's name ([`COLUMNS`]).
    pub strategy: &'static str,
    /// Boards searched.
    pub instances: usize,
    /// Mean nodes generated (the book's search cost; the start not counted).
    pub mean_generated: f64,
    /// Mean nodes expanded.
    pub mean_expanded: f64,
    /// b* with N = `mean_generated`: N + 1 = 1 + b* + b*² + … + b*^d.
    pub b_star: Option<f64>,
}

/// The experiment's result.
#[derive(Debug, Clone, PartialEq)]
pub struct Branching {
    /// Its settings.
    pub options: BranchingOptions,
    /// Every (d, column) measured, by d then column.
    pub rows: Vec<BranchingRow>,
    /// The first d at which a board needed more than `ids_limit` selections of iterative
    /// deepening (left out from there on), if any.
    pub ids_stopped_at: Option<u64>,
}

/// Draws `per_depth` boards at each d (uniformly, without repetition, among all boards at
/// exactly d moves from the goal `0,1,…,8`) and searches each with every column, the boards
/// of one d in parallel. `progress` counts boards.
pub fn branching(options: &BranchingOptions, progress: &ProgressBar) -> Result<Branching, ReportError> {
    progress.set_message("listing every board by distance");
    let by_distance = boards_by_distance(3).unwrap_or_else(|| unreachable!("3x3 is swept"));
    let largest = by_distance.len() as u64 - 1;
    if *options.depths.end() > largest {
        let (puzzle, asked) = ("8-puzzle".to_string(), *options.depths.end());
        return Err(ReportError::DepthBeyond { puzzle, asked, largest });
    }
    let goal = by_distance[0][0].clone();
    let mut rng = ChaCha8Rng::seed_from_u64(options.seed);
    let draws: Vec<(u64, Vec<Board>)> = options
        .depths
        .clone()
        .map(|d| {
            let boards = &by_distance[d as usize];
            let picked = rand::seq::index::sample(&mut rng, boards.len(), options.per_depth.min(boards.len()));
            (d, picked.into_iter().map(|i| boards[i].clone()).collect())
        })
        .collect();
    progress.set_length(draws.iter().map(|(_, b)| b.len() as u64).sum());
    progress.set_message("searching");
    let (mut rows, mut ids_stopped_at) = (Vec::new(), None);
    for (d, boards) in &draws {
        for column in &COLUMNS {
            if column.strategy == Strategy::IterativeDeepening && ids_stopped_at.is_some() {
                continue;
            }
            match measure(column, boards, &goal, options.ids_limit) {
                Some(stats) => rows.push(row(*d, column, &stats)),
                None => ids_stopped_at = Some(*d),
            }
        }
        progress.inc(boards.len() as u64);
    }
    Ok(Branching { options: options.clone(), rows, ids_stopped_at })
}

/// Each board's counts under `column`, or `None` when a search did not find the goal (only
/// iterative deepening stops, at its limit).
fn measure(column: &Column, boards: &[Board], goal: &Board, ids_limit: u64) -> Option<Vec<Stats>> {
    let options = column.options(ids_limit);
    boards
        .par_iter()
        .map(|board| {
            let problem = SmallNPuzzle::new(board, goal)?.with_heuristic(&column.heuristic.into());
            let result = search_with(&problem, column.strategy, &options, &mut NoObserver);
            result.solution().map(|_| result.stats)
        })
        .collect()
}

fn row(d: u64, column: &Column, stats: &[Stats]) -> BranchingRow {
    let n = stats.len().max(1) as f64;
    let mean_generated = stats.iter().map(|s| s.generated as f64).sum::<f64>() / n;
    let mean_expanded = stats.iter().map(|s| s.expanded as f64).sum::<f64>() / n;
    let b_star = effective_branching_factor(mean_generated, d);
    BranchingRow { d, strategy: column.name, instances: stats.len(), mean_generated, mean_expanded, b_star }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(text: &str) -> Board {
        Board::parse(text).unwrap()
    }

    #[test]
    fn a_star_counts_match_a_search_by_hand() {
        // 1,2,0/3,4,5/6,7,8 is 2 moves from the goal. A*(h2): the start (h = 2) generates Down
        // (f = 1 + 3) and Left (f = 1 + 1); Left's board 1,0,2/... generates Down (f = 2 + 2),
        // Left (the goal, f = 2 + 0) and Right (back to the start, generated, then dropped);
        // the goal is taken next. 2 expanded, 5 generated; h1 orders the same nodes alike.
        let goal = board("0,1,2,3,4,5,6,7,8");
        for column in &COLUMNS[2..4] {
            let stats = measure(column, &[board("1,2,0,3,4,5,6,7,8")], &goal, 10).unwrap();
            assert_eq!((stats[0].expanded, stats[0].generated), (2, 5), "{}", column.name);
        }
        // BFS, first in first out, expands the start, then Down's board (generated first, UDLR),
        // then Left's, whose child Left is the goal, found when generated: 3 expanded.
        let stats = measure(&COLUMNS[0], &[board("1,2,0,3,4,5,6,7,8")], &goal, 10).unwrap();
        assert_eq!(stats[0].expanded, 3);
    }

    #[test]
    fn every_column_finds_a_shortest_path_and_ids_stops_at_its_limit() {
        let by_distance = boards_by_distance(3).unwrap();
        let goal = by_distance[0][0].clone();
        for d in [3usize, 8, 13] {
            let boards = &by_distance[d][..4];
            for column in &COLUMNS {
                let options = column.options(10_000_000);
                for b in boards {
                    let problem = SmallNPuzzle::new(b, &goal).unwrap().with_heuristic(&column.heuristic.into());
                    let result = search_with(&problem, column.strategy, &options, &mut NoObserver);
                    assert_eq!(result.solution().map(|p| p.actions.len()), Some(d), "{} on {b}", column.name);
                }
            }
        }
        let options = BranchingOptions { depths: 10..=12, per_depth: 3, seed: 1, ids_limit: 2_000 };
        let table = branching(&options, &ProgressBar::hidden()).unwrap();
        assert!(table.ids_stopped_at.is_some());
        let ids_rows: Vec<u64> = table.rows.iter().filter(|r| r.strategy == "ids").map(|r| r.d).collect();
        assert!(ids_rows.iter().all(|&d| d < table.ids_stopped_at.unwrap()), "{ids_rows:?}");
        assert_eq!(table.rows.iter().filter(|r| r.strategy == "astar-manhattan").count(), 3);
    }

    #[test]
    fn the_same_seed_draws_the_same_boards_and_counts() {
        let options = BranchingOptions { depths: 4..=6, per_depth: 4, seed: 9, ids_limit: 100_000 };
        let a = branching(&options, &ProgressBar::hidden()).unwrap();
        assert_eq!(a, branching(&options, &ProgressBar::hidden()).unwrap());
        let other = branching(&BranchingOptions { seed: 10, ..options }, &ProgressBar::hidden()).unwrap();
        assert_ne!(a.rows, other.rows);
    }
}
