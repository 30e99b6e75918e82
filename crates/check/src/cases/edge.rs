//! The edge set: fixed instances, each labelled with the rules it is meant to reveal, kept in
//! `crates/check/data/edge-npuzzle.json` and `edge-digits.json` and embedded in the library.
//! Their expected answers come from the reference, like every other case's.

use super::{CasesError, Puzzle, TestCase};

const NPUZZLE_DATA: &str = include_str!("../../data/edge-npuzzle.json");
const DIGITS_DATA: &str = include_str!("../../data/edge-digits.json");

/// A fixed instance of the edge set.
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize)]
pub struct EdgeInstance {
    /// A unique, file-name-safe name (`solved-board`).
    pub name: String,
    /// N-puzzle: the board text; 3-digit: the whole input file's text.
    pub input: String,
    /// The methods (`bfs`, …) or letters (`B`, …) it is run with.
    #[serde(alias = "letters")]
    pub methods: Vec<String>,
    /// The rules (variant names) and crashes it is meant to reveal.
    pub reveals: Vec<String>,
    /// Why, in one line.
    pub note: String,
    /// An input outside the assignment's domain or format (a 2×2 board; a forbidden list with
    /// spaces, which the handout's comma-separated list never has): run only by the opt-in
    /// robustness set, never by default.
    #[serde(default)]
    pub robustness: bool,
}

#[derive(serde::Deserialize)]
struct EdgeFile {
    instances: Vec<EdgeInstance>,
}

fn parse(data: &str, file: &str) -> Result<Vec<EdgeInstance>, CasesError> {
    serde_json::from_str::<EdgeFile>(data)
        .map(|f| f.instances)
        .map_err(|e| CasesError::Format { path: file.into(), reason: e.to_string() })
}

/// The N-puzzle edge instances.
///
/// ```
/// let edge = searchlab_check::cases::edge_npuzzle();
/// assert!(edge.iter().any(|e| e.input == "0,1,2,3,4,5,6,7,8"));
/// ```
pub fn edge_npuzzle() -> Vec<EdgeInstance> {
    parse(NPUZZLE_DATA, "data/edge-npuzzle.json").unwrap_or_else(|e| panic!("embedded data file: {e}"))
}

/// The 3-digit edge instances.
///
/// ```
/// let edge = searchlab_check::cases::edge_digits();
/// assert!(edge.iter().any(|e| e.reveals.iter().any(|r| r == "limit-goal-at-1000th-fails")));
/// ```
pub fn edge_digits() -> Vec<EdgeInstance> {
    parse(DIGITS_DATA, "data/edge-digits.json").unwrap_or_else(|e| panic!("embedded data file: {e}"))
}

impl EdgeInstance {
    /// Its cases, one per method or letter, named `edge-NAME-METHOD`, labelled with what it
    /// reveals, with the reference's answers.
    pub fn cases(&self, puzzle: Puzzle) -> Result<Vec<TestCase>, CasesError> {
        let methods: Vec<&str> = self.methods.iter().map(String::as_str).collect();
        let name = format!("edge-{}", self.name);
        let one = [(name.as_str(), self.input.as_str(), self.reveals.as_slice())];
        match puzzle {
            Puzzle::Npuzzle => super::npuzzle_cases(one, &methods),
            Puzzle::Digits => super::digits_cases(one, &methods),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    fn lines(text: &str) -> Vec<&str> {
        text.lines().collect()
    }

    #[test]
    fn names_are_unique_and_every_instance_has_a_purpose_and_an_answer() {
        for (puzzle, list) in [(Puzzle::Npuzzle, edge_npuzzle()), (Puzzle::Digits, edge_digits())] {
            let names: HashSet<&str> = list.iter().map(|e| e.name.as_str()).collect();
            assert_eq!(names.len(), list.len());
            for e in &list {
                assert!(!e.reveals.is_empty() && !e.methods.is_empty() && !e.note.is_empty(), "{}", e.name);
                assert!(e.name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'));
                let cases = e.cases(puzzle).unwrap();
                assert_eq!(cases.len(), e.methods.len());
            }
        }
    }

    #[test]
    fn the_issues_edge_mistakes_each_have_an_instance() {
        let revealed: HashSet<String> =
            edge_digits().into_iter().chain(edge_npuzzle()).flat_map(|e| e.reveals).collect();
        for rule in [
            "already-solved-crashes",
            "graded-astar-not-optimal",
            "limit-goal-at-1000th-fails",
            "limit-1001",
            "limit-999",
            "limit-counts-discarded",
            "limit-ignored",
            "forbidden-start-not-expanded",
            "forbidden-goal-reachable",
            "start-equals-goal-no-solution",
            "exhausted-fringe-prints-nothing",
            "empty-third-line-crashes",
            "last-forbidden-lost-on-final-newline",
            "goal-on-generation",
            "astar-lifo-ties",
            "dfs-udlr-push",
        ] {
            assert!(revealed.contains(rule), "{rule}");
        }
    }

    fn digits(name: &str, letter: &str) -> String {
        let e = edge_digits().into_iter().find(|e| e.name == name).unwrap();
        super::super::digits_expected_text(letter, &e.input).unwrap()
    }

    #[test]
    fn goal_at_the_1000th_expansion_is_a_success_with_1000_entries() {
        for e in edge_digits().into_iter().filter(|e| e.name.starts_with("goal-at-1000th")) {
            for letter in &e.methods {
                let text = digits(&e.name, letter);
                let l = lines(&text);
                assert_ne!(l[0], "No solution found.", "{} {letter}", e.name);
                assert_eq!(l[1].split(',').count(), 1000, "{} {letter}", e.name);
                let goal = e.input.lines().nth(1).unwrap();
                assert!(l[0].ends_with(goal) && l[1].ends_with(goal));
            }
        }
    }

    #[test]
    fn limit_instances_stop_at_1000_and_the_goal_is_reachable_by_bfs() {
        for name in ["limit-goal-reachable-d", "limit-goal-reachable-i"] {
            let e = edge_digits().into_iter().find(|e| e.name == name).unwrap();
            let l = digits(name, &e.methods[0]);
            assert_eq!(lines(&l)[0], "No solution found.");
            assert_eq!(lines(&l)[1].split(',').count(), 1000);
            assert_ne!(lines(&digits(name, "B"))[0], "No solution found.", "{name}");
        }
    }

    #[test]
    fn the_last_forbidden_number_matters() {
        let with = digits("final-newline-after-forbidden", "B");
        let without = super::super::digits_expected_text("B", "320\n110\n330\n").unwrap();
        assert_ne!(with, without);
        assert_eq!(digits("spaces-in-forbidden", "B"), with);
        assert_eq!(digits("crlf-line-ends", "A"), digits("final-newline-after-forbidden", "A"));
    }

    #[test]
    fn start_equals_goal_and_enclosed_start() {
        for letter in ["B", "D", "I", "G", "A", "H"] {
            assert_eq!(digits("start-equals-goal", letter), "555\n555\n");
            assert_eq!(digits("start-equals-goal-forbidden", letter), "555\n555\n");
        }
        assert_eq!(digits("start-enclosed", "B"), "No solution found.\n000\n");
        assert_eq!(digits("hill-blocked", "H"), "No solution found.\n320\n");
    }

    #[test]
    fn the_graded_astar_reading_is_not_optimal_on_its_boards() {
        for e in edge_npuzzle().into_iter().filter(|e| e.reveals.iter().any(|r| r == "graded-astar-not-optimal")) {
            let graded = super::super::npuzzle_expected_text("ast", &e.input).unwrap();
            let optimal = super::super::npuzzle_expected_text("bfs", &e.input).unwrap();
            let cost = |t: &str| lines(t)[1].to_owned();
            assert_ne!(cost(&graded), cost(&optimal), "{}", e.name);
        }
    }

    #[test]
    fn solved_board_answers_zero() {
        let text = super::super::npuzzle_expected_text("dfs", "0,1,2,3,4,5,6,7,8").unwrap();
        assert_eq!(
            text,
            "path_to_goal: []\ncost_of_path: 0\nnodes_expanded: 0\nsearch_depth: 0\nmax_search_depth: 0\n"
        );
    }
}
