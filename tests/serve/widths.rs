//! Every registered puzzle's replay on a phone (390 px) and on a projector (1400 px), one
//! strategy and two side by side: no horizontal overflow, no text under 12 px, the drawing in
//! sight. The puzzles come from the page's own list, so the next puzzle registered is walked
//! without a new test.

use std::time::Duration;

use fantoccini::{Client, Locator};
use serde_json::Value;

use crate::drive::assert_no_horizontal_overflow;

/// The widths and heights walked: a phone's and a projector's.
const SCREENS: [(u32, u32); 2] = [(390, 844), (1400, 900)];

/// Elements with text of their own rendered under 12 px (SVG text at its drawn scale: a map's
/// names, road lengths and h included), as `tag.class: SIZE px "text"` (at most five).
pub(crate) const TINY_TEXT: &str = "const tiny = []; \
    for (const e of document.querySelectorAll('body *')) { \
      const own = [...e.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent.trim()).join(' ').trim(); \
      if (!own) continue; \
      const r = e.getBoundingClientRect(); \
      if (r.width === 0 || r.height === 0 || getComputedStyle(e).visibility === 'hidden') continue; \
      let size = parseFloat(getComputedStyle(e).fontSize); \
      if (e instanceof SVGElement && e.ownerSVGElement) size *= e.ownerSVGElement.getScreenCTM().a; \
      if (size < 11.95) tiny.push(`${e.tagName.toLowerCase()}.${String(e.className.baseVal ?? e.className)}: ${size.toFixed(1)} px \"${own.slice(0, 24)}\"`); \
    } \
    return tiny.slice(0, 5).join('; ');";

/// Each pane's drawings (the map's frame or the board, the tree, the value plot): 'ok' when the
/// pane has one and each lies within the screen's width, a plot or tree at least 100 px wide (a
/// map wider than its pane scrolls sideways in its frame).
const DRAWINGS: &str = "const w = document.documentElement.clientWidth; \
    return [...document.querySelectorAll('#panes > .pane')].map((pane) => { \
      const all = [...pane.querySelectorAll('.scene-frame, .state-view .board, canvas.tree, .local-board svg, svg.value-chart')] \
        .filter((e) => e.getClientRects().length); \
      if (!all.length) return 'no drawing'; \
      const bad = all.map((e) => [e, e.getBoundingClientRect()]) \
        .filter(([e, r]) => r.left < 0 || r.right > w + 1 || (!e.classList.contains('board') && r.width < 100)); \
      return bad.length ? bad.map(([e, r]) => `${e.tagName.toLowerCase()}.${String(e.className.baseVal ?? e.className)} at ${Math.round(r.left)}..${Math.round(r.right)} on ${w} px`).join(', ') : 'ok'; \
    });";

/// Each tree's labels (drawn on a canvas, listed by tree.js in the canvas's `view.labels`): each
/// inside the canvas and clear of the others of its row; then how many nodes are labelled.
const TREE_LABELS: &str = "return [...document.querySelectorAll('#panes canvas.tree')].filter((t) => t.view && t.view.labels).map((t) => { \
      const w = t.clientWidth; const labels = t.view.labels; \
      const out = labels.filter((l) => l.left < -0.5 || l.right > w + 0.5).map((l) => `${l.text} at ${l.left.toFixed(0)}..${l.right.toFixed(0)} of ${w}`); \
      const over = labels.filter((l, i) => labels.some((m, j) => j < i && m.depth === l.depth && l.left < m.right && m.left < l.right)).map((l) => `${l.text} over another`); \
      return [...out, ...over].join(', ') || `ok: ${labels.length} of ${t.view.points.length} nodes labelled`; \
    });";

/// Every puzzle at both widths, alone and beside a second strategy.
pub async fn every_puzzle_fits_phones_and_projectors(c: &Client, url: &str) {
    c.goto(url).await.unwrap();
    c.wait().for_element(Locator::Css("body[data-state=\"idle\"]")).await.unwrap();
    let listed = c
        .execute("return [...PUZZLES.values()].map((p) => [p.name, p.strategies.map((s) => s.name)]);", vec![])
        .await
        .unwrap();
    for entry in listed.as_array().unwrap() {
        let name = entry[0].as_str().unwrap();
        let strategies: Vec<&str> = entry[1].as_array().unwrap().iter().map(|s| s.as_str().unwrap()).collect();
        let second = strategies.get(1).unwrap_or(&strategies[0]);
        for (width, height) in SCREENS {
            c.set_window_size(width, height).await.unwrap();
            for compare in [None, Some(second)] {
                let mut link = format!("{url}/?puzzle={name}&algo={}&at=end", strategies[0]);
                if let Some(other) = compare {
                    link.push_str(&format!("&compare={other}"));
                }
                c.goto(&link).await.unwrap();
                let ready = Locator::Css("body[data-state=\"ready\"]");
                c.wait().at_most(Duration::from_secs(60)).for_element(ready).await.unwrap();
                let what = format!("{name} at {width} px{}", compare.map_or(String::new(), |o| format!(" beside {o}")));
                // A small tree alone on a projector has room for every label.
                check_screen(c, &what, width >= 1400 && compare.is_none()).await;
            }
        }
    }
    c.set_window_size(1400, 900).await.unwrap();
}

async fn check_screen(c: &Client, what: &str, roomy: bool) {
    eprintln!("the replay of {what}");
    assert_no_horizontal_overflow(c).await;
    let tiny = c.execute(TINY_TEXT, vec![]).await.unwrap();
    assert_eq!(tiny, Value::from(""), "{what}: text under 12 px");
    let drawings = c.execute(DRAWINGS, vec![]).await.unwrap();
    for drawing in drawings.as_array().unwrap() {
        assert_eq!(drawing, "ok", "{what}");
    }
    for tree in c.execute(TREE_LABELS, vec![]).await.unwrap().as_array().unwrap() {
        let tree = tree.as_str().unwrap();
        assert!(tree.starts_with("ok: "), "{what}: a tree's label is cut or drawn over another: {tree}");
        eprintln!("  the tree: {}", &tree[4..]);
        let counts: Vec<usize> = tree[4..].split(' ').filter_map(|w| w.parse().ok()).collect();
        if roomy && counts[1] <= 30 {
            assert_eq!(counts[0], counts[1], "{what}: every node of a small tree is labelled: {tree}");
        }
    }
}
