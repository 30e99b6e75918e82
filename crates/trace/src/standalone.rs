//! An exported replay: one HTML file that carries its recordings, the events' table they are
//! decoded by ([`crate::schema`]), the replay's scripts and its style, and replays with no
//! server (a notebook shows it in an `<iframe>`).

use serde::Serialize;
use serde_json::Value;

use crate::assets::{REPLAY_HTML, SCRIPTS, STANDALONE_JS, STYLE_CSS};
use crate::schema::schema_element;

/// JSON that can sit inside a `<script>` element: `</` written as `<\/` (the same string).
fn embeddable(value: &Value) -> String {
    value.to_string().replace("</", "<\\/")
}

/// `text` for HTML element content: `&`, `<` and `>` escaped.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// The page replaying `recordings` side by side, titled `title`: path-search recordings
/// ([`crate::record::Recording`]) or local-search ones ([`crate::local::recording::LocalRecording`]),
/// with the list of puzzles the page builds its words from (`puzzles`: the registry's).
pub fn standalone_page<R: Serialize>(title: &str, puzzles: &[Value], recordings: &[R]) -> String {
    let data = serde_json::json!({ "puzzles": puzzles, "recordings": recordings });
    let mut page = format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{}</title>\n\
         <style>\n{STYLE_CSS}</style>\n</head>\n<body>\n<header><h1>searchlab <span>{}</span></h1></header>\n",
        escape(title),
        escape(title)
    );
    page.push_str(REPLAY_HTML);
    page.push_str("<script type=\"application/json\" id=\"recordings\">");
    page.push_str(&embeddable(&data));
    page.push_str("</script>\n");
    page.push_str(&schema_element());
    for (name, source) in SCRIPTS {
        page.push_str(&format!("<script>/* {name} */\n{source}</script>\n"));
    }
    page.push_str(&format!("<script>\n{STANDALONE_JS}</script>\n</body>\n</html>\n"));
    page
}

/// The instance in a few words: the first two fields as `from → to` (`320 → 110`, `Arad →
/// Bucharest`), a single field as it is (a board), any other non-empty one as `label value`.
pub fn instance_words(fields: &[(&str, String)]) -> String {
    let given: Vec<&(&str, String)> = fields.iter().filter(|(_, v)| !v.trim().is_empty()).collect();
    let mut words = match fields {
        [(_, a), (_, b), ..] if !a.trim().is_empty() && !b.trim().is_empty() => vec![format!("{a} → {b}")],
        _ => given.iter().take(1).map(|(_, v)| v.clone()).collect(),
    };
    let used = if words.first().is_some_and(|w| w.contains(" → ")) { 2 } else { 1 };
    for (label, value) in given.iter().skip(used) {
        words.push(format!("{} {value}", label.to_lowercase()));
    }
    words.join(", ")
}

/// The title of an exported page: `BFS and A* on the 3-digit puzzle, 320 → 110` for the
/// algorithms `names`.
pub fn export_title(names: &[&str], puzzle_title: &str, instance: &str) -> String {
    match instance {
        "" => format!("{} on the {puzzle_title}", names.join(" and ")),
        _ => format!("{} on the {puzzle_title}, {instance}", names.join(" and ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_instance_reads_as_from_and_to() {
        let digits = [("Start", "320".to_string()), ("Goal", "110".into()), ("Forbidden", "".into())];
        assert_eq!(instance_words(&digits), "320 → 110");
        let forbidden = [("Start", "320".to_string()), ("Goal", "110".into()), ("Forbidden", "200,111".into())];
        assert_eq!(instance_words(&forbidden), "320 → 110, forbidden 200,111");
        assert_eq!(instance_words(&[("Tiles", "1,2,5,3,4,0,6,7,8".to_string())]), "1,2,5,3,4,0,6,7,8");
        assert_eq!(
            instance_words(&[("From city", "Arad".to_string()), ("To city", "Bucharest".into())]),
            "Arad → Bucharest"
        );
    }

    #[test]
    fn the_page_carries_its_recordings_safely() {
        let value = serde_json::json!({"cli": "</script><b>"});
        assert_eq!(embeddable(&value), r#"{"cli":"<\/script><b>"}"#);
        assert_eq!(serde_json::from_str::<Value>(&embeddable(&value)).unwrap(), value);
        let page = standalone_page("BFS <320 to 110> & more", &[], &[value]);
        assert!(page.contains("<title>BFS &lt;320 to 110&gt; &amp; more</title>"));
        assert!(!page.contains("</script><b>"));
        // The recordings, the events' table (once, before the scripts), the scripts.
        assert_eq!(page.matches("<script").count(), 1 + 1 + SCRIPTS.len() + 1);
        assert_eq!(page.matches(&schema_element()).count(), 1);
        assert!(page.find(&schema_element()) < page.find("/* replay.js */"));
        assert!(!page.contains("src="), "nothing is fetched");
    }
}
