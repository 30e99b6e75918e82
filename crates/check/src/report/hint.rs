//! Where in a program to look for a named rule: its family's line, for the verdict that opens
//! the text report (the families: ties, successor order, goal test, counts, heuristic, limit,
//! forbidden numbers, …; each names the place in the code).

use crate::judge::variants::all_families;

/// Where to look for `rule` (a single rule's name), in one line; a generic line for a rule
/// of no family.
///
/// ```
/// assert!(searchlab_check::hint("astar-lifo-ties").contains("equal priority"));
/// ```
pub fn hint(rule: &str) -> &'static str {
    all_families()
        .find(|f| f.rules().any(|v| v.name == rule))
        .map_or("the rule's description above says what differs", |f| f.look_at)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::variants::all_variants;

    #[test]
    fn every_named_rule_has_a_place_to_look() {
        for v in all_variants() {
            assert_ne!(hint(v.name), "the rule's description above says what differs", "{}", v.name);
        }
    }
}
