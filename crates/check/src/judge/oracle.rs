//! The reference on one prepared case under any [`Config`], with what it wrote reduced to
//! the graded values, so that a program's output and the reference's can be compared for
//! the diagnosis and for the per-method summary.

use std::collections::HashMap;
use std::sync::Mutex;

use searchlab_npuzzle::{Board, Edition};
use searchlab_threedigits::{Instance, Number};

use crate::judge::reference::{digits_answer, DigitsAnswer};
use crate::{
    npuzzle_answer, npuzzle_search, read_digits, search_key, Config, DigitsPath, Found, NpuzzleExpected, NpuzzleReading,
};

/// The graded values of one output (the N-puzzle's five exact lines, seven in the 2017
/// edition, or the 3-digit path and expanded list), read leniently: two outputs with the same
/// values are the same answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Graded {
    Npuzzle(Option<[Option<String>; 7]>),
    Digits(DigitsPath, Option<Vec<String>>),
}

impl Graded {
    /// The values of an N-puzzle reading in `edition` (`None`: no `output.txt`); the fringe
    /// lines count only in the 2017 edition.
    pub(crate) fn of_npuzzle(r: Option<&NpuzzleReading>, edition: Edition) -> Graded {
        let fringe = edition.has_fringe_lines();
        Graded::Npuzzle(r.map(|r| {
            let s = |v: Option<u64>| v.map(|v| v.to_string());
            [
                r.path_to_goal.as_ref().map(|p| searchlab_npuzzle::path_to_python_list(p)),
                s(r.cost_of_path),
                s(r.nodes_expanded),
                s(r.fringe_size.filter(|_| fringe)),
                s(r.max_fringe_size.filter(|_| fringe)),
                s(r.search_depth),
                s(r.max_search_depth),
            ]
        }))
    }

    /// The values of a reference answer (`None`: the goal cannot be reached), its fringe
    /// lines when it has them.
    pub(crate) fn of_expected(e: Option<&NpuzzleExpected>) -> Graded {
        Graded::Npuzzle(e.map(|e| {
            [
                Some(searchlab_npuzzle::path_to_python_list(&e.path_to_goal)),
                Some(e.cost_of_path.to_string()),
                Some(e.nodes_expanded.to_string()),
                e.fringe_size.map(|v| v.to_string()),
                e.max_fringe_size.map(|v| v.to_string()),
                Some(e.search_depth.to_string()),
                Some(e.max_search_depth.to_string()),
            ]
        }))
    }

    /// The values of a 3-digit program's stdout.
    pub(crate) fn of_digits(text: &str) -> Graded {
        let r = read_digits(text);
        Graded::Digits(r.path, r.expanded)
    }

    /// The values of the 3-digit reference's answer: taken from its numbers when it is two
    /// lines of them (the diagnosis's many runs then neither write nor read text), else read
    /// from its text as a program's would be.
    pub(crate) fn of_digits_answer(answer: &DigitsAnswer) -> Graded {
        let three = |numbers: &[Number]| numbers.iter().map(Number::to_string).collect::<Vec<_>>();
        match answer {
            DigitsAnswer::Lines(path, expanded)
                if !expanded.is_empty() && path.as_ref().is_none_or(|p| !p.is_empty()) =>
            {
                let path = path.as_ref().map_or(DigitsPath::NoSolution, |p| DigitsPath::Path(three(p)));
                Graded::Digits(path, Some(three(expanded)))
            }
            other => Graded::of_digits(&other.text()),
        }
    }
}

/// The parts of an output that a partial explanation covers on its own, when no combination
/// explains the whole: N-puzzle, the path with its cost and depth (they follow the search
/// order), `nodes_expanded`, `max_search_depth` (their counting conventions are independent of
/// the order) and the 2017 fringe counts; 3-digit, the path and the expanded list.
pub(crate) const NPUZZLE_PARTS: [&[usize]; 4] = [&[0, 1, 5], &[2], &[6], &[3, 4]];

/// The items of each part of [`NPUZZLE_PARTS`], by name.
const NPUZZLE_PART_ITEMS: [&[&str]; 4] = [
    &["path_to_goal", "cost_of_path", "search_depth"],
    &["nodes_expanded"],
    &["max_search_depth"],
    &["fringe_size", "max_fringe_size"],
];

impl Graded {
    /// How many parts the output has (see [`NPUZZLE_PARTS`]).
    pub(crate) fn part_count(&self) -> usize {
        match self {
            Graded::Npuzzle(_) => NPUZZLE_PARTS.len(),
            Graded::Digits(..) => 2,
        }
    }

    /// The items of part `k`, by name.
    pub(crate) fn part_items(&self, k: usize) -> &'static [&'static str] {
        match self {
            Graded::Npuzzle(_) => NPUZZLE_PART_ITEMS[k],
            Graded::Digits(..) => [&["path"][..], &["expanded"][..]][k],
        }
    }

    /// Whether `self` and `other` agree on part `k`.
    pub(crate) fn part_eq(&self, other: &Graded, k: usize) -> bool {
        match (self, other) {
            (Graded::Npuzzle(Some(a)), Graded::Npuzzle(Some(b))) => NPUZZLE_PARTS[k].iter().all(|&i| a[i] == b[i]),
            (Graded::Npuzzle(a), Graded::Npuzzle(b)) => a.is_none() && b.is_none(),
            (Graded::Digits(pa, ea), Graded::Digits(pb, eb)) => {
                if k == 0 {
                    pa == pb
                } else {
                    ea == eb
                }
            }
            _ => false,
        }
    }
}

/// The reference on one case: a board (searches cached by the knobs that change the search,
/// so report rules cost nothing) or a 3-digit instance.
pub(crate) enum Oracle {
    Npuzzle { board: Board, goal: Board, searches: Mutex<HashMap<String, Option<Found>>> },
    Digits(Instance),
}

impl Oracle {
    /// The reference on `board` toward the standard goal of its width.
    pub(crate) fn npuzzle(board: &Board) -> Oracle {
        let goal = Board::goal(board.width()).unwrap_or_else(|_| board.clone());
        Oracle::Npuzzle { board: board.clone(), goal, searches: Mutex::default() }
    }

    /// The graded values the reference writes under `config`.
    pub(crate) fn output(&self, config: &Config) -> Graded {
        match self {
            Oracle::Npuzzle { board, goal, searches } => {
                let key = search_key(config);
                let lock = || searches.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                let cached = lock().get(&key).cloned();
                let found = cached.unwrap_or_else(|| {
                    let found = npuzzle_search(config, board, goal);
                    lock().insert(key, found.clone());
                    found
                });
                Graded::of_expected(found.map(|f| npuzzle_answer(config, &f)).as_ref())
            }
            Oracle::Digits(instance) => Graded::of_digits_answer(&digits_answer(config, instance)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::variants::{apply_all, variants_for, PuzzleKind};
    use crate::{digits_reference, Config};

    /// The values taken from the reference's numbers are the ones its text reads as, under
    /// every rule and every pair of rules of each strategy, on instances that reach each way
    /// of answering (found, exhausted, a limit, the start as goal, a forbidden start).
    #[test]
    fn the_reference_answers_numbers_are_what_its_text_reads_as() {
        let instances =
            ["320\n110\n", "320\n110\n220,330\n", "555\n555\n", "345\n678\n345\n", "000\n999\n", "123\n124\n"];
        let mut compared = 0;
        for text in instances {
            let instance = searchlab_threedigits::parse_instance(text.as_bytes()).unwrap();
            for (letter, strategy) in searchlab_threedigits::LETTERS {
                let base = Config::digits(strategy);
                let rules = variants_for(PuzzleKind::Digits, letter);
                let mut combinations: Vec<Vec<&crate::Variant>> = vec![vec![]];
                combinations.extend(rules.iter().map(|r| vec![*r]));
                for (i, a) in rules.iter().enumerate() {
                    combinations.extend(rules[i + 1..].iter().map(|b| vec![*a, *b]));
                }
                for combination in combinations {
                    let config = apply_all(&base, &combination);
                    let direct = Graded::of_digits_answer(&digits_answer(&config, &instance));
                    assert_eq!(direct, Graded::of_digits(&digits_reference(&config, &instance)), "{letter} {text:?}");
                    compared += 1;
                }
            }
        }
        assert!(compared > 1000, "{compared}");
    }
}
