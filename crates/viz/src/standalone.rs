//! An exported replay: one HTML file that carries its recordings, the replay's scripts and
//! its style, and replays with no server (a notebook shows it in an `<iframe>`).

use serde_json::Value;

use crate::assets::{REPLAY_HTML, SCRIPTS, STANDALONE_JS, STYLE_CSS};
use crate::listing::puzzles;
use crate::registry::Recording;

/// JSON that can sit inside a `<script>` element: `</` written as `<\/` (the same string).
fn embeddable(value: &Value) -> String {
    value.to_string().replace("</", "<\\/")
}

/// The page replaying `recordings` side by side, titled `title`.
pub fn standalone_page(title: &str, recordings: &[Recording]) -> String {
    let data = serde_json::json!({ "puzzles": puzzles(), "recordings": recordings });
    let escape = searchlab_check::export::escape_text;
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
    for (name, source) in SCRIPTS {
        page.push_str(&format!("<script>/* {name} */\n{source}</script>\n"));
    }
    page.push_str(&format!("<script>\n{STANDALONE_JS}</script>\n</body>\n</html>\n"));
    page
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_carries_its_recordings_safely() {
        let value = serde_json::json!({"cli": "</script><b>"});
        assert_eq!(embeddable(&value), r#"{"cli":"<\/script><b>"}"#);
        assert_eq!(serde_json::from_str::<Value>(&embeddable(&value)).unwrap(), value);
        let field = |n: &str| {
            if n == "start" {
                "320".to_string()
            } else if n == "goal" {
                "110".into()
            } else {
                String::new()
            }
        };
        let bfs = crate::registry::puzzle("digits").unwrap().record(&field, "B", 1000, None).unwrap();
        let page = standalone_page("BFS <320 to 110>", &[bfs]);
        assert!(page.contains("<title>BFS &lt;320 to 110&gt;</title>"));
        assert_eq!(page.matches("<script").count(), 1 + SCRIPTS.len() + 1);
        assert!(!page.contains("src="), "nothing is fetched");
    }
}
