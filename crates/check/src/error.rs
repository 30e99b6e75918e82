//! Errors of check itself (not of the program under test: those are results).

use crate::template::Placeholder;

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

/// Why check could not run a program at all (a crash, hang or flood of the program is a
/// [`crate::RunResult`], not an error).
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// The template cannot be filled in.
    #[error(transparent)]
    Template(#[from] TemplateError),
    /// The temporary folder or the input file could not be made.
    #[error("cannot prepare the run's temporary folder: {0}")]
    TempDir(#[source] std::io::Error),
    /// The program could not be started (not found, not executable).
    #[error("cannot start `{program}`: {source}")]
    Spawn {
        /// The program's name or path.
        program: String,
        /// The operating system's reason.
        #[source]
        source: std::io::Error,
    },
    /// The sandbox could not be prepared.
    #[error(transparent)]
    Sandbox(#[from] crate::sandbox::SandboxError),
    /// Check is being interrupted (SIGINT, SIGTERM): no run starts any more.
    #[error("interrupted")]
    Interrupted,
}
