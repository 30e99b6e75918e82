//! What keeps the replay server answering under load and out of reach of other sites:
//!
//! - at most [`max_searches`] heavy searches are recorded at once (the memory of a recording is
//!   bounded by the replay limits; this bounds how many exist), [`MAX_QUEUED`] more wait, and
//!   any beyond get `503` with a JSON message; light searches (at most [`LIGHT_EXPANSIONS`]
//!   expansions) have their own slot and queue, so heavy replays cannot starve them; a search
//!   keeps its slot until it ends ([`search_job`]), a dropped request stops its search, and a
//!   heavy search gives the memory it freed back to the system ([`release_memory`]);
//! - a connection has [`HEADER_TIMEOUT`] to send its request line and headers, a request
//!   [`REQUEST_TIMEOUT`] to send its body and be answered (`408`), and at most
//!   [`MAX_CONNECTIONS`] are open (more are closed at once);
//! - the `Host` header must name the loopback address the server listens on (`127.0.0.1`,
//!   `localhost`, `[::1]`, any port): a DNS-rebinding page from another site gets `403`;
//! - every error status carries a JSON body `{"error": "…"}` (`405` and `404` included).

use std::future::Future;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, LazyLock};
use std::time::Duration;

use axum::body::Body;
use axum::extract::Request;
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Router;
use tokio::net::TcpListener;
use tokio::sync::{Semaphore, SemaphorePermit};

use crate::api::{ApiError, RunRequest};

/// Heavy searches recorded at the same time: one core fewer than the machine has (at least
/// one), so that a core is left for answering pages and light searches.
pub fn max_searches() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().saturating_sub(1).max(1))
}
/// Requests waiting for a search slot; more get `503`.
pub const MAX_QUEUED: usize = 8;
/// Time to send the request line and headers.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(5);
/// Time to send the body and be answered (waiting for a search slot included).
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);
/// Open connections at most.
pub const MAX_CONNECTIONS: usize = 4096;

/// Searches of at most this many expansions are light: milliseconds and a small recording.
pub const LIGHT_EXPANSIONS: u64 = 1000;

/// A lane of search slots with its queue.
struct Lane {
    slots: Semaphore,
    waiting: AtomicUsize,
}

static HEAVY: LazyLock<Lane> =
    LazyLock::new(|| Lane { slots: Semaphore::new(max_searches()), waiting: AtomicUsize::new(0) });
static LIGHT: LazyLock<Lane> = LazyLock::new(|| Lane { slots: Semaphore::new(1), waiting: AtomicUsize::new(0) });

/// A search slot: held while one search runs. When the slot of a heavy search is given
/// back, the memory the search freed is given back to the system ([`release_memory`]).
pub struct SearchSlot {
    _permit: SemaphorePermit<'static>,
    heavy: bool,
}

impl Drop for SearchSlot {
    fn drop(&mut self) {
        if self.heavy {
            release_memory();
        }
    }
}

/// Gives the memory that freed allocations left in the allocator back to the system. glibc
/// keeps it in the arena of the thread that freed it for later use, so a server whose heavy
/// searches ran on a few threads would keep their peak for good; `malloc_trim(0)` returns the
/// free pages of every arena. A few milliseconds, so only after a heavy search. Without glibc,
/// nothing: other allocators return memory by themselves or not at all.
pub fn release_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        extern "C" {
            fn malloc_trim(pad: usize) -> std::ffi::c_int;
        }
        // SAFETY: `malloc_trim` (glibc, since 2.0) takes no pointer, accepts any pad, and only
        // releases memory that is free, under each arena's own lock; nothing of Rust's is touched.
        unsafe {
            malloc_trim(0);
        }
    }
}

/// A slot for one search of at most `expansions` expansions, waiting in its lane's queue if
/// all are taken, or `503` when the queue is full. Hold it while the search runs.
pub async fn search_slot(expansions: u64) -> Result<SearchSlot, ApiError> {
    let heavy = expansions > LIGHT_EXPANSIONS;
    let lane = if heavy { &HEAVY } else { &LIGHT };
    if let Ok(permit) = lane.slots.try_acquire() {
        return Ok(SearchSlot { _permit: permit, heavy });
    }
    if lane.waiting.fetch_add(1, Ordering::SeqCst) >= MAX_QUEUED {
        lane.waiting.fetch_sub(1, Ordering::SeqCst);
        return Err(ApiError {
            status: StatusCode::SERVICE_UNAVAILABLE,
            message: format!("busy: every search slot is taken and {MAX_QUEUED} requests wait; try again shortly"),
        });
    }
    let permit = lane.slots.acquire().await;
    lane.waiting.fetch_sub(1, Ordering::SeqCst);
    let permit =
        permit.map_err(|_| ApiError { status: StatusCode::SERVICE_UNAVAILABLE, message: "shutting down".into() })?;
    Ok(SearchSlot { _permit: permit, heavy })
}

/// Raises its flag when dropped: the request's future is dropped when it times out or its
/// client leaves, and its search then stops at its next node.
struct StopOnDrop(Arc<AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// Runs a search job on the blocking pool (searches must not hold up the async workers),
/// holding its search `slot` ([`search_slot`]) until the job ends: no more searches exist at once
/// than there are slots, even when requests time out. The job gets a stop flag, raised when
/// the request is dropped.
pub async fn search_job<T: Send + 'static>(
    slot: SearchSlot,
    job: impl FnOnce(Arc<AtomicBool>) -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let stop = Arc::new(AtomicBool::new(false));
    let _stop_on_drop = StopOnDrop(Arc::clone(&stop));
    let job = move || {
        let result = job(stop);
        drop(slot);
        result
    };
    tokio::task::spawn_blocking(job)
        .await
        .map_err(|_| ApiError { status: StatusCode::INTERNAL_SERVER_ERROR, message: "the search failed".into() })?
}

/// Whether a `Host` header names the loopback server (any port).
pub fn loopback_host(host: &str) -> bool {
    let name = match host.strip_prefix('[') {
        Some(rest) => rest.split_once(']').map_or(rest, |(name, _)| name),
        None => {
            host.rsplit_once(':').map_or(host, |(name, port)| if port.parse::<u16>().is_ok() { name } else { host })
        }
    };
    matches!(name.to_ascii_lowercase().as_str(), "127.0.0.1" | "localhost" | "::1")
}

/// The middleware of every request: the `Host` check, the request timeout, JSON error bodies.
pub async fn guard(request: Request, next: Next) -> Response {
    let host = request.headers().get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or("");
    if !loopback_host(host) {
        let shown: String = host.chars().take(60).collect();
        let message = format!("Host `{shown}` is not this server: it answers 127.0.0.1 and localhost only");
        return ApiError { status: StatusCode::FORBIDDEN, message }.into_response();
    }
    let response = match tokio::time::timeout(REQUEST_TIMEOUT, next.run(request)).await {
        Ok(response) => response,
        Err(_) => {
            let message = format!("the request took more than {} s", REQUEST_TIMEOUT.as_secs());
            return ApiError { status: StatusCode::REQUEST_TIMEOUT, message }.into_response();
        }
    };
    json_errors(response)
}

/// Gives an error response without a JSON body one: `{"error": "<reason phrase>"}`.
fn json_errors(response: Response) -> Response {
    let json = HeaderValue::from_static("application/json");
    let is_json = response.headers().get(header::CONTENT_TYPE) == Some(&json);
    let status = response.status();
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return response;
    }
    let message = status.canonical_reason().unwrap_or("error").to_lowercase();
    let (mut parts, _) = response.into_parts();
    parts.headers.insert(header::CONTENT_TYPE, json);
    parts.headers.remove(header::CONTENT_LENGTH);
    Response::from_parts(parts, Body::from(serde_json::json!({ "error": message }).to_string()))
}

/// Serves `app` on `listener` until `shutdown` completes, one task per connection, with the
/// header timeout and the connection cap.
pub async fn serve_connections(
    listener: TcpListener,
    app: Router,
    shutdown: impl Future<Output = ()>,
) -> std::io::Result<()> {
    let connections = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    tokio::pin!(shutdown);
    loop {
        let stream = tokio::select! {
            () = &mut shutdown => return Ok(()),
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                // Out of file descriptors or a connection reset before accept: try again soon.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(20)).await;
                    continue;
                }
            },
        };
        let Ok(permit) = Arc::clone(&connections).try_acquire_owned() else { continue };
        let service = hyper_util::service::TowerToHyperService::new(app.clone());
        tokio::spawn(async move {
            let _permit = permit;
            let mut http = hyper::server::conn::http1::Builder::new();
            http.timer(hyper_util::rt::TokioTimer::new()).header_read_timeout(HEADER_TIMEOUT);
            let _ = http.serve_connection(hyper_util::rt::TokioIo::new(stream), service).await;
        });
    }
}

/// A search slot for `request`: a search is as heavy as its expansion limit, the puzzle's own
/// (the 3-digit spec's 1000) or the replay's; a local search as its recording's cap.
pub(crate) async fn slot_for(request: &RunRequest) -> Result<SearchSlot, ApiError> {
    search_slot(searchlab_registry::replay::bound(&request.puzzle, &request.algorithm)).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_loopback_hosts_are_served() {
        for host in ["127.0.0.1", "127.0.0.1:8080", "localhost:0", "LOCALHOST", "[::1]:8080", "[::1]"] {
            assert!(loopback_host(host), "{host}");
        }
        for host in ["", "evil.example", "evil.example:8080", "127.0.0.1.evil.example", "localhost.evil:80", "[::2]"] {
            assert!(!loopback_host(host), "{host}");
        }
    }

    #[test]
    fn error_responses_get_a_json_body() {
        let response = json_errors(StatusCode::METHOD_NOT_ALLOWED.into_response());
        assert_eq!(response.headers()[header::CONTENT_TYPE], "application/json");
        let ok = json_errors(StatusCode::OK.into_response());
        assert!(ok.headers().get(header::CONTENT_TYPE).is_none());
    }
}
