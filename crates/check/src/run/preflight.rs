//! What can be refused before any run: a command that cannot work for this puzzle (the other
//! puzzle's placeholders, a placeholder missing) or a program that cannot be started (not
//! found, not executable, an interpreter or a script missing). Each refusal is one line that
//! says what to change, with the paths as the user wrote them.

use std::path::{Path, PathBuf};

use crate::cases::Puzzle;
use crate::puzzle::ALL;
use crate::run::sandbox::is_executable;
use crate::{CommandTemplate, Placeholder, Values};

/// Why a command is refused before running.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Refusal(pub String);

/// Interpreters whose first argument that is not an option is a script file.
const SCRIPT_INTERPRETERS: &[&str] =
    &["python", "python2", "python3", "pypy", "pypy3", "node", "ruby", "perl", "bash", "sh"];

/// Checks `template` for `puzzle` before anything runs: its placeholders, then that its
/// program can be started from `base_dir` (the folder relative paths are read from).
///
/// ```
/// use searchlab_check::{preflight, cases::Puzzle, CommandTemplate};
/// let t = CommandTemplate::parse("sh driver.sh {letter} {file}").unwrap();
/// let refusal = preflight(Puzzle::Npuzzle, &t, std::path::Path::new(".")).unwrap_err();
/// assert!(refusal.to_string().contains("{letter}"));
/// ```
pub fn preflight(puzzle: Puzzle, template: &CommandTemplate, base_dir: &Path) -> Result<(), Refusal> {
    preflight_placeholders(puzzle, template)?;
    let dir = Values { dir: Some(base_dir.to_string_lossy().into_owned()), ..Values::default() };
    let words = template.words_with(&dir);
    let Some(Some(program)) = words.first() else { return Ok(()) };
    startable(program, base_dir)?;
    let name = Path::new(program).file_name().and_then(|n| n.to_str()).unwrap_or(program);
    let interpreter = SCRIPT_INTERPRETERS.iter().any(|i| name == *i || name.strip_prefix(i).is_some_and(is_version));
    if interpreter {
        if let Some(Some(script)) = words.iter().skip(1).find(|w| !w.as_deref().is_some_and(|w| w.starts_with('-'))) {
            if !base_dir.join(script).is_file() {
                return Err(Refusal(format!(
                    "cannot start `{program} {script}`: there is no file {script} (relative paths are read from {})",
                    base_dir.display()
                )));
            }
        }
    }
    Ok(())
}

/// The first half of [`preflight`]: the placeholders `template` uses are `puzzle`'s (and
/// `{dir}`), none missing. Needs no folder: `grade` checks it once for the whole class.
pub fn preflight_placeholders(puzzle: Puzzle, template: &CommandTemplate) -> Result<(), Refusal> {
    let used = template.placeholders();
    let mine = puzzle.checked();
    let (wanted, example) = mine.placeholders();
    let Some(other) = ALL.into_iter().find(|p| p.puzzle() != puzzle) else { return Ok(()) };
    let (theirs, _) = other.placeholders();
    let foreign: Vec<String> = theirs.iter().filter(|p| used.contains(p)).map(ToString::to_string).collect();
    if !foreign.is_empty() {
        return Err(Refusal(format!(
            "--cmd uses {}, which {} takes; {} takes {} and {}: --cmd {example}",
            foreign.join(" and "),
            other.program(),
            mine.program(),
            wanted[0],
            wanted[1]
        )));
    }
    if let Some(missing) = wanted.iter().find(|p| !used.contains(p)) {
        return Err(Refusal(format!(
            "--cmd has no {missing}: each run's {} goes there, as in --cmd {example}",
            match missing {
                Placeholder::Method => "method (bfs, dfs or ast)",
                Placeholder::Board => "board (0,1,2,…)",
                Placeholder::Letter => "letter (B, D, I, G, A or H)",
                _ => "input file's path",
            }
        )));
    }
    Ok(())
}

/// `3`, `3.11`, `2.7`: a version suffix of an interpreter's name.
fn is_version(rest: &str) -> bool {
    !rest.is_empty() && rest.chars().all(|c| c.is_ascii_digit() || c == '.')
}

/// The file `program` starts: a path (with a `/`) relative to `base_dir`, or a name on `PATH`;
/// refused when there is none or it is not executable.
fn startable(program: &str, base_dir: &Path) -> Result<(), Refusal> {
    let candidates: Vec<PathBuf> = if program.contains('/') {
        vec![base_dir.join(program)]
    } else {
        std::env::var_os("PATH")
            .map(|p| std::env::split_paths(&p).map(|dir| dir.join(program)).collect())
            .unwrap_or_default()
    };
    let Some(file) = candidates.iter().find(|c| c.is_file()) else {
        return Err(Refusal(if program.contains('/') {
            format!(
                "cannot start `{program}`: there is no such file (relative paths are read from {})",
                base_dir.display()
            )
        } else {
            format!("cannot start `{program}`: no program of that name on the PATH (is it installed?)")
        }));
    };
    if !is_executable(file) {
        return Err(Refusal(format!(
            "cannot start `{program}`: the file is not executable (chmod +x {program}, or name its interpreter first: python3 {program})"
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(puzzle: Puzzle, cmd: &str, dir: &Path) -> Option<String> {
        preflight(puzzle, &CommandTemplate::parse(cmd).unwrap(), dir).err().map(|r| r.0)
    }

    #[test]
    fn placeholders_are_the_puzzles() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("d.py"), "").unwrap();
        let p = dir.path();
        assert!(refused(Puzzle::Npuzzle, "python3 d.py {letter} {file}", p).unwrap().contains("{letter} and {file}"));
        assert!(refused(Puzzle::Digits, "python3 d.py {method} {board}", p).unwrap().contains("{method} and {board}"));
        assert!(refused(Puzzle::Npuzzle, "python3 d.py {method}", p).unwrap().starts_with("--cmd has no {board}"));
        assert!(refused(Puzzle::Digits, "python3 d.py {letter}", p).unwrap().starts_with("--cmd has no {file}"));
        assert_eq!(refused(Puzzle::Npuzzle, "python3 d.py {method} {board}", p), None);
    }

    #[test]
    fn programs_and_scripts_must_exist() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path();
        std::fs::write(p.join("plain.sh"), "echo").unwrap();
        let none = refused(Puzzle::Digits, "python3 missing.py {letter} {file}", p).unwrap();
        assert!(none.contains("there is no file missing.py"), "{none}");
        let path = refused(Puzzle::Digits, "./nothing {letter} {file}", p).unwrap();
        assert!(path.starts_with("cannot start `./nothing`: there is no such file"), "{path}");
        let name = refused(Puzzle::Digits, "no-such-interpreter-here x.py {letter} {file}", p).unwrap();
        assert!(name.contains("no program of that name on the PATH"), "{name}");
        let mode = refused(Puzzle::Digits, "./plain.sh {letter} {file}", p).unwrap();
        assert!(mode.contains("not executable"), "{mode}");
        assert_eq!(refused(Puzzle::Digits, "sh plain.sh {letter} {file}", p), None);
        assert_eq!(refused(Puzzle::Digits, "python3 -u 'plain.sh' {letter} {file}", p), None);
        // {dir} is the program's folder, for either puzzle.
        assert_eq!(refused(Puzzle::Digits, "sh {dir}/plain.sh {letter} {file}", p), None);
        assert_eq!(refused(Puzzle::Npuzzle, "sh {dir}/plain.sh {method} {board}", p), None);
        let gone = refused(Puzzle::Npuzzle, "python3 {dir}/gone.py {method} {board}", p).unwrap();
        assert!(gone.contains("there is no file"), "{gone}");
    }
}
