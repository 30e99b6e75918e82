//! The table of docs/robustness.md ("what was tried"), kept current by the tests that produce
//! its rows: a test builds its row from what it counted and checks that the document holds
//! exactly that row (found by its first cell). `SEARCHLAB_UPDATE_DOCS=1` writes the row into
//! the document instead (replacing the row of the same first cell, or adding it after the
//! last row that begins like it).

use std::path::PathBuf;

/// A count with its thousands separated (`1,221`): the reports' own formatting.
fn thousands(n: usize) -> String {
    searchlab_report::thousands(n as u64)
}

/// One row: what was tried, how many runs, how many panicked, hung and lost a file (`None`:
/// not applicable), and the command that reproduces it. Only counts fixed by the seeds: no
/// timing figure.
pub struct Row {
    /// What was tried (the first cell, the row's key).
    pub tried: String,
    /// Runs (command lines, requests, connections).
    pub runs: usize,
    /// Runs that panicked.
    pub panics: usize,
    /// Runs that did not end (or, for a server, requests never answered).
    pub hangs: usize,
    /// Files lost or left partial, where the runs write files.
    pub files_lost: Option<usize>,
    /// The command that runs the test.
    pub command: String,
}

impl Row {
    /// The row as a Markdown table line.
    pub fn line(&self) -> String {
        let lost = self.files_lost.map_or("–".to_string(), thousands);
        format!(
            "| {} | {} | {} | {} | {lost} | `{}` |",
            self.tried,
            thousands(self.runs),
            thousands(self.panics),
            thousands(self.hangs),
            self.command
        )
    }
}

fn document() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("docs/robustness.md")
}

/// Checks that docs/robustness.md holds `row`, or writes it there under
/// `SEARCHLAB_UPDATE_DOCS=1`. Panics with the way to regenerate the row when it differs.
pub fn check_row(row: &Row) {
    let path = document();
    let text = std::fs::read_to_string(&path).expect("docs/robustness.md is readable");
    let line = row.line();
    let key = format!("| {} |", row.tried);
    let lines: Vec<&str> = text.lines().collect();
    let found = lines.iter().position(|l| l.starts_with(&key));
    if std::env::var("SEARCHLAB_UPDATE_DOCS").is_ok_and(|v| v == "1") {
        let mut lines: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        match found {
            Some(i) => lines[i] = line,
            None => {
                let prefix: String = key.chars().take(24).collect();
                let last_like = lines.iter().rposition(|l| l.starts_with(&prefix));
                let last_row = lines.iter().rposition(|l| l.starts_with("| ")).expect("the table");
                lines.insert(last_like.unwrap_or(last_row) + 1, line);
            }
        }
        std::fs::write(&path, lines.join("\n") + "\n").expect("docs/robustness.md is writable");
        return;
    }
    match found {
        Some(i) => assert_eq!(
            lines[i], line,
            "docs/robustness.md's row differs from what this test counted; regenerate it with \
             SEARCHLAB_UPDATE_DOCS=1 and the same command"
        ),
        None => panic!(
            "docs/robustness.md has no row `{key}`; add it with SEARCHLAB_UPDATE_DOCS=1 and the same command:\n{line}"
        ),
    }
}

#[test]
fn rows_are_markdown_lines() {
    let row =
        Row { tried: "x".into(), runs: 1221, panics: 0, hangs: 0, files_lost: None, command: "cargo test".into() };
    assert_eq!(row.line(), "| x | 1,221 | 0 | 0 | – | `cargo test` |");
    assert_eq!(thousands(999), "999");
    assert_eq!(thousands(1000), "1,000");
}
