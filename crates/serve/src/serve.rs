//! The replay web app: a local server that runs searches at full speed, records every
//! event with a [`crate::Recorder`], and hands the recording to a page that replays it.
//!
//! Bound to 127.0.0.1 only. The page (plain HTML, CSS and JavaScript, no build step) is
//! compiled into the binary, so it works offline. Requests are bounded: bodies of at most
//! [`BODY_LIMIT`] bytes, the 3-digit puzzle's own 1000-expansion limit, and
//! [`REPLAY_EXPANSION_LIMIT`] expansions for puzzles without one (boards). Bad requests get a 4xx status and a
//! JSON body `{"error": "…"}`.
//!
//! API (all JSON), over the registered puzzles ([`searchlab_registry::PUZZLES`]):
//!
//! - `GET /api/puzzles` lists them: name, title, instance fields, what "expanded" counts,
//!   and each strategy with its frontier (discipline, priority, ties, in a sentence).
//! - `POST /api/run` with `{"puzzle": "digits", "start": "320", "goal": "110",
//!   "forbidden": "220,330", "algorithm": "B"}` or `{"puzzle": "npuzzle", "board":
//!   "1,2,5,3,4,0,6,7,8", "algorithm": "ast"}` (the puzzle's fields) returns a [`Recording`];
//!   with `{"puzzle": "queens", "algorithm": "hill", "n": "8", "seed": "7", "sideways": "0"}`
//!   (a local-search puzzle's fields, then the seed and the sideways moves in a row) a
//!   [`searchlab_trace::local::recording::LocalRecording`], the run `searchlab search queens hill
//!   --n 8 --seed 7` makes: every puzzle through the registry's replay door
//!   ([`searchlab_registry::replay`]).
//! - `POST /api/compare` with a run's fields and `"output"` (a program's output for that
//!   instance and algorithm) returns where it first differs from the reference ([`Comparison`]).
//! - `POST /api/export` with a run's fields returns its replay as one HTML page that needs
//!   no server ([`searchlab_registry::export::export_page`]).
//! - `POST /api/random` with `{"puzzle": "digits"}` or `{"puzzle": "npuzzle"}` (and an
//!   optional `"seed"`) returns a random solvable instance in the same fields (a local-search
//!   puzzle: a fresh seed).
//! - `POST /api/local` is `POST /api/run` under the name earlier pages used for local search;
//!   `POST /api/local/trace` replays a local search's `--trace` file's first run (its `trace`
//!   field, up to [`TRACE_BODY_LIMIT`] bytes) on the instance the other fields give.

use std::net::{Ipv4Addr, SocketAddr};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use axum::extract::rejection::JsonRejection;
use axum::extract::DefaultBodyLimit;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{Map, Value};

pub use searchlab_registry::listing::{all_puzzles, puzzles, PuzzleInfo, StrategyInfo};
use searchlab_trace::assets::{index_page, SCRIPTS, SERVER_SCRIPTS, STYLE_CSS};
pub use searchlab_trace::record::Recording;

pub use crate::api::{record, record_until, ApiError, RunRequest};
pub use crate::compare::{compare, compare_output, CompareRequest, Comparison};
use crate::export::{export_page, ExportRequest};
use crate::serve_guard::{search_job, slot_for};

/// The largest request body accepted, in bytes.
pub const BODY_LIMIT: usize = 16 * 1024;

pub use searchlab_registry::REPLAY_EXPANSION_LIMIT;

/// A request for a random instance.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RandomRequest {
    /// A registered puzzle's name.
    pub puzzle: String,
    /// The seed (random when absent).
    #[serde(default)]
    pub seed: Option<u64>,
}

/// A random instance of the request's puzzle that replays in moments, in the puzzle's fields
/// (a local-search puzzle: a fresh seed), with the puzzle's name.
pub fn random_instance(request: &RandomRequest) -> Result<Value, ApiError> {
    let seed = request.seed.unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64)
    });
    let mut fields = Map::new();
    fields.insert("puzzle".into(), request.puzzle.clone().into());
    for (name, value) in searchlab_registry::replay::random(&request.puzzle, seed)? {
        fields.insert(name.into(), value.into());
    }
    Ok(Value::Object(fields))
}

/// The most bytes of a `POST /api/local/trace` request: the page sends a `--trace` file's
/// first run only, and at most [`searchlab_trace::local::recording::MAX_FRAMES`] of its lines.
pub const TRACE_BODY_LIMIT: usize = 4 << 20;

/// `POST /api/local/trace`: the replay of the `--trace` file's run a request sends (its
/// `trace` field) on the instance its other fields give.
async fn trace_handler(body: Result<Json<RunRequest>, JsonRejection>) -> Result<Response, ApiError> {
    let Json(mut request) = body?;
    let text = match request.fields.remove("trace") {
        Some(Value::String(text)) => text,
        _ => return Err(ApiError { status: StatusCode::UNPROCESSABLE_ENTITY, message: "no `trace` text sent".into() }),
    };
    let slot = slot_for(&request).await?;
    let json = search_job(slot, move |_| {
        let replay = searchlab_registry::replay::replay_trace(&request.replay_request()?, &text)?;
        serde_json::to_vec(&replay).map_err(|_| failed())
    })
    .await?;
    Ok(([(header::CONTENT_TYPE, "application/json")], json).into_response())
}

async fn run_handler(body: Result<Json<RunRequest>, JsonRejection>) -> Result<Response, ApiError> {
    let Json(request) = body?;
    // Recorded and serialized (megabytes for a long replay) off the threads that answer requests.
    let slot = slot_for(&request).await?;
    let json = search_job(slot, move |stop| {
        let recording = record_until(&request, Some(stop))?;
        serde_json::to_vec(&recording).map_err(|_| failed())
    })
    .await?;
    Ok(([(header::CONTENT_TYPE, "application/json")], json).into_response())
}

fn failed() -> ApiError {
    ApiError { status: StatusCode::INTERNAL_SERVER_ERROR, message: "the search failed".into() }
}

async fn compare_handler(body: Result<Json<CompareRequest>, JsonRejection>) -> Result<Json<Comparison>, ApiError> {
    let Json(request) = body?;
    let slot = slot_for(&request.run).await?;
    search_job(slot, move |stop| compare_output(&request, Some(stop))).await.map(Json)
}

/// The exported page of a request: its replay as one HTML file that needs no server.
async fn export_handler(body: Result<Json<ExportRequest>, JsonRejection>) -> Result<Response, ApiError> {
    let Json(request) = body?;
    let slot = slot_for(&request.run).await?;
    let page = search_job(slot, move |stop| export_page(&request, stop)).await?;
    Ok(([(header::CONTENT_TYPE, "text/html; charset=utf-8")], page).into_response())
}

async fn random_handler(body: Result<Json<RandomRequest>, JsonRejection>) -> Result<Json<Value>, ApiError> {
    let Json(request) = body?;
    random_instance(&request).map(Json)
}

fn asset(content_type: &'static str, body: &'static str) -> impl IntoResponse {
    ([(header::CONTENT_TYPE, content_type), (header::CACHE_CONTROL, "no-cache")], body)
}

/// The app: the page, its script and style, and the JSON API.
pub fn router() -> Router {
    let mut router = Router::new()
        .route("/", get(|| async { ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], index_page()) }))
        .route("/style.css", get(|| async { asset("text/css; charset=utf-8", STYLE_CSS) }));
    for &(name, source) in SCRIPTS.iter().chain(SERVER_SCRIPTS) {
        router = router
            .route(&format!("/{name}"), get(move || async move { asset("text/javascript; charset=utf-8", source) }));
    }
    router
        .route("/api/puzzles", get(|| async { Json(all_puzzles()) }))
        .route("/api/local", post(run_handler))
        .route("/api/local/trace", post(trace_handler).layer(DefaultBodyLimit::max(TRACE_BODY_LIMIT)))
        .route("/api/run", post(run_handler))
        .route("/api/compare", post(compare_handler))
        .route("/api/export", post(export_handler))
        .route("/api/random", post(random_handler))
        .fallback(|| async { ApiError { status: StatusCode::NOT_FOUND, message: "no such page".into() } })
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(axum::middleware::from_fn(crate::serve_guard::guard))
}

/// How often the server looks at its stop flag.
const STOP_POLL: Duration = Duration::from_millis(50);

/// Serves the app on 127.0.0.1:`port` (0 picks a free port) until `stop` is raised (the
/// command's Ctrl-C flag), then stops accepting, raises the stop flag of every search still
/// running and returns within about a second. Calls `on_ready` with the bound address first
/// (the command prints it).
pub fn serve(port: u16, stop: Arc<AtomicBool>, on_ready: impl FnOnce(SocketAddr)) -> std::io::Result<()> {
    let runtime =
        tokio::runtime::Builder::new_multi_thread().worker_threads(2).max_blocking_threads(4).enable_all().build()?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind((Ipv4Addr::LOCALHOST, port)).await?;
        on_ready(listener.local_addr()?);
        let stopped = async {
            while !stop.load(Ordering::Relaxed) {
                tokio::time::sleep(STOP_POLL).await;
            }
        };
        crate::serve_guard::serve_connections(listener, router(), stopped).await
    })?;
    // Dropping the requests' futures raises their searches' stop flags.
    runtime.shutdown_timeout(Duration::from_secs(1));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use searchlab_registry as registry;
    use searchlab_registry::Replay;

    /// The path search a request records.
    fn record(request: &RunRequest) -> Result<Recording, ApiError> {
        match super::record(request)? {
            Replay::Path(recording) => Ok(recording),
            Replay::Local(local) => panic!("a local search of {}", local.puzzle),
        }
    }

    fn request(puzzle: &str, algorithm: &str, fields: &[(&str, &str)]) -> RunRequest {
        RunRequest {
            puzzle: puzzle.into(),
            algorithm: algorithm.into(),
            fields: fields.iter().map(|(k, v)| (k.to_string(), Value::from(*v))).collect(),
        }
    }

    fn digits(start: &str, goal: &str, forbidden: &str, algorithm: &str) -> RunRequest {
        request("digits", algorithm, &[("start", start), ("goal", goal), ("forbidden", forbidden)])
    }

    #[test]
    fn digits_recording_ends_with_the_cli_answer() {
        let r = record(&digits("320", "110", "", "B")).unwrap();
        assert_eq!(r.cli.lines().next(), Some("320,220,210,110"));
        assert_eq!(r.answer["expanded"].as_array().unwrap().len(), 23);
        assert_eq!(r.trace.steps.first(), Some(&0), "starts with `start`");
        assert_eq!(r.trace.finished.as_ref().unwrap()["kind"], "found");
        assert_eq!(r.strategy, "B");
        assert!(r.rule.starts_with("queue: first in, first out"), "{}", r.rule);
        let boards = record(&request("npuzzle", "bfs", &[("board", "1,2,5,3,4,0,6,7,8")])).unwrap();
        assert!(!boards.rule.contains("stops after"), "the driver has no limit: {}", boards.rule);
        let json = serde_json::to_value(&r).unwrap();
        assert_eq!(
            (&json["discipline"], &json["ties"], &json["priority"]),
            (&"queue".into(), &"last-added".into(), &"depth".into())
        );
        assert_eq!(json["expanded_counts"], "selected");
        assert_eq!(r.moves, ["1st digit -1", "2nd digit -1", "1st digit -1"]);
        let a = serde_json::to_value(record(&digits("320", "110", "", "A")).unwrap()).unwrap();
        assert_eq!((&a["discipline"], &a["priority"]), (&"priority".into(), &"f = g + h".into()));
        let h = serde_json::to_value(record(&digits("320", "110", "", "H")).unwrap()).unwrap();
        assert_eq!(h["discipline"], "current");
    }

    #[test]
    fn bad_digits_input_is_a_clear_400() {
        for (request, words) in [
            (digits("32x", "110", "", "B"), "start `32x` is not a 3-digit number"),
            (digits("320", "", "", "B"), "goal number is missing"),
            (digits("320", "110", "1234", "B"), "forbidden number `1234`"),
            (digits("320", "110", "", "Z"), "unknown strategy"),
            (RunRequest { puzzle: "chess".into(), ..RunRequest::default() }, "unknown puzzle"),
        ] {
            let err = record(&request).unwrap_err();
            assert_eq!(err.status, StatusCode::BAD_REQUEST);
            assert!(err.message.contains(words), "{}", err.message);
        }
        let extra = record(&request("digits", "B", &[("start", "320"), ("board", "1")])).unwrap_err();
        assert_eq!(extra.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(extra.message.contains("unknown field `board`"), "{}", extra.message);
    }

    #[test]
    fn boards_are_checked_up_front() {
        let run = |board: &str, algorithm: &str| record(&request("npuzzle", algorithm, &[("board", board)]));
        // Two tiles swapped: odd permutation, blank in place, so unsolvable.
        let err = run("1,0,2,3,4,5,6,8,7", "ast").unwrap_err();
        assert_eq!(err.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(err.message.contains("cannot reach the goal"));
        assert!(run("1,2,3", "ast").unwrap_err().message.contains("not a square"));
        assert!(run("1,2,5,3,4,0,6,7,8", "hill").unwrap_err().message.contains("unknown strategy `hill`"));
        let five = (0..25).map(|t| t.to_string()).collect::<Vec<_>>().join(",");
        assert!(run(&five, "ast").unwrap_err().message.contains("up to 4x4"));
        // The 15-puzzle is replayed: three slides back to the goal.
        let wide = run("1,2,3,0,4,5,6,7,8,9,10,11,12,13,14,15", "astar").unwrap();
        assert_eq!(
            serde_json::to_value(&wide).unwrap()["answer"]["path_to_goal"],
            serde_json::json!(["Left", "Left", "Left"])
        );
        let ok = run("1,2,5,3,4,0,6,7,8", "bfs").unwrap();
        assert!(ok.cli.starts_with("path_to_goal: ['Up', 'Left', 'Left']\ncost_of_path: 3\nnodes_expanded: 10\n"));
        let json = serde_json::to_value(&ok).unwrap();
        assert_eq!((&json["ties"], &json["expanded_counts"]), (&"first-added".into(), &"expanded".into()));
        // DFS on this board expands 181,437 nodes, within the replay's limit: replayed in full.
        let dfs = run("1,2,5,3,4,0,6,7,8", "dfs").unwrap();
        assert!(dfs.note.is_none());
        assert!(dfs.cli.contains("nodes_expanded: 181437\n"), "{}", dfs.cli);
        // Under a smaller limit, the note names the CLI command without it.
        let npuzzle = registry::path_puzzle("npuzzle").unwrap();
        let field = |name: &str| if name == "board" { "1,2,5,3,4,0,6,7,8".to_string() } else { String::new() };
        let cut = npuzzle.record(&field, "dfs", 1000, None).unwrap();
        assert!(cut.note.unwrap().contains("`searchlab npuzzle dfs 1,2,5,3,4,0,6,7,8 -o -`"));
    }

    #[test]
    fn random_instances_are_valid_and_seeded() {
        for puzzle in registry::path_puzzles() {
            let request = RandomRequest { puzzle: puzzle.name().into(), seed: Some(3) };
            let a = random_instance(&request).unwrap();
            assert_eq!(a, random_instance(&request).unwrap());
            let mut fields = a.as_object().unwrap().clone();
            fields.remove("puzzle");
            let astar = puzzle.strategies().into_iter().find(|e| e.strategy == searchlab_core::Strategy::AStar);
            let strategy = astar.unwrap().name;
            let run = RunRequest { puzzle: puzzle.name().into(), algorithm: strategy.into(), fields };
            assert!(record(&run).unwrap().note.is_none(), "{a}");
        }
    }

    #[test]
    fn the_puzzle_list_derives_frontiers_from_the_options() {
        let list = serde_json::to_value(puzzles()).unwrap();
        assert_eq!(list[0]["name"], "digits");
        assert_eq!(list[0]["strategies"][0]["name"], "B");
        assert_eq!(
            list[0]["strategies"][4]["frontier_text"],
            "Frontier: a priority queue. Lowest f = g + h first; equal values: the latest added."
        );
        assert_eq!(list[1]["fields"][0]["name"], "board");
        assert_eq!(list[1]["strategies"][2]["ties"], "first-added");
    }
}
