//! The named test sets as [`SuiteCase`]s: what `check --cases random|edge` runs and what
//! `searchlab cases` writes.

use super::{
    digits_cases, edge_digits, edge_npuzzle, npuzzle_cases, random_digits, random_npuzzle, CasesError, Puzzle,
    SuiteCase, DIGITS_LETTERS, NPUZZLE_METHODS,
};

/// Every method (`bfs`, `dfs`, `ast`) or letter (`B` … `H`) of `puzzle`.
pub fn all_methods(puzzle: Puzzle) -> &'static [&'static str] {
    match puzzle {
        Puzzle::Npuzzle => &NPUZZLE_METHODS,
        Puzzle::Digits => &DIGITS_LETTERS,
    }
}

/// `methods` checked against `puzzle`'s (N-puzzle names in any case, 3-digit letters in
/// either case), in the puzzle's canonical spelling; every method when empty.
pub fn methods_of(puzzle: Puzzle, methods: &[String]) -> Result<Vec<&'static str>, CasesError> {
    if methods.is_empty() {
        return Ok(all_methods(puzzle).to_vec());
    }
    let mut out = Vec::new();
    for m in methods {
        let known = all_methods(puzzle).iter().find(|k| k.eq_ignore_ascii_case(m.trim()));
        let known = *known.ok_or_else(|| CasesError::Method(m.clone()))?;
        if !out.contains(&known) {
            out.push(known);
        }
    }
    Ok(out)
}

/// `n` seeded random instances of `puzzle` × `methods`, named `random-007-bfs`, labelled
/// with their optimal depth (`depth-12`) or family (`forbidden-goal`). `width` is the
/// N-puzzle's board width (ignored by the 3-digit puzzle).
///
/// ```
/// use searchlab_check::cases::{random_cases, Puzzle};
/// let cases = random_cases(Puzzle::Digits, 7, 7, 3, &["B", "H"]).unwrap();
/// assert_eq!(cases.len(), 14);
/// assert_eq!(cases[0].name, "random-000-B");
/// ```
pub fn random_cases(
    puzzle: Puzzle,
    n: usize,
    seed: u64,
    width: usize,
    methods: &[&str],
) -> Result<Vec<SuiteCase>, CasesError> {
    match puzzle {
        Puzzle::Npuzzle => {
            let boards = random_npuzzle(n, seed, width)?;
            let labels: Vec<Vec<String>> = boards.iter().map(|b| b.labels()).collect();
            let list = boards.iter().zip(&labels).map(|(b, l)| (b.name.as_str(), b.board.as_str(), l.as_slice()));
            npuzzle_cases(list, methods)
        }
        Puzzle::Digits => {
            let instances = random_digits(n, seed)?;
            let labels: Vec<Vec<String>> = instances.iter().map(|i| vec![i.family.name().to_owned()]).collect();
            let list = instances.iter().zip(&labels).map(|(i, l)| (i.name.as_str(), i.text.as_str(), l.as_slice()));
            digits_cases(list, methods)
        }
    }
}

/// The edge set of `puzzle`, each instance with its own methods that are among `methods`,
/// named `edge-NAME-METHOD` and labelled with the rules it reveals.
///
/// ```
/// use searchlab_check::cases::{edge_cases, Puzzle};
/// let cases = edge_cases(Puzzle::Npuzzle, &["ast"]).unwrap();
/// assert!(cases.iter().any(|c| c.name == "edge-astar-not-optimal-ast"));
/// assert!(cases.iter().all(|c| c.method == "ast"));
/// ```
pub fn edge_cases(puzzle: Puzzle, methods: &[&str]) -> Result<Vec<SuiteCase>, CasesError> {
    let instances = match puzzle {
        Puzzle::Npuzzle => edge_npuzzle(),
        Puzzle::Digits => edge_digits(),
    };
    let mut out = Vec::new();
    for mut instance in instances {
        instance.methods.retain(|m| methods.contains(&m.as_str()));
        if !instance.methods.is_empty() {
            out.extend(instance.cases(puzzle)?);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn methods_are_checked_and_spelt_canonically() {
        let m = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(methods_of(Puzzle::Npuzzle, &m(&["BFS", "ast", "bfs"])).unwrap(), ["bfs", "ast"]);
        assert_eq!(methods_of(Puzzle::Digits, &m(&["a", "H"])).unwrap(), ["A", "H"]);
        assert_eq!(methods_of(Puzzle::Digits, &[]).unwrap().len(), 6);
        assert!(matches!(methods_of(Puzzle::Digits, &m(&["bfs"])), Err(CasesError::Method(_))));
        assert!(matches!(methods_of(Puzzle::Npuzzle, &m(&["ida"])), Err(CasesError::Method(_))));
    }

    #[test]
    fn random_npuzzle_cases_carry_their_depth() {
        let cases = random_cases(Puzzle::Npuzzle, 3, 7, 3, &["bfs"]).unwrap();
        for c in &cases {
            let depth: u64 = c.labels[0].strip_prefix("depth-").unwrap().parse().unwrap();
            // BFS finds a shortest path: its cost line is the optimal depth.
            let text = c.expected.text().unwrap();
            assert!(text.contains(&format!("\ncost_of_path: {depth}\n")), "{text}");
        }
    }

    #[test]
    fn edge_cases_cover_every_method_of_the_puzzle() {
        for puzzle in [Puzzle::Npuzzle, Puzzle::Digits] {
            let cases = edge_cases(puzzle, all_methods(puzzle)).unwrap();
            for m in all_methods(puzzle) {
                assert!(cases.iter().any(|c| c.method == *m), "{puzzle} {m}");
            }
        }
    }
}
