//! Audits the edge set and searches for instances that reveal the named rules it lacks, for
//! `data/edge-*.json`. For every edge instance, prints the labels that do not change the
//! answer of one of its cases (to fix by hand); then, for every variant no instance reveals,
//! searches seeded random instances (3-digit: start, goal and up to six forbidden numbers;
//! N-puzzle: boards a random walk away from the goal) and prints, per variant, the first
//! instance and the letters or methods on which the variant changes the answer. Run once,
//! result committed:
//!
//! ```sh
//! cargo run -p searchlab-check --example find_edge_cases
//! ```
//!
//! With `--repair`, prints instead each puzzle's instances regrouped so that every case
//! carries exactly the labels it reveals: each instance's letters or methods are grouped by
//! the labels that change their answer (labels that are not variant names stay on every
//! case); methods whose case reveals none of the labels are dropped; the first group left keeps
//! the instance's name, the others are named `NAME-METHODS`.
//!
//! With `--split PUZZLE METHOD A B` (`A`, `B`: rules joined by `+`), prints the first random
//! instances (up to five) on which the rules `A` change the reference's answer and the rules `B`
//! answer otherwise: cases that tell apart two explanations one output matched alike, e.g.
//! `--split npuzzle ast rldu-successors explored-only+path-from-overwritten-parent-map`.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use searchlab_check::cases::{
    all_methods, answers_differ, digits_instance_text, edge_digits, edge_npuzzle, variant_changes, EdgeInstance, Puzzle,
};
use searchlab_check::{all_variants, find_variant, PuzzleKind};
use searchlab_npuzzle::{Board, Direction};

/// A random instance of `puzzle`.
fn random_instance(puzzle: Puzzle, rng: &mut ChaCha8Rng) -> String {
    match puzzle {
        Puzzle::Digits => {
            let start: u16 = rng.random_range(0..1000);
            let goal: u16 = rng.random_range(0..1000);
            let count = rng.random_range(0..=6);
            let forbidden: Vec<u16> =
                (0..count).map(|_| rng.random_range(0..1000)).filter(|&f| f != start && f != goal).collect();
            digits_instance_text(start, goal, &forbidden)
        }
        Puzzle::Npuzzle => {
            let mut board = Board::goal(3).expect("3x3");
            for _ in 0..rng.random_range(2..24) {
                if let Some(next) = board.slide(Direction::ALL[rng.random_range(0..4)]) {
                    board = next;
                }
            }
            let cells: Vec<String> = board.tiles().iter().map(u8::to_string).collect();
            cells.join(",")
        }
    }
}

/// `--repair`: the instances regrouped by the labels each method's case reveals.
fn repair(puzzle: Puzzle, kind: PuzzleKind, edge: &[EdgeInstance]) -> Vec<serde_json::Value> {
    let mut out = Vec::new();
    for e in edge {
        let mut groups: Vec<(Vec<String>, Vec<String>)> = Vec::new();
        for m in &e.methods {
            let labels: Vec<String> = e
                .reveals
                .iter()
                .filter(|label| match find_variant(kind, label) {
                    Some(v) => variant_changes(puzzle, v, m, &e.input).expect("a valid instance") == Some(true),
                    None => true,
                })
                .cloned()
                .collect();
            match groups.iter_mut().find(|(l, _)| *l == labels) {
                Some((_, methods)) => methods.push(m.clone()),
                None => groups.push((labels, vec![m.clone()])),
            }
        }
        groups.retain(|(labels, _)| !labels.is_empty());
        for (i, (labels, methods)) in groups.into_iter().enumerate() {
            let name = if i == 0 { e.name.clone() } else { format!("{}-{}", e.name, methods.join("").to_lowercase()) };
            let key = if puzzle == Puzzle::Digits { "letters" } else { "methods" };
            out.push(serde_json::json!({
                "name": name, "input": e.input, key: methods, "reveals": labels, "note": e.note,
            }));
        }
    }
    out
}

/// `--split`: instances where the rules `a` show and the rules `b` answer otherwise.
fn split(args: &[String]) {
    let [puzzle, method, a, b] = args else {
        eprintln!("usage: find_edge_cases --split PUZZLE METHOD RULE[+RULE...] RULE[+RULE...]");
        std::process::exit(2);
    };
    let (puzzle, kind) = match puzzle.as_str() {
        "npuzzle" => (Puzzle::Npuzzle, PuzzleKind::Npuzzle),
        _ => (Puzzle::Digits, PuzzleKind::Digits),
    };
    let rules = |names: &str| -> Vec<_> {
        names.split('+').map(|n| find_variant(kind, n).unwrap_or_else(|| panic!("no rule {n}"))).collect()
    };
    let (a, b) = (rules(a), rules(b));
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let (mut found, mut shown) = (0, 0);
    for _ in 0..50_000 {
        let input = random_instance(puzzle, &mut rng);
        let differ = |x: &[_], y: &[_]| answers_differ(puzzle, x, y, method, &input).unwrap_or(false);
        if !differ(&a, &[]) {
            continue;
        }
        shown += 1;
        if differ(&a, &b) {
            println!("{input:?}");
            found += 1;
            if found == 5 {
                return;
            }
        }
    }
    println!("{found} found; the rules A changed the answer on {shown} instances");
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().is_some_and(|a| a == "--split") {
        split(&args[1..]);
        return;
    }
    if std::env::args().any(|a| a == "--repair") {
        for (puzzle, kind, edge) in [
            (Puzzle::Npuzzle, PuzzleKind::Npuzzle, edge_npuzzle()),
            (Puzzle::Digits, PuzzleKind::Digits, edge_digits()),
        ] {
            let instances = repair(puzzle, kind, &edge);
            println!("{}", serde_json::to_string_pretty(&instances).expect("JSON"));
        }
        return;
    }
    for (puzzle, kind, edge) in
        [(Puzzle::Npuzzle, PuzzleKind::Npuzzle, edge_npuzzle()), (Puzzle::Digits, PuzzleKind::Digits, edge_digits())]
    {
        println!("== {puzzle}");
        for e in &edge {
            let bad = e.unrevealed(puzzle).expect("a valid instance");
            if !bad.is_empty() {
                println!("{}: labels that change nothing: {bad:?}", e.name);
            }
        }
        let mut rng = ChaCha8Rng::seed_from_u64(2026);
        for v in all_variants().filter(|v| v.puzzle == kind) {
            let revealed = edge.iter().any(|e| e.reveals_variant(puzzle, v).expect("a valid instance"));
            if revealed {
                continue;
            }
            let found = (0..20_000).find_map(|_| {
                let input = random_instance(puzzle, &mut rng);
                let methods: Vec<&str> = all_methods(puzzle)
                    .iter()
                    .copied()
                    .filter(|m| variant_changes(puzzle, v, m, &input).expect("a valid instance") == Some(true))
                    .collect();
                (!methods.is_empty()).then_some((input, methods))
            });
            match found {
                Some((input, methods)) => println!("{}: {input:?} on {methods:?}", v.name),
                None => println!("{}: no instance found ({})", v.name, v.cannot_show),
            }
        }
    }
}
