//! The N-puzzle assignment's 2017 edition in the test sets: its methods (`ida` too), its
//! expected answers (the seven graded lines with `fringe_size` and `max_fringe_size`), and an
//! `ida` test for every board a set runs.

use searchlab_npuzzle::Edition;

use super::{npuzzle_expected_text_in, test_set, CasesError, Expected, Puzzle, RandomSpec, TestCase, TestSet};

/// Every method of `puzzle` in `edition`: the N-puzzle's `bfs`, `dfs`, `ast` (2017: and
/// `ida`); the 3-digit letters (the edition is the N-puzzle's).
///
/// ```
/// use searchlab_check::cases::{all_methods_in, Puzzle};
/// use searchlab_npuzzle::Edition;
/// assert_eq!(all_methods_in(Puzzle::Npuzzle, Edition::Y2017), ["bfs", "dfs", "ast", "ida"]);
/// assert_eq!(all_methods_in(Puzzle::Npuzzle, Edition::Current), ["bfs", "dfs", "ast"]);
/// ```
pub fn all_methods_in(puzzle: Puzzle, edition: Edition) -> Vec<&'static str> {
    puzzle.checked().methods_in(edition)
}

/// `methods` checked against `puzzle`'s in `edition` (`ida` only in 2017), in the puzzle's
/// canonical spelling, without repeats; every method of the edition when empty.
///
/// ```
/// use searchlab_check::cases::{methods_in, Puzzle};
/// use searchlab_npuzzle::Edition;
/// let asked = ["IDA".to_owned(), "bfs".to_owned()];
/// assert_eq!(methods_in(Puzzle::Npuzzle, &asked, Edition::Y2017).unwrap(), ["ida", "bfs"]);
/// assert!(methods_in(Puzzle::Npuzzle, &asked, Edition::Current).is_err());
/// ```
pub fn methods_in(puzzle: Puzzle, methods: &[String], edition: Edition) -> Result<Vec<&'static str>, CasesError> {
    let known = all_methods_in(puzzle, edition);
    if methods.is_empty() {
        return Ok(known);
    }
    let mut out = Vec::new();
    for m in methods {
        let found = known.iter().find(|k| k.eq_ignore_ascii_case(m.trim())).ok_or_else(|| {
            let later = all_methods_in(puzzle, Edition::Y2017).into_iter().any(|k| k.eq_ignore_ascii_case(m.trim()));
            if later {
                CasesError::EditionMethod(m.trim().to_owned())
            } else {
                CasesError::unknown_method(puzzle, m, known.clone())
            }
        })?;
        if !out.contains(found) {
            out.push(*found);
        }
    }
    Ok(out)
}

/// [`test_set`] in `edition`. The current edition's set is [`test_set`]'s. In the 2017
/// edition the N-puzzle cases answer with the seven graded lines, and the set has an `ida`
/// test for every board it runs with the other methods (named after the board's first case:
/// `public-01-ida`, after the other tests), when `methods` has `ida`. A suite is taken as
/// written (`searchlab cases --edition 2017` writes a 2017 suite).
///
/// ```
/// use searchlab_check::cases::{test_set_in, Puzzle, RandomSpec, TestSet};
/// use searchlab_npuzzle::Edition;
/// let random = RandomSpec { n: 1, seed: 1, width: 3 };
/// let set = test_set_in(Puzzle::Npuzzle, &TestSet::Public, &["bfs", "ida"], random, Edition::Y2017).unwrap();
/// assert_eq!(set[0].input_line(), "bfs 1,2,5,3,4,0,6,7,8");
/// assert!(set[0].expected.text().unwrap().contains("\nfringe_size: 11\nmax_fringe_size: 12\n"));
/// assert!(set.iter().any(|c| c.method == "ida"));
/// ```
pub fn test_set_in(
    puzzle: Puzzle,
    set: &TestSet,
    methods: &[&str],
    random: RandomSpec,
    edition: Edition,
) -> Result<Vec<TestCase>, CasesError> {
    if puzzle != Puzzle::Npuzzle || !edition.has_fringe_lines() || matches!(set, TestSet::Suite(_)) {
        return test_set(puzzle, set, methods, random);
    }
    let wants_ida = methods.contains(&"ida");
    let current = all_methods_in(puzzle, Edition::Current);
    // With ida, the set's boards are those it runs with any method.
    let base: Vec<&str> = current.iter().copied().filter(|m| wants_ida || methods.contains(m)).collect();
    let cases = test_set(puzzle, set, &base, random)?;
    let mut boards: Vec<(String, &TestCase)> = Vec::new();
    for case in &cases {
        if !boards.iter().any(|(_, c)| c.input.trim() == case.input.trim()) {
            let stem = case.name.strip_suffix(&format!("-{}", case.method)).unwrap_or(&case.name);
            boards.push((format!("{stem}-ida"), case));
        }
    }
    let mut out = Vec::new();
    for case in cases.iter().filter(|c| methods.contains(&c.method.as_str())) {
        out.push(in_edition(case.clone(), &case.method, case.name.clone(), edition)?);
    }
    if wants_ida {
        for (name, case) in boards {
            out.push(in_edition(case.clone(), "ida", name, edition)?);
        }
    }
    Ok(out)
}

/// `case` as `method` named `name`, with the reference's answer in `edition`.
fn in_edition(case: TestCase, method: &str, name: String, edition: Edition) -> Result<TestCase, CasesError> {
    let text = npuzzle_expected_text_in(method, case.input.trim(), edition)?;
    Ok(TestCase { name, method: method.to_owned(), expected: Expected::Plain(text), ..case })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Config, NpuzzleExpected};
    use searchlab_core::Strategy;
    use searchlab_npuzzle::Board;

    const RANDOM: RandomSpec = RandomSpec { n: 2, seed: 3, width: 3 };

    #[test]
    fn the_reference_answers_with_the_spec_figures_in_its_edition() {
        // The 2017 spec's Example #1 (bfs) and #2 (dfs): fringe 11 / 12 and 2 / 42913.
        let board = "1,2,5,3,4,0,6,7,8";
        for (method, fringe) in [("bfs", (11, 12)), ("dfs", (2, 42_913))] {
            let case = TestCase {
                expected: Expected::Plain(npuzzle_expected_text_in(method, board, Edition::Y2017).unwrap()),
                ..TestCase::npuzzle("x", method, board).unwrap()
            };
            let e: NpuzzleExpected = case.npuzzle_expected().unwrap();
            assert_eq!((e.fringe_size, e.max_fringe_size), (Some(fringe.0), Some(fringe.1)), "{method}");
            let current = TestCase::npuzzle("x", method, board).unwrap().npuzzle_expected().unwrap();
            assert_eq!((current.fringe_size, current.max_fringe_size), (None, None));
        }
        // The reference `check` diagnoses with gives the same figures.
        let b = Board::parse(board).unwrap();
        let config = Config::npuzzle(Strategy::DepthFirst).with_edition(Edition::Y2017);
        let e = crate::npuzzle_reference(&config, &b, &Board::goal(3).unwrap()).unwrap();
        assert_eq!((e.fringe_size, e.max_fringe_size), (Some(2), Some(42_913)));
    }

    #[test]
    fn one_ida_test_per_board_of_the_set() {
        let tests = test_set_in(Puzzle::Npuzzle, &TestSet::Public, &["ida"], RANDOM, Edition::Y2017).unwrap();
        assert!(tests.iter().all(|t| t.method == "ida" && t.name.ends_with("-ida")));
        let mut boards: Vec<&str> = tests.iter().map(|t| t.input.trim()).collect();
        boards.sort_unstable();
        boards.dedup();
        assert_eq!(boards.len(), tests.len());
        // cases.tsv has 23 rows on 13 boards (counted with cut and sort -u).
        assert_eq!(tests.len(), 13);
        assert_eq!(tests[0].name, "public-01-ida");
        assert!(tests.iter().all(|t| t.expected.text().unwrap().lines().count() == 7));
    }

    #[test]
    fn the_current_edition_and_the_other_puzzle_are_unchanged() {
        for set in [TestSet::Public, TestSet::Edge] {
            let current = test_set(Puzzle::Npuzzle, &set, &["bfs", "ast"], RANDOM).unwrap();
            let same = test_set_in(Puzzle::Npuzzle, &set, &["bfs", "ast"], RANDOM, Edition::Current).unwrap();
            assert_eq!(current, same);
            let y2017 = test_set_in(Puzzle::Npuzzle, &set, &["bfs", "ast"], RANDOM, Edition::Y2017).unwrap();
            let names = |v: &[TestCase]| v.iter().map(|c| c.name.clone()).collect::<Vec<_>>();
            assert_eq!(names(&current), names(&y2017), "no ida test unless asked");
        }
        let digits = test_set(Puzzle::Digits, &TestSet::Public, &["B"], RANDOM).unwrap();
        assert_eq!(test_set_in(Puzzle::Digits, &TestSet::Public, &["B"], RANDOM, Edition::Y2017).unwrap(), digits);
    }
}
