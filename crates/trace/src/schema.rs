//! The compact events' schema: the one table of what each code of a recording's `steps` means
//! (see [`crate::compact`]). The compactor writes its codes from it ([`Code`]), and the page
//! decodes from it: [`schema_element`] carries it, as JSON, in the served and the exported
//! page, so `replay.js` knows no code, field or reason of its own.
//!
//! A step is its code, then one or more integers per field, in the table's order; a field's
//! [`Encoding`] says how many and what they mean. The table, as [`markdown_table`] writes it
//! (a unit test keeps this copy the same):
//!
//! | code | event | integers after the code |
//! |---|---|---|
//! | 0 | `start` | state (state) |
//! | 1 | `iteration` | depth_limit (optional), bound (optional) |
//! | 2 | `selected` (as generated: state, depth and cost rebuilt) | node, priority |
//! | 3 | `selected` (other) | node, state (state), depth, cost, priority |
//! | 4 | `goal-test` | node, is_goal (bool) |
//! | 5 | `generated` | node, parent, state (state), action (move), depth, cost, priority |
//! | 6 | `improved` | node, parent, state (state), action (move), depth, old_cost, new_cost, priority |
//! | 7 | `discarded` | state (state), reason (reason) |
//! | 8 | `expanded` (consecutive children) | node, children (run) |
//! | 9 | `expanded` (other) | node, children (list) |
//! | 10 | `finished` (kind and statistics in the recording's `finished`) |  |
//! | 11 | `goal-start` | node, state (state) |
//! | 12 | `joined` | forward, backward |
//! | 13 | `f-limit` | node, limit (optional) |
//! | 14 | `backed-up` | node, f (optional) |

use serde::Serialize;

/// The discard reasons, in the order `discarded` steps index them (the trace's names).
pub const REASONS: [&str; 8] =
    ["already-expanded", "in-frontier", "explored", "stale", "forbidden", "over-bound", "dropped", "on-path"];

/// How a field is written among a step's integers, and how the page reads it back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Encoding {
    /// One integer, the value itself.
    Int,
    /// One integer: an index into the recording's `states` (the state's trace view).
    State,
    /// One integer: an index into the recording's `moves` (the move in words).
    Move,
    /// One integer: an index into [`REASONS`] (the reason's trace name).
    Reason,
    /// One integer, -1 when the value is absent (∞): the event then has no such key.
    Optional,
    /// One integer: 1 for true, 0 for false.
    Bool,
    /// Two integers, a count and a first id: the list of `count` consecutive ids from it.
    Run,
    /// A count, then that many integers: the list of ids.
    List,
}

impl Encoding {
    /// How many integers the field takes when its first one is `first`.
    pub fn width(self, first: i64) -> usize {
        match self {
            Encoding::Run => 2,
            Encoding::List => 1 + usize::try_from(first).unwrap_or(0),
            _ => 1,
        }
    }
}

/// A field of a step: the event's key in the trace format and how it is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Field {
    /// The key, as the trace writes it (`node`, `is_goal`, `depth_limit`).
    pub name: &'static str,
    /// How it is written.
    pub encoding: Encoding,
}

/// The codes of the steps, in the table's order ([`STEPS`]`[code as usize]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum Code {
    /// `start`.
    Start,
    /// `iteration`.
    Iteration,
    /// `selected`, with the state, depth and cost the node was last generated with.
    SelectedAsGenerated,
    /// `selected`, in full.
    Selected,
    /// `goal-test`.
    GoalTest,
    /// `generated`.
    Generated,
    /// `improved`.
    Improved,
    /// `discarded`.
    Discarded,
    /// `expanded`, its children consecutive ids.
    ExpandedRun,
    /// `expanded`, its children listed.
    ExpandedList,
    /// `finished` (carried apart, in the recording's `finished`).
    Finished,
    /// `goal-start`.
    GoalStart,
    /// `joined`.
    Joined,
    /// `f-limit`.
    FLimit,
    /// `backed-up`.
    BackedUp,
}

impl Code {
    /// The code as the steps write it.
    pub fn value(self) -> i64 {
        self as i64
    }

    /// Its row of the table.
    pub fn step(self) -> &'static Step {
        &STEPS[self as usize]
    }
}

/// One row of the table: a code and the event it writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Step {
    /// The code.
    #[serde(serialize_with = "code_number")]
    pub code: Code,
    /// The event's `type` in the trace format (`selected`, `f-limit`).
    #[serde(rename = "type")]
    pub event: &'static str,
    /// Which form of the event, when it has more than one, for people (not sent).
    #[serde(skip)]
    pub form: &'static str,
    /// Its fields, in the order of their integers (and of the trace's keys).
    pub fields: &'static [Field],
}

fn code_number<S: serde::Serializer>(code: &Code, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_u8(*code as u8)
}

impl Step {
    /// How many integers this step takes in `steps` from `at` (its code's position), the
    /// code included; `None` when `steps` ends before it does.
    pub fn length(&self, steps: &[i64], at: usize) -> Option<usize> {
        let mut end = at + 1;
        for field in self.fields {
            end += field.encoding.width(*steps.get(end)?);
        }
        (end <= steps.len()).then_some(end - at)
    }
}

const fn field(name: &'static str, encoding: Encoding) -> Field {
    Field { name, encoding }
}

const fn int(name: &'static str) -> Field {
    field(name, Encoding::Int)
}

const fn row(code: Code, event: &'static str, form: &'static str, fields: &'static [Field]) -> Step {
    Step { code, event, form, fields }
}

const STATE: Field = field("state", Encoding::State);
const ACTION: Field = field("action", Encoding::Move);

/// The table, one row per code, in code order.
#[rustfmt::skip]
pub const STEPS: [Step; 15] = [
    row(Code::Start, "start", "", &[STATE]),
    row(Code::Iteration, "iteration", "", &[field("depth_limit", Encoding::Optional), field("bound", Encoding::Optional)]),
    row(Code::SelectedAsGenerated, "selected", "as generated: state, depth and cost rebuilt", &[int("node"), int("priority")]),
    row(Code::Selected, "selected", "other", &[int("node"), STATE, int("depth"), int("cost"), int("priority")]),
    row(Code::GoalTest, "goal-test", "", &[int("node"), field("is_goal", Encoding::Bool)]),
    row(Code::Generated, "generated", "", &[int("node"), int("parent"), STATE, ACTION, int("depth"), int("cost"), int("priority")]),
    row(Code::Improved, "improved", "", &[int("node"), int("parent"), STATE, ACTION, int("depth"), int("old_cost"), int("new_cost"), int("priority")]),
    row(Code::Discarded, "discarded", "", &[STATE, field("reason", Encoding::Reason)]),
    row(Code::ExpandedRun, "expanded", "consecutive children", &[int("node"), field("children", Encoding::Run)]),
    row(Code::ExpandedList, "expanded", "other", &[int("node"), field("children", Encoding::List)]),
    row(Code::Finished, "finished", "kind and statistics in the recording's `finished`", &[]),
    row(Code::GoalStart, "goal-start", "", &[int("node"), STATE]),
    row(Code::Joined, "joined", "", &[int("forward"), int("backward")]),
    row(Code::FLimit, "f-limit", "", &[int("node"), field("limit", Encoding::Optional)]),
    row(Code::BackedUp, "backed-up", "", &[int("node"), field("f", Encoding::Optional)]),
];

/// The schema as the page reads it: the table and the reasons.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct Schema {
    /// The table, one row per code.
    pub steps: &'static [Step],
    /// The discard reasons, by index.
    pub reasons: &'static [&'static str],
}

/// The schema.
pub const SCHEMA: Schema = Schema { steps: &STEPS, reasons: &REASONS };

/// The id of the page's element that carries the schema.
pub const ELEMENT_ID: &str = "event-schema";

/// The schema as a page carries it: a JSON `<script>` element with the id [`ELEMENT_ID`].
pub fn schema_element() -> String {
    let json = serde_json::to_string(&SCHEMA).expect("the schema is JSON");
    // Names only: nothing in it can close the element, but keep it so if one ever could.
    format!("<script type=\"application/json\" id=\"{ELEMENT_ID}\">{}</script>\n", json.replace("</", "<\\/"))
}

/// The table in Markdown, as the module's documentation shows it.
pub fn markdown_table() -> String {
    let mut out = String::from("| code | event | integers after the code |\n|---|---|---|\n");
    for step in &STEPS {
        let form = if step.form.is_empty() { String::new() } else { format!(" ({})", step.form) };
        let fields: Vec<String> = step
            .fields
            .iter()
            .map(|f| match f.encoding {
                Encoding::Int => f.name.to_string(),
                other => format!("{} ({})", f.name, encoding_name(other)),
            })
            .collect();
        out.push_str(&format!("| {} | `{}`{form} | {} |\n", step.code as u8, step.event, fields.join(", ")));
    }
    out
}

/// An encoding's name, as the page reads it (`optional`, `run`).
fn encoding_name(encoding: Encoding) -> String {
    serde_json::to_value(encoding).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default()
}

#[cfg(test)]
#[path = "schema_tests.rs"]
mod tests;
