"""The 2017 edition of the N-puzzle driver and the 2012 dialect of the 3-digit puzzle.

Expected figures: the 2017 spec's Example #1 (bfs, fringe 11 / max 12) and Example #2 (dfs,
fringe 2 / max 42913); every fringe figure of ``tests/data/npuzzle/reference_expected.tsv``;
``ida``'s path length against the reference's BFS (optimal) and its counts worked out by hand
(crates/npuzzle/tests/ida_2017.rs); the 2012 files of ``tests/data/threedigits/variant-2012``.
"""

from __future__ import annotations

import csv
from typing import Dict, List

import pytest

from searchlab import digits, npuzzle

from conftest import DATA

SPEC = [1, 2, 5, 3, 4, 0, 6, 7, 8]


@pytest.mark.parametrize("edition", [2017, "2017"])
def test_example_1_has_nine_lines(edition: object) -> None:
    result = npuzzle.run("bfs", SPEC, edition=edition)  # type: ignore[arg-type]
    assert (result.fringe_size, result.max_fringe_size, result.edition) == (11, 12, 2017)
    lines = result.output.splitlines()
    assert len(lines) == 9
    assert lines[2:6] == ["nodes_expanded: 10", "fringe_size: 11", "max_fringe_size: 12", "search_depth: 3"]
    assert list(result.as_dict())[2:5] == ["nodes_expanded", "fringe_size", "max_fringe_size"]


def test_example_2_dfs() -> None:
    result = npuzzle.run("dfs", SPEC, edition=2017)
    assert (result.nodes_expanded, result.fringe_size, result.max_fringe_size) == (181437, 2, 42913)


def test_the_default_edition_keeps_seven_lines() -> None:
    result = npuzzle.run("bfs", SPEC)
    assert (result.fringe_size, result.max_fringe_size, result.edition) == (None, None, 2020)
    assert len(result.output.splitlines()) == 7
    assert "fringe_size" not in result.as_dict()
    assert npuzzle.run("bfs", SPEC, edition=2020).output.splitlines()[:5] == result.output.splitlines()[:5]


def test_bad_editions_and_ida_outside_2017() -> None:
    for edition in [2018, "1999", True, 2017.0]:
        with pytest.raises(ValueError):
            npuzzle.run("bfs", SPEC, edition=edition)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        npuzzle.run("ida", SPEC)


def _reference() -> List[Dict[str, str]]:
    with open(DATA / "npuzzle" / "reference_expected.tsv", newline="") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def test_every_fringe_figure_of_the_reference() -> None:
    checked = 0
    for row in _reference():
        if row["variant"] == "fifo,decrease-key" or not row["fringe_size_2017"]:
            continue  # run() has no decrease-key switch; DFS on three 4x4 boards has no figure
        board = [int(t) for t in row["board"].split(",")]
        result = npuzzle.run(row["method"], board, edition=2017)
        got = (result.fringe_size, result.max_fringe_size)
        assert got == (int(row["fringe_size_2017"]), int(row["max_fringe_size_2017"])), row
        checked += 1
    assert checked == 29 + 26 + 29


def test_ida_is_optimal_and_counts_as_worked_out_by_hand() -> None:
    result = npuzzle.run("IDA", SPEC, edition=2017)
    assert (result.method, result.path_to_goal, result.nodes_expanded) == ("ida", ["Up", "Left", "Left"], 3)
    assert (result.fringe_size, result.max_fringe_size, result.max_search_depth) == (0, 1, 3)
    for row in _reference():
        if row["method"] == "bfs" and len(row["board"].split(",")) == 9:
            board = [int(t) for t in row["board"].split(",")]
            assert npuzzle.run("ida", board, edition="2017").cost_of_path == int(row["cost_of_path"]), row


def _variant_2012() -> List[tuple]:
    root = DATA / "threedigits" / "variant-2012"
    cases = []
    for case in sorted(p for p in root.iterdir() if (p / "input.txt").is_file()):
        lines = [line.strip() for line in (case / "input.txt").read_text().splitlines()]
        forbidden = [n for n in lines[2].split(",") if n] if len(lines) > 2 else []
        for letter in "BDIGAH":
            expected = (case / f"expected-{letter}.txt").read_text().splitlines()
            cases.append((case.name, letter, lines[0], lines[1], forbidden, expected))
    return cases


@pytest.mark.parametrize("name,letter,start,goal,forbidden,expected", _variant_2012())
def test_the_2012_dialect(
    name: str, letter: str, start: str, goal: str, forbidden: List[str], expected: List[str]
) -> None:
    path, expanded = digits.solve(letter, start, goal, forbidden, dialect=2012)
    if expected == ["Depth limit reached"]:
        # The 2012 program printed only this line at the limit.
        assert path is None and len(expanded) == 1000
    elif expected[0] == "":
        # An empty first line: the fringe ran empty.
        assert path is None and ",".join(expanded) == expected[1]
    else:
        assert path is not None and ",".join(path) == expected[0]
        assert ",".join(expanded) == expected[1]


def test_the_2012_dialect_by_name_and_bad_dialects() -> None:
    assert digits.solve("H", 320, 110, dialect="2012") == (["320", "310", "210"], ["320", "310", "210"])
    assert digits.solve("H", 320, 110, dialect="current") == (None, ["320", "310", "210"])
    for dialect in ["2013", True, 20.12]:
        with pytest.raises(ValueError):
            digits.solve("B", 320, 110, dialect=dialect)  # type: ignore[arg-type]
