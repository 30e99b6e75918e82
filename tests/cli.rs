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
