//! Reports on any registered puzzle without a sampler of its own (the Romania map): the
//! puzzle's own seeded random instances, each placed at its depth, the fewest actions to a
//! goal as the engine's breadth-first search finds it.

use std::collections::HashSet;

use indicatif::ProgressBar;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use searchlab_core::catalog::{RandomSource, StrategyEntry};
use searchlab_registry::RegisteredPuzzle;

use super::run::run_all;
use super::{ReportError, ReportOptions, Sample, ScalingReport};

/// Draws per wanted instance before the sampling gives up.
const DRAWS_PER_INSTANCE: usize = 50;

/// The breadth-first search that measures an instance's depth stops after this many nodes
/// (the instance is then left out).
const DEPTH_SEARCH_LIMIT: u64 = 2_000_000;

/// A seeded ChaCha8 generator as the puzzles' [`RandomSource`].
struct Seeded(ChaCha8Rng);

impl RandomSource for Seeded {
    fn below(&mut self, bound: u32) -> u32 {
        self.0.random_range(0..bound.max(1))
    }
}

/// An instance as its fields, and the reader of its fields by name.
type Fields = Vec<(&'static str, String)>;

/// The value of the field `name` in `fields` (empty when absent).
fn field<'a>(fields: &'a Fields) -> impl Fn(&str) -> String + 'a {
    move |name| fields.iter().find(|(n, _)| *n == name).map(|(_, v)| v.clone()).unwrap_or_default()
}

/// Distinct random instances of `puzzle` at the wanted depths (the fewest actions to a goal,
/// as a breadth-first search of at most [`DEPTH_SEARCH_LIMIT`] expansions finds it), at most
/// `per_depth` per depth, in the order drawn.
fn sample(puzzle: &dyn RegisteredPuzzle, options: &ReportOptions) -> Vec<(Sample, Fields)> {
    let mut rng = Seeded(ChaCha8Rng::seed_from_u64(options.seed));
    let depths = options.depths.clone().count();
    let mut seen = HashSet::new();
    let mut samples: Vec<(Sample, Fields)> = Vec::new();
    for _ in 0..depths * options.per_depth * DRAWS_PER_INSTANCE {
        if samples.len() == depths * options.per_depth {
            break;
        }
        let instance = puzzle.random(&mut rng);
        let label = instance.iter().map(|(_, v)| v.as_str()).collect::<Vec<_>>().join(" ");
        if !seen.insert(label.clone()) {
            continue;
        }
        let Some(depth) = puzzle.depth(&field(&instance), DEPTH_SEARCH_LIMIT).filter(|d| options.depths.contains(d))
        else {
            continue;
        };
        if samples.iter().filter(|(s, _)| s.depth == depth).count() < options.per_depth {
            samples.push((Sample { depth, instance: label }, instance));
        }
    }
    samples.sort_by_key(|(s, _)| s.depth);
    samples
}

/// Runs every entry on the puzzle's own random instances, up to `options.per_depth` per depth
/// (the fewest actions to a goal); depths no drawn instance has are left out (a note says so).
pub fn sampled_report(
    puzzle: &dyn RegisteredPuzzle,
    options: &ReportOptions,
    entries: &[StrategyEntry],
    progress: &ProgressBar,
) -> Result<ScalingReport, ReportError> {
    progress.set_message("drawing instances");
    let samples = sample(puzzle, options);
    if samples.is_empty() {
        let (from, to) = (*options.depths.start(), *options.depths.end());
        return Err(ReportError::NoInstances { puzzle: puzzle.title(), from, to });
    }
    progress.set_length((samples.len() * entries.len()) as u64);
    progress.set_message("searching");
    let measure =
        |instance: &Fields, entry: &StrategyEntry| puzzle.measure(&field(instance), entry).map_err(ReportError::from);
    let runs = run_all(&samples, entries, |e| e.name.to_string(), progress, measure)?;
    let mut notes = vec![format!(
        "Instances: the {}'s own random instances (distinct, seed {}), each at its depth: the fewest actions to a \
         goal, as breadth-first search finds it. Every algorithm runs with the puzzle's rules.",
        puzzle.title(),
        options.seed
    )];
    let short: Vec<String> = options
        .depths
        .clone()
        .filter(|d| samples.iter().filter(|(s, _)| s.depth == *d).count() < options.per_depth)
        .map(|d| d.to_string())
        .collect();
    if !short.is_empty() {
        notes.push(format!("Fewer than {} instances were drawn at depth {}.", options.per_depth, short.join(", ")));
    }
    Ok(ScalingReport {
        puzzle: puzzle.name().into(),
        options: options.clone(),
        algorithms: entries.iter().map(|e| e.name.to_string()).collect(),
        samples: samples.into_iter().map(|(s, _)| s).collect(),
        runs,
        notes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use searchlab_core::catalog::Puzzle;
    use searchlab_romania::Romania;

    #[test]
    fn romania_is_sampled_by_the_fewest_roads() {
        let options = ReportOptions { depths: 1..=4, per_depth: 3, seed: 7, heuristic: None };
        let romania = searchlab_registry::path_puzzle("romania").unwrap();
        let report = sampled_report(romania, &options, &Romania::strategies(), &ProgressBar::hidden()).unwrap();
        // The fewest roads to Bucharest, read off AIMA's Figure 3.1.
        let roads = |city: &str| match city {
            "Pitesti" | "Fagaras" | "Giurgiu" | "Urziceni" => 1,
            "Sibiu" | "Rimnicu Vilcea" | "Craiova" | "Hirsova" | "Vaslui" => 2,
            "Arad" | "Oradea" | "Drobeta" | "Eforie" | "Iasi" => 3,
            "Zerind" | "Timisoara" | "Mehadia" | "Neamt" => 4,
            "Lugoj" => 5,
            other => panic!("unexpected start {other}"),
        };
        assert!(!report.samples.is_empty());
        for sample in &report.samples {
            let from = sample.instance.strip_suffix(" Bucharest").unwrap();
            assert_eq!(sample.depth, roads(from), "{}", sample.instance);
        }
        let per_depth = |d| report.samples.iter().filter(|s| s.depth == d).count();
        assert!((1..=4).all(|d| per_depth(d) <= 3));
        assert_eq!(report.runs.len(), report.samples.len() * Romania::strategies().len());
        // A* and uniform cost find the shortest route; breadth-first the fewest roads.
        assert!(report.runs.iter().all(|r| r.found));
    }
}
