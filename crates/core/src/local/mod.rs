//! Local search on a complete-state formulation (AIMA chapter 4): a state, its neighbours, a
//! value to bring down to zero. A puzzle implements [`LocalProblem`] beside its
//! [`crate::Problem`] to offer both kinds of search.
//!
//! The strategies, one file each, are registered once in [`LocalStrategy`]; [`run_local`] runs
//! one of them from a random start, [`run_many`] many runs from one seed (the textbook's
//! "solved share and mean steps" figures). Every random choice (starts, ties, moves,
//! acceptance) comes from one seeded [`ChaCha8Rng`], so a seed fixes the runs on any machine.

mod annealing;
mod beam;
mod first_choice;
mod hill;
mod observe;
mod restart;
mod schedule;
mod stochastic;

use rand::{Rng, RngCore};
pub use rand_chacha::ChaCha8Rng;

pub use annealing::{simulated_annealing, simulated_annealing_with};
pub use beam::{local_beam_search, local_beam_search_with};
pub use first_choice::{first_choice_hill_climbing, first_choice_hill_climbing_with};
pub use hill::{steepest_ascent, steepest_ascent_with};
use observe::must_stop;
pub use observe::{LocalEvent, LocalObserver, MoveKind, NoLocalObserver, StopReason};
pub use restart::{random_restart, random_restart_with};
pub use schedule::Schedule;
pub use stochastic::{stochastic_hill_climbing, stochastic_hill_climbing_with};

/// A complete-state problem: every state is a candidate solution, improved by small changes.
pub trait LocalProblem {
    /// A complete state (for the n-queens: a row for each column's queen).
    type State: Clone + PartialEq;

    /// A random state, drawn with `rng`.
    fn random_state(&self, rng: &mut dyn RngCore) -> Self::State;

    /// Appends the neighbours of `state` (the states one move away) in a fixed order.
    fn neighbours(&self, state: &Self::State, out: &mut Vec<Self::State>);

    /// The value to bring down (the n-queens: attacking pairs); 0 is a solution.
    fn value(&self, state: &Self::State) -> u64;

    /// One neighbour drawn at random (first-choice hill-climbing and annealing draw instead of
    /// listing); by default one of [`LocalProblem::neighbours`], uniformly.
    fn random_neighbour(&self, state: &Self::State, rng: &mut dyn RngCore) -> Option<Self::State> {
        let mut all = Vec::new();
        self.neighbours(state, &mut all);
        if all.is_empty() {
            return None;
        }
        let i = rng.random_range(0..all.len());
        Some(all.swap_remove(i))
    }
}

/// The options of the local strategies (each reads those it needs).
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct LocalOptions {
    /// Hill-climbing: the most consecutive sideways moves (to a neighbour of equal value);
    /// 0 is the plain steepest ascent.
    pub sideways: u32,
    /// First-choice hill-climbing: random neighbours drawn before giving up.
    pub tries: u32,
    /// Random-restart hill-climbing: the most restarts.
    pub restarts: u32,
    /// Simulated annealing's schedule.
    pub schedule: Schedule,
    /// Local beam search: the states kept at each step.
    pub width: u32,
    /// Every strategy stops after this many steps (moves) in one run.
    pub max_steps: u64,
}

impl Default for LocalOptions {
    fn default() -> Self {
        LocalOptions {
            sideways: 0,
            tries: 1_000,
            restarts: 1_000,
            schedule: Schedule::default(),
            width: 10,
            max_steps: 100_000,
        }
    }
}

/// How one run ended, where, and after how many moves.
#[derive(Debug, Clone, PartialEq)]
pub struct LocalRun<S> {
    /// Whether the final state is a solution (value 0).
    pub solved: bool,
    /// The moves made (sideways ones included; over every restart).
    pub steps: u64,
    /// The restarts made (random-restart hill-climbing).
    pub restarts: u64,
    /// The final state and its value.
    pub state: S,
    /// The final state's value.
    pub value: u64,
}

/// The local strategies, registered once: each name, and the function that runs it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum LocalStrategy {
    /// [`steepest_ascent`]: the best neighbour, ties at random; sideways moves by option.
    Hill,
    /// [`stochastic_hill_climbing`]: a random better neighbour.
    Stochastic,
    /// [`first_choice_hill_climbing`]: the first better neighbour drawn at random.
    FirstChoice,
    /// [`random_restart`]: steepest ascent from new random states until solved.
    Restart,
    /// [`simulated_annealing`]: random moves, worse ones accepted with a falling probability.
    Annealing,
    /// [`local_beam_search`]: `width` states, the best of all their neighbours kept.
    Beam,
}

impl LocalStrategy {
    /// Every local strategy with its command-line name.
    pub const ALL: [(&'static str, LocalStrategy); 6] = [
        ("hill", LocalStrategy::Hill),
        ("hill-stochastic", LocalStrategy::Stochastic),
        ("hill-first-choice", LocalStrategy::FirstChoice),
        ("hill-restart", LocalStrategy::Restart),
        ("annealing", LocalStrategy::Annealing),
        ("local-beam", LocalStrategy::Beam),
    ];

    /// The strategy of a command-line name (any case).
    pub fn named(name: &str) -> Option<LocalStrategy> {
        Self::ALL.iter().find(|(n, _)| n.eq_ignore_ascii_case(name.trim())).map(|&(_, s)| s)
    }

    /// Every command-line name, in order.
    pub fn names() -> Vec<&'static str> {
        Self::ALL.iter().map(|(n, _)| *n).collect()
    }

    /// The strategy of a command-line name, or the one-line refusal naming `puzzle` (its
    /// title) and every strategy.
    pub fn parse(name: &str, puzzle: &str) -> Result<LocalStrategy, String> {
        Self::named(name).ok_or_else(|| {
            let shown: String = name.chars().take(20).collect();
            format!("unknown strategy `{shown}` for the {puzzle}: use one of {}", Self::names().join(", "))
        })
    }

    /// Whether it reads [`LocalOptions::sideways`] (hill, hill-restart, local-beam).
    pub fn takes_sideways(self) -> bool {
        matches!(self, LocalStrategy::Hill | LocalStrategy::Restart | LocalStrategy::Beam)
    }

    /// The command-line name.
    pub fn name(self) -> &'static str {
        Self::ALL.iter().find(|(_, s)| *s == self).map_or("?", |(n, _)| n)
    }

    /// The name for people.
    pub fn title(self) -> &'static str {
        match self {
            LocalStrategy::Hill => "Hill-climbing (steepest ascent)",
            LocalStrategy::Stochastic => "Stochastic hill-climbing",
            LocalStrategy::FirstChoice => "First-choice hill-climbing",
            LocalStrategy::Restart => "Random-restart hill-climbing",
            LocalStrategy::Annealing => "Simulated annealing",
            LocalStrategy::Beam => "Local beam search",
        }
    }

    /// How it picks its next state, in one line.
    pub fn rule(self) -> &'static str {
        match self {
            LocalStrategy::Hill => "the neighbour of lowest value, ties at random; stops when none is lower (or after the sideways moves allowed in a row)",
            LocalStrategy::Stochastic => "a random neighbour among those of lower value; stops when none is lower",
            LocalStrategy::FirstChoice => "random neighbours drawn until one is lower, up to the tries allowed; stops when none was",
            LocalStrategy::Restart => "steepest ascent, then again from a new random state until solved or the restarts run out",
            LocalStrategy::Annealing => "a random neighbour: taken when no worse, else with probability e^(-increase/T), T falling each step",
            LocalStrategy::Beam => "k states; the k best of all their neighbours next; shown: the beam's best state",
        }
    }
}

/// One run of `strategy` from a random start drawn with `rng`.
pub fn run_local<P: LocalProblem + ?Sized>(
    problem: &P,
    strategy: LocalStrategy,
    options: &LocalOptions,
    rng: &mut ChaCha8Rng,
) -> LocalRun<P::State> {
    run_local_with(problem, strategy, options, rng, &mut NoLocalObserver)
}

/// [`run_local`], telling `observer` every [`LocalEvent`] (the replay's recording).
pub fn run_local_with<P: LocalProblem + ?Sized>(
    problem: &P,
    strategy: LocalStrategy,
    options: &LocalOptions,
    rng: &mut ChaCha8Rng,
    observer: &mut dyn LocalObserver<P::State>,
) -> LocalRun<P::State> {
    let start = problem.random_state(rng);
    let o = observer;
    match strategy {
        LocalStrategy::Hill => steepest_ascent_with(problem, start, options, rng, o),
        LocalStrategy::Stochastic => stochastic_hill_climbing_with(problem, start, options, rng, o),
        LocalStrategy::FirstChoice => first_choice_hill_climbing_with(problem, start, options, rng, o),
        LocalStrategy::Restart => random_restart_with(problem, start, options, rng, o),
        LocalStrategy::Annealing => simulated_annealing_with(problem, start, options, rng, o),
        LocalStrategy::Beam => local_beam_search_with(problem, start, options, rng, o),
    }
}

/// What many runs of one strategy came to: the textbook's figures.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct LocalSummary {
    /// The strategy's name.
    pub strategy: &'static str,
    /// The runs made.
    pub runs: u64,
    /// The runs that ended on a solution.
    pub solved: u64,
    /// `solved / runs`.
    pub solved_share: f64,
    /// The mean moves of the solved runs (`None` without one).
    pub mean_steps_solved: Option<f64>,
    /// The mean moves of the other runs (`None` without one).
    pub mean_steps_stuck: Option<f64>,
    /// The seed.
    pub seed: u64,
}

/// `runs` runs of `strategy`, each from a random start, all from one generator seeded with
/// `seed`.
pub fn run_many<P: LocalProblem + ?Sized>(
    problem: &P,
    strategy: LocalStrategy,
    options: &LocalOptions,
    runs: u64,
    seed: u64,
) -> LocalSummary {
    run_many_with(problem, strategy, options, runs, seed, &mut NoLocalObserver)
}

/// [`run_many`], telling `observer` where each run begins ([`LocalObserver::on_run`]) and
/// every event of every run (what `searchlab search queens hill --runs 5 --trace FILE` writes).
pub fn run_many_with<P: LocalProblem + ?Sized>(
    problem: &P,
    strategy: LocalStrategy,
    options: &LocalOptions,
    runs: u64,
    seed: u64,
    observer: &mut dyn LocalObserver<P::State>,
) -> LocalSummary {
    use rand::SeedableRng;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut solved, mut solved_steps, mut stuck_steps) = (0u64, 0u64, 0u64);
    for index in 1..=runs {
        observer.on_run(index);
        let run = run_local_with(problem, strategy, options, &mut rng, observer);
        if run.solved {
            solved += 1;
            solved_steps += run.steps;
        } else {
            stuck_steps += run.steps;
        }
    }
    let mean = |total: u64, n: u64| (n > 0).then(|| total as f64 / n as f64);
    LocalSummary {
        strategy: strategy.name(),
        runs,
        solved,
        solved_share: if runs == 0 { 0.0 } else { solved as f64 / runs as f64 },
        mean_steps_solved: mean(solved_steps, solved),
        mean_steps_stuck: mean(stuck_steps, runs - solved),
        seed,
    }
}

/// The indices of the smallest values, for a tie broken at random.
fn best_of(values: &[u64]) -> (u64, Vec<usize>) {
    let best = values.iter().copied().min().unwrap_or(u64::MAX);
    (best, values.iter().enumerate().filter(|(_, v)| **v == best).map(|(i, _)| i).collect())
}

#[cfg(test)]
mod tests;
