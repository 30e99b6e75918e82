//! The end of `searchlab search --help`: every registered puzzle with its options and
//! strategies (path search and local search), the output, examples and exit codes.

use searchlab_core::Strategy;
use searchlab_registry::PUZZLES;

/// The strategy table's names, each with its title, its aliases and its own options, as a
/// paragraph of lines under 90 columns.
fn strategy_names() -> String {
    let items = Strategy::TABLE.iter().map(|row| {
        let mut extra: Vec<String> = row.aliases.iter().map(|a| a.to_string()).collect();
        extra.extend(row.params.iter().map(|p| format!("--{}", p.name())));
        match extra.is_empty() {
            true => format!("{} = {}", row.name, row.title),
            false => format!("{} = {} ({})", row.name, row.title, extra.join(", ")),
        }
    });
    let mut text = String::from("\nStrategy names, wherever a puzzle offers them:\n ");
    let mut width = 1;
    for (i, item) in items.enumerate() {
        let item = if i + 1 < Strategy::TABLE.len() { format!(" {item},") } else { format!(" {item}.") };
        if width + item.len() > 90 {
            text.push_str("\n ");
            width = 1;
        }
        width += item.chars().count();
        text.push_str(&item);
    }
    text + "\n"
}

/// The puzzles with their options and strategies, and the rest of `--help`'s end.
pub fn after_help() -> String {
    let width = PUZZLES.iter().map(|p| p.name().len()).max().unwrap_or(0);
    let mut text = String::from("Puzzles, the options of their instances and their strategies:\n");
    for p in PUZZLES {
        let options: Vec<String> = p.fields().iter().map(|f| format!("--{}", f.name)).collect();
        let names = p.strategy_names().join(" ");
        let strategies = match p.is_local() {
            false => format!("strategies {names}"),
            true => format!("local search {names} (--runs --seed --sideways --width)"),
        };
        text.push_str(&format!("  {:width$}  {}: {}; {strategies}\n", p.name(), p.title(), options.join(" ")));
    }
    text.push_str(&strategy_names());
    text.push_str(
        "
Output: the path from start to goal, its cost, the states taken from the frontier in order
(the textbook's expansions, goal included) and the node counts. --json prints one object:
puzzle, strategy, algorithm, instance, finish, path (the states as traces show them), moves,
cost, expanded (every selected state), stats (the engine's counts) and answer (the puzzle's
own, e.g. the heuristic Romania's greedy and astar use: the straight-line distance to
Bucharest, the only goal the book gives it for; toward another city h = 0). --trace FILE
writes every event as JSON Lines (local search: a line per run and per move), which
`searchlab serve` replays; docs/trace.md has the format.

Examples:
  searchlab search romania astar --from Arad --to Bucharest
  searchlab search romania greedy --from arad --to bucharest --json
  searchlab search npuzzle bfs --board 1,2,5,3,4,0,6,7,8
  searchlab search npuzzle ida --board 5,3,2,8,0,4,7,1,6 --heuristic pdb-4-4
  searchlab search digits A --start 320 --goal 110
  searchlab search queens hill --n 8 --runs 2000 --seed 7 --sideways 100
  searchlab search queens annealing --n 8 --seed 7 --trace annealing.jsonl

Exit codes: 0 a path was found, 1 no solution (every reachable state tried, or hill-climbing
stuck), 2 bad input (unknown puzzle, strategy, option or value), 3 a limit stopped the search
(--max-expansions or the puzzle's own), 130 interrupted.",
    );
    text
}
