//! A path-search puzzle in the registry: [`RegisteredPuzzle`], what every view calls on a
//! puzzle without knowing its types, and [`Registered`], which makes one of any
//! [`searchlab_core::catalog::Puzzle`] implementation (the line in [`crate::PUZZLES`]).

use std::borrow::Cow;
use std::io::{self, Write};
use std::marker::PhantomData;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use searchlab_core::catalog::Describe;
use searchlab_core::catalog::{ExpandedCount, Field, Puzzle, RandomSource, StrategyEntry};
use searchlab_core::{breadth_first_search, FinishKind, Problem, SearchOptions};
use serde_json::Value;

use searchlab_trace::measure::{measure, Measured};
use searchlab_trace::record::{PageRecorder, Recording};
use searchlab_trace::search_run::{self, SearchRun, SearchSettings};
use searchlab_trace::trace::RunLine;
use searchlab_trace::{rules, TraceWriter};

use crate::error::{shown, RecordError};
use crate::reading::reading_note;

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
    /// The fewest actions from the start of the instance `field` gives to a goal, as a
    /// breadth-first search with the engine's default options finds it within
    /// `expansion_limit` expansions (`None` when it does not, or the instance is not one).
    fn depth(&self, field: &dyn Fn(&str) -> String, expansion_limit: u64) -> Option<u64>;
    /// Runs `entry` on the instance `field` gives with the puzzle's own run, counting the
    /// nodes it holds (`searchlab report`'s figures).
    fn measure(&self, field: &dyn Fn(&str) -> String, entry: &StrategyEntry) -> Result<Measured, RecordError>;
    /// What to say before running `strategy` on the instance `field` gives, in one line: the
    /// fields the puzzle read otherwise than typed (`start 32 is read as 032`), then its caution
    /// (see [`Puzzle::caution`]); `None` when there is nothing or the input is not valid.
    fn caution(&self, field: &dyn Fn(&str) -> String, strategy: &str) -> Option<String>;
    /// Runs `strategy` on the instance whose fields `field` gives, with its options and
    /// `settings`, and reports the path, its cost, the selected states in order and the
    /// statistics (`searchlab search`). The strategy is checked before the instance.
    fn search(
        &self,
        field: &dyn Fn(&str) -> String,
        strategy: &str,
        settings: SearchSettings,
    ) -> Result<SearchRun, RecordError>;
    /// [`RegisteredPuzzle::search`], every event written to `out` as a `--trace` file (JSON
    /// Lines, `docs/trace.md`); the write's own result beside the run.
    fn search_traced(
        &self,
        field: &dyn Fn(&str) -> String,
        strategy: &str,
        settings: SearchSettings,
        out: &mut dyn Write,
    ) -> Result<(SearchRun, io::Result<()>), RecordError>;
}

/// The [`RegisteredPuzzle`] of a [`Puzzle`] implementation.
pub struct Registered<P>(PhantomData<fn() -> P>);

impl<P> Registered<P> {
    /// The registration (a constant, for [`crate::PUZZLES`]).
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
        let limited = (run.finish == FinishKind::ExpansionLimit).then(|| match own_limit {
            Some(limit) => format!("The spec's limit of {limit} expanded nodes stopped the search."),
            None => format!(
                "The replay stops after {replay_limit} expansions (the CLI has no such limit: run `{}`).",
                P::command(&instance, &entry)
            ),
        });
        // How the fields were read and the puzzle's caution first (an inconsistent heuristic),
        // as a sentence.
        let caution = cautions::<P>(field, &instance, &entry).map(|c| {
            let mut chars = c.chars();
            let first = chars.next().map(|f| f.to_uppercase().to_string()).unwrap_or_default();
            format!("{first}{}.", chars.as_str())
        });
        let note = match (caution, limited) {
            (Some(c), Some(l)) => Some(format!("{c} {l}")),
            (c, l) => c.or(l),
        };
        Ok(Recording {
            puzzle: Cow::Borrowed(P::NAME),
            algorithm: entry.title(),
            label: None,
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

    fn depth(&self, field: &dyn Fn(&str) -> String, expansion_limit: u64) -> Option<u64> {
        let problem = P::parse(field).and_then(|instance| P::problem(&instance)).ok()?;
        let options = SearchOptions::default().with_expansion_limit(expansion_limit);
        breadth_first_search(&problem, &options).solution().map(|path| path.len() as u64)
    }

    fn measure(&self, field: &dyn Fn(&str) -> String, entry: &StrategyEntry) -> Result<Measured, RecordError> {
        Ok(measure::<P>(&P::problem(&P::parse(field)?)?, entry))
    }

    fn caution(&self, field: &dyn Fn(&str) -> String, strategy: &str) -> Option<String> {
        cautions::<P>(field, &P::parse(field).ok()?, &self.strategy(strategy).ok()?)
    }

    fn search(
        &self,
        field: &dyn Fn(&str) -> String,
        strategy: &str,
        settings: SearchSettings,
    ) -> Result<SearchRun, RecordError> {
        let (instance, entry) = self.prepare(field, strategy, settings)?;
        let problem = P::problem(&instance)?;
        Ok(search_run::search::<P>(&problem, &entry, P::fields(&instance)))
    }

    fn search_traced(
        &self,
        field: &dyn Fn(&str) -> String,
        strategy: &str,
        settings: SearchSettings,
        out: &mut dyn Write,
    ) -> Result<(SearchRun, io::Result<()>), RecordError> {
        let (instance, entry) = self.prepare(field, strategy, settings)?;
        let problem = P::problem(&instance)?;
        let line = RunLine::new(P::NAME, entry.name, P::fields(&instance));
        let mut tracer = TraceWriter::with_run_line(&problem, out, &line);
        let run = search_run::search_observed::<P>(&problem, &entry, P::fields(&instance), &mut tracer);
        Ok((run, tracer.finish().map(drop)))
    }
}

/// The fields read otherwise than typed ([`reading_note`]), then the puzzle's caution about
/// the strategy ([`Puzzle::caution`]), in one line.
fn cautions<P: Puzzle>(
    field: &dyn Fn(&str) -> String,
    instance: &P::Instance,
    entry: &StrategyEntry,
) -> Option<String> {
    match (reading_note(field, &P::fields(instance)), P::caution(instance, entry)) {
        (Some(read), Some(caution)) => Some(format!("{read}; {caution}")),
        (read, caution) => read.or(caution),
    }
}

impl<P: Puzzle> Registered<P> {
    /// The instance `field` gives and the strategy's entry with `settings` added.
    fn prepare(
        &self,
        field: &dyn Fn(&str) -> String,
        strategy: &str,
        settings: SearchSettings,
    ) -> Result<(P::Instance, StrategyEntry), RecordError> {
        let mut entry = self.strategy(strategy)?;
        let instance = P::parse(field)?;
        settings.apply(&mut entry);
        Ok((instance, entry))
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
    use crate::{path_puzzle as puzzle, path_puzzles};

    #[test]
    fn names_are_unique_and_found() {
        let all: Vec<&str> = path_puzzles().map(|p| p.name()).collect();
        assert_eq!(all, ["digits", "npuzzle", "romania"]);
        for p in path_puzzles() {
            assert_eq!(puzzle(p.name()).map(|q| q.title()), Some(p.title()));
            assert!(!p.strategies().is_empty());
        }
        assert!(puzzle("chess").is_none());
    }

    /// A small seeded generator for the tests.
    pub(super) struct Lcg(pub(super) u64);

    impl RandomSource for Lcg {
        fn below(&mut self, bound: u32) -> u32 {
            self.0 = self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            ((self.0 >> 33) % u64::from(bound)) as u32
        }
    }

    #[test]
    fn every_strategy_of_every_puzzle_records_its_random_instances_with_its_own_frontier() {
        let mut rng = Lcg(11);
        for p in path_puzzles() {
            for _ in 0..3 {
                let fields = p.random(&mut rng);
                let field =
                    |name: &str| fields.iter().find(|(n, _)| *n == name).map(|(_, v)| v.clone()).unwrap_or_default();
                for entry in p.strategies() {
                    let recording = p.record(&field, entry.name, 10_000, None).unwrap();
                    // What the page shows is derived from the options the run used.
                    let rule = entry.strategy.frontier(&entry.options);
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
        let err = puzzle("npuzzle").unwrap().strategy("hill").unwrap_err().to_string();
        assert_eq!(
            err,
            "unknown strategy `hill` for the 8-puzzle: use one of bfs, dfs, ast, ids, ucs, greedy, astar, \
             weighted-astar, beam, bidirectional, bidirectional-ucs, rbfs, ida"
        );
    }
}

#[cfg(test)]
#[path = "search_tests.rs"]
mod search_tests;
