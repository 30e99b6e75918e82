//! The two scripts of a Gradescope bundle, as text: `setup.sh`, which installs the bundled
//! `searchlab` when Gradescope builds the autograder's image, and `run_autograder`, which checks
//! one submission with `searchlab check --gradescope` and always leaves a `results.json`
//! Gradescope can read (score 0 and the reason when the check itself could not run).
//!
//! Both are POSIX `sh`; every value they embed is written by [`super::shell_quote`].

use super::shell::{shell_quote, shell_words};

/// Where `setup.sh` installs `searchlab` unless `SEARCHLAB_BIN_DIR` names another folder.
pub const DEFAULT_BIN_DIR: &str = "/usr/local/bin";

/// Gradescope's root folder unless `AUTOGRADER_ROOT` names another (tests use a temporary one).
pub const DEFAULT_AUTOGRADER_ROOT: &str = "/autograder";

/// The suite's folder inside the bundle (and inside `$AUTOGRADER_ROOT/source`).
pub const SUITE_FOLDER: &str = "suite";

/// What the check of each submission runs.
#[derive(Debug, Clone, PartialEq)]
pub struct CheckLine {
    /// `npuzzle` or `digits`.
    pub puzzle: String,
    /// The student's command template (`--cmd`), as written.
    pub command: String,
    /// `None`: the suite bundled in [`SUITE_FOLDER`]; `Some(set)`: a named set of the binary.
    pub named_set: Option<String>,
    /// Further options of `searchlab check`, one word each (`--letters`, `B,A`, …).
    pub options: Vec<String>,
    /// The points of every test: the `max_score` of the results written when the check
    /// cannot run.
    pub max_score: f64,
}

/// The header both scripts open with: what wrote them and the check they stand for.
fn header(line: &CheckLine, role: &str) -> String {
    let cases = line.named_set.as_deref().unwrap_or("suite/");
    let check = shell_words(
        ["searchlab", "check", &line.puzzle, "--cmd", &line.command, "--cases", cases]
            .into_iter()
            .map(str::to_owned)
            .chain(line.options.iter().cloned()),
    );
    // The command line may hold a newline: each of its lines stays a comment.
    let check = check.replace('\n', "\n#   ");
    format!(
        "#!/bin/sh\n\
         # {role}\n\
         # Written by `searchlab gradescope-bundle` (searchlab {version}) for:\n\
         #   {check} --thorough\n",
        version = env!("CARGO_PKG_VERSION"),
    )
}

/// `setup.sh`: copies the bundled `searchlab` (beside the script) to `$SEARCHLAB_BIN_DIR`
/// (default [`DEFAULT_BIN_DIR`]) with mode 700 and makes the bundle's own folder (the suite)
/// root's only, so that neither is readable by the students' programs, which the check runs
/// in its sandbox as users of their own; installs bubblewrap with apt-get when it is missing,
/// and runs `searchlab --version` to prove the binary runs on the image; any failure ends the
/// script with a non-zero status and a line saying why.
pub fn setup_script(line: &CheckLine) -> String {
    let mut s = header(line, "Gradescope runs this once, when it builds the autograder's image.");
    s.push_str(&format!(
        r#"set -eu
here=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)
bin_dir=${{SEARCHLAB_BIN_DIR:-{bin_dir}}}
mkdir -p -- "$bin_dir"
cp -- "$here/searchlab" "$bin_dir/.searchlab.new"
chmod 700 -- "$bin_dir/.searchlab.new"
mv -f -- "$bin_dir/.searchlab.new" "$bin_dir/searchlab"
# The suite and this copy of the binary: root's only (the students' programs run as others).
chmod 700 -- "$here"
"#,
        bin_dir = shell_quote(DEFAULT_BIN_DIR),
    ));
    s.push_str(
        r#"# `searchlab check --sandbox` runs each program under bubblewrap, as a user of its own (setpriv).
if ! command -v bwrap >/dev/null 2>&1 || ! command -v setpriv >/dev/null 2>&1; then
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends bubblewrap util-linux
fi
"#,
    );
    s.push_str(
        r#"if ! "$bin_dir/searchlab" --version; then
    echo "setup.sh: the bundled searchlab does not run on this image: build it on a Linux with a C library no newer than the image's (or for x86_64-unknown-linux-musl)" >&2
    exit 1
fi
"#,
    );
    s
}

/// `run_autograder`: checks `$AUTOGRADER_ROOT/submission` (default
/// [`DEFAULT_AUTOGRADER_ROOT`]) from inside it, so the template's relative words and `{dir}`
/// are the submission's, with `$SEARCHLAB_BIN_DIR/searchlab` and writes
/// `$AUTOGRADER_ROOT/results/results.json` through `--gradescope` (every case runs:
/// `--thorough`, so every student's score has the same total). The check's report and messages
/// go to the script's stdout and stderr, Gradescope's log. When the check does not end with 0
/// or 1 and a results file, the script writes one itself: score 0, the check's error message
/// as `output`. It exits 0 once a results file is written.
pub fn run_autograder_script(line: &CheckLine) -> String {
    let mut s = header(line, "Gradescope runs this for each submission; it writes results/results.json.");
    let cases = match &line.named_set {
        Some(set) => shell_quote(set),
        None => format!("\"$root/source/\"{}", shell_quote(SUITE_FOLDER)),
    };
    let mut check = vec!["check".to_owned(), line.puzzle.clone(), "--cmd".to_owned(), line.command.clone()];
    check.extend(line.options.iter().cloned());
    check.push("--thorough".to_owned());
    s.push_str(&format!(
        r#"set -u
root=${{AUTOGRADER_ROOT:-{root}}}
searchlab=${{SEARCHLAB_BIN_DIR:-{bin_dir}}}/searchlab
submission=$root/submission
results=$root/results/results.json

# $1 as a JSON string: backslashes and quotes escaped, tabs and carriage returns made
# spaces, other control characters dropped, lines joined by \n.
json_string() {{
    printf '%s' "$1" | tr '\011\015' '  ' | tr -d '\000-\010\013-\037\177' |
        sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' |
        awk 'BEGIN {{ printf "\"" }} {{ printf "%s%s", sep, $0; sep = "\\n" }} END {{ printf "\"" }}'
}}

# Writes a results.json with score 0 that tells the student why: $1.
fail() {{
    message=$(json_string "The autograder could not check your submission.
$1")
    printf '{{\n  "score": 0,\n  "output": %s,\n  "visibility": "visible",\n  "stdout_visibility": "hidden",\n  "tests": [\n    {{\n      "name": "searchlab check",\n      "score": 0,\n      "max_score": {max_score},\n      "status": "failed",\n      "output": %s,\n      "visibility": "visible"\n    }}\n  ]\n}}\n' \
        "$message" "$message" >"$results.new" && mv -f -- "$results.new" "$results"
}}

mkdir -p -- "$root/results" || exit 1
rm -f -- "$results"
if ! cd -- "$submission"; then
    fail "There is no submission folder $submission." || exit 1
    exit 0
fi
# The check's report goes to stdout (Gradescope's log); its error messages are kept for the
# student and shown in the log too.
{{ errors=$("$searchlab" {check} --cases {cases} --gradescope "$results" 2>&1 1>&3 3>&-); status=$?; }} 3>&1
if [ -n "$errors" ]; then
    printf '%s\n' "$errors" >&2
fi
if [ "$status" -le 1 ] && [ -s "$results" ]; then
    exit 0
fi
reason="searchlab check ended with status $status."
if [ -n "$errors" ]; then
    reason=$(printf '%s\n' "$errors" | head -n 20)
fi
case $status in
    126 | 127) reason="The searchlab binary cannot be run ($searchlab): did setup.sh run?
$reason" ;;
esac
fail "$reason" || exit 1
exit 0
"#,
        root = shell_quote(DEFAULT_AUTOGRADER_ROOT),
        bin_dir = shell_quote(DEFAULT_BIN_DIR),
        check = shell_words(&check),
        max_score = crate::grade::points(line.max_score),
    ));
    s
}

#[cfg(test)]
#[path = "gradescope_scripts_tests.rs"]
mod tests;
