//! The replay door's tests: every kind of puzzle through the same four calls.

use super::*;

fn request(puzzle: &str, algorithm: &str, fields: &[(&str, &str)]) -> ReplayRequest {
    ReplayRequest {
        puzzle: puzzle.into(),
        algorithm: algorithm.into(),
        fields: fields.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
    }
}

fn local(replay: Replay) -> LocalRecording {
    match replay {
        Replay::Local(r) => r,
        Replay::Path(r) => panic!("a path recording of {}", r.algorithm),
    }
}

#[test]
fn local_requests_are_read_as_the_command_line_reads_them() {
    let rec = local(replay(&request("queens", "hill", &[("n", "8"), ("seed", "7"), ("sideways", "5")]), None).unwrap());
    assert_eq!(rec.command, "searchlab search queens hill --n 8 --sideways 5 --seed 7");
    // Empty fields take the command line's defaults: 8 queens, seed 1, no sideways move.
    let rec =
        local(replay(&request("queens", "annealing", &[("n", ""), ("seed", ""), ("sideways", "3")]), None).unwrap());
    assert_eq!(rec.command, "searchlab search queens annealing --seed 1");
    for (algorithm, fields, words) in [
        ("hill", vec![("n", "3")], "4 to 64"),
        ("hill", vec![("seed", "-1")], "seed -1"),
        ("hill", vec![("sideways", "10001")], "0 to 10000"),
        ("hill", vec![("board", "1")], "unknown field `board`: the n-queens reads n, seed, sideways"),
        ("climb", vec![], "unknown strategy `climb`"),
    ] {
        let err = replay(&request("queens", algorithm, &fields), None).unwrap_err();
        assert!(err.to_string().contains(words), "{err}");
    }
}

#[test]
fn every_kind_of_puzzle_is_recorded_through_the_same_call() {
    let digits = replay(&request("digits", "B", &[("start", "320"), ("goal", "110")]), None).unwrap();
    assert!(matches!(&digits, Replay::Path(r) if r.algorithm == "BFS"));
    let ida = replay(&request(ida::NAME, "ida", &[("tiles", "1,2,3,0,4,5,6,7,8,9,10,11,12,13,14,15")]), None);
    assert!(matches!(ida, Ok(Replay::Path(_))), "{ida:?}");
    let err = replay(&request(ida::NAME, "ida", &[("board", "1")]), None).unwrap_err();
    assert_eq!(err.to_string(), "unknown field `board`: the 15-puzzle reads tiles");
    let err = replay(&request("digits", "annealing", &[("start", "320"), ("goal", "110")]), None).unwrap_err();
    assert!(err.to_string().starts_with("unknown strategy `annealing` for the 3-digit puzzle"), "{err}");
    let err = replay(&request("chess", "B", &[]), None).unwrap_err();
    assert!(err.to_string().starts_with("unknown puzzle `chess`"), "{err}");
    // Serialized, a local run says its kind and a path run does not.
    assert!(serde_json::to_string(&digits).unwrap().starts_with("{\"puzzle\":\"digits\""));
    let queens = replay(&request("queens", "hill", &[("n", "8")]), None).unwrap();
    assert!(serde_json::to_string(&queens).unwrap().starts_with("{\"kind\":\"local\""));
}

#[test]
fn random_instances_are_drawn_from_the_seed() {
    assert_eq!(random("queens", 1_000_005).unwrap(), [("seed", "5".to_string())]);
    let digits = random("digits", 3).unwrap();
    assert_eq!(digits, random("digits", 3).unwrap());
    assert!(digits.iter().any(|(name, _)| *name == "start"), "{digits:?}");
    assert_eq!(random(ida::NAME, 0).unwrap().len(), 1);
    assert!(random("chess", 1).is_err());
}

#[test]
fn a_path_search_trace_is_not_replayed_here() {
    let err = replay_trace(&request("digits", "B", &[]), "{}").unwrap_err();
    assert!(err.to_string().contains("the page replays its trace itself"), "{err}");
}

#[test]
fn both_panes_are_exported_under_the_puzzles_title() {
    let left = request("digits", "B", &[("start", "320"), ("goal", "110"), ("forbidden", "")]);
    let right = ReplayRequest { algorithm: "A".into(), ..left.clone() };
    let page = replay_page(&[left, right], &[], None).unwrap();
    assert!(page.contains("<title>BFS and A* on the 3-digit puzzle, 320 → 110</title>"), "{}", &page[..400]);
    assert_eq!(page.matches("\"algorithm\":\"BFS\"").count(), 1);
    assert_eq!(page.matches("\"algorithm\":\"A*\"").count(), 1);
}

#[test]
fn two_heuristics_side_by_side_are_labelled_with_them() {
    let left = request("npuzzle", "astar", &[("board", "1,5,6,3,0,4,7,8,2"), ("heuristic", "misplaced")]);
    let mut right = left.clone();
    right.fields.insert("heuristic".into(), "manhattan".into());
    let page = replay_page(&[left, right], &["heuristic"], None).unwrap();
    let title = "A*, heuristic misplaced and A*, heuristic manhattan on the 8-puzzle";
    assert!(page.contains(title), "{}", &page[..400]);
    assert_eq!(page.matches("\"algorithm\":\"A*\"").count(), 2);
}

#[test]
fn a_local_search_is_exported_with_its_seed_and_both_runs() {
    let left = request("queens", "hill", &[("n", "8"), ("seed", "7"), ("sideways", "")]);
    let right = ReplayRequest { algorithm: "annealing".into(), ..left.clone() };
    let page = replay_page(&[left.clone(), right], &[], None).unwrap();
    let title =
        "<title>Hill-climbing (steepest ascent) and Simulated annealing on the n-queens, queens (n) 8, seed 7</title>";
    assert!(page.contains(title), "{}", &page[..400]);
    assert_eq!(page.matches("\"kind\":\"local\"").count(), 2 + 1, "two recordings and the puzzle's listing");
    let bad = request("queens", "hill", &[("n", "8"), ("seed", "x")]);
    let error = replay_page(&[bad], &[], None).unwrap_err();
    assert!(error.to_string().contains("seed x"), "{error}");
    let error = replay_page(&[left], &["seed"], None).unwrap_err();
    assert!(error.to_string().contains("path searches"), "{error}");
    assert!(replay_page(&[], &[], None).is_err());
}
