//! Named variants: each is one rule a program may follow instead of the grader's, written
//! as a change to the [`crate::Config`] the reference runs under (a knob of the one engine, of the
//! puzzle's rule set or of the report rules), never a second copy of an algorithm.

pub(crate) mod digits;
pub(crate) mod npuzzle;
mod rule;

pub use rule::{apply_all, PuzzleKind, Variant};

/// Every variant, N-puzzle first.
pub fn all_variants() -> impl Iterator<Item = &'static Variant> {
    npuzzle::VARIANTS.iter().chain(digits::VARIANTS.iter())
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
