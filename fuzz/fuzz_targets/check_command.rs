//! `check --cmd TEMPLATE`: any template text parses to words or a typed error, and a parsed
//! template expands with every placeholder set or reports the missing one.
#![no_main]

use libfuzzer_sys::fuzz_target;
use searchlab_check::{CommandTemplate, Values};

fuzz_target!(|text: &str| {
    if let Ok(template) = CommandTemplate::parse(text) {
        let all = Values {
            method: Some("bfs".into()),
            board: Some("1,2,5,3,4,0,6,7,8".into()),
            letter: Some("B".into()),
            file: Some("input.txt".into()),
        };
        let argv = template.argv(&all, std::path::Path::new("/nonexistent-base"));
        assert!(argv.map(|words| !words.is_empty()).unwrap_or(true));
        let _ = template.argv(&Values::default(), std::path::Path::new("."));
        let _ = template.placeholders();
    }
});
