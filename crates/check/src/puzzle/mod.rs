//! What each puzzle is to check, behind one trait ([`CheckedPuzzle`]): how its programs are
//! invoked, what of a run is graded and how it is read, its methods and its test sets. The
//! stages ask a [`Puzzle`] for its [`CheckedPuzzle`] instead of matching on it.

mod checked;
mod digits;
mod npuzzle;

pub(crate) use checked::CheckedPuzzle;
pub use digits::DIGITS_LINE_WEIGHT;
pub use npuzzle::NPUZZLE_ITEM_WEIGHT;

use crate::cases::Puzzle;

/// Both puzzles, N-puzzle first.
pub(crate) const ALL: [&dyn CheckedPuzzle; 2] = [&npuzzle::Npuzzle, &digits::Digits];

impl Puzzle {
    /// What check knows of this puzzle.
    pub(crate) fn checked(self) -> &'static dyn CheckedPuzzle {
        match self {
            Puzzle::Npuzzle => &npuzzle::Npuzzle,
            Puzzle::Digits => &digits::Digits,
        }
    }
}

#[cfg(test)]
mod tests {
    use searchlab_npuzzle::Edition;

    use super::ALL;
    use crate::cases::{npuzzle_expected_text_in, sha256_hex, Expected, Puzzle, TestCase};
    use crate::Item;

    /// A case of `puzzle` with `method` on `input`, expecting `expected`.
    fn case(puzzle: Puzzle, method: &str, input: &str, expected: Expected) -> TestCase {
        let (name, method, input) = ("c".to_owned(), method.to_owned(), input.to_owned());
        TestCase { name, puzzle, input, method, expected, labels: Vec::new() }
    }

    /// A hashed N-puzzle case whose hash is `edition`'s answer to `board` with `method`.
    fn hashed(method: &str, board: &str, edition: Edition) -> TestCase {
        let text = npuzzle_expected_text_in(method, board, edition).unwrap();
        case(Puzzle::Npuzzle, method, board, Expected::Hashed(sha256_hex(&text)))
    }

    #[test]
    fn a_hash_of_the_other_edition_names_it_and_any_other_hash_is_no_edition() {
        let npuzzle = Puzzle::Npuzzle.checked();
        let board = "1,2,5,3,4,0,6,7,8";
        let y2017 = hashed("bfs", board, Edition::Y2017);
        let why = npuzzle.hashed_for_other_edition(&y2017, "bfs", Edition::Current);
        assert_eq!(why.as_deref(), Some("the answer is the 2017 edition's: check it with --edition 2017"));
        assert_eq!(npuzzle.hashed_for_other_edition(&y2017, "bfs", Edition::Y2017), None);
        let wrong = case(Puzzle::Npuzzle, "bfs", board, Expected::Hashed(sha256_hex("no answer")));
        assert_eq!(npuzzle.hashed_for_other_edition(&wrong, "bfs", Edition::Current), None);
        let digits = case(Puzzle::Digits, "B", "320\n110\n", Expected::Hashed(sha256_hex("x")));
        assert_eq!(Puzzle::Digits.checked().hashed_for_other_edition(&digits, "B", Edition::Y2017), None);
    }

    #[test]
    fn a_reference_refuses_an_answer_of_the_other_edition() {
        let npuzzle = Puzzle::Npuzzle.checked();
        let board = "1,2,5,3,4,0,6,7,8";
        let plain = case(Puzzle::Npuzzle, "bfs", board, Expected::Plain(String::new()));
        let strategy = npuzzle.strategy_in("BFS", Edition::Current).unwrap();
        let current = npuzzle_expected_text_in("bfs", board, Edition::Current).unwrap();
        assert!(npuzzle.reference(&plain, strategy, current.clone(), Edition::Current).is_ok());
        let refused = npuzzle.reference(&plain, strategy, current, Edition::Y2017).err();
        assert_eq!(refused.as_deref(), Some("the answer is the 2020 edition's: check it with --edition 2020"));
        let digits = Puzzle::Digits.checked();
        let bad = case(Puzzle::Digits, "B", "32\n", Expected::Plain(String::new()));
        let strategy = digits.strategy_in("b", Edition::Current).unwrap();
        let err = digits.reference(&bad, strategy, String::new(), Edition::Current).err().unwrap();
        assert!(err.starts_with("the input file is not valid: "), "{err}");
    }

    #[test]
    fn methods_strategies_and_input_files_go_both_ways() {
        for checked in ALL {
            for edition in [Edition::Current, Edition::Y2017] {
                for method in checked.methods_in(edition) {
                    let strategy = checked.strategy_in(method, edition).unwrap();
                    assert_eq!(checked.method_of(strategy), Some(method));
                }
            }
            let input = match checked.puzzle() {
                Puzzle::Npuzzle => "1,2,5,3,4,0,6,7,8",
                Puzzle::Digits => "320\n110\n\n",
            };
            assert_eq!(checked.input_from_file(checked.input_file(input)), input);
        }
        assert_eq!(Puzzle::Npuzzle.checked().methods_in(Edition::Y2017), ["bfs", "dfs", "ast", "ida"]);
        assert_eq!(Puzzle::Npuzzle.checked().input_file("1,0,2,3"), "1,0,2,3\n");
        assert_eq!(Puzzle::Npuzzle.checked().strategy_in("ida", Edition::Current), None);
        assert_eq!(Puzzle::Digits.checked().methods_in(Edition::Y2017), ["B", "D", "I", "G", "A", "H"]);
        assert_eq!(Puzzle::Npuzzle.checked().stopped_item(), Item::RunningTime);
        assert_eq!(Puzzle::Digits.checked().stopped_item(), Item::Ran);
        assert_eq!(Puzzle::Npuzzle.checked().line_as_written("cost_of_path", "3"), "cost_of_path: 3");
        assert_eq!(Puzzle::Digits.checked().line_as_written("path", "320,110"), "320,110");
        assert_eq!(Puzzle::Npuzzle.checked().items_per_test(true), 10);
        assert_eq!(Puzzle::Digits.checked().items_per_test(true), 2);
    }
}
