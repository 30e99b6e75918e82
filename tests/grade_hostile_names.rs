//! End-to-end: `searchlab grade` on a class whose folder names attack the reports. A name that
//! is HTML (`<img src=x onerror=alert(1)>`), one that is a spreadsheet formula
//! (`=HYPERLINK("http:evil","x")`, a folder name holds no `/`) and one with an ANSI escape
//! (`esc` ESC `[31mred`) must come out as text in class.md, class.html, the plots,
//! gradebook.csv, anonymize-key.csv and every report.txt; only the JSON files keep them raw.
//! Graded with --no-sandbox and the letter B only, to stay quick.

use std::path::{Path, PathBuf};

// The helpers this file does not use are tests/grade.rs's.
#[allow(dead_code)]
#[path = "common/grade_class.rs"]
mod grade_class;

use grade_class::{merge, Class};

const QUICK: [&str; 3] = ["--no-sandbox", "--letters", "B"];
const IMG: &str = "<img src=x onerror=alert(1)>";
const FORMULA: &str = "=HYPERLINK(\"http:evil\",\"x\")";
const ESC: &str = "esc\u{1b}[31mred";
/// ESC's name as every report shows it.
const ESC_SHOWN: &str = "esc\\x1B[31mred";

/// The image's and the escape's students have no program (so their names and errors are in
/// class.md and class.html); the formula's has the correct one (a row with a score).
fn hostile_class() -> Class {
    Class::new(&[(IMG, None), (FORMULA, Some("correct.py")), (ESC, None)])
}

/// Every text file under `dir` (not the staged programs in `work/`, not the PNG plots), with
/// its bytes.
fn files(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            if !path.ends_with("work") {
                found.extend(files(&path));
            }
        } else if path.extension().is_none_or(|e| e != "png") {
            found.push((path.clone(), std::fs::read(&path).unwrap()));
        }
    }
    found
}

/// Every cell of the CSV file `path`, the header's included.
fn cells(path: &Path) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(path).unwrap();
    // The key file's first line is its salt, not a row.
    let rows = if text.starts_with('#') { text.split_once('\n').unwrap().1 } else { &text };
    let mut reader = csv::ReaderBuilder::new().has_headers(false).from_reader(rows.as_bytes());
    reader.records().map(|r| r.unwrap().iter().map(str::to_owned).collect()).collect()
}

/// The checks every output folder of the class passes.
fn check_output(out: &Path) {
    let read = |file: &str| std::fs::read_to_string(out.join(file)).unwrap();
    let (md, html) = (read("class.md"), read("class.html"));
    assert!(!md.contains("<img") && md.contains("&lt;img src=x onerror=alert(1)&gt; could not be graded"), "{md}");
    assert!(md.contains(&format!("- {} could not be graded", ESC_SHOWN.replace('\\', "\\\\").replace('[', "\\["))));
    assert!(!html.contains("<img") && !html.contains('\u{1b}'), "{html}");
    assert!(html.contains("<li>&lt;img src=x onerror=alert(1)&gt; could not be graded: "), "{html}");
    assert!(html.contains(&format!("<li>{ESC_SHOWN} could not be graded: ")), "{html}");

    let gradebook = cells(&out.join("gradebook.csv"));
    for cell in gradebook.iter().flatten() {
        assert!(!cell.starts_with(['=', '+', '-', '@', '\t', '\r']), "{cell:?}: {gradebook:?}");
    }
    let students: Vec<&str> = gradebook.iter().skip(1).map(|row| row[0].as_str()).collect();
    // Sorted by the names as they are (`<` before `=` before `e`).
    assert_eq!(students, [IMG, &format!("'{FORMULA}"), ESC_SHOWN]);
    // The grader's numbers stay numbers: the formula's student passed every B test, 2 points each.
    let formula = &gradebook[2];
    let (score, passed): (f64, usize) = (formula[1].parse().unwrap(), formula[3].parse().unwrap());
    assert!(passed > 0 && score == 2.0 * passed as f64, "{formula:?}");

    let report = read(&format!("students/{ESC}/report.txt"));
    assert!(report.starts_with(&format!("{ESC_SHOWN} could not be graded: ")), "{report}");
    for (path, bytes) in files(out) {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if name.ends_with(".json") {
            continue;
        }
        assert!(!bytes.contains(&0x1b), "{}: a raw ESC", path.display());
        if name.ends_with(".csv") {
            for cell in cells(&path).iter().flatten() {
                assert!(!cell.starts_with(['=', '+', '-', '@', '\t', '\r']), "{}: {cell:?}", path.display());
            }
        }
    }
    // summary.json keeps the name as it is (the JSON escapes it): --resume and merge read it.
    let summary = read(&format!("students/{ESC}/summary.json"));
    assert!(summary.contains("esc\\u001b[31mred"), "{summary}");
}

#[test]
fn hostile_names_are_text_in_every_report() {
    let class = hostile_class();
    let (code, stderr) = class.grade(&QUICK);
    assert_eq!(code, 0, "{stderr}");
    check_output(&class.out());

    // Merged again from the rows: the same escapes.
    let merged = class.dir("merged");
    let (code, _, stderr) = merge(&[class.out()], &merged);
    assert_eq!(code, 0, "{stderr}");
    check_output(&merged);
}

#[test]
fn the_anonymize_key_holds_no_formula_and_no_escape() {
    let class = hostile_class();
    let (code, stderr) = class.grade(&[&QUICK[..], &["--anonymize"]].concat());
    assert_eq!(code, 0, "{stderr}");
    let key = class.out().join("anonymize-key.csv");
    let names: Vec<String> = cells(&key).into_iter().skip(1).map(|row| row[1].clone()).collect();
    assert_eq!(names, [IMG.to_owned(), format!("'{FORMULA}"), ESC_SHOWN.to_owned()]);
    for (path, bytes) in files(&class.out()) {
        assert!(!bytes.contains(&0x1b), "{}: a raw ESC", path.display());
    }
}
