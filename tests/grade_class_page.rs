//! End-to-end tests of the class page: `searchlab grade` and `grade merge` write `class.html`
//! (the plots' SVGs inlined) and `plots/` (scores, rules and inputs, each as SVG and PNG), and
//! the page's numbers are class.md's and the gradebook's. A student named `<script>x&y`, who
//! has no program, must come out escaped. Graded with --no-sandbox and the letter B only, to
//! stay quick.

use std::path::Path;

// The helpers this file does not use are tests/grade.rs's.
#[allow(dead_code)]
#[path = "common/grade_class.rs"]
mod grade_class;

use grade_class::{gradebook, merge, Class};

const QUICK: [&str; 3] = ["--no-sandbox", "--letters", "B"];
const PLOTS: [&str; 3] = ["scores", "rules", "inputs"];
const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";
const SCRIPT: &str = "<script>x&y";

fn read(out: &Path, file: &str) -> String {
    std::fs::read_to_string(out.join(file)).unwrap_or_else(|e| panic!("{}: {e}", out.join(file).display()))
}

/// Checks OUT's class.html and plots against its class.md and gradebook.csv; the page.
fn check_page(out: &Path) -> String {
    let (html, md) = (read(out, "class.html"), read(out, "class.md"));
    assert!(html.starts_with("<!DOCTYPE html>") && html.ends_with("</html>\n"), "{html}");
    assert_eq!(html.matches("<svg").count(), 3, "three plots inlined");
    for plot in PLOTS {
        let svg = read(out, &format!("plots/{plot}.svg"));
        assert!(svg.starts_with("<svg") && html.contains(svg.trim_end()), "{plot}.svg inlined");
        let png = std::fs::read(out.join(format!("plots/{plot}.png"))).unwrap();
        assert!(png.starts_with(PNG_SIGNATURE), "{plot}.png");
    }
    // One script, the page's own (it sorts the students' table), no outside resource; the
    // student's name escaped.
    assert_eq!(html.matches("<script").count(), 1, "{html}");
    assert!(!html.contains("src=") && !html.contains("href=\"http"), "{html}");
    assert!(html.contains("&lt;script&gt;x&amp;y could not be graded: "), "{html}");

    // The headline (students, graded, not graded) is class.md's, and the gradebook's count.
    let rows = gradebook(out);
    let headline = md.lines().nth(2).unwrap();
    let not_graded = rows.values().filter(|r| !r["error"].is_empty()).count();
    let expected = format!(
        "{} students (digits): {} graded, {not_graded} could not be graded.",
        rows.len(),
        rows.len() - not_graded
    );
    assert_eq!(headline, expected);
    assert!(html.contains(&format!("<p>{headline}<br>")), "{html}");
    let mean = md.lines().find(|l| l.starts_with("Mean ")).unwrap();
    assert!(html.contains(&format!("<p>{mean}</p>")), "{html}");
    // Each rule's count: students whose gradebook row names it, as class.md has it.
    let rule_rows: Vec<&str> = md.lines().filter(|l| l.starts_with("| `")).collect();
    assert!(!rule_rows.is_empty(), "{md}");
    for line in rule_rows {
        let cells: Vec<&str> = line.split(" | ").collect();
        let rule = cells[0].trim_start_matches("| `").trim_end_matches('`');
        let named = |r: &str| r.split([';', '+']).any(|n| n == rule);
        let students = rows.values().filter(|r| named(&r["rules"])).count();
        assert_eq!(cells[1], students.to_string(), "{line}");
        assert!(html.contains(&format!("<code>{rule}</code></td><td class=\"n\">{students}</td>")), "{rule}: {html}");
    }
    // A row per student in the table; every graded student scored out of the same points.
    let table = html.split("<table class=\"students\">").nth(1).unwrap().split("</table>").next().unwrap();
    assert_eq!(table.matches("<tr><td>").count(), rows.len(), "{table}");
    let maxima: std::collections::BTreeSet<&str> =
        rows.values().filter(|r| r["error"].is_empty()).map(|r| r["max_score"].as_str()).collect();
    assert_eq!(maxima.len(), 1, "{maxima:?}");
    let scoring = format!("Every student is scored out of {} points, on the same tests.", maxima.first().unwrap());
    assert!(md.contains(&scoring) && html.contains(&scoring), "{scoring}: {md}");
    // What stopped runs: the crashes of the gradebook's `stopped` column.
    let crashes: usize =
        rows.values().filter_map(|r| r["stopped"].strip_prefix("crash:")).map(|n| n.parse::<usize>().unwrap()).sum();
    assert!(crashes > 0);
    assert!(md.contains(&format!("| crash | {crashes} | 1 |")), "{md}");
    assert!(
        html.contains(&format!("<tr><td>crash</td><td class=\"n\">{crashes}</td><td class=\"n\">1</td></tr>")),
        "{html}"
    );
    html
}

#[test]
fn grade_resume_and_merge_write_the_class_page() {
    let class = Class::new(&[
        ("alice", Some("correct.py")),
        ("bob", Some("goal-on-generation.py")),
        ("carol", Some("crash-start-equals-goal.py")),
        (SCRIPT, None),
    ]);
    let (code, stderr) = class.grade(&QUICK);
    assert_eq!(code, 0, "{stderr}");
    let page = check_page(&class.out());

    // --resume writes the page and the plots again, from the same rows: the same bytes.
    std::fs::write(class.out().join("class.html"), "stale").unwrap();
    std::fs::remove_dir_all(class.out().join("plots")).unwrap();
    let (code, stderr) = class.grade(&[&QUICK[..], &["--resume"]].concat());
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(check_page(&class.out()), page);

    // Shards merged: the whole class's page, but for the staging folders named in errors.
    let (one, two, merged) = (class.dir("shard1"), class.dir("shard2"), class.dir("merged"));
    for (k, out) in [("1/2", &one), ("2/2", &two)] {
        let (code, stderr) = class.grade_into(out, &[&QUICK[..], &["--shard", k]].concat());
        assert_eq!(code, 0, "{stderr}");
    }
    let (code, stdout, stderr) = merge(&[one.clone(), two.clone()], &merged);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("class.html, plots/"), "{stdout}");
    let same = |text: String| {
        [&class.out(), &one, &two]
            .iter()
            .fold(text, |t, d| t.replace(d.canonicalize().unwrap().to_str().unwrap(), "OUT"))
    };
    assert_eq!(same(check_page(&merged)), same(page));
}
