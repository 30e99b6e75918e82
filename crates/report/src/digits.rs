//! Reports on the 3-digit puzzle: random instances with random forbidden sets.

use indicatif::ProgressBar;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use searchlab_core::catalog::StrategyEntry;
use searchlab_core::Problem;
use searchlab_threedigits::{optimal_depth, DigitsProblem, Instance, Number, State, ThreeDigits, EXPANSION_LIMIT};

use super::run::run_all_of;
use super::{ReportError, ReportOptions, Sample, ScalingReport};

/// The most forbidden numbers a random instance gets.
const MAX_FORBIDDEN: usize = 8;

/// Attempts per wanted instance before a depth is given up as too rare.
const ATTEMPTS_PER_INSTANCE: usize = 500;

/// The text of an instance in a report: `start goal forbidden;forbidden`.
fn label(instance: &Instance) -> String {
    let forbidden: Vec<String> = instance.forbidden.iter().map(Number::to_string).collect();
    format!("{} {} {}", instance.start, instance.goal, forbidden.join(";")).trim_end().to_string()
}

fn random_number(rng: &mut ChaCha8Rng) -> Number {
    Number::new(rng.random_range(0..1000)).unwrap_or_else(|| unreachable!("below 1000"))
}

/// A random instance whose goal lies `depth` legal moves from the start: a random start,
/// up to [`MAX_FORBIDDEN`] random forbidden numbers (never the start), and a random walk.
fn random_walk_instance(rng: &mut ChaCha8Rng, depth: u64) -> Option<Instance> {
    let start = random_number(rng);
    let count = rng.random_range(0..=MAX_FORBIDDEN);
    let mut forbidden: Vec<Number> = (0..count).map(|_| random_number(rng)).filter(|&n| n != start).collect();
    forbidden.sort();
    forbidden.dedup();
    let walk = DigitsProblem::new(Instance { start, goal: start, forbidden: forbidden.clone() });
    let mut state = State { number: start, changed: None };
    let mut children = Vec::new();
    for _ in 0..depth {
        children.clear();
        walk.successors(&state, &mut children);
        if children.is_empty() {
            return None;
        }
        state = children[rng.random_range(0..children.len())].1;
    }
    Some(Instance { start, goal: state.number, forbidden })
}

/// Draws `per_depth` instances for every depth: random walks of that length, kept when
/// breadth-first search confirms the walk's end is exactly that many moves away.
fn sample(options: &ReportOptions, rng: &mut ChaCha8Rng) -> Vec<(Sample, Instance)> {
    let mut samples = Vec::new();
    for depth in options.depths.clone() {
        let mut found = 0;
        for _ in 0..options.per_depth * ATTEMPTS_PER_INSTANCE {
            if found == options.per_depth {
                break;
            }
            let Some(instance) = random_walk_instance(rng, depth) else { continue };
            if optimal_depth(&instance) == Some(depth) {
                samples.push((Sample { depth, instance: label(&instance) }, instance));
                found += 1;
            }
        }
    }
    samples
}

/// Runs every entry (the registered strategies of [`ThreeDigits`]) on random 3-digit
/// instances, `options.per_depth` per optimal depth, with the spec's rules (and its
/// 1000-expansion limit). Depths with no instance after many attempts are left out (a note
/// says so).
pub fn digits_report(
    options: &ReportOptions,
    entries: &[StrategyEntry],
    progress: &ProgressBar,
) -> Result<ScalingReport, ReportError> {
    let mut rng = ChaCha8Rng::seed_from_u64(options.seed);
    progress.set_message("drawing instances");
    let samples = sample(options, &mut rng);
    if samples.is_empty() {
        let (from, to) = (*options.depths.start(), *options.depths.end());
        return Err(ReportError::NoInstances { puzzle: "3-digit puzzle", from, to });
    }
    progress.set_length((samples.len() * entries.len()) as u64);
    progress.set_message("searching");
    let runs = run_all_of::<ThreeDigits>(&samples, entries, |e| e.title().to_string(), progress)?;
    let mut notes = vec![format!(
        "Instances: a random start, 0 to {MAX_FORBIDDEN} random forbidden numbers and a random walk of legal \
         moves, kept when breadth-first search (without the expansion limit) confirms the walk's end is exactly \
         that many moves away. Every algorithm runs with the spec's rules, including its limit of \
         {EXPANSION_LIMIT} expanded nodes."
    )];
    let missing: Vec<String> = options
        .depths
        .clone()
        .filter(|d| samples.iter().filter(|(s, _)| s.depth == *d).count() < options.per_depth)
        .map(|d| d.to_string())
        .collect();
    if !missing.is_empty() {
        notes.push(format!("Fewer than {} instances were found at depth {}.", options.per_depth, missing.join(", ")));
    }
    Ok(ScalingReport {
        puzzle: "digits".into(),
        options: options.clone(),
        algorithms: entries.iter().map(|e| e.title().to_string()).collect(),
        samples: samples.into_iter().map(|(s, _)| s).collect(),
        runs,
        notes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use searchlab_core::catalog::Puzzle;
    use searchlab_core::Strategy;
    use searchlab_threedigits::parse_instance;

    fn all() -> Vec<StrategyEntry> {
        ThreeDigits::strategies()
    }

    #[test]
    fn same_seed_same_instances_and_counts() {
        let options = ReportOptions { depths: 1..=4, per_depth: 3, seed: 7, heuristic: None };
        let a = digits_report(&options, &all(), &ProgressBar::hidden()).unwrap();
        let b = digits_report(&options, &all(), &ProgressBar::hidden()).unwrap();
        assert_eq!(a.samples, b.samples);
        assert_eq!(a.samples.len(), 12);
        let counts =
            |r: &ScalingReport| r.runs.iter().map(|r| (r.found, r.stats.expanded, r.stored)).collect::<Vec<_>>();
        assert_eq!(counts(&a), counts(&b));
        let other = digits_report(&ReportOptions { seed: 8, ..options }, &all(), &ProgressBar::hidden()).unwrap();
        assert_ne!(a.samples, other.samples);
    }

    #[test]
    fn every_sample_has_its_depth_and_bfs_finds_it_at_that_depth() {
        let options = ReportOptions { depths: 1..=6, per_depth: 2, seed: 1, heuristic: None };
        let report = digits_report(&options, &all()[..1], &ProgressBar::hidden()).unwrap();
        for (sample, run) in report.samples.iter().zip(&report.runs) {
            let mut parts = sample.instance.split(' ');
            let text = format!(
                "{}\n{}\n{}\n",
                parts.next().unwrap(),
                parts.next().unwrap(),
                parts.next().unwrap_or("").replace(';', ",")
            );
            let instance = parse_instance(text.as_bytes()).unwrap();
            let answer = searchlab_threedigits::solve(&instance, Strategy::BreadthFirst);
            // BFS finds a shortest path: as many moves as the sample's depth.
            assert_eq!(answer.path.unwrap().len() as u64, sample.depth + 1, "{}", sample.instance);
            assert!(run.found);
        }
    }
}
