//! `searchlab search`: any registered puzzle with any of its strategies, the instance given
//! by the puzzle's own fields as options (`--from Arad --to Bucharest`). Only parsing,
//! calling the registry and printing: the puzzles and strategies come from
//! `searchlab_viz::registry::PUZZLES`, so a new registration needs nothing here.

use std::ffi::OsStr;

use clap::builder::{PossibleValue, TypedValueParser};
use clap::{Arg, ArgAction, ArgMatches, Command};
use searchlab_core::catalog::InstanceError;
use searchlab_core::{FinishKind, Strategy};
use searchlab_viz::local_registry::{local_puzzle, LOCAL_PUZZLES};
use searchlab_viz::registry::{self, RecordError, RegisteredPuzzle, PUZZLES};
use searchlab_viz::search_run::{SearchRun, SearchSettings};

use crate::exit::{Exit, Failure};

/// The arguments that are not instance fields (a field of the same name is left out).
const OWN: [&str; 10] =
    ["puzzle", "strategy", "json", "max-expansions", "weight", "runs", "seed", "sideways", "width", "help"];

/// A text list shows at most this many states (the first and last half); `--json` has all.
const SHOWN: usize = 20;

/// Arguments of `searchlab search`. Built with clap's builder API (`clap::Args` by hand):
/// the instance options are the registered puzzles' fields, one `--FIELD VALUE` each.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Args {
    /// The puzzle's name, checked when the command runs (one line when unknown).
    pub puzzle: String,
    /// The strategy, as the puzzle names it.
    pub strategy: String,
    /// The instance fields given, in the order the puzzles list them.
    pub fields: Vec<(&'static str, String)>,
    /// Print one JSON object instead of text.
    pub json: bool,
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
}

/// Every field name of every registered puzzle, once, in registry order.
fn field_names() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = Vec::new();
    let local = LOCAL_PUZZLES.iter().flat_map(|p| p.fields());
    for field in PUZZLES.iter().flat_map(|p| p.fields()).chain(local) {
        if !names.contains(&field.name) && !OWN.contains(&field.name) {
            names.push(field.name);
        }
    }
    names
}

/// A field option's help: which puzzles read it, its label and an example.
fn field_help(name: &str) -> String {
    let path = PUZZLES.iter().map(|p| (p.name(), p.fields()));
    let local = LOCAL_PUZZLES.iter().map(|p| (p.name(), p.fields()));
    let uses: Vec<String> = path
        .chain(local)
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
        let path = PUZZLES.iter().map(|p| PossibleValue::new(p.name()).help(p.title()));
        let local =
            LOCAL_PUZZLES.iter().map(|p| PossibleValue::new(p.name()).help(format!("{} (local search)", p.title())));
        Some(Box::new(path.chain(local)))
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
            max_expansions: matches.try_get_one::<u64>("max-expansions").ok().flatten().copied(),
            weight: matches.try_get_one::<searchlab_core::Weight>("weight").ok().flatten().copied(),
            runs: matches.try_get_one::<u64>("runs").ok().flatten().copied(),
            seed: matches.try_get_one::<u64>("seed").ok().flatten().copied(),
            sideways: matches.try_get_one::<u32>("sideways").ok().flatten().copied(),
            width: matches.try_get_one::<u32>("width").ok().flatten().copied(),
        })
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

impl clap::Args for Args {
    fn augment_args(command: Command) -> Command {
        let command = command
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
            .after_help(super::search_help::after_help());
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
fn field_of<'a>(args: &'a Args) -> impl Fn(&str) -> String + 'a {
    move |name| args.fields.iter().find(|(n, _)| *n == name).map(|(_, v)| v.clone()).unwrap_or_default()
}

/// Refuses an option that is another puzzle's field.
fn check_options(puzzle: &dyn RegisteredPuzzle, args: &Args) -> anyhow::Result<()> {
    let reads: Vec<String> = puzzle.fields().iter().map(|f| format!("--{}", f.name)).collect();
    match args.fields.iter().find(|(name, _)| !puzzle.fields().iter().any(|f| f.name == *name)) {
        None => Ok(()),
        Some((name, _)) => anyhow::bail!(
            "--{name} is not an option of the {}: it reads {}",
            puzzle.title(),
            if reads.is_empty() { "no option".to_string() } else { reads.join(", ") }
        ),
    }
}

/// `items` joined by `, `, the middle left out past [`SHOWN`] items.
fn listed(items: &[String]) -> String {
    if items.len() <= SHOWN {
        return items.join(", ");
    }
    let half = SHOWN / 2;
    let left = items.len() - SHOWN;
    format!("{}, … {left} more …, {}", items[..half].join(", "), items[items.len() - half..].join(", "))
}

/// The text answer: the path (or why there is none), its cost, the expanded states, counts.
fn text(run: &SearchRun) -> String {
    let mut out = match (&run.path_words, run.cost) {
        (Some(path), Some(cost)) => format!("path: {}\ncost: {cost}\n", listed(path)),
        _ => match run.finish {
            FinishKind::Exhausted => "path: none (every reachable state was tried)\n".to_string(),
            FinishKind::LocalOptimum => format!(
                "path: none (hill-climbing stuck at {}: no successor is better)\n",
                run.expanded_words.last().map_or("the start", String::as_str)
            ),
            _ => "path: none (the search was stopped)\n".to_string(),
        },
    };
    out.push_str(&format!("expanded: {}\n", listed(&run.expanded_words)));
    out.push_str(&format!("nodes: {} expanded, {} generated\n", run.stats.selected, run.stats.generated));
    out
}

/// The exit status for how the search ended.
fn exit_of(finish: FinishKind) -> Exit {
    match finish {
        FinishKind::Found => Exit::Answered,
        FinishKind::Exhausted | FinishKind::LocalOptimum => Exit::NoSolution,
        FinishKind::Cutoff
        | FinishKind::ExpansionLimit
        | FinishKind::NodeLimit
        | FinishKind::CostLimit
        | FinishKind::WidthLimit => Exit::Limit,
        FinishKind::Interrupted => Exit::Interrupted,
    }
}

/// Runs `searchlab search`.
pub fn run(args: Args) -> anyhow::Result<Exit> {
    if let Some(local) = local_puzzle(&args.puzzle) {
        return super::search_local::run(local, &args);
    }
    if let Some(option) =
        [("--runs", args.runs.is_some()), ("--seed", args.seed.is_some()), ("--sideways", args.sideways.is_some())]
            .into_iter()
            .find_map(|(name, given)| given.then_some(name))
    {
        anyhow::bail!(
            "{option} applies to local search (searchlab search queens hill --n 8 {option} …), not to the {}",
            args.puzzle
        );
    }
    let puzzle = registry::puzzle(&args.puzzle)
        .ok_or_else(|| RecordError::UnknownPuzzle { name: args.puzzle.chars().take(20).collect() })?;
    check_options(puzzle, &args)?;
    if args.weight.is_some() && puzzle.strategy(&args.strategy).is_ok_and(|e| e.strategy != Strategy::WeightedAStar) {
        anyhow::bail!("--weight applies to weighted-astar, not to {}", args.strategy);
    }
    if args.width.is_some() && puzzle.strategy(&args.strategy).is_ok_and(|e| e.strategy != Strategy::Beam) {
        anyhow::bail!("--width applies to beam (and local-beam), not to {}", args.strategy);
    }
    let settings = SearchSettings {
        expansion_limit: args.max_expansions,
        interrupt: Some(crate::interrupt::flag()),
        weight: args.weight,
        beam_width: args.width,
    };
    let run = match puzzle.search(&field_of(&args), &args.strategy, settings) {
        Ok(run) => run,
        Err(RecordError::Instance(InstanceError::Unsolvable(why))) => {
            return Err(Failure::new(Exit::NoSolution, why.to_string()).into());
        }
        Err(err) => return Err(err.into()),
    };
    let exit = exit_of(run.finish);
    if args.json {
        let mut line = serde_json::to_string(&run)?;
        line.push('\n');
        crate::output::print(&line)?;
    } else if matches!(exit, Exit::Answered | Exit::NoSolution) {
        crate::output::print(&text(&run))?;
    }
    match exit {
        Exit::Limit => {
            let why = match run.finish {
                FinishKind::Cutoff => "the depth limit cut the search off",
                FinishKind::NodeLimit => "the node limit stopped the search",
                FinishKind::CostLimit => "a path cost too large for 64 bits stopped the search",
                FinishKind::WidthLimit => "the beam's width dropped every way on: a wider --width may find a path",
                _ => "the expansion limit stopped the search",
            };
            let message = format!("{why} after {} nodes taken from the frontier, none a goal", run.stats.selected);
            Err(Failure::new(Exit::Limit, message).into())
        }
        Exit::Interrupted => Err(Failure::new(Exit::Interrupted, "interrupted").into()),
        exit => Ok(exit),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::{CommandFactory, FromArgMatches, Parser};

    #[derive(Debug, Parser)]
    struct Cli {
        #[command(flatten)]
        args: Args,
    }

    fn parse(words: &[&str]) -> Result<Args, clap::Error> {
        Cli::try_parse_from(std::iter::once("search").chain(words.iter().copied())).map(|cli| cli.args)
    }

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

    #[test]
    fn unknown_names_pass_the_parser_and_are_refused_by_the_command_in_one_line() {
        let args = parse(&["chess", "bfs"]).unwrap();
        let err = run(args).unwrap_err().to_string();
        assert_eq!(err, "unknown puzzle `chess`: use one of digits, npuzzle, romania");
        let args = parse(&["romania", "bfs", "--from", "Arad", "--board", "1,2,3"]).unwrap();
        let err = run(args).unwrap_err().to_string();
        assert_eq!(err, "--board is not an option of the Romania road map: it reads --from, --to");
        assert!(parse(&["romania", "bfs", "--max-expansions", "0"]).is_err());
    }

    #[test]
    fn long_lists_keep_their_ends() {
        let items: Vec<String> = (0..25).map(|i| i.to_string()).collect();
        assert_eq!(listed(&items), "0, 1, 2, 3, 4, 5, 6, 7, 8, 9, … 5 more …, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24");
        assert_eq!(listed(&items[..3]), "0, 1, 2");
    }

    #[test]
    fn the_help_lists_every_puzzle_with_its_options_and_strategies() {
        let help = super::super::search_help::after_help();
        for p in PUZZLES {
            assert!(help.contains(&format!("  {}", p.name())), "{}", p.name());
            for e in p.strategies() {
                assert!(help.contains(e.name));
            }
        }
        assert!(
            help.contains("romania  Romania road map: --from --to; strategies bfs dfs ucs greedy astar weighted-astar"),
            "{help}"
        );
    }
}
