//! `searchlab serve` used as a person would: the server on a free port, headless Chromium
//! driven through chromedriver (WebDriver), a 3-digit BFS and an 8-puzzle A* replayed step
//! by step, their counters and final answers checked against the command line.
//!
//! Needs Debian's `chromium` and `chromium-driver` (`.ci/run` installs them). Without
//! them the browser test fails, unless `SEARCHLAB_SKIP_BROWSER=1` opts out explicitly; the
//! HTTP tests always run.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};

use serde_json::Value;

/// A child process killed (by its id) and reaped when the test ends, however it ends.
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn searchlab_bin() -> PathBuf {
    assert_cmd::cargo::cargo_bin("searchlab")
}

/// Starts `searchlab serve --port 0` and returns it with its address (`http://127.0.0.1:N`).
fn start_server() -> (Running, String) {
    let mut child = Command::new(searchlab_bin())
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let url = line.split_whitespace().find(|w| w.starts_with("http://")).unwrap().trim_end_matches('/').to_string();
    assert!(url.starts_with("http://127.0.0.1:"), "{line}");
    (Running(child), url)
}

/// One HTTP/1.1 request over a plain socket; returns the status and the body. A server that
/// refuses a body over its limit answers and closes before the rest is sent: the write may
/// then fail (a broken pipe) and the read end with a reset, after the answer, which is kept.
fn http(url: &str, method: &str, path: &str, body: &str) -> (u16, String) {
    let addr = url.trim_start_matches("http://");
    let mut stream = TcpStream::connect(addr).unwrap();
    let written = write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let mut bytes = Vec::new();
    let mut chunk = [0u8; 64 * 1024];
    let read = loop {
        match stream.read(&mut chunk) {
            Ok(0) => break Ok(()),
            Ok(n) => bytes.extend_from_slice(&chunk[..n]),
            Err(err) if err.kind() == std::io::ErrorKind::Interrupted => {}
            Err(err) => break Err(err),
        }
    };
    assert!(!bytes.is_empty(), "no answer: the write {written:?}, the read {read:?}");
    let response = String::from_utf8(bytes).unwrap();
    let status = response.split_whitespace().nth(1).unwrap().parse().unwrap();
    let body = response.split_once("\r\n\r\n").map(|(_, b)| b.to_string()).unwrap_or_default();
    (status, body)
}

fn cli(args: &[&str]) -> String {
    let output = Command::new(searchlab_bin()).args(args).output().unwrap();
    assert!(output.status.success(), "{args:?}: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn the_api_answers_like_the_cli_and_refuses_bad_requests_with_json() {
    let (_server, url) = start_server();
    let (status, page) = http(&url, "GET", "/", "");
    assert_eq!(status, 200);
    assert!(page.contains("<script src=\"/app.js\">"));
    assert_eq!(http(&url, "GET", "/app.js", "").0, 200);
    // The page lists the registered puzzles and each strategy's frontier, from the server.
    let (status, list) = http(&url, "GET", "/api/puzzles", "");
    assert_eq!(status, 200);
    let list: Value = serde_json::from_str(&list).unwrap();
    assert_eq!((&list[0]["name"], &list[1]["name"]), (&"digits".into(), &"npuzzle".into()));
    assert_eq!(list[0]["strategies"][0]["discipline"], "queue");
    assert_eq!(list[1]["strategies"][2]["ties"], "first-added");

    let (status, body) =
        http(&url, "POST", "/api/run", r#"{"puzzle":"digits","start":"320","goal":"110","algorithm":"B"}"#);
    assert_eq!(status, 200);
    let recording: Value = serde_json::from_str(&body).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("input.txt");
    std::fs::write(&input, "320\n110\n").unwrap();
    assert_eq!(recording["cli"], cli(&["digits", "B", input.to_str().unwrap()]));
    // The recording holds the events of the CLI's own --trace, one for one (compacted).
    let trace = dir.path().join("t.jsonl");
    cli(&["digits", "B", input.to_str().unwrap(), "--trace", trace.to_str().unwrap()]);
    // Its events: every line but the first, the run line (what the file is a trace of).
    let events = std::fs::read_to_string(&trace).unwrap().lines().count() as u64 - 1;
    assert_eq!(recording["trace"]["count"], events);
    assert_eq!(recording["trace"]["finished"]["kind"], "found");
    assert_eq!(recording["trace"]["moves"][0], "1st digit -1");
    // A pasted output with 420 and 310 swapped diverges at the third expanded node.
    let bfs = cli(&["digits", "B", input.to_str().unwrap()]);
    let pasted = bfs.replacen("420,310", "310,420", 1);
    let body =
        serde_json::json!({"puzzle": "digits", "start": "320", "goal": "110", "algorithm": "B", "output": pasted});
    let (status, text) = http(&url, "POST", "/api/compare", &body.to_string());
    assert_eq!(status, 200, "{text}");
    let compared: Value = serde_json::from_str(&text).unwrap();
    assert_eq!((&compared["item"], &compared["index"]), (&"expanded".into(), &2.into()));

    for (body, status, words) in [
        (r#"{"puzzle":"npuzzle","board":"1,0,2,3,4,5,6,8,7","algorithm":"ast"}"#, 422, "cannot reach the goal"),
        (r#"{"puzzle":"npuzzle","board":"1,2,x","algorithm":"ast"}"#, 400, "not a number"),
        (r#"{"puzzle":"digits","start":"1000","goal":"110","algorithm":"B"}"#, 400, "not a 3-digit number"),
        (r#"{"puzzle":"digits","start":"320","goal":"110","algorithm":"Q"}"#, 400, "unknown strategy"),
        (r#"{"puzzle":"digits""#, 400, "JSON"),
        (r#"{"puzzle":"digits","algorithm":"B","extra":1}"#, 422, "unknown field"),
    ] {
        let (got, text) = http(&url, "POST", "/api/run", body);
        assert_eq!(got, status, "{body}: {text}");
        let error: Value = serde_json::from_str(&text).unwrap_or_else(|_| panic!("not JSON: {text}"));
        assert!(error["error"].as_str().unwrap().contains(words), "{text}");
    }
    // Local search: one run recorded, a fresh seed from the random button, bad names refused.
    let (got, text) = http(&url, "POST", "/api/local", r#"{"puzzle":"queens","algorithm":"hill","n":"8","seed":"7"}"#);
    assert_eq!(got, 200, "{text}");
    let recording: Value = serde_json::from_str(&text).unwrap();
    assert_eq!((&recording["kind"], &recording["result"]["steps"]), (&"local".into(), &3.into()));
    let (got, text) = http(&url, "POST", "/api/random", r#"{"puzzle":"queens","seed":5}"#);
    assert_eq!((got, serde_json::from_str::<Value>(&text).unwrap()["seed"].clone()), (200, "5".into()));
    // `/api/local` is `/api/run` under its older name: one door for every puzzle.
    let (got, text) =
        http(&url, "POST", "/api/local", r#"{"puzzle":"digits","start":"320","goal":"110","algorithm":"annealing"}"#);
    assert_eq!(got, 400, "{text}");
    assert!(text.contains("unknown strategy `annealing` for the 3-digit puzzle"), "{text}");
    // A body over the 16 KiB limit is refused before it is read whole.
    let big = format!(r#"{{"puzzle":"digits","algorithm":"B","forbidden":"{}"}}"#, "1,".repeat(10_000));
    let (got, text) = http(&url, "POST", "/api/run", &big);
    assert_eq!(got, 413, "{text}");
    assert!(serde_json::from_str::<Value>(&text).unwrap()["error"].is_string());
    assert_eq!(http(&url, "GET", "/nowhere", "").0, 404);
}

/// `POST /api/local/trace` takes a `--trace` file's run, past the other requests' 16 KiB
/// (up to 4 MiB), and replays it as `POST /api/local` records the same run.
#[test]
fn a_local_search_trace_is_replayed_as_its_run_was_recorded() {
    let (_server, url) = start_server();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("annealing.jsonl");
    let args = ["search", "queens", "annealing", "--n", "12", "--seed", "4", "--trace", file.to_str().unwrap()];
    Command::new(searchlab_bin()).args(args).status().unwrap();
    let trace = std::fs::read_to_string(&file).unwrap();
    assert!(trace.len() > 16 * 1024, "{} bytes", trace.len());
    let body = serde_json::json!({"puzzle": "queens", "algorithm": "hill", "n": "12", "trace": trace});
    let (got, text) = http(&url, "POST", "/api/local/trace", &body.to_string());
    assert_eq!(got, 200, "{}", &text[..text.len().min(300)]);
    let loaded: Value = serde_json::from_str(&text).unwrap();
    let body = r#"{"puzzle":"queens","algorithm":"annealing","n":"12","seed":"4"}"#;
    let recorded: Value = serde_json::from_str(&http(&url, "POST", "/api/local", body).1).unwrap();
    assert_eq!(loaded["strategy"], "annealing");
    for key in ["frames", "drawings", "result", "seed"] {
        assert_eq!(loaded[key], recorded[key], "{key}");
    }
    let body = serde_json::json!({"puzzle": "queens", "algorithm": "hill", "n": "8", "trace": trace});
    let (got, text) = http(&url, "POST", "/api/local/trace", &body.to_string());
    assert_eq!(got, 422);
    assert!(text.contains("line 2: a board of 8 queens"), "{text}");
    let huge = serde_json::json!({"puzzle": "queens", "algorithm": "hill", "trace": "x".repeat(5 << 20)});
    assert_eq!(http(&url, "POST", "/api/local/trace", &huge.to_string()).0, 413);
}

mod browser;
mod class_page;
// The class graded for the class page (tests/grade.rs uses the helpers this binary does not).
mod drive;
mod events;
#[allow(dead_code)]
#[path = "../common/grade_class.rs"]
mod grade_class;
mod heuristics;
mod queens;
mod romania;
mod traces;
mod widths;

use browser::{browser, start_chromedriver, which};

/// Set to `1` to skip the browser test on a machine without chromium; `.ci/run` never sets it.
const SKIP_BROWSER_VAR: &str = "SEARCHLAB_SKIP_BROWSER";

/// Chromium and chromedriver, or `None` when `SEARCHLAB_SKIP_BROWSER=1` opts out; a missing
/// browser is a failure otherwise.
fn chromium_and_driver() -> Option<(PathBuf, PathBuf)> {
    let chromium = ["chromium", "chromium-browser"].iter().find_map(|n| which(n));
    let (Some(chromium), Some(chromedriver)) = (chromium, which("chromedriver")) else {
        // A missing browser is a failure: only an explicit opt-out (never set by .ci/run) skips.
        if std::env::var_os(SKIP_BROWSER_VAR).is_some_and(|v| v == "1") {
            println!("SKIPPED by {SKIP_BROWSER_VAR}=1: the browser test needs chromium and chromedriver");
            return None;
        }
        panic!(
            "the browser test needs chromium and chromedriver (apt-get install chromium chromium-driver); \
             set {SKIP_BROWSER_VAR}=1 to skip it on a machine without a browser"
        );
    };
    Some((chromium, chromedriver))
}

/// Runs `scenario` in a fresh headless Chromium, closed even when an assertion fails.
fn in_browser<F, Fut>(scenario: F)
where
    F: FnOnce(fantoccini::Client) -> Fut,
    Fut: std::future::Future<Output = ()> + Send + 'static,
{
    let Some((chromium, chromedriver)) = chromium_and_driver() else {
        return;
    };
    let (_driver, driver_url) = start_chromedriver(&chromedriver);
    let profile = tempfile::tempdir().unwrap();
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    runtime.block_on(async {
        let client = browser(&driver_url, &chromium, profile.path()).await;
        let outcome = tokio::spawn(scenario(client.clone())).await;
        let _ = client.close().await;
        if let Err(err) = outcome {
            std::panic::resume_unwind(err.into_panic());
        }
    });
}

#[test]
fn a_person_replays_bfs_and_astar_in_chromium() {
    let (_server, url) = start_server();
    in_browser(|client| async move { drive::drive(&client, &url).await });
}

#[test]
fn a_teacher_reads_and_sorts_the_class_page_on_a_phone() {
    let page = class_page::graded_class();
    in_browser(|client| async move { class_page::read_on_a_phone(&client, &page.out()).await });
}

/// The width and height of a PNG file (its IHDR chunk).
fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "not a PNG");
    let be = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
    (be(16), be(20))
}

#[test]
fn the_screenshots_script_draws_the_pages_the_docs_show() {
    if which("chromium").is_none() && std::env::var_os(SKIP_BROWSER_VAR).is_some_and(|v| v == "1") {
        println!("SKIPPED by {SKIP_BROWSER_VAR}=1: the screenshots need chromium");
        return;
    }
    let out = tempfile::tempdir().unwrap();
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scripts/screenshots.sh");
    let run = Command::new("bash")
        .arg(&script)
        .arg(out.path())
        .env("SEARCHLAB_BIN", searchlab_bin())
        .output()
        .expect("bash runs scripts/screenshots.sh");
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    let docs = std::fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("docs/visualize.md")).unwrap();
    for (name, size) in [
        ("serve-landing.png", (1400, 900)),
        ("serve.png", (1400, 1300)),
        ("serve-bfs.png", (1400, 1300)),
        ("serve-phone.png", (390, 844)),
        ("serve-romania.png", (1400, 1300)),
        ("serve-queens.png", (1400, 1100)),
    ] {
        let bytes = std::fs::read(out.path().join(name)).unwrap();
        assert_eq!(png_size(&bytes), size, "{name}");
        assert!(bytes.len() > 20_000, "{name} is only {} bytes: an empty page?", bytes.len());
        assert!(docs.contains(&format!("]({name})")), "docs/visualize.md does not show {name}");
    }
    // Every registered puzzle at both widths, each shown by the docs.
    let (_server, url) = start_server();
    let (status, body) = http(&url, "GET", "/api/puzzles", "");
    assert_eq!(status, 200);
    let puzzles: Value = serde_json::from_str(&body).unwrap();
    for puzzle in puzzles.as_array().unwrap() {
        for (width, height) in [(390, 2000), (1400, 1100)] {
            let name = format!("serve-{}-{width}.png", puzzle["name"].as_str().unwrap());
            let bytes = std::fs::read(out.path().join(&name)).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(png_size(&bytes), (width, height), "{name}");
            assert!(bytes.len() > 20_000, "{name} is only {} bytes: an empty page?", bytes.len());
            assert!(docs.contains(&format!("]({name})")), "docs/visualize.md does not show {name}");
        }
    }
}
