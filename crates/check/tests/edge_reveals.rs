//! Issue 15, must-show 3: the edge set holds, for every named rule of both puzzles, cases on
//! which that rule changes the reference's answer, and every variant label of every edge
//! case really changes that case's answer under the labelled variant.

use searchlab_check::cases::{edge_digits, edge_npuzzle, variant_changes, EdgeInstance, Puzzle};
use searchlab_check::{all_variants, find_variant, PuzzleKind};

fn sets() -> [(Puzzle, PuzzleKind, Vec<EdgeInstance>); 2] {
    [(Puzzle::Npuzzle, PuzzleKind::Npuzzle, edge_npuzzle()), (Puzzle::Digits, PuzzleKind::Digits, edge_digits())]
}

#[test]
fn every_variant_label_changes_the_answer_of_every_case_it_applies_to() {
    for (puzzle, kind, edge) in sets() {
        for e in &edge {
            let bad = e.unrevealed(puzzle).unwrap();
            assert!(bad.is_empty(), "{puzzle} {}: labels that change nothing (method, label): {bad:?}", e.name);
            for label in &e.reveals {
                if let Some(v) = find_variant(kind, label) {
                    let applies = e.methods.iter().any(|m| v.applies_to(m));
                    assert!(applies, "{puzzle} {}: {label} applies to none of {:?}", e.name, e.methods);
                }
            }
        }
    }
}

#[test]
fn every_variant_has_an_edge_case_that_reveals_it() {
    for (puzzle, kind, edge) in sets() {
        for v in all_variants().filter(|v| v.puzzle == kind) {
            let revealed = edge.iter().any(|e| e.reveals_variant(puzzle, v).unwrap());
            // The documented exception: a rule `--list-variants` says cannot show at all.
            assert!(revealed || v.cannot_show.contains("any instance"), "{puzzle}: no edge case reveals {}", v.name);
        }
    }
}

#[test]
fn an_inert_label_is_caught() {
    // Ties cannot matter in BFS, and reversing the children changes the spec's example.
    let ties = find_variant(PuzzleKind::Digits, "ties-first-added").unwrap();
    let reversed = find_variant(PuzzleKind::Digits, "children-reversed").unwrap();
    assert_eq!(variant_changes(Puzzle::Digits, ties, "B", "320\n110\n").unwrap(), None);
    assert_eq!(variant_changes(Puzzle::Digits, reversed, "B", "320\n110\n").unwrap(), Some(true));
    let e = EdgeInstance {
        name: "x".into(),
        input: "555\n555\n".into(),
        methods: vec!["B".into()],
        reveals: vec!["children-reversed".into(), "a-crash".into()],
        note: "start = goal: nothing to reverse".into(),
        robustness: false,
    };
    assert_eq!(e.unrevealed(Puzzle::Digits).unwrap(), [("B".to_owned(), "children-reversed".to_owned())]);
    assert!(!e.reveals_variant(Puzzle::Digits, reversed).unwrap());
}
