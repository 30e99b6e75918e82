//! The class page as a teacher reads it on a phone: `searchlab grade` writes `class.html` for a
//! small class, and the page at 390 px has no horizontal overflow and no text under 12 px (the
//! plots' included, drawn at their scale), and its table of students sorts by a column when its
//! heading is clicked, the other way on a second click.

use std::path::Path;

use fantoccini::{Client, Locator};
use serde_json::Value;

use crate::drive::assert_no_horizontal_overflow;
use crate::grade_class::{gradebook, Class};
use crate::widths::TINY_TEXT;

/// A class of four graded with the letter B only, without the sandbox (the page is the test):
/// a correct program, one that tests the goal on generation, one that crashes, one missing.
pub fn graded_class() -> Class {
    let class = Class::new(&[
        ("alice", Some("correct.py")),
        ("bob", Some("goal-on-generation.py")),
        ("carol", Some("crash-start-equals-goal.py")),
        ("dan", None),
    ]);
    let (code, stderr) = class.grade(&["--no-sandbox", "--letters", "B"]);
    assert_eq!(code, 0, "{stderr}");
    class
}

/// Each row's student and the score column's sort value, in the table's order.
const ROWS: &str = "return [...document.querySelectorAll('table.students tbody tr')] \
    .map((r) => [r.cells[0].textContent, Number(r.cells[1].dataset.v)]);";

async fn rows(c: &Client) -> Vec<(String, f64)> {
    let rows = c.execute(ROWS, vec![]).await.unwrap();
    rows.as_array().unwrap().iter().map(|r| (r[0].as_str().unwrap().to_owned(), r[1].as_f64().unwrap())).collect()
}

async fn click_heading(c: &Client, label: &str) -> String {
    let xpath = format!("//table[@class='students']//th/button[text()='{label}']");
    c.find(Locator::XPath(&xpath)).await.unwrap_or_else(|e| panic!("{label}: {e}")).click().await.unwrap();
    let sort = format!("//table[@class='students']//th[button[text()='{label}']]");
    c.find(Locator::XPath(&sort)).await.unwrap().attr("aria-sort").await.unwrap().unwrap_or_default()
}

/// Reads `out/class.html` at 390 px and sorts its students' table.
pub async fn read_on_a_phone(c: &Client, out: &Path) {
    c.set_window_size(390, 844).await.unwrap();
    c.goto(&format!("file://{}", out.join("class.html").display())).await.unwrap();
    assert_no_horizontal_overflow(c).await;
    let tiny = c.execute(TINY_TEXT, vec![]).await.unwrap();
    assert_eq!(tiny, Value::from(""), "the class page at 390 px: text under 12 px");

    // A row per student, each score the gradebook's (a student not graded: -1, shown as -).
    let book = gradebook(out);
    let percent = |name: &str| {
        let row = &book[name];
        let max: f64 = row["max_score"].parse().unwrap();
        if row["error"].is_empty() && max > 0.0 {
            100.0 * row["score"].parse::<f64>().unwrap() / max
        } else {
            -1.0
        }
    };
    let before = rows(c).await;
    assert_eq!(before.len(), book.len());
    for (name, value) in &before {
        assert!((value - percent(name)).abs() < 1e-9, "{name}: {value} against {}", percent(name));
    }
    // Sorted by score, up then down; by name, alphabetically.
    assert_eq!(click_heading(c, "score (%)").await, "ascending");
    let up = rows(c).await;
    assert!(up.windows(2).all(|w| w[0].1 <= w[1].1), "{up:?}");
    assert_eq!(click_heading(c, "score (%)").await, "descending");
    let down = rows(c).await;
    assert!(down.windows(2).all(|w| w[0].1 >= w[1].1), "{down:?}");
    assert_eq!(click_heading(c, "student").await, "ascending");
    let names: Vec<String> = rows(c).await.into_iter().map(|r| r.0).collect();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(names, sorted);
}
