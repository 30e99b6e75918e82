//! One module per subcommand: its clap arguments and its `run` function.

pub mod digits;
pub mod npuzzle;
pub mod report;
pub mod serve;
