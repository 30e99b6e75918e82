//! The n-queens in the browser: local search replayed move by move, the board drawn by the
//! puzzle with its attacking pairs marked, and the run the command line makes.

use fantoccini::Client;
use serde_json::Value;

use crate::browser::{click, counter, fill, run_and_wait, text, texts};
use crate::cli;
use crate::drive::select;

/// The attacking pairs the first pane's board marks.
async fn marked_pairs(c: &Client) -> u64 {
    texts(c, "#panes > .pane:nth-child(1) .state-view svg line.attack").await.len() as u64
}

/// The page speaks of a local search in its own words: attacking pairs, moves, restarts and
/// temperature, never a node expanded, a frontier or a tree (the keys' help included).
async fn local_words_only(c: &Client) {
    let keys = text(c, ".keys").await;
    assert!(keys.contains("→/← one move") && keys.contains("restart") && keys.contains("attacking pairs"), "{keys}");
    assert!(keys.contains("temperature"), "{keys}");
    // Counter labels are shown in capitals: the words are compared in lower case.
    let page = text(c, "#panes").await.to_lowercase();
    assert!(page.contains("attacking pairs now") && page.contains("restarts"), "{page}");
    for words in [keys, page] {
        for path_word in ["expan", "frontier", "tree", "node"] {
            assert!(!words.to_lowercase().contains(path_word), "{path_word} in: {words}");
        }
    }
}

/// Steepest ascent from seed 7's start, then beside simulated annealing.
pub(crate) async fn queens_by_local_search(c: &Client) {
    click(c, "input[value=\"queens\"]").await;
    fill(c, "#n", "8").await;
    fill(c, "#seed", "7").await;
    fill(c, "#sideways", "0").await;
    select(c, "#algo-0", "hill").await;
    run_and_wait(c).await;
    // Seed 7's start, counted by hand: columns 0-3 on row 1 (6 pairs), columns 5 and 7 on
    // row 5 (1), and five diagonal pairs: (1,5), (3,4), (3,7), (4,6), (4,7). 12 pairs.
    assert_eq!(text(c, "[data-now]").await, "Start from a random state: 1,1,1,1,2,5,0,5, 12 attacking pairs.");
    assert_eq!(counter(c, 0, "value").await, 12);
    local_words_only(c).await;
    assert_eq!(marked_pairs(c).await, 12);
    assert_eq!(texts(c, "#panes .pane .state-view svg circle.queen").await.len(), 8);
    // Each step is one move; the board's marked pairs are the value at every step.
    for moves in 1..=3 {
        click(c, "#step").await;
        assert_eq!(counter(c, 0, "moves").await, moves);
        assert_eq!(marked_pairs(c).await, counter(c, 0, "value").await);
    }
    click(c, "#end").await;
    assert_eq!(text(c, "[data-stop]").await, "Stop: stuck: no neighbour is better.");
    assert_eq!(text(c, ".result h3").await, "Not solved: 2 attacking pairs after 3 moves");
    assert_eq!(marked_pairs(c).await, 2);
    // The page names the command line that makes the same run, and it does.
    let command = text(c, "[data-result=\"cli\"]").await;
    assert_eq!(command, "searchlab search queens hill --n 8 --seed 7");
    let args: Vec<&str> = command.split(' ').skip(1).chain(["--json"]).collect();
    let output = std::process::Command::new(crate::searchlab_bin()).args(&args).output().unwrap();
    assert_eq!(output.status.code(), Some(1), "no run solved: exit 1");
    let summary: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!((&summary["solved"], &summary["mean_steps_stuck"]), (&0.into(), &3.0.into()));

    // Beside simulated annealing from the same start: its moves go up as well as down, its
    // count of moves is the command line's, and it ends on a board without a marked pair.
    click(c, "#compare").await;
    select(c, "#algo-1", "annealing").await;
    run_and_wait(c).await;
    assert_eq!(texts(c, "#panes > .pane").await.len(), 2);
    let second = "#panes > .pane:nth-child(2)";
    assert!(text(c, &format!("{second} [data-now]")).await.contains("1,1,1,1,2,5,0,5, 12 attacking pairs"));
    click(c, "#end").await;
    let annealing: Value =
        serde_json::from_str(&cli(&["search", "queens", "annealing", "--n", "8", "--seed", "7", "--json"])).unwrap();
    assert_eq!(annealing["solved"], 1, "seed 7's annealing run solves");
    assert_eq!(Value::from(counter(c, 1, "moves").await as f64), annealing["mean_steps_solved"]);
    assert!(counter(c, 1, "uphill").await > 0);
    assert_eq!(counter(c, 1, "value").await, 0);
    assert_eq!(texts(c, &format!("{second} .state-view svg line.attack")).await.len(), 0);
    assert!(text(c, &format!("{second} .result h3")).await.starts_with("Solved after"));
    click(c, "#compare").await;
}

/// A `--trace` file of two first-choice runs loaded while steepest ascent is chosen: the
/// page replays the file's first run with the file's strategy, the boards drawn again by the
/// puzzle, and ends where the command line's first run ends; loaded while another puzzle is
/// selected, the form goes back to the n-queens.
pub(crate) async fn queens_from_a_trace_file(c: &Client, dir: &std::path::Path) {
    let file = dir.join("first-choice.jsonl");
    let path = file.to_str().unwrap();
    let args = ["search", "queens", "hill-first-choice", "--n", "8", "--seed", "3"];
    let two = std::process::Command::new(crate::searchlab_bin())
        .args(args)
        .args(["--runs", "2", "--trace", path])
        .status()
        .unwrap();
    assert!(two.code().is_some_and(|code| code <= 1));
    let one: Value = serde_json::from_str(&cli_any(&[&args[..], &["--json"]].concat())).unwrap();
    fill(c, "#n", "8").await;
    select(c, "#algo-0", "hill").await;
    let input = c.find(fantoccini::Locator::Css("#trace-file")).await.unwrap();
    input.send_keys(path).await.unwrap();
    let loaded = fantoccini::Locator::Css("#panes > .pane[data-strategy=\"hill-first-choice\"]");
    c.wait().at_most(std::time::Duration::from_secs(30)).for_element(loaded).await.unwrap();
    assert_eq!(texts(c, "#panes > .pane").await.len(), 1);
    click(c, "#step").await;
    assert_eq!(marked_pairs(c).await, counter(c, 0, "value").await);
    click(c, "#end").await;
    let solved = one["solved"] == 1;
    let steps = if solved { &one["mean_steps_solved"] } else { &one["mean_steps_stuck"] };
    assert_eq!(Value::from(counter(c, 0, "moves").await as f64), *steps);
    assert_eq!(counter(c, 0, "value").await == 0, solved);
    assert_eq!(marked_pairs(c).await, counter(c, 0, "value").await);
    assert_eq!(
        text(c, "[data-result=\"cli-label\"]").await,
        "Loaded from first-choice.jsonl: run 1 of the 2 it holds, drawn again by the n-queens. The form is set to the \
         file's run: First-choice hill-climbing on the n-queens."
    );

    // Loaded while the 8-puzzle is selected: the form goes back to the n-queens and its
    // first-choice hill-climbing, and the file replays as before.
    click(c, "input[value=\"npuzzle\"]").await;
    // The earlier replay's pane goes, so that the wait below is for the new one.
    c.execute("document.querySelectorAll('#panes > .pane').forEach((n) => n.remove());", vec![]).await.unwrap();
    input.send_keys(path).await.unwrap();
    let pane = fantoccini::Locator::Css("#panes > .pane[data-strategy=\"hill-first-choice\"]");
    c.wait().at_most(std::time::Duration::from_secs(30)).for_element(pane).await.unwrap();
    let chosen = c.find(fantoccini::Locator::Css("input[name=\"puzzle\"]:checked")).await.unwrap();
    assert_eq!(chosen.prop("value").await.unwrap().as_deref(), Some("queens"));
    click(c, "#end").await;
    let label = text(c, "[data-result=\"cli-label\"]").await;
    assert!(label.ends_with("First-choice hill-climbing on the n-queens."), "{label}");
    assert_eq!(Value::from(counter(c, 0, "moves").await as f64), *steps);
}

/// `searchlab ARGS`' standard output, whatever its exit code (a local search that solves
/// nothing exits 1).
fn cli_any(args: &[&str]) -> String {
    let output = std::process::Command::new(crate::searchlab_bin()).args(args).output().unwrap();
    String::from_utf8(output.stdout).unwrap()
}

/// The n-queens' replay as one HTML file, opened from disk with no server: both runs from
/// seed 7's start, replayed move by move as the served page does.
pub(crate) async fn queens_exported(c: &Client, url: &str, dir: &std::path::Path) {
    let body = r#"{"puzzle":"queens","n":"8","seed":"7","sideways":"0","algorithm":"hill","compare":"annealing"}"#;
    let (status, page) = crate::http(url, "POST", "/api/export", body);
    assert_eq!(status, 200, "{page}");
    let file = dir.join("queens.html");
    std::fs::write(&file, page).unwrap();
    c.goto(&format!("file://{}", file.display())).await.unwrap();
    let ready = fantoccini::Locator::Css("body[data-state=\"ready\"]");
    c.wait().at_most(std::time::Duration::from_secs(30)).for_element(ready).await.unwrap();
    assert_eq!(
        c.title().await.unwrap(),
        "Hill-climbing (steepest ascent) and Simulated annealing on the n-queens, queens (n) 8, seed 7"
    );
    assert_eq!(texts(c, "#panes > .pane").await.len(), 2);
    assert_eq!(marked_pairs(c).await, 12, "seed 7's start");
    click(c, "#step").await;
    assert_eq!(counter(c, 0, "moves").await, 1);
    assert_eq!(marked_pairs(c).await, counter(c, 0, "value").await);
    click(c, "#end").await;
    // The same ends as the served page's (queens_by_local_search) and the command line's.
    assert_eq!((counter(c, 0, "moves").await, counter(c, 0, "value").await), (3, 2));
    let annealing: Value =
        serde_json::from_str(&cli(&["search", "queens", "annealing", "--n", "8", "--seed", "7", "--json"])).unwrap();
    assert_eq!(Value::from(counter(c, 1, "moves").await as f64), annealing["mean_steps_solved"]);
    assert_eq!(counter(c, 1, "value").await, 0);
}
