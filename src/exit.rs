//! The exit-code contract of the `searchlab` binary, and the error that carries one.

use std::process::ExitCode;

/// Why the process ends; the numeric codes are documented in `--help` and the README.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exit {
    /// 0: the command answered (a spec answer such as `No solution found.` included).
    Answered,
    /// 1: no solution exists (e.g. an unsolvable board).
    NoSolution,
    /// 2: usage or input error.
    Usage,
    /// 3: a limit stopped the search before it could answer.
    Limit,
    /// 130: interrupted (Ctrl-C).
    Interrupted,
}

impl Exit {
    /// The process exit status.
    pub fn code(self) -> u8 {
        match self {
            Exit::Answered => 0,
            Exit::NoSolution => 1,
            Exit::Usage => 2,
            Exit::Limit => 3,
            Exit::Interrupted => 130,
        }
    }
}

impl From<Exit> for ExitCode {
    fn from(exit: Exit) -> ExitCode {
        ExitCode::from(exit.code())
    }
}

/// An error that ends the process with a specific [`Exit`] (plain errors mean [`Exit::Usage`]).
#[derive(Debug, thiserror::Error)]
#[error("{message}")]
pub struct Failure {
    /// The exit status.
    pub exit: Exit,
    /// What to print on stderr after `searchlab: `.
    pub message: String,
}

#[allow(dead_code)] // constructed by the commands that end with exit 1 or 3
impl Failure {
    /// A failure with this exit status and message.
    pub fn new(exit: Exit, message: impl Into<String>) -> Self {
        Failure { exit, message: message.into() }
    }
}

/// The exit-code table, as shown at the end of `--help`.
pub const EXIT_CODES_HELP: &str = "\
Exit codes:
  0    answered (including a spec answer such as \"No solution found.\")
  1    no solution exists (e.g. an unsolvable board)
  2    usage or input error
  3    a limit stopped the search (expansions, nodes, memory)
  130  interrupted";
