//! Reports on the 8-puzzle (and 3-puzzle): boards drawn uniformly among those at each
//! exact distance from the goal.

use indicatif::ProgressBar;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use searchlab_core::catalog::InstanceError;
use searchlab_core::catalog::StrategyEntry;
use searchlab_core::{breadth_first_search_with, Event, KeySpace, Problem, SearchOptions};
use searchlab_npuzzle::heuristic::Heuristic;
use searchlab_npuzzle::{Board, SlidingInstance, SmallNPuzzle};
use searchlab_registry::NPuzzle;
use searchlab_solver::PatternDatabases;

use super::run::run_all_of;
use super::{ReportError, ReportOptions, Sample, ScalingReport};

/// The driver's moves with no goal, so that a search visits every reachable board.
struct Everything<'a>(&'a SmallNPuzzle);

impl Problem for Everything<'_> {
    type State = <SmallNPuzzle as Problem>::State;
    type Action = <SmallNPuzzle as Problem>::Action;
    type Key = <SmallNPuzzle as Problem>::Key;

    fn initial_state(&self) -> Self::State {
        self.0.initial_state()
    }
    fn successors(&self, state: &Self::State, out: &mut Vec<(Self::Action, Self::State)>) {
        self.0.successors(state, out)
    }
    fn is_goal(&self, _state: &Self::State) -> bool {
        false
    }
    fn key(&self, state: &Self::State) -> Self::Key {
        self.0.key(state)
    }
    fn key_space(&self) -> KeySpace<Self::Key> {
        self.0.key_space()
    }
}

/// Every solvable board of `width` (2 or 3), grouped by its exact distance from the goal:
/// `boards[d]` lists the boards `d` moves away, in breadth-first order. The engine's
/// breadth-first search from the goal (moves are reversible, so the distance from the goal
/// is the distance to it). `None` for other widths.
pub fn boards_by_distance(width: usize) -> Option<Vec<Vec<Board>>> {
    if !(2..=3).contains(&width) {
        return None;
    }
    let goal = Board::goal(width).ok()?;
    let problem = SmallNPuzzle::new(&goal, &goal)?;
    let mut boards: Vec<Vec<Board>> = vec![vec![goal.clone()]];
    let mut collect = |event: &Event<'_, Everything<'_>>| {
        if let Event::Generated { state, depth, .. } = event {
            let depth = *depth as usize;
            if boards.len() <= depth {
                boards.resize(depth + 1, Vec::new());
            }
            boards[depth].push(problem.inner().board(state));
        }
    };
    breadth_first_search_with(&Everything(&problem), &SearchOptions::columbia_driver(), &mut collect);
    Some(boards)
}

/// Runs every entry (the registered strategies of [`NPuzzle`]: the driver's methods
/// with its options, and the textbook's strategies) on random solvable boards of `width` (2 or 3), `per_depth` per exact
/// distance from the goal, drawn uniformly without repetition among the boards at that
/// distance. `Ok(None)` for other widths.
pub fn npuzzle_report(
    width: usize,
    options: &ReportOptions,
    entries: &[StrategyEntry],
    progress: &ProgressBar,
) -> Result<Option<ScalingReport>, ReportError> {
    let mut rng = ChaCha8Rng::seed_from_u64(options.seed);
    progress.set_message("listing every board by distance");
    let Some(by_distance) = boards_by_distance(width) else { return Ok(None) };
    let largest = by_distance.len() - 1;
    let goal = by_distance[0][0].clone();
    let heuristic = Heuristic::named::<PatternDatabases>(options.heuristic.as_deref().unwrap_or(""), &goal)
        .map_err(|e| ReportError::Instance(InstanceError::Malformed(Box::new(e))))?;
    if *options.depths.end() > largest as u64 {
        let puzzle = format!("{width}x{width}");
        return Err(ReportError::DepthBeyond { puzzle, asked: *options.depths.end(), largest: largest as u64 });
    }
    let mut samples = Vec::new();
    for depth in options.depths.clone() {
        let Some(boards) = by_distance.get(depth as usize) else { continue };
        let amount = options.per_depth.min(boards.len());
        for i in rand::seq::index::sample(&mut rng, boards.len(), amount) {
            let instance =
                SlidingInstance { board: boards[i].clone(), goal: goal.clone(), heuristic: heuristic.clone() };
            samples.push((Sample { depth, instance: boards[i].to_string() }, instance));
        }
    }
    progress.set_length((samples.len() * entries.len()) as u64);
    progress.set_message("searching");
    let runs = run_all_of::<NPuzzle>(&samples, entries, |e| e.name.to_string(), progress)?;
    let mut notes = vec![format!(
        "Instances: {w}x{w} boards drawn uniformly, without repetition, among all solvable boards at exactly \
         that many moves from the goal 0,1,...,{last} (the engine's breadth-first search from the goal lists \
         them; the farthest are {largest} moves away). The driver's methods (bfs, dfs, ast) run with its \
         options: graph search, successors in UDLR order, goal test on selection, FIFO ties; the \
         textbook's strategies as `searchlab search npuzzle` runs them. h, for every strategy that uses it: {h}.",
        h = heuristic.title(),
        w = width,
        last = width * width - 1,
    )];
    let short: Vec<String> = options
        .depths
        .clone()
        .filter(|d| samples.iter().filter(|(s, _)| s.depth == *d).count() < options.per_depth)
        .map(|d| d.to_string())
        .collect();
    if !short.is_empty() {
        notes.push(format!(
            "Fewer than {} boards exist at depth {} (all of them were used).",
            options.per_depth,
            short.join(", ")
        ));
    }
    Ok(Some(ScalingReport {
        puzzle: format!("npuzzle {width}x{width}"),
        options: options.clone(),
        algorithms: entries.iter().map(|e| e.name.to_string()).collect(),
        samples: samples.into_iter().map(|(sample, _)| sample).collect(),
        runs,
        notes,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use searchlab_core::catalog::Puzzle;
    use searchlab_core::Strategy;
    use searchlab_npuzzle::DriverOptions;

    #[test]
    fn boards_by_distance_match_the_known_counts() {
        let all = boards_by_distance(3).unwrap();
        // 9!/2 solvable boards; the farthest are 31 moves away, and there are two of them.
        assert_eq!(all.iter().map(Vec::len).sum::<usize>(), 181_440);
        assert_eq!(all.len(), 32);
        assert_eq!(all[31].len(), 2);
        // From the goal the blank (top left) can only move right or down.
        assert_eq!(all[1].iter().map(Board::to_string).collect::<Vec<_>>(), ["3,1,2,0,4,5,6,7,8", "1,0,2,3,4,5,6,7,8"]);
        assert_eq!(boards_by_distance(4), None);
    }

    #[test]
    fn samples_sit_at_their_depth_and_the_seed_fixes_everything_but_time() {
        let options = ReportOptions { depths: 2..=5, per_depth: 3, seed: 1, heuristic: None };
        let entries = NPuzzle::strategies();
        let a = npuzzle_report(3, &options, &entries, &ProgressBar::hidden()).unwrap().unwrap();
        let b = npuzzle_report(3, &options, &entries, &ProgressBar::hidden()).unwrap().unwrap();
        assert_eq!(a.samples, b.samples);
        assert_eq!(a.samples.len(), 12);
        let counts = |r: &ScalingReport| {
            r.runs.iter().map(|r| (r.stats.expanded, r.stats.generated, r.stored)).collect::<Vec<_>>()
        };
        assert_eq!(counts(&a), counts(&b));
        for (sample, runs) in a.samples.iter().zip(a.runs.chunks(entries.len())) {
            // BFS finds a shortest path: exactly `depth` moves.
            let board = Board::parse(&sample.instance).unwrap();
            let goal = Board::goal(3).unwrap();
            let report =
                searchlab_npuzzle::solve(Strategy::BreadthFirst, &board, &goal, &DriverOptions::default()).unwrap();
            assert_eq!(report.path.len() as u64, sample.depth);
            assert_eq!(runs[0].stats.expanded, report.nodes_expanded);
        }
    }
}
