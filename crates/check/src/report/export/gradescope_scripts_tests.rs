//! The scripts run by `/bin/sh` in a temporary Gradescope layout, with a fake `searchlab`
//! that records how it was called and does what each test tells it.

use std::os::unix::fs::PermissionsExt as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use super::*;

/// A template with everything a shell would otherwise read: quotes, blanks, `$`, backquotes.
const HOSTILE_CMD: &str = "python3 \"student's solver.py\" --x='$HOME `id`' {letter} {file}";

fn line(named_set: Option<&str>) -> CheckLine {
    CheckLine {
        puzzle: "digits".to_owned(),
        command: HOSTILE_CMD.to_owned(),
        named_set: named_set.map(str::to_owned),
        options: vec!["--letters".to_owned(), "B,A".to_owned(), "--timeout".to_owned(), "2.5".to_owned()],
        max_score: 40.0,
    }
}

/// `$root/{source,submission,results}` and `$root/bin`, the fake searchlab's folder.
struct Layout {
    root: tempfile::TempDir,
}

impl Layout {
    fn new() -> Layout {
        let layout = Layout { root: tempfile::tempdir().unwrap() };
        for sub in ["source", "submission", "bin"] {
            std::fs::create_dir_all(layout.path(sub)).unwrap();
        }
        layout
    }

    fn path(&self, sub: &str) -> PathBuf {
        self.root.path().join(sub)
    }

    /// Writes an executable file.
    fn executable(&self, path: &Path, text: &str) {
        std::fs::write(path, text).unwrap();
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }

    /// A fake `searchlab` in bin/ that records its folder and arguments, then runs `body`.
    fn fake_searchlab(&self, body: &str) {
        let log = self.path("calls");
        let script =
            format!("#!/bin/sh\npwd > '{log}.cwd'\nprintf '%s\\0' \"$@\" > '{log}'\n{body}\n", log = log.display());
        self.executable(&self.path("bin/searchlab"), &script);
    }

    /// Runs `script` with sh, the layout's root and bin folder in the environment: (status, stdout, stderr).
    fn run(&self, script: &str) -> (i32, String, String) {
        let file = self.path("source/script.sh");
        self.executable(&file, script);
        let out = Command::new("/bin/sh")
            .arg(&file)
            .env("AUTOGRADER_ROOT", self.root.path())
            .env("SEARCHLAB_BIN_DIR", self.path("bin"))
            .current_dir(self.root.path())
            .output()
            .unwrap();
        let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
        (out.status.code().unwrap_or(-1), text(&out.stdout), text(&out.stderr))
    }

    fn results(&self) -> serde_json::Value {
        let text = std::fs::read_to_string(self.path("results/results.json")).expect("results.json written");
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("results.json is not JSON ({e}):\n{text}"))
    }

    fn calls(&self) -> Vec<String> {
        let bytes = std::fs::read(self.path("calls")).unwrap();
        let mut words: Vec<String> = String::from_utf8(bytes).unwrap().split('\0').map(str::to_owned).collect();
        words.pop();
        words
    }
}

#[test]
fn run_autograder_passes_every_word_unchanged_and_keeps_checks_results() {
    let layout = Layout::new();
    // The fake writes the file after --gradescope, prints a report and fails some tests.
    layout.fake_searchlab(
        "while [ \"$#\" -gt 1 ]; do [ \"$1\" = --gradescope ] && printf '{\"score\": 7, \"tests\": []}\\n' > \"$2\"; shift; done\n\
         echo 'total: 3/20 tests passed'\nexit 1",
    );
    let (status, stdout, stderr) = layout.run(&run_autograder_script(&line(None)));
    assert_eq!(status, 0, "{stderr}");
    assert_eq!(stdout, "total: 3/20 tests passed\n", "the report goes to the log");
    let results = layout.path("results/results.json");
    let suite = layout.path("source/suite");
    let expected = [
        "check",
        "digits",
        "--cmd",
        HOSTILE_CMD,
        "--letters",
        "B,A",
        "--timeout",
        "2.5",
        "--thorough",
        "--cases",
        suite.to_str().unwrap(),
        "--gradescope",
        results.to_str().unwrap(),
    ];
    assert_eq!(layout.calls(), expected);
    let cwd = std::fs::read_to_string(layout.path("calls.cwd")).unwrap();
    assert_eq!(Path::new(cwd.trim_end()).canonicalize().unwrap(), layout.path("submission").canonicalize().unwrap());
    assert_eq!(layout.results(), serde_json::json!({"score": 7, "tests": []}), "check's file is kept as written");
}

#[test]
fn a_named_set_is_passed_by_name() {
    let layout = Layout::new();
    layout.fake_searchlab("exit 0");
    layout.run(&run_autograder_script(&line(Some("public"))));
    let calls = layout.calls();
    let at = calls.iter().position(|w| w == "--cases").unwrap();
    assert_eq!(calls[at + 1], "public");
}

/// The results written when the check could not run: valid JSON, score 0, the reason.
fn assert_failed(layout: &Layout, needle: &str) {
    let results = layout.results();
    assert_eq!(results["score"], 0);
    let output = results["output"].as_str().unwrap();
    assert!(output.starts_with("The autograder could not check your submission.\n"), "{output}");
    assert!(output.contains(needle), "{output:?} lacks {needle:?}");
    let test = &results["tests"][0];
    assert_eq!((test["score"].as_f64(), test["max_score"].as_f64()), (Some(0.0), Some(40.0)));
    assert_eq!(test["output"], results["output"]);
    assert_eq!(test["name"], "searchlab check");
    assert_eq!(results["visibility"], "visible");
}

#[test]
fn an_error_of_check_becomes_a_zero_with_its_message() {
    let layout = Layout::new();
    // Quotes, backslashes, a tab, a carriage return, an escape and non-ASCII text.
    let message = "searchlab: cannot start `python3 \"it's\" \\ x`:\tthere is no file\r\u{1b}[1m «driver.py»";
    layout.fake_searchlab(&format!("printf '%s\\n' {} >&2\nexit 2", super::shell_quote(message)));
    let (status, _, stderr) = layout.run(&run_autograder_script(&line(None)));
    assert_eq!(status, 0, "{stderr}");
    assert!(stderr.contains("there is no file"), "the message is in the log too: {stderr}");
    assert_failed(&layout, "searchlab: cannot start `python3 \"it's\" \\ x`: there is no file [1m «driver.py»");
    // A stale results.json of check is not kept when it failed.
    layout.fake_searchlab(
        "while [ \"$#\" -gt 1 ]; do [ \"$1\" = --gradescope ] && echo '{' > \"$2\"; shift; done\nexit 2",
    );
    layout.run(&run_autograder_script(&line(None)));
    assert_failed(&layout, "searchlab check ended with status 2.");
}

#[test]
fn a_missing_binary_or_submission_becomes_a_zero_that_says_so() {
    let layout = Layout::new();
    let (status, _, stderr) = layout.run(&run_autograder_script(&line(None)));
    assert_eq!(status, 0, "{stderr}");
    assert_failed(&layout, "did setup.sh run?");
    layout.fake_searchlab("exit 0");
    std::fs::remove_dir(layout.path("submission")).unwrap();
    layout.run(&run_autograder_script(&line(None)));
    assert_failed(&layout, "There is no submission folder");
    // Success without a results file is a failure too.
    std::fs::create_dir(layout.path("submission")).unwrap();
    layout.run(&run_autograder_script(&line(None)));
    assert_failed(&layout, "searchlab check ended with status 0.");
}

#[test]
fn setup_installs_the_binary_beside_it_and_proves_it_runs() {
    let layout = Layout::new();
    layout.executable(&layout.path("source/searchlab"), "#!/bin/sh\necho \"searchlab 9.9.9 $*\"\n");
    let bin = layout.path("bin/nested");
    std::fs::write(layout.path("source/setup.sh"), setup_script(&line(None))).unwrap();
    let (code, stdout) = Command::new("/bin/sh")
        .arg("setup.sh")
        .current_dir(layout.path("source"))
        .env("SEARCHLAB_BIN_DIR", &bin)
        .output()
        .map(|o| (o.status.code(), String::from_utf8_lossy(&o.stdout).into_owned()))
        .unwrap();
    assert_eq!((code, stdout.as_str()), (Some(0), "searchlab 9.9.9 --version\n"));
    let mode = std::fs::metadata(bin.join("searchlab")).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o700, "the students' programs must not run the answer key");
    let source = std::fs::metadata(layout.path("source")).unwrap().permissions().mode();
    assert_eq!(source & 0o777, 0o700, "the suite is root's only");
    // A binary that cannot run on the image fails the setup, saying why.
    layout.executable(&layout.path("source/searchlab"), "#!/bin/sh\nexit 126\n");
    let out =
        Command::new("/bin/sh").arg(layout.path("source/setup.sh")).env("SEARCHLAB_BIN_DIR", &bin).output().unwrap();
    assert_ne!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stderr).contains("does not run on this image"));
}

#[test]
fn bubblewrap_is_always_installed_and_comments_hold_any_command() {
    assert!(setup_script(&line(None)).contains("apt-get install -y --no-install-recommends bubblewrap util-linux"));
    let mut two_lines = line(None);
    two_lines.command = "python3 driver.py {letter}\n{file}; rm -rf /".to_owned();
    for script in [setup_script(&two_lines), run_autograder_script(&two_lines)] {
        assert!(script.starts_with("#!/bin/sh\n"));
        let header = script.lines().take_while(|l| !l.starts_with("set -"));
        assert!(header.clone().all(|l| l.starts_with('#')), "a newline of the command ends a comment:\n{script}");
        assert_eq!(header.count(), 5, "{script}");
        let out = Command::new("/bin/sh").arg("-n").arg("-c").arg(&script).output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    }
}
