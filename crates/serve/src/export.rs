//! `POST /api/export`: the replay of one or two strategies side by side as one HTML file that
//! needs no server, titled with the puzzle's name as the page shows it and the instance; a
//! local-search puzzle's runs (the n-queens) are exported as its replay shows them.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use searchlab_registry::replay::replay_page;
use serde::Deserialize;
use serde_json::{Map, Value};

use crate::api::{ApiError, RunRequest};

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
    let panes = panes(request).iter().map(RunRequest::replay_request).collect::<Result<Vec<_>, _>>()?;
    let changed: Vec<&str> = request.compare_fields.keys().map(String::as_str).collect();
    Ok(replay_page(&panes, &changed, Some(stop))?)
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

    fn export(body: &str) -> Result<String, ApiError> {
        export_page(&serde_json::from_str(body).unwrap(), Arc::new(AtomicBool::new(false)))
    }

    #[test]
    fn the_right_pane_is_the_compared_algorithm_or_the_changed_fields() {
        let body = r#"{"puzzle":"digits","start":"320","goal":"110","forbidden":"","algorithm":"B","compare":"A"}"#;
        let request: ExportRequest = serde_json::from_str(body).unwrap();
        assert!(!request.run.fields.contains_key("compare"));
        let page = export(body).unwrap();
        assert!(page.contains("<title>BFS and A* on the 3-digit puzzle, 320 → 110</title>"), "{}", &page[..400]);
        let body = r#"{"puzzle":"npuzzle","board":"1,5,6,3,0,4,7,8,2","goal":"","heuristic":"misplaced",
            "algorithm":"astar","compare_fields":{"heuristic":"manhattan"}}"#;
        let page = export(body).unwrap();
        let title = "A*, heuristic misplaced and A*, heuristic manhattan on the 8-puzzle";
        assert!(page.contains(title), "{}", &page[..400]);
        let body = r#"{"puzzle":"queens","n":"8","seed":"7","sideways":"","algorithm":"hill","compare":"annealing"}"#;
        assert_eq!(export(body).unwrap().matches("\"kind\":\"local\"").count(), 2 + 1);
        let fields = r#"{"puzzle":"queens","n":"8","algorithm":"hill","compare_fields":{"seed":"2"}}"#;
        let error = export(fields).unwrap_err();
        assert_eq!(error.status, axum::http::StatusCode::UNPROCESSABLE_ENTITY);
        assert!(error.message.contains("path searches"), "{}", error.message);
    }
}
