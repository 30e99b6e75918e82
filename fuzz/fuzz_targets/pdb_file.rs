//! Pattern-database files: any bytes are verified (header, size, checksums) without panicking,
//! and bytes that pass give a table whose every entry can be read.
#![no_main]

use libfuzzer_sys::fuzz_target;
use searchlab_solver::pdb::file::verify;
use searchlab_solver::pdb::{Pattern, PdbTable};

fuzz_target!(|bytes: &[u8]| {
    let pattern = Pattern::new(3, 0, vec![1, 2]).expect("a valid pattern");
    if let Ok(bits) = verify(&pattern, bytes) {
        let payload = &bytes[searchlab_solver::pdb::file::HEADER_LEN..];
        if let Ok(table) = PdbTable::new(&pattern, bits, payload) {
            for rank in 0..pattern.entries() {
                let _ = table.entry(rank as usize);
            }
        }
    }
});
