//! From a suite's answer to what scoring needs, and from a program's reading to the
//! canonical text a hashed answer is compared with.

use searchlab_npuzzle::Edition;

use super::{Expected, Puzzle, TestCase};
use crate::{read_npuzzle, DigitsExpected, DigitsPath, DigitsReading, NpuzzleExpected, NpuzzleReading};

/// The canonical text of a 3-digit reading (the two lines as the reference prints them), or
/// `None` when a line is missing. Format faults do not matter: a hashed answer is compared
/// on values.
///
/// ```
/// use searchlab_check::{cases::canonical_digits, read_digits};
/// let reading = read_digits("Path: 320, 220,210,110\r\n320,220,310,420,210,110");
/// assert_eq!(canonical_digits(&reading).unwrap(), "320,220,210,110\n320,220,310,420,210,110\n");
/// ```
pub fn canonical_digits(reading: &DigitsReading) -> Option<String> {
    let line1 = match &reading.path {
        DigitsPath::Path(p) => p.join(","),
        DigitsPath::NoSolution => crate::NO_SOLUTION.to_owned(),
        DigitsPath::Missing => return None,
    };
    Some(format!("{line1}\n{}\n", reading.expanded.as_ref()?.join(",")))
}

/// The canonical text of an N-puzzle reading (the five exactly graded lines), or `None` when
/// one of them is missing.
///
/// ```
/// use searchlab_check::{cases::canonical_npuzzle, read_npuzzle};
/// let reading = read_npuzzle("path_to_goal: [\"Up\"]\ncost_of_path: 1\nnodes_expanded: 1\nsearch_depth: 1\nmax_search_depth: 1\n");
/// assert_eq!(
///     canonical_npuzzle(&reading).unwrap(),
///     "path_to_goal: ['Up']\ncost_of_path: 1\nnodes_expanded: 1\nsearch_depth: 1\nmax_search_depth: 1\n"
/// );
/// ```
pub fn canonical_npuzzle(reading: &NpuzzleReading) -> Option<String> {
    canonical_npuzzle_in(reading, Edition::Current)
}

/// [`canonical_npuzzle`] in `edition`: in the 2017 edition, the seven exactly graded lines
/// (`fringe_size` and `max_fringe_size` after `nodes_expanded`).
///
/// ```
/// use searchlab_check::{cases::canonical_npuzzle_in, read_npuzzle};
/// use searchlab_npuzzle::Edition;
/// let text = "path_to_goal: []\ncost_of_path: 0\nnodes_expanded: 0\nfringe_size: 0\n\
///             max_fringe_size: 1\nsearch_depth: 0\nmax_search_depth: 0\n";
/// assert_eq!(canonical_npuzzle_in(&read_npuzzle(text), Edition::Y2017).as_deref(), Some(text));
/// assert!(!canonical_npuzzle_in(&read_npuzzle(text), Edition::Current).unwrap().contains("fringe"));
/// ```
pub fn canonical_npuzzle_in(reading: &NpuzzleReading, edition: Edition) -> Option<String> {
    let fringe = match edition.has_fringe_lines() {
        true => format!("fringe_size: {}\nmax_fringe_size: {}\n", reading.fringe_size?, reading.max_fringe_size?),
        false => String::new(),
    };
    Some(format!(
        "path_to_goal: {}\ncost_of_path: {}\nnodes_expanded: {}\n{fringe}search_depth: {}\nmax_search_depth: {}\n",
        searchlab_npuzzle::path_to_python_list(reading.path_to_goal.as_deref()?),
        reading.cost_of_path?,
        reading.nodes_expanded?,
        reading.search_depth?,
        reading.max_search_depth?,
    ))
}

impl TestCase {
    /// The 3-digit answer for scoring (`None` for hashed answers and N-puzzle cases).
    pub fn digits_expected(&self) -> Option<DigitsExpected> {
        match (&self.expected, self.puzzle) {
            (Expected::Plain(text), Puzzle::Digits) => DigitsExpected::from_text(text).ok(),
            _ => None,
        }
    }

    /// The N-puzzle answer for scoring (`None` for hashed answers, 3-digit cases, and texts
    /// that lack a graded line); the fringe lines are scored when the text has them (the
    /// 2017 edition).
    pub fn npuzzle_expected(&self) -> Option<NpuzzleExpected> {
        let (Expected::Plain(text), Puzzle::Npuzzle) = (&self.expected, self.puzzle) else { return None };
        let r = read_npuzzle(text);
        Some(NpuzzleExpected {
            path_to_goal: r.path_to_goal?,
            cost_of_path: r.cost_of_path?,
            nodes_expanded: r.nodes_expanded?,
            search_depth: r.search_depth?,
            max_search_depth: r.max_search_depth?,
            fringe_size: r.fringe_size,
            max_fringe_size: r.max_fringe_size,
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::cases::{digits_cases, npuzzle_cases, sha256_hex};
    use crate::{read_digits, read_npuzzle};

    #[test]
    fn plain_answers_become_scoring_answers_and_round_trip_through_the_canonical_text() {
        let none: Vec<String> = Vec::new();
        let np = &npuzzle_cases([("s", "1,2,5,3,4,0,6,7,8", none.as_slice())], &["bfs"]).unwrap()[0];
        let e = np.npuzzle_expected().unwrap();
        assert_eq!((e.cost_of_path, e.nodes_expanded, e.search_depth, e.max_search_depth), (3, 10, 3, 4));
        let text = np.expected.text().unwrap();
        assert_eq!(super::canonical_npuzzle(&read_npuzzle(text)).as_deref(), Some(text));
        assert!(np.expected.hashed().matches(&super::canonical_npuzzle(&read_npuzzle(text)).unwrap()));
        assert!(np.digits_expected().is_none());

        let d = &digits_cases([("s", "320\n110\n", none.as_slice())], &["H"]).unwrap()[0];
        let e = d.digits_expected().unwrap();
        assert_eq!((e.path.as_ref(), e.expanded.join(",")), (None, "320,310,210".to_owned()));
        let text = d.expected.text().unwrap();
        assert_eq!(sha256_hex(&super::canonical_digits(&read_digits(text)).unwrap()), sha256_hex(text));
        let mut hashed = d.clone();
        hashed.expected = hashed.expected.hashed();
        assert!(hashed.digits_expected().is_none());
    }

    #[test]
    fn a_missing_line_has_no_canonical_text() {
        assert_eq!(super::canonical_digits(&read_digits("320,110\n")), None);
        assert_eq!(super::canonical_npuzzle(&read_npuzzle("path_to_goal: []\ncost_of_path: 0\n")), None);
    }
}
