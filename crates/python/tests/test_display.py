"""Results display themselves in a notebook: _repr_html_ shows the boards, the path and the counters."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from typing import List

import searchlab
from searchlab import npuzzle


class Cells(HTMLParser):
    """Collects the text of every <td> of the first board table."""

    def __init__(self) -> None:
        super().__init__()
        self.tables = 0
        self.cells: List[str] = []
        self._in_td = False

    def handle_starttag(self, tag: str, attrs: list) -> None:
        if tag == "table" and ("class", "searchlab-board") in attrs:
            self.tables += 1
        if tag == "td" and self.tables == 1:
            self._in_td = True
            self.cells.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag == "td":
            self._in_td = False

    def handle_data(self, data: str) -> None:
        if self._in_td and self.tables == 1:
            self.cells[-1] += data


def test_run_result_html_shows_board_path_and_counters() -> None:
    result = npuzzle.run("bfs", [1, 2, 5, 3, 4, 0, 6, 7, 8])
    page = result._repr_html_()
    parser = Cells()
    parser.feed(page)
    assert parser.tables == 2  # start and goal
    assert parser.cells == ["1", "2", "5", "3", "4", "", "6", "7", "8"]  # the blank is empty
    assert "Up, Left, Left" in page and "3 moves" in page
    for counter in ("nodes_expanded</td><td>10", "max_search_depth</td><td>4", "cost_of_path</td><td>3"):
        assert counter in page


def test_solution_html_and_a_long_path_is_shortened() -> None:
    solution = searchlab.solve([8, 6, 7, 2, 5, 4, 3, 0, 1], heuristic="manhattan")
    page = solution._repr_html_()
    assert f"{solution.length} moves" in page and solution.heuristic in page
    long_run = npuzzle.run("dfs", [6, 1, 8, 4, 0, 2, 7, 3, 5])
    page = long_run._repr_html_()
    assert "46142 moves" in page and re.search(r"\.\.\. \d+ more \.\.\.", page)
    assert len(page) < 10_000


def test_as_dict_and_str() -> None:
    result = npuzzle.run("ast", [1, 2, 5, 3, 4, 0, 6, 7, 8])
    d = result.as_dict()
    assert list(d) == [
        "path_to_goal", "cost_of_path", "nodes_expanded", "search_depth",
        "max_search_depth", "running_time", "max_ram_usage",
    ]
    assert d["path_to_goal"] == ["Up", "Left", "Left"] and d["nodes_expanded"] == 3
    assert str(result) == result.output and result.output.count("\n") == 7
    assert result.output.startswith("path_to_goal: ['Up', 'Left', 'Left']\ncost_of_path: 3\n")
