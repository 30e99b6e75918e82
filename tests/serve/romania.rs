//! The Romania road map in the browser: cities as text, the map drawn with each city's status,
//! and the strategies with their own frontier models (beam, bidirectional, RBFS, iterative
//! lengthening).

use fantoccini::Client;

use crate::browser::{click, counter, fill, run_and_wait, text, texts};
use crate::cli;
use crate::drive::select;

/// A* (AIMA Figure 3.24), then beam search, bidirectional uniform-cost search and recursive
/// best-first search, each checked against the engine's counts.
pub(crate) async fn romania_by_city_names(c: &Client) {
    // A* from Arad to Bucharest (AIMA Figure 3.24): states are city names, shown as text.
    click(c, "input[value=\"romania\"]").await;
    fill(c, "#from", "Arad").await;
    fill(c, "#to", "Bucharest").await;
    select(c, "#algo-0", "astar").await;
    run_and_wait(c).await;
    click(c, "#step").await;
    click(c, "#step").await;
    assert_eq!(text(c, "[data-costs]").await, "Selected Arad: g = 0, h = 366, f = 366");
    // The frontier as AIMA Figure 3.24 (b) writes it, g + h = f, and the roads' lengths on the
    // map (Figure 3.2: Arad-Sibiu 140, Fagaras-Bucharest 211).
    let frontier = texts(c, "#panes .pane .frontier li").await;
    assert_eq!(frontier, ["Sibiu 140 + 253 = 393", "Timisoara 118 + 329 = 447", "Zerind 75 + 374 = 449"]);
    let roads = texts(c, "#panes .pane .state-view svg text.link-label").await;
    assert_eq!(roads.len(), 23);
    assert!(roads.iter().any(|r| r == "140") && roads.iter().any(|r| r == "211"), "{roads:?}");
    assert_eq!(text(c, "#panes .pane .state-view .scene-current").await, "Arad");
    click(c, "#end").await;
    assert_eq!(counter(c, 0, "expanded").await, 6);
    // The count is named as the puzzle names it (its registration), not as the 3-digit spec does.
    assert_eq!(text(c, "[data-label=\"expanded\"]").await.to_lowercase(), "expanded (the book's order)");
    assert_eq!(text(c, "#panes .pane .expanded li:last-child").await, "Bucharest");
    assert_eq!(text(c, "[data-result=\"path\"]").await, "Arad, Sibiu, Rimnicu Vilcea, Pitesti, Bucharest");
    // The map: 20 cities and 23 roads; the route's 5 cities and 4 roads marked as the path,
    // Fagaras (expanded, off the route) as expanded, Iasi never reached.
    assert_eq!(texts(c, "#panes .pane .state-view svg circle.place").await.len(), 20);
    assert_eq!(texts(c, "#panes .pane .state-view svg line.link").await.len(), 23);
    assert_eq!(texts(c, "#panes .pane .state-view svg circle[data-status=path]").await.len(), 5);
    assert_eq!(texts(c, "#panes .pane .state-view svg line[data-path=true]").await.len(), 4);
    assert_eq!(texts(c, "#panes .pane .state-view svg circle[data-status=expanded]").await.len(), 1);
    assert_eq!(texts(c, "#panes .pane .state-view svg circle[data-status=unseen]").await.len(), 10);
    // Under each city reached, its h: the straight-line distance to Bucharest of Figure 3.16
    // (Arad 366, Sibiu 253, Fagaras 176, Rimnicu Vilcea 193, Pitesti 100, Bucharest 0, ...).
    let h = texts(c, "#panes .pane .state-view svg text.place-h").await;
    assert_eq!(h.len(), 10, "{h:?}");
    for value in ["h=366", "h=253", "h=176", "h=193", "h=100", "h=0", "h=329", "h=374", "h=380", "h=160"] {
        assert!(h.iter().any(|v| v == value), "{value} missing from {h:?}");
    }
    let expected = cli(&["search", "romania", "astar", "--from", "Arad", "--to", "Bucharest"]);
    let shown = text(c, "[data-result=\"cli\"]").await;
    assert_eq!(shown.lines().collect::<Vec<_>>(), expected.lines().take(3).collect::<Vec<_>>());
    let check = text(c, "[data-result=\"check\"]").await;
    assert!(check.contains("match"), "{check}");

    // Beam search (width 2) drops cities from its frontier: the page's frontier model follows
    // the drops, selects what the engine selects, and ends on A*'s six cities.
    select(c, "#algo-0", "beam").await;
    run_and_wait(c).await;
    click(c, "#end").await;
    assert_eq!(counter(c, 0, "expanded").await, 6);
    assert_eq!(text(c, "[data-result=\"path\"]").await, "Arad, Sibiu, Rimnicu Vilcea, Pitesti, Bucharest");
    let check = text(c, "[data-result=\"check\"]").await;
    assert!(check.contains("match") && !check.contains("model expected"), "{check}");

    // Bidirectional uniform-cost search from Arad to Iasi: two frontiers, one from the goal;
    // a cheaper path replaces a city in one of them. The page's two-queue model selects what
    // the engine selects, its counters match, and the joined path is the command line's.
    fill(c, "#to", "Iasi").await;
    select(c, "#algo-0", "bidirectional-ucs").await;
    run_and_wait(c).await;
    click(c, "#end").await;
    let expected = cli(&["search", "romania", "bidirectional-ucs", "--from", "Arad", "--to", "Iasi"]);
    let expanded = expected.lines().nth(2).unwrap().trim_start_matches("expanded: ").split(", ").count() as u64;
    assert_eq!(counter(c, 0, "expanded").await, expanded);
    let shown = text(c, "[data-result=\"cli\"]").await;
    assert_eq!(shown.lines().collect::<Vec<_>>(), expected.lines().take(3).collect::<Vec<_>>());
    let check = text(c, "[data-result=\"check\"]").await;
    assert!(check.contains("match") && !check.contains("model expected"), "{check}");
    assert!(text(c, "[data-stop]").await.contains("joined"));

    // Recursive best-first search (AIMA Figure 3.27): after Arad, Sibiu and Rimnicu Vilcea the
    // path holds each city with its f and f-limit; at the end 7 selections, 418 km, counters
    // that match the engine's.
    fill(c, "#to", "Bucharest").await;
    select(c, "#algo-0", "rbfs").await;
    run_and_wait(c).await;
    for _ in 0..4 {
        click(c, "#step").await;
    }
    let stack = texts(c, "#panes .pane .frontier li").await;
    assert_eq!(stack, ["Arad f=366 limit ∞", "Sibiu f=393 limit 447", "Rimnicu Vilcea f=413 limit 415"]);
    click(c, "#end").await;
    assert_eq!(counter(c, 0, "expanded").await, 7);
    assert_eq!(text(c, "[data-result=\"path\"]").await, "Arad, Sibiu, Rimnicu Vilcea, Pitesti, Bucharest");
    let check = text(c, "[data-result=\"check\"]").await;
    assert!(check.contains("match") && !check.contains("disagree"), "{check}");

    // Iterative lengthening: depth-first iterations bounded by g (49 of them to 418 km); the
    // page's stack model selects what the engine selects, and the bound is said to be on g.
    select(c, "#algo-0", "ils").await;
    run_and_wait(c).await;
    click(c, "#step").await;
    let now = text(c, "[data-now]").await;
    assert!(!now.contains("f ≤") && !now.contains("f is over"), "{now}");
    click(c, "#end").await;
    let expected = cli(&["search", "romania", "ils", "--from", "Arad", "--to", "Bucharest"]);
    let nodes = expected.lines().find_map(|l| l.strip_prefix("nodes: ")).unwrap();
    let selected: u64 = nodes.split(' ').next().unwrap().parse().unwrap();
    assert_eq!(counter(c, 0, "expanded").await, selected);
    assert_eq!(text(c, "[data-result=\"path\"]").await, "Arad, Sibiu, Rimnicu Vilcea, Pitesti, Bucharest");
    let check = text(c, "[data-result=\"check\"]").await;
    assert!(check.contains("match") && !check.contains("disagree"), "{check}");
}
