"""Your own Problem seen in the notebook: trace files and the replay page, checked in Chromium."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any, List, Tuple

import pytest

import searchlab
from searchlab import Problem
from test_replay import recordings


class Jugs(Problem):
    """The water jugs (4 and 3 litres): measure 2 litres in the big jug."""

    def actions(self, s: Tuple[int, int]) -> List[str]:
        return ["fill 4", "fill 3", "empty 4", "empty 3", "pour 4 into 3", "pour 3 into 4"]

    def result(self, s: Tuple[int, int], a: str) -> Tuple[int, int]:
        big, small = s
        if a == "fill 4":
            return (4, small)
        if a == "fill 3":
            return (big, 3)
        if a == "empty 4":
            return (0, small)
        if a == "empty 3":
            return (big, 0)
        if a == "pour 4 into 3":
            moved = min(big, 3 - small)
            return (big - moved, small + moved)
        moved = min(small, 4 - big)
        return (big + moved, small - moved)

    def is_goal(self, s: Tuple[int, int]) -> bool:
        return s[0] == 2

    def draw(self, s: Tuple[int, int]) -> str:
        bars = "".join(
            f'<rect x="{10 + 30 * i}" y="{50 - 10 * v}" width="20" height="{10 * v}" class="water"/>'
            for i, v in enumerate(s)
        )
        return f'<svg xmlns="http://www.w3.org/2000/svg" width="80" height="60">{bars}</svg>'


def test_a_trace_file_follows_the_trace_format(tmp_path: Path) -> None:
    trace = tmp_path / "jugs.jsonl"
    found = searchlab.search(Jugs((0, 0)), "bfs", trace=trace)
    run, *events = [json.loads(line) for line in trace.read_text().splitlines()]
    # The run line names no puzzle the replay page has: the page refuses the file in one line
    # instead of replaying it under another puzzle's rules.
    assert run == {"type": "run", "puzzle": "problem", "strategy": "bfs", "instance": {}}
    assert events[0] == {"type": "start", "state": {"label": "(0,0)", "svg": Jugs((0, 0)).draw((0, 0))}}
    selected = [e for e in events if e["type"] == "selected"]
    assert len(selected) == found.selected
    finished = events[-1]
    assert finished["type"] == "finished" and finished["kind"] == "found"
    assert finished["stats"]["expanded"] == found.expanded
    # Two litres take six moves at least (fill 4, pour 4 into 3, empty 3, pour 4 into 3, fill 4,
    # pour 4 into 3 ends at (2, 3); starting with the 3-litre jug ends at (2, 0)); BFS tries
    # "fill 4" first.
    assert found.states[-1] == (2, 3) and len(found.actions) == 6


def test_a_failed_search_leaves_no_trace_and_an_earlier_one_intact(tmp_path: Path) -> None:
    trace = tmp_path / "jugs.jsonl"
    trace.write_text("earlier\n")

    class Broken(Jugs):
        def is_goal(self, s: Tuple[int, int]) -> bool:
            raise RuntimeError("broken goal test")

    with pytest.raises(RuntimeError, match="broken goal test"):
        searchlab.search(Broken((0, 0)), "bfs", trace=trace)
    assert trace.read_text() == "earlier\n"
    assert [p.name for p in tmp_path.iterdir()] == ["jugs.jsonl"]


def test_the_replay_page_carries_both_searches_drawn_by_the_problem() -> None:
    page = searchlab.replay(Jugs((0, 0)), "astar", compare="bfs")
    astar, bfs = recordings(page.html)
    assert (astar["algorithm"], bfs["algorithm"], astar["puzzle"]) == ("A*", "BFS", "Jugs")
    bfs_run = searchlab.search(Jugs((0, 0)), "bfs")
    assert bfs["trace"]["finished"]["stats"]["expanded"] == bfs_run.expanded
    assert bfs["cli"].splitlines()[0] == "path: " + ", ".join(str(s).replace(", ", ",") for s in bfs_run.states)
    assert "<svg" in json.dumps(bfs["trace"])
    with pytest.raises(TypeError, match="takes no instance fields"):
        searchlab.replay(Jugs((0, 0)), "bfs", board=[1])
    with pytest.raises(ValueError, match="unknown strategy 'a-star'"):
        searchlab.replay(Jugs((0, 0)), "a-star")


def chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    if os.environ.get("SEARCHLAB_SKIP_BROWSER") == "1":
        pytest.skip("SEARCHLAB_SKIP_BROWSER=1: no browser test")
    pytest.fail("no chromium on PATH (install Debian's chromium, or set SEARCHLAB_SKIP_BROWSER=1)")


def test_the_saved_page_replays_in_chromium(tmp_path: Path) -> None:
    page = tmp_path / "jugs.html"
    searchlab.replay(Jugs((0, 0)), "bfs", compare="astar").save(page)
    out = subprocess.run(
        [chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=10000",
         f"--user-data-dir={tmp_path / 'profile'}", "--dump-dom", f"file://{page}#end"],
        capture_output=True, text=True, timeout=120,
    )
    dom = out.stdout
    assert 'data-state="ready"' in dom, out.stderr[-2000:]
    # Both panes at the end: each shows its title, the path found, and the last state drawn by
    # the problem's own SVG (two water bars).
    assert "BFS on Jugs" in dom and "A* on Jugs" in dom
    assert dom.count('class="water"') >= 2
    assert "The replayed counters match the engine" in dom
