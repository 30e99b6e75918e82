//! Named variants: each is one rule a program may follow instead of the grader's, written
//! as a change to the [`crate::Config`] the reference runs under (a knob of the one engine, of the
//! puzzle's rule set or of the report rules), never a second copy of an algorithm. Rules come
//! in [`Family`]s: one decision a program makes, the place in its code where it is made, and
//! its parameters, each a knob whose values are the rules.

pub(crate) mod digits;
pub(crate) mod npuzzle;
mod rule;

pub use rule::{apply_all, Family, Param, PuzzleKind, Variant};

/// Every family, N-puzzle first.
pub fn all_families() -> impl Iterator<Item = &'static Family> {
    npuzzle::FAMILIES.iter().chain(digits::families())
}

/// Every variant, N-puzzle first, family by family.
pub fn all_variants() -> impl Iterator<Item = &'static Variant> {
    all_families().flat_map(Family::rules)
}

/// The family and parameter `variant` belongs to (by name and puzzle).
pub fn family_of(variant: &Variant) -> Option<(&'static Family, &'static Param)> {
    all_families().find_map(|f| {
        f.params
            .iter()
            .find(|p| p.values.iter().any(|v| v.name == variant.name && v.puzzle == variant.puzzle))
            .map(|p| (f, p))
    })
}

/// The variants of `puzzle` that apply to `method` (a method name or a letter).
pub fn variants_for(puzzle: PuzzleKind, method: &str) -> Vec<&'static Variant> {
    all_variants().filter(|v| v.puzzle == puzzle && v.applies_to(method)).collect()
}

/// The variant named `name` in `puzzle`.
pub fn find_variant(puzzle: PuzzleKind, name: &str) -> Option<&'static Variant> {
    all_variants().find(|v| v.puzzle == puzzle && v.name == name)
}

/// `--list-variants`: family by family and puzzle by puzzle, where to look, then one rule a
/// line with what it applies to and where it cannot show.
pub fn list_variants() -> String {
    let mut out = String::new();
    for puzzle in [PuzzleKind::Npuzzle, PuzzleKind::Digits] {
        out.push_str(&format!("{}:\n", puzzle.name()));
        for family in all_families().filter(|f| f.rules().any(|v| v.puzzle == puzzle)) {
            out.push_str(&format!("  {} (look at {})\n", family.name, family.look_at));
            for v in family.rules() {
                out.push_str(&format!("    {:<32} [{}] {}", v.name, v.applies.join(","), v.line));
                if !v.cannot_show.is_empty() {
                    out.push_str(&format!(" (cannot show {})", v.cannot_show));
                }
                out.push('\n');
            }
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
            let (family, _) = family_of(v).expect("every rule has a family");
            assert!(list.contains(family.name) && family.rules().all(|w| w.puzzle == v.puzzle));
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
