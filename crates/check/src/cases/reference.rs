//! The reference's expected answers, in one canonical text per puzzle, and the cases built
//! from instances × methods.
//!
//! - 3-digit: the two lines exactly as `searchlab digits` prints them.
//! - N-puzzle: the five lines graded exactly (`path_to_goal` … `max_search_depth`) as
//!   `output.txt` writes them; `running_time` and `max_ram_usage` are graded for form only,
//!   so they are not part of the answer.

use searchlab_npuzzle::Edition;

use super::{CasesError, Expected, Puzzle, TestCase};

/// The N-puzzle driver's methods, in the driver's order.
pub const NPUZZLE_METHODS: [&str; 3] = ["bfs", "dfs", "ast"];

/// The 3-digit strategies' letters, in the spec's order.
pub const DIGITS_LETTERS: [&str; 6] = ["B", "D", "I", "G", "A", "H"];

/// How many lines of `output.txt` are graded exactly (the 2017 edition: two more).
const GRADED_LINES: usize = 5;

/// The reference's canonical answer for the N-puzzle driver run as `method board` (goal
/// `0,1,…`): the five exactly graded lines of `output.txt`, each ending in `\n`.
///
/// ```
/// let text = searchlab_check::cases::npuzzle_expected_text("bfs", "1,2,5,3,4,0,6,7,8").unwrap();
/// assert_eq!(text, "path_to_goal: ['Up', 'Left', 'Left']\ncost_of_path: 3\nnodes_expanded: 10\n\
///                   search_depth: 3\nmax_search_depth: 4\n");
/// ```
pub fn npuzzle_expected_text(method: &str, board: &str) -> Result<String, CasesError> {
    npuzzle_expected_text_in(method, board, Edition::Current)
}

/// [`npuzzle_expected_text`] in `edition`: the 2017 edition grades seven lines, its
/// `fringe_size` and `max_fringe_size` between `nodes_expanded` and `search_depth`, and
/// knows the method `ida`.
///
/// ```
/// use searchlab_check::cases::npuzzle_expected_text_in;
/// use searchlab_npuzzle::Edition;
/// let text = npuzzle_expected_text_in("dfs", "1,2,5,3,4,0,6,7,8", Edition::Y2017).unwrap();
/// assert!(text.contains("\nfringe_size: 2\nmax_fringe_size: 42913\nsearch_depth: 3\n"), "{text}");
/// assert!(npuzzle_expected_text_in("ida", "1,0,2,3", Edition::Current).is_err());
/// ```
pub fn npuzzle_expected_text_in(method: &str, board: &str, edition: Edition) -> Result<String, CasesError> {
    let fail = |reason: String| CasesError::Reference { name: format!("{method} {board}"), reason };
    let strategy =
        searchlab_npuzzle::parse_method_in(method, edition).map_err(|_| CasesError::Method(method.to_owned()))?;
    let board = searchlab_npuzzle::Board::parse(board).map_err(|e| fail(e.to_string()))?;
    let goal = searchlab_npuzzle::Board::goal(board.width()).map_err(|e| fail(e.to_string()))?;
    let options = searchlab_npuzzle::DriverOptions::default();
    let report = searchlab_npuzzle::solve(strategy, &board, &goal, &options).map_err(|e| fail(e.to_string()))?;
    let output = searchlab_npuzzle::format_edition_output(&report, 0.0, edition);
    let fringe_lines = if edition.has_fringe_lines() { 2 } else { 0 };
    Ok(output.split_inclusive('\n').take(GRADED_LINES + fringe_lines).collect())
}

/// The reference's answer for the 3-digit puzzle run as `letter file` where the file holds
/// `input`: the two lines, each ending in `\n`.
///
/// ```
/// let text = searchlab_check::cases::digits_expected_text("A", "320\n110\n").unwrap();
/// assert_eq!(text, "320,220,210,110\n320,310,210,220,210,110\n");
/// ```
pub fn digits_expected_text(letter: &str, input: &str) -> Result<String, CasesError> {
    if !DIGITS_LETTERS.contains(&letter) {
        return Err(CasesError::Method(letter.to_owned()));
    }
    let strategy = searchlab_threedigits::parse_strategy(letter).map_err(|_| CasesError::Method(letter.to_owned()))?;
    let instance = searchlab_threedigits::parse_instance(input.as_bytes())
        .map_err(|e| CasesError::Reference { name: format!("{letter} {input:?}"), reason: e.to_string() })?;
    Ok(searchlab_threedigits::solve(&instance, strategy).to_string())
}

/// One case per instance and method: `name-method`, with the reference's answer.
fn cases<'a>(
    puzzle: Puzzle,
    instances: impl IntoIterator<Item = (&'a str, &'a str, &'a [String])>,
    methods: &[&str],
) -> Result<Vec<TestCase>, CasesError> {
    let mut out = Vec::new();
    for (name, input, labels) in instances {
        for &method in methods {
            let name = format!("{name}-{method}");
            let mut case = match puzzle {
                Puzzle::Npuzzle => TestCase::npuzzle(&name, method, input)?,
                Puzzle::Digits => TestCase::digits(&name, method, input)?,
            };
            case.labels = labels.to_vec();
            out.push(case);
        }
    }
    Ok(out)
}

/// The N-puzzle cases of `instances` (name, board text, labels) × `methods`, each with the
/// reference's answer.
pub fn npuzzle_cases<'a>(
    instances: impl IntoIterator<Item = (&'a str, &'a str, &'a [String])>,
    methods: &[&str],
) -> Result<Vec<TestCase>, CasesError> {
    cases(Puzzle::Npuzzle, instances, methods)
}

/// The 3-digit cases of `instances` (name, file text, labels) × `letters`, each with the
/// reference's answer.
pub fn digits_cases<'a>(
    instances: impl IntoIterator<Item = (&'a str, &'a str, &'a [String])>,
    letters: &[&str],
) -> Result<Vec<TestCase>, CasesError> {
    cases(Puzzle::Digits, instances, letters)
}

/// The cases built from the reference's answer.
impl TestCase {
    /// The N-puzzle case `method board` (`bfs`, `1,2,5,3,4,0,6,7,8`) with the reference's
    /// answer and no labels.
    ///
    /// ```
    /// let case = searchlab_check::TestCase::npuzzle("spec", "bfs", "1,2,5,3,4,0,6,7,8").unwrap();
    /// assert!(case.expected.text().unwrap().starts_with("path_to_goal: ['Up', 'Left', 'Left']\n"));
    /// ```
    pub fn npuzzle(name: &str, method: &str, board: &str) -> Result<TestCase, CasesError> {
        let expected = Expected::Plain(npuzzle_expected_text(method, board)?);
        Ok(TestCase::new(name, Puzzle::Npuzzle, method, board, expected))
    }

    /// The 3-digit case `letter` on the input file `input` with the reference's answer and no
    /// labels.
    pub fn digits(name: &str, letter: &str, input: &str) -> Result<TestCase, CasesError> {
        let expected = Expected::Plain(digits_expected_text(letter, input)?);
        Ok(TestCase::new(name, Puzzle::Digits, letter, input, expected))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_answers_match_the_published_conformance_files() {
        // The spec's official example, as the course published it (tests/data/threedigits/case-01).
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/threedigits/case-01");
        let input = std::fs::read_to_string(format!("{dir}/input.txt")).unwrap();
        for letter in DIGITS_LETTERS {
            let published = std::fs::read_to_string(format!("{dir}/expected-{letter}.txt")).unwrap();
            let ours = digits_expected_text(letter, &input).unwrap();
            assert_eq!(ours.trim_end(), published.trim_end(), "letter {letter}");
        }
    }

    #[test]
    fn npuzzle_answer_has_the_published_counts() {
        // The course's FAQ figure for A* on 8,6,4,2,1,3,5,7,0: 26 moves, 1585 expanded, depth 26.
        let text = npuzzle_expected_text("ast", "8,6,4,2,1,3,5,7,0").unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 5);
        assert_eq!(
            &lines[1..],
            ["cost_of_path: 26", "nodes_expanded: 1585", "search_depth: 26", "max_search_depth: 26"]
        );
    }

    #[test]
    fn unknown_methods_and_bad_inputs_are_errors() {
        assert!(matches!(npuzzle_expected_text("ida", "1,0,2,3"), Err(CasesError::Method(_))));
        assert!(matches!(digits_expected_text("bfs", "320\n110\n"), Err(CasesError::Method(_))));
        assert!(matches!(npuzzle_expected_text("bfs", "1,0,2,3,4,5,6,8,7"), Err(CasesError::Reference { .. })));
        assert!(matches!(digits_expected_text("B", "32x\n110\n"), Err(CasesError::Reference { .. })));
    }

    #[test]
    fn cases_are_one_per_instance_and_method() {
        let labels = vec!["x".to_owned()];
        let list = [("one", "1,2,5,3,4,0,6,7,8", labels.as_slice()), ("two", "1,0,2,3,4,5,6,7,8", &labels[..])];
        let cases = npuzzle_cases(list, &["bfs", "ast"]).unwrap();
        let names: Vec<&str> = cases.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["one-bfs", "one-ast", "two-bfs", "two-ast"]);
        assert!(cases.iter().all(|c| c.labels == labels && c.puzzle == Puzzle::Npuzzle));
        assert!(cases[2].expected.matches(
            "path_to_goal: ['Left']\ncost_of_path: 1\nnodes_expanded: 2\nsearch_depth: 1\nmax_search_depth: 2\n"
        ));
    }
}
