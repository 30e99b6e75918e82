//! Two heuristics side by side on the 8-puzzle: one strategy in both panes, the right pane
//! with its own heuristic (a field that is a choice of the run), each pane labelled with its
//! heuristic and ending on the command line's counts.

use fantoccini::{Client, Locator};

use crate::browser::{click, counter, fill, run_and_wait, text};
use crate::cli;
use crate::drive::select;

/// The nodes `searchlab search npuzzle astar` with `heuristic` took from the frontier (its
/// "expanded" count).
fn cli_expanded(board: &str, heuristic: &str) -> u64 {
    let out = cli(&["search", "npuzzle", "astar", "--board", board, "--heuristic", heuristic]);
    let line = out.lines().find(|l| l.starts_with("nodes: ")).unwrap_or_else(|| panic!("{out}"));
    line["nodes: ".len()..].split_whitespace().next().unwrap().parse().unwrap()
}

/// A* with misplaced tiles (h1) beside A* with Manhattan distance (h2), as the textbook
/// compares them, from the form and then from the link it writes.
pub(crate) async fn misplaced_beside_manhattan(c: &Client, url: &str) {
    let board = "1,5,6,3,0,4,7,8,2";
    click(c, "input[value=\"npuzzle\"]").await;
    fill(c, "#board", board).await;
    fill(c, "#heuristic", "misplaced").await;
    select(c, "#algo-0", "astar").await;
    let compare = c.find(Locator::Css("#compare")).await.unwrap();
    if !compare.is_selected().await.unwrap() {
        compare.click().await.unwrap();
    }
    select(c, "#algo-1", "astar").await;
    fill(c, "#compare-heuristic", "manhattan").await;
    run_and_wait(c).await;
    assert_eq!(text(c, "#error").await, "");
    let title = |pane: usize| format!("#panes > .pane:nth-child({pane}) h2");
    assert!(text(c, &title(1)).await.starts_with("A*, heuristic misplaced on the 8-puzzle"));
    assert!(text(c, &title(2)).await.starts_with("A*, heuristic manhattan on the 8-puzzle"));
    click(c, "#end").await;
    let (h1, h2) = (cli_expanded(board, "misplaced"), cli_expanded(board, "manhattan"));
    assert!(h1 > 4 * h2, "misplaced tiles {h1}, Manhattan {h2}");
    // The command line counts the nodes taken from the frontier, the goal included; the
    // 8-puzzle's own count (expanded) leaves the goal out.
    assert_eq!((counter(c, 0, "engine-expanded").await, counter(c, 1, "engine-expanded").await), (h1, h2));
    assert_eq!((counter(c, 0, "expanded").await, counter(c, 1, "expanded").await), (h1 - 1, h2 - 1));
    // Both panes end on the same 16-move solution.
    assert_eq!((counter(c, 0, "depth").await, counter(c, 1, "depth").await), (16, 16));

    // A saved replay is named after the puzzle, the board and each pane's run.
    let name = c
        .execute(
            "return downloadName({ ...request($('#algo-0').value), compare: $('#algo-1').value }, compareFields());",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(name, "searchlab-npuzzle-1-5-6-3-0-4-7-8-2-0-1-2-3-4-5-6-7-8-astar-misplaced-astar-manhattan.html");

    // The link carries the right pane's heuristic and replays the same two runs.
    let link = c.current_url().await.unwrap();
    assert_eq!(link.query_pairs().find(|(k, _)| k == "compare_heuristic").unwrap().1, "manhattan");
    c.goto(&format!("{url}/?{}", link.query().unwrap())).await.unwrap();
    c.wait().for_element(Locator::Css("body[data-state=\"ready\"]")).await.unwrap();
    assert!(text(c, &title(2)).await.starts_with("A*, heuristic manhattan on the 8-puzzle"));

    // Back to one heuristic for the scenarios that follow.
    fill(c, "#heuristic", "manhattan").await;
    fill(c, "#compare-heuristic", "").await;
}
