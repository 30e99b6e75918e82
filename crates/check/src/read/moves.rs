//! Reading the `path_to_goal` list leniently: `['Up', 'Left']` as Python prints it, and what
//! real programs write instead.

use searchlab_npuzzle::Direction;

use crate::read::fault::FormatFault;

/// Reads a `path_to_goal` value (without its key). `None` when a move cannot be read.
/// Faults come once each, in the order found.
pub(crate) fn read_moves(value: &str) -> Option<(Vec<Direction>, Vec<FormatFault>)> {
    let mut faults = Vec::new();
    let add = |f: FormatFault, faults: &mut Vec<FormatFault>| {
        if !faults.contains(&f) {
            faults.push(f);
        }
    };
    let v = value.trim();
    let inner = match v.strip_prefix('[').and_then(|v| v.strip_suffix(']')) {
        Some(inner) => inner,
        None => {
            add(FormatFault::MissingBrackets, &mut faults);
            v.strip_prefix('(').and_then(|v| v.strip_suffix(')')).unwrap_or(v)
        }
    };
    let mut path = Vec::new();
    if inner.trim().is_empty() {
        if !inner.is_empty() {
            add(FormatFault::ListSpacing, &mut faults);
        }
        return Some((path, faults));
    }
    for (i, part) in inner.split(',').enumerate() {
        let spaced_right =
            if i == 0 { part == part.trim() } else { part.starts_with(' ') && part[1..] == *part.trim() };
        if !spaced_right {
            add(FormatFault::ListSpacing, &mut faults);
        }
        let words: Vec<&str> = part.split_whitespace().collect();
        if words.len() > 1 {
            add(FormatFault::ListSpacing, &mut faults);
        }
        if words.is_empty() {
            // `['Up',]` or `,,`: an empty item.
            add(FormatFault::ListSpacing, &mut faults);
        }
        for word in words {
            let (direction, word_faults) = read_move(word)?;
            for f in word_faults {
                add(f, &mut faults);
            }
            path.push(direction);
        }
    }
    Some((path, faults))
}

/// One quoted move: `'Up'`, `"Up"`, `u'Up'`, `Up`, `'up'`, `'U'`, `'Rigth'`.
fn read_move(word: &str) -> Option<(Direction, Vec<FormatFault>)> {
    let mut faults = Vec::new();
    let unprefixed = word.strip_prefix('u').filter(|w| w.starts_with(['\'', '"'])).unwrap_or(word);
    let inner = unprefixed.strip_prefix('\'').and_then(|w| w.strip_suffix('\''));
    let single = inner.is_some_and(|w| !w.contains(['\'', '"']));
    if unprefixed.len() != word.len() || !single {
        faults.push(FormatFault::QuoteStyle);
    }
    let name = unprefixed.trim_matches(|c| c == '\'' || c == '"');
    if let Some(d) = Direction::ALL.into_iter().find(|d| d.name() == name) {
        return Some((d, faults));
    }
    if let Some(d) = Direction::ALL.into_iter().find(|d| d.name().eq_ignore_ascii_case(name)) {
        faults.push(FormatFault::MoveCase(name.to_owned(), d.name()));
        return Some((d, faults));
    }
    let mut letters = name.chars();
    if let (Some(c), None) = (letters.next(), letters.next()) {
        let d = Direction::from_letter(c)?;
        faults.push(FormatFault::MoveLetters);
        return Some((d, faults));
    }
    let d = nearest(name, Direction::ALL.iter().map(|d| (d.name(), *d)))?;
    faults.push(FormatFault::MisspelledMove(name.to_owned(), d.name()));
    Some((d, faults))
}

/// The candidate closest to `word` (ignoring case) if it is close enough (one edit, two for
/// words of four letters or more) and no other candidate is as close.
pub(crate) fn nearest<T: Copy>(word: &str, candidates: impl Iterator<Item = (&'static str, T)>) -> Option<T> {
    let word = word.to_lowercase();
    let mut scored: Vec<(usize, T)> =
        candidates.map(|(name, t)| (edit_distance(&word, &name.to_lowercase()), t)).collect();
    scored.sort_by_key(|(d, _)| *d);
    let (best, t) = *scored.first()?;
    let allowed = if word.chars().count() >= 4 { 2 } else { 1 };
    let unique = scored.get(1).is_none_or(|(second, _)| *second > best);
    (best <= allowed && unique).then_some(t)
}

/// Edits (insert, delete, substitute, swap two neighbours) between `a` and `b`.
pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j] + 1).min(d[i][j - 1] + 1).min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use Direction::*;

    fn names(faults: &[FormatFault]) -> Vec<&'static str> {
        faults.iter().map(FormatFault::name).collect()
    }

    #[test]
    fn exact_lists_have_no_faults() {
        assert_eq!(read_moves("['Up', 'Left', 'Left']"), Some((vec![Up, Left, Left], vec![])));
        assert_eq!(read_moves("[]"), Some((vec![], vec![])));
        assert_eq!(read_moves("['Down', 'Right']"), Some((vec![Down, Right], vec![])));
    }

    #[test]
    fn every_lenient_form_is_named() {
        let table: [(&str, Vec<Direction>, Vec<&str>); 11] = [
            (r#"["Up", "Left"]"#, vec![Up, Left], vec!["quote-style"]),
            ("[u'Up', u'Left']", vec![Up, Left], vec!["quote-style"]),
            ("[Up, Left]", vec![Up, Left], vec!["quote-style"]),
            ("['Up','Left']", vec![Up, Left], vec!["list-spacing"]),
            ("[ 'Up' ,  'Left' ]", vec![Up, Left], vec!["list-spacing"]),
            ("'Up', 'Left'", vec![Up, Left], vec!["missing-brackets"]),
            ("Up Left", vec![Up, Left], vec!["missing-brackets", "list-spacing", "quote-style"]),
            ("['up', 'LEFT']", vec![Up, Left], vec!["move-case", "move-case"]),
            ("['U', 'L']", vec![Up, Left], vec!["move-letters"]),
            ("['Up', 'Rigth']", vec![Up, Right], vec!["misspelled-move"]),
            ("[ ]", vec![], vec!["list-spacing"]),
        ];
        for (text, path, expected) in table {
            let (got, faults) = read_moves(text).unwrap_or_else(|| panic!("{text}"));
            assert_eq!((got, names(&faults)), (path, expected), "{text}");
        }
        let (_, faults) = read_moves("['Up', 'Rigth']").unwrap();
        assert_eq!(faults[0].to_string(), "a misspelled move: Rigth");
        assert_eq!(faults[0], FormatFault::MisspelledMove("Rigth".into(), "Right"));
    }

    #[test]
    fn unreadable_moves_are_none() {
        for text in ["['Up', 'Sideways']", "['X']", "['Up', 'Lft', 'Bogus']", "[1, 2]", "['']"] {
            assert_eq!(read_moves(text), None, "{text}");
        }
        assert_eq!(read_moves("['Lft']").map(|(p, _)| p), Some(vec![Left]));
    }

    #[test]
    fn distances() {
        assert_eq!(edit_distance("rigth", "right"), 1);
        assert_eq!(edit_distance("", "up"), 2);
        assert_eq!(edit_distance("down", "down"), 0);
        assert_eq!(edit_distance("lfet", "left"), 1);
        assert_eq!(nearest("Dwn", [("Down", 1), ("Up", 2)].into_iter()), Some(1));
        assert_eq!(nearest("xyz", [("Down", 1), ("Up", 2)].into_iter()), None);
    }
}
