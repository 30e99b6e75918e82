//! Driving headless Chromium: chromedriver on a free port, a WebDriver session, and the
//! few helpers the scenarios use.

use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};

use crate::Running;

pub fn which(name: &str) -> Option<PathBuf> {
    std::env::var_os("PATH")?.to_str()?.split(':').map(|d| Path::new(d).join(name)).find(|p| p.is_file())
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// Starts chromedriver on a free port and waits until it accepts connections.
pub fn start_chromedriver(binary: &Path) -> (Running, String) {
    let port = free_port();
    let child =
        Command::new(binary).arg(format!("--port={port}")).stdout(Stdio::null()).stderr(Stdio::null()).spawn().unwrap();
    let running = Running(child);
    let started = Instant::now();
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(started.elapsed() < Duration::from_secs(30), "chromedriver did not start");
        std::thread::sleep(Duration::from_millis(50));
    }
    (running, format!("http://127.0.0.1:{port}"))
}

pub async fn browser(driver: &str, chromium: &Path, profile: &Path) -> Client {
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        serde_json::json!({
            "binary": chromium,
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--window-size=1400,1200", format!("--user-data-dir={}", profile.display()),
            ],
        }),
    );
    let connector = hyper_util::client::legacy::connect::HttpConnector::new();
    ClientBuilder::new(connector).capabilities(caps).connect(driver).await.expect("connect to chromedriver")
}

pub async fn text(c: &Client, css: &str) -> String {
    c.find(Locator::Css(css)).await.unwrap_or_else(|e| panic!("{css}: {e}")).text().await.unwrap()
}

/// The texts of every element `css` selects.
pub async fn texts(c: &Client, css: &str) -> Vec<String> {
    let mut out = Vec::new();
    for element in c.find_all(Locator::Css(css)).await.unwrap() {
        out.push(element.text().await.unwrap());
    }
    out
}

pub async fn counter(c: &Client, pane: usize, name: &str) -> u64 {
    let t = text(c, &format!("#panes > .pane:nth-child({}) [data-counter=\"{name}\"]", pane + 1)).await;
    t.parse().unwrap_or_else(|_| panic!("{name}: `{t}`"))
}

pub async fn click(c: &Client, css: &str) {
    c.find(Locator::Css(css)).await.unwrap_or_else(|e| panic!("{css}: {e}")).click().await.unwrap();
}

pub async fn fill(c: &Client, css: &str, value: &str) {
    let input = c.find(Locator::Css(css)).await.unwrap();
    input.clear().await.unwrap();
    input.send_keys(value).await.unwrap();
}

pub async fn run_and_wait(c: &Client) {
    click(c, "#run").await;
    c.wait()
        .at_most(Duration::from_secs(60))
        .for_element(Locator::Css("body[data-state=\"ready\"], body[data-state=\"error\"]"))
        .await
        .unwrap();
}
