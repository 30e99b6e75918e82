//! Quoting for POSIX shell scripts: a word written into a script reads back as exactly that
//! word, whatever it holds (blanks, quotes, `$`, backquotes, newlines), so the scripts of a
//! Gradescope bundle can carry a command template as the user wrote it.

/// Characters that never need quotes in a POSIX shell word (outside the first word of a
/// command, where `=` would make an assignment: the scripts never put a quoted word there).
fn is_plain(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | '/' | ',' | ':' | '=' | '+' | '@' | '%')
}

/// `word` as one POSIX shell word: unchanged when it holds only letters, digits and
/// `-_./,:=+@%`, otherwise in single quotes, each `'` written `'\''` (close the quotes, an
/// escaped quote, open them again). The empty word is `''`.
///
/// ```
/// use searchlab_check::export::shell_quote;
/// assert_eq!(shell_quote("suite/inputs"), "suite/inputs");
/// assert_eq!(shell_quote("python3 driver.py {method}"), "'python3 driver.py {method}'");
/// assert_eq!(shell_quote("it's"), r"'it'\''s'");
/// assert_eq!(shell_quote(""), "''");
/// ```
pub fn shell_quote(word: &str) -> String {
    if !word.is_empty() && word.chars().all(is_plain) {
        return word.to_owned();
    }
    format!("'{}'", word.replace('\'', r"'\''"))
}

/// Each word quoted by [`shell_quote`], joined by single spaces.
///
/// ```
/// use searchlab_check::export::shell_words;
/// assert_eq!(shell_words(["--letters", "B,A", "--cmd", "java X {letter}"]), "--letters B,A --cmd 'java X {letter}'");
/// ```
pub fn shell_words<I, S>(words: I) -> String
where
    I: IntoIterator<Item = S>,
    S: AsRef<str>,
{
    words.into_iter().map(|w| shell_quote(w.as_ref())).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// What `/bin/sh` reads back from `script_words` (a line of quoted words): each word
    /// followed by a NUL byte.
    fn sh_reads(script_words: &str) -> Vec<String> {
        let script = format!("printf '%s\\0' {script_words}\n");
        let out = std::process::Command::new("/bin/sh").arg("-c").arg(&script).output().expect("/bin/sh runs");
        assert!(out.status.success(), "sh failed on {script:?}: {}", String::from_utf8_lossy(&out.stderr));
        let text = String::from_utf8(out.stdout).expect("UTF-8 back");
        let mut words: Vec<String> = text.split('\0').map(str::to_owned).collect();
        assert_eq!(words.pop().as_deref(), Some(""), "every word ends with a NUL");
        words
    }

    const HOSTILE: &[&str] = &[
        "plain",
        "",
        " ",
        "two words",
        "it's",
        "''",
        "'\\''",
        "\"double\" quotes",
        "$HOME and ${HOME} and $(touch pwned) and `touch pwned`",
        "back\\slash\\",
        "new\nline\n",
        "tab\there",
        "glob * ? [a-z]",
        "~/home",
        "{letter} {file}",
        "semi; colon && and | pipe > redirect < in",
        "#comment",
        "-n",
        "é ünïcödé ✓",
        "!history",
        "\u{1b}[31mred",
    ];

    #[test]
    fn hostile_words_read_back_unchanged_through_sh() {
        assert_eq!(sh_reads(&shell_words(HOSTILE)), HOSTILE);
    }

    #[test]
    fn plain_words_stay_unquoted_and_others_are_quoted() {
        assert_eq!(shell_quote("--timeout"), "--timeout");
        assert_eq!(shell_quote("B,A"), "B,A");
        assert_eq!(shell_quote("1073741824"), "1073741824");
        assert_eq!(shell_quote("a b"), "'a b'");
        assert_eq!(shell_quote("~"), "'~'");
        assert_eq!(shell_quote("*"), "'*'");
        assert_eq!(shell_quote("'"), r"''\'''");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]
        #[test]
        fn any_words_read_back_unchanged(words in proptest::collection::vec("[^\u{0}]{0,12}", 1..8)) {
            prop_assert_eq!(sh_reads(&shell_words(&words)), words);
        }
    }
}
