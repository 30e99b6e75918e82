//! Local search in the replay web app: the local-search puzzles in `GET /api/puzzles`
//! (marked `"kind": "local"`), one run recorded by `POST /api/local`, and a fresh seed from
//! `POST /api/random`; a `--trace` file's run replayed by `POST /api/local/trace`.
//!
//! `POST /api/local` takes `{"puzzle": "queens", "algorithm": "hill", "n": "8", "seed": "7",
//! "sideways": "0"}`: the puzzle's fields, then the seed of every random choice (1 when empty)
//! and the sideways moves allowed in a row (hill, hill-restart and local-beam; 0 when empty).
//! It answers a [`LocalRecording`]: the run `searchlab search queens hill --n 8 --seed 7` makes.

use axum::extract::rejection::JsonRejection;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use searchlab_core::local::LocalStrategy;
use serde_json::{Map, Value};

use crate::api::{ApiError, RunRequest};
use crate::serve_guard::search_job;
use searchlab_registry::listing::LOCAL_OPTION_FIELDS;
use searchlab_registry::local::{read_settings, unknown_field};
use searchlab_registry::{local_puzzle, local_puzzles, RegisteredLocal};
use searchlab_trace::local_record::LocalRecording;

fn unprocessable(message: String) -> ApiError {
    ApiError { status: StatusCode::UNPROCESSABLE_ENTITY, message }
}

/// Records the local search a request asks for; raising `stop` ends it at its next move.
pub fn record_local_request(
    puzzle: &dyn RegisteredLocal,
    request: &RunRequest,
    stop: Option<&std::sync::atomic::AtomicBool>,
) -> Result<LocalRecording, ApiError> {
    for (name, value) in &request.fields {
        if let Some(why) = unknown_field(puzzle, name) {
            return Err(unprocessable(why));
        }
        if !value.is_string() {
            return Err(unprocessable(format!("the field `{name}` must be text (a JSON string)")));
        }
    }
    let field = |name: &str| request.fields.get(name).and_then(Value::as_str).unwrap_or_default().trim().to_string();
    let strategy = LocalStrategy::parse(&request.algorithm, puzzle.title()).map_err(unprocessable)?;
    let (seed, options) = read_settings(&field).map_err(unprocessable)?;
    puzzle.record(&field, strategy, &options, seed, stop).map_err(|e| unprocessable(e.to_string()))
}

/// The most bytes of a `POST /api/local/trace` request: the page sends a `--trace` file's
/// first run only, and at most [`searchlab_trace::local_record::MAX_FRAMES`] of its lines.
pub const TRACE_BODY_LIMIT: usize = 4 << 20;

/// The replay of a `--trace` file's first run that a request sends (its `trace` field) on the
/// instance its fields give; the request's strategy when the file names none.
pub fn record_trace_request(puzzle: &dyn RegisteredLocal, request: &RunRequest) -> Result<LocalRecording, ApiError> {
    let known: Vec<&str> =
        puzzle.fields().iter().chain(&LOCAL_OPTION_FIELDS).map(|f| f.name).chain(["trace"]).collect();
    if let Some((name, _)) = request.fields.iter().find(|(name, v)| !known.contains(&name.as_str()) || !v.is_string()) {
        let name: String = name.chars().take(20).collect();
        return Err(unprocessable(format!("the field `{name}` is not text the {} reads", puzzle.title())));
    }
    let field = |name: &str| request.fields.get(name).and_then(Value::as_str).unwrap_or_default().trim().to_string();
    let text = request.fields.get("trace").and_then(Value::as_str).unwrap_or_default();
    let strategy = LocalStrategy::parse(&request.algorithm, puzzle.title()).map_err(unprocessable)?;
    puzzle.record_trace(&field, text, strategy).map_err(|e| unprocessable(e.to_string()))
}

/// `POST /api/local/trace`.
pub async fn local_trace_handler(body: Result<Json<RunRequest>, JsonRejection>) -> Result<Response, ApiError> {
    let Json(request) = body?;
    let puzzle = known_puzzle(&request.puzzle)?;
    recording_response(request, move |request, _| record_trace_request(puzzle, request)).await
}

/// Runs `record` on `request` in a search slot (its stop flag raised when the request is
/// cancelled) and answers the recording as JSON.
async fn recording_response(
    request: RunRequest,
    record: impl FnOnce(&RunRequest, &std::sync::atomic::AtomicBool) -> Result<LocalRecording, ApiError> + Send + 'static,
) -> Result<Response, ApiError> {
    let slot = crate::serve_guard::slot_for(&request).await?;
    let json = search_job(slot, move |stop| {
        serde_json::to_vec(&record(&request, &stop)?)
            .map_err(|_| ApiError { status: StatusCode::INTERNAL_SERVER_ERROR, message: "the search failed".into() })
    })
    .await?;
    Ok(([(header::CONTENT_TYPE, "application/json")], json).into_response())
}

/// The local-search puzzle called `name`, or the error that lists them.
fn known_puzzle(name: &str) -> Result<&'static dyn RegisteredLocal, ApiError> {
    local_puzzle(name).ok_or_else(|| {
        let name: String = name.chars().take(20).collect();
        let names: Vec<&str> = local_puzzles().map(|p| p.name()).collect();
        ApiError {
            status: StatusCode::BAD_REQUEST,
            message: format!("unknown local-search puzzle `{name}`: use one of {}", names.join(", ")),
        }
    })
}

/// `POST /api/local`.
pub async fn local_handler(body: Result<Json<RunRequest>, JsonRejection>) -> Result<Response, ApiError> {
    let Json(request) = body?;
    let puzzle = known_puzzle(&request.puzzle)?;
    recording_response(request, move |request, stop| record_local_request(puzzle, request, Some(stop))).await
}

/// A fresh seed for a local-search puzzle (`POST /api/random`): the puzzle's fields are kept.
pub fn random_seed(puzzle: &dyn RegisteredLocal, seed: u64) -> Value {
    let mut fields = Map::new();
    fields.insert("puzzle".into(), puzzle.name().into());
    fields.insert("seed".into(), (seed % 1_000_000).to_string().into());
    Value::Object(fields)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(algorithm: &str, fields: &[(&str, &str)]) -> RunRequest {
        RunRequest {
            puzzle: "queens".into(),
            algorithm: algorithm.into(),
            fields: fields.iter().map(|(k, v)| (k.to_string(), Value::from(*v))).collect(),
        }
    }

    #[test]
    fn requests_are_read_as_the_command_line_reads_them() {
        let queens = local_puzzle("queens").unwrap();
        let rec = record_local_request(queens, &request("hill", &[("n", "8"), ("seed", "7"), ("sideways", "5")]), None)
            .unwrap();
        assert_eq!(rec.command, "searchlab search queens hill --n 8 --sideways 5 --seed 7");
        // Empty fields take the command line's defaults: 8 queens, seed 1, no sideways move.
        let rec =
            record_local_request(queens, &request("annealing", &[("n", ""), ("seed", ""), ("sideways", "3")]), None)
                .unwrap();
        assert_eq!(rec.command, "searchlab search queens annealing --seed 1");
        for (algorithm, fields, words) in [
            ("hill", vec![("n", "3")], "4 to 64"),
            ("hill", vec![("seed", "-1")], "seed -1"),
            ("hill", vec![("sideways", "10001")], "0 to 10000"),
            ("hill", vec![("board", "1")], "unknown field `board`"),
            ("climb", vec![], "unknown strategy `climb`"),
        ] {
            let err = record_local_request(queens, &request(algorithm, &fields), None).unwrap_err();
            assert_eq!(err.status, StatusCode::UNPROCESSABLE_ENTITY);
            assert!(err.message.contains(words), "{}", err.message);
        }
    }
}
