//! One module per subcommand: its clap arguments and its `run` function.

pub mod bench;
pub mod case_args;
pub mod cases;
pub mod check;
pub mod completions;
pub mod digits;
pub mod grade;
pub mod grade_merge;
pub mod gradescope_bundle;
pub mod man;
pub mod npuzzle;
pub mod npuzzle_limits;
pub mod pdb;
mod pdb_cache;
pub mod pdb_search;
pub mod report;
mod report_args;
mod report_experiment;
mod report_korf;
pub mod sandbox_args;
pub mod search;
pub mod search_args;
pub mod search_help;
pub mod serve;
pub mod solve;
