//! The replay page's files, compiled into the binary: the served page (`index.html` with
//! the player, the panes and its scripts) and the parts an exported page reuses.

/// The style sheet.
pub const STYLE_CSS: &str = include_str!("../assets/style.css");

/// The player and the pane template, shared by the served and the exported page.
pub const REPLAY_HTML: &str = include_str!("../assets/replay.html");

const INDEX_HTML: &str = include_str!("../assets/index.html");

/// The replay's scripts, in load order: each file's name and source. The model, the words,
/// the drawing (`local.js`: local search's own pane), the player and `page.js` (showing
/// recordings); no server needed.
pub const SCRIPTS: &[(&str, &str)] = &[
    ("frontier.js", include_str!("../assets/frontier.js")),
    ("replay.js", include_str!("../assets/replay.js")),
    ("words.js", include_str!("../assets/words.js")),
    ("tree.js", include_str!("../assets/tree.js")),
    ("pane.js", include_str!("../assets/pane.js")),
    ("local.js", include_str!("../assets/local.js")),
    ("player.js", include_str!("../assets/player.js")),
    ("page.js", include_str!("../assets/page.js")),
];

/// The served page's own scripts, after [`SCRIPTS`]: sharing and the form (they call the server).
pub const SERVER_SCRIPTS: &[(&str, &str)] =
    &[("share.js", include_str!("../assets/share.js")), ("app.js", include_str!("../assets/app.js"))];

/// The exported page's script, after [`SCRIPTS`]: it shows the recordings the page carries.
pub const STANDALONE_JS: &str = include_str!("../assets/standalone.js");

/// The served page: `index.html` with the player, the panes, the events' table
/// ([`crate::schema::schema_element`], which `replay.js` decodes by) and a `<script>` per script.
pub fn index_page() -> String {
    let tags: String =
        SCRIPTS.iter().chain(SERVER_SCRIPTS).map(|(name, _)| format!("<script src=\"/{name}\"></script>\n")).collect();
    let scripts = schema_element() + &tags;
    INDEX_HTML.replace("<!-- replay -->\n", REPLAY_HTML).replace("<!-- scripts -->\n", &scripts)
}

use crate::schema::schema_element;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_loads_every_script_once_and_no_script_can_end_an_inline_element() {
        let page = index_page();
        for (name, source) in SCRIPTS.iter().chain(SERVER_SCRIPTS) {
            assert_eq!(page.matches(&format!("src=\"/{name}\"")).count(), 1, "{name}");
            // The exported page inlines the scripts: none may contain a closing tag.
            assert!(!source.to_ascii_lowercase().contains("</script"), "{name}");
            assert!(source.lines().count() < 400, "{name}");
        }
        assert!(page.contains("id=\"pane-template\"") && page.contains("id=\"player\""));
        // The events' table, before the scripts that decode by it.
        assert_eq!(page.matches(&schema_element()).count(), 1);
        assert!(page.find(&schema_element()) < page.find("src=\"/replay.js\""));
        assert!(!page.contains("<!--"), "every placeholder is filled");
    }
}
