//! The pages are tests: every `$ searchlab …` example of README.md, ARCHITECTURE.md and
//! `docs/*.md` that shows its output runs here through trycmd and must print exactly what the
//! page shows (`[..]` stands for the rest of a line, a line `...` for any lines: times, memory
//! and temporary paths). Examples are ```` ```console ```` blocks; a `$ searchlab` line in any other
//! block fails the test, so no example escapes it.
//!
//! Each page runs in a fresh folder holding `examples/` and the files its comments
//! `<!-- example-file: SOURCE as NAME -->` name (SOURCE relative to the repository), with an
//! empty cache folder: the output shown is a fresh machine's. The same test checks that the
//! pages speak of the project (no tracker numbers), that each page under `docs/` opens with one
//! line saying what it is for, and that README.md links every page.

use std::fs;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// README.md, ARCHITECTURE.md and every page under docs/.
fn pages() -> Vec<PathBuf> {
    let mut pages = vec![root().join("README.md"), root().join("ARCHITECTURE.md")];
    let mut docs: Vec<PathBuf> = fs::read_dir(root().join("docs"))
        .expect("docs/ is readable")
        .map(|e| e.expect("a docs/ entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    pages.extend(docs);
    pages
}

/// The fenced blocks of a page: (info string, first line number, lines).
fn blocks(text: &str) -> Vec<(String, usize, Vec<&str>)> {
    let mut out = Vec::new();
    let mut open: Option<(String, usize, Vec<&str>)> = None;
    for (i, line) in text.lines().enumerate() {
        let fence = line.trim_start().starts_with("```");
        match (&mut open, fence) {
            (None, true) => {
                let info = line.trim_start().trim_start_matches('`').trim().to_string();
                open = Some((info, i + 1, Vec::new()));
            }
            (Some(_), true) => out.push(open.take().expect("an open block")),
            (Some((_, _, lines)), false) => lines.push(line),
            (None, false) => {}
        }
    }
    out
}

/// The page with every line outside its ```` ```console ```` blocks blanked (trycmd would also run
/// unlabelled blocks). trycmd drops the last newline of a shown output (its pages end outputs
/// with a blank line); the pages don't, so a blank line is added after each output here, and as
/// many blank lines are dropped after the block: trycmd's line numbers past a block are the page's.
fn console_only(text: &str) -> String {
    // None: outside any block; Some(true): inside a console block; Some(false): another block.
    let mut open: Option<bool> = None;
    let mut out = String::new();
    let mut in_output = false;
    let mut extra_lines = 0;
    for line in text.lines() {
        let fence = line.trim_start().starts_with("```");
        match (open, fence) {
            (None, true) => {
                let console = line.trim_start().trim_start_matches('`').trim() == "console";
                open = Some(console);
                out.push_str(if console { line } else { "" });
            }
            (Some(console), true) => {
                if in_output {
                    out.push('\n');
                    extra_lines += 1;
                }
                in_output = false;
                open = None;
                out.push_str(if console { line } else { "" });
            }
            (Some(true), false) => {
                if line.starts_with("$ ") && in_output {
                    out.push('\n');
                    extra_lines += 1;
                }
                in_output = !line.starts_with("$ ") && !line.starts_with("> ") && !line.starts_with("? ");
                out.push_str(line);
            }
            (Some(false), false) => {}
            (None, false) => {
                if extra_lines > 0 {
                    extra_lines -= 1;
                    continue;
                }
            }
        }
        out.push('\n');
    }
    out
}

/// The `<!-- example-file: SOURCE as NAME -->` comments of a page.
fn example_files(text: &str) -> Vec<(String, String)> {
    text.lines()
        .filter_map(|l| l.trim().strip_prefix("<!-- example-file:"))
        .map(|rest| {
            let rest = rest.trim_end_matches("-->").trim();
            let (src, name) = rest.split_once(" as ").unwrap_or_else(|| panic!("`{rest}`: write SOURCE as NAME"));
            (src.trim().to_string(), name.trim().to_string())
        })
        .collect()
}

fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).expect("create a folder");
    for entry in fs::read_dir(from).expect("read a folder") {
        let entry = entry.expect("a folder entry");
        let target = to.join(entry.file_name());
        if entry.file_type().expect("a file type").is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), &target).expect("copy a file");
        }
    }
}

#[test]
fn every_shown_example_runs_as_shown() {
    let work = tempfile::tempdir().expect("a temporary folder");
    let cache = work.path().join("cache");
    fs::create_dir_all(&cache).expect("the cache folder");
    let cases = trycmd::TestCases::new();
    cases
        .register_bin("searchlab", trycmd::cargo::cargo_bin!("searchlab"))
        .register_bin("cat", PathBuf::from("/bin/cat"))
        .env("XDG_CACHE_HOME", cache.to_string_lossy())
        .env("NO_COLOR", "1");
    let mut examples = 0;
    for page in pages() {
        let text = fs::read_to_string(&page).expect("a readable page");
        let mut shown = 0;
        for (info, line, lines) in blocks(&text) {
            let commands = lines.iter().filter(|l| l.starts_with("$ searchlab")).count();
            if commands > 0 && info != "console" {
                panic!(
                    "{}:{line}: a block with `$ searchlab` must be a ```console block (run by this test)",
                    page.display()
                );
            }
            if info == "console" {
                shown += commands;
            }
        }
        if shown == 0 {
            continue;
        }
        examples += shown;
        let name = page.file_stem().expect("a page name").to_string_lossy().to_string();
        let copy = work.path().join(format!("{name}.md"));
        fs::write(&copy, console_only(&text)).expect("copy the page");
        let folder = work.path().join(format!("{name}.in"));
        copy_dir(&root().join("examples"), &folder.join("examples"));
        for (src, as_name) in example_files(&text) {
            fs::copy(root().join(&src), folder.join(&as_name))
                .unwrap_or_else(|e| panic!("{}: example file {src}: {e}", page.display()));
        }
        cases.case(copy);
    }
    assert!(examples >= 10, "only {examples} examples found: the block scan is broken");
    cases.run();
}

#[test]
fn pages_name_features_not_tracker_numbers() {
    let mut found = Vec::new();
    for page in pages() {
        let text = fs::read_to_string(&page).expect("a readable page");
        for (i, line) in text.lines().enumerate() {
            let lower = line.to_lowercase();
            for word in ["issue ", "issues ", "issue #"] {
                for (at, _) in lower.match_indices(word) {
                    let rest = &lower[at + word.len()..];
                    if rest.starts_with(|c: char| c.is_ascii_digit() || c == '#') {
                        found.push(format!("{}:{}: {}", page.display(), i + 1, line.trim()));
                    }
                }
            }
        }
    }
    assert!(found.is_empty(), "tracker numbers mean nothing to a reader:\n{}", found.join("\n"));
}

#[test]
fn every_docs_page_says_what_it_is_for_and_is_linked() {
    let readme = fs::read_to_string(root().join("README.md")).expect("README.md");
    for page in pages().into_iter().skip(2) {
        let text = fs::read_to_string(&page).expect("a readable page");
        let mut lines = text.lines();
        let title = lines.next().unwrap_or_default();
        assert!(title.starts_with("# "), "{}: starts with its title", page.display());
        let mut paragraph = lines.skip_while(|l| l.trim().is_empty()).take_while(|l| !l.trim().is_empty());
        let first = paragraph.next().unwrap_or_default();
        assert!(
            first.starts_with("What this page is for: ") && paragraph.next().is_none(),
            "{}: the line after the title is one line `What this page is for: …`",
            page.display()
        );
        let name = page.file_name().expect("a name").to_string_lossy().to_string();
        assert!(readme.contains(&format!("(docs/{name})")), "README.md links docs/{name}");
    }
}
