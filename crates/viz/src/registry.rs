//! The registered puzzles: the one list that `searchlab serve`, `searchlab report` and the
//! command line iterate over, and the recording of one run for the replay.
//!
//! A puzzle registers by implementing [`searchlab_core::catalog::Puzzle`] in its own crate
//! and adding one line to [`PUZZLES`]; [`Registered`] turns it into a
//! [`RegisteredPuzzle`], which the views use without knowing its types.

use std::borrow::Cow;
use std::marker::PhantomData;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use searchlab_core::catalog::Describe;
use searchlab_core::catalog::{
    ExpandedCount, Field, FrontierRule, InstanceError, Puzzle, RandomSource, Scene, StrategyEntry,
};
use searchlab_core::{FinishKind, Problem};
use searchlab_npuzzle::SlidingPuzzle;
use searchlab_romania::Romania;
use searchlab_threedigits::ThreeDigits;
use serde::Serialize;
use serde_json::Value;

use crate::compact::CompactTrace;
use crate::record::PageRecorder;
use crate::report::{ReportError, ReportOptions, ScalingReport};
use crate::search_run::{SearchRun, SearchSettings};
use crate::{rules, search_run};
use indicatif::ProgressBar;

/// The most nodes a replay expands when the puzzle's rules set no limit of their own (the
/// boards; the 3-digit puzzle keeps its spec's 1000); a search stopped there is replayed up
/// to the limit, and the page says so. Above the 8-puzzle's 181,440 boards, so every
/// 8-puzzle search replays in full.
pub const REPLAY_EXPANSION_LIMIT: u64 = 200_000;

/// Every registered puzzle, in the order pages and help texts list them.
pub static PUZZLES: &[&dyn RegisteredPuzzle] =
    &[&Registered::<ThreeDigits>::NEW, &Registered::<SlidingPuzzle>::NEW, &Registered::<Romania>::NEW];

/// The registered puzzle called `name`.
pub fn puzzle(name: &str) -> Option<&'static dyn RegisteredPuzzle> {
    PUZZLES.iter().copied().find(|p| p.name() == name)
}

/// The names of the registered puzzles, for messages and command-line values.
pub fn names() -> Vec<&'static str> {
    PUZZLES.iter().map(|p| p.name()).collect()
}

/// A recorded search: what the page replays and the answer it must end with.
#[derive(Debug, Clone, Serialize)]
pub struct Recording {
    /// The puzzle's name (`digits`, `npuzzle`; a problem from Python: its class's name).
    pub puzzle: Cow<'static, str>,
    /// The strategy's name for people (`BFS`, `A*`).
    pub algorithm: &'static str,
    /// The strategy's name as requests give it (`B`, `ast`).
    pub strategy: &'static str,
    /// The strategy's rule in one line (frontier, ties, goal test, repeated states, limits).
    pub rule: String,
    /// The frontier: `discipline` (`queue`, `stack`, `priority`, `current`), `priority`
    /// (`depth`, `g`, `h`, `f = g + h`) and `ties` (`last-added`, `first-added`), derived from
    /// the strategy and its options.
    #[serde(flatten)]
    pub frontier: FrontierRule,
    /// The frontier in a sentence, for the page.
    pub frontier_text: String,
    /// What the puzzle calls "expanded": `selected` or `expanded`.
    pub expanded_counts: ExpandedCount,
    /// The frontier is the current path: a depth-first search that enters each child as soon
    /// as it is generated (IDA*), rather than a frontier the events push and pop.
    pub path_frontier: bool,
    /// Every event, compacted (the trace format of `docs/trace.md`, states and moves in
    /// tables; see [`crate::compact`]).
    pub trace: CompactTrace,
    /// The answer, as the CLI's `--json` (digits) or `output.txt` fields (npuzzle) give it.
    pub answer: Value,
    /// The CLI's output for the same input (for boards, the first lines of `output.txt`).
    pub cli: String,
    /// The solution's moves in words (empty without a solution).
    pub moves: Vec<String>,
    /// Set when a limit stopped the search: what the page should say.
    pub note: Option<String>,
    /// The puzzle's picture of its whole state space (a road map), when it has one: the page
    /// draws it and marks each place by its node's status.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scene: Option<Scene>,
}

/// Why a run could not be recorded.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    /// No registered puzzle has this name.
    #[error("unknown puzzle `{name}`: use one of {}", names().join(", "))]
    UnknownPuzzle {
        /// The name asked for (at most 20 characters of it).
        name: String,
    },
    /// The puzzle has no strategy of this name.
    #[error("unknown strategy `{name}` for the {puzzle}: use one of {}", choices.join(", "))]
    UnknownStrategy {
        /// The name asked for (at most 20 characters of it).
        name: String,
        /// The puzzle's title.
        puzzle: &'static str,
        /// The names it offers.
        choices: Vec<&'static str>,
    },
    /// A field names nothing the puzzle reads.
    #[error("unknown field `{name}`: the {puzzle} reads {}", fields.join(", "))]
    UnknownField {
        /// The field (at most 20 characters of it).
        name: String,
        /// The puzzle's title.
        puzzle: &'static str,
        /// The fields it reads.
        fields: Vec<&'static str>,
    },
    /// The instance is malformed or unsolvable.
    #[error(transparent)]
    Instance(#[from] InstanceError),
}

fn shown(text: &str) -> String {
    text.chars().take(20).collect()
}

/// A registered puzzle, used without its types: what the views call.
pub trait RegisteredPuzzle: Sync {
    /// The name on command lines and in the API.
    fn name(&self) -> &'static str;
    /// The name for people.
    fn title(&self) -> &'static str;
    /// The instance's text fields, in form order.
    fn fields(&self) -> &'static [Field];
    /// What the puzzle's "expanded" count counts.
    fn expanded_count(&self) -> ExpandedCount;
    /// That count's name on the page (`expanded (the spec's list)`, `nodes_expanded`).
    fn expanded_label(&self) -> &'static str;
    /// The strategies, in the order commands list them.
    fn strategies(&self) -> Vec<StrategyEntry>;
    /// The strategy called `name` (as the puzzle's own commands spell it).
    fn strategy(&self, name: &str) -> Result<StrategyEntry, RecordError>;
    /// A random instance as its fields, drawn with `rng`.
    fn random(&self, rng: &mut dyn RandomSource) -> Vec<(&'static str, String)>;
    /// The start state of the fields' examples as a trace shows it (what the page compares a
    /// loaded trace's first state with); `null` when the examples do not make an instance.
    fn example_state(&self) -> Value;
    /// Records the run of `strategy` on the instance whose fields `field` gives. A strategy
    /// without an expansion limit of its own stops after `replay_limit` expansions (and
    /// the note says how to run it without that limit). Raising `stop` ends the search at
    /// its next node (the recording then ends with `interrupted`).
    fn record(
        &self,
        field: &dyn Fn(&str) -> String,
        strategy: &str,
        replay_limit: u64,
        stop: Option<Arc<AtomicBool>>,
    ) -> Result<Recording, RecordError>;
    /// The scaling report of `entries` on random instances of this puzzle (`size`: a board's
    /// width, where the puzzle has one): `searchlab report`.
    fn report(
        &self,
        size: usize,
        options: &ReportOptions,
        entries: &[StrategyEntry],
        progress: &ProgressBar,
    ) -> Result<ScalingReport, ReportError>;
    /// Runs `strategy` on the instance whose fields `field` gives, with its options and
    /// `settings`, and reports the path, its cost, the selected states in order and the
    /// statistics (`searchlab search`). The strategy is checked before the instance.
    fn search(
        &self,
        field: &dyn Fn(&str) -> String,
        strategy: &str,
        settings: SearchSettings,
    ) -> Result<SearchRun, RecordError>;
}

/// The [`RegisteredPuzzle`] of a [`Puzzle`] implementation.
pub struct Registered<P>(PhantomData<fn() -> P>);

impl<P> Registered<P> {
    /// The registration (a constant, for [`PUZZLES`]).
    pub const NEW: Registered<P> = Registered(PhantomData);
}

impl<P: Puzzle> RegisteredPuzzle for Registered<P> {
    fn name(&self) -> &'static str {
        P::NAME
    }

    fn title(&self) -> &'static str {
        P::TITLE
    }

    fn fields(&self) -> &'static [Field] {
        P::FIELDS
    }

    fn expanded_count(&self) -> ExpandedCount {
        P::EXPANDED_COUNT
    }

    fn expanded_label(&self) -> &'static str {
        P::EXPANDED_LABEL
    }

    fn strategies(&self) -> Vec<StrategyEntry> {
        P::strategies()
    }

    fn strategy(&self, name: &str) -> Result<StrategyEntry, RecordError> {
        P::strategy(name).ok_or_else(|| RecordError::UnknownStrategy {
            name: shown(name),
            puzzle: P::TITLE,
            choices: P::strategies().iter().map(|e| e.name).collect(),
        })
    }

    fn random(&self, rng: &mut dyn RandomSource) -> Vec<(&'static str, String)> {
        P::fields(&P::random(rng))
    }

    fn example_state(&self) -> Value {
        let example = |name: &str| P::FIELDS.iter().find(|f| f.name == name).map_or("", |f| f.example).to_string();
        let Ok(problem) = P::parse(&example).and_then(|instance| P::problem(&instance)) else { return Value::Null };
        serde_json::to_value(problem.view_state(&problem.initial_state())).unwrap_or(Value::Null)
    }

    fn record(
        &self,
        field: &dyn Fn(&str) -> String,
        strategy: &str,
        replay_limit: u64,
        stop: Option<Arc<AtomicBool>>,
    ) -> Result<Recording, RecordError> {
        let instance = P::parse(field)?;
        let mut entry = self.strategy(strategy)?;
        // The rule as the puzzle states it, before the replay's own limit is added.
        let rule = rules::rule_text(&entry);
        let own_limit = entry.options.expansion_limit;
        entry.options.expansion_limit = own_limit.or(Some(replay_limit));
        entry.options.interrupt = stop;
        let problem = P::problem(&instance)?;
        // Compacted as the events come: the events themselves are never all held.
        let mut recorder = PageRecorder::new(&problem);
        let run = P::run(&problem, &entry, &mut recorder);
        let note = (run.finish == FinishKind::ExpansionLimit).then(|| match own_limit {
            Some(limit) => format!("The spec's limit of {limit} expanded nodes stopped the search."),
            None => format!(
                "The replay stops after {replay_limit} expansions (the CLI has no such limit: run `{}`).",
                P::command(&instance, &entry)
            ),
        });
        Ok(Recording {
            puzzle: Cow::Borrowed(P::NAME),
            algorithm: entry.title(),
            strategy: entry.name,
            rule,
            frontier: entry.frontier(),
            frontier_text: entry.frontier().to_string(),
            expanded_counts: P::EXPANDED_COUNT,
            path_frontier: false,
            trace: recorder.finish(),
            answer: serde_json::to_value(&run.answer).unwrap_or(Value::Null),
            cli: run.text,
            moves: run.moves,
            note,
            scene: P::scene(),
        })
    }

    fn report(
        &self,
        size: usize,
        options: &ReportOptions,
        entries: &[StrategyEntry],
        progress: &ProgressBar,
    ) -> Result<ScalingReport, ReportError> {
        crate::report::scaling_report::<P>(size, options, entries, progress)
    }

    fn search(
        &self,
        field: &dyn Fn(&str) -> String,
        strategy: &str,
        settings: SearchSettings,
    ) -> Result<SearchRun, RecordError> {
        let mut entry = self.strategy(strategy)?;
        let instance = P::parse(field)?;
        let limit = &mut entry.options.expansion_limit;
        *limit = match (*limit, settings.expansion_limit) {
            (Some(own), Some(asked)) => Some(own.min(asked)),
            (own, asked) => own.or(asked),
        };
        if let Some(weight) = settings.weight {
            entry.options.weight = weight;
        }
        if let Some(width) = settings.beam_width {
            entry.options.beam_width = Some(width);
        }
        if settings.interrupt.is_some() {
            entry.options.interrupt = settings.interrupt;
        }
        let problem = P::problem(&instance)?;
        Ok(search_run::search::<P>(&problem, &entry, P::fields(&instance)))
    }
}

/// Checks that every field in `names` is one `puzzle` reads.
pub fn check_fields<'a>(
    puzzle: &dyn RegisteredPuzzle,
    mut names: impl Iterator<Item = &'a str>,
) -> Result<(), RecordError> {
    match names.find(|n| !puzzle.fields().iter().any(|f| f.name == *n)) {
        None => Ok(()),
        Some(name) => Err(RecordError::UnknownField {
            name: shown(name),
            puzzle: puzzle.title(),
            fields: puzzle.fields().iter().map(|f| f.name).collect(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_found() {
        let mut all = names();
        all.dedup();
        assert_eq!(all, ["digits", "npuzzle", "romania"]);
        for p in PUZZLES {
            assert_eq!(puzzle(p.name()).map(|q| q.title()), Some(p.title()));
            assert!(!p.strategies().is_empty());
        }
        assert!(puzzle("chess").is_none());
    }

    /// A small seeded generator for the tests.
    struct Lcg(u64);

    impl RandomSource for Lcg {
        fn below(&mut self, bound: u32) -> u32 {
            self.0 = self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            ((self.0 >> 33) % u64::from(bound)) as u32
        }
    }

    #[test]
    fn every_strategy_of_every_puzzle_records_its_random_instances_with_its_own_frontier() {
        let mut rng = Lcg(11);
        for p in PUZZLES {
            for _ in 0..3 {
                let fields = p.random(&mut rng);
                let field =
                    |name: &str| fields.iter().find(|(n, _)| *n == name).map(|(_, v)| v.clone()).unwrap_or_default();
                for entry in p.strategies() {
                    let recording = p.record(&field, entry.name, 10_000, None).unwrap();
                    // What the page shows is derived from the options the run used.
                    let rule = FrontierRule::of(entry.strategy, &entry.options);
                    assert_eq!(recording.frontier, rule, "{} {}", p.name(), entry.name);
                    assert_eq!(recording.frontier_text, rule.to_string());
                    // IDS announces its first iteration before the start.
                    // (codes 0 and 1 of crate::compact), and every run ends with `finished` (10).
                    assert!([0, 1].contains(&recording.trace.steps[0]));
                    assert_eq!(recording.trace.steps.last(), Some(&10));
                    assert_eq!(recording.trace.finished.as_ref().unwrap()["type"], "finished");
                    let json = serde_json::to_value(&recording).unwrap();
                    assert_eq!(json["ties"], serde_json::to_value(entry.options.ties).unwrap());
                }
            }
        }
    }

    #[test]
    fn strategy_names_follow_each_puzzle() {
        let digits = puzzle("digits").unwrap();
        assert_eq!(digits.strategies().iter().map(|e| e.name).collect::<Vec<_>>(), ["B", "D", "I", "G", "A", "H"]);
        assert_eq!(digits.strategy("astar").unwrap().name, "A");
        let err = puzzle("npuzzle").unwrap().strategy("ida").unwrap_err().to_string();
        assert_eq!(err, "unknown strategy `ida` for the 8-puzzle: use one of bfs, dfs, ast");
    }
}
