//! Property tests of the readers: they never panic, an output with no fault is exactly the
//! format, and the exact format reads back with no fault.

use proptest::prelude::*;
use searchlab_check::{read_digits, read_npuzzle, DigitsPath};
use searchlab_npuzzle::Direction;

fn number() -> impl Strategy<Value = String> {
    (0u32..1000).prop_map(|n| format!("{n:03}"))
}

fn direction() -> impl Strategy<Value = Direction> {
    prop::sample::select(Direction::ALL.to_vec())
}

/// Pieces of both formats, typical slips, noise and line ends.
const PIECES: &[&str] = &[
    "320",
    "45",
    "5",
    "0",
    ",",
    ", ",
    " ",
    "\n",
    "\r\n",
    "\t",
    "No solution found",
    ".",
    "Path:",
    "[",
    "]",
    "'",
    "\"",
    "Up",
    "u",
    "u'",
    "Rigth",
    "x",
    "_",
    "path_to_goal",
    "cost_of_path",
    ":",
    ": ",
    "=",
    "0.00188088",
    "1e-5",
    "\u{0}",
    "é",
];

/// Text that looks like program output: pieces of both formats, noise and line ends.
fn output_like() -> impl Strategy<Value = String> {
    let piece = prop::sample::select(PIECES.to_vec());
    prop::collection::vec(piece, 0..40).prop_map(|p| p.concat())
}

const DIGITS: &str = "320,220,210,110\n320,310,210,220,210,110\n";
const NPUZZLE: &str = "path_to_goal: ['Up', 'Left', 'Left']\ncost_of_path: 3\nnodes_expanded: 10\nsearch_depth: 3\n\
                       max_search_depth: 4\nrunning_time: 0.00188088\nmax_ram_usage: 0.07812500\n";

/// An exact output with one or two small slips: a few characters replaced by a typical piece.
fn slipped(exact: &'static str) -> impl Strategy<Value = String> {
    let piece = prop::sample::select([&[""], PIECES].concat());
    prop::collection::vec((0..exact.len(), 0usize..3, piece), 1..3).prop_map(move |slips| {
        let mut text = exact.to_owned();
        for (at, len, piece) in slips {
            let boundary = |mut i: usize| {
                i = i.min(text.len());
                while !text.is_char_boundary(i) {
                    i -= 1;
                }
                i
            };
            let (at, end) = (boundary(at), boundary(at + len));
            text.replace_range(at..end, piece);
        }
        text
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn small_slips_are_named(digits in slipped(DIGITS), npuzzle in slipped(NPUZZLE)) {
        let d = read_digits(&digits);
        prop_assert!(d.faults.iter().all(|f| f.name() != "unexpected-format"), "{:?}: {:?}", digits, d.faults);
        let exact = d.exact_text();
        if d.is_exact() {
            prop_assert_eq!(exact.trim_end_matches('\n'), digits.strip_suffix('\n').unwrap_or(&digits));
        }
        let n = read_npuzzle(&npuzzle);
        prop_assert!(n.faults.iter().all(|f| f.name() != "unexpected-format"), "{:?}: {:?}", npuzzle, n.faults);
        let exact = n.exact_text();
        if n.is_exact() {
            prop_assert_eq!(exact.trim_end_matches('\n'), npuzzle.strip_suffix('\n').unwrap_or(&npuzzle));
        }
    }

    #[test]
    fn readers_never_panic_on_bytes(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        let text = String::from_utf8_lossy(&bytes);
        let _ = read_digits(&text);
        let _ = read_npuzzle(&text);
    }

    #[test]
    fn no_fault_means_exact(text in output_like()) {
        let digits = read_digits(&text);
        if digits.is_exact() {
            let exact = digits.exact_text();
            prop_assert_eq!(exact.trim_end_matches('\n'), text.strip_suffix('\n').unwrap_or(&text));
        }
        let npuzzle = read_npuzzle(&text);
        if npuzzle.is_exact() {
            let exact = npuzzle.exact_text();
            prop_assert_eq!(exact.trim_end_matches('\n'), text.strip_suffix('\n').unwrap_or(&text));
        }
    }

    #[test]
    fn exact_digits_round_trip(
        path in prop::option::of(prop::collection::vec(number(), 1..30)),
        expanded in prop::collection::vec(number(), 1..200),
    ) {
        let line1 = path.as_ref().map_or_else(|| "No solution found.".to_owned(), |p| p.join(","));
        let text = format!("{line1}\n{}\n", expanded.join(","));
        let r = read_digits(&text);
        prop_assert!(r.faults.is_empty(), "{:?}", r.faults);
        prop_assert_eq!(r.path, path.map_or(DigitsPath::NoSolution, DigitsPath::Path));
        prop_assert_eq!(r.expanded, Some(expanded.clone()));
        // The commonest slip, spaces after the commas, still reads the same numbers.
        let spaced = read_digits(&text.replace(',', ", "));
        prop_assert_eq!(spaced.expanded, Some(expanded.clone()));
        if expanded.len() > 1 {
            prop_assert!(spaced.faults.iter().any(|f| f.name() == "spaces-between-numbers"));
        }
    }

    #[test]
    fn exact_npuzzle_round_trip(
        path in prop::collection::vec(direction(), 0..60),
        counts in prop::array::uniform4(0u64..10_000_000),
        fringe in prop::option::of((0u64..100_000, 0u64..100_000)),
        time in 0.0f64..1000.0,
        ram in 0.0f64..10_000.0,
    ) {
        let list: Vec<String> = path.iter().map(|d| format!("'{}'", d.name())).collect();
        let mut text = format!("path_to_goal: [{}]\ncost_of_path: {}\nnodes_expanded: {}\n", list.join(", "), path.len(), counts[0]);
        if let Some((f, m)) = fringe {
            text += &format!("fringe_size: {f}\nmax_fringe_size: {m}\n");
        }
        text += &format!("search_depth: {}\nmax_search_depth: {}\n", counts[1], counts[2]);
        text += &format!("running_time: {time:.8}\nmax_ram_usage: {ram:.8}\n");
        let r = read_npuzzle(&text);
        prop_assert!(r.faults.is_empty(), "{:?}", r.faults);
        prop_assert_eq!(r.path_to_goal.as_ref(), Some(&path));
        prop_assert_eq!(r.cost_of_path, Some(path.len() as u64));
        prop_assert_eq!((r.nodes_expanded, r.search_depth, r.max_search_depth), (Some(counts[0]), Some(counts[1]), Some(counts[2])));
        prop_assert_eq!((r.fringe_size, r.max_fringe_size), (fringe.map(|f| f.0), fringe.map(|f| f.1)));
        prop_assert_eq!(r.exact_text(), text);
    }
}
