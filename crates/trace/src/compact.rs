//! A recording's events in a compact form the page decodes one event at a time: states and
//! moves in tables, each event a short run of integers in one flat array.
//!
//! The trace format of `docs/trace.md` spends about 100 bytes per event; the 8-puzzle BFS of
//! `8,6,4,2,1,3,5,7,0` has about 800,000 events. Here every distinct state is written once
//! (`states`), every distinct move once, in words (`moves`), and each event is a code and
//! its integers (`steps`); fields the page can rebuild (a selected node's state, depth and
//! cost, the children of an expansion when they are consecutive ids) are left out only
//! when they are exactly what the rebuilt value would be, so the decoding is lossless.
//!
//! Which integers each code writes is [`crate::schema`]'s table ([`crate::schema::STEPS`]), the
//! one the page decodes from: the codes written here are its [`Code`]s, and the schema's unit
//! tests decode real recordings through the table back into exactly the trace's events.

use std::collections::HashMap;

use searchlab_core::{TraceDiscard, TraceEvent};
use serde::Serialize;
use serde_json::value::RawValue;
use serde_json::Value;

use crate::schema::Code;
use crate::trace::TraceSink;

pub use crate::schema::REASONS;

/// A recording's events, compacted (see [`crate::schema`]'s table).
#[derive(Debug, Clone, Default, Serialize)]
pub struct CompactTrace {
    /// How many events.
    pub count: usize,
    /// Every distinct state, as the trace's view in JSON, in order of first appearance (kept
    /// as its text: a few dozen bytes each, where a parsed value takes hundreds).
    pub states: Vec<Box<RawValue>>,
    /// Every distinct move, in words, in order of first appearance.
    pub moves: Vec<String>,
    /// The events' codes and integers, one after the other.
    pub steps: Vec<i64>,
    /// The `finished` event (kind and statistics), if the search finished.
    pub finished: Option<Value>,
}

impl PartialEq for CompactTrace {
    fn eq(&self, other: &Self) -> bool {
        let texts = |t: &CompactTrace| t.states.iter().map(|s| s.get().to_string()).collect::<Vec<_>>();
        (self.count, &self.moves, &self.steps, &self.finished)
            == (other.count, &other.moves, &other.steps, &other.finished)
            && texts(self) == texts(other)
    }
}

/// Interns values in a table: the index of each distinct value, found by its text.
struct Table<T> {
    index: HashMap<Box<str>, i64>,
    values: Vec<T>,
}

impl<T> Table<T> {
    fn new() -> Self {
        Table { index: HashMap::new(), values: Vec::new() }
    }

    /// The index of the value whose text is `key`, adding `value(key)` when it is new.
    fn intern(&mut self, key: &str, value: impl FnOnce(&str) -> T) -> i64 {
        if let Some(&i) = self.index.get(key) {
            return i;
        }
        let i = self.values.len() as i64;
        self.values.push(value(key));
        self.index.insert(key.into(), i);
        i
    }
}

fn reason_index(reason: TraceDiscard) -> i64 {
    let name = serde_json::to_value(reason).ok();
    REASONS.iter().position(|r| name.as_ref().and_then(Value::as_str) == Some(r)).map_or(-1, |i| i as i64)
}

fn opt(v: Option<u64>) -> i64 {
    v.map_or(-1, |v| v as i64)
}

/// A [`TraceSink`] that compacts each event as it arrives, so a recording never holds the
/// events themselves: only the tables and the integers of [`CompactTrace`].
pub struct Compactor {
    states: Table<Box<RawValue>>,
    moves: Table<String>,
    steps: Vec<i64>,
    count: usize,
    finished: Option<Value>,
    /// Per node id: (state, depth, cost) as last generated or improved (ids restart per iteration).
    nodes: Vec<(i64, u64, u64)>,
    /// The next `generated` or `improved` event's move in words, if the caller gave it.
    words: Option<String>,
    /// One buffer for each state's JSON text, the key it is interned by.
    text: Vec<u8>,
}

impl Default for Compactor {
    fn default() -> Self {
        Compactor::new()
    }
}

impl Compactor {
    /// An empty recording.
    pub fn new() -> Self {
        Compactor {
            states: Table::new(),
            moves: Table::new(),
            steps: Vec::new(),
            count: 0,
            finished: None,
            nodes: Vec::new(),
            words: None,
            text: Vec::new(),
        }
    }

    /// The move of the next `generated` or `improved` event, in words (without it, the
    /// move's trace view is used).
    pub fn next_move_words(&mut self, words: String) {
        self.words = Some(words);
    }

    /// The compacted trace of every event added.
    pub fn finish(self) -> CompactTrace {
        CompactTrace {
            count: self.count,
            states: self.states.values,
            moves: self.moves.values,
            steps: self.steps,
            finished: self.finished,
        }
    }

    fn state<S: Serialize>(&mut self, s: &S) -> i64 {
        self.text.clear();
        let _ = serde_json::to_writer(&mut self.text, s);
        let key = std::str::from_utf8(&self.text).ok().filter(|k| !k.is_empty()).unwrap_or("null");
        self.states.intern(key, |k| RawValue::from_string(k.to_string()).unwrap_or_else(|_| null()))
    }

    fn action<A: Serialize>(&mut self, a: &A) -> i64 {
        let word = self.words.take().unwrap_or_else(|| match serde_json::to_value(a) {
            Ok(Value::String(s)) => s,
            Ok(other) => other.to_string(),
            Err(_) => String::new(),
        });
        self.moves.intern(&word, str::to_string)
    }

    fn remember(&mut self, node: u32, entry: (i64, u64, u64)) {
        let i = node as usize;
        if self.nodes.len() <= i {
            self.nodes.resize(i + 1, (-1, 0, 0));
        }
        self.nodes[i] = entry;
    }

    /// Writes one step: `code`, then `ints` (as many as the code's row of the table reads).
    fn step(&mut self, code: Code, ints: impl IntoIterator<Item = i64>) {
        let at = self.steps.len();
        self.steps.push(code.value());
        self.steps.extend(ints);
        debug_assert_eq!(code.step().length(&self.steps, at), Some(self.steps.len() - at), "{code:?}");
    }

    /// Adds one event.
    pub fn add<S: Serialize, A: Serialize, T: Serialize>(&mut self, event: &TraceEvent<S, A, T>) {
        self.count += 1;
        match event {
            TraceEvent::Start { state } => {
                let s = self.state(state);
                self.remember(0, (s, 0, 0));
                self.step(Code::Start, [s]);
            }
            TraceEvent::Iteration { depth_limit, bound } => {
                self.step(Code::Iteration, [opt(*depth_limit), opt(*bound)])
            }
            TraceEvent::GoalStart { node, state } => {
                let s = self.state(state);
                self.remember(*node, (s, 0, 0));
                self.step(Code::GoalStart, [i64::from(*node), s]);
            }
            TraceEvent::Joined { forward, backward } => {
                self.step(Code::Joined, [i64::from(*forward), i64::from(*backward)])
            }
            TraceEvent::FLimit { node, limit } => self.step(Code::FLimit, [i64::from(*node), opt(*limit)]),
            TraceEvent::BackedUp { node, f } => self.step(Code::BackedUp, [i64::from(*node), opt(*f)]),
            TraceEvent::Selected { node, state, depth, cost, priority } => {
                let s = self.state(state);
                if self.nodes.get(*node as usize) == Some(&(s, *depth, *cost)) {
                    self.step(Code::SelectedAsGenerated, [i64::from(*node), *priority as i64]);
                } else {
                    let ints = [i64::from(*node), s, *depth as i64, *cost as i64, *priority as i64];
                    self.step(Code::Selected, ints);
                }
            }
            TraceEvent::GoalTest { node, is_goal } => {
                self.step(Code::GoalTest, [i64::from(*node), i64::from(*is_goal)])
            }
            TraceEvent::Generated { node, parent, state, action, depth, cost, priority } => {
                let (s, m) = (self.state(state), self.action(action));
                self.remember(*node, (s, *depth, *cost));
                let ints = [i64::from(*node), i64::from(*parent), s, m, *depth as i64, *cost as i64, *priority as i64];
                self.step(Code::Generated, ints);
            }
            TraceEvent::Improved { node, parent, state, action, depth, old_cost, new_cost, priority } => {
                let (s, m) = (self.state(state), self.action(action));
                self.remember(*node, (s, *depth, *new_cost));
                let (node, parent, depth) = (i64::from(*node), i64::from(*parent), *depth as i64);
                self.step(
                    Code::Improved,
                    [node, parent, s, m, depth, *old_cost as i64, *new_cost as i64, *priority as i64],
                );
            }
            TraceEvent::Discarded { state, reason } => {
                let s = self.state(state);
                self.step(Code::Discarded, [s, reason_index(*reason)]);
            }
            TraceEvent::Expanded { node, children } => self.expanded(*node, children),
            TraceEvent::Finished { kind, stats } => {
                self.step(Code::Finished, []);
                self.finished = serde_json::to_value(TraceEvent::<(), (), &T>::Finished { kind: *kind, stats }).ok();
            }
        }
    }

    /// An `expanded` step: its children as a run of ids when they are consecutive, else listed.
    fn expanded(&mut self, node: u32, children: &[u32]) {
        let first = children.first().map_or(0, |c| i64::from(*c));
        let consecutive = children.iter().enumerate().all(|(i, c)| i64::from(*c) == first + i as i64);
        let (node, count) = (i64::from(node), children.len() as i64);
        if consecutive {
            self.step(Code::ExpandedRun, [node, count, first]);
        } else {
            self.step(Code::ExpandedList, [node, count].into_iter().chain(children.iter().map(|c| i64::from(*c))));
        }
    }
}

fn null() -> Box<RawValue> {
    RawValue::from_string("null".into()).expect("`null` is JSON")
}

impl<S: Serialize, A: Serialize, T: Serialize> TraceSink<S, A, T> for Compactor {
    fn accept(&mut self, event: TraceEvent<S, A, T>) {
        self.add(&event);
    }
}

/// Compacts `events` (`T`: the statistics of `finished`); `words[i]` is the move of the i-th
/// `generated` or `improved` event in words (its trace view is used when `words` is shorter).
pub fn compact<S: Serialize, A: Serialize, T: Serialize>(
    events: &[TraceEvent<S, A, T>],
    words: &[String],
) -> CompactTrace {
    let mut compactor = Compactor::new();
    let mut words = words.iter();
    for event in events {
        if let TraceEvent::Generated { .. } | TraceEvent::Improved { .. } = event {
            if let Some(word) = words.next() {
                compactor.next_move_words(word.clone());
            }
        }
        compactor.add(event);
    }
    compactor.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use searchlab_core::{FinishKind, Stats};

    type Event = TraceEvent<Vec<u8>, &'static str>;

    #[test]
    fn states_and_moves_are_written_once_and_known_fields_left_out() {
        let events: Vec<Event> = vec![
            TraceEvent::Start { state: vec![1, 0] },
            TraceEvent::Selected { node: 0, state: vec![1, 0], depth: 0, cost: 0, priority: 0 },
            TraceEvent::GoalTest { node: 0, is_goal: false },
            TraceEvent::Generated {
                node: 1,
                parent: 0,
                state: vec![0, 1],
                action: "Left",
                depth: 1,
                cost: 1,
                priority: 1,
            },
            TraceEvent::Discarded { state: vec![1, 0], reason: TraceDiscard::Explored },
            TraceEvent::Expanded { node: 0, children: vec![1] },
            // Selected with another cost than generated: written in full.
            TraceEvent::Selected { node: 1, state: vec![0, 1], depth: 1, cost: 2, priority: 1 },
            TraceEvent::Expanded { node: 1, children: vec![3, 2] },
            TraceEvent::Finished { kind: FinishKind::Exhausted, stats: Stats::default() },
        ];
        let c = compact(&events, &["one left".to_string()]);
        assert_eq!(c.count, 9);
        let states: Vec<&str> = c.states.iter().map(|s| s.get()).collect();
        assert_eq!(states, ["[1,0]", "[0,1]"]);
        assert_eq!(c.moves, ["one left"]);
        #[rustfmt::skip]
        let expected = [0, 0, 2, 0, 0, 4, 0, 0, 5, 1, 0, 1, 0, 1, 1, 1, 7, 0, 2, 8, 0, 1, 1, 3, 1, 1, 1, 2, 1, 9, 1, 2, 3, 2, 10];
        assert_eq!(c.steps, expected);
        assert_eq!(c.finished.unwrap()["kind"], "exhausted");
    }

    #[test]
    fn every_reason_has_its_trace_name() {
        for (i, reason) in [
            TraceDiscard::AlreadyExpanded,
            TraceDiscard::InFrontier,
            TraceDiscard::Explored,
            TraceDiscard::Stale,
            TraceDiscard::Forbidden,
            TraceDiscard::OverBound,
            TraceDiscard::Dropped,
            TraceDiscard::OnPath,
        ]
        .into_iter()
        .enumerate()
        {
            assert_eq!(reason_index(reason), i as i64);
        }
    }
}
