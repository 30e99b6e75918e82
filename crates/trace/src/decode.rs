//! The page's decoding, in Rust: a compact trace read back into its events through the
//! table of [`crate::schema`] alone, as `replay.js` reads it, so that tests can check that a
//! recording decodes into the events it was made from.

use std::collections::HashMap;

use serde_json::{Map, Value};

use crate::compact::CompactTrace;
use crate::schema::{Code, Encoding, Step, REASONS, STEPS};

/// The events of `trace` as the page decodes them (`replay.js`'s `EventSource.get`), read
/// through the table alone: a `selected` written as generated has no state, depth or cost
/// (the replay knows them; [`restore`] puts them back). An error says where the steps do not
/// follow the table.
pub fn page_events(trace: &CompactTrace) -> Result<Vec<Value>, String> {
    let steps = &trace.steps;
    let mut events = Vec::with_capacity(trace.count);
    let mut at = 0;
    while at < steps.len() {
        let code = steps[at];
        let step =
            usize::try_from(code).ok().and_then(|c| STEPS.get(c)).ok_or(format!("unknown code {code} at {at}"))?;
        let length = step.length(steps, at).ok_or(format!("the step at {at} (code {code}) is cut short"))?;
        events.push(decode_step(trace, step, &steps[at + 1..at + length]).map_err(|e| format!("at {at}: {e}"))?);
        at += length;
    }
    match events.len() == trace.count {
        true => Ok(events),
        false => Err(format!("{} steps for {} events", events.len(), trace.count)),
    }
}

/// One step's event from its integers after the code (as many as its fields take).
fn decode_step(trace: &CompactTrace, step: &Step, ints: &[i64]) -> Result<Value, String> {
    if step.code == Code::Finished {
        return trace.finished.clone().ok_or_else(|| "a `finished` step without the finished event".into());
    }
    let mut event = Map::new();
    event.insert("type".into(), step.event.into());
    let mut ints = ints.iter().copied();
    for field in step.fields {
        let first = ints.next().unwrap_or_default();
        let index =
            |len: usize| usize::try_from(first).ok().filter(|&i| i < len).ok_or(format!("{}: {first}", field.name));
        let value = match field.encoding {
            Encoding::Int => Some(first.into()),
            Encoding::State => {
                let text = trace.states[index(trace.states.len())?].get();
                Some(serde_json::from_str(text).map_err(|e| e.to_string())?)
            }
            Encoding::Move => Some(trace.moves[index(trace.moves.len())?].clone().into()),
            Encoding::Reason => Some(REASONS[index(REASONS.len())?].into()),
            Encoding::Optional => (first >= 0).then(|| first.into()),
            Encoding::Bool => Some((first == 1).into()),
            Encoding::Run => {
                let start = ints.next().unwrap_or_default();
                Some((start..start + first).collect())
            }
            Encoding::List => Some(ints.by_ref().take(usize::try_from(first).unwrap_or(0)).collect()),
        };
        if let Some(value) = value {
            event.insert(field.name.into(), value);
        }
    }
    Ok(Value::Object(event))
}

/// The code of each step of `steps`, in order, walked through the table (up to an unknown code
/// or a step cut short).
pub fn codes(steps: &[i64]) -> Vec<i64> {
    let mut codes = Vec::new();
    let mut at = 0;
    while let Some(step) = steps.get(at).and_then(|&c| usize::try_from(c).ok()).and_then(|c| STEPS.get(c)) {
        let Some(length) = step.length(steps, at) else { break };
        codes.push(step.code.value());
        at += length;
    }
    codes
}

/// Puts back the state, depth and cost of each `selected` event that has none (written as
/// generated), from the node's last `start`, `goal-start`, `generated` or `improved` event:
/// what the page's replay knows, and the compactor left out.
pub fn restore(events: &mut [Value]) {
    let mut nodes: HashMap<u64, [Value; 3]> = HashMap::new();
    for event in events {
        let get = |key: &str| event.get(key).cloned().unwrap_or(Value::Null);
        let node = event.get("node").and_then(Value::as_u64).unwrap_or(0);
        let known = match event["type"].as_str() {
            Some("start" | "goal-start") => [get("state"), 0.into(), 0.into()],
            Some("generated") => [get("state"), get("depth"), get("cost")],
            Some("improved") => [get("state"), get("depth"), get("new_cost")],
            Some("selected") if event.get("state").is_none() => {
                let [state, depth, cost] = nodes.get(&node).cloned().unwrap_or_default();
                let priority = get("priority");
                *event = serde_json::json!({
                    "type": "selected", "node": node, "state": state, "depth": depth, "cost": cost, "priority": priority
                });
                continue;
            }
            _ => continue,
        };
        nodes.insert(node, known);
    }
}
