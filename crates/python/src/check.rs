//! `searchlab.check`: a student's program checked as `searchlab check` checks it. Like
//! [`crate::bridge`] for the search crates and [`crate::replay`] for `searchlab-registry` and `searchlab-trace`, this is the
//! one file that calls `searchlab-check`; it hands back plain values (the report as the JSON of
//! `searchlab check --json` and as its text) and [`BridgeError`].
//!
//! Calls: `searchlab_check::{check, format_text, all_variants, CommandTemplate::parse,
//! CheckOptions, RunConfig}` and `searchlab_check::cases::{methods_of, test_set, TestSet::parse,
//! RandomSpec, Puzzle}`.

use std::time::Duration;

use searchlab_check::cases::{methods_of, test_set, Puzzle, RandomSpec, TestSet};
use searchlab_check::{all_variants, check, family_of, format_text, CheckOptions, CommandTemplate, RunConfig};

use crate::bridge::BridgeError;

fn bad(err: impl std::fmt::Display) -> BridgeError {
    BridgeError::BadInput(err.to_string())
}

/// What to check: the arguments of `searchlab check`, as plain values.
#[derive(Debug, Clone, PartialEq)]
pub struct CheckRequest {
    /// `npuzzle` or `digits`.
    pub puzzle: String,
    /// The program's command line with placeholders (`python3 driver.py {method} {board}`).
    pub command: String,
    /// `public`, `random`, `edge`, `all` or a suite folder written by `searchlab cases`.
    pub cases: String,
    /// The N-puzzle's methods or the 3-digit letters to test; every one when empty.
    pub methods: Vec<String>,
    /// Random instances (each run with every method).
    pub n: usize,
    /// The random seed.
    pub seed: u64,
    /// The N-puzzle's board width for random boards.
    pub width: usize,
    /// Seconds each run may take before it is killed.
    pub timeout: f64,
    /// Runs at a time (0: one per core).
    pub jobs: usize,
}

/// A finished check: the report in the two forms the command prints.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckRun {
    /// The report as `searchlab check --json` prints it.
    pub json: String,
    /// The text report.
    pub text: String,
}

/// The puzzle named `name` (`npuzzle`, `digits`).
fn puzzle(name: &str) -> Result<Puzzle, BridgeError> {
    [Puzzle::Npuzzle, Puzzle::Digits]
        .into_iter()
        .find(|p| p.name() == name)
        .ok_or_else(|| bad(format!("unknown puzzle {name:?}: use 'npuzzle' or 'digits'")))
}

/// Runs the program of `request` on its test set, scores and diagnoses every run. Bad
/// arguments (puzzle, template, set, method, timeout, an empty set) are `BadInput`.
pub fn check_program(request: &CheckRequest) -> Result<CheckRun, BridgeError> {
    let puzzle = puzzle(&request.puzzle)?;
    let template = CommandTemplate::parse(&request.command).map_err(|e| bad(format!("cmd: {e}")))?;
    let timeout = Duration::try_from_secs_f64(request.timeout).ok().filter(|t| !t.is_zero());
    let timeout = timeout.ok_or_else(|| bad("timeout must be a positive number of seconds"))?;
    let methods = methods_of(puzzle, &request.methods).map_err(bad)?;
    let random = RandomSpec { n: request.n, seed: request.seed, width: request.width };
    let cases = test_set(puzzle, &TestSet::parse(&request.cases).map_err(bad)?, &methods, random).map_err(bad)?;
    if cases.is_empty() {
        return Err(bad(format!("the test set '{}' has no case for {}", request.cases, methods.join(","))));
    }
    let run = RunConfig { timeout, ..RunConfig::default() };
    let report =
        check(puzzle, &cases, &CheckOptions { template, run, jobs: request.jobs, thorough: false, verdict: None })
            .map_err(bad)?;
    let json = serde_json::to_string(&report).map_err(|e| bad(format!("internal error: {e}")))?;
    Ok(CheckRun { json, text: format_text(&report) })
}

/// One named rule `check` recognises.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VariantInfo {
    /// `npuzzle` or `digits`.
    pub puzzle: &'static str,
    /// The name (`goal-on-generation`).
    pub name: &'static str,
    /// What a program following it does, in one line.
    pub line: &'static str,
    /// The methods or letters it applies to.
    pub applies: Vec<&'static str>,
    /// Where it cannot change the output (empty when it can anywhere it applies).
    pub cannot_show: &'static str,
    /// Its family's name.
    pub family: &'static str,
    /// Where in a program to look for it.
    pub look_at: &'static str,
}

/// Every named rule, N-puzzle first, as `searchlab check --list-variants` lists them.
pub fn variants() -> Vec<VariantInfo> {
    all_variants()
        .map(|v| VariantInfo {
            puzzle: v.puzzle.name(),
            name: v.name,
            line: v.line,
            applies: v.applies.to_vec(),
            cannot_show: v.cannot_show,
            family: family_of(v).map_or("", |(f, _)| f.name),
            look_at: family_of(v).map_or("", |(f, _)| f.look_at),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(puzzle: &str, command: &str, cases: &str) -> CheckRequest {
        CheckRequest {
            puzzle: puzzle.into(),
            command: command.into(),
            cases: cases.into(),
            methods: vec!["B".into()],
            n: 1,
            seed: 1,
            width: 3,
            timeout: 10.0,
            jobs: 1,
        }
    }

    #[test]
    fn bad_arguments_are_bad_input() {
        let cmd = "python3 p.py {letter} {file}";
        for r in [
            request("sokoban", cmd, "public"),
            request("digits", "", "public"),
            request("digits", "python3 'unclosed {letter} {file}", "public"),
            request("digits", cmd, "no-such-set"),
            CheckRequest { methods: vec!["Z".into()], ..request("digits", cmd, "public") },
            CheckRequest { timeout: 0.0, ..request("digits", cmd, "public") },
            CheckRequest { timeout: f64::NAN, ..request("digits", cmd, "public") },
        ] {
            assert!(matches!(check_program(&r), Err(BridgeError::BadInput(_))), "{r:?}");
        }
    }

    #[test]
    fn variants_name_both_puzzles() {
        let all = variants();
        assert!(all.iter().any(|v| v.puzzle == "digits" && v.name == "goal-on-generation"));
        assert!(all.iter().any(|v| v.puzzle == "npuzzle" && v.name == "goal-on-generation"));
        assert!(all.iter().all(|v| !v.line.is_empty() && !v.applies.is_empty()));
    }
}
