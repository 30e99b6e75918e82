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
