//! A local search recorded for the replay: every event of one run (its start, each move, why
//! it stopped) with the state drawn by the puzzle itself, so the page shows any registered
//! local-search puzzle without knowing it.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};

use rand::SeedableRng;
use searchlab_core::catalog::LocalPuzzle;
use searchlab_core::local::{
    run_local_with, ChaCha8Rng, LocalEvent, LocalObserver, LocalOptions, LocalProblem, LocalStrategy, MoveKind,
    StopReason,
};
use serde::Serialize;

/// The most events one recording keeps; the search is stopped there (its end then says so).
pub const MAX_FRAMES: usize = 5_000;

/// The most bytes of drawings one recording keeps (distinct drawings are kept once).
pub const MAX_DRAWING_BYTES: usize = 8 << 20;

/// One event of the run, as the page steps through it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum LocalFrame {
    /// A climb starts (a restart too).
    Start {
        /// The state's value.
        value: u64,
        /// The state's drawing, an index into [`LocalRecording::drawings`].
        drawing: usize,
        /// The state in words.
        words: String,
    },
    /// A move to a new state.
    Move {
        /// The new value.
        value: u64,
        /// Down, sideways or up.
        kind: MoveKind,
        /// Simulated annealing's temperature.
        temperature: Option<f64>,
        /// The state's drawing, an index into [`LocalRecording::drawings`].
        drawing: usize,
        /// The state in words.
        words: String,
    },
    /// The climb stopped.
    End {
        /// Why.
        reason: StopReason,
        /// Why, in words.
        words: &'static str,
    },
}

/// How the run ended.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LocalResult {
    /// Whether the final state is a solution.
    pub solved: bool,
    /// The moves made (over every restart).
    pub steps: u64,
    /// The restarts made.
    pub restarts: u64,
    /// The final state's value.
    pub value: u64,
    /// The final state in words.
    pub words: String,
}

/// One local-search run recorded for the page (`POST /api/local`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LocalRecording {
    /// Always `"local"`: the page's cue to replay frames rather than engine events.
    pub kind: &'static str,
    /// The puzzle's name.
    pub puzzle: &'static str,
    /// The puzzle's title.
    pub title: &'static str,
    /// The strategy's command-line name.
    pub strategy: &'static str,
    /// The strategy's title.
    pub algorithm: &'static str,
    /// How the strategy picks its next state, with the options used.
    pub rule: String,
    /// The seed of every random choice: the same seed, the same run.
    pub seed: u64,
    /// The command line that makes the same run.
    pub command: String,
    /// The events, in order.
    pub frames: Vec<LocalFrame>,
    /// The distinct drawings (SVG documents) the frames point at.
    pub drawings: Vec<String>,
    /// How the run ended.
    pub result: LocalResult,
    /// Whether the recording's cap ([`MAX_FRAMES`], [`MAX_DRAWING_BYTES`]) or a cancelled
    /// request stopped the run: the command line's run may go on (more restarts, more moves).
    pub capped: bool,
}

/// Collects the frames, stopping the search when full or when `stop` is raised.
pub(crate) struct Recorder<'a, P: LocalPuzzle> {
    problem: &'a P::Problem,
    frames: Vec<LocalFrame>,
    drawings: Vec<String>,
    known: HashMap<String, usize>,
    bytes: usize,
    stop: Option<&'a AtomicBool>,
}

impl<'a, P: LocalPuzzle> Recorder<'a, P> {
    /// An empty recording of runs on `problem`, stopped when full or when `stop` is raised.
    pub(crate) fn new(problem: &'a P::Problem, stop: Option<&'a AtomicBool>) -> Self {
        Recorder { problem, frames: Vec::new(), drawings: Vec::new(), known: HashMap::new(), bytes: 0, stop }
    }

    /// The recording of `strategy`'s run, which ended as `result`.
    pub(crate) fn finish(
        self,
        strategy: LocalStrategy,
        rule: String,
        seed: u64,
        result: LocalResult,
    ) -> LocalRecording {
        // Asked after the run: a random restart stops between its climbs without a stop event.
        let capped = self.should_stop() && !result.solved;
        LocalRecording {
            kind: "local",
            puzzle: P::NAME,
            title: P::TITLE,
            strategy: strategy.name(),
            algorithm: strategy.title(),
            rule,
            seed,
            command: String::new(),
            result,
            frames: self.frames,
            drawings: self.drawings,
            capped,
        }
    }

    fn drawing(&mut self, state: &<P::Problem as LocalProblem>::State) -> usize {
        let svg = P::state_svg(self.problem, state);
        if let Some(&i) = self.known.get(&svg) {
            return i;
        }
        self.bytes += svg.len();
        self.drawings.push(svg.clone());
        self.known.insert(svg, self.drawings.len() - 1);
        self.drawings.len() - 1
    }
}

impl<P: LocalPuzzle> LocalObserver<<P::Problem as LocalProblem>::State> for Recorder<'_, P> {
    fn on_local(&mut self, event: &LocalEvent<'_, <P::Problem as LocalProblem>::State>) {
        let frame = match *event {
            LocalEvent::Start { state, value } => {
                LocalFrame::Start { value, drawing: self.drawing(state), words: P::state_words(self.problem, state) }
            }
            LocalEvent::Move { state, value, kind, temperature } => LocalFrame::Move {
                value,
                kind,
                temperature,
                drawing: self.drawing(state),
                words: P::state_words(self.problem, state),
            },
            LocalEvent::End { reason } => LocalFrame::End { reason, words: reason.words() },
        };
        self.frames.push(frame);
    }

    fn should_stop(&self) -> bool {
        // Room is kept for a move and the end that follows it.
        self.frames.len() + 2 >= MAX_FRAMES
            || self.bytes >= MAX_DRAWING_BYTES
            || self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
    }
}

/// Records one run of `strategy` on `problem` from a generator seeded with `seed` (the run
/// `searchlab search NAME STRATEGY --seed SEED` makes), stopping early when `stop` is raised.
pub fn record_local<P: LocalPuzzle>(
    problem: &P::Problem,
    strategy: LocalStrategy,
    options: &LocalOptions,
    seed: u64,
    stop: Option<&AtomicBool>,
) -> LocalRecording {
    let mut recorder = Recorder::<P>::new(problem, stop);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let run = run_local_with(problem, strategy, options, &mut rng, &mut recorder);
    let rule = match strategy {
        _ if options.sideways > 0 && strategy.takes_sideways() => {
            format!("{} ({} sideways moves in a row allowed)", strategy.rule(), options.sideways)
        }
        _ => strategy.rule().to_string(),
    };
    let result = LocalResult {
        solved: run.solved,
        steps: run.steps,
        restarts: run.restarts,
        value: run.value,
        words: P::state_words(problem, &run.state),
    };
    recorder.finish(strategy, rule, seed, result)
}

#[cfg(test)]
mod tests {
    use searchlab_core::local::run_many;
    use searchlab_queens::{NQueens, Queens};

    use super::*;

    #[test]
    fn a_recording_is_the_command_lines_run_move_for_move() {
        let queens = Queens::new(8).unwrap();
        for (_, strategy) in LocalStrategy::ALL {
            for seed in [1, 7, 2026] {
                let options = LocalOptions { sideways: 20, ..LocalOptions::default() };
                let rec = record_local::<NQueens>(&queens, strategy, &options, seed, None);
                let cli = run_many(&queens, strategy, &options, 1, seed);
                let name = strategy.name();
                assert_eq!(rec.result.solved, cli.solved == 1, "{name} {seed}");
                let steps = cli.mean_steps_solved.or(cli.mean_steps_stuck).unwrap();
                assert_eq!(rec.result.steps as f64, steps, "{name} {seed}");
                let moves = rec.frames.iter().filter(|f| matches!(f, LocalFrame::Move { .. })).count();
                assert_eq!(moves as u64, rec.result.steps, "{name} {seed}");
                assert!(!rec.capped, "{name} {seed}");
                // Every drawing marks as many pairs as its frame's value.
                for frame in &rec.frames {
                    if let LocalFrame::Start { value, drawing, .. } | LocalFrame::Move { value, drawing, .. } = frame {
                        let svg = &rec.drawings[*drawing];
                        assert_eq!(svg.matches("class=\"attack\"").count() as u64, *value, "{name} {seed}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_long_run_stops_at_the_recordings_cap_and_says_so() {
        // Simulated annealing on 64 queens moves far more than the cap allows.
        let queens = Queens::new(64).unwrap();
        let rec = record_local::<NQueens>(&queens, LocalStrategy::Annealing, &LocalOptions::default(), 3, None);
        assert!(rec.frames.len() <= MAX_FRAMES);
        assert_eq!(
            rec.frames.last(),
            Some(&LocalFrame::End { reason: StopReason::Stopped, words: StopReason::Stopped.words() })
        );
        let moves = rec.frames.iter().filter(|f| matches!(f, LocalFrame::Move { .. })).count() as u64;
        assert_eq!(moves, rec.result.steps);
        assert!(rec.capped);
        // A raised stop flag ends the run before its first move.
        let stop = AtomicBool::new(true);
        let rec = record_local::<NQueens>(&queens, LocalStrategy::Hill, &LocalOptions::default(), 3, Some(&stop));
        assert_eq!((rec.frames.len(), rec.result.steps), (2, 0));
    }
}
