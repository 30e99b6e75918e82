//! Issue 9, must-show 8: for random instances and every variant, the reference run under
//! that variant, written out as a program would write it, is diagnosed as that variant
//! (or, where it is inert, needs no diagnosis: its output is the reference's); issue 15's
//! 3-digit rules also on the edge cases that reveal them.

use proptest::prelude::*;
use searchlab_check::cases::{edge_digits, variant_changes, Puzzle};
use searchlab_check::{
    apply_all, diagnose_output, digits_reference, npuzzle_reference, variants_for, Config, PuzzleKind, TestCase,
    Variant,
};
use searchlab_core::Strategy;
use searchlab_npuzzle::{method_name, path_to_python_list, Board, Direction, METHODS};
use searchlab_threedigits::{letter as letter_of, parse_instance, parse_strategy, STRATEGIES};

fn output_txt(e: &searchlab_check::NpuzzleExpected) -> String {
    format!(
        "path_to_goal: {}\ncost_of_path: {}\nnodes_expanded: {}\nsearch_depth: {}\nmax_search_depth: {}\nrunning_time: 0.00100000\nmax_ram_usage: 1.00000000\n",
        path_to_python_list(&e.path_to_goal),
        e.cost_of_path,
        e.nodes_expanded,
        e.search_depth,
        e.max_search_depth
    )
}

/// A board `steps` random moves away from the goal of width `width`.
fn walk(width: usize, moves: &[u8]) -> Board {
    let mut board = Board::goal(width).unwrap();
    for m in moves {
        if let Some(next) = board.slide(Direction::ALL[usize::from(*m) % 4]) {
            board = next;
        }
    }
    board
}

fn check_npuzzle(method: Strategy, board: Board) {
    let case = TestCase::npuzzle("p", method_name(method), &board.to_string()).unwrap();
    let base = Config::npuzzle(method);
    let goal = Board::goal(board.width()).unwrap();
    let reference = npuzzle_reference(&base, &board, &goal);
    for v in variants_for(PuzzleKind::Npuzzle, method_name(method)) {
        let out = npuzzle_reference(&apply_all(&base, &[v]), &board, &goal);
        if out == reference {
            continue; // inert here
        }
        let out = out.expect("every variant solves a solvable board");
        let d = diagnose_output(PuzzleKind::Npuzzle, &case, &output_txt(&out)).unwrap();
        assert!(d.combinations.iter().any(|c| c == v.name), "{} on {method:?} {board:?}: {:?}", v.name, d.combinations);
    }
}

fn check_digits(letter: Strategy, file: String) {
    let instance = parse_instance(file.as_bytes()).unwrap();
    let reference = digits_reference(&Config::digits(letter), &instance);
    for v in variants_for(PuzzleKind::Digits, letter_of(letter).unwrap()) {
        if digits_reference(&apply_all(&Config::digits(letter), &[v]), &instance) != reference {
            check_digits_variant(letter, &file, v);
        }
    }
}

/// The reference under `v` on `file`, presented as a program's output, is diagnosed as `v`
/// or as another single rule printing the same text there.
fn check_digits_variant(letter: Strategy, file: &str, v: &Variant) {
    let instance = parse_instance(file.as_bytes()).unwrap();
    let case = TestCase::digits("p", letter_of(letter).unwrap(), file).unwrap();
    let base = Config::digits(letter);
    let out = digits_reference(&apply_all(&base, &[v]), &instance);
    let d = diagnose_output(PuzzleKind::Digits, &case, &out).unwrap();
    let explained = d.combinations.iter().any(|c| c == v.name)
        || d.combinations.iter().any(|c| {
            searchlab_check::find_variant(PuzzleKind::Digits, c)
                .is_some_and(|w| digits_reference(&apply_all(&base, &[w]), &instance) == out)
        });
    assert!(explained, "{} on {letter:?} {file:?}: {:?}", v.name, d.combinations);
}

/// Random instances rarely reveal issue 15's rules of IDS, best-first fringes and A*'s g:
/// each is also diagnosed on the first edge case that reveals it.
#[test]
fn issue_15_rules_are_diagnosed_on_their_edge_cases() {
    let rules = [
        "stop-at-first-duplicate",
        "duplicate-reexpanded",
        "fringe-insert-drops-worst",
        "same-digit-from-wrong-parent",
        "ids-stale-children",
        "ids-keeps-expanded",
        "ids-no-prune",
        "astar-g-per-number",
    ];
    let edge = edge_digits();
    for name in rules {
        let v = searchlab_check::find_variant(PuzzleKind::Digits, name).unwrap();
        let (e, letter) = edge
            .iter()
            .filter(|e| e.reveals.iter().any(|r| r == name))
            .flat_map(|e| e.methods.iter().map(move |m| (e, m)))
            .find(|(e, m)| variant_changes(Puzzle::Digits, v, m, &e.input).unwrap() == Some(true))
            .unwrap_or_else(|| panic!("no edge case reveals {name}"));
        check_digits_variant(parse_strategy(letter).unwrap(), &e.input, v);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 6, ..ProptestConfig::default() })]

    #[test]
    fn npuzzle_variants_are_diagnosed(moves in proptest::collection::vec(0u8..4, 4..14), m in 0usize..3, small in any::<bool>()) {
        let method = METHODS[m].1;
        let width = if small || method == Strategy::DepthFirst { 2 } else { 3 };
        check_npuzzle(method, walk(width, &moves));
    }

    #[test]
    fn digits_variants_are_diagnosed(
        start in 0u16..1000,
        goal in 0u16..1000,
        forbidden in proptest::collection::vec(0u16..1000, 0..4),
        l in 0usize..6,
    ) {
        let list: Vec<String> = forbidden.iter().map(|n| format!("{n:03}")).collect();
        let file = format!("{start:03}\n{goal:03}\n{}\n", list.join(","));
        check_digits(STRATEGIES[l], file);
    }
}
