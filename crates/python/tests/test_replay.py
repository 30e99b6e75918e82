"""A recorded search replays inside the notebook: one HTML page with the web app's replay
code embedded (no server), shown in an iframe; results also display as SVG boards."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import searchlab
from searchlab import npuzzle


def recordings(page: str) -> list:
    found = re.search(r'<script type="application/json" id="recordings">(.*?)</script>', page, re.S)
    assert found, "the page carries its recordings"
    return json.loads(found.group(1))["recordings"]


def test_a_3_digit_replay_carries_both_searches_and_no_server_address() -> None:
    r = searchlab.replay("digits", "B", start=320, goal=110, compare="A")
    first, second = recordings(r.html)
    # The spec's example (README): BFS and A* both find 320,220,210,110.
    assert first["cli"].splitlines()[0] == "320,220,210,110"
    assert (first["algorithm"], second["algorithm"]) == ("BFS", "A*")
    assert first["trace"]["finished"]["stats"]["selected"] == 23
    assert "src=" not in r.html and "/api/" not in r.html.split('id="recordings"')[0]
    assert "function drawTree" in r.html and "EventSource.compact" in r.html


def test_the_notebook_shows_it_in_a_sandboxed_iframe_and_it_saves(tmp_path: Path) -> None:
    r = searchlab.replay("npuzzle", "ast", board=[8, 6, 4, 2, 1, 3, 5, 7, 0])
    frame = r._repr_html_()
    assert frame.startswith("<iframe srcdoc=\"") and 'sandbox="allow-scripts"' in frame
    assert "<script" not in frame and "&lt;script" in frame
    assert recordings(r.html)[0]["answer"]["nodes_expanded"] == 1585
    path = tmp_path / "replay.html"
    r.save(path)
    assert path.read_text(encoding="utf-8") == r.html


def test_bad_requests_raise_python_errors() -> None:
    with pytest.raises(searchlab.UnsolvableError):
        searchlab.replay("npuzzle", "ast", board=[1, 0, 2, 3, 4, 5, 6, 8, 7])
    with pytest.raises(ValueError, match="unknown strategy"):
        searchlab.replay("digits", "Q", start=320, goal=110)
    with pytest.raises(ValueError, match="unknown puzzle"):
        searchlab.replay("chess", "B")
    with pytest.raises(ValueError, match="unknown field"):
        searchlab.replay("digits", "B", start=320, board="1")


def test_results_display_as_svg_boards() -> None:
    svg = npuzzle.run("bfs", [1, 2, 5, 3, 4, 0, 6, 7, 8])._repr_svg_()
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    tiles = re.findall(r'font-weight="bold">(\d+)</text>', svg)
    assert tiles == ["1", "2", "5", "3", "4", "6", "7", "8"]
    assert "bfs: 3 moves, 10 expanded" in svg


def test_instance_fields_take_python_values() -> None:
    r = searchlab.replay("digits", "B", start=320, goal=110, forbidden=[220, 330])
    path, expanded = searchlab.digits.solve("B", 320, 110, forbidden=[220, 330])
    assert path is not None
    assert recordings(r.html)[0]["cli"].splitlines() == [",".join(path), ",".join(expanded)]


def test_the_queens_replay_runs_local_search_move_by_move_from_the_seed() -> None:
    r = searchlab.replay("queens", "hill", compare="annealing", n=8, seed=7)
    hill, annealing = recordings(r.html)
    assert (hill["kind"], annealing["kind"]) == ("local", "local")
    assert "<title>Hill-climbing (steepest ascent) and Simulated annealing on the n-queens, queens (n) 8, seed 7</title>" in r.html
    # Seed 7's start, counted by hand: columns 0-3 on row 1 (6 pairs), columns 5 and 7 on
    # row 5 (1), and five diagonal pairs: 12.
    assert hill["frames"][0] == {"event": "start", "value": 12, "drawing": 0, "words": "1,1,1,1,2,5,0,5"}
    assert annealing["frames"][0]["words"] == "1,1,1,1,2,5,0,5"
    moves = [f for f in hill["frames"] if f["event"] == "move"]
    assert len(moves) == hill["result"]["steps"] and hill["result"]["solved"] is False
    assert all(a["value"] > b["value"] for a, b in zip(moves, moves[1:]))
    assert annealing["result"]["solved"] is True and annealing["frames"][-1]["reason"] == "solved"
    assert hill["command"] == "searchlab search queens hill --n 8 --seed 7"
    with pytest.raises(ValueError, match="unknown strategy"):
        searchlab.replay("queens", "bfs", n=8)
    with pytest.raises(ValueError, match="4 to 64"):
        searchlab.replay("queens", "hill", n=3)
    with pytest.raises(ValueError, match="unknown field `board`"):
        searchlab.replay("queens", "hill", board="1")


def test_every_registered_puzzle_and_strategy_replays_from_its_examples() -> None:
    # The registries the command line and the web app read: a puzzle registered there is here.
    assert {"digits", "npuzzle", "romania", "queens"} <= set(searchlab.PUZZLES)
    assert searchlab.PUZZLES["queens"]["kind"] == "local"
    for name, puzzle in searchlab.PUZZLES.items():
        examples = {field: value for field, value in puzzle["fields"].items() if value}
        for strategy in puzzle["strategies"]:
            page = searchlab.replay(name, strategy, **examples).html
            (recording,) = recordings(page)
            assert recording.get("kind", "path") == ("local" if puzzle["kind"] == "local" else "path")
            assert f"on the {puzzle['title']}" in page.split("</title>")[0], (name, strategy)


def test_the_8_puzzle_replay_takes_a_goal_and_a_heuristic_by_name() -> None:
    # aima-python's goal (blank last); its tests say 1,2,3,4,5,7,8,6,0 is 12 moves from it.
    aima = [1, 2, 3, 4, 5, 6, 7, 8, 0]
    r = searchlab.replay("npuzzle", "astar", board=[1, 2, 3, 4, 5, 7, 8, 6, 0], goal=aima, compare="ida")
    for run in recordings(r.html):
        assert run["answer"]["cost_of_path"] == 12, run["strategy"]
    # Misplaced tiles never exceeds Manhattan distance: A* with it selects at least as many nodes.
    board = [1, 5, 6, 3, 0, 4, 7, 8, 2]
    h1, h2 = (
        recordings(searchlab.replay("npuzzle", "astar", board=board, heuristic=name).html)[0]
        for name in ("misplaced", "manhattan")
    )
    assert h1["answer"]["cost_of_path"] == h2["answer"]["cost_of_path"] == 16
    assert h1["answer"]["nodes_expanded"] > h2["answer"]["nodes_expanded"]
    with pytest.raises(ValueError, match="unknown heuristic `h3`"):
        searchlab.replay("npuzzle", "astar", board=board, heuristic="h3")
    assert searchlab.PUZZLES["npuzzle"]["fields"]["heuristic"] == "manhattan"


def test_the_15_puzzle_is_replayed_like_the_8_puzzle() -> None:
    # Three slides of the blank to the right from the goal 0..15: by hand, Left, Left, Left back.
    board = [1, 2, 3, 0] + list(range(4, 16))
    for strategy in ("bfs", "astar", "ida", "bidirectional"):
        (run,) = recordings(searchlab.replay("npuzzle", strategy, board=board).html)
        assert run["answer"]["path_to_goal"] == ["Left", "Left", "Left"], strategy
    with pytest.raises(ValueError, match="up to 4x4"):
        searchlab.replay("npuzzle", "astar", board=list(range(25)))


def test_two_heuristics_are_replayed_side_by_side_and_labelled() -> None:
    board = [1, 5, 6, 3, 0, 4, 7, 8, 2]
    page = searchlab.replay(
        "npuzzle", "astar", board=board, heuristic="misplaced", compare_fields={"heuristic": "manhattan"}
    ).html
    h1, h2 = recordings(page)
    assert (h1["label"], h2["label"]) == ("A*, heuristic misplaced", "A*, heuristic manhattan")
    assert h1["answer"]["cost_of_path"] == h2["answer"]["cost_of_path"] == 16
    # Misplaced tiles never exceed Manhattan distance: A* with h1 expands more (630 against 114 here).
    assert h1["answer"]["nodes_expanded"] > h2["answer"]["nodes_expanded"]
    assert "A*, heuristic misplaced" in page.split("</title>")[0]
    # The default heuristic is named when the first pane leaves it out; another algorithm may be named too.
    first, second = recordings(
        searchlab.replay("npuzzle", "astar", board=board, compare="ida", compare_fields={"heuristic": "misplaced"}).html
    )
    assert (first["label"], second["label"]) == ("A*, heuristic manhattan", "IDA*, heuristic misplaced")
    with pytest.raises(ValueError, match="unknown heuristic"):
        searchlab.replay("npuzzle", "astar", board=board, compare_fields={"heuristic": "h9"})


def test_pattern_databases_are_a_heuristic_by_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The tables are built into the user's cache folder: here a temporary one.
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    board = [5, 3, 2, 8, 0, 4, 7, 1, 6]
    (bfs,) = recordings(searchlab.replay("npuzzle", "bfs", board=board).html)
    assert bfs["answer"]["cost_of_path"] == 24  # breadth-first: the shortest path
    ida, astar = (
        recordings(searchlab.replay("npuzzle", name, board=board, heuristic="pdb-4-4").html)[0]
        for name in ("ida", "astar")
    )
    # Admissible: IDA* stays optimal. Not consistent: A*'s graph search may not, and says why.
    assert ida["answer"]["cost_of_path"] == 24
    assert astar["answer"]["cost_of_path"] > 24
    assert astar["note"].startswith("The heuristic pdb-4-4 is admissible but not consistent")
    assert list((tmp_path / "searchlab" / "pdb").glob("pdb-3x3-*"))
    with pytest.raises(ValueError, match="options of `searchlab solve`"):
        searchlab.replay("npuzzle", "astar", board=board, heuristic="pdb-4-4+dual")
