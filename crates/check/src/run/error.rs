//! Errors of check itself (not of the program under test: those are results).

use crate::run::template::TemplateError;

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
    Sandbox(#[from] crate::run::sandbox::SandboxError),
    /// Check is being interrupted (SIGINT, SIGTERM): no run starts any more.
    #[error("interrupted")]
    Interrupted,
}
