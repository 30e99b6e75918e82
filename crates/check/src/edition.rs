//! The N-puzzle assignment's 2017 edition in `check`: its methods, and `ida` tests added to a
//! test set for every board the set runs.

use searchlab_core::Strategy;
use searchlab_npuzzle::{Board, Edition};

use crate::{CaseInput, TestCase};

/// The N-puzzle methods `check` accepts in `edition` (`bfs`, `dfs`, `ast`; 2017: `ida` too).
///
/// ```
/// use searchlab_check::npuzzle_methods;
/// use searchlab_npuzzle::Edition;
/// assert_eq!(npuzzle_methods(Edition::Y2017), ["bfs", "dfs", "ast", "ida"]);
/// assert_eq!(npuzzle_methods(Edition::Current).len(), 3);
/// ```
pub fn npuzzle_methods(edition: Edition) -> Vec<&'static str> {
    edition.methods().iter().map(|(name, _)| *name).collect()
}

/// `cases` with, in the 2017 edition, an `ida` test for every N-puzzle board they run that
/// has none yet (named after the board's first test: `public-01-ida`), in the order the
/// boards first appear, after the given tests. The current edition has no `ida`: `cases`
/// unchanged.
///
/// ```
/// use searchlab_check::{npuzzle_public, with_edition_tests};
/// use searchlab_npuzzle::Edition;
/// let public = npuzzle_public();
/// let tests = with_edition_tests(public.clone(), Edition::Y2017);
/// assert!(tests.len() > public.len());
/// assert_eq!(tests[public.len()].name, "public-01-ida");
/// assert_eq!(tests[public.len()].input_line(), "ida 1,2,5,3,4,0,6,7,8");
/// ```
pub fn with_edition_tests(mut cases: Vec<TestCase>, edition: Edition) -> Vec<TestCase> {
    if !edition.methods().iter().any(|(_, s)| *s == Strategy::IdaStar) {
        return cases;
    }
    let mut boards: Vec<(&str, &Board)> = Vec::new();
    let mut has_ida: Vec<&Board> = Vec::new();
    for case in &cases {
        if let CaseInput::Npuzzle { method, board } = &case.input {
            if *method == Strategy::IdaStar {
                has_ida.push(board);
            } else if !boards.iter().any(|(_, b)| *b == board) {
                boards.push((&case.name, board));
            }
        }
    }
    let added: Vec<TestCase> = boards
        .iter()
        .filter(|(_, board)| !has_ida.contains(board))
        .map(|(name, board)| TestCase {
            name: format!("{name}-ida"),
            input: CaseInput::Npuzzle { method: Strategy::IdaStar, board: (*board).clone() },
            expected: None,
        })
        .collect();
    cases.extend(added);
    cases
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{digits_public, npuzzle_reference, Config};

    #[test]
    fn the_reference_answers_in_its_edition() {
        // The 2017 spec's Example #1 and #2: fringe 11 / 12 and 2 / 42913.
        let board = Board::parse("1,2,5,3,4,0,6,7,8").unwrap();
        let goal = Board::goal(3).unwrap();
        for (method, fringe) in [(Strategy::BreadthFirst, (11, 12)), (Strategy::DepthFirst, (2, 42_913))] {
            let config = Config::npuzzle(method).with_edition(Edition::Y2017);
            let e = npuzzle_reference(&config, &board, &goal).unwrap();
            assert_eq!((e.fringe_size, e.max_fringe_size), (Some(fringe.0), Some(fringe.1)));
            let current = npuzzle_reference(&Config::npuzzle(method), &board, &goal).unwrap();
            assert_eq!((current.fringe_size, current.max_fringe_size), (None, None));
        }
        // ida: the path and counts worked out by hand in crates/npuzzle/tests/ida_2017.rs.
        let config = Config::npuzzle(Strategy::IdaStar).with_edition(Edition::Y2017);
        let e = npuzzle_reference(&config, &board, &goal).unwrap();
        assert_eq!((e.cost_of_path, e.nodes_expanded, e.fringe_size, e.max_fringe_size), (3, 3, Some(0), Some(1)));
    }

    #[test]
    fn one_ida_test_per_board_and_none_for_the_other_puzzle() {
        let tests = with_edition_tests(crate::npuzzle_public(), Edition::Y2017);
        let ida: Vec<&TestCase> = tests.iter().filter(|t| t.method() == "ida").collect();
        let mut boards: Vec<String> = ida.iter().map(|t| t.input_line()).collect();
        boards.dedup();
        assert_eq!(boards.len(), ida.len());
        // cases.tsv has 23 rows on 13 boards (counted with cut and sort -u).
        assert_eq!(ida.len(), 13);
        assert_eq!(with_edition_tests(tests.clone(), Edition::Y2017), tests);
        let digits = digits_public();
        assert_eq!(with_edition_tests(digits.clone(), Edition::Y2017), digits);
        assert_eq!(with_edition_tests(crate::npuzzle_public(), Edition::Current), crate::npuzzle_public());
    }
}
