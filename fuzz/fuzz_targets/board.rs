//! Board text (`npuzzle`, `solve`, `--goal`): any text parses to a board or a typed error, and
//! a board's parity check and goal never panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use searchlab_npuzzle::{is_solvable, Board};

fuzz_target!(|text: &str| {
    if let Ok(board) = Board::parse(text) {
        if let Ok(goal) = Board::goal(board.width()) {
            let _ = is_solvable(&board, &goal);
        }
    }
});
