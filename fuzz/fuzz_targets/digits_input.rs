//! The 3-digit puzzle's input file: any bytes parse to an instance or a typed error, and an
//! instance solves without panicking under every strategy.
#![no_main]

use libfuzzer_sys::fuzz_target;
use searchlab_threedigits::{parse_instance, solve, STRATEGIES};

fuzz_target!(|bytes: &[u8]| {
    if let Ok(instance) = parse_instance(bytes) {
        for strategy in STRATEGIES {
            let _ = solve(&instance, strategy);
        }
    }
});
