//! The web app's requests and refusals: a run to record ([`RunRequest`]), of any registered
//! puzzle, through the registry's replay door ([`record_until`]), and [`ApiError`], a 4xx status with a one-line message, which
//! every route answers in the same JSON.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use axum::extract::rejection::JsonRejection;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use searchlab_core::catalog::InstanceError;
use searchlab_registry::replay::{self, Replay, ReplayRequest};
use searchlab_registry::RecordError;
use serde::Deserialize;
use serde_json::{Map, Value};

/// A request the server refuses: a 4xx status and a one-line message, sent as
/// `{"error": message}`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// The status (400, 413, 415, 422, …).
    pub status: StatusCode,
    /// What is wrong, for a person.
    pub message: String,
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(serde_json::json!({ "error": self.message }))).into_response()
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> Self {
        ApiError { status: rejection.status(), message: rejection.body_text() }
    }
}

impl From<RecordError> for ApiError {
    fn from(err: RecordError) -> Self {
        let status = match err {
            RecordError::Instance(InstanceError::Unsolvable(_))
            | RecordError::UnknownField { .. }
            | RecordError::Refused(_) => StatusCode::UNPROCESSABLE_ENTITY,
            _ => StatusCode::BAD_REQUEST,
        };
        ApiError { status, message: err.to_string() }
    }
}

/// A search to record: the puzzle, the strategy, and the puzzle's instance fields.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct RunRequest {
    /// A registered puzzle's name (`digits`, `npuzzle`).
    pub puzzle: String,
    /// The strategy, as the puzzle names it (B D I G A H for digits; bfs, dfs, ast for boards).
    pub algorithm: String,
    /// The instance: the puzzle's fields (`start`, `goal`, `forbidden`; `board`), as text.
    #[serde(flatten)]
    pub fields: Map<String, Value>,
}

impl RunRequest {
    /// The request as the registry's replay door reads it: every field as text, a field the
    /// puzzle reads refused when it is not (a JSON string), the others left for the door to
    /// name.
    pub fn replay_request(&self) -> Result<ReplayRequest, ApiError> {
        let known = replay::field_names(&self.puzzle)?;
        let mut fields = std::collections::BTreeMap::new();
        for (name, value) in &self.fields {
            let text = match value.as_str() {
                Some(text) => text.to_string(),
                None if known.contains(&name.as_str()) => {
                    let message = format!("the field `{name}` must be text (a JSON string)");
                    return Err(ApiError { status: StatusCode::UNPROCESSABLE_ENTITY, message });
                }
                None => value.to_string(),
            };
            fields.insert(name.clone(), text);
        }
        Ok(ReplayRequest { puzzle: self.puzzle.clone(), algorithm: self.algorithm.clone(), fields })
    }
}

/// Records the run a request asks for, of any registered puzzle.
pub fn record(request: &RunRequest) -> Result<Replay, ApiError> {
    record_until(request, None)
}

/// Records the run a request asks for; raising `stop` ends it at its next node or move.
pub fn record_until(request: &RunRequest, stop: Option<Arc<AtomicBool>>) -> Result<Replay, ApiError> {
    Ok(replay::replay(&request.replay_request()?, stop)?)
}
