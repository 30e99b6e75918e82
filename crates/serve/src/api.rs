//! The web app's requests and refusals: a search to record ([`RunRequest`]), the recording
//! of one ([`record_until`]), and [`ApiError`], a 4xx status with a one-line message, which
//! every route answers in the same JSON.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use axum::extract::rejection::JsonRejection;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use searchlab_core::catalog::InstanceError;
use searchlab_registry::{self as registry, check_fields, RecordError, RegisteredPuzzle, REPLAY_EXPANSION_LIMIT};
use searchlab_trace::record::Recording;
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
            RecordError::Instance(InstanceError::Unsolvable(_)) | RecordError::UnknownField { .. } => {
                StatusCode::UNPROCESSABLE_ENTITY
            }
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

/// The path-search puzzle a request names.
pub(crate) fn registered(name: &str) -> Result<&'static dyn RegisteredPuzzle, ApiError> {
    registry::path_puzzle(name)
        .ok_or_else(|| RecordError::UnknownPuzzle { name: name.chars().take(20).collect() }.into())
}

/// Records the search a request asks for.
pub fn record(request: &RunRequest) -> Result<Recording, ApiError> {
    record_until(request, None)
}

/// Records the search a request asks for; raising `stop` ends the search at its next node.
pub fn record_until(request: &RunRequest, stop: Option<Arc<AtomicBool>>) -> Result<Recording, ApiError> {
    if request.puzzle == searchlab_registry::ida::NAME {
        if let Some(name) = request.fields.keys().find(|k| *k != "tiles") {
            let message =
                format!("unknown field `{}`: the 15-puzzle reads tiles", name.chars().take(20).collect::<String>());
            return Err(ApiError { status: StatusCode::UNPROCESSABLE_ENTITY, message });
        }
        let tiles = request.fields.get("tiles").and_then(Value::as_str).unwrap_or_default();
        return Ok(searchlab_registry::ida::record(tiles, stop)?);
    }
    let puzzle = registered(&request.puzzle)?;
    check_fields(puzzle, request.fields.keys().map(String::as_str))?;
    if let Some((name, _)) = request.fields.iter().find(|(_, v)| !v.is_string()) {
        return Err(ApiError {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            message: format!("the field `{name}` must be text (a JSON string)"),
        });
    }
    let field = |name: &str| request.fields.get(name).and_then(Value::as_str).unwrap_or_default().to_string();
    Ok(puzzle.record(&field, &request.algorithm, REPLAY_EXPANSION_LIMIT, stop)?)
}
