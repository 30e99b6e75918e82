//! An exported replay: the trace crate's self-contained page
//! ([`searchlab_trace::standalone::standalone_page`]) carrying this registry's list of puzzles,
//! so that it names and draws every registered puzzle with no server.

use serde::Serialize;

use crate::listing::all_puzzles;

/// The page replaying `recordings` side by side, titled `title`: path-search recordings
/// ([`searchlab_trace::record::Recording`]) or local-search ones
/// ([`searchlab_trace::local::recording::LocalRecording`]).
pub fn export_page<R: Serialize>(title: &str, recordings: &[R]) -> String {
    searchlab_trace::standalone::standalone_page(title, &all_puzzles(), recordings)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_carries_the_registry_and_its_recordings() {
        let field = |n: &str| match n {
            "start" => "320".to_string(),
            "goal" => "110".into(),
            _ => String::new(),
        };
        let bfs = crate::path_puzzle("digits").unwrap().record(&field, "B", 1000, None).unwrap();
        let page = export_page("BFS <320 to 110>", &[bfs]);
        assert!(page.contains("<title>BFS &lt;320 to 110&gt;</title>"));
        for name in crate::names() {
            assert!(page.contains(&format!("\"name\":\"{name}\"")), "{name}");
        }
        assert!(page.contains("\"strategy\":\"B\""));
    }
}
