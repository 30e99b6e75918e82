//! One module per subcommand: its clap arguments and its `run` function.

pub mod bench;
pub mod check;
pub mod digits;
pub mod npuzzle;
pub mod pdb;
pub mod report;
pub mod serve;
pub mod solve;
