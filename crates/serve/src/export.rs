//! `POST /api/export`: the replay of one or two strategies side by side as one HTML file that
//! needs no server, titled with the puzzle's name as the page shows it and the instance; a
//! local-search puzzle's runs (the n-queens) are exported as its replay shows them.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use axum::http::StatusCode;
use serde::Deserialize;
use serde_json::{Map, Value};

use searchlab_registry::local::local_title;
use searchlab_registry::{self as registry, local_puzzle, RegisteredLocal};
use searchlab_trace::standalone::{export_title, instance_words};

use crate::api::{record_until, ApiError, RunRequest};
use crate::serve_local::record_local_request;

/// What to export: a run's fields and algorithm, and the right pane's algorithm or changed
/// fields, if any.
#[derive(Debug, Clone, Deserialize)]
pub struct ExportRequest {
    /// The right pane's algorithm (as the puzzle names it), when two are side by side.
    #[serde(default)]
    pub compare: Option<String>,
    /// The right pane's fields where they differ from the left's (its heuristic): each pane is
    /// then labelled with them.
    #[serde(default)]
    pub compare_fields: Map<String, Value>,
    /// The left pane's run.
    #[serde(flatten)]
    pub run: RunRequest,
}

/// Records the request's one or two runs and returns their page; `stop` ends the searches.
pub fn export_page(request: &ExportRequest, stop: Arc<AtomicBool>) -> Result<String, ApiError> {
    if let Some(puzzle) = local_puzzle(&request.run.puzzle) {
        return export_local(puzzle, request, &stop);
    }
    let runs = panes(request);
    let mut recordings = runs.iter().map(|run| record_until(run, Some(stop.clone()))).collect::<Result<Vec<_>, _>>()?;
    let mut changed: Vec<&str> = request.compare_fields.keys().map(String::as_str).collect();
    changed.sort_unstable();
    for (recording, run) in recordings.iter_mut().zip(&runs) {
        let values: Vec<(&str, Option<&str>)> =
            changed.iter().map(|&n| (n, run.fields.get(n).and_then(Value::as_str))).collect();
        recording.label_with(&values);
    }
    let text = |name: &str| request.run.fields.get(name).and_then(Value::as_str).unwrap_or_default().to_string();
    let (title, fields) = match registry::path_puzzle(&request.run.puzzle) {
        Some(p) => (p.title(), p.fields().iter().map(|f| (f.label, text(f.name))).collect::<Vec<_>>()),
        None => ("15-puzzle", vec![("tiles", text("tiles"))]),
    };
    let names: Vec<&str> = recordings.iter().map(|r| r.label.as_deref().unwrap_or(r.algorithm)).collect();
    Ok(registry::export::export_page(&export_title(&names, title, &instance_words(&fields)), &recordings))
}

/// The local-search runs of `request` (from the same seed) and their page, titled with the
/// puzzle's fields and the seed: `Simulated annealing on the n-queens, queens (n) 8,
/// seed 7`.
fn export_local(puzzle: &dyn RegisteredLocal, request: &ExportRequest, stop: &AtomicBool) -> Result<String, ApiError> {
    if !request.compare_fields.is_empty() {
        let message = "compare_fields applies to path searches, not to local search".to_string();
        return Err(ApiError { status: StatusCode::UNPROCESSABLE_ENTITY, message });
    }
    let recordings = panes(request)
        .iter()
        .map(|run| record_local_request(puzzle, run, Some(stop)))
        .collect::<Result<Vec<_>, _>>()?;
    let text = |name: &str| request.run.fields.get(name).and_then(Value::as_str).unwrap_or_default().to_string();
    let names: Vec<&str> = recordings.iter().map(|r| r.algorithm).collect();
    Ok(registry::export::export_page(&local_title(puzzle, &text, recordings[0].seed, &names), &recordings))
}

/// The runs of an exported page: the request's, and beside it the same instance under the other
/// algorithm or with the changed fields when either is asked for.
fn panes(request: &ExportRequest) -> Vec<RunRequest> {
    let mut runs = vec![request.run.clone()];
    if request.compare.is_some() || !request.compare_fields.is_empty() {
        let mut right = request.run.clone();
        right.algorithm = request.compare.clone().unwrap_or(right.algorithm);
        right.fields.extend(request.compare_fields.clone());
        runs.push(right);
    }
    runs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_panes_are_exported_under_the_puzzles_title() {
        let body = r#"{"puzzle":"digits","start":"320","goal":"110","forbidden":"","algorithm":"B","compare":"A"}"#;
        let request: ExportRequest = serde_json::from_str(body).unwrap();
        assert!(!request.run.fields.contains_key("compare"));
        let page = export_page(&request, Arc::new(AtomicBool::new(false))).unwrap();
        assert!(page.contains("<title>BFS and A* on the 3-digit puzzle, 320 → 110</title>"), "{}", &page[..400]);
        assert_eq!(page.matches("\"algorithm\":\"BFS\"").count(), 1);
        assert_eq!(page.matches("\"algorithm\":\"A*\"").count(), 1);
    }

    #[test]
    fn two_heuristics_side_by_side_are_labelled_with_them() {
        let body = r#"{"puzzle":"npuzzle","board":"1,5,6,3,0,4,7,8,2","goal":"","heuristic":"misplaced",
            "algorithm":"astar","compare_fields":{"heuristic":"manhattan"}}"#;
        let request: ExportRequest = serde_json::from_str(body).unwrap();
        let page = export_page(&request, Arc::new(AtomicBool::new(false))).unwrap();
        let title = "A*, heuristic misplaced and A*, heuristic manhattan on the 8-puzzle";
        assert!(page.contains(title), "{}", &page[..400]);
        assert_eq!(page.matches("\"algorithm\":\"A*\"").count(), 2);
    }

    #[test]
    fn a_local_search_is_exported_with_its_seed_and_both_runs() {
        let body = r#"{"puzzle":"queens","n":"8","seed":"7","sideways":"","algorithm":"hill","compare":"annealing"}"#;
        let request: ExportRequest = serde_json::from_str(body).unwrap();
        let page = export_page(&request, Arc::new(AtomicBool::new(false))).unwrap();
        let title = "<title>Hill-climbing (steepest ascent) and Simulated annealing on the n-queens, queens (n) 8, seed 7</title>";
        assert!(page.contains(title), "{}", &page[..400]);
        assert_eq!(page.matches("\"kind\":\"local\"").count(), 2 + 1, "two recordings and the puzzle's listing");
        let bad = r#"{"puzzle":"queens","n":"8","seed":"x","algorithm":"hill"}"#;
        let error = export_page(&serde_json::from_str(bad).unwrap(), Arc::new(AtomicBool::new(false))).unwrap_err();
        assert!(error.message.contains("seed x"), "{}", error.message);
        let fields = r#"{"puzzle":"queens","n":"8","algorithm":"hill","compare_fields":{"seed":"2"}}"#;
        let error = export_page(&serde_json::from_str(fields).unwrap(), Arc::new(AtomicBool::new(false))).unwrap_err();
        assert!(error.message.contains("path searches"), "{}", error.message);
    }
}
