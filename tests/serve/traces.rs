//! `--trace` files loaded into the page: each replays as what its first line (the run line)
//! says it is, the form set to that puzzle, strategy and instance, and the page saying so; a
//! file that does not say, or names a puzzle or strategy the page lacks, is refused in one line.

use std::path::Path;
use std::time::Duration;

use fantoccini::{Client, Locator};

use crate::browser::{click, counter, text};
use crate::cli;
use crate::drive::{assert_no_horizontal_overflow, select};

/// Loads `path` into the page and waits for its replay's note (or an error, when `refused`).
async fn load(c: &Client, path: &Path, refused: bool) {
    if !refused {
        // The note of a replay loaded before would satisfy the wait at once.
        c.execute("document.querySelectorAll('.pane .note').forEach((n) => n.remove());", vec![]).await.unwrap();
    }
    let file = c.find(Locator::Css("#trace-file")).await.unwrap();
    file.send_keys(path.to_str().unwrap()).await.unwrap();
    let wanted = if refused { "#error:not([hidden])" } else { ".pane .note" };
    c.wait().at_most(Duration::from_secs(30)).for_element(Locator::Css(wanted)).await.unwrap();
}

/// The text of `css` once it has one (at most 30 s).
async fn wait_for_text(c: &Client, css: &str) -> String {
    let started = std::time::Instant::now();
    let script = format!("return document.querySelector('{css}').textContent;");
    loop {
        let shown = c.execute(&script, vec![]).await.unwrap().as_str().unwrap_or_default().to_string();
        if !shown.is_empty() || started.elapsed() > Duration::from_secs(30) {
            return shown;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The form's value of `css`.
async fn value(c: &Client, css: &str) -> String {
    c.find(Locator::Css(css)).await.unwrap().prop("value").await.unwrap().unwrap_or_default()
}

/// The puzzle chosen in the form.
async fn chosen_puzzle(c: &Client) -> String {
    value(c, "input[name=\"puzzle\"]:checked").await
}

pub async fn traces_replay_as_what_they_are(c: &Client, input: &str, dir: &Path) {
    // A BFS trace loaded while A* is selected: replayed as BFS (never with h = 0 under A*'s
    // rules), the form set to B and the page saying so.
    select(c, "#algo-0", "A").await;
    let bfs = dir.join("bfs.jsonl");
    cli(&["digits", "B", input, "--trace", bfs.to_str().unwrap()]);
    load(c, &bfs, false).await;
    let note = text(c, ".pane .note").await;
    assert!(note.starts_with("Loaded from bfs.jsonl"), "{note}");
    assert!(note.ends_with("The form is set to the file's run: BFS on the 3-digit puzzle."), "{note}");
    assert_eq!(value(c, "#algo-0").await, "B");
    click(c, "#end").await;
    assert_eq!(counter(c, 0, "expanded").await, 23);
    assert_eq!(text(c, "[data-result=\"path\"]").await, "320,220,210,110");
    assert!(text(c, "[data-result=\"check\"]").await.contains("match"));

    // Saved: the file's search, once a fresh run of the form has shown to be the same one; a
    // file whose finish was edited is refused in one line.
    c.execute("document.querySelector('#share-status').textContent = '';", vec![]).await.unwrap();
    click(c, "#download").await;
    let saved = wait_for_text(c, "#share-status").await;
    assert_eq!(text(c, "#error").await, "", "the download refused");
    assert_eq!(saved, "Saved searchlab-digits-320-110-B.html: the loaded file's search, run again (the same events).");
    let edited = dir.join("edited.jsonl");
    std::fs::write(&edited, std::fs::read_to_string(&bfs).unwrap().replace("\"expanded\":22,", "\"expanded\":21,"))
        .unwrap();
    load(c, &edited, false).await;
    click(c, "#download").await;
    let refusal = wait_for_text(c, "#error").await;
    assert!(
        refusal.starts_with("The loaded file is not the search a fresh run of BFS on this instance makes"),
        "{refusal}"
    );

    // An 8-puzzle trace loaded while the 3-digit puzzle is selected: the form moves to the
    // 8-puzzle, its board and A*, and the replay counts what the command line counted; the
    // page keeps its width at 1400 px.
    c.set_window_size(1400, 900).await.unwrap();
    let boards = dir.join("ast.jsonl");
    let board = "8,6,4,2,1,3,5,7,0";
    let answer = cli(&["npuzzle", "ast", board, "-o", "-", "--trace", boards.to_str().unwrap()]);
    load(c, &boards, false).await;
    assert_eq!(chosen_puzzle(c).await, "npuzzle");
    assert_eq!(value(c, "#algo-0").await, "ast");
    assert_eq!(value(c, "#fields-npuzzle input[name=\"board\"]").await, board);
    assert!(text(c, ".pane .note").await.ends_with("on the 8-puzzle."));
    click(c, "#end").await;
    let expanded: u64 = answer.split("nodes_expanded: ").nth(1).unwrap().lines().next().unwrap().parse().unwrap();
    assert_eq!(counter(c, 0, "expanded").await, expanded);
    assert_no_horizontal_overflow(c).await;

    // A 15-puzzle IDA* trace (searchlab solve) while the 8-puzzle is selected: IDA* on the
    // 15-puzzle, its board in the form.
    let ida = dir.join("ida.jsonl");
    let tiles = "1,2,0,3,4,5,6,7,8,9,10,11,12,13,14,15";
    cli(&["solve", "--heuristic", "manhattan-lc", tiles, "--trace", ida.to_str().unwrap()]);
    load(c, &ida, false).await;
    assert_eq!(chosen_puzzle(c).await, "npuzzle-ida");
    assert_eq!(value(c, "#tiles").await, tiles);
    click(c, "#end").await;
    assert_eq!(text(c, ".pane .iteration").await, "Iteration 1: bound on f 2");

    // And back: an 8-puzzle trace while the 15-puzzle is selected is the 8-puzzle's.
    load(c, &boards, false).await;
    assert_eq!(chosen_puzzle(c).await, "npuzzle");

    // Refused in one line: a trace that does not say what it is (its run line cut), and one of
    // a Python problem of one's own.
    let text_of = std::fs::read_to_string(&bfs).unwrap();
    let headless = dir.join("headless.jsonl");
    std::fs::write(&headless, text_of.split_once('\n').unwrap().1).unwrap();
    load(c, &headless, true).await;
    assert_eq!(
        text(c, "#error").await,
        "headless.jsonl does not say what it is a trace of (its first line is not a run line): write it again with \
         --trace, which names the puzzle and the strategy."
    );
    let own = dir.join("own.jsonl");
    std::fs::write(&own, "{\"type\":\"run\",\"puzzle\":\"problem\",\"strategy\":\"bfs\",\"instance\":{}}\n").unwrap();
    load(c, &own, true).await;
    let refusal = text(c, "#error").await;
    assert!(
        refusal
            .starts_with("own.jsonl is a trace of bfs on a Python problem of your own, which this page cannot replay"),
        "{refusal}"
    );
    assert_eq!(chosen_puzzle(c).await, "npuzzle", "a refused file leaves the form as it was");
    // The next scenarios start from the 3-digit puzzle.
    click(c, "input[value=\"digits\"]").await;
}
