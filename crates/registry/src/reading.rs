//! How a puzzle read the fields it was given: a field whose text the puzzle reads back
//! otherwise (`32` read as `032`) is said in one line, so that a search never
//! runs on another instance than the one typed without a word.

/// The fields of `given` (the text as typed, by field name) that the puzzle read as another
/// value than typed (`read`: the instance's fields as the puzzle writes them back), in one
/// line: `start 32 is read as 032`. Empty fields (the puzzle's defaults) and differences of
/// spacing or case alone (`arad` for Arad) are not mentioned; `None` when every field reads as
/// typed.
pub fn reading_note(given: &dyn Fn(&str) -> String, read: &[(&'static str, String)]) -> Option<String> {
    let squeezed = |text: &str| text.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_lowercase();
    let changed: Vec<String> = read
        .iter()
        .filter_map(|(name, value)| {
            let typed = given(name);
            let shown = typed.trim();
            (!shown.is_empty() && squeezed(shown) != squeezed(value))
                .then(|| format!("{name} {shown} is read as {value}"))
        })
        .collect();
    (!changed.is_empty()).then(|| changed.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn typed<'a>(fields: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> String + 'a {
        move |name| fields.iter().find(|(n, _)| *n == name).map_or(String::new(), |(_, v)| v.to_string())
    }

    #[test]
    fn only_fields_read_otherwise_than_typed_are_named() {
        let read = [("start", "032".to_string()), ("goal", "110".to_string()), ("forbidden", "355,445".to_string())];
        let given = typed(&[("start", "32"), ("goal", " 110 "), ("forbidden", "355, 445")]);
        assert_eq!(reading_note(&given, &read).as_deref(), Some("start 32 is read as 032"));
        let given = typed(&[("start", "032"), ("goal", "110")]);
        assert_eq!(reading_note(&given, &read), None, "an empty field is the puzzle's default");
        let read = [("from", "Arad".to_string()), ("to", "Bucharest".to_string())];
        let given = typed(&[("from", "arad"), ("to", "BUCHAREST")]);
        assert_eq!(reading_note(&given, &read), None, "case alone is not a change");
        let given = typed(&[("from", "Arad"), ("to", "7")]);
        assert_eq!(reading_note(&given, &read).as_deref(), Some("to 7 is read as Bucharest"));
    }
}
