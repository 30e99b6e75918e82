//! End-to-end tests of `searchlab completions <shell>`: each script is the real shell's kind of
//! script, and bash's one completes the subcommands when loaded into bash.

use std::process::Command as Process;

use assert_cmd::Command;
use predicates::str::contains;

fn completions(shell: &str) -> String {
    let out = Command::cargo_bin("searchlab").unwrap().args(["completions", shell]).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "completions {shell}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// The subcommands of the README, all of which a completion script must offer.
const SUBCOMMANDS: [&str; 12] = [
    "search",
    "digits",
    "npuzzle",
    "solve",
    "pdb",
    "bench",
    "report",
    "serve",
    "cases",
    "gradescope-bundle",
    "completions",
    "man",
];

#[test]
fn every_shell_gets_its_own_kind_of_script_naming_the_subcommands() {
    let markers = [
        ("bash", "complete -F _searchlab"),
        ("zsh", "#compdef searchlab"),
        ("fish", "complete -c searchlab"),
        ("powershell", "Register-ArgumentCompleter"),
    ];
    for (shell, marker) in markers {
        let script = completions(shell);
        assert!(script.contains(marker), "{shell} script lacks {marker:?}");
        for sub in SUBCOMMANDS {
            assert!(script.contains(sub), "{shell} script does not mention {sub}");
        }
    }
}

/// Loads the bash script into bash and asks it to complete `searchlab <words>`.
fn bash_complete(script: &str, words: &[&str]) -> Vec<String> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("searchlab.bash");
    std::fs::write(&path, script).unwrap();
    let words_list = words.iter().map(|w| format!("'{w}'")).collect::<Vec<_>>().join(" ");
    let driver = format!(
        "source '{}'\nCOMP_WORDS=(searchlab {words_list})\nCOMP_CWORD={}\nCOMP_LINE=\"${{COMP_WORDS[*]}}\"\n\
         COMP_POINT=${{#COMP_LINE}}\n_searchlab searchlab \"${{COMP_WORDS[COMP_CWORD]}}\" \"${{COMP_WORDS[COMP_CWORD-1]}}\"\n\
         printf '%s\\n' \"${{COMPREPLY[@]}}\"\n",
        path.display(),
        words.len()
    );
    let out = Process::new("bash").args(["--norc", "--noprofile", "-c", &driver]).output().expect("bash runs");
    assert!(out.status.success(), "bash failed: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap().lines().map(str::to_string).collect()
}

#[test]
fn bash_completes_subcommands_and_their_values() {
    let script = completions("bash");
    assert_eq!(bash_complete(&script, &["np"]), ["npuzzle"]);
    assert_eq!(bash_complete(&script, &["com"]), ["completions"]);
    assert_eq!(bash_complete(&script, &["gradescope"]), ["gradescope-bundle"]);
    assert_eq!(bash_complete(&script, &["sea"]), ["search"]);
    // `search` offers the registered puzzles, and each puzzle's fields as options.
    let puzzles = bash_complete(&script, &["search", ""]);
    assert!(puzzles.iter().any(|p| p == "romania"), "search offers romania: {puzzles:?}");
    assert_eq!(bash_complete(&script, &["search", "romania", "astar", "--fr"]), ["--from"]);
    let shells = bash_complete(&script, &["completions", ""]);
    for shell in ["bash", "zsh", "fish", "powershell"] {
        assert!(shells.iter().any(|s| s == shell), "completions offers {shell}: {shells:?}");
    }
}

#[test]
fn an_unknown_shell_is_a_usage_error() {
    Command::cargo_bin("searchlab")
        .unwrap()
        .args(["completions", "tcsh"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(contains("tcsh"));
}
