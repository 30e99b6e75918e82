//! The named test sets as [`TestCase`]s: what `check --cases random|edge` runs and what
//! `searchlab cases` writes.

use std::path::PathBuf;

use super::{load_suite, CasesError, Puzzle, TestCase};

/// Which cases `check` runs (`--cases`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TestSet {
    /// The published cases.
    Public,
    /// Seeded random instances.
    Random,
    /// The edge instances inside the assignment's domain and format.
    Edge,
    /// Public, random and edge.
    All,
    /// Opt-in: the edge instances outside the assignment (a 2×2 board, a forbidden list with
    /// spaces), for a program's robustness; never part of `all`.
    Robustness,
    /// A suite folder written by `searchlab cases`.
    Suite(PathBuf),
}

impl TestSet {
    /// `public`, `random`, `edge`, `all`, `robustness`, or else the path of a suite folder
    /// (which must exist).
    pub fn parse(text: &str) -> Result<TestSet, CasesError> {
        Ok(match text {
            "public" => TestSet::Public,
            "random" => TestSet::Random,
            "edge" => TestSet::Edge,
            "all" => TestSet::All,
            "robustness" => TestSet::Robustness,
            path if std::path::Path::new(path).is_dir() => TestSet::Suite(PathBuf::from(path)),
            other => return Err(CasesError::UnknownSet(other.to_owned())),
        })
    }
}

/// How many random instances, from which seed, on which board width (N-puzzle).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RandomSpec {
    /// Instances (each run with every method).
    pub n: usize,
    /// The seed: the same seed gives the same cases on any machine.
    pub seed: u64,
    /// The N-puzzle's board width (ignored by the 3-digit puzzle).
    pub width: usize,
}

/// The cases of `set` for `puzzle` and `methods` (canonical spellings, as [`methods_of`]
/// gives them): the published cases of those methods, `random.n` random instances × methods,
/// the edge set, all three, or a suite's cases of those methods (a suite of the other puzzle
/// is refused).
pub fn test_set(
    puzzle: Puzzle,
    set: &TestSet,
    methods: &[&str],
    random: RandomSpec,
) -> Result<Vec<TestCase>, CasesError> {
    let of_methods = |cases: Vec<TestCase>| -> Vec<TestCase> {
        cases.into_iter().filter(|c| methods.iter().any(|m| m.eq_ignore_ascii_case(&c.method))).collect()
    };
    let public = || puzzle.checked().public_cases();
    Ok(match set {
        TestSet::Public => of_methods(public()),
        TestSet::Random => random_cases(puzzle, random.n, random.seed, random.width, methods)?,
        TestSet::Edge => edge_cases(puzzle, methods)?,
        TestSet::Robustness => instance_cases(puzzle, methods, true)?,
        TestSet::All => {
            let mut cases = of_methods(public());
            cases.extend(random_cases(puzzle, random.n, random.seed, random.width, methods)?);
            cases.extend(edge_cases(puzzle, methods)?);
            cases
        }
        TestSet::Suite(dir) => {
            let cases = load_suite(dir)?;
            if let Some(c) = cases.iter().find(|c| c.puzzle != puzzle) {
                return Err(CasesError::Format {
                    path: dir.join(super::MANIFEST_FILE_NAME),
                    reason: format!("this is a {} suite, not a {puzzle} one", c.puzzle),
                });
            }
            of_methods(cases)
        }
    })
}

/// Every method (`bfs`, `dfs`, `ast`) or letter (`B` … `H`) of `puzzle`.
pub fn all_methods(puzzle: Puzzle) -> &'static [&'static str] {
    puzzle.checked().methods()
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
        let known = *known.ok_or_else(|| CasesError::unknown_method(puzzle, m, all_methods(puzzle).to_vec()))?;
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
) -> Result<Vec<TestCase>, CasesError> {
    puzzle.checked().random_cases(n, seed, width, methods)
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
pub fn edge_cases(puzzle: Puzzle, methods: &[&str]) -> Result<Vec<TestCase>, CasesError> {
    instance_cases(puzzle, methods, false)
}

/// The edge instances whose `robustness` flag is `robustness`, as in [`edge_cases`].
fn instance_cases(puzzle: Puzzle, methods: &[&str], robustness: bool) -> Result<Vec<TestCase>, CasesError> {
    let instances = puzzle.checked().edge_instances();
    let mut out = Vec::new();
    for mut instance in instances.into_iter().filter(|i| i.robustness == robustness) {
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
        let err = |p, name| methods_of(p, &m(&[name])).unwrap_err().to_string();
        assert_eq!(err(Puzzle::Digits, "bfs"), "unknown letter `bfs`: use one of B, D, I, G, A, H");
        assert_eq!(err(Puzzle::Npuzzle, "astar"), "unknown method `astar`: use one of bfs, dfs, ast");
    }

    #[test]
    fn test_sets_are_named_and_made_for_the_methods_asked() {
        assert_eq!(TestSet::parse("all").unwrap(), TestSet::All);
        assert!(matches!(TestSet::parse("no/such/folder"), Err(CasesError::UnknownSet(_))));
        let random = RandomSpec { n: 2, seed: 5, width: 3 };
        let public = test_set(Puzzle::Npuzzle, &TestSet::Public, &["ast"], random).unwrap();
        assert!(!public.is_empty() && public.iter().all(|c| c.method == "ast"));
        let all = test_set(Puzzle::Digits, &TestSet::All, &["H"], random).unwrap();
        let labelled = |label: &str| all.iter().filter(|c| c.labels.iter().any(|l| l == label)).count();
        assert_eq!(labelled("public"), test_set(Puzzle::Digits, &TestSet::Public, &["H"], random).unwrap().len());
        assert_eq!(all.iter().filter(|c| c.name.starts_with("random-")).count(), 2);
        assert!(all.iter().any(|c| c.name.starts_with("edge-")));
        let robust = test_set(Puzzle::Npuzzle, &TestSet::Robustness, &["bfs"], random).unwrap();
        assert_eq!(robust.iter().map(|c| c.name.as_str()).collect::<Vec<_>>(), ["edge-two-by-two-bfs"]);
        let default = test_set(Puzzle::Npuzzle, &TestSet::All, &["bfs"], random).unwrap();
        assert!(default.iter().all(|c| c.input.split(',').count() >= 9), "the default cases are m >= 3");
        let digits = test_set(Puzzle::Digits, &TestSet::All, &["B"], random).unwrap();
        assert!(digits.iter().all(|c| !c.input.contains(", ")), "forbidden lists as the handout writes them");
        assert_eq!(all, test_set(Puzzle::Digits, &TestSet::All, &["H"], random).unwrap(), "same seed, same cases");
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
