//! The first divergence: the first item whose value differs from the expected one, and for
//! a list (expanded nodes, moves) the first differing entry with its neighbours.

use crate::read::fault::Item;

/// How many entries of each list are shown on each side of the first difference.
pub const CONTEXT: usize = 3;

/// The first differing entry of two lists and the entries around it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct SequenceDivergence {
    /// 0-based index of the first entry that differs (or that one list lacks).
    pub index: usize,
    /// The expected entry there (`None`: the expected list ends before it).
    pub expected: Option<String>,
    /// The program's entry there (`None`: the program's list ends before it).
    pub got: Option<String>,
    /// 0-based index of the first entry of both windows.
    pub window_start: usize,
    /// The expected entries from `window_start`, up to [`CONTEXT`] past `index`.
    pub expected_window: Vec<String>,
    /// The program's entries from `window_start`, up to [`CONTEXT`] past `index`.
    pub got_window: Vec<String>,
    /// Length of the expected list.
    pub expected_len: usize,
    /// Length of the program's list.
    pub got_len: usize,
}

/// The first difference between `expected` and `got`, with `context` entries on each side;
/// `None` when the lists are equal.
///
/// ```
/// use searchlab_check::first_difference;
/// let e: Vec<String> = "320 220 420 310 330".split(' ').map(String::from).collect();
/// let g: Vec<String> = "320 220 310 420".split(' ').map(String::from).collect();
/// let d = first_difference(&e, &g, 1).unwrap();
/// assert_eq!((d.index, d.expected.as_deref(), d.got.as_deref()), (2, Some("420"), Some("310")));
/// assert_eq!((d.window_start, d.expected_window.len(), d.got_window.len()), (1, 3, 3));
/// ```
pub fn first_difference(expected: &[String], got: &[String], context: usize) -> Option<SequenceDivergence> {
    let index = expected
        .iter()
        .zip(got)
        .position(|(e, g)| e != g)
        .or_else(|| (expected.len() != got.len()).then(|| expected.len().min(got.len())))?;
    let window_start = index.saturating_sub(context);
    let window = |list: &[String]| -> Vec<String> {
        list.iter().skip(window_start).take(index + context + 1 - window_start).cloned().collect()
    };
    Some(SequenceDivergence {
        index,
        expected: expected.get(index).cloned(),
        got: got.get(index).cloned(),
        window_start,
        expected_window: window(expected),
        got_window: window(got),
        expected_len: expected.len(),
        got_len: got.len(),
    })
}

/// The first item whose value differs from the expected one.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Divergence {
    /// The item.
    pub item: Item,
    /// The expected value, as the exact format writes it.
    pub expected: String,
    /// The program's value as read leniently (`None`: missing or unreadable).
    pub got: Option<String>,
    /// For a list, where in it the difference starts.
    pub at: Option<SequenceDivergence>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(s: &str) -> Vec<String> {
        s.split(',').filter(|t| !t.is_empty()).map(String::from).collect()
    }

    #[test]
    fn equal_lists_do_not_diverge() {
        assert_eq!(first_difference(&list("1,2,3"), &list("1,2,3"), 3), None);
        assert_eq!(first_difference(&[], &[], 3), None);
    }

    #[test]
    fn difference_in_the_middle_with_context_on_both_sides() {
        let d = first_difference(&list("a,b,c,d,e,f,g,h,i"), &list("a,b,c,d,e,x,y,z,w"), 2).unwrap();
        assert_eq!(d.index, 5);
        assert_eq!((d.expected.as_deref(), d.got.as_deref()), (Some("f"), Some("x")));
        assert_eq!(d.window_start, 3);
        assert_eq!(d.expected_window, list("d,e,f,g,h"));
        assert_eq!(d.got_window, list("d,e,x,y,z"));
        assert_eq!((d.expected_len, d.got_len), (9, 9));
    }

    #[test]
    fn one_list_a_prefix_of_the_other() {
        let d = first_difference(&list("a,b,c"), &list("a,b,c,d,e"), 3).unwrap();
        assert_eq!((d.index, d.expected, d.got.as_deref()), (3, None, Some("d")));
        assert_eq!(d.window_start, 0);
        assert_eq!(d.expected_window, list("a,b,c"));
        assert_eq!(d.got_window, list("a,b,c,d,e"));
        let d = first_difference(&list("a"), &[], 3).unwrap();
        assert_eq!((d.index, d.expected.as_deref(), d.got), (0, Some("a"), None));
    }
}
