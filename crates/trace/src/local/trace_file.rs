//! Local search's `--trace` files (`searchlab search queens hill --trace FILE`): one JSON
//! object per line, a `run` line where each run begins, then its `start`, `move` and `end`
//! lines with the states as the puzzle writes them ([`LocalPuzzle::view_state`]). The replay
//! page reads one back ([`recording_from_trace`]): the puzzle draws its states again.
//!
//! ```text
//! {"type":"run","run":1,"puzzle":"queens","strategy":"hill","seed":7}
//! {"type":"start","state":[1,1,1,1,2,5,0,5],"value":12}
//! {"type":"move","state":[1,1,1,6,2,5,0,5],"value":7,"kind":"downhill"}
//! {"type":"move","state":[1,7,1,6,2,5,0,5],"value":4,"kind":"downhill"}
//! {"type":"move","state":[1,7,1,6,2,5,0,4],"value":2,"kind":"downhill"}
//! {"type":"end","reason":"no-better-neighbour"}
//! ```

use std::io::{self, Write};

use searchlab_core::catalog::LocalPuzzle;
use searchlab_core::local::{LocalEvent, LocalObserver, LocalProblem, LocalStrategy, MoveKind, StopReason};
use serde::{Deserialize, Serialize};

use crate::local::recording::{LocalRecording, LocalResult, Recorder};
use crate::trace::JsonLines;

/// One line of a local-search trace; `S` is the puzzle's state view.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
pub enum LocalTraceLine<S> {
    /// Run `run` (from 1) of `strategy` begins; every run of a file shares the one `seed`.
    Run {
        /// The run's number, from 1.
        run: u64,
        /// The puzzle's name.
        puzzle: String,
        /// The strategy's command-line name.
        strategy: String,
        /// The seed of the whole file's runs.
        seed: u64,
    },
    /// A climb starts (a restart too).
    Start {
        /// The state.
        state: S,
        /// Its value.
        value: u64,
    },
    /// A move to `state`.
    Move {
        /// The new state.
        state: S,
        /// Its value.
        value: u64,
        /// Down, sideways or up.
        kind: MoveKind,
        /// Simulated annealing's temperature.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        temperature: Option<f64>,
    },
    /// The climb stopped.
    End {
        /// Why.
        reason: StopReason,
    },
}

/// A [`LocalObserver`] writing every event of [`searchlab_core::local::run_many_with`]'s runs
/// as JSON Lines.
pub struct LocalTraceWriter<'a, P: LocalPuzzle, W: Write> {
    problem: &'a P::Problem,
    strategy: LocalStrategy,
    seed: u64,
    sink: JsonLines<W>,
}

impl<'a, P: LocalPuzzle, W: Write> LocalTraceWriter<'a, P, W> {
    /// A writer of `strategy`'s runs from `seed` on `problem` to `out` (buffered here).
    pub fn new(problem: &'a P::Problem, strategy: LocalStrategy, seed: u64, out: W) -> Self {
        LocalTraceWriter { problem, strategy, seed, sink: JsonLines::new(out) }
    }

    /// Flushes the trace; returns the writer, or the first write error.
    pub fn finish(self) -> io::Result<W> {
        self.sink.finish()
    }
}

type State<P> = <<P as LocalPuzzle>::Problem as LocalProblem>::State;

impl<P: LocalPuzzle, W: Write> LocalObserver<State<P>> for LocalTraceWriter<'_, P, W> {
    fn on_local(&mut self, event: &LocalEvent<'_, State<P>>) {
        let line = match *event {
            LocalEvent::Start { state, value } => {
                LocalTraceLine::Start { state: P::view_state(self.problem, state), value }
            }
            LocalEvent::Move { state, value, kind, temperature } => {
                LocalTraceLine::Move { state: P::view_state(self.problem, state), value, kind, temperature }
            }
            LocalEvent::End { reason } => LocalTraceLine::End { reason },
        };
        self.sink.write_line(&line);
    }

    fn on_run(&mut self, run: u64) {
        let (puzzle, strategy) = (P::NAME.to_string(), self.strategy.name().to_string());
        self.sink.write_line(&LocalTraceLine::<P::StateView>::Run { run, puzzle, strategy, seed: self.seed });
    }
}

/// The replay of a trace's first run (the lines up to a second `run` line), its states drawn
/// by the puzzle; a file without a `run` line is replayed as `strategy`'s. Why not, in words,
/// with the line's number: a line that is not JSON or not a trace line of this puzzle, a state
/// of another instance.
pub fn recording_from_trace<P: LocalPuzzle>(
    problem: &P::Problem,
    text: &str,
    strategy: LocalStrategy,
) -> Result<LocalRecording, String> {
    let mut recorder = Recorder::<P>::new(problem, None);
    let (mut strategy, mut seed, mut runs) = (strategy, 0, 0);
    let (mut last, mut steps, mut starts) = (None::<(State<P>, u64)>, 0, 0u64);
    for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let at = |why: String| format!("line {}: {why}", i + 1);
        let line: LocalTraceLine<P::StateView> = serde_json::from_str(line).map_err(|e| {
            let why: String = e.to_string().chars().take(120).collect();
            at(format!("not a local-search trace line of the {} ({why})", P::TITLE))
        })?;
        if recorder.should_stop() {
            recorder.on_local(&LocalEvent::End { reason: StopReason::Stopped });
            break;
        }
        let read = |view| P::read_state(problem, view).map_err(at);
        match line {
            LocalTraceLine::Run { puzzle, strategy: name, seed: s, .. } => {
                runs += 1;
                if runs > 1 {
                    break;
                }
                if puzzle != P::NAME {
                    return Err(at(format!("a trace of `{}`, not of the {}", shown(&puzzle), P::TITLE)));
                }
                strategy = LocalStrategy::parse(&name, P::TITLE).map_err(at)?;
                seed = s;
            }
            LocalTraceLine::Start { state, value } => {
                let state = read(state)?;
                recorder.on_local(&LocalEvent::Start { state: &state, value });
                starts += 1;
                last = Some((state, value));
            }
            LocalTraceLine::Move { state, value, kind, temperature } => {
                let state = read(state)?;
                recorder.on_local(&LocalEvent::Move { state: &state, value, kind, temperature });
                steps += 1;
                last = Some((state, value));
            }
            LocalTraceLine::End { reason } => recorder.on_local(&LocalEvent::End { reason }),
        }
    }
    let Some((state, value)) = last else {
        return Err(format!("no start line: a local-search trace of the {} begins a run with one", P::TITLE));
    };
    let result = LocalResult {
        solved: value == 0,
        steps,
        restarts: starts.saturating_sub(1),
        value,
        words: P::state_words(problem, &state),
    };
    Ok(recorder.finish(strategy, strategy.rule().to_string(), seed, result))
}

fn shown(text: &str) -> String {
    text.chars().take(20).collect()
}

#[cfg(test)]
mod tests {
    use searchlab_core::local::{run_many_with, LocalOptions};
    use searchlab_queens::{NQueens, Queens};

    use super::*;
    use crate::local::recording::record_local;

    /// `runs` runs of `strategy` from `seed` written as a trace.
    fn trace(queens: &Queens, strategy: LocalStrategy, options: &LocalOptions, runs: u64, seed: u64) -> String {
        let mut writer = LocalTraceWriter::<NQueens, _>::new(queens, strategy, seed, Vec::new());
        run_many_with(queens, strategy, options, runs, seed, &mut writer);
        String::from_utf8(writer.finish().unwrap()).unwrap()
    }

    #[test]
    fn a_traced_run_replays_as_the_recorded_one() {
        let queens = Queens::new(8).unwrap();
        let options = LocalOptions { sideways: 20, ..LocalOptions::default() };
        for (_, strategy) in LocalStrategy::ALL {
            for seed in [1, 7, 2026] {
                let text = trace(&queens, strategy, &options, 1, seed);
                let recorded = record_local::<NQueens>(&queens, strategy, &options, seed, None);
                // The form's strategy is not the file's: the file's `run` line decides.
                let other = if strategy == LocalStrategy::Hill { LocalStrategy::Beam } else { LocalStrategy::Hill };
                let loaded = recording_from_trace::<NQueens>(&queens, &text, other).unwrap();
                let name = strategy.name();
                assert_eq!((loaded.strategy, loaded.seed), (name, seed));
                assert_eq!(loaded.frames, recorded.frames, "{name} {seed}");
                assert_eq!(loaded.drawings, recorded.drawings, "{name} {seed}");
                assert_eq!(loaded.result, recorded.result, "{name} {seed}");
                assert_eq!(text.lines().count(), recorded.frames.len() + 1, "a run line, then one per frame");
            }
        }
    }

    #[test]
    fn a_file_of_several_runs_replays_its_first() {
        let queens = Queens::new(8).unwrap();
        let options = LocalOptions::default();
        let text = trace(&queens, LocalStrategy::Hill, &options, 3, 5);
        let runs: Vec<u64> = text
            .lines()
            .filter_map(|l| match serde_json::from_str::<LocalTraceLine<Vec<u8>>>(l).unwrap() {
                LocalTraceLine::Run { run, .. } => Some(run),
                _ => None,
            })
            .collect();
        assert_eq!(runs, [1, 2, 3]);
        let first = record_local::<NQueens>(&queens, LocalStrategy::Hill, &options, 5, None);
        let loaded = recording_from_trace::<NQueens>(&queens, &text, LocalStrategy::Hill).unwrap();
        assert_eq!(loaded.frames, first.frames);
    }

    #[test]
    fn a_file_of_another_puzzle_instance_or_format_is_refused_with_its_line() {
        let queens = Queens::new(8).unwrap();
        let hill = LocalStrategy::Hill;
        let text = trace(&queens, hill, &LocalOptions::default(), 1, 7);
        let other = text.replacen("\"queens\"", "\"knights\"", 1);
        let ten = Queens::new(10).unwrap();
        for (problem, text, words) in [
            (&queens, other.as_str(), "line 1: a trace of `knights`, not of the n-queens"),
            (&ten, text.as_str(), "line 2: a board of 10 queens"),
            (
                &queens,
                "{\"type\":\"start\",\"state\":\"Arad\"}",
                "line 1: not a local-search trace line of the n-queens",
            ),
            (&queens, "\n\nnot json", "line 3: not a local-search trace line"),
            (&queens, "{\"type\":\"start\",\"state\":[0,1,2,3,4,5,6,9],\"value\":3}", "line 1: a board of 8 queens"),
            (&queens, "", "no start line"),
        ] {
            let err = recording_from_trace::<NQueens>(problem, text, hill).unwrap_err();
            assert!(err.starts_with(words), "{err}");
        }
        // A file without a run line is the form's strategy's.
        let bare: String = text.lines().skip(1).map(|l| format!("{l}\n")).collect();
        let loaded = recording_from_trace::<NQueens>(&queens, &bare, LocalStrategy::Annealing).unwrap();
        assert_eq!((loaded.strategy, loaded.frames.len()), ("annealing", text.lines().count() - 1));
    }

    #[test]
    fn a_long_file_is_cut_at_the_replays_cap_and_says_so() {
        let queens = Queens::new(64).unwrap();
        // Simulated annealing on 64 queens: 1,005 events, whose drawings pass the 8 MiB cap.
        let text = trace(&queens, LocalStrategy::Annealing, &LocalOptions::default(), 1, 3);
        let loaded = recording_from_trace::<NQueens>(&queens, &text, LocalStrategy::Annealing).unwrap();
        assert!(loaded.frames.len() < text.lines().count() - 1);
        assert!(loaded.drawings.iter().map(String::len).sum::<usize>() >= crate::local::recording::MAX_DRAWING_BYTES);
        assert!(loaded.capped && !loaded.result.solved);
        assert!(matches!(
            loaded.frames.last(),
            Some(crate::local::recording::LocalFrame::End { reason: StopReason::Stopped, .. })
        ));
    }
}
