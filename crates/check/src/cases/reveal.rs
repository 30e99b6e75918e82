//! Whether a named rule shows on an instance: the reference under the rule answers
//! differently from the reference. The edge set is checked with it (every label of every
//! edge case really changes the answer), and `examples/find_edge_cases.rs` searches with it.

use searchlab_npuzzle::Board;

use super::{CasesError, EdgeInstance, Puzzle};
use crate::judge::variants::{all_variants, apply_all, find_variant, PuzzleKind, Variant};
use crate::{digits_reference, npuzzle_reference, Config};

/// The variant kind of a case puzzle.
fn kind(puzzle: Puzzle) -> PuzzleKind {
    match puzzle {
        Puzzle::Npuzzle => PuzzleKind::Npuzzle,
        Puzzle::Digits => PuzzleKind::Digits,
    }
}

/// Whether `variant` changes the reference's answer to `input` (N-puzzle: the board text;
/// 3-digit: the input file's text) run with `method` (a method or a letter). `None` when the
/// variant does not apply to `method`.
///
/// ```
/// use searchlab_check::cases::{variant_changes, Puzzle};
/// use searchlab_check::{find_variant, PuzzleKind};
///
/// let ties = find_variant(PuzzleKind::Digits, "ties-first-added").unwrap();
/// assert_eq!(variant_changes(Puzzle::Digits, ties, "G", "320\n110\n").unwrap(), Some(true));
/// assert_eq!(variant_changes(Puzzle::Digits, ties, "B", "320\n110\n").unwrap(), None);
/// ```
pub fn variant_changes(
    puzzle: Puzzle,
    variant: &Variant,
    method: &str,
    input: &str,
) -> Result<Option<bool>, CasesError> {
    if variant.puzzle != kind(puzzle) || !variant.applies_to(method) {
        return Ok(None);
    }
    let answer = answers(puzzle, method, input)?;
    // A rule that shows only beside another is judged on top of each rule that shows alone.
    let changes = if variant.shows_alone {
        answer(&[variant]) != answer(&[])
    } else {
        all_variants()
            .filter(|w| w.puzzle == variant.puzzle && w.shows_alone && w.applies_to(method))
            .any(|w| answer(&[w, variant]) != answer(&[w]))
    };
    Ok(Some(changes))
}

/// The reference's answer to `input` run with `method`, as a function of the rules applied.
type Answers = Box<dyn Fn(&[&Variant]) -> String>;

/// The reference's answers to `input` run with `method` under any set of rules.
fn answers(puzzle: Puzzle, method: &str, input: &str) -> Result<Answers, CasesError> {
    let fail = |reason: String| CasesError::Reference { name: format!("{method} {input:?}"), reason };
    Ok(match puzzle {
        Puzzle::Npuzzle => {
            let strategy = searchlab_npuzzle::parse_method(method).map_err(|_| CasesError::Method(method.into()))?;
            let board = Board::parse(input).map_err(|e| fail(e.to_string()))?;
            let goal = Board::goal(board.width()).map_err(|e| fail(e.to_string()))?;
            let base = Config::npuzzle(strategy);
            Box::new(move |chosen| format!("{:?}", npuzzle_reference(&apply_all(&base, chosen), &board, &goal)))
        }
        Puzzle::Digits => {
            let strategy =
                searchlab_threedigits::parse_strategy(method).map_err(|_| CasesError::Method(method.into()))?;
            let instance = searchlab_threedigits::parse_instance(input.as_bytes()).map_err(|e| fail(e.to_string()))?;
            let base = Config::digits(strategy);
            Box::new(move |chosen| digits_reference(&apply_all(&base, chosen), &instance))
        }
    })
}

/// Whether `input` run with `method` tells two explanations apart: the reference under the
/// rules `a` answers differently from the reference under the rules `b` (a case that splits
/// two combinations one output matched alike).
///
/// ```
/// use searchlab_check::cases::{answers_differ, Puzzle};
/// use searchlab_check::{find_variant, PuzzleKind};
///
/// let rule = |name| find_variant(PuzzleKind::Digits, name).unwrap();
/// let (first, goal) = (rule("ties-first-added"), rule("goal-on-generation"));
/// assert!(answers_differ(Puzzle::Digits, &[first], &[goal], "G", "320\n110\n").unwrap());
/// assert!(!answers_differ(Puzzle::Digits, &[first], &[first], "G", "320\n110\n").unwrap());
/// ```
pub fn answers_differ(
    puzzle: Puzzle,
    a: &[&Variant],
    b: &[&Variant],
    method: &str,
    input: &str,
) -> Result<bool, CasesError> {
    let answer = answers(puzzle, method, input)?;
    Ok(answer(a) != answer(b))
}

impl EdgeInstance {
    /// The (method, label) pairs of this instance's cases where the label names a variant
    /// of `puzzle` that applies to the method but does not change the reference's answer
    /// there: labels that promise what the case does not show. Labels that are not variant
    /// names (crashes, input quirks) are not judged here.
    pub fn unrevealed(&self, puzzle: Puzzle) -> Result<Vec<(String, String)>, CasesError> {
        let mut out = Vec::new();
        for label in &self.reveals {
            let Some(variant) = find_variant(kind(puzzle), label) else { continue };
            for method in &self.methods {
                if variant_changes(puzzle, variant, method, &self.input)? == Some(false) {
                    out.push((method.clone(), label.clone()));
                }
            }
        }
        Ok(out)
    }

    /// Whether this instance reveals `variant`: it carries its name and the variant changes
    /// the answer of at least one of its cases.
    pub fn reveals_variant(&self, puzzle: Puzzle, variant: &Variant) -> Result<bool, CasesError> {
        if !self.reveals.iter().any(|r| r == variant.name) {
            return Ok(false);
        }
        for method in &self.methods {
            if variant_changes(puzzle, variant, method, &self.input)? == Some(true) {
                return Ok(true);
            }
        }
        Ok(false)
    }
}
