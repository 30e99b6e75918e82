//! A local-search puzzle in the registry: [`RegisteredLocal`], what every view calls on it
//! without knowing its types, and [`LocalRegistered`], which makes one of any
//! [`searchlab_core::catalog::LocalPuzzle`] (the line in [`crate::PUZZLES`]); a replay
//! request read for the door ([`record_request`]: the fields, then the seed and the sideways
//! moves), and the options a command line gives checked against the strategy
//! ([`options_for`]).

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::marker::PhantomData;
use std::sync::atomic::AtomicBool;

use searchlab_core::catalog::{Field, InstanceError, LocalPuzzle};
use searchlab_core::local::{run_many, run_many_with, LocalOptions, LocalStrategy, LocalSummary, Schedule};

use searchlab_trace::local::recording::{record_local, LocalRecording};
use searchlab_trace::local::trace_file::{recording_from_trace, LocalTraceWriter};

use crate::error::{shown, RecordError};
use crate::listing::LOCAL_OPTION_FIELDS;

/// The most sideways moves in a row a replay (the page's, the notebook's) may ask for.
pub const MAX_SIDEWAYS: u32 = 10_000;

/// What a replay request sets beside a local puzzle's fields, read from its `seed` (1 when
/// empty) and `sideways` (0 when empty): the seed of every random choice and the options;
/// why not, in words.
pub fn read_settings(field: &dyn Fn(&str) -> String) -> Result<(u64, LocalOptions), String> {
    let seed = match field("seed").trim() {
        "" => 1,
        text => text.parse::<u64>().map_err(|_| format!("seed {text}: a whole number from 0"))?,
    };
    let sideways = match field("sideways").trim() {
        "" => 0,
        text => text
            .parse::<u32>()
            .ok()
            .filter(|&s| s <= MAX_SIDEWAYS)
            .ok_or_else(|| format!("sideways {text}: a whole number from 0 to {MAX_SIDEWAYS}"))?,
    };
    Ok((seed, LocalOptions { sideways, ..LocalOptions::default() }))
}

/// The options of a local search beyond its strategy, as a command line gives them: each
/// `None` when not given.
#[derive(Debug, Clone, Default)]
pub struct GivenOptions {
    /// Sideways moves allowed in a row (hill, hill-restart, local-beam).
    pub sideways: Option<u32>,
    /// The beam's width (local-beam).
    pub width: Option<u32>,
    /// The cooling schedule (annealing).
    pub schedule: Option<Schedule>,
}

/// The options `given` for `strategy`, the defaults where they say nothing; refused, in one
/// line, when one does not apply to that strategy.
pub fn options_for(strategy: LocalStrategy, given: GivenOptions) -> Result<LocalOptions, RecordError> {
    let refuse = |option: &str, takers: &str| {
        Err(RecordError::Refused(format!("--{option} applies to {takers}, not to {}", strategy.name())))
    };
    if given.sideways.is_some() && !strategy.takes_sideways() {
        return refuse("sideways", "hill, hill-restart and local-beam");
    }
    if given.width.is_some() && strategy != LocalStrategy::Beam {
        return refuse("width", "local-beam");
    }
    if given.schedule.is_some() && strategy != LocalStrategy::Annealing {
        return refuse("schedule", "annealing");
    }
    let defaults = LocalOptions::default();
    Ok(LocalOptions {
        sideways: given.sideways.unwrap_or(0),
        width: given.width.unwrap_or(defaults.width),
        schedule: given.schedule.unwrap_or(defaults.schedule),
        ..defaults
    })
}

/// The fields a replay request of `puzzle` may set: the puzzle's, then [`LOCAL_OPTION_FIELDS`].
pub fn field_names(puzzle: &dyn RegisteredLocal) -> Vec<&'static str> {
    puzzle.fields().iter().chain(&LOCAL_OPTION_FIELDS).map(|f| f.name).collect()
}

/// Why `name` is not a field a replay request of `puzzle` may set ([`field_names`]), or
/// `None` when it is one.
fn unknown_field(puzzle: &dyn RegisteredLocal, name: &str) -> Option<RecordError> {
    let known = field_names(puzzle);
    (!known.contains(&name)).then(|| RecordError::UnknownField {
        name: shown(name),
        puzzle: puzzle.title(),
        fields: known,
    })
}

/// The strategy `algorithm` of a replay request of `puzzle` whose fields are `fields`, once
/// every field is one it reads; and the fields as [`LocalRegistered`] reads them (trimmed,
/// empty when left out).
fn read_request<'a>(
    puzzle: &dyn RegisteredLocal,
    algorithm: &str,
    fields: &'a BTreeMap<String, String>,
) -> Result<(LocalStrategy, impl Fn(&str) -> String + 'a), RecordError> {
    if let Some(err) = fields.keys().find_map(|name| unknown_field(puzzle, name)) {
        return Err(err);
    }
    let strategy = LocalStrategy::parse(algorithm, puzzle.title()).map_err(RecordError::Refused)?;
    Ok((strategy, |name: &str| fields.get(name).map_or("", String::as_str).trim().to_string()))
}

/// Records the run of `algorithm` that a replay request's `fields` ask for (the puzzle's,
/// then the seed and the sideways moves, [`read_settings`]): the run `searchlab search`
/// makes with the same values. Raising `stop` ends it at its next move.
pub fn record_request(
    puzzle: &dyn RegisteredLocal,
    algorithm: &str,
    fields: &BTreeMap<String, String>,
    stop: Option<&AtomicBool>,
) -> Result<LocalRecording, RecordError> {
    let (strategy, field) = read_request(puzzle, algorithm, fields)?;
    let (seed, options) = read_settings(&field).map_err(RecordError::Refused)?;
    Ok(puzzle.record(&field, strategy, &options, seed, stop)?)
}

/// The replay of a `--trace` file's first run, `text`, on the instance `fields` give; the
/// strategy `algorithm` when the file names none.
pub fn record_trace_request(
    puzzle: &dyn RegisteredLocal,
    algorithm: &str,
    fields: &BTreeMap<String, String>,
    text: &str,
) -> Result<LocalRecording, RecordError> {
    let (strategy, field) = read_request(puzzle, algorithm, fields)?;
    puzzle.record_trace(&field, text, strategy).map_err(|why| RecordError::Refused(why.to_string()))
}

/// The title of a page replaying `names` (the strategies' titles) on the instance `field`
/// gives, from `seed`: `Simulated annealing on the n-queens, queens (n) 8, seed 7`.
pub fn local_title(puzzle: &dyn RegisteredLocal, field: &dyn Fn(&str) -> String, seed: u64, names: &[&str]) -> String {
    let mut words: Vec<String> = puzzle
        .fields()
        .iter()
        .filter(|f| !field(f.name).trim().is_empty())
        .map(|f| format!("{} {}", f.label.to_lowercase(), field(f.name).trim()))
        .collect();
    words.push(format!("seed {seed}"));
    searchlab_trace::standalone::export_title(names, puzzle.title(), &words.join(", "))
}

/// A puzzle registered for local search, used without its types.
pub trait RegisteredLocal: Sync {
    /// The name on command lines.
    fn name(&self) -> &'static str;
    /// The name for people.
    fn title(&self) -> &'static str;
    /// The instance's fields.
    fn fields(&self) -> &'static [Field];
    /// What the value counts (`attacking pairs`).
    fn value_name(&self) -> &'static str;
    /// `runs` runs of `strategy` with `options` from one generator seeded with `seed`, on the
    /// instance whose fields `field` gives.
    fn run_many(
        &self,
        field: &dyn Fn(&str) -> String,
        strategy: LocalStrategy,
        options: &LocalOptions,
        runs: u64,
        seed: u64,
    ) -> Result<LocalSummary, InstanceError>;
    /// [`RegisteredLocal::run_many`], every run written to `out` as a `--trace` file
    /// ([`searchlab_trace::local_trace`]); the write's own result beside the summary.
    fn run_many_traced(
        &self,
        field: &dyn Fn(&str) -> String,
        strategy: LocalStrategy,
        options: &LocalOptions,
        runs: u64,
        seed: u64,
        out: &mut dyn Write,
    ) -> Result<(LocalSummary, io::Result<()>), InstanceError>;
    /// The replay of a `--trace` file's first run on the instance whose fields `field` gives
    /// ([`recording_from_trace`]); `strategy` when the file does not name one.
    fn record_trace(
        &self,
        field: &dyn Fn(&str) -> String,
        text: &str,
        strategy: LocalStrategy,
    ) -> Result<LocalRecording, InstanceError>;
    /// One run of `strategy` recorded for the replay ([`record_local`]), with the command line
    /// that makes the same run.
    fn record(
        &self,
        field: &dyn Fn(&str) -> String,
        strategy: LocalStrategy,
        options: &LocalOptions,
        seed: u64,
        stop: Option<&AtomicBool>,
    ) -> Result<LocalRecording, InstanceError>;
}

/// The [`RegisteredLocal`] of a [`LocalPuzzle`].
pub struct LocalRegistered<P>(PhantomData<fn() -> P>);

impl<P> LocalRegistered<P> {
    /// The registration (a constant, for [`crate::PUZZLES`]).
    pub const NEW: LocalRegistered<P> = LocalRegistered(PhantomData);
}

impl<P: LocalPuzzle> RegisteredLocal for LocalRegistered<P> {
    fn name(&self) -> &'static str {
        P::NAME
    }

    fn title(&self) -> &'static str {
        P::TITLE
    }

    fn fields(&self) -> &'static [Field] {
        P::FIELDS
    }

    fn value_name(&self) -> &'static str {
        P::VALUE
    }

    fn run_many(
        &self,
        field: &dyn Fn(&str) -> String,
        strategy: LocalStrategy,
        options: &LocalOptions,
        runs: u64,
        seed: u64,
    ) -> Result<LocalSummary, InstanceError> {
        Ok(run_many(&P::problem(field)?, strategy, options, runs, seed))
    }

    fn run_many_traced(
        &self,
        field: &dyn Fn(&str) -> String,
        strategy: LocalStrategy,
        options: &LocalOptions,
        runs: u64,
        seed: u64,
        out: &mut dyn Write,
    ) -> Result<(LocalSummary, io::Result<()>), InstanceError> {
        let problem = P::problem(field)?;
        let mut writer = LocalTraceWriter::<P, _>::new(&problem, strategy, seed, out);
        let summary = run_many_with(&problem, strategy, options, runs, seed, &mut writer);
        Ok((summary, writer.finish().map(drop)))
    }

    fn record_trace(
        &self,
        field: &dyn Fn(&str) -> String,
        text: &str,
        strategy: LocalStrategy,
    ) -> Result<LocalRecording, InstanceError> {
        let problem = P::problem(field)?;
        recording_from_trace::<P>(&problem, text, strategy).map_err(|why| InstanceError::Malformed(why.into()))
    }

    fn record(
        &self,
        field: &dyn Fn(&str) -> String,
        strategy: LocalStrategy,
        options: &LocalOptions,
        seed: u64,
        stop: Option<&AtomicBool>,
    ) -> Result<LocalRecording, InstanceError> {
        let mut recording = record_local::<P>(&P::problem(field)?, strategy, options, seed, stop);
        let mut command = format!("searchlab search {} {}", P::NAME, strategy.name());
        for f in P::FIELDS {
            let value = field(f.name);
            if !value.trim().is_empty() {
                command += &format!(" --{} {}", f.name, value.trim());
            }
        }
        if options.sideways > 0 && strategy.takes_sideways() {
            command += &format!(" --sideways {}", options.sideways);
        }
        if strategy == LocalStrategy::Beam && options.width != LocalOptions::default().width {
            command += &format!(" --width {}", options.width);
        }
        if strategy == LocalStrategy::Annealing && options.schedule != LocalOptions::default().schedule {
            command += &format!(" --schedule {}", options.schedule);
        }
        command += &format!(" --seed {seed}");
        recording.command = command;
        Ok(recording)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::local_puzzle;

    #[test]
    fn the_queens_are_registered_and_run() {
        let queens = local_puzzle("queens").unwrap();
        assert_eq!(queens.title(), "n-queens");
        let n = |name: &str| if name == "n" { "8".to_string() } else { String::new() };
        let summary = queens.run_many(&n, LocalStrategy::Restart, &LocalOptions::default(), 5, 1).unwrap();
        assert_eq!((summary.runs, summary.solved), (5, 5));
        let three = |_: &str| "3".to_string();
        assert!(queens.run_many(&three, LocalStrategy::Hill, &LocalOptions::default(), 1, 1).is_err());
    }

    #[test]
    fn a_recordings_command_line_names_a_schedule_other_than_the_default() {
        let queens = local_puzzle("queens").unwrap();
        let n = |name: &str| if name == "n" { "8".to_string() } else { String::new() };
        let schedule = searchlab_core::local::Schedule::parse("alpha=0.99").unwrap();
        let options = LocalOptions { schedule, ..LocalOptions::default() };
        let rec = queens.record(&n, LocalStrategy::Annealing, &options, 3, None).unwrap();
        let words = "searchlab search queens annealing --n 8 --schedule t0=2,alpha=0.99,steps=20000,floor=0.001";
        assert_eq!(rec.command, format!("{words} --seed 3"));
        let plain = queens.record(&n, LocalStrategy::Annealing, &LocalOptions::default(), 3, None).unwrap();
        assert_eq!(plain.command, "searchlab search queens annealing --n 8 --seed 3");
        // The same run as the command line's: its moves are the summary's steps.
        let summary = queens.run_many(&n, LocalStrategy::Annealing, &options, 1, 3).unwrap();
        let steps = summary.mean_steps_solved.or(summary.mean_steps_stuck).unwrap();
        assert_eq!(rec.result.steps as f64, steps);
    }
}
