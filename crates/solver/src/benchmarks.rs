//! The benchmark suites shipped in the crate (`data/`: Korf's 100 15-puzzles, Korf & Felner's 50
//! 24-puzzles, with their published optimal lengths) and their file format: one board per line
//! (`t0,t1,…` then an optional `# id=N opt=L …` comment), `#` lines are comments; optimal-length
//! files hold `id length` per line.

use searchlab_npuzzle::Board;

use crate::error::BenchmarkError;

/// A benchmark suite shipped with the crate (goal: blank first, `0,1,2,…`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Suite {
    /// Korf (1985): 100 random 15-puzzles.
    Korf100,
    /// Korf & Felner (2002): 50 random 24-puzzles.
    Korf50x24,
}

impl Suite {
    /// The suite called `korf100` or `korf50-24`.
    pub fn from_name(name: &str) -> Result<Suite, BenchmarkError> {
        match name {
            "korf100" => Ok(Suite::Korf100),
            "korf50-24" => Ok(Suite::Korf50x24),
            other => Err(BenchmarkError::UnknownSuite(other.to_string())),
        }
    }

    /// The instance file's text.
    pub fn instances_text(self) -> &'static str {
        match self {
            Suite::Korf100 => include_str!("../data/korf100.txt"),
            Suite::Korf50x24 => include_str!("../data/korf50-24.txt"),
        }
    }

    /// The optimal-lengths file's text.
    pub fn optima_text(self) -> &'static str {
        match self {
            Suite::Korf100 => include_str!("../data/korf100-opt.txt"),
            Suite::Korf50x24 => include_str!("../data/korf50-24-opt.txt"),
        }
    }

    /// The instances.
    pub fn instances(self) -> Vec<BenchmarkInstance> {
        parse_instances(self.instances_text()).expect("the shipped suites parse")
    }

    /// The published optimal lengths, as `(id, length)`.
    pub fn optima(self) -> Vec<(usize, usize)> {
        parse_optima(self.optima_text()).expect("the shipped suites parse")
    }
}

/// One benchmark instance.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BenchmarkInstance {
    /// 1-based id (as in the file's `id=` tag, else the line's rank).
    pub id: usize,
    /// The start board.
    pub start: Board,
}

/// Parses an instance file.
pub fn parse_instances(text: &str) -> Result<Vec<BenchmarkInstance>, BenchmarkError> {
    let mut out = Vec::new();
    for (lineno, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (board, comment) = line.split_once('#').unwrap_or((line, ""));
        let start =
            Board::parse(board).map_err(|e| BenchmarkError::Line { line: lineno + 1, message: e.to_string() })?;
        let id = comment
            .split_whitespace()
            .find_map(|w| w.strip_prefix("id=").and_then(|v| v.parse().ok()))
            .unwrap_or(out.len() + 1);
        out.push(BenchmarkInstance { id, start });
    }
    Ok(out)
}

/// A suite read from a file of boards ([`parse_suite_file`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SuiteFile {
    /// The instances, in the file's order.
    pub instances: Vec<BenchmarkInstance>,
    /// The optimal lengths given by `opt=` tags, as `(id, length)`.
    pub optima: Vec<(usize, usize)>,
}

/// Parses a suite file given by the user: one board per line (optionally followed by `# id=N
/// opt=L`), `#` comment lines and blank lines skipped. Every board must have the width of the first, be solvable for the
/// blank-first goal (`0,1,2,…`) and have its own id; errors name the line.
pub fn parse_suite_file(text: &str) -> Result<SuiteFile, BenchmarkError> {
    let mut instances: Vec<BenchmarkInstance> = Vec::new();
    let mut lines: Vec<usize> = Vec::new();
    let mut optima = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let (lineno, line) = (i + 1, line.trim());
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = |message: String| BenchmarkError::Line { line: lineno, message };
        let (board, comment) = line.split_once('#').unwrap_or((line, ""));
        let start = Board::parse(board).map_err(|e| bad(e.to_string()))?;
        let tag = |name: &str| -> Result<Option<usize>, BenchmarkError> {
            let value = comment.split_whitespace().find_map(|w| w.strip_prefix(name));
            value.map(|v| v.parse().map_err(|_| bad(format!("bad {name} tag {v:?}: expected a number")))).transpose()
        };
        let id = tag("id=")?.unwrap_or(instances.len() + 1);
        if let Some(first) = instances.first() {
            if start.width() != first.start.width() {
                let (w, first_w) = (start.width(), first.start.width());
                return Err(bad(format!(
                    "a {w}×{w} board, but the first board (line {}) is {first_w}×{first_w}",
                    lines[0]
                )));
            }
        }
        if let Some(k) = instances.iter().position(|inst| inst.id == id) {
            return Err(bad(format!("id {id} again (first on line {})", lines[k])));
        }
        let goal = Board::goal(start.width()).map_err(|e| bad(e.to_string()))?;
        if !searchlab_npuzzle::is_solvable(&start, &goal) {
            return Err(bad("unsolvable: its parity differs from the blank-first goal's".into()));
        }
        if let Some(opt) = tag("opt=")? {
            optima.push((id, opt));
        }
        instances.push(BenchmarkInstance { id, start });
        lines.push(lineno);
    }
    if instances.is_empty() {
        return Err(BenchmarkError::NoBoards);
    }
    Ok(SuiteFile { instances, optima })
}

/// Parses an optimal-lengths file (`id length` per line, `#` comments) into `(id, length)` pairs.
pub fn parse_optima(text: &str) -> Result<Vec<(usize, usize)>, BenchmarkError> {
    let mut out = Vec::new();
    for (lineno, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut it = line.split_whitespace().map(str::parse::<usize>);
        match (it.next(), it.next()) {
            (Some(Ok(id)), Some(Ok(len))) => out.push((id, len)),
            _ => return Err(BenchmarkError::Line { line: lineno + 1, message: "expected `id length`".into() }),
        }
    }
    Ok(out)
}

/// Parses an id selection such as `1-10,25` (1-based, inclusive ranges) of a suite whose ids
/// are `1..=max`; an id outside is refused before any range is expanded.
pub fn parse_ids(text: &str, max: usize) -> Result<Vec<usize>, BenchmarkError> {
    let mut out = Vec::new();
    for part in text.split(',') {
        let part = part.trim();
        let bad = || BenchmarkError::Ids(part.to_string());
        match part.split_once('-') {
            Some((a, b)) => {
                let (a, b): (usize, usize) =
                    (a.trim().parse().map_err(|_| bad())?, b.trim().parse().map_err(|_| bad())?);
                if a > b {
                    return Err(bad());
                }
                if let Some(&id) = [a, b].iter().find(|&&id| id == 0 || id > max) {
                    return Err(BenchmarkError::IdOutOfRange { id, max });
                }
                out.extend(a..=b);
            }
            None => {
                let id = part.parse().map_err(|_| bad())?;
                if id == 0 || id > max {
                    return Err(BenchmarkError::IdOutOfRange { id, max });
                }
                out.push(id);
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_files_and_ids() {
        let t = "# comment\n1,2,3,0 # id=7 opt=3\n\n0,1,2,3\n";
        let v = parse_instances(t).unwrap();
        assert_eq!(v[0], BenchmarkInstance { id: 7, start: Board::parse("1,2,3,0").unwrap() });
        assert_eq!(v[1].id, 2);
        assert_eq!(parse_optima("# x\n1 57\n2 55\n").unwrap(), vec![(1, 57), (2, 55)]);
        assert!(parse_optima("1\n").is_err());
        assert_eq!(parse_ids("1-3,7", 100).unwrap(), vec![1, 2, 3, 7]);
        assert!(parse_ids("3-1", 100).is_err());
        assert!(parse_ids("a", 100).is_err());
        assert_eq!(parse_ids("0", 100), Err(BenchmarkError::IdOutOfRange { id: 0, max: 100 }));
        assert_eq!(parse_ids("101", 100), Err(BenchmarkError::IdOutOfRange { id: 101, max: 100 }));
        let huge = parse_ids("1-18446744073709551615", 100);
        assert_eq!(huge, Err(BenchmarkError::IdOutOfRange { id: usize::MAX, max: 100 }));
    }

    #[test]
    fn suite_files_are_checked_line_by_line() {
        let SuiteFile { instances: v, optima: opt } =
            parse_suite_file("# mine\n1,0,2,3 # opt=1\n\n2,1,0,3 # id=9\n").unwrap();
        assert_eq!(v.iter().map(|i| i.id).collect::<Vec<_>>(), vec![1, 9]);
        assert_eq!(opt, vec![(1, 1)]);
        // The shipped suite is a valid suite file with the same instances and optima.
        let SuiteFile { instances: korf, optima: opt } = parse_suite_file(Suite::Korf100.instances_text()).unwrap();
        assert_eq!((korf, opt.len()), (Suite::Korf100.instances(), 100));
        for (text, line, says) in [
            ("1,0,2,3\n\n1,2,x\n", 3, "x"),
            ("1,0,2,3\n# c\n0,1,2,3,4,5,6,7,8\n", 3, "first board (line 1)"),
            ("1,0,2,3 # id=4\n0,1,2,3 # id=4\n", 2, "id 4 again (first on line 1)"),
            ("0,2,1,3\n", 1, "unsolvable"),
            ("0,1,2,3 # id=two\n", 1, "bad id= tag"),
            ("0,1,2,3 # opt=\n", 1, "bad opt= tag"),
        ] {
            let err = parse_suite_file(text).unwrap_err();
            let msg = err.to_string();
            assert!(matches!(err, BenchmarkError::Line { line: l, .. } if l == line), "{text:?}: {msg}");
            assert!(msg.contains(says) && !msg.contains('\n'), "{text:?}: {msg}");
        }
        assert!(parse_suite_file("# nothing\n\n").unwrap_err().to_string().contains("no boards"));
    }

    #[test]
    fn shipped_suites_have_every_optimum() {
        for (suite, count, width) in [(Suite::Korf100, 100, 4), (Suite::Korf50x24, 50, 5)] {
            let instances = suite.instances();
            let optima = suite.optima();
            assert_eq!((instances.len(), optima.len()), (count, count));
            assert!(instances.iter().all(|i| i.start.width() == width && optima.iter().any(|o| o.0 == i.id)));
        }
        assert!(Suite::from_name("korf999").is_err());
    }
}
