//! The `Examples:` lines of every subcommand's `--help`, as argument lists: a test parses each
//! one with the real argument parser, so that no help shows a command that no longer parses.

use clap::CommandFactory;

/// One example of a help page: the subcommand's path and the words of its command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Example {
    /// The subcommand whose help shows it (`pdb build`).
    pub(crate) shown_in: String,
    /// The command's words, `searchlab` first, without its comment or a redirection.
    pub(crate) words: Vec<String>,
}

/// Every example of every subcommand's help, in the order the help shows them.
pub(crate) fn all() -> Vec<Example> {
    let mut out = Vec::new();
    collect(&mut super::Cli::command(), "", &mut out);
    out
}

fn collect(command: &mut clap::Command, path: &str, out: &mut Vec<Example>) {
    let help = command.render_long_help().to_string();
    for line in examples_section(&help) {
        out.push(Example { shown_in: path.trim().to_owned(), words: words(line) });
    }
    for sub in command.get_subcommands_mut() {
        let name = format!("{path} {}", sub.get_name());
        collect(sub, &name, out);
    }
}

/// The lines of the `Examples:` section that start a command (`  searchlab …`).
fn examples_section(help: &str) -> Vec<&str> {
    let mut inside = false;
    let mut out = Vec::new();
    for line in help.lines() {
        if line.starts_with("Examples:") {
            inside = true;
        } else if !line.starts_with(' ') && !line.is_empty() {
            inside = false;
        } else if inside && line.trim_start().starts_with("searchlab ") {
            out.push(line.trim_start());
        }
    }
    out
}

/// The words of one example line: its description (after two spaces or a `#`) and anything
/// from a redirection or pipe on left out; single and double quotes group words.
fn words(line: &str) -> Vec<String> {
    let command = line.split("  ").next().unwrap_or(line);
    let command = command.split(" #").next().unwrap_or(command);
    let mut words = Vec::new();
    let (mut word, mut quote, mut started) = (String::new(), None, false);
    for c in command.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '\'' | '"') => (quote, started) = (Some(c), true),
            (None, ' ') => {
                if started {
                    words.push(std::mem::take(&mut word));
                }
                started = false;
            }
            (None, c) => {
                word.push(c);
                started = true;
            }
        }
    }
    if started {
        words.push(word);
    }
    let end = words.iter().position(|w| matches!(w.as_str(), ">" | ">>" | "|")).unwrap_or(words.len());
    words.truncate(end);
    words
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[test]
    fn example_lines_are_split_as_a_shell_would() {
        let split = |line| words(line).join("|");
        assert_eq!(
            split("searchlab digits B sample.txt          breadth-first search"),
            "searchlab|digits|B|sample.txt"
        );
        assert_eq!(
            split("searchlab check digits --cmd 'python3 T.py {letter} {file}' --letters B,A"),
            "searchlab|check|digits|--cmd|python3 T.py {letter} {file}|--letters|B,A"
        );
        assert_eq!(
            split("searchlab pdb build --size 4 --pattern 6-6-3    # seconds"),
            "searchlab|pdb|build|--size|4|--pattern|6-6-3"
        );
        assert_eq!(split("searchlab completions bash > ~/.bash_completion"), "searchlab|completions|bash");
        assert_eq!(split("searchlab man | man -l -"), "searchlab|man");
        assert_eq!(split("searchlab x --goal ''"), "searchlab|x|--goal|");
    }

    /// Every help page's examples parse with the real parser: a renamed or removed option
    /// fails here, not in a reader's terminal.
    #[test]
    fn every_example_in_every_help_parses() {
        let examples = all();
        assert!(examples.len() >= 60, "only {} examples found", examples.len());
        for shown in ["digits", "npuzzle", "check", "grade", "grade merge", "pdb", "bench", "search", "report"] {
            assert!(examples.iter().any(|e| e.shown_in == shown), "no example shown in `{shown} --help`");
        }
        for example in &examples {
            if let Err(err) = super::super::Cli::try_parse_from(&example.words) {
                panic!(
                    "`{} --help` shows `{}`, which does not parse: {err}",
                    example.shown_in,
                    example.words.join(" ")
                );
            }
        }
    }
}
