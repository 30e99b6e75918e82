//! Benchmark instance files: one board per line (`t0,t1,…` then an optional `# id=N opt=L …`
//! comment), `#` lines are comments; optimal-length files hold `id length` per line.

/// One benchmark instance.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Instance {
    /// 1-based id (as in the file's `id=` tag, else the line's rank).
    pub id: usize,
    /// Tiles, row-major, 0 = blank.
    pub tiles: Vec<u8>,
}

/// Parses an instance file.
pub fn parse_instances(text: &str) -> Result<Vec<Instance>, String> {
    let mut out = Vec::new();
    for (lineno, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (board, comment) = line.split_once('#').unwrap_or((line, ""));
        let tiles = crate::puzzle::parse_tiles(board).map_err(|e| format!("line {}: {e}", lineno + 1))?;
        let id = comment
            .split_whitespace()
            .find_map(|w| w.strip_prefix("id=").and_then(|v| v.parse().ok()))
            .unwrap_or(out.len() + 1);
        out.push(Instance { id, tiles });
    }
    Ok(out)
}

/// Parses an optimal-lengths file (`id length` per line, `#` comments) into `(id, length)` pairs.
pub fn parse_optima(text: &str) -> Result<Vec<(usize, usize)>, String> {
    let mut out = Vec::new();
    for (lineno, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut it = line.split_whitespace().map(str::parse::<usize>);
        match (it.next(), it.next()) {
            (Some(Ok(id)), Some(Ok(len))) => out.push((id, len)),
            _ => return Err(format!("line {}: expected `id length`", lineno + 1)),
        }
    }
    Ok(out)
}

/// Parses an id selection such as `1-10,25` (1-based, inclusive ranges).
pub fn parse_ids(text: &str) -> Result<Vec<usize>, String> {
    let mut out = Vec::new();
    for part in text.split(',') {
        let part = part.trim();
        let bad = || format!("bad id selection {part:?}: expected e.g. 1-10,25");
        match part.split_once('-') {
            Some((a, b)) => {
                let (a, b): (usize, usize) =
                    (a.trim().parse().map_err(|_| bad())?, b.trim().parse().map_err(|_| bad())?);
                if a > b {
                    return Err(bad());
                }
                out.extend(a..=b);
            }
            None => out.push(part.parse().map_err(|_| bad())?),
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
        assert_eq!(v[0], Instance { id: 7, tiles: vec![1, 2, 3, 0] });
        assert_eq!(v[1].id, 2);
        assert_eq!(parse_optima("# x\n1 57\n2 55\n").unwrap(), vec![(1, 57), (2, 55)]);
        assert!(parse_optima("1\n").is_err());
        assert_eq!(parse_ids("1-3,7").unwrap(), vec![1, 2, 3, 7]);
        assert!(parse_ids("3-1").is_err());
        assert!(parse_ids("a").is_err());
    }
}
