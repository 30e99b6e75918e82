//! Named variants: each is one rule a program may follow instead of the grader's, written
//! as a change to the [`Config`] the reference runs under (a knob of the one engine, of the
//! puzzle's rule set or of the report rules), never a second copy of an algorithm.

use crate::cases::Puzzle;
use crate::config::Config;

/// The puzzle a variant belongs to: the one [`Puzzle`] of the workspace's check crate,
/// under the name the variants' files use.
pub type PuzzleKind = Puzzle;

/// One named rule.
#[derive(Debug, Clone, Copy)]
pub struct Variant {
    /// The name (`goal-on-generation`).
    pub name: &'static str,
    /// What a program following it does, in one line of plain words.
    pub line: &'static str,
    /// The puzzle.
    pub puzzle: PuzzleKind,
    /// The methods (`bfs`, …) or letters (`B`, …) it applies to.
    pub applies: &'static [&'static str],
    /// Where it cannot change the output (empty when it can anywhere it applies).
    pub cannot_show: &'static str,
    /// The change to the reference's config.
    pub apply: fn(&mut Config),
}

impl Variant {
    /// Whether the variant applies to method or letter `to`.
    pub fn applies_to(&self, to: &str) -> bool {
        self.applies.iter().any(|a| a.eq_ignore_ascii_case(to))
    }
}

/// Every variant, N-puzzle first.
pub fn all_variants() -> impl Iterator<Item = &'static Variant> {
    crate::variants::npuzzle::VARIANTS.iter().chain(crate::variants::digits::VARIANTS.iter())
}

/// The variants of `puzzle` that apply to `method` (a method name or a letter).
pub fn variants_for(puzzle: PuzzleKind, method: &str) -> Vec<&'static Variant> {
    all_variants().filter(|v| v.puzzle == puzzle && v.applies_to(method)).collect()
}

/// The variant named `name` in `puzzle`.
pub fn find_variant(puzzle: PuzzleKind, name: &str) -> Option<&'static Variant> {
    all_variants().find(|v| v.puzzle == puzzle && v.name == name)
}

/// `--list-variants`: one variant a line, by puzzle, with what it applies to and where it
/// cannot show.
pub fn list_variants() -> String {
    let mut out = String::new();
    for puzzle in [PuzzleKind::Npuzzle, PuzzleKind::Digits] {
        out.push_str(&format!("{}:\n", puzzle.name()));
        for v in all_variants().filter(|v| v.puzzle == puzzle) {
            out.push_str(&format!("  {:<32} [{}] {}", v.name, v.applies.join(","), v.line));
            if !v.cannot_show.is_empty() {
                out.push_str(&format!(" (cannot show {})", v.cannot_show));
            }
            out.push('\n');
        }
    }
    out
}

/// The config of `base` under every variant of `combination`, applied in order.
pub fn apply_all(base: &Config, combination: &[&Variant]) -> Config {
    let mut config = base.clone();
    for v in combination {
        (v.apply)(&mut config);
    }
    config
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_per_puzzle_and_listed() {
        let list = list_variants();
        for v in all_variants() {
            let same = all_variants().filter(|w| w.puzzle == v.puzzle && w.name == v.name).count();
            assert_eq!(same, 1, "{}", v.name);
            assert!(list.contains(v.name) && list.contains(v.line));
            assert!(!v.applies.is_empty());
        }
    }

    #[test]
    fn issue_names_exist() {
        let npuzzle = [
            "goal-on-generation",
            "explored-only",
            "dfs-udlr-push",
            "astar-lifo-ties",
            "astar-decrease-key",
            "count-goal",
            "max-depth-expanded",
            "manhattan-with-blank",
            "rldu-successors",
            "astar-udlr-ties",
            "astar-reinsert",
            "greedy-not-astar",
            "heuristic-constant",
            "heuristic-first-eight",
            "nodes-count-pushes",
            "nodes-minus-one",
            "max-depth-plus-one",
            "max-depth-generated",
        ];
        for name in npuzzle {
            assert!(find_variant(PuzzleKind::Npuzzle, name).is_some(), "{name}");
        }
        let digits = ["identity-digits-only", "ties-first-added", "children-reversed", "goal-on-generation"];
        for name in digits {
            assert!(find_variant(PuzzleKind::Digits, name).is_some(), "{name}");
        }
    }
}
