//! `searchlab`: the command line. It parses arguments, calls the library and prints;
//! every search lives in the `searchlab-*` crates.

mod cmd;
mod exit;
#[cfg(test)]
mod help_examples;
mod interrupt;
mod memory;
mod output;
mod progress;
mod trace_file;

use std::io::Write;
use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

use exit::{Exit, Failure, EXIT_CODES_HELP};

/// State-space search you can trust and see: the classic course puzzles exactly as their
/// graders expect, and optimal sliding-tile solving.
#[derive(Debug, Parser)]
#[command(name = "searchlab", version, after_help = EXIT_CODES_HELP, arg_required_else_help = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Search any registered puzzle with one of its strategies (search romania astar --from Arad --to Bucharest): the path, its cost, the states expanded.
    Search(cmd::search::Args),
    /// Solve a 3-digit puzzle (COMP3308) with BFS, DFS, IDS, Greedy, A* or Hill-climbing.
    Digits(cmd::digits::Args),
    /// Compare algorithms on random instances by solution depth: Markdown, CSV and SVG plots.
    Report(cmd::report::Args),
    /// Replay searches in the browser: a local web app on 127.0.0.1.
    Serve(cmd::serve::Args),
    /// Solve an N-puzzle board with bfs, dfs or ast (2017 edition: ida too), writing output.txt exactly like the course's driver.py.
    Npuzzle(cmd::npuzzle::Args),
    /// Solve a sliding-tile board optimally with IDA* (Manhattan, linear conflicts, pattern databases).
    Solve(cmd::solve::Args),
    /// Build pattern databases into the cache folder.
    Pdb(cmd::pdb::Args),
    /// Benchmark the optimal solver on Korf's 15- and 24-puzzle sets.
    Bench(cmd::bench::Args),
    /// Check a program against the reference and name the rules that explain its failures.
    Check(cmd::check::Args),
    /// Grade a class: check every student's folder, write a gradebook, a class report and per-student reports.
    Grade(cmd::grade::Args),
    /// Write a Gradescope autograder zip that checks each submission with `searchlab check`.
    GradescopeBundle(cmd::gradescope_bundle::Args),
    /// Write a test suite for `check`: inputs and the reference's answers (or their SHA-256).
    Cases(cmd::cases::Args),
    /// Print a shell completion script: bash, zsh, fish or powershell.
    Completions(cmd::completions::Args),
    /// Print the man page (roff).
    Man(cmd::man::Args),
}

fn main() -> ExitCode {
    // Ctrl-C right after start already ends with exit 130 and one line.
    let _ = interrupt::flag();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => {
            return match err.kind() {
                // `searchlab` alone prints the help too, but as a usage error (exit 2).
                clap::error::ErrorKind::DisplayHelp | clap::error::ErrorKind::DisplayVersion => {
                    let _ = err.print();
                    Exit::Answered.into()
                }
                _ => {
                    // The message quotes the arguments: their control characters are escaped.
                    let text = err.render().to_string();
                    let lines: Vec<String> = text.lines().map(output::escape_controls).collect();
                    let _ = writeln!(std::io::stderr(), "{}", lines.join("\n").trim_end());
                    Exit::Usage.into()
                }
            };
        }
    };
    let result = match cli.command {
        Command::Search(args) => cmd::search::run(args),
        Command::Digits(args) => cmd::digits::run(args),
        Command::Report(args) => cmd::report::run(args),
        Command::Serve(args) => cmd::serve::run(args),
        Command::Npuzzle(args) => cmd::npuzzle::run(args),
        Command::Solve(args) => cmd::solve::run(args),
        Command::Pdb(args) => cmd::pdb::run(args),
        Command::Bench(args) => cmd::bench::run(args),
        Command::Check(args) => cmd::check::run(args),
        Command::Grade(args) => cmd::grade::run(args),
        Command::GradescopeBundle(args) => cmd::gradescope_bundle::run(args),
        Command::Cases(args) => cmd::cases::run(args),
        Command::Completions(args) => cmd::completions::run(args, Cli::command()),
        Command::Man(args) => cmd::man::run(args, Cli::command()),
    };
    match result {
        Ok(exit) => exit.into(),
        Err(err) => report(err),
    }
}

/// Prints an error on one line, its control characters escaped, and picks the exit status: a
/// [`Failure`] carries its own, a broken pipe (anywhere in the chain of causes) is a quiet
/// success, anything else is a usage or input error.
fn report(err: anyhow::Error) -> ExitCode {
    let broken_pipe = err.chain().any(|cause| {
        cause.downcast_ref::<std::io::Error>().is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    });
    if broken_pipe {
        return Exit::Answered.into();
    }
    let refused = err.chain().any(|cause| {
        let inner = cause.downcast_ref::<std::io::Error>().and_then(|io| io.get_ref());
        inner.is_some_and(|inner| inner.is::<searchlab_solver::BuildRefused>())
    });
    let exit = if refused { Exit::Limit } else { err.downcast_ref::<Failure>().map_or(Exit::Usage, |f| f.exit) };
    let _ = writeln!(std::io::stderr(), "searchlab: {}", output::escape_controls(&one_line(&err)));
    exit.into()
}

/// The error and its causes joined by `: `, each cause left out when the text so far already
/// says it (an error that prints its source would otherwise repeat it).
fn one_line(err: &anyhow::Error) -> String {
    let mut text = String::new();
    for cause in err.chain() {
        let part = cause.to_string();
        if !text.contains(&part) {
            if !text.is_empty() {
                text.push_str(": ");
            }
            text.push_str(&part);
        }
    }
    text
}
