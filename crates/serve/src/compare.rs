//! Your program's output against the reference: where it first differs. Read with the
//! checker's lenient readers (`searchlab_check::read_digits`, `read_npuzzle`) and compared
//! with its `first_difference`, so the page says what `searchlab check` would.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use searchlab_check::{
    diagnose_output, explain, first_difference, partial_of_output, read_digits, read_npuzzle, DigitsPath, PuzzleKind,
    SequenceDivergence, TestCase, CONTEXT,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::api::{record_until, ApiError, RunRequest};
use searchlab_registry::Replay;
use searchlab_trace::record::Recording;

/// Where a pasted output first differs from the reference run.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Comparison {
    /// What differs first: `expanded` (the 3-digit list), `path`, `path_to_goal`, a count
    /// line's name, or `none`.
    pub item: String,
    /// The 0-based index of the first differing entry of a list (`None` for a count, or
    /// when nothing differs).
    pub index: Option<usize>,
    /// The difference of the list, with its neighbours.
    pub divergence: Option<SequenceDivergence>,
    /// The format faults the checker finds, in words with their line and fix (`line 2: …`).
    pub faults: Vec<String>,
    /// The comparison in a sentence, for the page.
    pub message: String,
    /// The checker's diagnosis of a divergence: each minimal combination of named rule
    /// changes under which the reference writes exactly this output, in words (empty when
    /// none, when nothing differs, or for references too large to diagnose on request).
    pub diagnosis: Vec<String>,
}

fn texts(value: &Value) -> Vec<String> {
    value.as_array().map(|a| a.iter().filter_map(|v| v.as_str().map(String::from)).collect()).unwrap_or_default()
}

fn list_message(item: &str, what: &str, d: &SequenceDivergence) -> String {
    let entry = |e: &Option<String>| e.clone().unwrap_or_else(|| "nothing (the list ends)".into());
    format!(
        "First divergence in {what} at entry {} ({item}): the reference has {}, your program {}. Reference around it: {}; yours: {}.",
        d.index + 1,
        entry(&d.expected),
        entry(&d.got),
        d.expected_window.join(","),
        d.got_window.join(","),
    )
}

fn found(item: &str, what: &str, d: SequenceDivergence, faults: Vec<String>) -> Comparison {
    Comparison {
        item: item.into(),
        index: Some(d.index),
        message: list_message(item, what, &d),
        divergence: Some(d),
        faults,
        diagnosis: Vec::new(),
    }
}

/// Compares `output` (a 3-digit program's two lines, or an N-puzzle `output.txt`) with the
/// answer of `reference`.
pub fn compare(reference: &Recording, output: &str) -> Comparison {
    let answer = &reference.answer;
    let same = |faults: Vec<String>| {
        let message = if faults.is_empty() {
            "No divergence: your output is the reference's.".to_string()
        } else {
            format!("The same answer as the reference, but not in the exact format: {}.", faults.join("; "))
        };
        Comparison { item: "none".into(), index: None, divergence: None, faults, message, diagnosis: Vec::new() }
    };
    if reference.puzzle == "digits" {
        let reading = read_digits(output);
        let faults: Vec<String> = reading.faults.iter().map(|f| f.to_string()).collect();
        let expected = texts(&answer["expanded"]);
        let got = reading.expanded.clone().unwrap_or_default();
        if let Some(d) = first_difference(&expected, &got, CONTEXT) {
            return found("expanded", "the expanded list (line 2)", d, faults);
        }
        let expected_path = texts(&answer["path"]);
        let got_path = match reading.path {
            DigitsPath::Path(p) => p,
            _ => Vec::new(),
        };
        if let Some(d) = first_difference(&expected_path, &got_path, CONTEXT) {
            return found("path", "the path (line 1)", d, faults);
        }
        return same(faults);
    }
    let reading = read_npuzzle(output);
    let faults: Vec<String> = reading.faults.iter().map(|f| f.to_string()).collect();
    let expected = texts(&answer["path_to_goal"]);
    let got: Vec<String> =
        reading.path_to_goal.as_ref().map(|p| p.iter().map(|d| d.name().to_string()).collect()).unwrap_or_default();
    if let Some(d) = first_difference(&expected, &got, CONTEXT) {
        return found("path_to_goal", "path_to_goal", d, faults);
    }
    let counts = [
        ("cost_of_path", reading.cost_of_path),
        ("nodes_expanded", reading.nodes_expanded),
        ("search_depth", reading.search_depth),
        ("max_search_depth", reading.max_search_depth),
    ];
    for (name, got) in counts {
        let expected = answer[name].as_u64();
        if expected != got {
            let shown = |v: Option<u64>| v.map_or_else(|| "no value".to_string(), |v| v.to_string());
            return Comparison {
                item: name.into(),
                index: None,
                divergence: None,
                message: format!(
                    "First divergence: {name} is {} in the reference, {} in yours.",
                    shown(expected),
                    shown(got)
                ),
                faults,
                diagnosis: Vec::new(),
            };
        }
    }
    same(faults)
}

/// A pasted output to compare with the reference run of a [`RunRequest`].
#[derive(Debug, Clone, Deserialize)]
pub struct CompareRequest {
    /// The program's output: a 3-digit program's two lines, or an N-puzzle `output.txt`.
    pub output: String,
    /// The run it should match.
    #[serde(flatten)]
    pub run: RunRequest,
}

/// The registered puzzles whose outputs [`compare`] reads: those with a grader's format the
/// checker knows (the 15-puzzle by IDA*, not registered, is read as a board's output).
const COMPARED: [&str; 2] = ["digits", "npuzzle"];

/// The most nodes a reference may expand for a pasted board output to be diagnosed (the
/// diagnosis reruns the reference under many rule changes).
pub const DIAGNOSIS_LIMIT: u64 = 20_000;

/// Compares a pasted output with the reference run of the same request, with the checker's
/// diagnosis when it differs (3-digit outputs always; boards up to [`DIAGNOSIS_LIMIT`]
/// expansions). Raising `stop` ends the reference run at its next node.
pub fn compare_output(request: &CompareRequest, stop: Option<Arc<AtomicBool>>) -> Result<Comparison, ApiError> {
    let name = request.run.puzzle.as_str();
    let title = searchlab_registry::puzzle(name).map(|p| p.title()).filter(|_| !COMPARED.contains(&name));
    if let Some(title) = title {
        return Err(no_format(title));
    }
    let reference = match record_until(&request.run, stop)? {
        Replay::Path(recording) => recording,
        Replay::Local(recording) => return Err(no_format(recording.title)),
    };
    let mut comparison = compare(&reference, &request.output);
    if comparison.item != "none" {
        comparison.diagnosis = diagnosis(&request.run, &reference, &request.output).unwrap_or_default();
    }
    Ok(comparison)
}

/// Why an output pasted for the puzzle titled `title` is not read.
fn no_format(title: &str) -> ApiError {
    let message = format!(
        "pasted outputs are read in the graders' formats of the 3-digit puzzle and the N-puzzle; the {title} has none"
    );
    ApiError { status: axum::http::StatusCode::UNPROCESSABLE_ENTITY, message }
}

/// The checker's test case for a request, and the kind of puzzle.
fn test_case(run: &RunRequest, reference: &Recording) -> Option<(PuzzleKind, TestCase)> {
    let field = |name: &str| run.fields.get(name).and_then(Value::as_str).unwrap_or_default().to_string();
    let strategy = searchlab_registry::path_puzzle(&reference.puzzle)?.strategy(&run.algorithm).ok()?.strategy;
    match reference.puzzle.as_ref() {
        "digits" => {
            let file = format!("{}\n{}\n{}\n", field("start"), field("goal"), field("forbidden"));
            let letter = searchlab_threedigits::letter(strategy)?;
            Some((PuzzleKind::Digits, TestCase::digits("pasted", letter, &file).ok()?))
        }
        "npuzzle" if reference.answer["nodes_expanded"].as_u64()? <= DIAGNOSIS_LIMIT => {
            let method = searchlab_npuzzle::method_name(strategy);
            Some((PuzzleKind::Npuzzle, TestCase::npuzzle("pasted", method, &field("board")).ok()?))
        }
        _ => None,
    }
}

/// The checker's diagnosis, in its report's words: each combination that reproduces the whole
/// output, or else each part of the output a combination reproduces.
fn diagnosis(run: &RunRequest, reference: &Recording, output: &str) -> Option<Vec<String>> {
    let (kind, case) = test_case(run, reference)?;
    let d = diagnose_output(kind, &case, output).ok()?;
    if !d.combinations.is_empty() {
        return Some(d.combinations.iter().map(|c| explain(kind, c)).collect());
    }
    let parts = partial_of_output(kind, &case, output).ok()?;
    Some(
        parts
            .iter()
            .map(|p| format!("{} explained by {}: {}", p.items.join(", "), p.rules, explain(kind, &p.rules)))
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use searchlab_registry::path_puzzle as puzzle;

    fn reference(name: &str, fields: &[(&str, &str)], strategy: &str) -> Recording {
        let field = |n: &str| fields.iter().find(|(k, _)| *k == n).map(|(_, v)| v.to_string()).unwrap_or_default();
        puzzle(name).unwrap().record(&field, strategy, 1000, None).unwrap()
    }

    #[test]
    fn a_3_digit_list_with_two_nodes_swapped_diverges_at_the_first() {
        // The spec's BFS list: 320,220,420,310,330,321,... (tests/data: the public example).
        let bfs = reference("digits", &[("start", "320"), ("goal", "110")], "B");
        let mut expanded = texts(&bfs.answer["expanded"]);
        expanded.swap(2, 3);
        let c = compare(&bfs, &format!("320,220,210,110\n{}\n", expanded.join(",")));
        assert_eq!((c.item.as_str(), c.index), ("expanded", Some(2)));
        assert!(c.message.contains("the reference has 420, your program 310"), "{}", c.message);
        let exact = compare(&bfs, &format!("320,220,210,110\n{}\n", texts(&bfs.answer["expanded"]).join(",")));
        assert_eq!((exact.item.as_str(), exact.faults.len()), ("none", 0));
    }

    #[test]
    fn an_output_txt_diverges_in_its_path_or_first_wrong_count() {
        let bfs = reference("npuzzle", &[("board", "1,2,5,3,4,0,6,7,8")], "bfs");
        let text = |path: &str, expanded: u64| {
            format!("path_to_goal: [{path}]\ncost_of_path: 3\nnodes_expanded: {expanded}\nsearch_depth: 3\nmax_search_depth: 4\nrunning_time: 0.00100000\nmax_ram_usage: 1.00000000\n")
        };
        let c = compare(&bfs, &text("'Up', 'Up', 'Left'", 10));
        assert_eq!((c.item.as_str(), c.index), ("path_to_goal", Some(1)));
        let c = compare(&bfs, &text("'Up', 'Left', 'Left'", 11));
        assert_eq!((c.item.as_str(), c.index), ("nodes_expanded", None));
        assert!(c.message.contains("10 in the reference, 11 in yours"), "{}", c.message);
        assert_eq!(compare(&bfs, &text("'Up', 'Left', 'Left'", 10)).item, "none");
    }

    #[test]
    fn a_puzzle_without_a_graders_format_is_refused() {
        let fields = [("from", "Arad"), ("to", "Bucharest")].map(|(k, v)| (k.to_string(), Value::from(v)));
        let run =
            RunRequest { puzzle: "romania".into(), algorithm: "astar".into(), fields: fields.into_iter().collect() };
        let err = compare_output(&CompareRequest { output: "hello".into(), run }, None).unwrap_err();
        assert_eq!(err.status, axum::http::StatusCode::UNPROCESSABLE_ENTITY);
        assert!(err.message.ends_with("the Romania road map has none"), "{}", err.message);
    }

    #[test]
    fn a_pasted_output_of_a_known_slip_is_diagnosed_by_the_checker() {
        use searchlab_check::{apply_all, digits_reference, find_variant, Config};
        // The checker's reference with children generated in reverse order (321 first).
        let slip = find_variant(PuzzleKind::Digits, "children-reversed").unwrap();
        let config = apply_all(&Config::digits(searchlab_core::Strategy::BreadthFirst), &[slip]);
        let instance = searchlab_threedigits::parse_instance(b"320\n110\n").unwrap();
        let output = digits_reference(&config, &instance);
        let fields = [("start", "320"), ("goal", "110")].map(|(k, v)| (k.to_string(), Value::from(v)));
        let run = RunRequest { puzzle: "digits".into(), algorithm: "B".into(), fields: fields.into_iter().collect() };
        let c = compare_output(&CompareRequest { output, run }, None).unwrap();
        assert_eq!((c.item.as_str(), c.index), ("expanded", Some(1)));
        assert!(c.message.contains("the reference has 220, your program 321"), "{}", c.message);
        assert_eq!(c.diagnosis, ["generates children in the reverse of the spec's order"]);
    }

    #[test]
    fn a_pasted_output_explained_only_in_part_gets_the_checks_partial_explanation() {
        use searchlab_check::{apply_all, digits_reference, find_variant, Config};
        // Line 2 made with the children reversed, line 1 the reference's: no combination
        // reproduces both lines, one reproduces the expanded list (as `check` reports it).
        let slip = find_variant(PuzzleKind::Digits, "children-reversed").unwrap();
        let base = Config::digits(searchlab_core::Strategy::DepthFirst);
        let instance = searchlab_threedigits::parse_instance(b"320\n110\n").unwrap();
        let right = digits_reference(&base, &instance);
        let slipped = digits_reference(&apply_all(&base, &[slip]), &instance);
        let (path, expanded) = (right.lines().next().unwrap(), slipped.lines().nth(1).unwrap());
        assert_ne!(right.lines().next(), slipped.lines().next(), "the slip must change the path too");
        let output = format!("{path}\n{expanded}\n");
        let fields = [("start", "320"), ("goal", "110")].map(|(k, v)| (k.to_string(), Value::from(v)));
        let run = RunRequest { puzzle: "digits".into(), algorithm: "D".into(), fields: fields.into_iter().collect() };
        let c = compare_output(&CompareRequest { output, run }, None).unwrap();
        assert_eq!(c.item, "expanded");
        assert!(
            c.diagnosis.iter().any(|d| d.starts_with("expanded explained by children-reversed: ")),
            "{:?}",
            c.diagnosis
        );
    }
}
