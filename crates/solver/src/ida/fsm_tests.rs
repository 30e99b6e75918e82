use std::collections::{HashMap, VecDeque};

use super::*;

// Move indices in Korf's order.
const U: usize = 0;
const L: usize = 1;
const R: usize = 2;
const D: usize = 3;

#[test]
fn two_moves_forbid_exactly_the_four_reversals() {
    let fsm = MoveFsm::new(2);
    assert_eq!(fsm.forbidden_strings(), 4);
    for a in 0..4 {
        for b in 0..4 {
            assert_eq!(fsm.accepts(&[a, b]), a + b != 3, "{a} then {b}");
        }
    }
}

#[test]
fn going_twice_round_a_square_is_forbidden_once_round_is_not() {
    // Round a 2×2 square the blank cycles its three tiles: twice clockwise is once anticlockwise,
    // four moves shorter and inside the same square.
    let fsm = MoveFsm::new(8);
    assert!(fsm.accepts(&[R, D, L, U]));
    assert!(fsm.accepts(&[R, D, L, U, R]));
    assert!(!fsm.accepts(&[R, D, L, U, R, D, L, U]));
    // Seven moves clockwise are five anticlockwise (the eight minus the last move).
    assert!(!fsm.accepts(&[R, D, L, U, R, D, L]));
    // Once round anticlockwise is the shorter equivalent and stays allowed.
    assert!(fsm.accepts(&[D, R, U, L]));
}

#[test]
fn a_straight_line_is_never_forbidden() {
    let fsm = shared(12);
    assert!(fsm.accepts(&[R; 12]));
    assert!(fsm.accepts(&[D, D, D, R, R, R, U, U, U]));
}

#[test]
fn depths_below_two_forbid_nothing() {
    assert_eq!(MoveFsm::new(0).max_len(), 1);
    assert_eq!(MoveFsm::new(1).forbidden_strings(), 0);
    assert!(MoveFsm::new(1).accepts(&[U, D, U, D]));
}

/// Breadth-first distances of every board within `depth` moves of `start` on a `w`×`w` board.
fn bfs(w: usize, start: Vec<u8>, depth: usize) -> HashMap<Vec<u8>, usize> {
    let mut dist = HashMap::from([(start.clone(), 0)]);
    let mut queue = VecDeque::from([start]);
    while let Some(b) = queue.pop_front() {
        let d = dist[&b];
        if d == depth {
            continue;
        }
        for m in 0..4 {
            if let Some(c) = slide(w, &b, m) {
                dist.entry(c.clone()).or_insert_with(|| {
                    queue.push_back(c);
                    d + 1
                });
            }
        }
    }
    dist
}

/// The board after the blank moves `m`, if it can.
fn slide(w: usize, b: &[u8], m: usize) -> Option<Vec<u8>> {
    let z = b.iter().position(|&t| t == 0)?;
    let (x, y) = ((z % w) as i32 + STEP[m].0, (z / w) as i32 + STEP[m].1);
    if x < 0 || y < 0 || x >= w as i32 || y >= w as i32 {
        return None;
    }
    let mut c = b.to_vec();
    c.swap(z, y as usize * w + x as usize);
    Some(c)
}

/// Every path the automaton accepts, up to `depth` moves: the shortest accepted length per board.
fn accepted(fsm: &MoveFsm, w: usize, start: Vec<u8>, depth: usize) -> HashMap<Vec<u8>, usize> {
    fn walk(fsm: &MoveFsm, w: usize, b: Vec<u8>, q: u32, g: usize, depth: usize, out: &mut HashMap<Vec<u8>, usize>) {
        let best = out.entry(b.clone()).or_insert(g);
        *best = (*best).min(g);
        if g == depth {
            return;
        }
        for m in 0..4 {
            let nq = fsm.next(q, m);
            if nq == DEAD {
                continue;
            }
            if let Some(c) = slide(w, &b, m) {
                walk(fsm, w, c, nq, g + 1, depth, out);
            }
        }
    }
    let mut out = HashMap::new();
    walk(fsm, w, start, MoveFsm::ROOT, 0, depth, &mut out);
    out
}

#[test]
fn every_board_keeps_a_shortest_path_on_small_boards() {
    // The automaton must leave, for every board near the start, a path as short as breadth-first
    // search's, whatever the blank's cell (corner, edge, centre) and the board's edges.
    let fsm = shared(12);
    for (w, blank, depth) in [(3, 0, 14), (3, 1, 14), (3, 4, 14), (4, 5, 11), (4, 0, 11)] {
        let mut start: Vec<u8> = (1..=(w * w) as u8).collect();
        start[w * w - 1] = start[blank];
        start[blank] = 0;
        let want = bfs(w, start.clone(), depth);
        let got = accepted(&fsm, w, start, depth);
        assert_eq!(got.len(), want.len(), "{w}×{w}, blank on {blank}: boards reached");
        for (b, d) in &want {
            assert_eq!(got.get(b), Some(d), "{w}×{w}, blank on {blank}: {b:?}");
        }
    }
}

#[test]
fn longer_strings_prune_more_paths() {
    // Paths of 12 moves from the centre of a 7×7 board accepted by each automaton.
    fn count(fsm: &MoveFsm, w: usize, b: &[u8], q: u32, left: usize) -> u64 {
        if left == 0 {
            return 1;
        }
        (0..4)
            .filter_map(|m| {
                let nq = fsm.next(q, m);
                (nq != DEAD).then(|| slide(w, b, m).map(|c| count(fsm, w, &c, nq, left - 1))).flatten()
            })
            .sum()
    }
    let mut b: Vec<u8> = (0..49).collect();
    b.swap(0, 24);
    let counts: Vec<u64> = [2, 6, 10, 12].map(|d| count(&shared(d), 7, &b, MoveFsm::ROOT, 12)).to_vec();
    assert!(counts.windows(2).all(|p| p[1] < p[0]), "{counts:?}");
    // Parent pruning alone: 4 · 3^11 paths where no edge is near (the centre of 7×7 is 3 away,
    // so edges do cut some of them).
    assert!(counts[0] < 4 * 3u64.pow(11));
}

/// The automaton for `max_len`, built once per test run and shared by its tests: under
/// cargo-nextest (every test a process of its own, `NEXTEST_RUN_ID` set) saved in a folder of
/// the run beside the test binary and read back as `searchlab solve` reads its cache (the
/// 12-move one takes 18 s to build unoptimised); under `cargo test`, built here. Never shared
/// between runs; folders of runs over an hour old are removed.
fn shared(max_len: usize) -> MoveFsm {
    let Ok(run) = std::env::var("NEXTEST_RUN_ID") else { return MoveFsm::new(max_len) };
    let exe = std::env::current_exe().unwrap();
    let root = exe.parent().unwrap().join("fsm-runs");
    for entry in std::fs::read_dir(&root).into_iter().flatten().flatten() {
        let age = entry.metadata().and_then(|m| m.modified()).ok().and_then(|t| t.elapsed().ok());
        if entry.file_name() != run.as_str() && age.is_some_and(|a| a.as_secs() > 3600) {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
    MoveFsm::load_or_build(max_len, &root.join(run))
}
