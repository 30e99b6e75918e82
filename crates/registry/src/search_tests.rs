//! The registry's search door ([`crate::RegisteredPuzzle::search`]) on every path-search
//! puzzle and strategy: the path, its cost and the selected states as `searchlab search`
//! reports them.

use searchlab_core::FinishKind;
use searchlab_trace::search_run::SearchSettings;

use super::tests::Lcg;
use crate::{path_puzzle as puzzle, path_puzzles};

fn fields_of<'a>(fields: &'a [(&'static str, String)]) -> impl Fn(&str) -> String + 'a {
    move |name| fields.iter().find(|(n, _)| *n == name).map(|(_, v)| v.clone()).unwrap_or_default()
}

#[test]
fn every_strategy_of_every_puzzle_reports_a_path_that_matches_its_moves() {
    let mut rng = Lcg(5);
    for p in path_puzzles() {
        for _ in 0..3 {
            let fields = p.random(&mut rng);
            for entry in p.strategies() {
                let run = p.search(&fields_of(&fields), entry.name, SearchSettings::default()).unwrap();
                let what = format!("{} {} {fields:?}", p.name(), entry.name);
                assert_eq!(run.expanded.len() as u64, run.stats.selected, "{what}");
                assert_eq!(run.expanded_words.len(), run.expanded.len(), "{what}");
                let fields_back: Vec<(&str, String)> =
                    run.instance.iter().map(|(k, v)| (k.as_str(), v.as_str().unwrap().to_string())).collect();
                assert_eq!(fields_back.len(), p.fields().len(), "{what}");
                if run.finish != FinishKind::Found {
                    assert!(run.path.is_none() && run.cost.is_none(), "{what}");
                    continue;
                }
                let path = run.path_words.as_ref().unwrap();
                assert_eq!(path.len(), run.moves.len() + 1, "{what}");
                assert_eq!(run.path.as_ref().unwrap().len(), path.len(), "{what}");
                assert!(run.cost.is_some(), "{what}");
            }
        }
    }
}

#[test]
fn romania_by_astar_is_the_textbook_run_with_the_states_as_city_names() {
    let field = |name: &str| if name == "from" { "Arad".to_string() } else { "Bucharest".to_string() };
    let run = puzzle("romania").unwrap().search(&field, "astar", SearchSettings::default()).unwrap();
    let json = serde_json::to_value(&run).unwrap();
    assert_eq!(json["path"], serde_json::json!(["Arad", "Sibiu", "Rimnicu Vilcea", "Pitesti", "Bucharest"]));
    assert_eq!(
        json["expanded"],
        serde_json::json!(["Arad", "Sibiu", "Rimnicu Vilcea", "Fagaras", "Pitesti", "Bucharest"])
    );
    assert_eq!((&json["cost"], &json["finish"], &json["algorithm"]), (&418.into(), &"found".into(), &"A*".into()));
    assert_eq!(json["instance"], serde_json::json!({"from": "Arad", "to": "Bucharest"}));
    assert_eq!(json["answer"]["cost"], 418);
    assert!(json.get("path_words").is_none());
}

#[test]
fn the_smaller_limit_applies_and_a_board_path_has_its_boards() {
    let digits = puzzle("digits").unwrap();
    let field = |name: &str| match name {
        "start" => "320".to_string(),
        "goal" => "110".to_string(),
        _ => String::new(),
    };
    let limited = SearchSettings { expansion_limit: Some(3), ..Default::default() };
    let run = digits.search(&field, "B", limited).unwrap();
    assert_eq!((run.finish, run.expanded_words.len()), (FinishKind::ExpansionLimit, 3));
    let run = digits.search(&field, "A", SearchSettings { expansion_limit: Some(5000), ..Default::default() });
    let run = run.unwrap();
    assert_eq!(run.path_words.unwrap(), ["320", "220", "210", "110"]);
    assert_eq!(run.expanded_words, ["320", "310", "210", "220", "210", "110"]);
    let board = |name: &str| if name == "board" { "1,2,5,3,4,0,6,7,8".to_string() } else { String::new() };
    let run = puzzle("npuzzle").unwrap().search(&board, "bfs", SearchSettings::default()).unwrap();
    assert_eq!(run.path_words.unwrap(), ["125/34_/678", "12_/345/678", "1_2/345/678", "_12/345/678"]);
    assert_eq!((run.cost, run.moves.len()), (Some(3), 3));
    assert_eq!(serde_json::to_string(&run.path.unwrap()[0]).unwrap(), "[1,2,5,3,4,0,6,7,8]");
}

#[test]
fn the_strategy_is_checked_before_the_instance() {
    let romania = puzzle("romania").unwrap();
    let err = romania.search(&|_| "Paris".to_string(), "ida", SearchSettings::default()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "unknown strategy `ida` for the Romania road map: use one of bfs, dfs, ids, ucs, greedy, astar, weighted-astar, beam, bidirectional, bidirectional-ucs, rbfs, ils"
    );
    let err = romania.search(&|_| "Paris".to_string(), "bfs", SearchSettings::default()).unwrap_err();
    assert!(err.to_string().starts_with("`from`: unknown city `Paris`"), "{err}");
}
