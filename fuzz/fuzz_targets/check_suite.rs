//! `check --cases DIR`: a suite folder's manifest and one case file, read by `load_suite`. Any
//! bytes load or give a typed error; a path in the manifest never leaves the folder.
#![no_main]

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};

use libfuzzer_sys::fuzz_target;
use searchlab_check::cases::{load_suite, MANIFEST_FILE_NAME};

static RUN: AtomicU64 = AtomicU64::new(0);

fuzz_target!(|data: &[u8]| {
    // The manifest, then (after the first NUL byte) the text of `case.txt` beside it.
    let (manifest, case) = match data.iter().position(|&b| b == 0) {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &[][..]),
    };
    let dir: PathBuf = std::env::temp_dir()
        .join(format!("searchlab-fuzz-suite-{}-{}", std::process::id(), RUN.fetch_add(1, Ordering::Relaxed)));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    std::fs::write(dir.join(MANIFEST_FILE_NAME), manifest).expect("the manifest");
    std::fs::write(dir.join("case.txt"), case).expect("the case file");
    if let Ok(cases) = load_suite(&dir) {
        // Only two files exist in the folder: every case's input is read from one of them.
        let files = [String::from_utf8_lossy(manifest), String::from_utf8_lossy(case)];
        for case in &cases {
            assert!(files.iter().any(|f| *f == case.input || f.trim() == case.input), "input from outside");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
});
