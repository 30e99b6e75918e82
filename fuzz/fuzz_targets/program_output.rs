//! What `check` reads from the program it checks: a 3-digit program's stdout and an N-puzzle
//! program's output.txt. Any text is read into a reading (with its format faults), never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use searchlab_check::{read_digits, read_npuzzle};

fuzz_target!(|text: &str| {
    let _ = read_digits(text);
    let _ = read_npuzzle(text);
});
