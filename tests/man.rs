//! End-to-end tests of `searchlab man`: a roff man page that groff reads without a warning.

use std::io::Write;
use std::process::{Command as Process, Stdio};

use assert_cmd::Command;

fn man_page() -> String {
    let out = Command::cargo_bin("searchlab").unwrap().arg("man").output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// Runs groff with the man macros on `page`, warnings on; returns (stdout, stderr). `-P-cbou` renders
/// plain text (no bold, underline or overstrike).
fn groff(page: &str, args: &[&str]) -> (String, String) {
    let mut child = Process::new("groff")
        .args(["-man", "-Tutf8", "-ww"])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("groff (Debian's groff-base) is installed");
    child.stdin.take().unwrap().write_all(page.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "groff failed: {}", String::from_utf8_lossy(&out.stderr));
    (String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn the_man_page_is_roff_with_a_title_and_the_subcommands() {
    let page = man_page();
    let title = page.lines().find(|l| l.starts_with(".TH ")).expect("a .TH title line");
    assert!(title.starts_with(".TH SEARCHLAB 1"), "{title}");
    assert!(title.contains(env!("CARGO_PKG_VERSION")), "the title names the version: {title}");
    assert!(page.contains(".SH NAME"));
    assert!(page.contains(".SH SYNOPSIS"));
    let (_, warnings) = groff(&page, &["-z"]);
    assert_eq!(warnings, "", "groff warns about the page");
}

#[test]
fn the_rendered_page_lists_the_subcommands_and_the_exit_codes() {
    let (text, _) = groff(&man_page(), &["-P-cbou"]);
    // Rendered text: no roff requests left, the sections and subcommands in plain words.
    assert!(text.contains("NAME"));
    assert!(text.contains("searchlab"));
    for sub in ["search", "digits", "npuzzle", "solve", "gradescope-bundle", "completions", "man"] {
        assert!(text.contains(sub), "rendered page lacks {sub}");
    }
    assert!(text.contains("130"), "the exit codes are in the page");
    assert!(!text.contains(".TH"));
}
