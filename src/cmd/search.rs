//! `searchlab search`: any registered puzzle with any of its strategies, the instance given
//! by the puzzle's own fields as options (`--from Arad --to Bucharest`): a path search's
//! path and statistics, or a local search's solved share over many runs (`searchlab search
//! queens hill --n 8 --runs 2000 --seed 7`). Only parsing,
//! calling the registry and printing: the puzzles and strategies come from
//! `searchlab_registry::PUZZLES`, so a new registration needs nothing here.

use searchlab_core::catalog::InstanceError;
use searchlab_core::local::LocalStrategy;
use searchlab_core::{FinishKind, StrategyParam};
use searchlab_registry::local::{options_for, GivenOptions, RegisteredLocal};
use searchlab_registry::{RecordError, RegisteredPuzzle, Registration};
use searchlab_trace::search_run::{SearchRun, SearchSettings};

use super::search_args::field_of;
pub use super::search_args::Args;
use crate::exit::{Exit, Failure};
use anyhow::Context;

/// The most runs one `--trace` file takes (each run's every move is a line).
pub const MAX_TRACED_RUNS: u64 = 100;

/// A text list shows at most this many states (the first and last half); `--json` has all.
const SHOWN: usize = 20;

/// Refuses an option that is another puzzle's field, or a parameter the strategy does not take.
fn check_options(puzzle: &dyn RegisteredPuzzle, args: &Args) -> anyhow::Result<()> {
    let reads: Vec<String> = puzzle.fields().iter().map(|f| format!("--{}", f.name)).collect();
    if let Some((name, _)) = args.fields.iter().find(|(name, _)| !puzzle.fields().iter().any(|f| f.name == *name)) {
        anyhow::bail!(
            "--{name} is not an option of the {}: it reads {}",
            puzzle.title(),
            if reads.is_empty() { "no option".to_string() } else { reads.join(", ") }
        );
    }
    // A strategy's own parameters, as its row of the strategy table lists them.
    let params = [
        (StrategyParam::Weight, args.weight.is_some(), ""),
        (StrategyParam::Width, args.width.is_some(), " (and local-beam)"),
    ];
    for (param, given, also) in params {
        if given && puzzle.strategy(&args.strategy).is_ok_and(|e| !e.strategy.takes(param)) {
            let takers = param.takers().join(", ");
            anyhow::bail!("--{} applies to {takers}{also}, not to {}", param.name(), args.strategy);
        }
    }
    Ok(())
}

/// Says on stderr, in one line, when `--heuristic` is given to a strategy that does not read h
/// (the search runs all the same), and the puzzle's caution about the one given (an admissible
/// heuristic that is not consistent, given to A*).
fn note_heuristic(puzzle: &dyn RegisteredPuzzle, args: &Args) {
    if let Some(caution) = puzzle.caution(&field_of(args), &args.strategy) {
        eprintln!("searchlab: note: {caution}");
    }
    if args.fields.iter().any(|(name, _)| *name == "heuristic")
        && puzzle.strategy(&args.strategy).is_ok_and(|e| !e.strategy.uses_heuristic())
    {
        eprintln!(
            "searchlab: note: {} does not use h, so --heuristic changes nothing (it applies to {})",
            args.strategy,
            informed(puzzle)
        );
    }
}

/// The puzzle's strategies that read its heuristic, by its names.
fn informed(puzzle: &dyn RegisteredPuzzle) -> String {
    let names: Vec<&str> = puzzle.strategies().iter().filter(|e| e.strategy.uses_heuristic()).map(|e| e.name).collect();
    names.join(", ")
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
    let puzzle = match searchlab_registry::puzzle(&args.puzzle) {
        Some(Registration::Local(local)) => return run_local(local, &args),
        Some(Registration::Path(puzzle)) => puzzle,
        None => return Err(RecordError::UnknownPuzzle { name: args.puzzle.chars().take(20).collect() }.into()),
    };
    if let Some(option) = [
        ("--runs", args.runs.is_some()),
        ("--seed", args.seed.is_some()),
        ("--sideways", args.sideways.is_some()),
        ("--schedule", args.schedule.is_some()),
    ]
    .into_iter()
    .find_map(|(name, given)| given.then_some(name))
    {
        anyhow::bail!(
            "{option} applies to local search (searchlab search queens hill --n 8 {option} …), not to the {}",
            args.puzzle
        );
    }
    check_options(puzzle, &args)?;
    note_heuristic(puzzle, &args);
    let settings = SearchSettings {
        expansion_limit: args.max_expansions,
        interrupt: Some(crate::interrupt::flag()),
        weight: args.weight,
        beam_width: args.width,
    };
    let searched = match &args.trace {
        None => puzzle.search(&field_of(&args), &args.strategy, settings).map(|run| (run, None)),
        Some(path) => {
            let mut file = crate::trace_file::create(path)?;
            puzzle.search_traced(&field_of(&args), &args.strategy, settings, &mut file).map(|(run, written)| {
                (run, Some((file, written.with_context(|| format!("cannot write {}", path.display())))))
            })
        }
    };
    let run = match searched {
        Ok((run, trace)) => {
            // Kept when the search ran to its end (a limit's included: its `finished` line says
            // so); an interrupted search's is partial: dropped, an earlier file kept.
            if let Some((file, written)) = trace {
                written?;
                if run.finish != FinishKind::Interrupted {
                    crate::trace_file::keep(file)?;
                }
            }
            run
        }
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

/// `searchlab search` on a puzzle registered for local search (`searchlab search queens hill
/// --n 8 --runs 2000 --seed 7`): many runs from random starts, the solved share and the mean
/// steps.
fn run_local(puzzle: &dyn RegisteredLocal, args: &Args) -> anyhow::Result<Exit> {
    if let Some((name, _)) = args.fields.iter().find(|(name, _)| !puzzle.fields().iter().any(|f| f.name == *name)) {
        let reads: Vec<String> = puzzle.fields().iter().map(|f| format!("--{}", f.name)).collect();
        anyhow::bail!("--{name} is not an option of the {}: it reads {}", puzzle.title(), reads.join(", "));
    }
    if args.weight.is_some() {
        anyhow::bail!("--weight applies to weighted-astar (path search), not to local search");
    }
    if args.max_expansions.is_some() {
        anyhow::bail!(
            "--max-expansions applies to path search; local search stops by its own rules (a solution, no better move)"
        );
    }
    let strategy = LocalStrategy::parse(&args.strategy, puzzle.title()).map_err(anyhow::Error::msg)?;
    let given = GivenOptions { sideways: args.sideways, width: args.width, schedule: args.schedule };
    let options = options_for(strategy, given)?;
    let (runs, seed) = (args.runs.unwrap_or(1), args.seed.unwrap_or(1));
    let field = |name: &str| args.fields.iter().find(|(n, _)| *n == name).map(|(_, v)| v.clone()).unwrap_or_default();
    let summary = match &args.trace {
        None => puzzle.run_many(&field, strategy, &options, runs, seed)?,
        Some(_) if runs > MAX_TRACED_RUNS => anyhow::bail!(
            "--trace writes every move of every run: at most {MAX_TRACED_RUNS} runs (--runs {runs} asked)"
        ),
        Some(path) => {
            let mut file = crate::trace_file::create(path)?;
            let (summary, written) = puzzle.run_many_traced(&field, strategy, &options, runs, seed, &mut file)?;
            written.with_context(|| format!("cannot write {}", path.display()))?;
            crate::trace_file::keep(file)?;
            summary
        }
    };
    if args.json {
        let instance: serde_json::Map<String, serde_json::Value> =
            puzzle.fields().iter().map(|f| (f.name.to_string(), field(f.name).into())).collect();
        let mut value = serde_json::to_value(&summary)?;
        value["puzzle"] = puzzle.name().into();
        value["instance"] = instance.into();
        value["sideways"] = options.sideways.into();
        if strategy == LocalStrategy::Beam {
            value["width"] = options.width.into();
        }
        if strategy == LocalStrategy::Annealing {
            value["schedule"] = options.schedule.to_string().into();
        }
        crate::output::print(&format!("{value}\n"))?;
    } else {
        let steps = |mean: Option<f64>| mean.map_or("–".to_string(), |m| format!("{m:.1}"));
        crate::output::print(&format!(
            "{}, {}: solved {} of {} runs ({:.1} %); mean steps {} when solved, {} when stuck (seed {seed})\n",
            puzzle.title(),
            strategy.name(),
            summary.solved,
            summary.runs,
            summary.solved_share * 100.0,
            steps(summary.mean_steps_solved),
            steps(summary.mean_steps_stuck),
        ))?;
    }
    Ok(if summary.solved > 0 { Exit::Answered } else { Exit::NoSolution })
}

#[cfg(test)]
mod tests {
    use super::super::search_args::parse;
    use super::*;
    use searchlab_registry::path_puzzles;

    #[test]
    fn unknown_names_pass_the_parser_and_are_refused_by_the_command_in_one_line() {
        let args = parse(&["chess", "bfs"]).unwrap();
        let err = run(args).unwrap_err().to_string();
        assert_eq!(err, "unknown puzzle `chess`: use one of digits, npuzzle, romania, queens");
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
        for p in path_puzzles() {
            assert!(help.contains(&format!("  {}", p.name())), "{}", p.name());
            for e in p.strategies() {
                assert!(help.contains(e.name));
            }
        }
        assert!(
            help.contains(
                "romania  Romania road map: --from --to; strategies bfs dfs ids ucs greedy astar weighted-astar"
            ),
            "{help}"
        );
    }
}
