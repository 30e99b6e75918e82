//! The replay web app: a local server that runs searches at full speed, records every
//! event with a [`Recorder`], and hands the recording to a page that replays it.
//!
//! Bound to 127.0.0.1 only. The page (plain HTML, CSS and JavaScript, no build step) is
//! compiled into the binary, so it works offline. Requests are bounded: bodies of at most
//! [`BODY_LIMIT`] bytes, the 3-digit puzzle's own 1000-expansion limit, and
//! [`NPUZZLE_EXPANSION_LIMIT`] expansions for boards. Bad requests get a 4xx status and a
//! JSON body `{"error": "…"}`.
//!
//! API (all JSON):
//!
//! - `POST /api/run` with `{"puzzle": "digits", "start": "320", "goal": "110",
//!   "forbidden": "220,330", "algorithm": "B"}` or `{"puzzle": "npuzzle", "board":
//!   "1,2,5,3,4,0,6,7,8", "algorithm": "ast"}` returns a [`Recording`].
//! - `POST /api/random` with `{"puzzle": "digits"}` or `{"puzzle": "npuzzle"}` (and an
//!   optional `"seed"`) returns a random solvable instance in the same fields.

use std::net::{Ipv4Addr, SocketAddr};
use std::time::Duration;

use axum::extract::rejection::JsonRejection;
use axum::extract::DefaultBodyLimit;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use searchlab_npuzzle::{format_output, is_solvable, Board, Direction, DriverOptions, Method};
use searchlab_threedigits::{solve_observed, Algorithm, DigitsProblem, Instance, Number};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::npuzzle::{driver_answer, run_observed, small_problem};
use crate::report::optimal_digits_depth;
use crate::Recorder;

/// The largest request body accepted, in bytes.
pub const BODY_LIMIT: usize = 16 * 1024;

/// The most nodes a board's replay expands; a search stopped there is replayed up to the
/// limit, and the page says so.
pub const NPUZZLE_EXPANSION_LIMIT: u64 = 10_000;

const INDEX_HTML: &str = include_str!("../assets/index.html");
const APP_JS: &str = include_str!("../assets/app.js");
const STYLE_CSS: &str = include_str!("../assets/style.css");

/// A request the server refuses: a 4xx status and a one-line message, sent as
/// `{"error": message}`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// The status (400, 413, 415, 422, …).
    pub status: StatusCode,
    /// What is wrong, for a person.
    pub message: String,
}

impl ApiError {
    fn bad(message: impl Into<String>) -> Self {
        ApiError { status: StatusCode::BAD_REQUEST, message: message.into() }
    }
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

/// A search to record.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunRequest {
    /// `digits` or `npuzzle`.
    pub puzzle: String,
    /// The strategy: B D I G A H (or names) for digits; bfs, dfs, ast for boards.
    pub algorithm: String,
    /// Digits: the start number.
    #[serde(default)]
    pub start: String,
    /// Digits: the goal number.
    #[serde(default)]
    pub goal: String,
    /// Digits: forbidden numbers, separated by commas or spaces.
    #[serde(default)]
    pub forbidden: String,
    /// Npuzzle: the board, comma-separated tiles.
    #[serde(default)]
    pub board: String,
}

/// A recorded search: what the page replays and the answer it must end with.
#[derive(Debug, Clone, Serialize)]
pub struct Recording {
    /// `digits` or `npuzzle`.
    pub puzzle: &'static str,
    /// The strategy's display name.
    pub algorithm: String,
    /// The frontier discipline: `queue`, `stack`, `priority` or `current` (hill-climbing).
    pub discipline: &'static str,
    /// Which of equal priorities leaves the frontier first: `last-added` or `first-added`.
    pub ties: &'static str,
    /// What the priority is: `depth`, `h` or `f = g + h`.
    pub priority: &'static str,
    /// What the puzzle calls "expanded": `selected` (every node taken from the frontier,
    /// goal included: the 3-digit puzzle's list) or `expanded` (successors generated: the
    /// N-puzzle driver's count).
    pub expanded_counts: &'static str,
    /// Every event, in the trace format of `docs/trace.md`.
    pub events: Vec<Value>,
    /// The answer, as the CLI's `--json` (digits) or `output.txt` fields (npuzzle) give it.
    pub answer: Value,
    /// The CLI's output for the same input (for boards, the lines of `output.txt`).
    pub cli: String,
    /// Set when a limit stopped the search: what the page should say.
    pub note: Option<String>,
}

/// Parses a 3-digit number field (one to three digits).
fn number(field: &str, text: &str) -> Result<Number, ApiError> {
    let t = text.trim();
    let shown: String = t.chars().take(12).collect();
    if t.is_empty() {
        return Err(ApiError::bad(format!("the {field} number is missing")));
    }
    if t.len() > 3 || !t.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ApiError::bad(format!("the {field} `{shown}` is not a 3-digit number (000 to 999)")));
    }
    t.parse().ok().and_then(Number::new).ok_or_else(|| ApiError::bad(format!("the {field} `{shown}` is out of range")))
}

/// The 3-digit instance of a request.
pub fn digits_instance(request: &RunRequest) -> Result<Instance, ApiError> {
    let start = number("start", &request.start)?;
    let goal = number("goal", &request.goal)?;
    let tokens: Vec<&str> =
        request.forbidden.split(|c: char| c == ',' || c.is_whitespace()).filter(|t| !t.is_empty()).collect();
    if tokens.len() > 1000 {
        return Err(ApiError::bad("at most 1000 forbidden numbers"));
    }
    let forbidden = tokens.iter().map(|t| number("forbidden number", t)).collect::<Result<Vec<_>, _>>()?;
    Ok(Instance { start, goal, forbidden })
}

/// The board of a request: parsed, at most 3×3, and solvable.
pub fn replay_board(text: &str) -> Result<Board, ApiError> {
    let board = Board::parse(text).map_err(|e| ApiError::bad(e.to_string()))?;
    if board.width() > 3 {
        return Err(ApiError::bad(format!(
            "the replay shows boards up to 3x3; this one is {w}x{w} (use `searchlab npuzzle` for larger boards)",
            w = board.width()
        )));
    }
    let goal = Board::goal(board.width()).map_err(|e| ApiError::bad(e.to_string()))?;
    if !is_solvable(&board, &goal) {
        return Err(ApiError {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            message: format!(
                "{board} cannot reach the goal {goal}: the tiles' permutation and the blank's distance have \
                 different parities (swap two tiles to make it solvable)"
            ),
        });
    }
    Ok(board)
}

fn to_values<T: Serialize>(events: &[T]) -> Vec<Value> {
    events.iter().filter_map(|e| serde_json::to_value(e).ok()).collect()
}

fn digits_recording(request: &RunRequest) -> Result<Recording, ApiError> {
    let instance = digits_instance(request)?;
    let algorithm: Algorithm =
        request.algorithm.parse().map_err(|e: searchlab_threedigits::UnknownAlgorithm| ApiError::bad(e.to_string()))?;
    let problem = DigitsProblem::new(instance.clone());
    let mut recorder = Recorder::recorder(&problem);
    let answer = solve_observed(&instance, algorithm, &mut recorder);
    let (discipline, priority) = match algorithm {
        Algorithm::Bfs => ("queue", "depth"),
        Algorithm::Dfs | Algorithm::Ids => ("stack", "depth"),
        Algorithm::Greedy => ("priority", "h"),
        Algorithm::AStar => ("priority", "f = g + h"),
        Algorithm::HillClimbing => ("current", "h"),
    };
    let note = answer.limit_reached.then(|| "The spec's limit of 1000 expanded nodes stopped the search.".to_string());
    Ok(Recording {
        puzzle: "digits",
        algorithm: algorithm.to_string(),
        discipline,
        ties: "last-added",
        priority,
        expanded_counts: "selected",
        events: to_values(recorder.events()),
        answer: serde_json::to_value(&answer).unwrap_or(Value::Null),
        cli: answer.to_string(),
        note,
    })
}

fn npuzzle_recording(request: &RunRequest) -> Result<Recording, ApiError> {
    let board = replay_board(&request.board)?;
    let method: Method =
        request.algorithm.parse().map_err(|e: searchlab_npuzzle::UnknownMethod| ApiError::bad(e.to_string()))?;
    let problem = small_problem(&board).ok_or_else(|| ApiError::bad("the board is too large to replay"))?;
    let mut recorder = Recorder::recorder(&problem);
    let options = DriverOptions::default();
    let result = run_observed(method, &problem, &options, Some(NPUZZLE_EXPANSION_LIMIT), &mut recorder);
    let answer = driver_answer(method, &result);
    let (cli, note) = match result.solution() {
        Some(path) => {
            let report = searchlab_npuzzle::Report {
                path: path.actions.clone(),
                nodes_expanded: answer.nodes_expanded,
                search_depth: path.len() as u64,
                max_search_depth: answer.max_search_depth,
                running_time: result.stats.elapsed,
                stats: result.stats,
            };
            // The first five lines; running time and RAM are the server's, not the CLI's.
            let text = format_output(&report, 0.0);
            (text.lines().take(5).map(|l| format!("{l}\n")).collect(), None)
        }
        None => (
            String::new(),
            Some(format!(
                "The replay stops after {NPUZZLE_EXPANSION_LIMIT} expansions (the CLI has no such limit: run \
                 `searchlab npuzzle {} {board} -o -`).",
                method.name()
            )),
        ),
    };
    let (discipline, priority) = match method {
        Method::Bfs => ("queue", "depth"),
        Method::Dfs => ("stack", "depth"),
        Method::Ast => ("priority", "f = g + h"),
    };
    Ok(Recording {
        puzzle: "npuzzle",
        algorithm: method.name().to_string(),
        discipline,
        ties: "first-added",
        priority,
        expanded_counts: "expanded",
        events: to_values(recorder.events()),
        answer: serde_json::to_value(&answer).unwrap_or(Value::Null),
        cli,
        note,
    })
}

/// Records the search a request asks for.
pub fn record(request: &RunRequest) -> Result<Recording, ApiError> {
    match request.puzzle.as_str() {
        "digits" => digits_recording(request),
        "npuzzle" => npuzzle_recording(request),
        other => Err(ApiError::bad(format!(
            "unknown puzzle `{}`: use digits or npuzzle",
            other.chars().take(20).collect::<String>()
        ))),
    }
}

/// A request for a random instance.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RandomRequest {
    /// `digits` or `npuzzle`.
    pub puzzle: String,
    /// The seed (random when absent).
    #[serde(default)]
    pub seed: Option<u64>,
}

/// A random solvable instance that replays in moments: a 3-digit instance 3 to 8 moves
/// long with up to 4 forbidden numbers, or a board 6 to 14 random moves from the goal.
pub fn random_instance(request: &RandomRequest) -> Result<Value, ApiError> {
    let seed = request.seed.unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64)
    });
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    match request.puzzle.as_str() {
        "digits" => loop {
            let n = |rng: &mut ChaCha8Rng| Number::new(rng.random_range(0..1000)).unwrap_or_else(|| unreachable!());
            let (start, goal) = (n(&mut rng), n(&mut rng));
            let count = rng.random_range(0..=4);
            let forbidden: Vec<Number> = (0..count).map(|_| n(&mut rng)).filter(|&f| f != start && f != goal).collect();
            let instance = Instance { start, goal, forbidden };
            if optimal_digits_depth(&instance).is_some_and(|d| (3..=8).contains(&d)) {
                let forbidden: Vec<String> = instance.forbidden.iter().map(Number::to_string).collect();
                return Ok(serde_json::json!({
                    "puzzle": "digits",
                    "start": start.to_string(),
                    "goal": goal.to_string(),
                    "forbidden": forbidden.join(","),
                }));
            }
        },
        "npuzzle" => {
            let mut board = Board::goal(3).map_err(|e| ApiError::bad(e.to_string()))?;
            let moves = rng.random_range(6..=14);
            let mut last: Option<Direction> = None;
            let mut made = 0;
            while made < moves {
                let direction = Direction::ALL[rng.random_range(0..4)];
                if last == Some(direction.opposite()) {
                    continue;
                }
                if let Some(next) = board.slide(direction) {
                    board = next;
                    last = Some(direction);
                    made += 1;
                }
            }
            Ok(serde_json::json!({ "puzzle": "npuzzle", "board": board.to_string() }))
        }
        other => Err(ApiError::bad(format!(
            "unknown puzzle `{}`: use digits or npuzzle",
            other.chars().take(20).collect::<String>()
        ))),
    }
}

async fn run_handler(body: Result<Json<RunRequest>, JsonRejection>) -> Result<Json<Recording>, ApiError> {
    let Json(request) = body?;
    let recorded = tokio::task::spawn_blocking(move || record(&request))
        .await
        .map_err(|_| ApiError { status: StatusCode::INTERNAL_SERVER_ERROR, message: "the search failed".into() })?;
    recorded.map(Json)
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
    Router::new()
        .route("/", get(|| async { asset("text/html; charset=utf-8", INDEX_HTML) }))
        .route("/app.js", get(|| async { asset("text/javascript; charset=utf-8", APP_JS) }))
        .route("/style.css", get(|| async { asset("text/css; charset=utf-8", STYLE_CSS) }))
        .route("/api/run", post(run_handler))
        .route("/api/random", post(random_handler))
        .fallback(|| async { ApiError { status: StatusCode::NOT_FOUND, message: "no such page".into() } })
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
}

/// Serves the app on 127.0.0.1:`port` (0 picks a free port) until Ctrl-C. Calls
/// `on_ready` with the bound address first (the command prints it).
pub fn serve(port: u16, on_ready: impl FnOnce(SocketAddr)) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build()?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind((Ipv4Addr::LOCALHOST, port)).await?;
        on_ready(listener.local_addr()?);
        axum::serve(listener, router())
            .with_graceful_shutdown(async {
                let _ = tokio::signal::ctrl_c().await;
            })
            .await
    })?;
    runtime.shutdown_timeout(Duration::from_secs(1));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn digits(start: &str, goal: &str, forbidden: &str, algorithm: &str) -> RunRequest {
        RunRequest {
            puzzle: "digits".into(),
            algorithm: algorithm.into(),
            start: start.into(),
            goal: goal.into(),
            forbidden: forbidden.into(),
            ..RunRequest::default()
        }
    }

    #[test]
    fn digits_recording_ends_with_the_cli_answer() {
        let r = record(&digits("320", "110", "", "B")).unwrap();
        assert_eq!(r.cli.lines().next(), Some("320,220,210,110"));
        assert_eq!(r.answer["expanded"].as_array().unwrap().len(), 23);
        assert_eq!(r.events.first().unwrap()["type"], "start");
        assert_eq!(r.events.last().unwrap()["type"], "finished");
        assert_eq!((r.discipline, r.expanded_counts), ("queue", "selected"));
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
    }

    #[test]
    fn boards_are_checked_up_front() {
        let run = |board: &str, algorithm: &str| {
            record(&RunRequest {
                puzzle: "npuzzle".into(),
                board: board.into(),
                algorithm: algorithm.into(),
                ..RunRequest::default()
            })
        };
        // Two tiles swapped: odd permutation, blank in place, so unsolvable.
        let err = run("1,0,2,3,4,5,6,8,7", "ast").unwrap_err();
        assert_eq!(err.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(err.message.contains("cannot reach the goal"));
        assert!(run("1,2,3", "ast").unwrap_err().message.contains("not a square"));
        assert!(run("1,2,5,3,4,0,6,7,8", "ida").unwrap_err().message.contains("unknown method"));
        let wide = run("1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0", "ast").unwrap_err();
        assert!(wide.message.contains("up to 3x3"));
        let ok = run("1,2,5,3,4,0,6,7,8", "bfs").unwrap();
        assert!(ok.cli.starts_with("path_to_goal: ['Up', 'Left', 'Left']\ncost_of_path: 3\nnodes_expanded: 10\n"));
    }

    #[test]
    fn random_instances_are_valid_and_seeded() {
        for puzzle in ["digits", "npuzzle"] {
            let request = RandomRequest { puzzle: puzzle.into(), seed: Some(3) };
            let a = random_instance(&request).unwrap();
            assert_eq!(a, random_instance(&request).unwrap());
            let run = RunRequest {
                puzzle: puzzle.into(),
                algorithm: if puzzle == "digits" { "A".into() } else { "ast".into() },
                start: a["start"].as_str().unwrap_or_default().into(),
                goal: a["goal"].as_str().unwrap_or_default().into(),
                forbidden: a["forbidden"].as_str().unwrap_or_default().into(),
                board: a["board"].as_str().unwrap_or_default().into(),
            };
            assert!(record(&run).unwrap().note.is_none(), "{a}");
        }
    }
}
