//! One run measured for a report: how it ended, the solution's length, the engine's
//! statistics and the most nodes it held at once ([`NodeCounter`], the memory proxy).

use searchlab_core::catalog::{Puzzle, StrategyEntry};
use searchlab_core::{Event, FinishKind, Observer, Problem, Stats};

/// Counts the nodes a search holds: the root plus every generated child, since the engine
/// keeps each node it generated until the search ends (IDS: the largest iteration, as each
/// iteration starts afresh). This is the report's memory proxy; hill-climbing, which keeps
/// only the current node and its children, is over-counted.
#[derive(Debug, Clone, Copy, Default)]
pub struct NodeCounter {
    current: u64,
    /// The peak.
    pub peak: u64,
}

impl<P: Problem + ?Sized> Observer<P> for NodeCounter {
    #[inline]
    fn on_event(&mut self, event: &Event<'_, P>) {
        match event {
            Event::Start { .. } => {
                self.current = 1;
                self.peak = self.peak.max(1);
            }
            Event::Generated { .. } => {
                self.current += 1;
                self.peak = self.peak.max(self.current);
            }
            _ => {}
        }
    }
}

/// What a report keeps of one run.
#[derive(Debug, Clone, PartialEq)]
pub struct Measured {
    /// How the search ended.
    pub finish: FinishKind,
    /// The solution's length in moves, when one was found.
    pub path_length: Option<u64>,
    /// The engine's statistics.
    pub stats: Stats,
    /// The most nodes the search held at once ([`NodeCounter`]).
    pub stored: u64,
}

/// Runs `entry` on `problem` with the puzzle's own [`Puzzle::run`], counting the nodes held.
pub fn measure<P: Puzzle>(problem: &P::Problem, entry: &StrategyEntry) -> Measured {
    let mut counter = NodeCounter::default();
    let run = P::run(problem, entry, &mut counter);
    let found = run.finish == FinishKind::Found;
    Measured {
        finish: run.finish,
        path_length: found.then_some(run.moves.len() as u64),
        stats: run.stats,
        stored: counter.peak,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use searchlab_romania::Romania;

    #[test]
    fn a_breadth_first_run_holds_its_root_and_every_child_it_added() {
        let field = |name: &str| if name == "from" { "Arad".to_string() } else { "Bucharest".to_string() };
        let problem = Romania::problem(&Romania::parse(&field).unwrap()).unwrap();
        let entry = Romania::strategy("bfs").unwrap();
        let measured = measure::<Romania>(&problem, &entry);
        assert_eq!(measured.finish, FinishKind::Found);
        // Arad, Sibiu, Fagaras, Bucharest: the fewest roads.
        assert_eq!(measured.path_length, Some(3));
        // Breadth-first search keeps every node it added: the peak is the root and every
        // `Generated` event, counted here by a plain closure.
        let mut added = 0;
        searchlab_core::search_with(&problem, entry.strategy, &entry.options, &mut |event: &Event<'_, _>| {
            added += u64::from(matches!(event, Event::Generated { .. }));
        });
        assert_eq!(measured.stored, 1 + added);
        assert!(measured.stored <= measured.stats.generated + 1);
    }
}
