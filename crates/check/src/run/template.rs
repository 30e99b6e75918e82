//! The command template: `python3 driver.py {method} {board}`, split into words the way a
//! shell would split it, with placeholders that are filled in as plain argument text.
//!
//! No shell ever runs: the words are passed to the program directly, so a value such as
//! `$(touch pwned)` reaches the program as those 14 characters and nothing else. Shell
//! operators outside quotes (`|`, `;`, `&&`, `>`, `$`, backquotes, parentheses) are rejected;
//! a pipeline belongs in a script.

use std::ffi::OsString;
use std::fmt;
use std::path::{Path, PathBuf};

/// A placeholder of the template, filled in for each run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Placeholder {
    /// `{method}`: the N-puzzle method (`bfs`, `dfs`, `ast`, …).
    Method,
    /// `{board}`: the N-puzzle board, `1,2,5,3,4,0,6,7,8`.
    Board,
    /// `{letter}`: the 3-digit strategy letter (`B`, `D`, `I`, `G`, `A`, `H`).
    Letter,
    /// `{file}`: the absolute path of the input file written into the run's folder.
    File,
    /// `{dir}`: the absolute path of the program's folder (the folder relative paths are read
    /// from; in `grade`, the student's staged folder). Either puzzle may use it.
    Dir,
}

impl Placeholder {
    /// All placeholders.
    pub const ALL: [Placeholder; 5] =
        [Placeholder::Method, Placeholder::Board, Placeholder::Letter, Placeholder::File, Placeholder::Dir];

    /// The name between the braces: `method`, `board`, `letter`, `file` or `dir`.
    pub fn name(self) -> &'static str {
        match self {
            Placeholder::Method => "method",
            Placeholder::Board => "board",
            Placeholder::Letter => "letter",
            Placeholder::File => "file",
            Placeholder::Dir => "dir",
        }
    }
}

impl fmt::Display for Placeholder {
    /// The placeholder as written in a template: `{board}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{{}}}", self.name())
    }
}

/// The values of one run, one per placeholder; a placeholder the template uses must have one.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Values {
    /// The value of `{method}`.
    pub method: Option<String>,
    /// The value of `{board}`.
    pub board: Option<String>,
    /// The value of `{letter}`.
    pub letter: Option<String>,
    /// The value of `{file}`.
    pub file: Option<String>,
    /// The value of `{dir}`.
    pub dir: Option<String>,
}

impl Values {
    /// The value of `placeholder`, if set.
    pub fn get(&self, placeholder: Placeholder) -> Option<&str> {
        match placeholder {
            Placeholder::Method => self.method.as_deref(),
            Placeholder::Board => self.board.as_deref(),
            Placeholder::Letter => self.letter.as_deref(),
            Placeholder::File => self.file.as_deref(),
            Placeholder::Dir => self.dir.as_deref(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Piece {
    Text(String),
    Slot(Placeholder),
}

/// A parsed command template: words made of literal text and placeholders.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommandTemplate {
    source: String,
    words: Vec<Vec<Piece>>,
}

impl CommandTemplate {
    /// Splits `template` into words: blanks separate words; `'…'` keeps everything literally;
    /// `"…"` keeps everything but `\"` and `\\`; a backslash outside quotes escapes the next
    /// character; a leading `~/` is the home folder. `{method}`, `{board}`, `{letter}` and
    /// `{file}` may appear anywhere in a word, quoted or not.
    ///
    /// ```
    /// use searchlab_check::{CommandTemplate, Placeholder};
    /// let t = CommandTemplate::parse("python3 'my driver.py' --board={board} {method}")?;
    /// assert_eq!(t.placeholders(), vec![Placeholder::Board, Placeholder::Method]);
    /// # Ok::<(), searchlab_check::TemplateError>(())
    /// ```
    pub fn parse(template: &str) -> Result<CommandTemplate, TemplateError> {
        let words = split(template)?;
        if words.is_empty() {
            return Err(TemplateError::Empty);
        }
        Ok(CommandTemplate { source: template.to_owned(), words })
    }

    /// The template as the user wrote it.
    pub fn as_str(&self) -> &str {
        &self.source
    }

    /// The placeholders used, in order of first use.
    pub fn placeholders(&self) -> Vec<Placeholder> {
        let mut used = Vec::new();
        for piece in self.words.iter().flatten() {
            if let Piece::Slot(p) = piece {
                if !used.contains(p) {
                    used.push(*p);
                }
            }
        }
        used
    }

    /// Each word as written (quotes removed, `~/` expanded) when it has no placeholder, `None`
    /// for a word with one: what [`crate::run::preflight`] checks before any run.
    pub fn literal_words(&self) -> Vec<Option<String>> {
        self.words_with(&Values::default())
    }

    /// Each word with the placeholders that have a value in `values` filled in, `None` for a
    /// word with a placeholder that has none (preflight fills `{dir}` in so).
    pub fn words_with(&self, values: &Values) -> Vec<Option<String>> {
        self.words
            .iter()
            .map(|word| {
                word.iter()
                    .map(|piece| match piece {
                        Piece::Text(t) => Some(t.as_str()),
                        Piece::Slot(p) => values.get(*p),
                    })
                    .collect::<Option<String>>()
            })
            .collect()
    }

    /// The program and its arguments for one run. A word without placeholders that names an
    /// existing file or folder relative to `base_dir` (`driver.py`, `.` in `java -cp .`) is made
    /// absolute, because the program runs in a fresh folder; the first word only when it holds
    /// a `/` (otherwise it is looked up on `PATH`).
    pub fn argv(&self, values: &Values, base_dir: &Path) -> Result<Vec<OsString>, TemplateError> {
        let mut argv = Vec::with_capacity(self.words.len());
        for (i, word) in self.words.iter().enumerate() {
            let mut text = String::new();
            let mut literal = true;
            for piece in word {
                match piece {
                    Piece::Text(t) => text.push_str(t),
                    Piece::Slot(p) => {
                        literal = false;
                        text.push_str(values.get(*p).ok_or(TemplateError::MissingValue(*p))?);
                    }
                }
            }
            let absolutize = literal && !text.is_empty() && !text.starts_with('-') && (i > 0 || text.contains('/'));
            let path = base_dir.join(&text);
            if absolutize && Path::new(&text).is_relative() && path.exists() {
                argv.push(path.into_os_string());
            } else {
                argv.push(OsString::from(text));
            }
        }
        Ok(argv)
    }
}

/// Characters that would mean something to a shell outside quotes.
const SHELL_OPERATORS: &[char] = &['|', '&', ';', '<', '>', '(', ')', '$', '`'];

fn split(template: &str) -> Result<Vec<Vec<Piece>>, TemplateError> {
    let mut words = Vec::new();
    let mut word: Option<Vec<Piece>> = None;
    let mut text = String::new();
    let mut chars = template.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => {
                if let Some(mut w) = word.take() {
                    flush(&mut w, &mut text)?;
                    words.push(w);
                }
            }
            '\'' => {
                word.get_or_insert_with(Vec::new);
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => text.push(c),
                        None => return Err(TemplateError::UnclosedQuote('\'')),
                    }
                }
            }
            '"' => {
                word.get_or_insert_with(Vec::new);
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') if matches!(chars.peek(), Some('"' | '\\')) => text.extend(chars.next()),
                        Some(c) => text.push(c),
                        None => return Err(TemplateError::UnclosedQuote('"')),
                    }
                }
            }
            '\\' => {
                word.get_or_insert_with(Vec::new);
                text.push(chars.next().ok_or(TemplateError::TrailingBackslash)?);
            }
            c if SHELL_OPERATORS.contains(&c) => return Err(TemplateError::ShellSyntax(c)),
            '~' if word.is_none() && matches!(chars.peek(), Some('/') | None) => {
                word = Some(Vec::new());
                let home = std::env::var_os("HOME").map(PathBuf::from).ok_or(TemplateError::NoHome)?;
                text.push_str(&home.to_string_lossy());
            }
            c => {
                word.get_or_insert_with(Vec::new);
                text.push(c);
            }
        }
    }
    if let Some(mut w) = word.take() {
        flush(&mut w, &mut text)?;
        words.push(w);
    }
    Ok(words)
}

/// Moves `text` into `word`, cutting out the placeholders.
fn flush(word: &mut Vec<Piece>, text: &mut String) -> Result<(), TemplateError> {
    let mut rest = std::mem::take(text).into_bytes();
    let mut literal = Vec::new();
    while !rest.is_empty() {
        if rest[0] == b'{' {
            let name_len = rest[1..].iter().take_while(|b| b.is_ascii_lowercase()).count();
            if name_len > 0 && rest.get(1 + name_len) == Some(&b'}') {
                let name = String::from_utf8_lossy(&rest[1..1 + name_len]).into_owned();
                let slot = Placeholder::ALL
                    .into_iter()
                    .find(|p| p.name() == name)
                    .ok_or(TemplateError::UnknownPlaceholder(name))?;
                if !literal.is_empty() {
                    word.push(Piece::Text(String::from_utf8_lossy(&std::mem::take(&mut literal)).into_owned()));
                }
                word.push(Piece::Slot(slot));
                rest.drain(..2 + name_len);
                continue;
            }
        }
        literal.push(rest.remove(0));
    }
    if !literal.is_empty() || word.is_empty() {
        word.push(Piece::Text(String::from_utf8_lossy(&literal).into_owned()));
    }
    Ok(())
}

/// Why a command template cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TemplateError {
    /// The template has no words.
    #[error("the command is empty")]
    Empty,
    /// A quote is opened and never closed.
    #[error("the command has an unclosed {0} quote")]
    UnclosedQuote(char),
    /// The template ends in a lone backslash.
    #[error("the command ends in a lone backslash")]
    TrailingBackslash,
    /// A shell operator outside quotes; no shell runs the command.
    #[error("the command uses shell syntax `{0}`, but no shell runs it: put the pipeline in a script and run that")]
    ShellSyntax(char),
    /// `~` is used but `HOME` is not set.
    #[error("the command starts a word with ~ but HOME is not set")]
    NoHome,
    /// `{name}` that is not one of `{method}`, `{board}`, `{letter}`, `{file}`.
    #[error("unknown placeholder {{{0}}}: use {{method}}, {{board}}, {{letter}} or {{file}}")]
    UnknownPlaceholder(String),
    /// The template uses a placeholder the run has no value for.
    #[error("the command uses {0} but this test has no value for it")]
    MissingValue(Placeholder),
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(t: &str, values: &Values) -> Vec<String> {
        let argv = CommandTemplate::parse(t).unwrap().argv(values, Path::new("/nonexistent-base")).unwrap();
        argv.into_iter().map(|a| a.into_string().unwrap()).collect()
    }

    fn board(b: &str) -> Values {
        Values { board: Some(b.into()), method: Some("bfs".into()), ..Values::default() }
    }

    #[test]
    fn splits_like_a_shell() {
        let v = board("1,2,0");
        assert_eq!(words("python3  driver.py {method} {board}", &v), ["python3", "driver.py", "bfs", "1,2,0"]);
        assert_eq!(
            words(r#"a 'b c' "d \"e\" \\" f\ g '' x"{board}"y"#, &v),
            ["a", "b c", r#"d "e" \"#, "f g", "", "x1,2,0y"]
        );
        assert_eq!(words("p --b={board}{method}", &v), ["p", "--b=1,2,0bfs"]);
        assert_eq!(words("p '{board}'", &v), ["p", "1,2,0"]);
        assert_eq!(words("p {x", &v), ["p", "{x"]);
    }

    #[test]
    fn values_are_never_interpreted() {
        let v = board("$(touch pwned); rm -rf / 'q' \"d\" `x` *");
        assert_eq!(words("p {board}", &v), ["p", "$(touch pwned); rm -rf / 'q' \"d\" `x` *"]);
        assert_eq!(words("p \"{board}\"", &v)[1], v.board.unwrap());
    }

    #[test]
    fn errors_are_typed() {
        let e = |t: &str| CommandTemplate::parse(t).unwrap_err();
        assert_eq!(e(""), TemplateError::Empty);
        assert_eq!(e("   "), TemplateError::Empty);
        assert_eq!(e("p 'x"), TemplateError::UnclosedQuote('\''));
        assert_eq!(e("p \"x"), TemplateError::UnclosedQuote('"'));
        assert_eq!(e("p x\\"), TemplateError::TrailingBackslash);
        assert_eq!(e("p | q"), TemplateError::ShellSyntax('|'));
        assert_eq!(e("p $HOME"), TemplateError::ShellSyntax('$'));
        assert_eq!(e("p {metod}"), TemplateError::UnknownPlaceholder("metod".into()));
        let t = CommandTemplate::parse("p {letter} {file}").unwrap();
        let missing = t.argv(&Values { letter: Some("B".into()), ..Values::default() }, Path::new("."));
        assert_eq!(missing.unwrap_err(), TemplateError::MissingValue(Placeholder::File));
        assert_eq!(t.placeholders(), [Placeholder::Letter, Placeholder::File]);
        assert_eq!(Placeholder::File.to_string(), "{file}");
    }

    #[test]
    fn dir_is_a_placeholder_of_either_puzzle() {
        let t = CommandTemplate::parse("python3 {dir}/driver.py {method} {board}").unwrap();
        assert_eq!(t.placeholders(), [Placeholder::Dir, Placeholder::Method, Placeholder::Board]);
        let v = Values { dir: Some("/s/alice".into()), ..board("1,2,0") };
        assert_eq!(
            words("python3 {dir}/driver.py {method} {board}", &v),
            ["python3", "/s/alice/driver.py", "bfs", "1,2,0"]
        );
        assert_eq!(t.words_with(&v)[1].as_deref(), Some("/s/alice/driver.py"));
        assert_eq!(t.literal_words()[1], None);
    }

    #[test]
    fn relative_files_become_absolute() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("driver.py"), "").unwrap();
        std::fs::write(dir.path().join("python3"), "").unwrap();
        let t = CommandTemplate::parse("python3 driver.py -cp . missing.py {board}").unwrap();
        let argv = t.argv(&board("driver.py"), dir.path()).unwrap();
        assert_eq!(argv[0], "python3");
        assert_eq!(argv[1], dir.path().join("driver.py"));
        assert_eq!(argv[2], "-cp");
        assert_eq!(argv[3], dir.path().join("."));
        assert_eq!(argv[4], "missing.py");
        assert_eq!(argv[5], "driver.py", "substituted values stay as they are");
        let t = CommandTemplate::parse("./driver.py").unwrap();
        assert_eq!(t.argv(&Values::default(), dir.path()).unwrap()[0], dir.path().join("./driver.py"));
    }
}
