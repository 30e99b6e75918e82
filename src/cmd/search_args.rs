//! `searchlab search`'s command line: its own options, and one `--FIELD VALUE` option for
//! each field of every registered puzzle (built with clap's builder API from the registries,
//! so a new puzzle's fields need nothing here).

use std::ffi::OsStr;
use std::path::PathBuf;

use clap::builder::{PossibleValue, TypedValueParser};
use clap::{Arg, ArgAction, ArgMatches, Command};
use searchlab_registry::PUZZLES;

/// The arguments that are not instance fields (a field of the same name is left out).
const OWN: [&str; 12] = [
    "puzzle",
    "strategy",
    "json",
    "trace",
    "max-expansions",
    "weight",
    "runs",
    "seed",
    "sideways",
    "width",
    "schedule",
    "help",
];

/// Arguments of `searchlab search`. Built with clap's builder API (`clap::Args` by hand):
/// the instance options are the registered puzzles' fields, one `--FIELD VALUE` each.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Args {
    /// The puzzle's name, checked when the command runs (one line when unknown).
    pub puzzle: String,
    /// The strategy, as the puzzle names it.
    pub strategy: String,
    /// The instance fields given, in the order the puzzles list them.
    pub fields: Vec<(&'static str, String)>,
    /// Print one JSON object instead of text.
    pub json: bool,
    /// Write every event of the search to this file, one JSON object per line.
    pub trace: Option<PathBuf>,
    /// Stop after this many selected nodes.
    pub max_expansions: Option<u64>,
    /// Weighted A*'s w (`weighted-astar` only).
    pub weight: Option<searchlab_core::Weight>,
    /// Local search: how many runs, each from a random start.
    pub runs: Option<u64>,
    /// Local search: the seed of the runs' random choices.
    pub seed: Option<u64>,
    /// Local search: the most consecutive sideways moves of hill-climbing.
    pub sideways: Option<u32>,
    /// Beam search: the nodes its frontier keeps; local beam search: the states kept at each step.
    pub width: Option<u32>,
    /// Simulated annealing's schedule.
    pub schedule: Option<searchlab_core::local::Schedule>,
}

/// Every field name of every registered puzzle, once, in registry order.
fn field_names() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = Vec::new();
    for field in PUZZLES.iter().flat_map(|p| p.fields()) {
        if !names.contains(&field.name) && !OWN.contains(&field.name) {
            names.push(field.name);
        }
    }
    names
}

/// A field option's help: which puzzles read it, its label and an example.
fn field_help(name: &str) -> String {
    let uses: Vec<String> = PUZZLES
        .iter()
        .map(|p| (p.name(), p.fields()))
        .flat_map(|(puzzle, fields)| fields.iter().filter(|f| f.name == name).map(move |f| (puzzle, f)))
        .map(|(puzzle, f)| match f.example {
            "" => format!("{puzzle}: {}", f.label),
            example => format!("{puzzle}: {} (e.g. {example})", f.label),
        })
        .collect();
    uses.join("; ")
}

/// The puzzle argument: any text (an unknown name is refused in one line when the command
/// runs), with the registered names as the values that help and completions offer.
#[derive(Debug, Clone, Copy)]
struct PuzzleName;

impl TypedValueParser for PuzzleName {
    type Value = String;

    fn parse_ref(&self, _: &Command, _: Option<&Arg>, value: &OsStr) -> Result<String, clap::Error> {
        Ok(value.to_string_lossy().into_owned())
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(PUZZLES.iter().map(|p| {
            let kind = if p.is_local() { " (local search)" } else { "" };
            PossibleValue::new(p.name()).help(format!("{}{kind}", p.title()))
        })))
    }
}

impl clap::FromArgMatches for Args {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let text = |id: &str| matches.try_get_one::<String>(id).ok().flatten().cloned();
        Ok(Args {
            puzzle: text("puzzle").unwrap_or_default(),
            strategy: text("strategy").unwrap_or_default(),
            fields: field_names().into_iter().filter_map(|name| text(name).map(|value| (name, value))).collect(),
            json: matches.try_get_one::<bool>("json").ok().flatten().copied().unwrap_or(false),
            trace: matches.try_get_one::<PathBuf>("trace").ok().flatten().cloned(),
            max_expansions: matches.try_get_one::<u64>("max-expansions").ok().flatten().copied(),
            weight: matches.try_get_one::<searchlab_core::Weight>("weight").ok().flatten().copied(),
            runs: matches.try_get_one::<u64>("runs").ok().flatten().copied(),
            seed: matches.try_get_one::<u64>("seed").ok().flatten().copied(),
            sideways: matches.try_get_one::<u32>("sideways").ok().flatten().copied(),
            width: matches.try_get_one::<u32>("width").ok().flatten().copied(),
            schedule: matches.try_get_one::<searchlab_core::local::Schedule>("schedule").ok().flatten().copied(),
        })
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

/// The options every search takes: the puzzle, the strategy and what is printed or stopped.
fn search_options(command: Command) -> Command {
    command
            .arg(Arg::new("puzzle").value_name("PUZZLE").required(true).value_parser(PuzzleName).help("The puzzle"))
            .arg(
                Arg::new("strategy")
                    .value_name("STRATEGY")
                    .required(true)
                    .help("The strategy, as the puzzle names it (each puzzle's are listed below)"),
            )
            .arg(
                Arg::new("json")
                    .long("json")
                    .action(ArgAction::SetTrue)
                    .help("Print one JSON object (path, cost, expanded, stats, ...) instead of text"),
            )
            .arg(
                Arg::new("trace")
                    .long("trace")
                    .value_name("FILE")
                    .value_parser(clap::value_parser!(PathBuf))
                    .help("Write every event to FILE, one JSON object per line (local search: each run's moves), for `searchlab serve`'s replay; replaced only when complete"),
            )
            .arg(
                Arg::new("max-expansions")
                    .long("max-expansions")
                    .value_name("N")
                    .value_parser(clap::value_parser!(u64).range(1..))
                    .help("Stop after N nodes taken from the frontier (exit 3); a puzzle's own smaller limit still applies"),
            )
            .arg(
                Arg::new("weight")
                    .long("weight")
                    .value_name("W")
                    .value_parser(|text: &str| searchlab_core::Weight::parse(text))
                    .help("weighted-astar: f = g + W·h, W from 1 to 1000 (the puzzle's own by default; Romania's 2)"),
            )
}

/// The options of local search (and beam search's `--width`).
fn local_options(command: Command) -> Command {
    command
            .arg(
                Arg::new("runs")
                    .long("runs")
                    .value_name("N")
                    .value_parser(clap::value_parser!(u64).range(1..=1_000_000))
                    .help("Local search: N runs, each from a random start (default 1); prints the solved share and mean steps")
                    .help_heading("Local search (queens)"),
            )
            .arg(
                Arg::new("seed")
                    .long("seed")
                    .value_name("SEED")
                    .value_parser(clap::value_parser!(u64))
                    .help("Local search: the seed of every random choice (default 1): the same seed, the same runs")
                    .help_heading("Local search (queens)"),
            )
            .arg(
                Arg::new("sideways")
                    .long("sideways")
                    .value_name("N")
                    .value_parser(clap::value_parser!(u32))
                    .help("hill, hill-restart and local-beam: allow up to N consecutive sideways moves (default 0)")
                    .help_heading("Local search (queens)"),
            )
            .arg(
                Arg::new("width")
                    .long("width")
                    .value_name("K")
                    .value_parser(clap::value_parser!(u32).range(1..=10_000))
                    .help("beam: the K nodes its frontier keeps (Romania's 2); local-beam: the K states kept at each step (default 10)")
                    .help_heading("Local search (queens)"),
            )
            .arg(
                Arg::new("schedule")
                    .long("schedule")
                    .value_name("NAME=VALUE,…")
                    .value_parser(|text: &str| searchlab_core::local::Schedule::parse(text))
                    .help("annealing: its temperature schedule, any of t0, alpha, steps, floor (default t0=2,alpha=0.999,steps=20000,floor=0.001)")
                    .help_heading("Local search (queens)"),
            )
}

impl clap::Args for Args {
    fn augment_args(command: Command) -> Command {
        let command = local_options(search_options(command)).after_help(super::search_help::after_help());
        field_names().into_iter().fold(command, |command, name| {
            command.arg(
                Arg::new(name)
                    .long(name)
                    .value_name(name.to_uppercase())
                    .help(field_help(name))
                    .help_heading("Instance (the puzzle's fields)"),
            )
        })
    }

    fn augment_args_for_update(command: Command) -> Command {
        Self::augment_args(command)
    }
}

/// The field value `name` of `args` (empty when not given).
pub(crate) fn field_of<'a>(args: &'a Args) -> impl Fn(&str) -> String + 'a {
    move |name| args.fields.iter().find(|(n, _)| *n == name).map(|(_, v)| v.clone()).unwrap_or_default()
}

/// `searchlab search` alone, for the tests.
#[cfg(test)]
#[derive(Debug, clap::Parser)]
pub(crate) struct Cli {
    #[command(flatten)]
    args: Args,
}

/// `searchlab search WORDS…` parsed, for the tests.
#[cfg(test)]
pub(crate) fn parse(words: &[&str]) -> Result<Args, clap::Error> {
    use clap::Parser;
    Cli::try_parse_from(std::iter::once("search").chain(words.iter().copied())).map(|cli| cli.args)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::{CommandFactory, FromArgMatches};

    #[test]
    fn every_registered_puzzle_field_is_an_option_and_none_hides_another() {
        Cli::command().debug_assert();
        for p in PUZZLES {
            for f in p.fields() {
                assert!(
                    !OWN.contains(&f.name),
                    "{}'s field `{}` is one of the command's own options",
                    p.name(),
                    f.name
                );
                assert!(field_names().contains(&f.name));
            }
        }
        let args = parse(&["romania", "astar", "--from", "Arad", "--to", "Bucharest", "--json"]).unwrap();
        assert_eq!(args.fields, [("from", "Arad".to_string()), ("to", "Bucharest".to_string())]);
        assert!(args.json && args.max_expansions.is_none());
        let matches = Cli::command().try_get_matches_from(["search", "digits", "A", "--start", "320"]).unwrap();
        assert_eq!(Args::from_arg_matches(&matches).unwrap().fields, [("start", "320".to_string())]);
    }
}
