//! The scenarios: what a person does on the page, checked against the command line.

use std::time::{Duration, Instant};

use fantoccini::{Client, Locator};
use serde_json::Value;

use crate::browser::{click, counter, fill, run_and_wait, text};
use crate::{cli, http};

/// Runs every scenario in one browser session.
pub async fn drive(c: &Client, url: &str) {
    first_experiment(c, url).await;
    c.goto(url).await.unwrap();
    c.wait().for_element(Locator::Css("body[data-state=\"idle\"]")).await.unwrap();
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("input.txt");
    std::fs::write(&input, "320\n110\n").unwrap();
    let input = input.to_str().unwrap();

    bfs_step_by_expansion_and_by_event(c).await;
    bfs_to_the_end_like_the_cli(c, input).await;
    url_round_trip(c).await;
    paste_and_diverge(c, input).await;
    crate::traces::traces_replay_as_what_they_are(c, input, dir.path()).await;
    hill_climbing_says_why_it_stopped(c).await;
    a_short_number_is_read_aloud(c, url).await;
    crate::romania::romania_by_city_names(c).await;
    crate::events::the_page_decodes_every_event_as_the_trace(c, url, dir.path()).await;
    crate::queens::queens_by_local_search(c).await;
    crate::queens::queens_from_a_trace_file(c, dir.path()).await;
    boards(c).await;
    full_bfs_of_the_8_puzzle(c).await;
    crate::heuristics::misplaced_beside_manhattan(c, url).await;
    ida_on_the_15_puzzle(c).await;
    narrow_screen(c, url).await;
    exported_page(c, url, dir.path()).await;
    crate::queens::queens_exported(c, url, dir.path()).await;
    crate::widths::every_puzzle_fits_phones_and_projectors(c, url).await;
}

/// The landing page suggests a first experiment, and its link replays it.
async fn first_experiment(c: &Client, url: &str) {
    c.goto(url).await.unwrap();
    c.wait().for_element(Locator::Css("body[data-state=\"idle\"]")).await.unwrap();
    click(c, "#first-experiment").await;
    c.wait().at_most(Duration::from_secs(30)).for_element(Locator::Css("body[data-state=\"ready\"]")).await.unwrap();
    // BFS and A* side by side at the start, as the README's 320 -> 110 example.
    assert!(text(c, "#panes > .pane:nth-child(1) h2").await.starts_with("BFS on the 3-digit puzzle"));
    assert!(text(c, "#panes > .pane:nth-child(2) h2").await.starts_with("A* on the 3-digit puzzle"));
    click(c, "#end").await;
    assert_eq!((counter(c, 0, "expanded").await, counter(c, 1, "expanded").await), (23, 6));
    let name = c.execute("return downloadName({ ...request('B'), compare: 'A' }, {});", vec![]).await.unwrap();
    assert_eq!(name, "searchlab-digits-320-110-B-A.html");
}

pub(crate) async fn select(c: &Client, css: &str, value: &str) {
    c.find(Locator::Css(css)).await.unwrap().select_by_value(value).await.unwrap();
}

async fn digits_run(c: &Client, algorithm: &str) {
    click(c, "input[value=\"digits\"]").await;
    fill(c, "#start", "320").await;
    fill(c, "#goal", "110").await;
    fill(c, "#forbidden", "").await;
    select(c, "#algo-0", algorithm).await;
    run_and_wait(c).await;
}

async fn bfs_step_by_expansion_and_by_event(c: &Client) {
    digits_run(c, "B").await;
    assert_eq!(text(c, "#position").await, format!("event 0 / {}", total_events(c).await));
    let rule = text(c, ".pane .rule").await;
    assert!(
        rule.contains("queue: first in, first out") && rule.contains("goal test when a node is selected"),
        "{rule}"
    );
    // By expansion (the default): the start, then the root taken and expanded at once.
    click(c, "#step").await;
    assert_eq!((counter(c, 0, "frontier").await, counter(c, 0, "expanded").await), (1, 0));
    click(c, "#step").await;
    assert_eq!((counter(c, 0, "frontier").await, counter(c, 0, "expanded").await), (5, 1));
    assert_eq!((counter(c, 0, "generated").await, counter(c, 0, "engine-expanded").await), (5, 1));
    assert_eq!(text(c, "#panes .pane [data-now]").await, "Expanded 320 (#0): 5 children into the frontier.");
    assert_eq!(text(c, "#panes .pane .frontier li:first-child").await, "220");
    click(c, "#back").await;
    assert_eq!((counter(c, 0, "frontier").await, counter(c, 0, "generated").await), (1, 0));

    // By event: event 1 is the start; 2-3 select and goal-test the root (the spec counts it
    // as expanded); 4-8 generate its five children 220, 420, 310, 330, 321 (the last digit
    // cannot go below 0), in words; event 9 puts them into the queue.
    click(c, "#by-event").await;
    click(c, "#reset").await;
    click(c, "#step").await;
    assert_eq!((counter(c, 0, "frontier").await, counter(c, 0, "expanded").await), (1, 0));
    click(c, "#step").await;
    click(c, "#step").await;
    assert_eq!((counter(c, 0, "frontier").await, counter(c, 0, "expanded").await), (0, 1));
    click(c, "#step").await;
    assert_eq!(text(c, "#panes .pane [data-now]").await, "Generated 220 (#1) from #0 by the move 1st digit -1.");
    for _ in 0..4 {
        click(c, "#step").await;
    }
    assert_eq!((counter(c, 0, "generated").await, counter(c, 0, "frontier").await), (5, 0));
    click(c, "#step").await;
    assert_eq!((counter(c, 0, "frontier").await, counter(c, 0, "frontier-max").await), (5, 5));
    click(c, "#back").await;
    assert_eq!((counter(c, 0, "frontier").await, counter(c, 0, "generated").await), (0, 5));
    click(c, "#by-event").await;
    assert!(text(c, "#speed-label").await.ends_with("expansions/s"));
}

async fn total_events(c: &Client) -> String {
    c.find(Locator::Css("#timeline")).await.unwrap().attr("max").await.unwrap().unwrap()
}

async fn bfs_to_the_end_like_the_cli(c: &Client, input: &str) {
    click(c, "#end").await;
    let expected = cli(&["digits", "B", input]);
    let json: Value = serde_json::from_str(&cli(&["digits", "B", input, "--json"])).unwrap();
    // The spec's count (23, goal included) and the engine's (22) both shown, each named.
    assert_eq!(counter(c, 0, "expanded").await, 23);
    assert_eq!(counter(c, 0, "engine-expanded").await, json["stats"]["expanded"].as_u64().unwrap());
    assert_eq!(text(c, "[data-stat=\"selected\"]").await, "23");
    assert_eq!(text(c, "[data-label=\"expanded\"]").await.to_lowercase(), "expanded (the spec's list)");
    assert_eq!(text(c, "[data-result=\"path\"]").await, expected.lines().next().unwrap());
    assert_eq!(text(c, "[data-result=\"cli\"]").await.trim_end(), expected.trim_end());
    assert_eq!(text(c, "[data-result=\"moves\"]").await, "1st digit -1, 2nd digit -1, 1st digit -1");
    assert_eq!(counter(c, 0, "generated").await, json["stats"]["generated"].as_u64().unwrap());
    assert_eq!(counter(c, 0, "frontier-max").await, json["stats"]["max_frontier"].as_u64().unwrap());
    assert_eq!(counter(c, 0, "max-depth").await, json["stats"]["max_depth"].as_u64().unwrap());
    let stop = text(c, "[data-stop]").await;
    assert!(stop.contains("the goal 110 was selected"), "{stop}");
    let check = text(c, "[data-result=\"check\"]").await;
    assert!(check.contains("match"), "{check}");
}

async fn url_round_trip(c: &Client) {
    let url = c.current_url().await.unwrap();
    let query: Vec<(String, String)> = url.query_pairs().map(|(k, v)| (k.into(), v.into())).collect();
    for pair in [("puzzle", "digits"), ("start", "320"), ("goal", "110"), ("algo", "B"), ("at", "end")] {
        assert!(query.contains(&(pair.0.into(), pair.1.into())), "{url}");
    }
    c.goto(url.as_str()).await.unwrap();
    c.wait().at_most(Duration::from_secs(60)).for_element(Locator::Css("body[data-state=\"ready\"]")).await.unwrap();
    assert_eq!(counter(c, 0, "expanded").await, 23);
    assert!(text(c, "[data-stop]").await.contains("goal 110"));
}

async fn paste_and_diverge(c: &Client, input: &str) {
    // Your program took 310 before 420: the replay stops where the reference takes 420.
    let pasted = cli(&["digits", "B", input]).replacen("420,310", "310,420", 1);
    click(c, "#more summary").await;
    let area = c.find(Locator::Css("#paste")).await.unwrap();
    area.clear().await.unwrap();
    area.send_keys(&pasted).await.unwrap();
    click(c, "#compare-output").await;
    c.wait().at_most(Duration::from_secs(30)).for_element(Locator::Css("#divergence[data-index=\"2\"]")).await.unwrap();
    let message = text(c, "#divergence").await;
    assert!(message.contains("entry 3") && message.contains("the reference has 420, your program 310"), "{message}");
    assert_eq!(counter(c, 0, "expanded").await, 3);
    assert_eq!(text(c, "#panes .pane .expanded li:last-child").await, "420");

    // Garbage: the format faults in words (with their lines), not as the checker's codes.
    let area = c.find(Locator::Css("#paste")).await.unwrap();
    area.clear().await.unwrap();
    area.send_keys("hello\nworld\n").await.unwrap();
    click(c, "#compare-output").await;
    c.wait().at_most(Duration::from_secs(30)).for_element(Locator::Css("#divergence[data-index=\"0\"]")).await.unwrap();
    let message = text(c, "#divergence").await;
    assert!(message.contains("Format: "), "{message}");
    for code in ["extra-line-before-answer", "missing-line", "blank-line"] {
        assert!(!message.contains(code), "{message}");
    }

    // The right answer, badly formatted (spaces after the commas): its format faults said once.
    let spaced = cli(&["digits", "B", input]).replace(',', ", ");
    let area = c.find(Locator::Css("#paste")).await.unwrap();
    area.clear().await.unwrap();
    area.send_keys(&spaced).await.unwrap();
    c.execute("document.querySelector('#divergence').textContent = '';", vec![]).await.unwrap();
    click(c, "#compare-output").await;
    let same = Locator::Css("#divergence[data-index=\"\"]");
    c.wait().at_most(Duration::from_secs(30)).for_element(same).await.unwrap();
    let message = text(c, "#divergence").await;
    assert!(message.starts_with("The same answer as the reference, but not in the exact format: "), "{message}");
    assert!(!message.contains("Format: "), "the faults listed twice: {message}");
}

/// A number typed with fewer than three digits is read with leading zeros, and the page says so.
async fn a_short_number_is_read_aloud(c: &Client, url: &str) {
    c.goto(&format!("{url}/?puzzle=digits&start=32&goal=110&forbidden=&algo=B&at=end")).await.unwrap();
    c.wait().at_most(Duration::from_secs(60)).for_element(Locator::Css("body[data-state=\"ready\"]")).await.unwrap();
    let note = text(c, ".pane .note").await;
    assert!(note.starts_with("Start 32 is read as 032."), "{note}");
    let args = ["search", "digits", "B", "--start", "32", "--goal", "110"];
    let out = std::process::Command::new(crate::searchlab_bin()).args(args).output().unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stderr), "searchlab: note: start 32 is read as 032\n");
}

/// The innermost elements past the screen's right edge, as `tag#id.class` (at most three).
const WIDE_ELEMENTS: &str = "const w = document.documentElement.clientWidth; \
    const wide = [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > w + 1); \
    const leaves = wide.filter((e) => ![...e.children].some((k) => wide.includes(k))); \
    return leaves.slice(0, 3).map((e) => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') \
      + (typeof e.className === 'string' && e.className ? '.' + e.className.trim().split(/ +/).join('.') : '')).join(', ');";

/// The page is no wider than the window.
pub(crate) async fn assert_no_horizontal_overflow(c: &Client) {
    let widths = c
        .execute("return [document.documentElement.scrollWidth, document.documentElement.clientWidth];", vec![])
        .await
        .unwrap();
    let (scroll, client) = (widths[0].as_u64().unwrap(), widths[1].as_u64().unwrap());
    if scroll > client {
        // The innermost elements that reach past the screen's right edge, named in the failure.
        let wide = c.execute(WIDE_ELEMENTS, vec![]).await.unwrap();
        panic!("the page is {scroll} px wide on a {client} px screen: {wide}");
    }
}

async fn hill_climbing_says_why_it_stopped(c: &Client) {
    digits_run(c, "H").await;
    click(c, "#end").await;
    // `searchlab digits H`: No solution found, 320,310,210 expanded. 210 (h = 1) came by
    // the first digit, which may not change twice in a row; its children 220, 200, 211
    // all have h = 2: stuck.
    let stop = text(c, "[data-stop]").await;
    assert!(stop.starts_with("Stopped: hill-climbing is stuck at 210 with h = "), "{stop}");
    assert!(stop.contains("no child has a lower h"), "{stop}");
    // Not in the green of a solution: amber, and the result says there is none.
    let class = c.find(Locator::Css("[data-stop]")).await.unwrap().attr("class").await.unwrap();
    assert_eq!(class.as_deref(), Some("stop failed"));
    assert!(text(c, ".result h3").await.starts_with("No solution. "));
}

async fn boards(c: &Client) {
    // An unsolvable board is refused with a clear message, before any search.
    click(c, "input[value=\"npuzzle\"]").await;
    fill(c, "#board", "1,0,2,3,4,5,6,8,7").await;
    run_and_wait(c).await;
    let error = text(c, "#error").await;
    assert!(error.contains("cannot reach the goal"), "{error}");

    // A* on the course's board 8,6,4,2,1,3,5,7,0.
    fill(c, "#board", "8,6,4,2,1,3,5,7,0").await;
    select(c, "#algo-0", "ast").await;
    run_and_wait(c).await;
    assert!(!c.find(Locator::Css("#error")).await.unwrap().is_displayed().await.unwrap());
    click(c, "#step").await;
    click(c, "#step").await;
    // The root: g = 0 and h = f = its Manhattan distance, 18 (tiles 8:4, 6:3, 4:2, 2:3, 1:1,
    // 3:2, 5:3, 7:0 moves from their goal squares).
    assert_eq!(text(c, "[data-costs]").await, "Selected 864/213/57_: g = 0, h = 18, f = 18");
    click(c, "#end").await;
    assert!(text(c, "[data-stop]").await.contains("at depth 26"));
    let expected = cli(&["npuzzle", "ast", "8,6,4,2,1,3,5,7,0", "-o", "-"]);
    let first_five: Vec<&str> = expected.lines().take(5).collect();
    let shown = text(c, "[data-result=\"cli\"]").await;
    assert_eq!(shown.lines().collect::<Vec<_>>(), first_five);
    let nodes_expanded: u64 = first_five[2].trim_start_matches("nodes_expanded: ").parse().unwrap();
    assert_eq!(counter(c, 0, "expanded").await, nodes_expanded);
    let depth: u64 = first_five[3].trim_start_matches("search_depth: ").parse().unwrap();
    assert_eq!(counter(c, 0, "depth").await, depth);
    assert!(text(c, "[data-result=\"check\"]").await.contains("match"));
}

async fn full_bfs_of_the_8_puzzle(c: &Client) {
    // 166,786 expansions, replayed in full: the page loads it within 60 s (the wait's
    // bound; docs/visualize.md has the measured time) and ends on the CLI's counts.
    select(c, "#algo-0", "bfs").await;
    let started = Instant::now();
    run_and_wait(c).await;
    println!("full BFS replay: recorded, sent and ready in {:.1?}", started.elapsed());
    assert!(text(c, ".pane h2").await.starts_with("BFS"));
    click(c, "#end").await;
    let expected = cli(&["npuzzle", "bfs", "8,6,4,2,1,3,5,7,0", "-o", "-"]);
    assert!(expected.contains("nodes_expanded: 166786\n"));
    assert_eq!(counter(c, 0, "expanded").await, 166_786);
    let shown = text(c, "[data-result=\"cli\"]").await;
    assert_eq!(shown.lines().collect::<Vec<_>>(), expected.lines().take(5).collect::<Vec<_>>());
    assert!(text(c, "[data-result=\"check\"]").await.contains("match"));
    // The recording's time is named as such, not taken for the command line's running_time.
    assert!(text(c, ".final-stats").await.contains("time of this recording (traced: slower than the command line"));
    // The tree as text: one line per depth, the path at the end.
    click(c, "details.tree-text summary").await;
    c.wait().for_element(Locator::Css("[data-tree-text]:not(:empty)")).await.unwrap();
    let tree = text(c, "[data-tree-text]").await;
    assert!(
        tree.contains("depth 26:") && tree.contains("Solution path: 864/213/57_ →"),
        "{}",
        &tree[..200.min(tree.len())]
    );

    // Beside A* (1,585 expansions): one scale for both panes, and a note saying so.
    let compare = c.find(Locator::Css("#compare")).await.unwrap();
    if !compare.is_selected().await.unwrap() {
        compare.click().await.unwrap();
    }
    select(c, "#algo-1", "ast").await;
    run_and_wait(c).await;
    click(c, "#end").await;
    assert_eq!(counter(c, 1, "expanded").await, 1_585);
    let note = text(c, "#scale-note").await;
    assert!(note.contains("BFS 166,786, A* 1,585, 105 times as many"), "{note}");
    let share = |pane: usize| {
        format!("return getComputedStyle(document.querySelector('#panes > .pane:nth-child({pane}) [data-counter=\"expanded\"]').parentElement).getPropertyValue('--share');")
    };
    let bfs = c.execute(&share(1), vec![]).await.unwrap();
    let astar = c.execute(&share(2), vec![]).await.unwrap();
    assert_eq!((bfs.as_str().unwrap().trim(), astar.as_str().unwrap().trim()), ("1.0000", "0.0095"));
    // No counter label is broken inside a word: each fits its box.
    let broken = c
        .execute("return [...document.querySelectorAll('.counters .label')].filter(l => l.scrollWidth > l.clientWidth).map(l => l.textContent);", vec![])
        .await
        .unwrap();
    assert_eq!(broken, serde_json::json!([]));
    compare.click().await.unwrap();
}

async fn ida_on_the_15_puzzle(c: &Client) {
    // Korf's instance 79 (optimal: 42 moves) by IDA* with linear conflicts, iteration by iteration.
    let board = "0,1,9,7,11,13,5,3,14,12,4,2,8,6,10,15";
    click(c, "input[value=\"npuzzle-ida\"]").await;
    fill(c, "#tiles", board).await;
    run_and_wait(c).await;
    let expected = cli(&["solve", "--heuristic", "manhattan-lc", board]);
    let initial_h: u64 = expected.split("initial h ").nth(1).unwrap().split(')').next().unwrap().parse().unwrap();
    click(c, "#step").await;
    click(c, "#step").await;
    assert_eq!(text(c, ".pane .iteration").await, format!("Iteration 1: bound on f {initial_h}"));
    assert_eq!(
        text(c, "[data-costs]").await,
        format!("Selected _ 1 9 7/11 13 5 3/14 12 4 2/8 6 10 15: g = 0, h = {initial_h}, f = {initial_h}")
    );
    click(c, "#end").await;
    // IDA*'s bounds rise by 2 on the 15-puzzle: the last iteration's bound is the optimum.
    let iterations = (42 - initial_h) / 2 + 1;
    assert_eq!(text(c, ".pane .iteration").await, format!("Iteration {iterations}: bound on f 42"));
    let shown = text(c, "[data-result=\"cli\"]").await;
    assert_eq!(shown.lines().collect::<Vec<_>>(), expected.lines().take(2).collect::<Vec<_>>());
    let nodes = expected.lines().nth(2).unwrap();
    let expanded: u64 = nodes.trim_start_matches("Nodes: ").split(' ').next().unwrap().parse().unwrap();
    assert_eq!(counter(c, 0, "expanded").await, expanded);
    let check = text(c, "[data-result=\"check\"]").await;
    assert!(check.contains("match"), "{check}");
}

async fn narrow_screen(c: &Client, url: &str) {
    c.set_window_size(390, 844).await.unwrap();
    c.goto(&format!("{url}/?puzzle=digits&start=320&goal=110&algo=A&compare=B&at=end")).await.unwrap();
    c.wait().at_most(Duration::from_secs(60)).for_element(Locator::Css("body[data-state=\"ready\"]")).await.unwrap();
    assert_no_horizontal_overflow(c).await;
    assert_eq!(counter(c, 1, "expanded").await, 23);
    // The sticky player takes a small part of a phone's height (225 of 844 px before).
    let player =
        c.execute("return document.querySelector('#player').getBoundingClientRect().height;", vec![]).await.unwrap();
    assert!(player.as_f64().unwrap() <= 110.0, "the player is {player} px high");
    // Every control is reachable by keyboard: no button or field is taken out of the tab order.
    let unreachable = c
        .execute("return [...document.querySelectorAll('button, input, select, textarea, summary')].filter(e => e.tabIndex < 0).length;", vec![])
        .await
        .unwrap();
    assert_eq!(unreachable, 0);
}

async fn exported_page(c: &Client, url: &str, dir: &std::path::Path) {
    // The replay as one HTML file (what a notebook shows): opened from disk, no server.
    // Side by side, both panes are exported, under the puzzle's name as the page shows it and
    // with the instance.
    let body = r#"{"puzzle":"digits","start":"320","goal":"110","forbidden":"","algorithm":"A","compare":"B"}"#;
    let (status, page) = http(url, "POST", "/api/export", body);
    assert_eq!(status, 200);
    let file = dir.join("replay.html");
    std::fs::write(&file, page).unwrap();
    c.goto(&format!("file://{}", file.display())).await.unwrap();
    c.wait().at_most(Duration::from_secs(30)).for_element(Locator::Css("body[data-state=\"ready\"]")).await.unwrap();
    click(c, "#step").await;
    click(c, "#step").await;
    assert_eq!(counter(c, 0, "expanded").await, 1);
    click(c, "#end").await;
    // searchlab digits A: 320,220,210,110 and 6 expanded; B: 23 expanded (README).
    assert_eq!(counter(c, 0, "expanded").await, 6);
    assert_eq!(counter(c, 1, "expanded").await, 23);
    assert_eq!(c.title().await.unwrap(), "A* and BFS on the 3-digit puzzle, 320 → 110");
    assert_eq!(text(c, "[data-result=\"path\"]").await, "320,220,210,110");
    assert!(text(c, "[data-result=\"check\"]").await.contains("match"));
}
