//! End-to-end tests of the command line as a whole: help, version and usage errors.

use assert_cmd::Command;
use predicates::str::contains;

fn searchlab() -> Command {
    Command::cargo_bin("searchlab").unwrap()
}

#[test]
fn help_teaches_the_subcommands_and_the_exit_codes() {
    searchlab()
        .arg("--help")
        .assert()
        .code(0)
        .stdout(contains("search"))
        .stdout(contains("digits"))
        .stdout(contains("npuzzle"))
        .stdout(contains("Exit codes:"))
        .stdout(contains("130  interrupted"));
}

#[test]
fn version_names_the_package_version() {
    let expected = format!("searchlab {}\n", env!("CARGO_PKG_VERSION"));
    searchlab().arg("--version").assert().code(0).stdout(expected.clone());
    searchlab().arg("-V").assert().code(0).stdout(expected);
}

#[test]
fn no_subcommand_is_a_usage_error_that_shows_the_help() {
    searchlab().assert().code(2).stdout("").stderr(contains("Usage: searchlab <COMMAND>"));
}

#[test]
fn an_unknown_subcommand_or_flag_is_a_usage_error() {
    searchlab().arg("frobnicate").assert().code(2).stdout("");
    searchlab().args(["digits", "--frobnicate"]).assert().code(2).stdout("");
}

/// The messages of the issue "Rough edges a new user meets": each one line, exit 2, saying
/// what to type instead.
#[test]
fn common_slips_get_one_line_saying_what_to_type() {
    let cases: &[(&[&str], &str)] = &[
        (&["npuzzle", "bfs", "[1,2,3,4,5,6,7,8,0]"], "write the tiles without brackets, separated by commas"),
        (&["digits", "examples/sample.txt", "B"], "the strategy comes first: searchlab digits B examples/sample.txt"),
        (
            &["check", "npuzzle", "--methods", "astar", "--cmd", "x {method} {board}"],
            "unknown method `astar`: use one of bfs, dfs, ast",
        ),
    ];
    for (args, needle) in cases {
        let out = searchlab().current_dir(env!("CARGO_MANIFEST_DIR")).args(*args).assert().code(2).stdout("");
        let stderr = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.starts_with("searchlab: ") && stderr.contains(needle), "{args:?}: {stderr}");
    }
}
